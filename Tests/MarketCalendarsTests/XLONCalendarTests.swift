import Testing
import WidgetSupport
import WidgetTestSupport
@testable import MarketCalendars

/// XLON against the London Stock Exchange's published business days.
@Suite("XLON published calendars")
struct XLONCalendarTests {
    let lse = calendar("XLON")

    // LSE, "Christmas and New Year service arrangements 2007/2008": Monday 24 and
    // Monday 31 December 2007 close from 12:30; 25-26 December and 1 January closed;
    // 27-28 December and 2 January normal business days.
    @Test func christmas2007() {
        #expect(hoursText(lse, lse.session(onLocalDay: day("2007-12-24"))) == "08:00-12:30")
        #expect(lse.session(onLocalDay: day("2007-12-25")) == nil)
        #expect(lse.session(onLocalDay: day("2007-12-26")) == nil)
        #expect(hoursText(lse, lse.session(onLocalDay: day("2007-12-27"))) == "08:00-16:30")
        #expect(hoursText(lse, lse.session(onLocalDay: day("2007-12-28"))) == "08:00-16:30")
        #expect(hoursText(lse, lse.session(onLocalDay: day("2007-12-31"))) == "08:00-12:30")
        #expect(lse.session(onLocalDay: day("2008-01-01")) == nil)
        #expect(hoursText(lse, lse.session(onLocalDay: day("2008-01-02"))) == "08:00-16:30")
    }

    // LSE holidays 2012 (holidaystracker.com, from the LSE's notice): Spring bank
    // holiday moved to 4 June and the Diamond Jubilee on 5 June; 12:30 closes on
    // Monday 24 and Monday 31 December.
    @Test func published2012() {
        #expect(closedDays(lse, 2012) == dates(2012, ["01-02", "04-06", "04-09", "05-07", "06-04", "06-05", "08-27", "12-25", "12-26"]))
        #expect(earlyCloses(lse, 2012) == ["2012-12-24 12:30", "2012-12-31 12:30"])
        #expect(lse.session(onLocalDay: day("2012-05-28")) != nil)  // the usual last Monday of May traded
    }

    // LSE holidays 2015 (stock-market-holidays.org): Boxing Day (Saturday) observed Monday 28.
    @Test func published2015() {
        #expect(closedDays(lse, 2015) == dates(2015, ["01-01", "04-03", "04-06", "05-04", "05-25", "08-31", "12-25", "12-28"]))
        #expect(earlyCloses(lse, 2015) == ["2015-12-24 12:30", "2015-12-31 12:30"])
    }

    // LSEG "business days" page for 2018 (as republished by ryt9.com).
    @Test func published2018() {
        #expect(closedDays(lse, 2018) == dates(2018, ["01-01", "03-30", "04-02", "05-07", "05-28", "08-27", "12-25", "12-26"]))
        #expect(earlyCloses(lse, 2018) == ["2018-12-24 12:30", "2018-12-31 12:30"])
    }

    // UK government, 2019: the early May bank holiday 2020 moves from Monday 4 May
    // to Friday 8 May for the 75th anniversary of VE Day.
    @Test func veDay2020() {
        #expect(lse.session(onLocalDay: day("2020-05-04")) != nil)
        #expect(lse.session(onLocalDay: day("2020-05-08")) == nil)
    }

    // Legal holidays in England and Wales 2022 (Schroders' non-trading days) plus the
    // State Funeral of Queen Elizabeth II (19 September 2022); 30 May traded (the
    // Spring bank holiday moved to Thursday 2 June, Platinum Jubilee Friday 3 June).
    // Christmas Day on a Sunday gives Tuesday 27 December.
    @Test func published2022() {
        #expect(closedDays(lse, 2022) == dates(2022, ["01-03", "04-15", "04-18", "05-02", "06-02", "06-03", "08-29", "09-19", "12-26", "12-27"]))
        #expect(lse.session(onLocalDay: day("2022-05-30")) != nil)
    }

    // 2023 (LSE via exbulletin/prosperplanetpulse, 2024-05-27): Coronation bank holiday
    // 8 May; Christmas Eve and New Year's Eve on Sundays, so the 12:30 closes fall on
    // Friday 22 and Friday 29 December.
    @Test func published2023() {
        #expect(closedDays(lse, 2023) == dates(2023, ["01-02", "04-07", "04-10", "05-01", "05-08", "05-29", "08-28", "12-25", "12-26"]))
        #expect(earlyCloses(lse, 2023) == ["2023-12-22 12:30", "2023-12-29 12:30"])
    }

    // LSE Christmas 2025 / New Year 2026 (ts2.tech, quoting the LSE): half days
    // 24 and 31 December (closing process from 12:30), closed 25-26 December and 1 January.
    @Test func christmas2025() {
        #expect(earlyCloses(lse, 2025) == ["2025-12-24 12:30", "2025-12-31 12:30"])
        #expect(lse.session(onLocalDay: day("2025-12-25")) == nil)
        #expect(lse.session(onLocalDay: day("2025-12-26")) == nil)
        #expect(lse.session(onLocalDay: day("2026-01-01")) == nil)
        #expect(lse.session(onLocalDay: day("2026-01-02")) != nil)
    }

    // 2021/2022 LSE market holidays (ICE Data Services notice): Christmas on a
    // Saturday gives Monday 27 (Christmas) and Tuesday 28 (Boxing Day) December 2021,
    // and New Year's Day on a Saturday Monday 3 January 2022; Royal Wedding 2011-04-29.
    @Test func substituteDaysAndOneOffs() {
        #expect(lse.session(onLocalDay: day("2021-12-27")) == nil)
        #expect(lse.session(onLocalDay: day("2021-12-28")) == nil)
        #expect(hoursText(lse, lse.session(onLocalDay: day("2021-12-24"))) == "08:00-12:30")
        #expect(lse.session(onLocalDay: day("2022-01-03")) == nil)
        #expect(lse.session(onLocalDay: day("2011-04-29")) == nil)
        #expect(lse.session(onLocalDay: day("2002-06-03")) == nil && lse.session(onLocalDay: day("2002-06-04")) == nil)
    }

    // Europe/London wall times: 08:00 is 08:00Z in winter and 07:00Z in summer.
    @Test func hoursFollowBritishSummerTime() {
        #expect(lse.session(onLocalDay: day("2024-01-15"))?.open == at("2024-01-15T08:00:00Z"))
        #expect(lse.session(onLocalDay: day("2024-07-15"))?.open == at("2024-07-15T07:00:00Z"))
        #expect(lse.session(onLocalDay: day("2024-07-15"))?.close == at("2024-07-15T15:30:00Z"))
    }
}
