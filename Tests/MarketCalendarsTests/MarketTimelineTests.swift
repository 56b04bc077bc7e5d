import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import MarketCalendars

/// The spec's "Market hours" semantics (widget-language.md).
@Suite("Market timeline planner")
struct MarketTimelineTests {
    let nyse = calendar("XNYS")
    let tse = calendar("XTKS")
    let minute: Int64 = 60
    let day: Int64 = 86_400

    func plan(_ c: MarketCalendar, _ t: String, every: Int64, horizon: Int64 = 86_400, max: Int = 1_000) -> MarketPlan {
        let now = at(t)
        return MarketTimeline.plan(calendar: c, every: every, now: now, horizonEnd: now + horizon, maxEntries: max)
    }

    func times(_ c: MarketCalendar, _ p: MarketPlan) -> [String] {
        p.entries.map { c.zone.timeText($0.date) + ($0.state == .open ? "" : "c") }
    }

    @Test func insideASession() {
        let p = plan(nyse, "2024-07-10T10:07:00-04:00", every: 15 * minute)
        var expected = ["10:07"]
        for h in 10...15 { for m in [0, 15, 30, 45] where h * 60 + m > 10 * 60 + 7 { expected.append(String(format: "%02d:%02d", h, m)) } }
        expected.append("16:00c")
        #expect(times(nyse, p) == expected)
        #expect(p.policy == .after(at("2024-07-11T09:30:00-04:00")))
        // market.open / market.close: the current session, then the next one at the close.
        #expect(p.entries.first?.session?.open == at("2024-07-10T09:30:00-04:00"))
        #expect(p.entries.first?.session?.close == at("2024-07-10T16:00:00-04:00"))
        #expect(p.entries.last?.session?.open == at("2024-07-11T09:30:00-04:00"))
    }

    @Test func atTheOpen() {
        let p = plan(nyse, "2024-07-10T09:30:00-04:00", every: 30 * minute)
        #expect(times(nyse, p) == ["09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00c"])
    }

    @Test func beforeTheOpen() {
        let p = plan(nyse, "2024-07-10T08:00:00-04:00", every: 15 * minute)
        #expect(times(nyse, p) == ["08:00c"])
        #expect(p.policy == .after(at("2024-07-10T09:30:00-04:00")))
        #expect(p.entries[0].session?.day == CivilTime.days(year: 2024, month: 7, day: 10))
    }

    /// After a Friday close the reload is exactly Monday's open.
    @Test func fridayCloseReloadsAtMondaysOpen() {
        let late = plan(nyse, "2024-07-12T15:50:00-04:00", every: 15 * minute)
        #expect(times(nyse, late) == ["15:50", "16:00c"])
        #expect(late.policy == .after(at("2024-07-15T09:30:00-04:00")))
        let atClose = plan(nyse, "2024-07-12T16:00:00-04:00", every: 15 * minute)
        #expect(times(nyse, atClose) == ["16:00c"])
        #expect(atClose.policy == .after(at("2024-07-15T09:30:00-04:00")))
        let saturday = plan(nyse, "2024-07-13T12:00:00-04:00", every: 15 * minute)
        #expect(saturday.policy == .after(at("2024-07-15T09:30:00-04:00")))
        #expect(saturday.entries.map(\.state) == [.closed])
    }

    /// A holiday weekend and an early close: Friday 2024-11-29 closes at 13:00, the
    /// next open is Monday December 2.
    @Test func earlyCloseDay() {
        let p = plan(nyse, "2024-11-29T12:20:00-05:00", every: 15 * minute)
        #expect(times(nyse, p) == ["12:20", "12:30", "12:45", "13:00c"])
        #expect(p.policy == .after(at("2024-12-02T09:30:00-05:00")))
        let thanksgiving = plan(nyse, "2024-11-28T10:00:00-05:00", every: 15 * minute)
        #expect(thanksgiving.policy == .after(at("2024-11-29T09:30:00-05:00")))
        let eve = plan(nyse, "2024-12-24T12:50:00-05:00", every: 15 * minute)
        #expect(times(nyse, eve) == ["12:50", "13:00c"])
        #expect(eve.policy == .after(at("2024-12-26T09:30:00-05:00")))
    }

    /// The weekend of a DST change: Friday's close is 21:00Z (EST), Monday's open 13:30Z (EDT).
    @Test func daylightSavingWeekends() {
        let spring = plan(nyse, "2024-03-08T15:55:00-05:00", every: 15 * minute)
        #expect(spring.entries.last?.date == at("2024-03-08T21:00:00Z"))
        #expect(spring.policy == .after(at("2024-03-11T13:30:00Z")))
        let fall = plan(nyse, "2024-11-01T15:55:00-04:00", every: 15 * minute)
        #expect(fall.entries.last?.date == at("2024-11-01T20:00:00Z"))
        #expect(fall.policy == .after(at("2024-11-04T14:30:00Z")))
        // Within the first EDT session the grid stays on the local quarter hours.
        let monday = plan(nyse, "2024-03-11T09:30:00-04:00", every: 15 * minute)
        #expect(monday.entries[1].date == at("2024-03-11T09:45:00-04:00"))
    }

