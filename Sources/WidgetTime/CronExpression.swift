import WidgetSupport

/// A standard 5-field cron expression (`minute hour day-of-month month day-of-week`)
/// matched on a zone's local clock.
///
/// Syntax: `*`, numbers, lists `a,b`, ranges `a-b`, steps `*/n`, `a-b/n` and `a/n`
/// (from a to the field's maximum); names `JAN`-`DEC` and `SUN`-`SAT` in any case,
/// also in ranges (`MON-FRI`); day-of-week 0 and 7 are Sunday. Macros: `@hourly`,
/// `@daily`/`@midnight`, `@weekly` (Sunday 00:00), `@monthly`, `@yearly`/`@annually`
/// (any case). Not supported, each with its own message: seconds or year fields,
/// `?`, `L`, `W`, `#`, backwards ranges (`FRI-MON`), `@reboot`.
///
/// Days follow Vixie/ISC cron: when the day-of-month or the day-of-week field starts
/// with `*`, a day must match both; otherwise a day matching either one fires.
package struct CronExpression: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    package let text: String
    /// The fields as bitsets: what the local-clock walk uses.
    package let schedule: CronSchedule

    /// Parses `text`; errors name the field and point at the offending part.
    package init(_ text: String) throws(TimeParseError) {
        let f = try withBytes(text) { CronParser.parse($0) }
        self.text = text
        schedule = CronSchedule(f)
    }

    package var description: String { text }

    /// Bit n set: minute n (0-59).
    package var minutes: UInt64 { schedule.minutes }
    /// Bit n set: hour n (0-23).
    package var hours: UInt32 { schedule.hours }
    /// Bit n set: day of month n (1-31).
    package var daysOfMonth: UInt32 { schedule.daysOfMonth }
    /// Bit n set: month n (1-12).
    package var months: UInt16 { schedule.months }
    /// Bit n set: weekday n (0 = Sunday ... 6 = Saturday; a written 7 sets bit 0).
    package var daysOfWeek: UInt8 { schedule.daysOfWeek }
    /// Whether the day-of-month field starts with `*` (Vixie's day rule).
    package var dayOfMonthStar: Bool { schedule.dayOfMonthStar }
    /// Whether the day-of-week field starts with `*`.
    package var dayOfWeekStar: Bool { schedule.dayOfWeekStar }
    /// Whether some date matches (hours and minutes always do); see `neverFiresReason`.
    package var canFire: Bool { schedule.canFire }

    /// Why no date can ever match (`February has no day 30`), or nil when one can.
    ///
    /// Only a day rule needing both fields can fail: every (month, day) that exists
    /// falls on each weekday in some year (February 29 included), so it fails
    /// exactly when none of the listed days exists in any listed month.
    package var neverFiresReason: String? {
        guard !canFire else { return nil }
        let names = (1...12).filter { months & (1 << UInt16($0)) != 0 }.map { CivilTime.monthNames[$0 - 1] }
        let days = (1...31).filter { daysOfMonth & (1 << UInt32($0)) != 0 }.map(String.init)
        return "\(join(names, "and")) \(names.count == 1 ? "has" : "have") no day \(join(days, "or"))"
    }

    /// Whether a local date fires (month 1-12, day of month 1-31, weekday 0 = Sunday).
    package func matchesDay(month: Int, day: Int, weekday: Int) -> Bool {
        schedule.matchesDay(month: month, day: day, weekday: weekday)
    }

    /// Whether a local date and time of day (to the minute) fires.
    package func matches(month: Int, day: Int, weekday: Int, hour: Int, minute: Int) -> Bool {
        schedule.matches(month: month, day: day, weekday: weekday, hour: hour, minute: minute)
    }

    /// The first firing instant strictly after `after`, on `zone`'s local clock
    /// (gaps skipped, folds fire twice), before `limit` (default: 100 years on);
    /// nil if there is none or the expression can never fire.
    package func next(after: Instant, in zone: ZoneRules, before limit: Instant? = nil) -> Instant? {
        guard canFire else { return nil }
        return LocalClock(pattern: schedule, zone: zone).next(after: after, before: limit)
    }

    /// The firing instants after `after` (and before `limit`), lazily.
    package func fireTimes(after: Instant, in zone: ZoneRules, before limit: Instant? = nil) -> LocalClockIterator<CronSchedule> {
        // An expression that can never fire yields nothing without walking the years.
        LocalClock(pattern: schedule, zone: zone).instants(after: after, before: canFire ? limit : after)
    }
}

