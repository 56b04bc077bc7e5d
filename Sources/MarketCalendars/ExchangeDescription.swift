import WidgetSupport
import WidgetTime

/// An exchange's calendar as data: where it is, when it trades, and which days
/// it does not (or trades short). Adding an exchange means writing one of these;
/// no code is specific to an exchange.
///
/// Rules are evaluated per year on the exchange's local calendar (day numbers
/// are days since 1970-01-01 there). Holidays take precedence over early closes;
/// dated entries take precedence over rules.
package struct ExchangeDescription: Sendable, Hashable {
    /// ISO 10383 market identifier code (`XNYS`).
    package var mic: String
    /// The exchange's name, for listings.
    package var name: String
    /// IANA time zone of the exchange's wall clock.
    package var timeZone: String
    /// Days of the week without trading.
    package var weekend: WeekdaySet
    /// Regular hours, oldest first; each period applies from its `from` day until the next one's.
    package var hours: [TradingHours]
    /// Recurring full-day closures.
    package var holidays: [HolidayRule]
    /// Recurring short days.
    package var earlyCloses: [EarlyCloseRule]
    /// One-off full-day closures (national days of mourning, storms, system failures).
    package var closures: [DatedClosure]
    /// One-off changed hours (a late open, an announced early close).
    package var specialHours: [SpecialHours]
    /// Japan's citizens' holiday: a day other than Sunday between two holidays (on
    /// their calendar dates, before substitutes) is a holiday too.
    package var bridgesDaysBetweenHolidays: Bool
    /// Where the rules come from and what they leave out, for the record.
    package var notes: String

    /// A description; `MarketCalendar.init` checks it (`problems()`).
    package init(
        mic: String, name: String, timeZone: String, weekend: WeekdaySet = [.saturday, .sunday],
        hours: [TradingHours], holidays: [HolidayRule], earlyCloses: [EarlyCloseRule] = [],
        closures: [DatedClosure] = [], specialHours: [SpecialHours] = [],
        bridgesDaysBetweenHolidays: Bool = false, notes: String = ""
    ) {
        self.mic = mic
        self.name = name
        self.timeZone = timeZone
        self.weekend = weekend
        self.hours = hours
        self.holidays = holidays
        self.earlyCloses = earlyCloses
        self.closures = closures
        self.specialHours = specialHours
        self.bridgesDaysBetweenHolidays = bridgesDaysBetweenHolidays
        self.notes = notes
    }
}

/// A day of the week; raw values match `CivilTime.weekday(days:)` (0 = Sunday).
package enum Weekday: Int, Sendable, Hashable, CaseIterable {
    case sunday = 0, monday, tuesday, wednesday, thursday, friday, saturday

    /// The weekday of a local day number.
    package init(day: Int64) {
        self = Weekday(rawValue: CivilTime.weekday(days: day)) ?? .sunday
    }
}

/// A set of weekdays.
package struct WeekdaySet: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package init(_ day: Weekday) { rawValue = 1 << UInt8(day.rawValue) }

    package static let sunday = WeekdaySet(.sunday)
    package static let monday = WeekdaySet(.monday)
    package static let tuesday = WeekdaySet(.tuesday)
    package static let wednesday = WeekdaySet(.wednesday)
    package static let thursday = WeekdaySet(.thursday)
    package static let friday = WeekdaySet(.friday)
    package static let saturday = WeekdaySet(.saturday)
    /// Monday to Friday.
    package static let weekdays: WeekdaySet = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// Every day.
    package static let all = WeekdaySet(rawValue: 0x7F)

    /// Whether the local day number falls on one of these weekdays.
    package func contains(day: Int64) -> Bool {
        rawValue & (1 << UInt8(CivilTime.weekday(days: day))) != 0
    }
}

/// A civil date on the exchange's calendar.
package struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var year: Int, month: Int, day: Int
    /// A date from its fields (not checked: see `isValid`).
    package init(_ year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a local day number.
    package init(dayNumber: Int64) {
        let (y, m, d) = CivilTime.date(days: dayNumber)
        self.init(y, m, d)
    }

    /// Days since 1970-01-01.
    package var dayNumber: Int64 { CivilTime.days(year: year, month: month, day: day) }

    /// Whether the fields name a real date (not February 30).
    package var isValid: Bool {
        (1...12).contains(month) && day >= 1 && CivilDate(dayNumber: dayNumber) == self
    }

    package static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `YYYY-MM-DD`.
    package var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = (0...9_999).contains(year) ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(y)-\(two(month))-\(two(day))"
    }
}

