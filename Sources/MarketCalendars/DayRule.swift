import WidgetSupport
import WidgetTime

/// How a recurring date is found in a year: an anchor and a shift in days
/// (the day after Thanksgiving is the fourth Thursday of November plus one).
package struct DayRule: Sendable, Hashable {
    package var anchor: Anchor
    package var offsetDays: Int

    /// The anchor's date moved by `offsetDays` (negative: earlier).
    package init(_ anchor: Anchor, offsetDays: Int = 0) {
        self.anchor = anchor
        self.offsetDays = offsetDays
    }

    /// The kinds of dates a rule can start from.
    package enum Anchor: Sendable, Hashable {
        /// The same month and day every year.
        case fixed(month: Int, day: Int)
        /// The n-th (1-based) given weekday of a month.
        case nthWeekday(n: Int, weekday: Weekday, month: Int)
        /// The last given weekday of a month.
        case lastWeekday(weekday: Weekday, month: Int)
        /// Western (Gregorian) Easter Sunday.
        case easterSunday
        /// The day of the March equinox in Japan Standard Time, by the standard
        /// approximation the Japanese government's published dates follow (1980-2099).
        case marchEquinoxJapan
        /// The day of the September equinox in Japan Standard Time (1980-2099).
        case septemberEquinoxJapan
    }

    /// Month and day every year.
    package static func fixed(_ month: Int, _ day: Int) -> DayRule { DayRule(.fixed(month: month, day: day)) }
    /// The n-th weekday of a month (`.nth(3, .monday, of: 1)` is the third Monday of January).
    package static func nth(_ n: Int, _ weekday: Weekday, of month: Int) -> DayRule {
        DayRule(.nthWeekday(n: n, weekday: weekday, month: month))
    }
    /// The last weekday of a month.
    package static func last(_ weekday: Weekday, of month: Int) -> DayRule {
        DayRule(.lastWeekday(weekday: weekday, month: month))
    }
    /// Days from Easter Sunday (Good Friday is -2, Easter Monday +1).
    package static func easter(_ offset: Int) -> DayRule { DayRule(.easterSunday, offsetDays: offset) }
    /// The same rule moved by `days`.
    package func plus(_ days: Int) -> DayRule { DayRule(anchor, offsetDays: offsetDays + days) }

    /// The local day number of this rule's date in `year`; nil when the anchor has
    /// no date that year (a fifth Monday that does not exist, an equinox outside
    /// the approximation's years, a month/day that is not a date).
    package func day(in year: Int) -> Int64? {
        guard let base = anchor.day(in: year) else { return nil }
        return base + Int64(offsetDays)
    }
}

extension DayRule.Anchor {
    func day(in year: Int) -> Int64? {
        switch self {
        case .fixed(let month, let day):
            let date = CivilDate(year, month, day)
            return date.isValid ? date.dayNumber : nil
        case .nthWeekday(let n, let weekday, let month):
            guard (1...12).contains(month), (1...5).contains(n) else { return nil }
            let first = CivilTime.days(year: year, month: month, day: 1)
            let lead = (weekday.rawValue - CivilTime.weekday(days: first) + 7) % 7
            let day = first + Int64(lead + 7 * (n - 1))
            return CivilTime.date(days: day).month == month ? day : nil
        case .lastWeekday(let weekday, let month):
            guard (1...12).contains(month) else { return nil }
            let next = month == 12 ? CivilTime.days(year: year + 1, month: 1, day: 1) : CivilTime.days(year: year, month: month + 1, day: 1)
            let last = next - 1
            let back = (CivilTime.weekday(days: last) - weekday.rawValue + 7) % 7
            return last - Int64(back)
        case .easterSunday:
            return Computus.easterSunday(year)
        case .marchEquinoxJapan:
            return JapanEquinox.day(year: year, march: true)
        case .septemberEquinoxJapan:
            return JapanEquinox.day(year: year, march: false)
        }
    }
}

/// Gregorian Easter Sunday (the "anonymous Gregorian" computus: golden number,
/// century corrections, epact, then the Sunday after the paschal full moon).
enum Computus {
    static func easterSunday(_ year: Int) -> Int64? {
        guard year >= 1583 else { return nil }  // Gregorian calendar only
        let golden = year % 19
        let century = year / 100, yearOfCentury = year % 100
        let leapSkips = century / 4, centuryRest = century % 4
        let moonCorrection = (century + 8) / 25
        let solarCorrection = (century - moonCorrection + 1) / 3
        let epact = (19 * golden + century - leapSkips - solarCorrection + 15) % 30
        let quads = yearOfCentury / 4, quadRest = yearOfCentury % 4
        let toSunday = (32 + 2 * centuryRest + 2 * quads - epact - quadRest) % 7
        let lateCorrection = (golden + 11 * epact + 22 * toSunday) / 451
        let monthDay = epact + toSunday - 7 * lateCorrection + 114
        return CivilTime.days(year: year, month: monthDay / 31, day: monthDay % 31 + 1)
    }
}

/// Equinox days in Japan Standard Time by the standard approximation
/// (day = floor(base + 0.242194·(y − 1980)) − floor((y − 1980)/4)), which agrees
/// with the dates Japan's National Astronomical Observatory publishes for
/// 1980-2099. Integer arithmetic in millionths keeps it exact.
enum JapanEquinox {
    static func day(year: Int, march: Bool) -> Int64? {
        guard (1980...2099).contains(year) else { return nil }
        let y = Int64(year - 1980)
        let base: Int64 = march ? 20_843_100 : 23_248_800
        let dayOfMonth = (base + 242_194 * y) / 1_000_000 - y / 4
        return CivilTime.days(year: year, month: march ? 3 : 9, day: Int(dayOfMonth))
    }
}