/// A cron expression's fields as bitsets, and the search for its next reading.
package struct CronSchedule: Sendable, Hashable, LocalClockPattern {
    /// Bit n set: minute n (0-59).
    package let minutes: UInt64
    /// Bit n set: hour n (0-23).
    package let hours: UInt32
    /// Bit n set: day of month n (1-31).
    package let daysOfMonth: UInt32
    /// Bit n set: month n (1-12).
    package let months: UInt16
    /// Bit n set: weekday n (0 = Sunday ... 6 = Saturday).
    package let daysOfWeek: UInt8
    package let dayOfMonthStar: Bool
    package let dayOfWeekStar: Bool
    /// Whether some date matches.
    package let canFire: Bool

    init(_ f: CronFields) {
        minutes = f.minutes
        hours = UInt32(truncatingIfNeeded: f.hours)
        daysOfMonth = UInt32(truncatingIfNeeded: f.daysOfMonth)
        months = UInt16(truncatingIfNeeded: f.months)
        daysOfWeek = UInt8(truncatingIfNeeded: f.daysOfWeek)
        dayOfMonthStar = f.dayOfMonthStar
        dayOfWeekStar = f.dayOfWeekStar
        canFire = !(dayOfMonthStar || dayOfWeekStar) || Self.someDayExists(daysOfMonth, months)
    }

    /// Whether a listed day of month exists in a listed month (February 29 counts).
    private static func someDayExists(_ daysOfMonth: UInt32, _ months: UInt16) -> Bool {
        for month in 1...12 where months & (1 << UInt16(month)) != 0 {
            let longest = month == 2 ? 29 : CivilTime.daysInMonth(year: 2001, month: month)
            let existing: UInt32 = longest == 31 ? ~0 : (UInt32(1) << UInt32(longest + 1)) - 1
            if daysOfMonth & existing != 0 { return true }
        }
        return false
    }

    /// Whether a local date fires (month 1-12, day of month 1-31, weekday 0 = Sunday).
    package func matchesDay(month: Int, day: Int, weekday: Int) -> Bool {
        guard months & (1 << UInt16(month)) != 0 else { return false }
        let dom = daysOfMonth & (1 << UInt32(day)) != 0
        let dow = daysOfWeek & (1 << UInt8(weekday)) != 0
        return dayOfMonthStar || dayOfWeekStar ? dom && dow : dom || dow
    }

    /// Whether a local date and time of day (to the minute) fires.
    package func matches(month: Int, day: Int, weekday: Int, hour: Int, minute: Int) -> Bool {
        matchesDay(month: month, day: day, weekday: weekday)
            && hours & (1 << UInt32(hour)) != 0 && minutes & (1 << UInt64(minute)) != 0
    }

    /// The first firing minute of a day at or after `minuteOfDay`, or nil.
    func firstMinute(atOrAfter minuteOfDay: Int) -> Int? {
        let h = minuteOfDay / 60, m = minuteOfDay % 60
        if hours & (1 << UInt32(h)) != 0 {
            let rest = minutes & (~0 << UInt64(m))
            if rest != 0 { return h * 60 + rest.trailingZeroBitCount }
        }
        let later = h >= 23 ? 0 : hours & (~0 << UInt32(h + 1))
        guard later != 0 else { return nil }
        return later.trailingZeroBitCount * 60 + minutes.trailingZeroBitCount
    }

    /// Walks days (skipping months not listed), then finds the minute within the day
    /// with bit scans: a few steps per result whatever the expression.
    package func firstReading(atOrAfter local: Int64, before limit: Int64) -> Int64? {
        guard canFire else { return nil }
        let minute = ceilDiv(local, 60)
        var day = CivilTime.floorDiv(minute, 1_440)
        var fromMinute = Int(minute - day * 1_440)
        var (year, month, dom) = CivilTime.date(days: day)
        var weekday = CivilTime.weekday(days: day)
        while day * 86_400 < limit {
            if months & (1 << UInt16(month)) == 0 {
                // Jump to the first day of the next month in the set.
                let later = month >= 12 ? 0 : months & (~0 << UInt16(month + 1))
                if later != 0 {
                    month = later.trailingZeroBitCount
                } else {
                    year += 1
                    month = months.trailingZeroBitCount
                }
                dom = 1
                day = CivilTime.days(year: year, month: month, day: 1)
                weekday = CivilTime.weekday(days: day)
                fromMinute = 0
                continue
            }
            if matchesDay(month: month, day: dom, weekday: weekday), let m = firstMinute(atOrAfter: fromMinute) {
                let reading = day * 86_400 + Int64(m) * 60
                return reading < limit ? reading : nil
            }
            day += 1
            fromMinute = 0
            weekday = weekday == 6 ? 0 : weekday + 1
            dom += 1
            if dom > CivilTime.daysInMonth(year: year, month: month) {
                dom = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        }
        return nil
    }
}

/// `a`, `a and b`, `a, b and c`.
func join(_ items: [String], _ word: String) -> String {
    guard let last = items.last else { return "" }
    if items.count == 1 { return last }
    return items.dropLast().joined(separator: ", ") + " \(word) " + last
}
