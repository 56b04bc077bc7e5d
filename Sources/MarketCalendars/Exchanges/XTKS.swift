extension ExchangeDescription {
    /// Tokyo Stock Exchange (equities), Asia/Tokyo, with a lunch break:
    /// 09:00-11:00 / 12:30-15:00 until 2011-11-18, 09:00-11:30 / 12:30-15:00 from
    /// 2011-11-21 (Mainichi and NTV, 2011-11-21), 09:00-11:30 / 12:30-15:30 from
    /// 2024-11-05 (Jiji Press, 2024-11-05).
    ///
    /// Closed on Japan's national holidays (the Act on National Holidays: fixed
    /// and "Happy Monday" holidays, equinoxes, the Sunday substitute holiday and
    /// the citizens' holiday between two holidays) and on December 31 and
    /// January 2-3 (JPX market holidays). Until 2009 the first and last trading
    /// days of the year were half days, morning session only (TSE release
    /// 2008-02-28: full days from the 2009 year-end and the 2010 first day).
    /// Sources: JPX holiday calendars (2016 via ryt9, 2017-2018, 2022-2023 as
    /// republished), JPX release 2018-12-21 (2019 accession days), JPX release
    /// 2020-10-19 (2020-10-01 system failure).
    package static let xtks = ExchangeDescription(
        mic: "XTKS",
        name: "Tokyo Stock Exchange",
        timeZone: "Asia/Tokyo",
        hours: [
            TradingHours(open: wall(9), close: wall(15), breakStart: wall(11), breakEnd: wall(12, 30)),
            TradingHours(from: CivilDate(2011, 11, 21), open: wall(9), close: wall(15), breakStart: wall(11, 30), breakEnd: wall(12, 30)),
            TradingHours(from: CivilDate(2024, 11, 5), open: wall(9), close: wall(15, 30), breakStart: wall(11, 30), breakEnd: wall(12, 30)),
        ],
        holidays: [
            // Exchange year-end holidays (not national holidays: no substitutes).
            HolidayRule("New Year's Day", .fixed(1, 1), observance: .sundayToNextFreeDay),
            HolidayRule("Market Holiday", .fixed(1, 2), marketOnly: true),
            HolidayRule("Market Holiday", .fixed(1, 3), marketOnly: true),
            HolidayRule("Market Holiday", .fixed(12, 31), marketOnly: true),
            HolidayRule("Coming of Age Day", .nth(2, .monday, of: 1), years: YearRange(from: 2000)),
            HolidayRule("National Foundation Day", .fixed(2, 11), observance: .sundayToNextFreeDay),
            HolidayRule("Emperor's Birthday", .fixed(2, 23), observance: .sundayToNextFreeDay, years: YearRange(from: 2020)),
            HolidayRule("Vernal Equinox Day", DayRule(.marchEquinoxJapan), observance: .sundayToNextFreeDay),
            HolidayRule("Greenery Day", .fixed(4, 29), observance: .sundayToNextFreeDay, years: YearRange(from: 1989, through: 2006)),
            HolidayRule("Showa Day", .fixed(4, 29), observance: .sundayToNextFreeDay, years: YearRange(from: 2007)),
            HolidayRule("Constitution Memorial Day", .fixed(5, 3), observance: .sundayToNextFreeDay),
            // Before 2007 May 4 was a citizens' holiday (bridged between May 3 and 5).
            HolidayRule("Greenery Day", .fixed(5, 4), observance: .sundayToNextFreeDay, years: YearRange(from: 2007)),
            HolidayRule("Children's Day", .fixed(5, 5), observance: .sundayToNextFreeDay),
            HolidayRule("Marine Day", .fixed(7, 20), observance: .sundayToNextFreeDay, years: YearRange(from: 1996, through: 2002)),
            // Moved in 2020 and 2021 for the Tokyo Olympics (dated closures below).
            HolidayRule("Marine Day", .nth(3, .monday, of: 7), years: YearRange(from: 2003, except: [2020, 2021])),
            HolidayRule("Mountain Day", .fixed(8, 11), observance: .sundayToNextFreeDay, years: YearRange(from: 2016, except: [2020, 2021])),
            HolidayRule("Respect for the Aged Day", .fixed(9, 15), observance: .sundayToNextFreeDay, years: YearRange(through: 2002)),
            HolidayRule("Respect for the Aged Day", .nth(3, .monday, of: 9), years: YearRange(from: 2003)),
            HolidayRule("Autumnal Equinox Day", DayRule(.septemberEquinoxJapan), observance: .sundayToNextFreeDay),
            HolidayRule("Sports Day", .nth(2, .monday, of: 10), years: YearRange(from: 2000, except: [2020, 2021])),
            HolidayRule("Culture Day", .fixed(11, 3), observance: .sundayToNextFreeDay),
            HolidayRule("Labour Thanksgiving Day", .fixed(11, 23), observance: .sundayToNextFreeDay),
            HolidayRule("Emperor's Birthday", .fixed(12, 23), observance: .sundayToNextFreeDay, years: YearRange(from: 1989, through: 2018)),
        ],
        earlyCloses: [
            // Half days (morning session only) until the 2009 year-end.
            EarlyCloseRule("First trading day (half day)", .fixed(1, 4), close: wall(11), shift: .nextTradingDay,
                           years: YearRange(through: 2009)),
            EarlyCloseRule("Last trading day (half day)", .fixed(12, 30), close: wall(11), shift: .previousTradingDay,
                           years: YearRange(through: 2008)),
        ],
        closures: [
            DatedClosure(CivilDate(2019, 4, 30), "National holiday (Emperor's abdication)"),
            DatedClosure(CivilDate(2019, 5, 1), "Accession of the Emperor"),
            DatedClosure(CivilDate(2019, 5, 2), "National holiday"),
            DatedClosure(CivilDate(2019, 10, 22), "Enthronement Ceremony"),
            DatedClosure(CivilDate(2020, 7, 23), "Marine Day (Olympics)"),
            DatedClosure(CivilDate(2020, 7, 24), "Sports Day (Olympics)"),
            DatedClosure(CivilDate(2020, 8, 10), "Mountain Day (Olympics)"),
            DatedClosure(CivilDate(2020, 10, 1), "Equity trading system failure"),
            DatedClosure(CivilDate(2021, 7, 22), "Marine Day (Olympics)"),
            DatedClosure(CivilDate(2021, 7, 23), "Sports Day (Olympics)"),
            // Mountain Day 2021 was Sunday August 8; its substitute was Monday August 9.
            DatedClosure(CivilDate(2021, 8, 9), "Mountain Day (observed)"),
        ],
        bridgesDaysBetweenHolidays: true,
        notes: """
            Holidays are computed from the rules for 2000-2035 and checked against JPX's \
            published calendars for 2016-2019 and 2022-2023; equinox days use the standard \
            approximation valid 1980-2099 (the government fixes them a year ahead, so \
            later years are predictions). Not modelled: trading halts shorter than a day \
            and holidays the Diet has not yet enacted. Hours before 2000 are not vouched for.
            """)
}
