import Testing
import WidgetTime

@Suite struct CivilTimeTests {
    @Test func roundTripsDays() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let (y, m, d) = CivilTime.date(days: days)
            #expect(CivilTime.days(year: y, month: m, day: d) == days)
        }
        #expect(CivilTime.days(year: 2026, month: 11, day: 29) == 20_786)
        #expect(CivilTime.weekday(days: 20_786) == 0)  // 2026-11-29 is a Sunday
    }

    @Test func formatsInstantsWithOffsets() {
        let t = Instant(seconds: 1_795_960_800)  // 2026-11-29T14:00:00Z
        #expect(t.iso8601(offset: -5 * 3600) == "2026-11-29T09:00:00-05:00")
        #expect(t.iso8601(offset: 0) == "2026-11-29T14:00:00+00:00")
        #expect(t.iso8601(offset: 5 * 3600 + 45 * 60) == "2026-11-29T19:45:00+05:45")
        #expect(Instant(seconds: -1).iso8601(offset: 0) == "1969-12-31T23:59:59+00:00")
    }
}
