import Testing
import WidgetSupport
@testable import MarketCalendars

@Suite("Exchange descriptions")
struct DescriptionTests {
    @Test func builtInDescriptionsAreClean() {
        for d in ExchangeRegistry.descriptions {
            #expect(d.problems().isEmpty, "\(d.mic): \(d.problems())")
        }
        #expect(MarketCalendar.knownMICs == ["XLON", "XNAS", "XNYS", "XTKS"])
        #expect(MarketCalendar.named("XNYS")?.exchange.name == "New York Stock Exchange")
        #expect(MarketCalendar.named("XNYS") === MarketCalendar.named("XNYS"))
        #expect(MarketCalendar.named("xnys") == nil)  // MICs are upper case
        #expect(MarketCalendar.named("XXXX") == nil)
    }

    @Test func unknownMICMessageListsTheKnownOnes() {
        let typo = MarketCalendar.unknownMICMessage("XNSY")
        #expect(typo == "unknown exchange 'XNSY'; did you mean 'XNYS'? (known exchanges: XLON London Stock Exchange, XNAS Nasdaq Stock Market, XNYS New York Stock Exchange, XTKS Tokyo Stock Exchange)")
        let far = MarketCalendar.unknownMICMessage("NASDAQ-GS")
        #expect(far == "unknown exchange 'NASDAQ-GS' (known exchanges: XLON London Stock Exchange, XNAS Nasdaq Stock Market, XNYS New York Stock Exchange, XTKS Tokyo Stock Exchange)")
    }

    /// What people call an exchange (its initials, a word of its name) points to its MIC.
    @Test func commonNamesPointToTheMIC() {
        #expect(MarketCalendar.unknownMICMessage("LSE").hasPrefix("unknown exchange 'LSE'; did you mean 'XLON' (London Stock Exchange)? (known exchanges: XLON London Stock Exchange, "))
        #expect(MarketCalendar.unknownMICMessage("NYSE").hasPrefix("unknown exchange 'NYSE'; did you mean 'XNYS' (New York Stock Exchange)?"))
        #expect(MarketCalendar.unknownMICMessage("nasdaq").hasPrefix("unknown exchange 'nasdaq'; did you mean 'XNAS' (Nasdaq Stock Market)?"))
        #expect(MarketCalendar.unknownMICMessage("TSE").hasPrefix("unknown exchange 'TSE'; did you mean 'XTKS' (Tokyo Stock Exchange)?"))
    }

    @Test func brokenDescriptionsAreRefusedWithEveryProblem() {
        let bad = ExchangeDescription(
            mic: "XBAD", name: "Bad", timeZone: "Mars/Olympus",
            hours: [TradingHours(open: wall(16), close: wall(9)),
                    TradingHours(open: wall(9), close: wall(17), breakStart: wall(18), breakEnd: wall(19))],
            holidays: [HolidayRule("Nonsense", .fixed(2, 30)), HolidayRule("Sixth Monday", .nth(6, .monday, of: 1))],
            earlyCloses: [EarlyCloseRule("Late", .fixed(1, 2), close: 2_000)],
            closures: [DatedClosure(CivilDate(2023, 2, 29), "No such day")])
        let problems = bad.problems()
        #expect(problems.contains("unknown time zone 'Mars/Olympus'"))
        #expect(problems.contains("hours #1: open must be before close"))
        #expect(problems.contains("hours #2: the break must lie inside the session"))
        #expect(problems.contains("hours #2: only the first period may omit 'from'"))
        #expect(problems.contains("holiday 'Nonsense': 2/30 is not a month and day"))
        #expect(problems.contains("holiday 'Sixth Monday': needs a month 1-12 and n 1-5"))
        #expect(problems.contains("early close 'Late': close must be 00:00 to 23:59"))
        #expect(problems.contains("closure 'No such day': 2023-02-29 is not a date"))
        #expect(throws: CalendarError.self) { try MarketCalendar(bad) }
    }

    /// A made-up exchange that uses features none of the built-in ones combine:
    /// a Friday-Saturday weekend, a break, an hours change, an early close that
    /// moves to the next trading day, a late open, and UK-style substitutes.
    @Test func aNewExchangeIsJustADescription() throws {
        let test = ExchangeDescription(
            mic: "XTST", name: "Test Exchange", timeZone: "Asia/Dubai", weekend: [.friday, .saturday],
            hours: [TradingHours(open: wall(10), close: wall(14)),
                    TradingHours(from: CivilDate(2024, 3, 1), open: wall(10), close: wall(15), breakStart: wall(12), breakEnd: wall(12, 30))],
            holidays: [HolidayRule("Founding Day", .fixed(1, 5), observance: .nextFreeWeekday),
                       HolidayRule("Second Day", .fixed(1, 6), observance: .nextFreeWeekday)],
            earlyCloses: [EarlyCloseRule("Year's first day", .fixed(1, 1), close: wall(12), shift: .nextTradingDay)],
            specialHours: [SpecialHours(CivilDate(2024, 6, 3), open: wall(11), "Late open")])
        let c = try MarketCalendar(test)
        // 2024-01-05 is a Friday and 01-06 a Saturday (weekend here): they move to the
        // next free weekdays, Sunday 7 and Monday 8 January.
        #expect(closedDays(c, 2024) == ["2024-01-07", "2024-01-08"])
        #expect(hoursText(c, c.session(onLocalDay: day("2024-01-01"))) == "10:00-12:00")
        #expect(c.session(onLocalDay: day("2024-01-12")) == nil)  // Friday
        #expect(hoursText(c, c.session(onLocalDay: day("2024-02-29"))) == "10:00-14:00")
        #expect(hoursText(c, c.session(onLocalDay: day("2024-03-03"))) == "10:00-15:00 break 12:00-12:30")
        let late = c.session(onLocalDay: day("2024-06-03"))
        #expect(hoursText(c, late) == "11:00-15:00 break 12:00-12:30" && late?.lateOpen == true)
        // 2023-01-01 was a Sunday, a trading day here: the early close stays on it.
        #expect(hoursText(c, c.session(onLocalDay: day("2023-01-01"))) == "10:00-12:00")
        // 2027-01-01 is a Friday: the short day moves to Sunday 3 January.
        #expect(hoursText(c, c.session(onLocalDay: day("2027-01-03"))) == "10:00-12:00")
    }

    /// An early close inside the lunch break ends the day at the break's start;
    /// one before it drops the afternoon (Tokyo's old half days).
    @Test func shortDaysAndBreaks() throws {
        let test = ExchangeDescription(
            mic: "XBRK", name: "Break", timeZone: "Asia/Tokyo",
            hours: [TradingHours(open: wall(9), close: wall(15), breakStart: wall(11, 30), breakEnd: wall(12, 30))],
            holidays: [],
            specialHours: [SpecialHours(CivilDate(2024, 7, 1), close: wall(12), "Inside lunch"),
                           SpecialHours(CivilDate(2024, 7, 2), open: wall(12), "Opens at lunch"),
                           SpecialHours(CivilDate(2024, 7, 3), open: wall(13), close: wall(14), "Afternoon only")])
        let c = try MarketCalendar(test)
        #expect(hoursText(c, c.session(onLocalDay: day("2024-07-01"))) == "09:00-11:30")
        #expect(hoursText(c, c.session(onLocalDay: day("2024-07-02"))) == "12:30-15:00")
        #expect(hoursText(c, c.session(onLocalDay: day("2024-07-03"))) == "13:00-14:00")
    }
}
