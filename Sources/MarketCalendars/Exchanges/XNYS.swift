extension ExchangeDescription {
    /// New York Stock Exchange, 09:30-16:00 America/New_York.
    ///
    /// Sources: NYSE Rule 7.2 (Saturday holidays close the Friday before unless
    /// that Friday ends a month or year, so New Year's Day on a Saturday closes
    /// nothing); NYSE Group's annual "Holiday and Early Closings Calendar"
    /// releases (2019-12-09, 2020-12-28, 2021-12-27, 2024-11-08, 2025-12-23,
    /// covering 2020-2028); NYSE's historical closings list as transcribed by
    /// pandas_market_calendars (`holidays/nyse.py`) for 2000-2019; the
    /// exchanges' announcements for each ad hoc closure (dated below).
    package static let xnys = ExchangeDescription(
        mic: "XNYS",
        name: "New York Stock Exchange",
        timeZone: "America/New_York",
        hours: [TradingHours(open: wall(9, 30), close: wall(16))],
        holidays: usEquityHolidays,
        earlyCloses: usEquityEarlyCloses,
        closures: usEquityClosures,
        specialHours: [
            // First anniversary of 11 September: opened at noon (ABC News and
            // Variety, 2002-09-11; NYSE had first announced 11:00).
            SpecialHours(CivilDate(2002, 9, 11), open: wall(12), "September 11 anniversary late open"),
            // Friday after Christmas 2003: 13:00 close (NYSE closings list).
            SpecialHours(CivilDate(2003, 12, 26), close: wall(13), "Day after Christmas early close"),
        ],
        notes: usEquityNotes)

    /// Nasdaq Stock Market: the same holidays, ad hoc closures and 13:00 early
    /// closes as the NYSE (Nasdaq Trader's U.S. holiday schedules), 09:30-16:00.
    package static let xnas = ExchangeDescription(
        mic: "XNAS",
        name: "Nasdaq Stock Market",
        timeZone: "America/New_York",
        hours: [TradingHours(open: wall(9, 30), close: wall(16))],
        holidays: usEquityHolidays,
        earlyCloses: usEquityEarlyCloses,
        closures: usEquityClosures,
        specialHours: [SpecialHours(CivilDate(2003, 12, 26), close: wall(13), "Day after Christmas early close")],
        notes: usEquityNotes + " XNAS leaves out the NYSE's 2002-09-11 late open: Nasdaq also opened late that day, but its exact time is not established here.")

    static let usEquityNotes = """
        Vouched for 2000-2035 (rules, and ad hoc closures through 2025). Not modelled: \
        unannounced intraday disruptions (2005-06-01 15:56 close) and moments of \
        silence that delayed the open by a few minutes (2001-09-17, 2001-10-08, \
        2003-03-20, 2004-06-07, 2006-12-27). Future ad hoc closures cannot be known.
        """

    static let usEquityHolidays: [HolidayRule] = [
        // New Year's Day on a Saturday is not observed on Friday December 31 (NYSE Rule 7.2).
        HolidayRule("New Year's Day", .fixed(1, 1), observance: .sundayToMonday),
        HolidayRule("Martin Luther King Jr. Day", .nth(3, .monday, of: 1), years: YearRange(from: 1998)),
        HolidayRule("Washington's Birthday", .nth(3, .monday, of: 2), years: YearRange(from: 1971)),
        HolidayRule("Good Friday", .easter(-2), years: YearRange(from: 1908)),
        HolidayRule("Memorial Day", .last(.monday, of: 5), years: YearRange(from: 1971)),
        HolidayRule("Juneteenth National Independence Day", .fixed(6, 19), observance: .nearestWeekday, years: YearRange(from: 2022)),
        HolidayRule("Independence Day", .fixed(7, 4), observance: .nearestWeekday),
        HolidayRule("Labor Day", .nth(1, .monday, of: 9), years: YearRange(from: 1887)),
        HolidayRule("Thanksgiving Day", .nth(4, .thursday, of: 11), years: YearRange(from: 1942)),
        HolidayRule("Christmas Day", .fixed(12, 25), observance: .nearestWeekday),
    ]

    static let usEquityEarlyCloses: [EarlyCloseRule] = [
        // July 3 when Independence Day is a Tuesday, Wednesday or Friday (1995 on),
        EarlyCloseRule("Day before Independence Day", .fixed(7, 3), close: wall(13),
                       onlyOn: [.monday, .tuesday, .thursday], years: YearRange(from: 1995)),
        // and when it is a Thursday: Wednesday July 3 from 2013 (2013-07-03 was the first),
        EarlyCloseRule("Day before Independence Day", .fixed(7, 3), close: wall(13),
                       onlyOn: .wednesday, years: YearRange(from: 2013)),
        // Friday July 5 before that (2002-07-05).
        EarlyCloseRule("Day after Independence Day", .fixed(7, 5), close: wall(13),
                       onlyOn: .friday, years: YearRange(from: 1996, through: 2012)),
        EarlyCloseRule("Day after Thanksgiving", DayRule.nth(4, .thursday, of: 11).plus(1), close: wall(13),
                       years: YearRange(from: 1993)),
        // A weekday Christmas Eve; on a Friday it is the observed Christmas holiday instead.
        EarlyCloseRule("Christmas Eve", .fixed(12, 24), close: wall(13), onlyOn: .weekdays, years: YearRange(from: 1999)),
    ]

    static let usEquityClosures: [DatedClosure] = [
        // Attacks on the World Trade Center; markets reopened 2001-09-17.
        DatedClosure(CivilDate(2001, 9, 11), "September 11 attacks"),
        DatedClosure(CivilDate(2001, 9, 12), "September 11 attacks"),
        DatedClosure(CivilDate(2001, 9, 13), "September 11 attacks"),
        DatedClosure(CivilDate(2001, 9, 14), "September 11 attacks"),
        // National days of mourning for former presidents.
        DatedClosure(CivilDate(2004, 6, 11), "National Day of Mourning: Ronald Reagan"),
        DatedClosure(CivilDate(2007, 1, 2), "National Day of Mourning: Gerald Ford"),
        DatedClosure(CivilDate(2018, 12, 5), "National Day of Mourning: George H. W. Bush"),
        // Announced 2024-12-30 by NYSE Group and Nasdaq.
        DatedClosure(CivilDate(2025, 1, 9), "National Day of Mourning: Jimmy Carter"),
        // Hurricane Sandy (NYSE press releases; Nasdaq ETA2012-44).
        DatedClosure(CivilDate(2012, 10, 29), "Hurricane Sandy"),
        DatedClosure(CivilDate(2012, 10, 30), "Hurricane Sandy"),
    ]
}
