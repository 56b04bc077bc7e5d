import Foundation
import Testing
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntimeCore

/// Scenario taps (docs/intents.md, "Simulated taps"): the intent performed on the run's
/// container, the tapped widget reloaded at once (uncounted, not spaced), the kinds the intent
/// names requested like the app's reloads, refusals warned with nothing changed.
@Suite struct TapTests {
    let start = utc(2026, 11, 29, 9)

    /// Shows `state.json`'s `on` (or "missing").
    let reader = ClosureProvider { context in
        let value: JSONValue = json(context.container.read("state.json"))?["on"] ?? "missing"
        return Timeline(entries: [TimelineEntry(date: context.date, content: object(["on": value]))], policy: .never)
    }

    /// Flips `state.json`'s `on` and asks WidgetCenter for the kind `other`.
    static func flip() throws -> PlanIntent {
        PlanIntent(
            name: "flip", title: "Flip", description: nil, parameters: [],
            effects: [.toggle(PlanTarget(file: "state.json", at: try #require(try PointerTemplate("/on")))), .reload(["other"])])
    }

    func run(kind: String, _ events: [ScenarioEvent], budget: Int = 70) -> (reloads: [Reload], taps: [TapRecord], summary: RunSummary) {
        let config = RunConfiguration(kind: kind, family: .systemSmall, from: start, until: start + hour, budget: budget, scenario: Scenario(events))
        var list = ReloadList()
        let summary = WidgetRun(provider: reader, configuration: config).run(into: &list)
        return (list.reloads, list.taps, summary)
    }

    func tap(_ at: Instant) throws -> ScenarioEvent {
        .tap(at: at, tap: ScenarioTap(kind: "k", intent: try Self.flip(), arguments: JSONObject()))
    }

    @Test func aTapReloadsTheTappedWidgetAtOnceUncountedAndNotSpaced() throws {
        let (reloads, taps, summary) = run(kind: "k", [
            .write(at: start, path: "state.json", value: ["on": false]),
            try tap(start + minute), try tap(start + 2 * minute),
        ], budget: 1)
        // A budget of 1 and a spacing of 5 minutes hold neither interaction reload.
        #expect(reloads.map(\.at) == [start, start + minute, start + 2 * minute])
        #expect(reloads.map(\.reason) == [.initial, .interaction, .interaction])
        #expect(reloads.map(\.counted) == [true, false, false])
        #expect(reloads.map { $0.timeline.entries.first?.content["on"] } == [false, true, false])
        #expect(summary.budgetUsed == 1)
        #expect(taps.map(\.effect) == [.interaction, .interaction])
        #expect(taps[0].changes == [IntentChange(file: "state.json", pointer: "/on", old: false, new: true)])
        #expect(taps[1].changes == [IntentChange(file: "state.json", pointer: "/on", old: true, new: false)])
        #expect(taps[0].reloads == ["other"] && taps[0].call == "flip()")
    }

    @Test func theKindsItReloadsGetCountedSpacedRequests() throws {
        let (reloads, taps, summary) = run(kind: "other", [
            .write(at: start, path: "state.json", value: ["on": false]),
            try tap(start + 10 * minute), try tap(start + 11 * minute),
        ])
        // The other widget's run sees the change and the app's requests: counted, the second held by the spacing.
        #expect(reloads.map(\.at) == [start, start + 10 * minute, start + 15 * minute])
        #expect(reloads.map(\.reason) == [.initial, .reload, .reload])
        #expect(reloads.map(\.counted) == [true, true, true])
        #expect(reloads[2].deferredFrom == start + 11 * minute)
        #expect(reloads.map { $0.timeline.entries.first?.content["on"] } == [false, true, false])
        #expect(summary.budgetUsed == 3)
        #expect(taps.map(\.effect) == [.requested, .requested])
    }

    @Test func aWidgetNeitherTappedNorNamedSeesTheChangeOnly() throws {
        let (reloads, taps, _) = run(kind: "third", [.write(at: start, path: "state.json", value: ["on": false]), try tap(start + minute)])
        #expect(reloads.map(\.reason) == [.initial])
        #expect(taps.map(\.effect) == [TapRecord.Effect.none])
        #expect(taps[0].changes.count == 1)
    }

    @Test func aRefusedTapChangesNothingReloadsNothingAndIsWarned() throws {
        let (reloads, taps, summary) = run(kind: "k", [try tap(start + minute)])
        #expect(reloads.map(\.reason) == [.initial])
        #expect(taps.first?.error?.hasPrefix("state.json") == true, "the error names the file: \(taps)")
        #expect(taps.first?.changes.isEmpty == true)
        #expect(summary.warnings.map(\.code) == ["tap-refused"])
        #expect(summary.warnings.first?.message.hasPrefix("tap flip() on k refused, nothing changed: state.json") == true, "\(summary.warnings)")
        #expect(summary.warnings.first?.at == start + minute)
    }

    @Test func aTapBeforeTheWindowChangesTheContainerOnly() throws {
        let (reloads, taps, _) = run(kind: "k", [.write(at: start - hour, path: "state.json", value: ["on": false]), try tap(start - minute)])
        #expect(reloads.map(\.reason) == [.initial])
        #expect(reloads.first?.timeline.entries.first?.content["on"] == true)
        #expect(taps.map(\.effect) == [TapRecord.Effect.none])
    }
}
