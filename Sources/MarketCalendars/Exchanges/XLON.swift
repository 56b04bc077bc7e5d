extension ExchangeDescription {
    /// London Stock Exchange, 08:00-16:30 Europe/London; the market closing
    /// process starts at 12:30 on Christmas Eve and New Year's Eve, or on the last
    /// business day before them when they fall on a weekend (22 and 29 December 2023).
    ///
    /// Holidays are England and Wales bank holidays plus the LSE's one-off
    /// closures. Sources: LSEG "business days" pages (via ryt9 2018; LSE
    /// Christmas arrangements 2007/08; holidaystracker 2012; 2023-2025 coverage
    /// quoting LSE), UK government bank-holiday announcements (2020 VE Day move;
    /// 2022 Platinum Jubilee; 2022 State Funeral; 2023 Coronation), and the
    /// historical one-offs as listed by pandas_market_calendars (`holidays/uk.py`).
    package static let xlon = ExchangeDescription(
        mic: "XLON",
        name: "London Stock Exchange",
        timeZone: "Europe/London",
        hours: [TradingHours(open: wall(8), close: wall(16, 30))],
        holidays: [
            HolidayRule("New Year's Day", .fixed(1, 1), observance: .nextFreeWeekday),
            HolidayRule("Good Friday", .easter(-2)),
            HolidayRule("Easter Monday", .easter(1)),
            // Moved to Friday 8 May for the 50th and 75th VE Day anniversaries.
            HolidayRule("Early May Bank Holiday", .nth(1, .monday, of: 5), years: YearRange(from: 1978, except: [1995, 2020])),
            // Moved for the Golden (2002), Diamond (2012) and Platinum (2022) Jubilees.
            HolidayRule("Spring Bank Holiday", .last(.monday, of: 5), years: YearRange(from: 1971, except: [2002, 2012, 2022])),
            HolidayRule("Summer Bank Holiday", .last(.monday, of: 8), years: YearRange(from: 1971)),
            HolidayRule("Christmas Day", .fixed(12, 25), observance: .nextFreeWeekday),
            HolidayRule("Boxing Day", .fixed(12, 26), observance: .nextFreeWeekday),
        ],
        earlyCloses: [
            EarlyCloseRule("Christmas Eve", .fixed(12, 24), close: wall(12, 30), shift: .previousTradingDay),
            EarlyCloseRule("New Year's Eve", .fixed(12, 31), close: wall(12, 30), shift: .previousTradingDay),
        ],
        closures: [
            DatedClosure(CivilDate(1995, 5, 8), "VE Day 50th anniversary"),
            DatedClosure(CivilDate(1999, 12, 31), "Millennium"),
            DatedClosure(CivilDate(2002, 6, 3), "Golden Jubilee"),
            DatedClosure(CivilDate(2002, 6, 4), "Spring Bank Holiday (moved)"),
            DatedClosure(CivilDate(2011, 4, 29), "Royal Wedding"),
            DatedClosure(CivilDate(2012, 6, 4), "Spring Bank Holiday (moved)"),
            DatedClosure(CivilDate(2012, 6, 5), "Diamond Jubilee"),
            DatedClosure(CivilDate(2020, 5, 8), "Early May Bank Holiday (VE Day)"),
            DatedClosure(CivilDate(2022, 6, 2), "Spring Bank Holiday (moved)"),
            DatedClosure(CivilDate(2022, 6, 3), "Platinum Jubilee"),
            DatedClosure(CivilDate(2022, 9, 19), "State Funeral of Queen Elizabeth II"),
            DatedClosure(CivilDate(2023, 5, 8), "Coronation of King Charles III"),
        ],
        notes: """
            Vouched for 2000-2035 apart from one-off bank holidays not yet announced. \
            The 2000-01-03 closure follows from the New Year rule. Early closes are \
            modelled as the end of trading at 12:30 (the closing auction that follows \
            is not a separate session).
            """)
}
