import Foundation
import Testing
import WidgetCompiler
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime
@testable import WidgetcRuntimeCore

/// `swift:` data sources (docs/swift-hatch.md): checked at the line, carried by the plan, read
/// from their fixture off the device (a scenario write changes it; a missing one is a warning
/// naming it, never a crash), and asked of the extension's type through a loader on the device.
@Suite struct SwiftSourceTests {
    static let yaml = """
        kind: com.example.steps
        displayName: Steps
        description: Steps from HealthKit.
        timeZone: Europe/Berlin
        parameters:
          goal: { type: integer, default: 10000 }
        data:
          steps:
            swift: StepsToday
            args: { goal: "{{param.goal}}", unit: count, exact: true }
            fixture: steps.json
        let:
          percent: "math.least(100, data.steps.steps * 100 / param.goal)"
        content:
          steps: "{{data.steps.steps}}"
          percent: "{{let.percent}}"
        timeline: { every: 1h }

        """

    func shown(_ yaml: String) throws -> [String] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml").map {
            "\($0.severity == .error ? "error" : "warning") \($0.code) \($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    @Test func aSwiftSourceWithArgsAndAFixtureValidates() throws {
        #expect(try shown(Self.yaml) == [])
    }

    @Test func aSourceWithoutAFixtureIsWarnedAtItsSwiftLine() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "    fixture: steps.json\n", with: "")
        #expect(try shown(yaml) == [
            "warning swift-fixture 9:12 data source 'steps' (swift: StepsToday) has no fixture: off the device run and preview read one instead of calling StepsToday, so they show the placeholder; add fixture: FILE (a container file holding the value as JSON)"
        ])
    }

    @Test func argumentsNameOnlyParametersAtTheirColumn() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "unit: count", with: "unit: \"x {{data.steps.unit}}\"")
            .replacingOccurrences(of: "\"{{param.goal}}\"", with: "\"{{param.gaol}}\"")
        let found = try shown(yaml)
        #expect(found.count == 2, "\(found)")
        #expect(found.first == "error unknown-variable 10:22 data source 'steps': 'param.gaol' names no declared parameter (did you mean 'goal'?)")
        #expect(found.last == "error swift-args 10:48 data source 'steps': 'data.steps.unit' cannot be an argument; only param.* can (the Swift type is called before any data or entry exists)")
    }

    @Test(arguments: [
        ("fixture: ../steps.json", "error data-path 11:14 data source 'steps': fixture '../steps.json' uses '..'; data paths stay inside the app group container"),
        ("swift: Steps-Today", "error pattern-mismatch"),
        ("file: steps.json\n    swift: StepsToday", "error no-matching-form"),
        ("args: { goal: [1] }\n    swift: StepsToday", "error"),
    ])
    func badDeclarationsAreErrorsAtTheLine(replacement: String, expected: String) throws {
        let yaml = Self.yaml
            .replacingOccurrences(of: "fixture: steps.json", with: replacement.hasPrefix("fixture") ? replacement : "fixture: steps.json")
            .replacingOccurrences(of: "swift: StepsToday", with: replacement.hasPrefix("fixture") ? "swift: StepsToday" : replacement)
        let found = try shown(yaml)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    func widget(fixture: String? = #"{"steps": 6420}"#) throws -> SimulatedWidget {
        try SimulatedWidget(yaml: Self.yaml, data: fixture.map { ["steps.json": $0] } ?? [:])
    }

    @Test func offTheDeviceTheFixtureIsTheValueAndFlowsThroughLetsAndContent() throws {
        let w = try widget()
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", parameters: ["goal": 8000])
        let content = try #require(reloads.first?.timeline.entries.first?.content)
        #expect(content["steps"] == 6420)
        #expect(content["percent"] == 80)
        #expect(summary.warnings.isEmpty)
    }

    @Test func aScenarioWriteChangesTheFixture() throws {
        let w = try widget()
        let at = try InstantParser.parse("2026-12-06T09:10:00Z").instant
        let scenario = Scenario([
            .write(at: at, path: "steps.json", value: .object(JSONObject([("steps", 12000)]))),
            .reload(at: at, kind: nil, where: nil),
        ])
        let (reloads, _) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", scenario: scenario)
        #expect(reloads.map { $0.timeline.entries.first?.content["steps"] } == [6420, 12000])
        #expect(reloads.last?.timeline.entries.first?.content["percent"] == 100)
    }

    @Test func aMissingFixtureIsAWarningNamingItAndThePlaceholderShows() throws {
        let w = try widget(fixture: nil)
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z")
        #expect(reloads.first?.timeline.entries.count == 1)
        #expect(summary.warnings.map(\.code) == ["swift-fixture"])
        #expect(summary.warnings.first?.message == "data source 'steps' (swift: StepsToday): its fixture 'steps.json' is missing from the container (run and preview read it instead of calling the type); showing the placeholder")
    }

    @Test func aMalformedFixtureIsAWarningAtItsLine() throws {
        let w = try widget(fixture: "{\"steps\": ")
        let (_, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z")
        #expect(summary.warnings.map(\.code) == ["data-malformed"])
        #expect(summary.warnings.first?.message.hasPrefix("data source 'steps' (swift: StepsToday): its fixture 'steps.json' is malformed at line 1") == true, "\(summary.warnings)")
    }

    @Test func thePlanCarriesTheSourceAndAPlanFileReadsTheSame() throws {
        let w = try widget()
        let json = w.widget.plan.json
        let source = try #require(json["data"]?.array?.first)
        #expect(source["swift"] == "StepsToday")
        #expect(source["args"] == .object(JSONObject([("goal", "{{param.goal}}"), ("unit", "count"), ("exact", true)])))
        #expect(source["fixture"] == "steps.json")
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(json)), timeZone: TimeZone(identifier: "UTC")!)
        #expect(plan.swiftSourceTypes == ["StepsToday"])
        let timeline = plan.timeline(at: Date(timeIntervalSince1970: 1_796_547_600), container: URL(fileURLWithPath: w.directory + "/container"), fetcher: NoNetwork())
        #expect(timeline.entries.first?["steps"]?.int == 6420)
    }

    /// What the generated glue does on the device: the loader is asked with the rendered arguments
    /// and the reload's date, and its JSON is the value.
    struct RecordingLoader: SwiftSourceLoader {
        let calls = Locked<[(String, SwiftArguments, Date)]>([])
        let answer: @Sendable () throws -> Data

        func load(type: String, arguments: SwiftArguments, date: Date) async throws -> Data {
            calls.withLock { $0.append((type, arguments, date)) }
            return try answer()
        }
    }

    struct HealthDenied: Error, CustomStringConvertible {
        var description: String { "authorization denied" }
    }

    @Test func onTheDeviceTheLoaderGivesTheValueFromTheRenderedArguments() async throws {
        let w = try widget(fixture: #"{"steps": 1}"#)
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(w.widget.plan.json)), timeZone: TimeZone(identifier: "UTC")!)
        let loader = RecordingLoader { Data(#"{"steps": 9000}"#.utf8) }
        let date = Date(timeIntervalSince1970: 1_796_547_600)
        let answer = await plan.timeline(
            at: date, parameters: ["goal": .int(12000)], container: URL(fileURLWithPath: w.directory + "/container"),
            swiftSources: loader)
        #expect(answer.entries.first?["steps"]?.int == 9000)
        #expect(answer.entries.first?["percent"]?.int == 75)
        let calls = loader.calls.withLock { $0 }
        #expect(calls.count == 1)
        #expect(calls.first?.0 == "StepsToday")
        // A lone tag keeps its type; fixed values stay as written.
        #expect(calls.first?.1 == SwiftArguments(["goal": .int(12000), "unit": .string("count"), "exact": .bool(true)]))
        #expect(calls.first?.2 == date)
    }

    @Test func onTheDeviceAThrowShowsThePlaceholderWithAWarningNamingTheType() async throws {
        let w = try widget()
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(w.widget.plan.json)), timeZone: TimeZone(identifier: "UTC")!)
        let answer = await plan.timeline(
            at: Date(timeIntervalSince1970: 1_796_547_600), container: URL(fileURLWithPath: w.directory + "/container"),
            swiftSources: RecordingLoader { throw HealthDenied() })
        #expect(answer.entries.count == 1)
        #expect(answer.entries.first?["steps"]?.text == "")
        #expect(answer.warnings == ["data source 'steps': StepsToday.load threw: authorization denied; showing the placeholder"])
    }

    /// Entity options from a Swift type (the app's own list, from its database): a `swift:` source
    /// that `options.from` names; off the device its fixture gives the options, and a chosen id
    /// resolves against them at each reload (docs/swift-hatch.md, docs/entities.md).
    @Test func entityOptionsComeFromASwiftSourcesFixture() throws {
        let yaml = """
            kind: com.example.city
            displayName: City
            description: A city of the app's database.
            parameters:
              city:
                type: entity
                title: City
                options: { from: data.cities, id: "{{record.id}}", title: "{{record.name}}" }
            data:
              cities: { swift: CityQuery, fixture: cities.json }
            content:
              name: "{{param.city.name}}"
            timeline: { every: 1h }

            """
        #expect(try shown(yaml) == [])
        let w = try SimulatedWidget(yaml: yaml, data: ["cities.json": #"[{"id": "paris", "name": "Paris"}, {"id": "oslo", "name": "Oslo"}]"#])
        let (byDefault, _) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z")
        #expect(byDefault.first?.timeline.entries.first?.content["name"] == "Paris")
        let (chosen, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", parameters: ["city": "oslo"])
        #expect(chosen.first?.timeline.entries.first?.content["name"] == "Oslo")
        #expect(summary.warnings.isEmpty)
    }
}
