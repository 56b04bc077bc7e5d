import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// Each timeline rule and option through the compiler, with real zone transitions.
@Suite struct RuleTests {
    func widget(_ timeline: String, zone: String = "America/New_York", extra: String = "") throws -> SimulatedWidget {
        try SimulatedWidget(yaml: """
            kind: test.rule
            displayName: Rule
            description: A rule under test.
            timeZone: \(zone)
            \(extra)
            content: { time: "{{entry.time}}", index: "{{entry.index}}" }
            timeline:
            \(timeline)
            """)
    }

    func firstTimeline(_ w: SimulatedWidget, from: String, hours: Int64 = 6) throws -> Timeline {
        let start = at(from)
        let end = (start + hours * 3600).iso8601(offset: 0)
        return try #require(w.run(from: from, until: end).reloads.first).timeline
    }

    @Test func alignedEveryKeepsTheLocalClockThroughTheFallBackFold() throws {
        let w = try widget("  every: 30m\n  horizon: 3h")
        // 2026-11-01: New York falls back from 02:00 EDT to 01:00 EST.
        let t = try firstTimeline(w, from: "2026-11-01T00:10:00-04:00")
        // Three real hours end at 02:10 EST, since 01:00-02:00 happened twice.
        #expect(t.entries.map { $0.content["time"] } == ["00:10", "00:30", "01:00", "01:30", "01:00", "01:30", "02:00"])
        #expect(t.dates[4] - t.dates[2] == 3600)  // the repeated 01:00, an hour later
        #expect(t.policy == .atEnd)
    }

    @Test func cronSkipsTheSpringForwardGap() throws {
        let w = try widget("  cron: \"30 * * * *\"\n  horizon: 4h")
        // 2026-03-08: 02:00 EST jumps to 03:00 EDT, so 02:30 does not exist.
        let t = try firstTimeline(w, from: "2026-03-08T00:00:00-05:00")
        // Four real hours end at 05:00 EDT.
        #expect(t.entries.map { $0.content["time"] } == ["00:00", "00:30", "01:30", "03:30", "04:30"])
    }

    @Test func cronVixieDayRule() throws {
        // Day of month 1 OR Monday (neither field starts with '*').
        let w = try widget("  cron: \"0 9 1 * MON\"\n  horizon: 10d", zone: "UTC")
        let t = try firstTimeline(w, from: "2026-11-29T00:00:00Z")
        #expect(t.dates.dropFirst() == ["2026-11-30", "2026-12-01", "2026-12-07"].map { at("\($0)T09:00:00Z") }[...])
    }

    @Test func dailySlotInTheGapMovesForward() throws {
        let w = try widget("  daily:\n    - { at: \"02:30\", name: night }\n  horizon: 2d", zone: "America/New_York")
        let t = try firstTimeline(w, from: "2026-03-07T12:00:00-05:00", hours: 1)
        #expect(t.dates.dropFirst() == [at("2026-03-08T03:30:00-04:00"), at("2026-03-09T02:30:00-04:00")][...])
    }

    @Test func kathmanduAlignsToItsOwnQuarterHours() throws {
        let w = try widget("  every: 15m\n  horizon: 30m", zone: "Asia/Kathmandu")
        let t = try firstTimeline(w, from: "2026-11-29T10:05:00+05:45", hours: 1)
        #expect(t.entries.map { $0.content["time"] } == ["10:05", "10:15", "10:30"])
    }

    @Test func unalignedEveryCountsFromTheRequest() throws {
        let w = try widget("  every: 25m\n  align: false\n  horizon: 1h", zone: "UTC")
        let t = try firstTimeline(w, from: "2026-11-29T10:07:00Z", hours: 1)
        #expect(t.entries.map { $0.content["time"] } == ["10:07", "10:32", "10:57"])
    }

    @Test func onceIsOneEntryAndNever() throws {
        let w = try widget("  once: true")
        let (reloads, _) = try w.run(from: "2026-11-29T10:00:00Z", until: "2026-11-30T10:00:00Z")
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.entries.count == 1)
        #expect(reloads[0].timeline.policy == .never)
    }

    @Test func maxEntriesAndPolicyOverride() throws {
        let w = try widget("  every: 1m\n  maxEntries: 5\n  policy: { after: 2h }", zone: "UTC")
        let (reloads, _) = try w.run(from: "2026-11-29T10:00:00Z", until: "2026-11-29T13:00:00Z")
        #expect(reloads[0].timeline.entries.count == 5)
        #expect(reloads[0].timeline.entries.map { $0.content["index"] } == [0, 1, 2, 3, 4])
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T12:00:00Z")))
        #expect(reloads[1].reason == .after)
    }

    @Test func relativeEventCutsTheTimeline() throws {
        let w = try widget("  hourly: true\n  events:\n    - at: \"+90m\"", zone: "UTC")
        let t = try firstTimeline(w, from: "2026-11-29T10:00:00Z")
        #expect(t.dates == [at("2026-11-29T10:00:00Z"), at("2026-11-29T11:00:00Z")])
        #expect(t.policy == .after(at("2026-11-29T11:30:00Z")))
    }

    /// `at: "+{{param.warnAt}}"` with a duration parameter renders `+12h`: it compiles and cuts the timeline.
    @Test func templatedRelativeEventCompilesAndCuts() throws {
        let w = try widget(
            "  hourly: true\n  events:\n    - at: \"+{{param.warnAt}}\"", zone: "UTC",
            extra: "parameters:\n  warnAt: { type: duration, default: 90m }")
        let t = try firstTimeline(w, from: "2026-11-29T10:00:00Z")
        #expect(t.dates == [at("2026-11-29T10:00:00Z"), at("2026-11-29T11:00:00Z")])
        #expect(t.policy == .after(at("2026-11-29T11:30:00Z")))
        let (reloads, _) = try w.run(
            from: "2026-11-29T10:00:00Z", until: "2026-11-29T11:00:00Z", parameters: ["warnAt": "30m"])
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T10:30:00Z")))
    }

    /// `every: "{{param.n}}m"` and `policy: {after: "+{{param.d}}"}` compile and run.
    @Test func templatedEveryAndRelativePolicyRun() throws {
        let w = try widget(
            "  every: \"{{param.n}}m\"\n  maxEntries: 3\n  policy: { after: \"+{{param.d}}\" }", zone: "UTC",
            extra: "parameters:\n  n: { type: integer, default: 15 }\n  d: { type: duration, default: 2h }")
        let t = try firstTimeline(w, from: "2026-11-29T10:00:00Z")
        #expect(t.dates == [at("2026-11-29T10:00:00Z"), at("2026-11-29T10:15:00Z"), at("2026-11-29T10:30:00Z")])
        #expect(t.policy == .after(at("2026-11-29T12:00:00Z")))
    }

    @Test func familyContentOverridesAndNullRemoves() throws {
        let w = try widget("  once: true", extra: "families: [systemSmall, systemLarge]\nfamilyContent:\n  systemLarge: { time: big, index: null }")
        let large = try #require(w.run(from: "2026-11-29T10:00:00Z", until: "2026-11-29T11:00:00Z", family: .systemLarge).reloads.first)
        #expect(large.timeline.entries[0].content["time"] == "big")
        #expect(large.timeline.entries[0].content["index"] == nil)
    }
}
