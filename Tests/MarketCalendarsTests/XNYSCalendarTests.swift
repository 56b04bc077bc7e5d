import Testing
import WidgetSupport
import WidgetTestSupport
@testable import MarketCalendars

/// XNYS against the exchange's own published calendars. Each expectation names
/// where it was published.
@Suite("XNYS published calendars")
struct XNYSCalendarTests {
    let nyse = calendar("XNYS")

    // NYSE Group, "NYSE Group Announces 2020, 2021 and 2022 Holiday and Early
    // Closings Calendar" (press release, 2019-12-09).
    @Test func published2020() {
        #expect(closedDays(nyse, 2020) == dates(2020, ["01-01", "01-20", "02-17", "04-10", "05-25", "07-03", "09-07", "11-26", "12-25"]))
        #expect(earlyCloses(nyse, 2020) == ["2020-11-27 13:00", "2020-12-24 13:00"])
    }

    // NYSE Group release 2020-12-28 (2021-2023 calendar): Independence Day observed
    // Monday July 5, Christmas observed Friday December 24, so no Christmas Eve early close.
    @Test func published2021() {
        #expect(closedDays(nyse, 2021) == dates(2021, ["01-01", "01-18", "02-15", "04-02", "05-31", "07-05", "09-06", "11-25", "12-24"]))
        #expect(earlyCloses(nyse, 2021) == ["2021-11-26 13:00"])
    }

    // NYSE Group release 2021-12-27 (2022-2024): "New Year's Day — No holiday observed,
    // pursuant to NYSE Rule 7.2" (Saturday 2022-01-01: Friday 2021-12-31 trades);
    // Juneteenth observed Monday June 20; Christmas observed Monday December 26.
    @Test func published2022() {
        #expect(closedDays(nyse, 2022) == dates(2022, ["01-17", "02-21", "04-15", "05-30", "06-20", "07-04", "09-05", "11-24", "12-26"]))
        #expect(earlyCloses(nyse, 2022) == ["2022-11-25 13:00"])
        #expect(nyse.session(onLocalDay: day("2021-12-31")) != nil)
    }

    // NYSE Group release 2021-12-27: 2023 holidays; early closes Monday July 3 and
    // the day after Thanksgiving (Christmas Eve 2023 is a Sunday).
    @Test func published2023() {
        #expect(closedDays(nyse, 2023) == dates(2023, ["01-02", "01-16", "02-20", "04-07", "05-29", "06-19", "07-04", "09-04", "11-23", "12-25"]))
        #expect(earlyCloses(nyse, 2023) == ["2023-07-03 13:00", "2023-11-24 13:00"])
    }

    // NYSE Group release 2021-12-27: 2024 holidays; early closes Wednesday July 3,
    // Friday November 29 and Tuesday December 24.
    @Test func published2024() {
        #expect(closedDays(nyse, 2024) == dates(2024, ["01-01", "01-15", "02-19", "03-29", "05-27", "06-19", "07-04", "09-02", "11-28", "12-25"]))
        #expect(earlyCloses(nyse, 2024) == ["2024-07-03 13:00", "2024-11-29 13:00", "2024-12-24 13:00"])
    }

    // NYSE Group release 2024-11-08 (2025-2027) plus the NYSE Group announcement of
    // 2024-12-30 closing all markets on 2025-01-09 (National Day of Mourning, Jimmy Carter).
    // Christmas Eve: "Each market will close early at 1:00 p.m. … on Wednesday, Dec. 24,
    // 2025" (nyse.com, quoted by NDTV Profit 2025-12-24); NYSE and Nasdaq kept that and a
    // full day on December 26 despite the federal closure order (statements of 2025-12-19).
    @Test func published2025() {
        #expect(closedDays(nyse, 2025) == dates(2025, ["01-01", "01-09", "01-20", "02-17", "04-18", "05-26", "06-19", "07-04", "09-01", "11-27", "12-25"]))
        #expect(earlyCloses(nyse, 2025) == ["2025-07-03 13:00", "2025-11-28 13:00", "2025-12-24 13:00"])
    }

    // NYSE Group release 2025-12-23 (2026-2028): Independence Day observed Friday July 3,
    // so no early close before it; day after Thanksgiving and Christmas Eve at 13:00.
    @Test func published2026() {
        #expect(closedDays(nyse, 2026) == dates(2026, ["01-01", "01-19", "02-16", "04-03", "05-25", "06-19", "07-03", "09-07", "11-26", "12-25"]))
        #expect(earlyCloses(nyse, 2026) == ["2026-11-27 13:00", "2026-12-24 13:00"])
    }