/// Years a rule applies in: `from` and `through` inclusive, either open.
package struct YearRange: Sendable, Hashable {
    package var from: Int?
    package var through: Int?
    /// Years inside the range that are left out (a holiday moved that year).
    package var except: [Int]

    package init(from: Int? = nil, through: Int? = nil, except: [Int] = []) {
        self.from = from
        self.through = through
        self.except = except
    }

    /// Every year.
    package static let always = YearRange()

    /// Whether the rule applies in `year`.
    package func contains(_ year: Int) -> Bool {
        if let from, year < from { return false }
        if let through, year > through { return false }
        return !except.contains(year)
    }
}

/// Regular hours in force from a day on (minutes since local midnight).
package struct TradingHours: Sendable, Hashable {
    /// First day these hours apply; nil for "since always".
    package var from: CivilDate?
    package var open: Int
    package var close: Int
    /// Lunch break start and end, if the exchange has one.
    package var breakStart: Int?
    package var breakEnd: Int?

    package init(from: CivilDate? = nil, open: Int, close: Int, breakStart: Int? = nil, breakEnd: Int? = nil) {
        self.from = from
        self.open = open
        self.close = close
        self.breakStart = breakStart
        self.breakEnd = breakEnd
    }
}

/// Minutes since midnight of `hour:minute`, for writing hours as data.
package func wall(_ hour: Int, _ minute: Int = 0) -> Int { hour * 60 + minute }

/// A recurring full-day closure.
package struct HolidayRule: Sendable, Hashable {
    package var name: String
    package var date: DayRule
    package var observance: Observance
    package var years: YearRange
    /// A closure of the exchange only, not a public holiday: it neither pushes a
    /// substitute holiday along nor bridges a day (Tokyo's January 2-3 and
    /// December 31).
    package var marketOnly: Bool

    package init(_ name: String, _ date: DayRule, observance: Observance = .none, years: YearRange = .always,
                marketOnly: Bool = false) {
        self.name = name
        self.date = date
        self.observance = observance
        self.years = years
        self.marketOnly = marketOnly
    }
}

/// What happens to a holiday whose date falls on a Saturday or Sunday (for
/// `nextFreeWeekday`: on one of the exchange's weekend days).
package enum Observance: Sendable, Hashable {
    /// Nothing: the closure is lost in the weekend.
    case none
    /// Saturday moves to the Friday before, Sunday to the Monday after (US federal rule).
    case nearestWeekday
    /// Sunday moves to the Monday after; Saturday is not moved (NYSE's New Year's Day).
    case sundayToMonday
    /// A weekend day moves to the next day that is neither a weekend day nor already
    /// a holiday (UK substitute days: Christmas on Saturday gives Monday 27, Boxing
    /// Day Tuesday 28).
    case nextFreeWeekday
    /// Sunday moves to the next day that is not itself a public holiday (Japan's substitute
    /// holiday since 2007; before 2007 the law said "the Monday", which gives the same
    /// days for 2000-2006).
    case sundayToNextFreeDay
}

/// A recurring short day: the exchange closes at `close` instead of its regular time.
package struct EarlyCloseRule: Sendable, Hashable {
    package var name: String
    package var date: DayRule
    /// The rule applies only when its date (before any shift) falls on one of these days.
    package var onlyOn: WeekdaySet
    /// Where a date that is not a trading day moves.
    package var shift: EarlyCloseShift
    package var years: YearRange
    /// Minutes since local midnight.
    package var close: Int

    package init(_ name: String, _ date: DayRule, close: Int, onlyOn: WeekdaySet = .all,
                shift: EarlyCloseShift = .none, years: YearRange = .always) {
        self.name = name
        self.date = date
        self.onlyOn = onlyOn
        self.shift = shift
        self.years = years
        self.close = close
    }
}

/// Where an early-close date that is not a trading day goes.
package enum EarlyCloseShift: Sendable, Hashable {
    /// Nowhere: that year has no such short day.
    case none
    /// To the trading day before (LSE: Christmas Eve on a Sunday gives Friday 22nd).
    case previousTradingDay
    /// To the trading day after (a year's first trading day).
    case nextTradingDay
}

/// A one-off full-day closure.
package struct DatedClosure: Sendable, Hashable {
    package var date: CivilDate
    package var name: String
    package init(_ date: CivilDate, _ name: String) {
        self.date = date
        self.name = name
    }
}

/// One-off hours on one day: a late open, an announced early close, or both.
package struct SpecialHours: Sendable, Hashable {
    package var date: CivilDate
    package var open: Int?
    package var close: Int?
    package var name: String
    package init(_ date: CivilDate, open: Int? = nil, close: Int? = nil, _ name: String) {
        self.date = date
        self.open = open
        self.close = close
        self.name = name
    }
}
