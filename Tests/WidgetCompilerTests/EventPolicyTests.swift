import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport

/// Spec "events": an `at` after the timeline's last entry makes the policy
/// `after(at)` when the rule's own policy would reload later or never.
@Suite struct EventPolicyTests {
    func character(health: Int, dragon: String) throws -> SimulatedWidget {
        try SimulatedWidget(yaml: """
            kind: test.character
            displayName: Character
            description: Health recovers.
            timeZone: America/New_York
            data:
              character: { file: character.json }
              dragon: { file: dragon.json }
            content: { health: "{{progress}}" }
            timeline:
              progress: { value: "{{data.character.health}}", since: "{{data.character.updated}}", by: 25, every: 1h, to: 100 }
              events:
                - at: "{{data.dragon.at}}"
            """, data: [
                "character.json": #"{"health": \#(health), "updated": "2026-11-29T08:00:00-05:00"}"#,
                "dragon.json": #"{"at": "\#(dragon)"}"#,
            ])
    }

    @Test func theBundledCharacterReloadsWhenTheDragonComes() throws {
        let w = try SimulatedWidget(example: "character")
        let (reloads, summary) = try w.run(from: "2026-11-29T08:00:00-05:00", until: "2026-11-29T20:00:00-05:00")
        #expect(reloads.map(\.at) == ["08", "11", "14"].map { at("2026-11-29T\($0):00:00-05:00") })
        #expect(reloads[1].timeline.policy == .after(at("2026-11-29T14:00:00-05:00")))
        #expect(reloads[2].reason == .after)
        // The dragon has come: nothing more to wait for.
        #expect(reloads[2].timeline.policy == .never)
        #expect(summary.warnings.isEmpty)
    }

    @Test func aFullHealthCharacterStillGetsTheDragon() throws {
        let w = try character(health: 100, dragon: "2026-11-29T14:00:00-05:00")
        let (reloads, _) = try w.run(from: "2026-11-29T08:00:00-05:00", until: "2026-11-30T08:00:00-05:00")
        #expect(reloads[0].timeline.entries.count == 1)
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T14:00:00-05:00")))
        #expect(reloads.map(\.at) == [at("2026-11-29T08:00:00-05:00"), at("2026-11-29T14:00:00-05:00")])
        #expect(reloads[1].timeline.policy == .never)
    }

    @Test func aDragonBeyondTheHorizonCountsToo() throws {
        let w = try character(health: 100, dragon: "2026-12-05T14:00:00-05:00")
        let (reloads, _) = try w.run(from: "2026-11-29T08:00:00-05:00", until: "2026-11-30T08:00:00-05:00")
        #expect(reloads[0].timeline.policy == .after(at("2026-12-05T14:00:00-05:00")))
    }

    @Test func anAtEndThatComesFirstIsKept() throws {
        // Entries until 11:00 (atEnd); the dragon at 14:00 waits for the next timeline.
        let w = try character(health: 25, dragon: "2026-11-29T14:00:00-05:00")
        let (reloads, _) = try w.run(from: "2026-11-29T08:00:00-05:00", until: "2026-11-29T12:00:00-05:00")
        #expect(reloads[0].timeline.policy == .atEnd)
        #expect(reloads[0].timeline.dates.last == at("2026-11-29T11:00:00-05:00"))
    }

    @Test func aPastDragonIsNoEvent() throws {
        let w = try character(health: 100, dragon: "2026-11-29T07:00:00-05:00")
        let (reloads, _) = try w.run(from: "2026-11-29T08:00:00-05:00", until: "2026-11-30T08:00:00-05:00")
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.policy == .never)
    }

    @Test func aLaterExplicitAfterGivesWayToTheEvent() throws {
        let yaml = """
            kind: test.once
            displayName: Once
            description: An explicit policy and an event.
            timeZone: UTC
            content: { time: "{{entry.time}}" }
            timeline:
              once: true
              policy: { after: 6h }
              events:
                - at: "+2h"
                - at: "+9h"
            """
        let (reloads, _) = try SimulatedWidget(yaml: yaml).run(from: "2026-11-29T10:00:00Z", until: "2026-11-29T11:00:00Z")
        #expect(reloads[0].timeline.policy == .after(at("2026-11-29T12:00:00Z")))
        let sooner = yaml.replacingOccurrences(of: "after: 6h", with: "after: 1h")
        let (again, _) = try SimulatedWidget(yaml: sooner).run(from: "2026-11-29T10:00:00Z", until: "2026-11-29T10:30:00Z")
        #expect(again[0].timeline.policy == .after(at("2026-11-29T11:00:00Z")))
    }

    @Test func anEventBeforeTheNextInstantComesFirst() throws {
        let w = try NextInstantPolicyTests().widget("  every: 6h\n  horizon: 1h\n  events:\n    - at: \"+90m\"", zone: "UTC")
        let t = try NextInstantPolicyTests().day(w, from: "2026-11-29T10:00:00Z").reloads[0].timeline
        #expect(t.policy == .after(at("2026-11-29T11:30:00Z")))
        let late = try NextInstantPolicyTests().widget("  every: 6h\n  horizon: 1h\n  events:\n    - at: \"+3h\"", zone: "UTC")
        #expect(try NextInstantPolicyTests().day(late, from: "2026-11-29T10:00:00Z").reloads[0].timeline.policy == .after(at("2026-11-29T12:00:00Z")))
    }

    @Test func theBundledCountdownReloadsAtLiftoffThenStops() throws {
        let w = try SimulatedWidget(example: "countdown")
        let launch = at("2026-12-12T14:30:00-05:00")
        let (reloads, summary) = try w.run(from: "2026-11-29T08:00:00-05:00", until: "2026-12-29T08:00:00-05:00")
        #expect(reloads.map(\.at) == [at("2026-11-29T08:00:00-05:00"), launch])
        #expect(reloads[0].timeline.policy == .after(launch))
        #expect(reloads[1].timeline.policy == .never)
        #expect(summary.budgetUsed == 2)
        #expect(summary.warnings.isEmpty)
        // Started after the launch: one reload, nothing to wait for.
        let (after, quiet) = try w.run(from: "2026-12-20T08:00:00-05:00", until: "2027-01-19T08:00:00-05:00")
        #expect(after.count == 1)
        #expect(after[0].timeline.policy == .never)
        #expect(quiet.warnings.isEmpty)
    }

    @Test func theCountdownCaptionFollowsTheAppsLaunchedFlag() throws {
        let w = try SimulatedWidget(example: "countdown")
        let done = at("2026-12-12T15:00:00-05:00")
        let scenario = Scenario([
            .write(at: done, path: "launch.json", value: ["id": "artemis-3", "mission": "Artemis III", "at": "2026-12-12T14:30:00-05:00", "launched": true]),
            .reload(at: done, kind: nil, where: nil),
        ])
        let (reloads, _) = try w.run(from: "2026-12-12T14:00:00-05:00", until: "2026-12-13T14:00:00-05:00", scenario: scenario)
        #expect(reloads.map { $0.timeline.entries[0].content["caption"] } == ["Until launch", "Until launch", "Launched"])
        #expect(reloads.last?.timeline.policy == .never)
    }
}
