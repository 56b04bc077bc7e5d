import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// Spec "Timeline rules": a rule with no instant within the horizon asks for
/// `after(its next instant)` (or `never`), so it does not spend the budget.
@Suite struct NextInstantPolicyTests {
    func widget(_ timeline: String, zone: String = "America/New_York", data: [String: String] = [:], extra: String = "") throws -> SimulatedWidget {
        try SimulatedWidget(yaml: """
            kind: test.next
            displayName: Next
            description: A rule whose next instant is beyond the horizon.
            timeZone: \(zone)
            \(extra)
            content: { time: "{{entry.time}}" }
            timeline:
            \(timeline)
            """, data: data)
    }

    func day(_ w: SimulatedWidget, from: String) throws -> (reloads: [Reload], summary: RunSummary) {
        let until = (at(from) + 86_400).iso8601(offset: 0)
        return try w.run(from: from, until: until)
    }

    @Test func cronOnLeapDayWaitsForTheNextLeapDay() throws {
        let w = try widget("  cron: \"0 9 29 2 *\"")
        let (reloads, summary) = try day(w, from: "2026-01-01T00:00:00-05:00")
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.entries.count == 1)
        #expect(reloads[0].timeline.policy == .after(at("2028-02-29T09:00:00-05:00")))
        #expect(summary.budgetUsed == 1)
        #expect(summary.warnings.isEmpty)
    }

    @Test func alignedEveryLongerThanTheHorizon() throws {
        let w = try widget("  every: 6h\n  horizon: 1h")
        let (reloads, _) = try day(w, from: "2026-11-29T10:07:00-05:00")
        #expect(reloads[0].timeline.dates == [at("2026-11-29T10:07:00-05:00")])
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T12:00:00-05:00")))
        // Every reload then lands on the grid: 12:00, 18:00, 00:00, 06:00.
        #expect(reloads.dropFirst().map(\.at) == ["2026-11-29T12", "2026-11-29T18", "2026-11-30T00", "2026-11-30T06"].map { at("\($0):00:00-05:00") })
        #expect(reloads.dropFirst().allSatisfy { $0.reason == .after })
    }

    @Test func unalignedEveryLongerThanTheHorizon() throws {
        let w = try widget("  every: 6h\n  align: false\n  horizon: 1h", zone: "UTC")
        let (reloads, _) = try day(w, from: "2026-11-29T10:07:00Z")
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T16:07:00Z")))
        #expect(reloads.count == 4)
    }

    @Test func dailyWithOneSlotAndAShortHorizon() throws {
        let w = try widget("  daily:\n    - { at: \"08:00\", name: morning }\n  horizon: 1h")
        let (reloads, _) = try day(w, from: "2026-11-29T10:00:00-05:00")
        #expect(reloads[0].timeline.dates == [at("2026-11-29T10:00:00-05:00")])
        #expect(reloads[0].timeline.policy == .after(at("2026-11-30T08:00:00-05:00")))
        #expect(reloads.count == 2)
        #expect(reloads[1].at == at("2026-11-30T08:00:00-05:00"))
    }

    @Test func marketOnAWeekendKeepsAfterTheNextOpen() throws {
        let w = try widget("  market: { exchange: XNYS, every: 15m }")
        // Saturday 2026-11-28.
        let (reloads, _) = try day(w, from: "2026-11-28T10:00:00-05:00")
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.policy == .after(at("2026-11-30T09:30:00-05:00")))
    }

    @Test func progressWhoseNextStepIsBeyondTheHorizon() throws {
        let w = try widget(
            "  progress: { value: 10, since: \"2026-11-29T09:00:00-05:00\", by: 10, every: 2h, to: 100 }\n  horizon: 1h")
        let (reloads, _) = try day(w, from: "2026-11-29T09:30:00-05:00")
        #expect(reloads[0].timeline.dates == [at("2026-11-29T09:30:00-05:00")])
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T11:00:00-05:00")))
    }

    @Test func sequenceStepLongerThanTheHorizon() throws {
        let three = try widget(
            "  sequence: { items: tips, every: 2h }\n  horizon: 1h",
            data: ["tips.json": "[1, 2, 3]"], extra: "data: { tips: { file: tips.json } }")
        #expect(try day(three, from: "2026-11-29T10:00:00-05:00").reloads[0].timeline.policy == .after(at("2026-11-29T12:00:00-05:00")))
        // One record: nothing comes after it.
        let one = try widget(
            "  sequence: { items: tips, every: 2h }", data: ["tips.json": "[1]"], extra: "data: { tips: { file: tips.json } }")
        let (reloads, _) = try day(one, from: "2026-11-29T10:00:00-05:00")
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.policy == .never)
    }

    @Test func maxEntriesOfOneReloadsAtTheNextInstant() throws {
        let w = try widget("  hourly: true\n  maxEntries: 1", zone: "UTC")
        let (reloads, _) = try day(w, from: "2026-11-29T10:07:00Z")
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T11:00:00Z")))
        #expect(reloads.count == 25)  // 10:07, then each hour from 11:00 to 10:00
    }

    @Test func anExplicitPolicyStillWins() throws {
        let w = try widget("  cron: \"0 9 29 2 *\"\n  policy: { after: 6h }", zone: "UTC")
        let (reloads, _) = try day(w, from: "2026-01-01T00:00:00Z")
        #expect(reloads[0].timeline.policy == .after(at("2026-01-01T06:00:00Z")))
        #expect(reloads.count == 4)
    }

    @Test func aNextInstantBeyondEightYearsIsNever() throws {
        // Ten years between instants: the search stops at eight.
        let w = try widget("  every: 3650d\n  align: false", zone: "UTC")
        let (reloads, _) = try day(w, from: "2026-11-29T10:00:00Z")
        #expect(reloads[0].timeline.policy == .never)
        let seven = try widget("  every: 2555d\n  align: false", zone: "UTC")
        #expect(try day(seven, from: "2026-11-29T10:00:00Z").reloads[0].timeline.policy == .after(at("2026-11-29T10:00:00Z") + 2555 * 86_400))
    }

    @Test func aPlaceholderForMissingDataAsksAgainAtTheEarlierOfItsRetryAndTheNextInstant() throws {
        // The data file is missing: one placeholder entry. The cron's next instant is years away,
        // so the file's retry (default 1h) comes first: the app may have written it by then.
        let w = try widget("  cron: \"0 9 29 2 *\"", extra: "data: { feed: { file: feed.json } }")
        let (reloads, _) = try day(w, from: "2026-01-01T00:00:00-05:00")
        #expect(reloads[0].timeline.entries.count == 1)
        #expect(reloads[0].timeline.policy == .after(at("2026-01-01T01:00:00-05:00")))
        // A market on a weekend: an hour later, not its next open on Monday.
        let market = try widget("  market: { exchange: XNYS, every: 15m }", extra: "data: { feed: { file: feed.json } }")
        #expect(try day(market, from: "2026-11-28T10:00:00-05:00").reloads[0].timeline.policy == .after(at("2026-11-28T11:00:00-05:00")))
        // A retry longer than the wait: the next open comes first.
        let patient = try widget("  market: { exchange: XNYS, every: 15m }", extra: "data: { feed: { file: feed.json, retry: 3d } }")
        #expect(try day(patient, from: "2026-11-28T10:00:00-05:00").reloads[0].timeline.policy == .after(at("2026-11-30T09:30:00-05:00")))
    }
}
