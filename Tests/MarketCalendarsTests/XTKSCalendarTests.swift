import Testing
import WidgetSupport
import WidgetTestSupport
@testable import MarketCalendars

/// XTKS against Japan Exchange Group's published holidays and trading hours.
@Suite("XTKS published calendars")
struct XTKSCalendarTests {
    let tse = calendar("XTKS")

    // JPX holiday calendar 2016 (jpx.co.jp/english/corporate/calendar, via ryt9.com):
    // Vernal Equinox on Sunday 20 March observed Monday 21 March.
    @Test func published2016() {
        #expect(closedDays(tse, 2016) == dates(2016, ["01-01", "01-11", "02-11", "03-21", "04-29", "05-03", "05-04", "05-05",
                                                      "07-18", "08-11", "09-19", "09-22", "10-10", "11-03", "11-23", "12-23"]))
    }

    // JPX 2017 market holidays (stockmarketclock.com listing).
    @Test func published2017() {
        #expect(closedDays(tse, 2017) == dates(2017, ["01-02", "01-03", "01-09", "03-20", "05-03", "05-04", "05-05", "07-17",
                                                      "08-11", "09-18", "10-09", "11-03", "11-23"]))
    }

    // JPX 2018 market holidays: four Sunday holidays observed on Monday
    // (11 Feb, 29 Apr, 23 Sep, 23 Dec).
    @Test func published2018() {
        #expect(closedDays(tse, 2018) == dates(2018, ["01-01", "01-02", "01-03", "01-08", "02-12", "03-21", "04-30", "05-03",
                                                      "05-04", "07-16", "09-17", "09-24", "10-08", "11-23", "12-24", "12-31"]))
    }

    // JPX news release 2018-12-21: additional non-business days 30 April, 1-2 May
    // and 22 October 2019; no Emperor's Birthday in 2019 (Akihito abdicated; Naruhito's
    // is 23 February from 2020).
    @Test func published2019() {
        for d in ["2019-04-30", "2019-05-01", "2019-05-02", "2019-10-22", "2019-04-29", "2019-05-03", "2019-05-06"] {
            #expect(tse.session(onLocalDay: day(d)) == nil, "\(d)")
        }
        #expect(tse.session(onLocalDay: day("2019-12-23")) != nil)
        #expect(tse.session(onLocalDay: day("2020-02-24")) == nil)  // 23 Feb 2020 Sunday, observed Monday
    }

    // Olympic moves (Act on Special Measures for the Tokyo Games) and JPX release
    // 2020-10-19 on the 1 October 2020 equity trading system failure (no trading all day).
    @Test func published2020And2021() {
        for d in ["2020-07-23", "2020-07-24", "2020-08-10", "2020-10-01", "2021-07-22", "2021-07-23", "2021-08-09"] {
            #expect(tse.session(onLocalDay: day(d)) == nil, "\(d)")
        }
        for d in ["2020-07-20", "2020-08-11", "2020-10-12", "2021-07-19", "2021-08-11", "2021-10-11"] {
            #expect(tse.session(onLocalDay: day(d)) != nil, "\(d) was a normal trading day")
        }
    }

    // JPX trading calendar 2022 and 2023 (market24hclock.com, stock-market-holidays.org).
    @Test func published2022And2023() {
        #expect(closedDays(tse, 2022) == dates(2022, ["01-03", "01-10", "02-11", "02-23", "03-21", "04-29", "05-03", "05-04",
                                                      "05-05", "07-18", "08-11", "09-19", "09-23", "10-10", "11-03", "11-23"]))
        #expect(closedDays(tse, 2023) == dates(2023, ["01-02", "01-03", "01-09", "02-23", "03-21", "05-03", "05-04", "05-05",
                                                      "07-17", "08-11", "09-18", "10-09", "11-03", "11-23"]))
    }

    // Citizens' holiday between Respect for the Aged Day and the Autumnal Equinox
    // ("Silver Week"): 22 September 2009 and 2015 (exchange_calendars' list from the
    // Cabinet Office), and 22 September 2026 and 21 September 2032 by the same law.
    @Test func silverWeekBridgeDays() {
        for d in ["2009-09-22", "2015-09-22", "2026-09-22", "2032-09-21"] {
            #expect(tse.closures(inYear: Int(d.prefix(4))!).contains { $0.date.description == d && $0.name == "Citizens' Holiday" }, "\(d)")
        }
    }

    // Equinox days as observed, 2000-2021 (Cabinet Office dates, as listed by
    // exchange_calendars from timeanddate.com), and 2022-2026 (JPX calendars): a
    // Sunday equinox is observed on Monday.
    @Test func equinoxes() {
        let observed = [
            "2000-03-20", "2001-03-20", "2002-03-21", "2003-03-21", "2004-03-20", "2005-03-21", "2006-03-21",
            "2007-03-21", "2008-03-20", "2009-03-20", "2010-03-22", "2011-03-21", "2012-03-20", "2013-03-20",
            "2014-03-21", "2016-03-21", "2017-03-20", "2018-03-21", "2019-03-21", "2020-03-20",
            "2022-03-21", "2023-03-21", "2024-03-20", "2025-03-20", "2026-03-20",
            "2000-09-23", "2001-09-24", "2002-09-23", "2003-09-23", "2004-09-23", "2005-09-23", "2006-09-23",
            "2007-09-24", "2008-09-23", "2009-09-23", "2010-09-23", "2011-09-23", "2012-09-22", "2013-09-23",
            "2014-09-23", "2015-09-23", "2016-09-22", "2017-09-23", "2018-09-24", "2019-09-23", "2020-09-22",
            "2021-09-23", "2022-09-23", "2024-09-23", "2025-09-23", "2026-09-23",
        ]
        for d in observed {
            let y = Int(d.prefix(4))!
            let closed = tse.closures(inYear: y).map(\.date.description)
            // Saturdays are not closures (no session either way).
            if Weekday(day: day(d)) != .saturday { #expect(closed.contains(d), "\(d)") }
        }
    }

    // Hours: morning session to 11:00 until Friday 2011-11-18, to 11:30 from Monday
    // 2011-11-21 (Mainichi Shimbun and NTV, 2011-11-21); afternoon to 15:00 until
    // 2024-11-01, to 15:30 from Tuesday 2024-11-05 (Jiji Press 2024-11-05; Monday
    // 4 November was a holiday, Culture Day observed).
    @Test func hoursChanges() {
        #expect(hoursText(tse, tse.session(onLocalDay: day("2011-11-18"))) == "09:00-15:00 break 11:00-12:30")
        #expect(hoursText(tse, tse.session(onLocalDay: day("2011-11-21"))) == "09:00-15:00 break 11:30-12:30")
        #expect(hoursText(tse, tse.session(onLocalDay: day("2024-11-01"))) == "09:00-15:00 break 11:30-12:30")
        #expect(tse.session(onLocalDay: day("2024-11-04")) == nil)
        #expect(hoursText(tse, tse.session(onLocalDay: day("2024-11-05"))) == "09:00-15:30 break 11:30-12:30")
        #expect(tse.session(onLocalDay: day("2024-11-05"))?.open == at("2024-11-05T00:00:00Z"))
    }

    // Half days: morning session only on the first and last trading days until the
    // 2009 year-end (TSE release 2008-02-28, "年末納会日: 平成21年年末より…終日立会";
    // "年始発会日: 平成22年年初より…終日立会"; kabu.muimi.com 2007: 前場のみ).
    @Test func yearEndHalfDays() {
        #expect(hoursText(tse, tse.session(onLocalDay: day("2008-12-30"))) == "09:00-11:00")
        #expect(tse.session(onLocalDay: day("2008-12-30"))?.earlyClose == true)
        #expect(hoursText(tse, tse.session(onLocalDay: day("2009-01-05"))) == "09:00-11:00")
        #expect(hoursText(tse, tse.session(onLocalDay: day("2009-12-30"))) == "09:00-15:00 break 11:00-12:30")
        #expect(hoursText(tse, tse.session(onLocalDay: day("2010-01-04"))) == "09:00-15:00 break 11:00-12:30")
        // 2007's last trading day was Friday 28 December (29-30 a weekend).
        #expect(hoursText(tse, tse.session(onLocalDay: day("2007-12-28"))) == "09:00-11:00")
        #expect(earlyCloses(tse, 2012).isEmpty)
    }

    // Substitute holidays skip days that are already holidays (since 2007): Golden
    // Week 2020 (3 May Sunday -> 6 May), 2025 (4 May Sunday -> 6 May); but the
    // exchange's own 2-3 January are not public holidays, so New Year's Day on a
    // Sunday (2012, 2023) is substituted on 2 January and 4 January trades.
    @Test func substituteHolidays() {
        #expect(tse.session(onLocalDay: day("2020-05-06")) == nil)
        #expect(tse.session(onLocalDay: day("2025-05-06")) == nil)
        #expect(tse.session(onLocalDay: day("2025-05-07")) != nil)
        #expect(tse.session(onLocalDay: day("2012-01-04")) != nil)
        #expect(tse.session(onLocalDay: day("2023-01-04")) != nil)
    }
}