    // NYSE Group releases 2024-11-08 and 2025-12-23: Juneteenth observed Friday June 18,
    // Independence Day Monday July 5, Christmas observed Friday December 24.
    @Test func published2027() {
        #expect(closedDays(nyse, 2027) == dates(2027, ["01-01", "01-18", "02-15", "03-26", "05-31", "06-18", "07-05", "09-06", "11-25", "12-24"]))
        #expect(earlyCloses(nyse, 2027) == ["2027-11-26 13:00"])
    }

    // NYSE Group release 2025-12-23: "Because the holiday falls on Saturday,
    // January 1, 2028, no New Year's Day holiday is observed"; early close Monday July 3.
    @Test func published2028() {
        #expect(closedDays(nyse, 2028) == dates(2028, ["01-17", "02-21", "04-14", "05-29", "06-19", "07-04", "09-04", "11-23", "12-25"]))
        #expect(earlyCloses(nyse, 2028) == ["2028-07-03 13:00", "2028-11-24 13:00"])
        #expect(nyse.session(onLocalDay: day("2027-12-31")) != nil)
    }

    // NYSE holiday lists 2009-2015 as republished from nyse.com (JohnZettler's
    // "NYSE US Stock Market Trading Holidays 1962-2016Q1" gist; wallstreetdiary 2013
    // for 2011-2016). 2010-12-31 traded: NYSE notice quoted by creditbubblestocks,
    // 2010-12-28 ("Friday, December 31, 2010 is the end of both a monthly and yearly
    // accounting period; therefore the exchanges will be open").
    @Test func published2009to2015() {
        #expect(closedDays(nyse, 2009) == dates(2009, ["01-01", "01-19", "02-16", "04-10", "05-25", "07-03", "09-07", "11-26", "12-25"]))
        #expect(closedDays(nyse, 2010) == dates(2010, ["01-01", "01-18", "02-15", "04-02", "05-31", "07-05", "09-06", "11-25", "12-24"]))
        #expect(closedDays(nyse, 2011) == dates(2011, ["01-17", "02-21", "04-22", "05-30", "07-04", "09-05", "11-24", "12-26"]))
        #expect(closedDays(nyse, 2012) == dates(2012, ["01-02", "01-16", "02-20", "04-06", "05-28", "07-04", "09-03", "10-29", "10-30", "11-22", "12-25"]))
        #expect(closedDays(nyse, 2013) == dates(2013, ["01-01", "01-21", "02-18", "03-29", "05-27", "07-04", "09-02", "11-28", "12-25"]))
        #expect(closedDays(nyse, 2014) == dates(2014, ["01-01", "01-20", "02-17", "04-18", "05-26", "07-04", "09-01", "11-27", "12-25"]))
        #expect(closedDays(nyse, 2015) == dates(2015, ["01-01", "01-19", "02-16", "04-03", "05-25", "07-03", "09-07", "11-26", "12-25"]))
        #expect(nyse.session(onLocalDay: day("2010-12-31")) != nil)
        // wallstreetdiary's copy of the NYSE 2014-2016 partial-holiday table.
        #expect(earlyCloses(nyse, 2014) == ["2014-07-03 13:00", "2014-11-28 13:00", "2014-12-24 13:00"])
        #expect(earlyCloses(nyse, 2015) == ["2015-11-27 13:00", "2015-12-24 13:00"])
    }

    // US equity holidays 1998-2008 as LEAN publishes them "from the NYSE website"
    // (QuantConnect docs, US Equity market hours): includes 2001-09-11..14 and
    // 2004-06-11, 2007-01-02; no New Year's holiday in 2005 (Saturday).
    @Test func published2000to2008() {
        #expect(closedDays(nyse, 2000) == dates(2000, ["01-17", "02-21", "04-21", "05-29", "07-04", "09-04", "11-23", "12-25"]))
        #expect(closedDays(nyse, 2001) == dates(2001, ["01-01", "01-15", "02-19", "04-13", "05-28", "07-04", "09-03", "09-11", "09-12", "09-13", "09-14", "11-22", "12-25"]))
        #expect(closedDays(nyse, 2004) == dates(2004, ["01-01", "01-19", "02-16", "04-09", "05-31", "06-11", "07-05", "09-06", "11-25", "12-24"]))
        #expect(closedDays(nyse, 2005) == dates(2005, ["01-17", "02-21", "03-25", "05-30", "07-04", "09-05", "11-24", "12-26"]))
        #expect(closedDays(nyse, 2006) == dates(2006, ["01-02", "01-16", "02-20", "04-14", "05-29", "07-04", "09-04", "11-23", "12-25"]))
        #expect(closedDays(nyse, 2007) == dates(2007, ["01-01", "01-02", "01-15", "02-19", "04-06", "05-28", "07-04", "09-03", "11-22", "12-25"]))
        // joshuaulrich's "NYSE holidays - early and complete closes" (2023): short days 09:30-13:00.
        #expect(earlyCloses(nyse, 2000) == ["2000-07-03 13:00", "2000-11-24 13:00"])
        #expect(earlyCloses(nyse, 2001).prefix(2) == ["2001-07-03 13:00", "2001-11-23 13:00"])
    }

