import WidgetSupport
import WidgetTime

/// An exchange's trading sessions, computed from its description one year at a
/// time and cached: the first lookup in a year builds that year (a few
/// microseconds), later ones are an array index.
///
/// Thread-safe: year tables are immutable and are built under a lock; for the
/// years 1900-2199 each is then published once in its own atomic slot, so
/// lookups there never lock. Years 1583 to 9999 have sessions; the descriptions
/// are only vouched for where their notes say.
package final class MarketCalendar: Sendable {
    /// The description this calendar follows.
    package let exchange: ExchangeDescription
    /// The exchange's time zone.
    package let zone: ZoneRules

    /// Every table built, by year; tables are never removed, so the unretained
    /// pointers in `slots` and `recent` stay valid for the calendar's life.
    private let tables = Locked<[Int: YearTable]>([:])
    /// Lock-free lookups for `slotYears`: a table's pointer, or 0 until built.
    private let slots: [YearSlot]
    private static let slotYears = 1900..<2200
    /// The table used last (unretained), for runs that walk days in order.
    private let recent = PublishedWord(0)

    /// Years with sessions (the computus and civil arithmetic hold there).
    package static let years = 1583...9999

    /// A calendar for a description; throws when the description has problems.
    package init(_ exchange: ExchangeDescription) throws(CalendarError) {
        let problems = exchange.problems()
        guard problems.isEmpty, let zone = ZoneRules.named(exchange.timeZone) else {
            throw CalendarError(mic: exchange.mic, problems: problems.isEmpty ? ["unknown time zone"] : problems)
        }
        self.exchange = exchange
        self.zone = zone
        slots = Self.slotYears.map { _ in YearSlot() }
    }

    /// The MIC (`XNYS`).
    package var mic: String { exchange.mic }

    // MARK: - Known exchanges

    /// The shared calendar of a known exchange (exact MIC, `XNYS`); nil if unknown.
    package static func named(_ mic: String) -> MarketCalendar? { ExchangeRegistry.shared[mic] }

    /// The MICs `named(_:)` knows, sorted.
    package static var knownMICs: [String] { ExchangeRegistry.mics }

    /// The validation message for an unknown MIC: the known ones, and the closest
    /// if it looks like a typo (`unknown exchange 'XNSY'; did you mean 'XNYS'? known: …`).
    package static func unknownMICMessage(_ mic: String) -> String {
        let known = knownMICs
        let names = Dictionary(ExchangeRegistry.descriptions.map { ($0.mic, $0.name) }, uniquingKeysWith: { a, _ in a })
        var text = "unknown exchange '\(mic)'"
        if let byName = known.first(where: { names[$0].map { Self.commonName(mic, matches: $0) } ?? false }) {
            // What people call the exchange (LSE, NYSE, Nasdaq): its MIC is what a widget names.
            text += "; did you mean '\(byName)' (\(names[byName] ?? byName))?"
        } else if let guess = Suggest.closest(to: mic, among: known) {
            text += "; did you mean '\(guess)'?"
        }
        return text + " (known exchanges: " + known.map { mic in names[mic].map { "\(mic) \($0)" } ?? mic }.joined(separator: ", ") + ")"
    }

    /// Whether `text` is a common name of the exchange called `name`: its initials (LSE, NYSE,
    /// TSE) or a word of it (Nasdaq, London).
    static func commonName(_ text: String, matches name: String) -> Bool {
        let words = name.split(separator: " ")
        let given = text.uppercased()
        guard given.count >= 3 else { return false }
        if String(words.compactMap(\.first)).uppercased() == given { return true }
        return words.contains { $0.uppercased() == given }
    }

    // MARK: - Lookups

    /// The session on a local day (days since 1970-01-01 on the exchange's
    /// calendar), or nil when the exchange does not trade that day.
    package func session(onLocalDay day: Int64) -> Session? {
        table(forDay: day)?.session(onDay: day)
    }

    /// The session on a civil date.
    package func session(on date: CivilDate) -> Session? { session(onLocalDay: date.dayNumber) }

    /// The session whose `[open, close)` holds `t` (lunch break included).
    package func session(containing t: Instant) -> Session? {
        guard let s = session(onLocalDay: zone.localDay(of: t)), s.contains(t) else { return nil }
        return s
    }

    /// The first session opening after `t` (strictly); nil if none within three years.
    package func nextSession(after t: Instant) -> Session? {
        let day = zone.localDay(of: t)
        guard var table = table(forDay: day) else { return nil }
        // Sessions lie within their local day, so the answer is the first session on
        // or after t's day, or the one after it if that has already opened.
        var i = table.firstSessionIndex(onOrAfterDay: day)
        if i < table.sessions.count, table.sessions[i].open <= t { i += 1 }
        if i < table.sessions.count { return table.sessions[i] }
        for _ in 0..<3 {
            guard let next = self.table(year: table.year + 1) else { return nil }
            table = next
            if let first = table.sessions.first { return first }
        }
        return nil
    }

    /// The last session closing at or before `t`; nil if none within three years.
    package func previousSession(before t: Instant) -> Session? {
        let day = zone.localDay(of: t)
        guard var table = table(forDay: day) else { return nil }
        for _ in 0..<4 {
            if let s = table.sessions.last(where: { $0.close <= t }) { return s }
            guard let prior = self.table(year: table.year - 1) else { return nil }
            table = prior
        }
        return nil
    }

    /// Sessions on local days `from` through `through`, in order.
    package func sessions(fromDay from: Int64, throughDay through: Int64) -> [Session] {
        // Outside the supported years there are no sessions: clamp rather than walk them.
        let lowest = CivilTime.days(year: Self.years.lowerBound, month: 1, day: 1)
        let highest = CivilTime.days(year: Self.years.upperBound + 1, month: 1, day: 1) - 1
        let through = min(through, highest)
        guard max(from, lowest) <= through else { return [] }
        var out: [Session] = []
        var day = max(from, lowest)
        while day <= through {
            guard let table = table(forDay: day) else {
                day += 1
                continue
            }
            let last = min(through, table.firstDay + Int64(table.sessionIndex.count) - 1)
            for d in day...last {
                if let s = table.session(onDay: d) { out.append(s) }
            }
            day = last + 1
        }
        return out
    }

    /// Sessions that overlap `[from, until)`, in order.
    package func sessions(from: Instant, until: Instant) -> [Session] {
        guard from < until else { return [] }
        return sessions(fromDay: zone.localDay(of: from), throughDay: zone.localDay(of: until - 1))
            .filter { $0.close > from && $0.open < until }
    }

    /// Weekdays without a session in a year, with the holiday's name.
    package func closures(inYear year: Int) -> [Closure] { table(year: year)?.closures ?? [] }

    /// Number of sessions in a year.
    package func sessionCount(inYear year: Int) -> Int { table(year: year)?.sessions.count ?? 0 }

    // MARK: - Cache

    /// How many year tables have been built (for tests of the cache).
    package var yearsBuilt: Int { tables.withLock { $0.count } }

    private func table(forDay day: Int64) -> YearTable? {
        let bits = recent.load()
        if let p = UnsafeRawPointer(bitPattern: bits) {
            let table = Unmanaged<YearTable>.fromOpaque(p).takeUnretainedValue()
            if table.covers(day: day) { return table }
        }
        guard day > -200_000_000, day < 200_000_000 else { return nil }  // keeps the civil arithmetic in range
        return table(year: CivilTime.date(days: day).year)
    }

    func table(year: Int) -> YearTable? {
        guard Self.years.contains(year) else { return nil }
        let t = publishedTable(year: year) ?? buildTable(year: year)
        recent.store(UInt(bitPattern: Unmanaged.passUnretained(t).toOpaque()))
        return t
    }

    /// The year's table from its slot, without locking (nil outside the slot years or before it is built).
    private func publishedTable(year: Int) -> YearTable? {
        guard Self.slotYears.contains(year),
              let p = UnsafeRawPointer(bitPattern: slots[year - Self.slotYears.lowerBound].bits.load())
        else { return nil }
        return Unmanaged<YearTable>.fromOpaque(p).takeUnretainedValue()
    }

    private func buildTable(year: Int) -> YearTable {
        tables.withLock { all in
            if let t = all[year] { return t }  // built while we waited, or outside the slot years
            let t = YearTable(year: year, exchange: exchange, zone: zone)
            all[year] = t
            if Self.slotYears.contains(year) {
                slots[year - Self.slotYears.lowerBound].bits.store(UInt(bitPattern: Unmanaged.passUnretained(t).toOpaque()))
            }
            return t
        }
    }
}

/// One year's published table pointer (0 until built; written once).
final class YearSlot: Sendable {
    let bits = PublishedWord(0)
}
