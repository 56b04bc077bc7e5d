import Foundation
import Testing
import WidgetSupport
@testable import MarketCalendars

/// Every year 2000-2035 of XNYS against the exchange's stated rules, with the
/// dates worked out independently: Foundation's Gregorian calendar for "n-th
/// weekday of a month", and the published Easter Sunday table.
@Suite("XNYS rules 2000-2035")
struct XNYSRulesTests {
    let nyse = calendar("XNYS")
    let gregorian: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    /// Easter Sunday 2000-2035 (US Naval Observatory's table of Easter dates).
    static let easter: [Int: (Int, Int)] = [
        2000: (4, 23), 2001: (4, 15), 2002: (3, 31), 2003: (4, 20), 2004: (4, 11), 2005: (3, 27),
        2006: (4, 16), 2007: (4, 8), 2008: (3, 23), 2009: (4, 12), 2010: (4, 4), 2011: (4, 24),
        2012: (4, 8), 2013: (3, 31), 2014: (4, 20), 2015: (4, 5), 2016: (3, 27), 2017: (4, 16),
        2018: (4, 1), 2019: (4, 21), 2020: (4, 12), 2021: (4, 4), 2022: (4, 17), 2023: (4, 9),
        2024: (3, 31), 2025: (4, 20), 2026: (4, 5), 2027: (3, 28), 2028: (4, 16), 2029: (4, 1),
        2030: (4, 21), 2031: (4, 13), 2032: (3, 28), 2033: (4, 17), 2034: (4, 9), 2035: (3, 25),
    ]

    /// Ad hoc closures announced by the exchange (see XNYSCalendarTests).
    static let adHoc: Set<String> = ["2001-09-11", "2001-09-12", "2001-09-13", "2001-09-14", "2004-06-11",
                                     "2007-01-02", "2012-10-29", "2012-10-30", "2018-12-05", "2025-01-09"]

    func date(_ y: Int, _ m: Int, _ d: Int) -> Date {
        gregorian.date(from: DateComponents(year: y, month: m, day: d))!
    }
    func text(_ d: Date) -> String {
        let c = gregorian.dateComponents([.year, .month, .day], from: d)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
    /// Foundation weekday: 1 = Sunday … 7 = Saturday.
    func weekday(_ d: Date) -> Int { gregorian.component(.weekday, from: d) }
    func nth(_ n: Int, _ weekday: Int, _ month: Int, _ year: Int) -> Date {
        gregorian.date(from: DateComponents(year: year, month: month, weekday: weekday, weekdayOrdinal: n))!
    }
    func lastMonday(_ month: Int, _ year: Int) -> Date {
        gregorian.date(from: DateComponents(year: year, month: month, weekday: 2, weekdayOrdinal: -1))!
    }
    func plus(_ d: Date, _ days: Int) -> Date { gregorian.date(byAdding: .day, value: days, to: d)! }
    /// NYSE Rule 7.2: Saturday -> Friday, Sunday -> Monday.
    func observed(_ d: Date) -> Date {
        switch weekday(d) {
        case 7: plus(d, -1)
        case 1: plus(d, 1)
        default: d
        }
    }

    func expectedClosures(_ y: Int) -> [String] {
        var days: [Date] = []
        let newYear = date(y, 1, 1)
        if weekday(newYear) == 1 { days.append(plus(newYear, 1)) } else if weekday(newYear) != 7 { days.append(newYear) }
        days.append(nth(3, 2, 1, y))   // Martin Luther King Jr. Day
        days.append(nth(3, 2, 2, y))   // Washington's Birthday
        if let (m, d) = Self.easter[y] { days.append(plus(date(y, m, d), -2)) }
        days.append(lastMonday(5, y))  // Memorial Day
        if y >= 2022 { days.append(observed(date(y, 6, 19))) }
        days.append(observed(date(y, 7, 4)))
        days.append(nth(1, 2, 9, y))   // Labor Day
        days.append(nth(4, 5, 11, y))  // Thanksgiving
        days.append(observed(date(y, 12, 25)))
        var out = Set(days.map(text))
        out.formUnion(Self.adHoc.filter { $0.hasPrefix("\(y)-") })
        return out.sorted()
    }

    func expectedEarlyCloses(_ y: Int) -> [String] {
        var out: [String] = []
        let july3 = date(y, 7, 3), july5 = date(y, 7, 5)
        // July 3 on Monday, Tuesday or Thursday; on Wednesday from 2013; Friday July 5 before 2013.
        if [2, 3, 5].contains(weekday(july3)) || (weekday(july3) == 4 && y >= 2013) { out.append(text(july3)) }
        if weekday(july5) == 6 && y < 2013 { out.append(text(july5)) }
        out.append(text(plus(nth(4, 5, 11, y), 1)))
        let eve = date(y, 12, 24)
        if (2...5).contains(weekday(eve)) { out.append(text(eve)) }  // Friday is the observed Christmas
        if y == 2003 { out.append("2003-12-26") }  // ad hoc (NYSE closings list)
        return out.sorted().map { $0 + " 13:00" }
    }

    @Test(arguments: 2000...2035)
    func closuresFollowTheRules(year: Int) {
        #expect(closedDays(nyse, year) == expectedClosures(year))
    }

    @Test(arguments: 2000...2035)
    func earlyClosesFollowTheRules(year: Int) {
        #expect(earlyCloses(nyse, year) == expectedEarlyCloses(year))
    }

    @Test(arguments: 2000...2035)
    func everyWeekdayOutsideTheClosuresTrades(year: Int) {
        let closed = Set(expectedClosures(year))
        var d = date(year, 1, 1)
        while gregorian.component(.year, from: d) == year {
            let s = nyse.session(onLocalDay: day(text(d)))
            let trades = !(weekday(d) == 1 || weekday(d) == 7) && !closed.contains(text(d))
            #expect((s != nil) == trades, "\(text(d))")
            d = plus(d, 1)
        }
    }
}
