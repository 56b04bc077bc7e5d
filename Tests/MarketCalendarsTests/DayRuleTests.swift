import Testing
import WidgetSupport
import WidgetTime
@testable import MarketCalendars

@Suite("Day rules")
struct DayRuleTests {
    @Test func easterMatchesThePublishedTable() {
        for (year, (m, d)) in XNYSRulesTests.easter {
            #expect(DayRule.easter(0).day(in: year) == CivilTime.days(year: year, month: m, day: d), "\(year)")
        }
        // Extremes of the Gregorian range: 1818 and 2285 on March 22, 1943 and 2038 on April 25.
        #expect(DayRule.easter(0).day(in: 1818) == day("1818-03-22"))
        #expect(DayRule.easter(0).day(in: 2285) == day("2285-03-22"))
        #expect(DayRule.easter(0).day(in: 1943) == day("1943-04-25"))
        #expect(DayRule.easter(0).day(in: 2038) == day("2038-04-25"))
        #expect(DayRule.easter(-2).day(in: 2024) == day("2024-03-29"))
        #expect(DayRule.easter(1).day(in: 2024) == day("2024-04-01"))
        #expect(DayRule.easter(0).day(in: 1500) == nil)
    }

    @Test func weekdayAnchors() {
        #expect(DayRule.nth(4, .thursday, of: 11).day(in: 2024) == day("2024-11-28"))
        #expect(DayRule.nth(1, .monday, of: 9).day(in: 2024) == day("2024-09-02"))
        #expect(DayRule.nth(3, .monday, of: 1).day(in: 2022) == day("2022-01-17"))
        #expect(DayRule.nth(5, .monday, of: 2).day(in: 2024) == nil)  // no fifth Monday in February 2024
        #expect(DayRule.last(.monday, of: 5).day(in: 2024) == day("2024-05-27"))
        #expect(DayRule.last(.monday, of: 5).day(in: 2021) == day("2021-05-31"))
        #expect(DayRule.last(.monday, of: 12).day(in: 2024) == day("2024-12-30"))
        #expect(DayRule.nth(4, .thursday, of: 11).plus(1).day(in: 2025) == day("2025-11-28"))
        #expect(DayRule.fixed(2, 29).day(in: 2023) == nil)
        #expect(DayRule.fixed(2, 29).day(in: 2024) == day("2024-02-29"))
    }

    // Japan's equinoxes by the approximation, compared with the National Astronomical
    // Observatory's dates (calendar dates, before any substitute): 2012 is the
    // closest call (30.999 before flooring) and must give 22 September.
    @Test func japanEquinoxes() {
        #expect(DayRule(.septemberEquinoxJapan).day(in: 2012) == day("2012-09-22"))
        #expect(DayRule(.marchEquinoxJapan).day(in: 2010) == day("2010-03-21"))
        #expect(DayRule(.marchEquinoxJapan).day(in: 2024) == day("2024-03-20"))
        #expect(DayRule(.septemberEquinoxJapan).day(in: 2024) == day("2024-09-22"))
        #expect(DayRule(.septemberEquinoxJapan).day(in: 2025) == day("2025-09-23"))
        #expect(DayRule(.marchEquinoxJapan).day(in: 1979) == nil)
        #expect(DayRule(.marchEquinoxJapan).day(in: 2100) == nil)
    }

    @Test func civilDates() {
        #expect(CivilDate(2024, 2, 29).isValid)
        #expect(!CivilDate(2023, 2, 29).isValid)
        #expect(!CivilDate(2024, 13, 1).isValid)
        #expect(CivilDate(dayNumber: day("2024-07-04")).description == "2024-07-04")
        #expect(CivilDate(2024, 7, 4) < CivilDate(2024, 7, 5))
        #expect(WeekdaySet.weekdays.contains(day: day("2024-07-05")))  // a Friday
        #expect(!WeekdaySet.weekdays.contains(day: day("2024-07-06")))
    }
}
