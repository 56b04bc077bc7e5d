import WidgetSupport
import WidgetTime

/// One year of an exchange's sessions, built once from its description and then
/// read-only (so shared between threads without locks).
final class YearTable: Sendable {
    let year: Int
    /// Local day number of January 1.
    let firstDay: Int64
    /// Sessions in order.
    let sessions: [Session]
    /// For each day of the year, the index of its session in `sessions`, or -1.
    let sessionIndex: [Int16]
    /// Weekdays without a session, with the reason.
    let closures: [Closure]

    init(year: Int, exchange: ExchangeDescription, zone: ZoneRules) {
        self.year = year
        let first = CivilTime.days(year: year, month: 1, day: 1)
        let end = CivilTime.days(year: year + 1, month: 1, day: 1)
        firstDay = first
        // A margin either side so early closes can shift across the year's edge.
        let margin: Int64 = 14
        let closed = HolidayResolver(exchange: exchange).closures(year: year, firstDay: first - margin, endDay: end + margin)
        let weekend = exchange.weekend
        func isTradingDay(_ day: Int64) -> Bool { !weekend.contains(day: day) && closed[day] == nil }

        var earlyClose: [Int64: Int] = [:]
        for rule in exchange.earlyCloses {
            for ruleYear in (year - 1)...(year + 1) where rule.years.contains(ruleYear) {
                guard let base = rule.date.day(in: ruleYear), rule.onlyOn.contains(day: base) else { continue }
                var day = base
                switch rule.shift {
                case .none:
                    break
                case .previousTradingDay:
                    while !isTradingDay(day) && base - day < margin { day -= 1 }
                case .nextTradingDay:
                    while !isTradingDay(day) && day - base < margin { day += 1 }
                }
                guard day >= first, day < end, isTradingDay(day) else { continue }
                earlyClose[day] = min(earlyClose[day] ?? rule.close, rule.close)
            }
        }
        var special: [Int64: SpecialHours] = [:]
        for s in exchange.specialHours {
            let day = s.date.dayNumber
            if day >= first && day < end { special[day] = s }
        }

        var sessions: [Session] = []
        var index = [Int16](repeating: -1, count: Int(end - first))
        var closures: [Closure] = []
        var period = 0
        let hours = exchange.hours
        for day in first..<end {
            if weekend.contains(day: day) { continue }
            if let name = closed[day] {
                closures.append(Closure(day: day, name: name))
                continue
            }
            while period + 1 < hours.count, let from = hours[period + 1].from, from.dayNumber <= day { period += 1 }
            // Periods before the first `from` fall back to the first period.
            let regular = hours[period]
            var open = regular.open
            var close = earlyClose[day] ?? regular.close
            if let s = special[day] {
                if let o = s.open { open = o }
                if let c = s.close { close = c }
            }
            var breakStart = regular.breakStart, breakEnd = regular.breakEnd
            if let bs = breakStart, let be = breakEnd {
                if close <= be {  // a half day: the session ends at lunch at the latest
                    close = min(close, bs)
                    breakStart = nil; breakEnd = nil
                } else if open >= bs {  // opens after lunch has begun
                    open = max(open, be)
                    breakStart = nil; breakEnd = nil
                }
            }
            guard open < close else { continue }
            let session = Session(
                day: day,
                open: zone.wallTimeInstant(day: day, minuteOfDay: open),
                close: zone.wallTimeInstant(day: day, minuteOfDay: close),
                breakStart: breakStart.map { zone.wallTimeInstant(day: day, minuteOfDay: $0) },
                breakEnd: breakEnd.map { zone.wallTimeInstant(day: day, minuteOfDay: $0) },
                earlyClose: close < regular.close,
                lateOpen: open > regular.open)
            index[Int(day - first)] = Int16(sessions.count)
            sessions.append(session)
        }
        self.sessions = sessions
        self.sessionIndex = index
        self.closures = closures
    }

    /// Whether the local day number lies in this year.
    func covers(day: Int64) -> Bool { day >= firstDay && day - firstDay < Int64(sessionIndex.count) }

    /// The session on a local day of this year, if any.
    func session(onDay day: Int64) -> Session? {
        let i = sessionIndex[Int(day - firstDay)]
        return i < 0 ? nil : sessions[Int(i)]
    }

    /// Index of the first session on or after a local day of this year (or before
    /// the year: its first session), or `sessions.count` if none is left.
    func firstSessionIndex(onOrAfterDay day: Int64) -> Int {
        var d = max(0, Int(day - firstDay))
        while d < sessionIndex.count {
            let i = sessionIndex[d]
            if i >= 0 { return Int(i) }
            d += 1
        }
        return sessions.count
    }
}
