import Foundation
import Testing
import WidgetCompiler
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime
@testable import WidgetcRuntimeCore

/// An intent's `swift` effect (docs/swift-hatch.md): checked at the line, carried by the plan,
/// rendered by the runtime for the extension to call before the container effects, and noted by a
/// run, which cannot call it.
@Suite struct SwiftEffectTests {
    static let yaml = """
        kind: com.example.workout
        displayName: Workout
        description: Start a workout.
        data:
          state: { file: workout.json }
        content:
          running: "{{data.state.running}}"
        timeline: { once: true }
        intents:
          start:
            parameters:
              minutes: { type: integer, default: 30 }
            perform:
              - swift: StartWorkout
                args: { minutes: "{{param.minutes}}", kind: run, label: "{{param.minutes}} min" }
              - set: { file: workout.json, at: /running, value: true }

        """

    func shown(_ yaml: String) throws -> [String] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml").map {
            "\($0.severity == .error ? "error" : "warning") \($0.code) \($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    @Test func aSwiftEffectValidatesAndLowers() throws {
        #expect(try shown(Self.yaml) == [])
        let w = try SimulatedWidget(yaml: Self.yaml, data: ["workout.json": #"{"running": false}"#])
        let intent = try #require(w.widget.plan.intents.first)
        #expect(intent.effects.map(\.name) == ["swift", "set"])
        let json = try #require(w.widget.plan.json["intents"]?.array?.first?["perform"]?.array?.first)
        #expect(json == .object(JSONObject([
            ("swift", "StartWorkout"),
            ("args", .object(JSONObject([("minutes", "{{param.minutes}}"), ("kind", "run"), ("label", "{{param.minutes}} min")]))),
        ])))
    }

    @Test func argumentsNameOnlyTheIntentsParametersAtTheirColumn() throws {
        let found = try shown(Self.yaml.replacingOccurrences(of: "label: \"{{param.minutes}} min\"", with: "label: \"{{param.minuets}} min\""))
        #expect(found.count == 1, "\(found)")
        #expect(found == ["error intent-template 15:68 intent 'start': '{{param.minuets}}' names no parameter of the intent (did you mean 'minutes'?) (its parameters: minutes)"])
    }

    @Test func aSwiftEffectWithAnotherEffectInOneItemIsAnError() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "      - set: {", with: "        set: {")
        let found = try shown(yaml)
        #expect(found == ["error intent-effect 14:9 intent 'start': an effect does one thing, and this one has 'swift' and 'set'; split it into one item each (they apply in order)"])
    }

    @Test func argsWithoutSwiftIsAnError() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "      - swift: StartWorkout\n        args:", with: "      - args:")
        let found = try shown(yaml)
        #expect(found == ["error missing-key 14:9 missing property 'swift', required when 'args' is present"])
    }

    @Test func theRuntimeRendersTheCallsWithoutTouchingTheContainerAndPerformReportsThem() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: ["workout.json": #"{"running": false}"#])
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(w.widget.plan.json)), timeZone: TimeZone(identifier: "UTC")!)
        let expected = SwiftEffectCall(
            type: "StartWorkout", arguments: SwiftArguments(["minutes": .int(45), "kind": .string("run"), "label": .string("45 min")]))
        #expect(try plan.swiftEffects(intent: "start", arguments: ["minutes": .int(45)]) == [expected])
        let file = w.directory + "/container/workout.json"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == #"{"running": false}"#)
        let performed = try plan.perform(intent: "start", arguments: ["minutes": .int(45)], container: URL(fileURLWithPath: w.directory + "/container"))
        #expect(performed.swiftEffects == [expected])
        #expect(performed.changes.map(\.pointer) == ["/running"])
        // Defaults fill in, as for the container effects.
        #expect(try plan.swiftEffects(intent: "start").first?.arguments.int("minutes") == 30)
        #expect(throws: IntentError.self) { try plan.swiftEffects(intent: "nope") }
    }

    @Test func aRunsTapNotesTheSwiftEffectAndAppliesTheContainerEffects() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: ["workout.json": #"{"running": false}"#])
        let at = try InstantParser.parse("2026-12-06T09:10:00Z").instant
        let intent = try #require(w.widget.plan.intents.first)
        let scenario = Scenario([.tap(at: at, tap: ScenarioTap(kind: "com.example.workout", intent: intent, arguments: JSONObject([("minutes", 20)])))])
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", scenario: scenario)
        #expect(reloads.last?.timeline.entries.first?.content["running"] == true)
        #expect(summary.warnings.map(\.code) == ["swift-effect"])
        #expect(summary.warnings.first?.message.contains("StartWorkout(kind: run, label: 20 min, minutes: 20) runs on the device only") == true, "\(summary.warnings)")
    }
}
