import Foundation
import Testing
import WidgetSimulator
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import WidgetCompiler
@testable import WidgetcRuntimeCore

/// Intents that set and remove keys of the app group's UserDefaults (docs/intents.md,
/// "UserDefaults keys"): checked against the widget's defaults sources, carried by the plan,
/// performed by a run's tap on the suite's property list in its container, and handed to the
/// generated intent, which writes them through `UserDefaults(suiteName:)`.
@Suite struct IntentDefaultsTests {
    static func yaml(_ perform: String) -> String {
        """
        kind: com.example.steps
        displayName: Steps
        description: A goal from UserDefaults.
        data:
          settings:
            defaults: { goal: 10000, units: metric }
            suite: group.com.example.steps
        content: { goal: "{{data.settings.goal}}", units: "{{data.settings.units}}" }
        timeline: { every: 1h }
        intents:
          raise:
            parameters: { to: { type: integer, default: 12000 } }
            perform:
        \(perform)

        """
    }

    static let valid = yaml("""
              - set: { defaults: goal, value: "{{param.to}}" }
              - remove: { defaults: units }
        """)

    static func diagnostics(_ yaml: String) -> [Diagnostic] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
    }

    @Test func aKeyTheWidgetDoesNotDeclareIsNamedWithADidYouMean() throws {
        #expect(Self.diagnostics(Self.valid).isEmpty, "\(Self.diagnostics(Self.valid).map(\.message))")
        let misspelt = Self.yaml("      - set: { defaults: gaol, value: 3 }")
        let d = try #require(Self.diagnostics(misspelt).first)
        #expect(d.code == "intent-defaults")
        #expect(d.message == "intent 'raise': defaults key 'gaol' is not a key of defaults source 'settings' (did you mean 'goal'?) (its keys: goal, units)")
        #expect(d.location.line == 14)
    }

    @Test func aLiteralOfAnotherTypeThanTheDefaultIsRefused() throws {
        let d = try #require(Self.diagnostics(Self.yaml("      - set: { defaults: goal, value: lots }")).first)
        #expect(d.code == "intent-defaults" && d.message.contains("set writes 'lots' to defaults key 'goal', whose default 10000"))
        // Another suite: nothing declared to compare with.
        #expect(Self.diagnostics(Self.yaml("      - set: { defaults: other, suite: group.other, value: 1 }")).isEmpty)
    }

    @Test func fileAndDefaultsTogetherAreRefusedByTheSchema() {
        let both = Self.yaml("      - set: { defaults: goal, file: a.json, at: /x, value: 1 }")
        #expect(!Self.diagnostics(both).filter { $0.severity == .error }.isEmpty)
    }

    @Test func thePlanCarriesTheKeysWithTheWidgetsSuite() throws {
        let plan = try TypedPlanTests.lowered(Self.valid)
        let effects = try #require(plan.intent(named: "raise")?.effects)
        guard case .setDefaults(let key, let value) = effects[0], case .removeDefaults(let removed) = effects[1] else {
            Issue.record("\(effects.map(\.name))")
            return
        }
        #expect(key == PlanDefaultsKey(key: "goal", suite: "group.com.example.steps") && value == "{{param.to}}")
        #expect(removed == PlanDefaultsKey(key: "units", suite: "group.com.example.steps"))
        let read = try WidgetPlanModel(json: JSONReader.parse(bytes: JSONWriter.pretty(plan.json)).json)
        #expect(JSONWriter.pretty(read.json) == JSONWriter.pretty(plan.json))
    }

    @Test func aTapWritesTheSuitesPropertyListAndTheWidgetShowsIt() throws {
        let w = try SimulatedWidget(yaml: Self.valid)
        let intent = try #require(w.widget.widget.intents.first)
        let scenario = Scenario([
            .tap(at: try InstantParser.parse("2026-12-06T09:10:00Z").instant, tap: ScenarioTap(kind: "com.example.steps", intent: intent, arguments: JSONObject([("to", .int(8000))]))),
        ])
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:20:00Z", scenario: scenario)
        #expect(reloads.count == 2)
        #expect(reloads[0].timeline.entries.first?.content["goal"] == 10000)
        let after = try #require(reloads.last?.timeline.entries.first?.content)
        #expect(after["goal"] == 8000)
        #expect(after["units"] == "metric")  // removed: the default again
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        // The run writes its container's overlay, never the disk.
        #expect(!FileManager.default.fileExists(atPath: w.directory + "/container/Library/Preferences/group.com.example.steps.plist"))
    }

    @Test func performingOnAContainerRecordsTheKeysOldAndNewValues() throws {
        let plan = try TypedPlanTests.lowered(Self.valid)
        let intent = try #require(plan.intent(named: "raise"))
        var container = Container()
        let outcome = try container.perform(intent, arguments: JSONObject([("to", .int(9000))]))
        #expect(outcome.changes.map(\.file) == ["Library/Preferences/group.com.example.steps.plist", "Library/Preferences/group.com.example.steps.plist"])
        #expect(outcome.changes[0].pointer == "/goal" && outcome.changes[0].old == nil && outcome.changes[0].new == 9000)
        guard case .found(let bytes) = container.read("Library/Preferences/group.com.example.steps.plist") else {
            Issue.record("no property list")
            return
        }
        #expect(JSONValue.object(try Preferences.read(bytes, zone: .utc).get()) == .object(JSONObject([("goal", .int(9000))])))
        // A key without a suite and no app group: refused, nothing written.
        let bare = PlanIntent(name: "x", title: "x", description: nil, parameters: [], effects: [.removeDefaults(PlanDefaultsKey(key: "k", suite: nil))])
        var empty = Container()
        #expect(throws: IntentError.self) { try empty.perform(bare, arguments: JSONObject()) }
    }

    /// What the generated `perform` opens before any file changes, so a suite it cannot open leaves
    /// everything as it was (files are written only after, all or nothing, then the keys).
    @Test func theSuitesAnIntentWritesAreKnownBeforeItIsPerformed() throws {
        let yaml = Self.yaml("""
                  - set: { defaults: goal, value: "{{param.to}}" }
                  - remove: { defaults: units }
                  - set: { defaults: goal, value: 1, suite: group.com.example.other }
            """).replacingOccurrences(of: "            suite: group.com.example.steps\n", with: """
                        suite: group.com.example.steps
                      other:
                        defaults: { goal: 1 }
                        suite: group.com.example.other

            """)
        let plan = try WidgetPlan(plan: try TypedPlanTests.lowered(yaml), timeZone: TimeZone(identifier: "UTC")!, locale: nil)
        #expect(plan.defaultsSuites(intent: "raise") == ["group.com.example.steps", "group.com.example.other"])
        #expect(plan.defaultsSuites(intent: "nothing").isEmpty)
        // The generated perform opens them before the runtime writes a file.
        let generated = SwiftGenerator.performFunction(plan: "StepsPlan")
        let opens = try #require(generated.range(of: "for written in plan.defaultsSuites(intent: name) {"))
        let writes = try #require(generated.range(of: "let result = try plan.perform(intent: name"))
        #expect(opens.lowerBound < writes.lowerBound)
    }

    @Test func thePublicResultHandsTheKeysToTheCaller() throws {
        let plan = try TypedPlanTests.lowered(Self.valid)
        let intent = try #require(plan.intent(named: "raise"))
        let outcome = try intent.apply(arguments: JSONObject([("to", .int(7000))])) { (path: String) throws(IntentError) -> JSONValue in throw IntentError(file: path, "no files") }
        let result = PerformedIntent(outcome)
        #expect(result.defaults.map { $0.key } == ["goal", "units"])
        #expect(result.defaults[0].value == .int(7000) && result.defaults[1].value == nil)
        #expect(result.defaults[0].value?.propertyListValue as? Int == 7000)
    }
}
