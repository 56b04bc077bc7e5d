import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// The Swift hatch as `generate swift` writes it (docs/swift-hatch.md): one protocol, declared in
/// the bundle file, that an extension type conforms to, and the glue that calls it at each reload.
/// Type-checked with sample conforming types against the Apple stub and the built WidgetcRuntime.
@Suite(.serialized) struct SwiftHatchGenerationTests {
    static let widget = """
        kind: com.example.steps
        displayName: Steps
        description: Steps from HealthKit.
        parameters:
          goal: { type: integer, default: 10000 }
          city:
            type: entity
            options: { swift: CityQuery, args: { goal: "{{param.goal}}" }, fixture: cities.json, title: "{{record.name}}" }
        data:
          steps:
            swift: DailySteps
            args: { goal: "{{param.goal}}" }
            fixture: steps.json
          sleep:
            swift: Health.SleepLastNight
            fixture: sleep.json
        content:
          steps: "{{data.steps.steps}}"
          hours: "{{data.sleep.hours}}"
        timeline: { every: 1h }
        intents:
          start:
            parameters: { minutes: { type: integer, default: 30 } }
            perform:
              - swift: StartWorkout
                args: { minutes: "{{param.minutes}}" }
              - set: { file: workout.json, at: /running, value: true }

        """

    /// Sample conforming types, as a team would write them (no HealthKit here: that is the step-goal example's).
    static let samples = """
        import Foundation
        import WidgetcRuntime

        struct DailySteps: WidgetcSwiftSource {
            struct Value: Codable {
                let steps: Int
                let updated: Date
            }

            func load(arguments: SwiftArguments, date: Date) async throws -> Value {
                Value(steps: arguments.int("goal") ?? 0, updated: date)
            }
        }

        struct StartWorkout: WidgetcSwiftEffect {
            func perform(arguments: SwiftArguments) async throws {
                _ = arguments.int("minutes")
            }
        }

        /// Entity options through the hatch: the list of records.
        struct CityQuery: WidgetcSwiftSource {
            struct City: Codable {
                let id: String
                let name: String
            }

            func load(arguments: SwiftArguments, date: Date) async throws -> [City] {
                [City(id: "paris", name: "Paris")]
            }
        }

        enum Health {
            struct SleepLastNight: WidgetcSwiftSource {
                func load(arguments: SwiftArguments, date: Date) async throws -> [String: Double] {
                    ["hours": 7.5]
                }
            }
        }

        """

    func generated(_ work: URL) throws -> URL {
        let source = work.appendingPathComponent("steps.yaml")
        try Self.widget.write(to: source, atomically: true, encoding: .utf8)
        let out = work.appendingPathComponent("out")
        try GeneratedSwiftTests.generate(source.path, into: out)
        return out
    }

    @Test func oneFileDeclaresTheProtocolAndTheWidgetCallsEachType() throws {
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = try generated(work)
        let bundle = try String(contentsOf: out.appendingPathComponent("Widgets/WidgetcSwiftHatch.swift"), encoding: .utf8)
        #expect(bundle.contains("protocol WidgetcSwiftSource {"))
        #expect(bundle.contains("func load(arguments: SwiftArguments, date: Date) async throws -> Value"))
        #expect(bundle.contains("associatedtype Value: Codable"))
        let widget = try String(contentsOf: out.appendingPathComponent("Widgets/StepsWidget.swift"), encoding: .utf8)
        #expect(widget.contains("case \"DailySteps\": return try await DailySteps().loadJSON(arguments: arguments, date: date)"))
        #expect(widget.contains("case \"Health.SleepLastNight\": return try await Health.SleepLastNight().loadJSON(arguments: arguments, date: date)"))
        #expect(widget.contains("responses: responses, swiftSources: SwiftSources())"))
        // The entity query asks the extension's type for its options, as a reload does.
        #expect(widget.contains("case \"CityQuery\": return try await CityQuery().loadJSON(arguments: arguments, date: date)"))
        #expect(widget.contains("let answer = await plan.entityOptions(parameter, at: Date(), container: container, responses: responses, swiftSources: SwiftSources())"))
        #expect(widget.contains("let options = await StepsPlan.entityOptions(\"city\").options"))
        // The intent's Swift effect runs before the container effects, in the async perform.
        #expect(bundle.contains("protocol WidgetcSwiftEffect {"))
        #expect(widget.contains("static func perform(_ name: String, arguments: [String: WidgetValue]) async throws -> String? {"))
        #expect(widget.contains("case \"StartWorkout\": try await StartWorkout().perform(arguments: call.arguments)"))
        #expect(widget.contains("try await StepsPlan.perform(\"start\", arguments: arguments)"))
    }

    @Test func aWidgetWithoutSwiftSourcesDeclaresNoProtocol() throws {
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("out")
        try GeneratedSwiftTests.generate(TestPaths.widgets + "/countdown.yaml", into: out)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Widgets/WidgetcSwiftHatch.swift").path))
        let widgets = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("Widgets").path)
        for name in widgets {
            #expect(!(try String(contentsOf: out.appendingPathComponent("Widgets/" + name), encoding: .utf8)).contains("SwiftSources"))
        }
    }

    @Test(.enabled(if: GeneratedSwiftTests.ready, "needs swiftc and the package's build directory"))
    func theGlueTypeChecksWithConformingTypesAndRefusesOneThatDoesNotConform() throws {
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let stub = work.appendingPathComponent("stub")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        _ = try GeneratedSwiftTests.buildStub(into: stub)
        let out = try generated(work)
        let views = out.appendingPathComponent("Views")
        try Self.samples.write(to: views.appendingPathComponent("Samples.swift"), atomically: true, encoding: .utf8)
        let diagnostics = try GeneratedSwiftTests.typeCheck(out, stub: stub)
        #expect(diagnostics.isEmpty, "\(diagnostics)")

        // A value that is not Codable does not conform: the protocol is what the glue relies on.
        let wrong = Self.samples.replacingOccurrences(of: "struct Value: Codable {", with: "struct Value {")
        try wrong.write(to: views.appendingPathComponent("Samples.swift"), atomically: true, encoding: .utf8)
        #expect(throws: TestFailure.self) { try GeneratedSwiftTests.typeCheck(out, stub: stub) }
    }
}
