import Foundation
import Testing
import WidgetCompiler
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime
@testable import WidgetcRuntimeCore

/// Entity options through the Swift hatch (`options: { swift: TYPE, fixture, args }`,
/// docs/swift-hatch.md and docs/entities.md): checked at the line, carried by the plan, read from
/// the fixture off the device (a scenario write changes them) and asked of the extension's type on
/// the device, both at a reload and by the runtime call the generated `EntityQuery` makes.
@Suite struct EntityHatchTests {
    static let yaml = """
        kind: com.example.city
        displayName: City
        description: A city of the app's database.
        parameters:
          region: { type: string, default: europe }
          city:
            type: entity
            title: City
            options:
              swift: CityQuery
              args: { region: "{{param.region}}", limit: 20 }
              fixture: cities.json
              title: "{{record.name}}"
        data:
          app: { file: app.json }
        let:
          sources: "size(data)"
        content:
          name: "{{param.city.name}}"
          sources: "{{let.sources}}"
        timeline: { every: 1h }

        """

    static let cities = #"[{"id": "paris", "name": "Paris"}, {"id": "oslo", "name": "Oslo"}]"#

    func shown(_ yaml: String) throws -> [String] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml").map {
            "\($0.severity == .error ? "error" : "warning") \($0.code) \($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    func widget(cities: String? = Self.cities) throws -> SimulatedWidget {
        var data = ["app.json": "{}"]
        if let cities { data["cities.json"] = cities }
        return try SimulatedWidget(yaml: Self.yaml, data: data)
    }

    @Test func inlineOptionsValidateWithoutFromOrId() throws {
        #expect(try shown(Self.yaml) == [])
    }

    @Test func aMissingFixtureIsWarnedAtTheSwiftLine() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "      fixture: cities.json\n", with: "")
        #expect(try shown(yaml) == [
            "warning swift-fixture 10:14 parameter 'city' (options swift: CityQuery) has no fixture: off the device run and preview read one instead of calling CityQuery, so they show the placeholder; add fixture: FILE (a container file holding the list of records as JSON)"
        ])
    }

    @Test func fromBesideSwiftIsAnErrorAtFrom() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "      swift: CityQuery\n", with: "      swift: CityQuery\n      from: data.app\n")
        #expect(try shown(yaml) == [
            "error param-entity 11:13 parameter 'city': options take from (a list in the widget's data) or swift (a type of the extension), not both"
        ])
    }

    @Test func argumentsNameOnlyParametersThatAreNotEntities() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "limit: 20", with: "limit: \"{{data.app.n}}\", near: \"{{param.city.id}}\"")
        #expect(try shown(yaml) == [
            "error swift-args 11:53 parameter 'city' options: 'data.app.n' cannot be an argument; only param.* can (the Swift type is called before any data or entry exists)",
            "error swift-args 11:77 parameter 'city' options: 'param.city.id' cannot be an argument; an entity parameter is resolved from options, after they are read",
        ])
    }

    @Test func aFixtureLeavingTheContainerIsAnErrorAtIt() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "fixture: cities.json", with: "fixture: ../cities.json")
        let found = try shown(yaml)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("error data-path 12:16 parameter 'city': options' fixture ") == true, "\(found)")
    }

    @Test func argsWithoutSwiftAreRefusedByTheSchema() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "      swift: CityQuery\n", with: "      from: data.app\n      id: \"{{record.id}}\"\n")
        #expect(try shown(yaml) == [
            "error missing-key 10:7 missing property 'swift', required when 'args' is present",
            "error missing-key 10:7 missing property 'swift', required when 'fixture' is present",
        ])
    }

    @Test func offTheDeviceTheFixtureGivesTheOptionsAndTheyStayOutOfData() throws {
        let w = try widget()
        let (byDefault, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z")
        #expect(byDefault.first?.timeline.entries.first?.content["name"] == "Paris")
        // data holds the widget's one declared source, not the options' list.
        #expect(byDefault.first?.timeline.entries.first?.content["sources"] == 1)
        #expect(summary.warnings.isEmpty)
        let (chosen, _) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", parameters: ["city": "oslo"])
        #expect(chosen.first?.timeline.entries.first?.content["name"] == "Oslo")
    }

    @Test func aScenarioWriteOfTheFixtureIsSeenAndAGoneIdFallsBack() throws {
        let w = try widget()
        let rewritten = try JSONReader.parse(bytes: Array(#"[{"id": "bergen", "name": "Bergen"}]"#.utf8)).json
        let scenario = Scenario([
            .write(at: try InstantParser.parse("2026-12-06T09:10:00Z").instant, path: "cities.json", value: rewritten),
            .reload(at: try InstantParser.parse("2026-12-06T09:20:00Z").instant, kind: nil, where: nil),
        ])
        let (reloads, summary) = try w.run(
            from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", parameters: ["city": "oslo"], scenario: scenario)
        #expect(reloads.first?.timeline.entries.first?.content["name"] == "Oslo")
        #expect(reloads.last?.timeline.entries.first?.content["name"] == "Bergen")
        #expect(summary.warnings.map(\.code) == ["entity-gone"])
        #expect(summary.warnings.first?.message.contains("(swift: CityQuery, 1 records)") == true, "\(summary.warnings)")
    }

    @Test func aMissingFixtureShowsThePlaceholderWithAWarningNamingTheParameter() throws {
        let w = try widget(cities: nil)
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z")
        #expect(reloads.first?.timeline.entries.count == 1)
        #expect(reloads.first?.timeline.entries.first?.content["name"] == "")
        #expect(summary.warnings.map(\.code) == ["swift-fixture"])
        #expect(summary.warnings.first?.message == "parameter 'city' options (swift: CityQuery): its fixture 'cities.json' is missing from the container (run and preview read it instead of calling the type); showing the placeholder")
    }

    @Test func aFixtureThatIsNotAListGivesNoOptions() throws {
        let w = try widget(cities: #"{"paris": "Paris"}"#)
        let (_, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z")
        #expect(summary.warnings.first?.code == "entity-options")
        #expect(summary.warnings.first?.message.hasPrefix("parameter 'city': options (swift: CityQuery) is not a list") == true, "\(summary.warnings)")
    }

    func plan(_ w: SimulatedWidget) throws -> WidgetPlan {
        try WidgetPlan(data: Data(JSONWriter.pretty(w.widget.plan.json)), timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func thePlanCarriesTheHatchAndAPlanFileReadsTheSame() throws {
        let w = try widget()
        let parameter = try #require(w.widget.plan.json["parameters"]?.array?.last)
        let options = try #require(parameter["options"])
        #expect(options["swift"] == "CityQuery")
        #expect(options["args"] == .object(JSONObject([("region", "{{param.region}}"), ("limit", 20)])))
        #expect(options["fixture"] == "cities.json")
        #expect(options["from"] == nil)
        #expect(options["id"] == "{{record.id}}")
        let plan = try plan(w)
        #expect(plan.swiftSourceTypes == ["CityQuery"])
        let container = URL(fileURLWithPath: w.directory + "/container")
        #expect(plan.entityOptions("city", container: container).options.map(\.title) == ["Paris", "Oslo"])
        let timeline = plan.timeline(
            at: Date(timeIntervalSince1970: 1_796_547_600), parameters: ["city": .string("oslo")], container: container, fetcher: NoNetwork())
        #expect(timeline.entries.first?["name"]?.text == "Oslo")
    }

    @Test func onTheDeviceTheQueryAndTheReloadAskTheType() async throws {
        let w = try widget(cities: #"[{"id": "fixture", "name": "Fixture"}]"#)
        let plan = try plan(w)
        let loader = SwiftSourceTests.RecordingLoader { Data(#"[{"id": "lyon", "name": "Lyon"}, {"id": "nice", "name": "Nice"}]"#.utf8) }
        let container = URL(fileURLWithPath: w.directory + "/container")
        let date = Date(timeIntervalSince1970: 1_796_547_600)
        let options = await plan.entityOptions("city", at: date, container: container, swiftSources: loader)
        #expect(options.options.map(\.id) == ["lyon", "nice"])
        #expect(options.defaultOption?.title == "Lyon")
        let calls = loader.calls.withLock { $0 }
        #expect(calls.count == 1)
        #expect(calls.first?.0 == "CityQuery")
        // A lone tag keeps its type; the default of a parameter the instance does not set is used.
        #expect(calls.first?.1 == SwiftArguments(["region": .string("europe"), "limit": .int(20)]))
        #expect(calls.first?.2 == date)

        let answer = await plan.timeline(at: date, parameters: ["city": .string("nice")], container: container, swiftSources: loader)
        #expect(answer.entries.first?["name"]?.text == "Nice")
        #expect(answer.warnings.isEmpty)
    }

    @Test func onTheDeviceAThrowShowsThePlaceholderNamingTheParameter() async throws {
        let w = try widget()
        let answer = try await plan(w).timeline(
            at: Date(timeIntervalSince1970: 1_796_547_600), container: URL(fileURLWithPath: w.directory + "/container"),
            swiftSources: SwiftSourceTests.RecordingLoader { throw SwiftSourceTests.HealthDenied() })
        #expect(answer.entries.count == 1)
        #expect(answer.entries.first?["name"]?.text == "")
        #expect(answer.warnings == ["parameter 'city' options: CityQuery.load threw: authorization denied; showing the placeholder"])
    }
}

/// The to-do example (widgets/todo.yaml): lets filter and sort the app's list, so the face shows
/// the open tasks first, soonest due first, then the done ones, and says how many are overdue.
@Suite struct ToDoExampleTests {
    @Test func openTasksFirstByDueDayThenTheDoneOnes() throws {
        let w = try SimulatedWidget(example: "todo")
        let (reloads, summary) = try w.run(from: "2026-11-30T09:00:00Z", until: "2026-11-30T10:00:00Z")
        let content = try #require(reloads.first?.timeline.entries.first?.content)
        #expect(content["items"]?.array?.compactMap { $0["title"]?.string } == ["Water the plants", "Call the plumber", "Renew the passport", "Buy milk"])
        // The intent's index is the task's place in the file, whatever the order shown.
        #expect(content["items"]?.array?.compactMap { $0["index"] } == [2, 1, 3, 0])
        #expect(content["status"] == "3 left, 1 overdue")
        #expect(summary.warnings.isEmpty)
        // A day later the plumber is overdue too.
        let (later, _) = try w.run(from: "2026-12-03T09:00:00Z", until: "2026-12-03T10:00:00Z")
        #expect(later.first?.timeline.entries.first?.content["status"] == "3 left, 2 overdue")
    }
}