    // Every ad hoc closure 2000-2025, each as announced: September 11 attacks (markets
    // reopened Monday 2001-09-17), Reagan 2004-06-11, Ford 2007-01-02 (Washington Post/AP
    // 2006-12-30), Hurricane Sandy 2012-10-29/30 (NYSE releases), G. H. W. Bush
    // 2018-12-05 (NYSE; Strata commit of 2018-12-04), Carter 2025-01-09 (NYSE Group 2024-12-30).
    @Test func adHocClosures() {
        for d in ["2001-09-11", "2001-09-12", "2001-09-13", "2001-09-14", "2004-06-11", "2007-01-02",
                  "2012-10-29", "2012-10-30", "2018-12-05", "2025-01-09"] {
            #expect(nyse.session(onLocalDay: day(d)) == nil, "\(d) should be closed")
            #expect(calendar("XNAS").session(onLocalDay: day(d)) == nil, "\(d) should be closed on Nasdaq")
        }
        for d in ["2001-09-10", "2001-09-17", "2004-06-10", "2004-06-14", "2007-01-03", "2012-10-26", "2012-10-31", "2018-12-04", "2018-12-06", "2025-01-08", "2025-01-10"] {
            #expect(nyse.session(onLocalDay: day(d)) != nil, "\(d) should trade")
        }
    }

    // NYSE closings list (pandas_market_calendars transcription): 13:00 close on
    // Friday 2002-07-05 (before 2013 a Thursday Independence Day gave the Friday
    // after) and on 2003-12-26; 2002-09-11 opened at noon (ABC News, Variety 2002-09-11).
    @Test func oneOffHours() {
        #expect(hoursText(nyse, nyse.session(onLocalDay: day("2002-07-05"))) == "09:30-13:00")
        #expect(hoursText(nyse, nyse.session(onLocalDay: day("2002-07-03"))) == "09:30-16:00")
        #expect(hoursText(nyse, nyse.session(onLocalDay: day("2003-12-26"))) == "09:30-13:00")
        let anniversary = nyse.session(onLocalDay: day("2002-09-11"))
        #expect(hoursText(nyse, anniversary) == "12:00-16:00")
        #expect(anniversary?.lateOpen == true && anniversary?.earlyClose == false)
        // Since 2013 the Wednesday before a Thursday Independence Day closes early and
        // the Friday after is a full day (2019, 2024: NYSE Group releases).
        #expect(hoursText(nyse, nyse.session(onLocalDay: day("2013-07-03"))) == "09:30-13:00")
        #expect(hoursText(nyse, nyse.session(onLocalDay: day("2019-07-05"))) == "09:30-16:00")
        #expect(hoursText(nyse, nyse.session(onLocalDay: day("2024-07-05"))) == "09:30-16:00")
    }

    // Trading days a year: GAUSS's annualTradingDays(2023) = 250 (docs.aptech.com);
    // the others are the weekdays less the weekday closures the NYSE Group releases
    // list (2024: 262 weekdays, 10 holidays).
    @Test func sessionsPerYear() {
        #expect(nyse.sessionCount(inYear: 2020) == 253)
        #expect(nyse.sessionCount(inYear: 2021) == 252)
        #expect(nyse.sessionCount(inYear: 2022) == 251)
        #expect(nyse.sessionCount(inYear: 2023) == 250)
        #expect(nyse.sessionCount(inYear: 2024) == 252)
        #expect(nyse.sessionCount(inYear: 2025) == 250)
    }

    // Regular hours are America/New_York wall times across DST (EST -05:00, EDT -04:00).
    @Test func hoursFollowDaylightSaving() {
        let winter = nyse.session(onLocalDay: day("2024-03-08"))
        let summer = nyse.session(onLocalDay: day("2024-03-11"))
        #expect(winter?.open == at("2024-03-08T14:30:00Z") && winter?.close == at("2024-03-08T21:00:00Z"))
        #expect(summer?.open == at("2024-03-11T13:30:00Z") && summer?.close == at("2024-03-11T20:00:00Z"))
        #expect(nyse.session(onLocalDay: day("2024-11-04"))?.open == at("2024-11-04T14:30:00Z"))
    }

    @Test func nasdaqFollowsTheSameCalendar() {
        let nasdaq = calendar("XNAS")
        for year in 2000...2035 {
            #expect(closedDays(nasdaq, year) == closedDays(nyse, year), "closures \(year)")
        }
        #expect(hoursText(nasdaq, nasdaq.session(onLocalDay: day("2024-07-03"))) == "09:30-13:00")
    }
}
