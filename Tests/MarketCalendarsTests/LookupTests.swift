import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import MarketCalendars

@Suite("Lookups, cache and listing")
struct LookupTests {
    @Test func eachYearIsBuiltOnce() throws {
        let c = try MarketCalendar(.xnys)  // a private instance: the shared one is used by other tests
        #expect(c.yearsBuilt == 0)
        _ = c.session(onLocalDay: day("2024-07-10"))
        #expect(c.yearsBuilt == 1)
        for d in stride(from: day("2024-01-01"), through: day("2024-12-31"), by: 1) { _ = c.session(onLocalDay: d) }
        #expect(c.yearsBuilt == 1)
        _ = c.session(onLocalDay: day("2025-01-02"))
        _ = c.session(onLocalDay: day("2024-06-01"))
        #expect(c.yearsBuilt == 2)
    }

    @Test func concurrentReadersAgree() async throws {
        let c = try MarketCalendar(.xtks)
        let reference = try MarketCalendar(.xtks)
        let first = day("2000-01-01"), last = day("2035-12-31")
        let expected = (first...last).filter { reference.session(onLocalDay: $0) != nil }.count
        let counts = await withTaskGroup(of: Int.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    var n = 0
                    // Each lane walks the range in its own order so years are built concurrently.
                    for i in 0...(last - first) {
                        let d = lane % 2 == 0 ? first + i : last - i
                        if c.session(onLocalDay: d) != nil { n += 1 }
                    }
                    return n
                }
            }
            var all: [Int] = []
            for await n in group { all.append(n) }
            return all
        }
        #expect(counts == Array(repeating: expected, count: 8))
        #expect(c.yearsBuilt == 36)
    }

    @Test func sessionNavigation() {
        let nyse = calendar("XNYS")
        // Across New Year: 2024-12-31 close -> 2025-01-02 open (1 January closed).
        let next = nyse.nextSession(after: at("2024-12-31T16:00:00-05:00"))
        #expect(next?.date == CivilDate(2025, 1, 2))
        #expect(nyse.nextSession(after: at("2024-12-31T09:29:59-05:00"))?.date == CivilDate(2024, 12, 31))
        #expect(nyse.nextSession(after: at("2024-12-31T09:30:00-05:00"))?.date == CivilDate(2025, 1, 2))
        #expect(nyse.previousSession(before: at("2025-01-02T09:00:00-05:00"))?.date == CivilDate(2024, 12, 31))
        #expect(nyse.session(containing: at("2024-12-31T15:59:59-05:00"))?.date == CivilDate(2024, 12, 31))
        #expect(nyse.session(containing: at("2024-12-31T16:00:00-05:00")) == nil)
        let week = nyse.sessions(from: at("2024-12-23T00:00:00-05:00"), until: at("2024-12-30T00:00:00-05:00"))
        #expect(week.map(\.date.description) == ["2024-12-23", "2024-12-24", "2024-12-26", "2024-12-27"])
        #expect(nyse.sessions(fromDay: day("2024-12-30"), throughDay: day("2025-01-03")).map(\.date.description)
                == ["2024-12-30", "2024-12-31", "2025-01-02", "2025-01-03"])
        #expect(nyse.sessions(fromDay: day("2025-01-03"), throughDay: day("2024-12-30")).isEmpty)
        #expect(nyse.session(onLocalDay: -1_000_000_000) == nil)  // far outside the supported years
        #expect(nyse.sessions(fromDay: -1_000_000_000, throughDay: day("1583-01-10")).map(\.date.description)
                == ["1583-01-03", "1583-01-04", "1583-01-05", "1583-01-06", "1583-01-07", "1583-01-10"])
        #expect(nyse.sessions(fromDay: day("9999-12-31"), throughDay: 1_000_000_000).count == 1)
        #expect(nyse.nextSession(after: Instant(seconds: Int64.max / 2)) == nil)
    }

    @Test func textListing() {
        let tse = calendar("XTKS")
        let text = SessionListing.text(tse.sessions(fromDay: day("2008-12-29"), throughDay: day("2009-01-06")), calendar: tse)
        #expect(text == """
            2008-12-29 Mon 09:00-15:00 break 11:00-12:30
            2008-12-30 Tue 09:00-11:00 early close
            2009-01-05 Mon 09:00-11:00 early close
            2009-01-06 Tue 09:00-15:00 break 11:00-12:30

            """)
        let nyse = calendar("XNYS")
        #expect(SessionListing.text(nyse.sessions(fromDay: day("2002-09-11"), throughDay: day("2002-09-11")), calendar: nyse)
                == "2002-09-11 Wed 12:00-16:00 late open\n")
    }

    @Test func jsonListing() {
        let tse = calendar("XTKS")
        let json = SessionListing.json(tse.sessions(fromDay: day("2024-11-05"), throughDay: day("2024-11-05")), calendar: tse)
        let expected: JSONValue = [["date": "2024-11-05", "open": "2024-11-05T09:00:00+09:00", "close": "2024-11-05T15:30:00+09:00",
                                    "breakStart": "2024-11-05T11:30:00+09:00", "breakEnd": "2024-11-05T12:30:00+09:00",
                                    "earlyClose": false, "lateOpen": false]]
        #expect(json == expected)
        let nyse = calendar("XNYS")
        let eve = SessionListing.json(nyse.sessions(fromDay: day("2024-12-24"), throughDay: day("2024-12-24")), calendar: nyse)
        #expect(eve == [["date": "2024-12-24", "open": "2024-12-24T09:30:00-05:00", "close": "2024-12-24T13:00:00-05:00",
                         "earlyClose": true, "lateOpen": false]])
    }
}