    /// Tokyo's lunch break: no entries inside it, one at its start (closed), the grid
    /// resumes at its end.
    @Test func lunchBreak() {
        let p = plan(tse, "2025-01-06T09:00:00+09:00", every: 15 * minute)
        var expected: [String] = []
        for m in stride(from: 9 * 60, to: 11 * 60 + 30, by: 15) { expected.append(String(format: "%02d:%02d", m / 60, m % 60)) }
        expected.append("11:30c")
        for m in stride(from: 12 * 60 + 30, to: 15 * 60 + 30, by: 15) { expected.append(String(format: "%02d:%02d", m / 60, m % 60)) }
        expected.append("15:30c")
        #expect(times(tse, p) == expected)
        #expect(p.policy == .after(at("2025-01-07T09:00:00+09:00")))
        // With 20 minutes the afternoon grid starts at the break's end (12:30, 12:50, …),
        // not at 09:00 + k·20 (12:40, 13:00, …).
        let twenty = plan(tse, "2025-01-06T11:05:00+09:00", every: 20 * minute)
        #expect(times(tse, twenty) == ["11:05", "11:20", "11:30c", "12:30", "12:50", "13:10", "13:30", "13:50",
                                       "14:10", "14:30", "14:50", "15:10", "15:30c"])
    }

    @Test func duringTheLunchBreak() {
        let p = plan(tse, "2025-01-06T11:45:00+09:00", every: 60 * minute)
        #expect(times(tse, p) == ["11:45c", "12:30", "13:30", "14:30", "15:30c"])
        #expect(p.entries[0].session?.open == at("2025-01-06T09:00:00+09:00"))  // still today's session
        let atBreak = plan(tse, "2025-01-06T11:30:00+09:00", every: 60 * minute)
        #expect(times(tse, atBreak).prefix(2) == ["11:30c", "12:30"])
    }

    /// The horizon and maxEntries cut the timeline like every rule; a cut before the
    /// close makes the policy atEnd so the next request continues the grid.
    @Test func horizonAndMaxEntries() {
        let p = plan(nyse, "2024-07-10T09:30:00-04:00", every: minute, horizon: 3_600)
        #expect(p.entries.count == 61)  // 09:30 through 10:30 inclusive
        #expect(p.entries.last?.date == at("2024-07-10T10:30:00-04:00"))
        #expect(p.policy == .atEnd)
        let capped = plan(nyse, "2024-07-10T09:30:00-04:00", every: 15 * minute, max: 5)
        #expect(times(nyse, capped) == ["09:30", "09:45", "10:00", "10:15", "10:30"])
        #expect(capped.policy == .atEnd)
        // Exactly enough room: the close fits and the policy is the next open.
        let fits = plan(nyse, "2024-07-10T15:00:00-04:00", every: 30 * minute, max: 3)
        #expect(times(nyse, fits) == ["15:00", "15:30", "16:00c"])
        #expect(fits.policy == .after(at("2024-07-11T09:30:00-04:00")))
        // An entry exactly at the horizon's end is included.
        let edge = plan(nyse, "2024-07-10T15:30:00-04:00", every: 15 * minute, horizon: 30 * minute)
        #expect(times(nyse, edge) == ["15:30", "15:45", "16:00c"])
        #expect(edge.policy == .after(at("2024-07-11T09:30:00-04:00")))
    }

    /// Simulates the runtime for a week: request at T, reload per policy. Every entry's
    /// state must match the calendar, and every session's grid must be covered.
    @Test func aSimulatedWeekAgreesWithTheCalendar() {
        for c in [nyse, tse, calendar("XLON")] {
            var t = at("2024-12-20T00:00:00Z")
            let end = at("2025-01-10T00:00:00Z")
            var all: [MarketEntry] = []
            var requests = 0
            while t < end && requests < 10_000 {
                let p = MarketTimeline.plan(calendar: c, every: 15 * minute, now: t, horizonEnd: t + day, maxEntries: 200)
                #expect(p.entries.first?.date == t)
                #expect(zip(p.entries, p.entries.dropFirst()).allSatisfy { $0.date < $1.date }, "\(c.mic) entries out of order at \(t)")
                all += p.entries
                requests += 1
                switch p.policy {
                case .after(let d): t = d
                case .atEnd: t = p.entries.last?.date ?? end
                case .never: t = end
                }
            }
            for e in all {
                #expect((e.state == .open) == c.session(containing: e.date).map { $0.isTrading(at: e.date) } ?? false, "\(c.mic) \(e.date)")
            }
            // Reloads happen only at opens (plus the first request): a closed weekend costs none.
            let opens = Set(c.sessions(from: at("2024-12-20T00:00:00Z"), until: end).map(\.open))
            let requested = Set(all.filter { $0.state == .open }.map(\.date))
            #expect(opens.isSubset(of: requested), "\(c.mic)")
            #expect(requests <= opens.count + 1, "\(c.mic): \(requests) requests")
        }
    }

    @Test func nonsenseArgumentsStillGiveATimeline() {
        let zero = plan(nyse, "2024-07-10T15:59:00-04:00", every: 0)
        #expect(zero.entries.count > 1 && zero.entries.last?.state == .closed)
        // maxEntries 0 counts as 1. With room for the entry at T only, the reload is at the
        // next grid instant: a reload at T (atEnd) would just repeat T.
        let none = plan(nyse, "2024-07-10T12:00:00-04:00", every: 15 * minute, max: 0)
        #expect(none.entries.count == 1 && none.policy == .after(at("2024-07-10T12:15:00-04:00")))
        let short = plan(nyse, "2024-07-10T12:00:00-04:00", every: 15 * minute, horizon: 10 * minute)
        #expect(short.entries.count == 1 && short.policy == .after(at("2024-07-10T12:15:00-04:00")))
        let lunch = plan(tse, "2025-01-06T11:20:00+09:00", every: 60 * minute, max: 1)
        #expect(lunch.policy == .after(at("2025-01-06T11:30:00+09:00")))
    }
}
