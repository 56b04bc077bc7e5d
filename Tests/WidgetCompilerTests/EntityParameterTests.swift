import Foundation
import Testing
import WidgetSimulator
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import WidgetCompiler
@testable import WidgetcRuntimeCore

/// Entity parameters (`type: entity`, docs/entities.md): options from the widget's data,
/// checked at their line; `param.NAME` the chosen record; an id that is gone resolved as on the
/// device (the default, or the placeholder with a warning); options read at each reload.
@Suite struct EntityParameterTests {
    static func yaml(
        default choice: String = "first", from: String = "data.app.cities", multiple: String = "", extra: String = ""
    ) -> String {
        """
        kind: com.example.city
        displayName: City
        description: One city of the app's list.
        parameters:
          city:
            type: entity
            title: City
            options:
              from: \(from)
              id: "{{record.id}}"
              title: "{{record.name}}"
              subtitle: "{{record.country}}"
              image: building.2
            default: \(choice)
        \(multiple)
        data:
          app: { file: app.json }
        \(extra)
        content:
          name: "{{param.city.name}}"
          country: "{{param.city.country}}"
        timeline: { every: 1h }

        """
    }

    static let cities = """
        {"cities": [{"id": "paris", "name": "Paris", "country": "France"}, {"id": "oslo", "name": "Oslo", "country": "Norway"}]}
        """

    static func diagnostics(_ yaml: String) -> [Diagnostic] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
    }

    func first(_ w: SimulatedWidget, _ parameters: [String: JSONValue] = [:]) throws -> (JSONObject, [RunWarning]) {
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", parameters: parameters)
        return (try #require(reloads.first?.timeline.entries.first).content, summary.warnings)
    }

    // MARK: - Checks

    @Test func aValidEntityParameterHasNoDiagnostics() {
        #expect(Self.diagnostics(Self.yaml()).isEmpty, "\(Self.diagnostics(Self.yaml()).map(\.message))")
        let fromLet = Self.yaml(from: "let.big", extra: "let:\n  big: \"data.app.cities.filter(c, c.name != '')\"")
        #expect(Self.diagnostics(fromLet).isEmpty, "\(Self.diagnostics(fromLet).map(\.message))")
    }

    @Test func aSourceThatIsNotDeclaredIsNamedWithADidYouMean() throws {
        let d = try #require(Self.diagnostics(Self.yaml(from: "data.apps.cities")).first)
        #expect(d.code == "param-entity")
        #expect(d.message.contains("'data.apps.cities' names no declared data source (did you mean 'app'?)"))
        // At the source's name inside the scalar.
        #expect(d.location.line == 9 && d.location.column == 18)
    }

    @Test func aFromThatStartsElsewhereOrAPerEntryLetIsRefused() throws {
        let wrongRoot = try #require(Self.diagnostics(Self.yaml(from: "dat.app.cities")).first)
        #expect(wrongRoot.message.contains("starts with 'dat' (did you mean 'data'?)"))
        let perEntry = Self.yaml(from: "let.now", extra: "let:\n  now: \"[entry.index]\"")
        #expect(Self.diagnostics(perEntry).contains { $0.code == "param-entity" && $0.message.contains("computed per entry") })
    }

    @Test func optionTemplatesNameOnlyTheRecord() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "{{record.name}}", with: "{{recrd.name}}")
        let d = try #require(Self.diagnostics(yaml).first)
        #expect(d.code == "param-entity")
        #expect(d.message == "parameter 'city': options.title may name only record.* (each option's record), not 'recrd.name' (did you mean 'record'?)")
        #expect(d.location.line == 11 && d.location.column == 17)
    }

    @Test func anEntityNeedsOptionsAndAnIdAndBelongsToTheWidget() throws {
        let noOptions = "kind: a.b\ndisplayName: a\ndescription: a\nparameters:\n  city: { type: entity }\ncontent: {}\ntimeline: { every: 1h }\n"
        let d = Self.diagnostics(noOptions)
        #expect(d.count == 1 && d[0].code == "param-entity" && d[0].message.contains("needs options"), "\(d.map(\.message))")
        let noID = Self.yaml().replacingOccurrences(of: "      id: \"{{record.id}}\"\n", with: "")
        #expect(Self.diagnostics(noID).contains { $0.code == "param-entity" && $0.message.contains("need an id") })
        let inIntent = IntentCheckTests.widget("""
              pick:
                parameters: { city: { type: entity, options: { from: data.tasks, id: "{{record.id}}" } } }
                perform:
                  - toggle: { file: lamp.json, at: /on }
            """)
        #expect(Self.diagnostics(inIntent).contains { $0.code == "param-entity" && $0.message.contains("belongs to the widget's parameters") })
    }

    @Test func theSchemaRefusesBoundsAndShapesOnEntities() {
        let bounded = Self.yaml().replacingOccurrences(of: "    type: entity\n", with: "    type: entity\n    min: 3\n")
        #expect(Self.diagnostics(bounded).contains { $0.code == "unknown-key" || $0.message.contains("'min'") })
        let notAnInteger = Self.yaml(multiple: "    multiple: { max: many }")
        #expect(!Self.diagnostics(notAnInteger).isEmpty)
        let optionsOnAString = "kind: a.b\ndisplayName: a\ndescription: a\nparameters:\n  s: { type: string, options: { from: data.x, id: x } }\ncontent: {}\ntimeline: { every: 1h }\n"
        #expect(!Self.diagnostics(optionsOnAString).isEmpty)
    }

    // MARK: - Plan

    @Test func thePlanCarriesTheOptionsAndReadsBack() throws {
        let plan = try TypedPlanTests.lowered(Self.yaml(default: "oslo", multiple: "    multiple: { max: 3 }"))
        let entity = try #require(plan.parameters.first?.entity)
        #expect(entity.from == "data.app.cities" && entity.path == ["data", "app", "cities"])
        #expect(entity.id.source == "{{record.id}}" && entity.title.source == "{{record.name}}")
        #expect(entity.image?.source == "building.2")
        #expect(entity.defaultChoice == .id("oslo") && entity.multipleMax == 3)
        let read = try WidgetPlanModel(json: JSONReader.parse(bytes: JSONWriter.pretty(plan.json)).json)
        #expect(JSONWriter.pretty(read.json) == JSONWriter.pretty(plan.json))
        #expect(read.parameters.first?.entity?.defaultChoice == .id("oslo"))
    }

    // MARK: - Run

    @Test func theDefaultIsTheFirstAndAnIdPicksItsRecord() throws {
        let w = try SimulatedWidget(yaml: Self.yaml(), data: ["app.json": Self.cities])
        let (byDefault, none) = try first(w)
        #expect(byDefault["name"] == "Paris" && byDefault["country"] == "France")
        #expect(none.isEmpty)
        let (chosen, _) = try first(w, ["city": "oslo"])
        #expect(chosen["name"] == "Oslo")
    }

    @Test func anIdThatIsGoneFallsBackToTheDefaultWithAWarning() throws {
        let w = try SimulatedWidget(yaml: Self.yaml(default: "oslo"), data: ["app.json": Self.cities])
        let (content, warnings) = try first(w, ["city": "rome"])
        #expect(content["name"] == "Oslo")
        let warning = try #require(warnings.first { $0.code == "entity-gone" })
        #expect(warning.message.contains("id 'rome' is no longer among its options (data.app.cities, 2 records); using the default, 'oslo'"))
    }

    @Test func withoutADefaultAGoneIdShowsThePlaceholderAndTheRunGoesOn() throws {
        let w = try SimulatedWidget(yaml: Self.yaml(default: "none"), data: ["app.json": Self.cities])
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T12:00:00Z", parameters: ["city": "rome"])
        let entries = try #require(reloads.first?.timeline.entries)
        #expect(entries.count == 1 && entries[0].content["name"] == "")
        #expect(summary.warnings.contains { $0.code == "entity-gone" && $0.message.contains("showing the placeholder") })
        // The placeholder asks again at the rule's next instant: the run goes on.
        #expect(reloads.count > 1)
    }

    @Test func multipleKeepsTheChosenRecordsThatRemainUpToMax() throws {
        let w = try SimulatedWidget(
            yaml: Self.yaml(multiple: "    multiple: { max: 2 }").replacingOccurrences(of: "name: \"{{param.city.name}}\"", with: "names: \"{{#param.city}}{{name}} {{/param.city}}\""),
            data: ["app.json": Self.cities])
        let (content, warnings) = try first(w, ["city": ["oslo", "gone", "paris"]])
        #expect(content["names"] == "Oslo Paris ")
        #expect(warnings.contains { $0.code == "entity-gone" && $0.message.contains("'gone'") && $0.message.contains("keeping the 2 still there") })
        let (byDefault, _) = try first(w)
        #expect(byDefault["names"] == "Paris ")
    }

    @Test func optionsComeFromALetAndARewrittenListIsSeenAtTheNextReload() throws {
        let yaml = Self.yaml(from: "let.norway", extra: "let:\n  norway: \"data.app.cities.filter(c, c.country == 'Norway')\"")
        let w = try SimulatedWidget(yaml: yaml, data: ["app.json": Self.cities])
        let (content, _) = try first(w)
        #expect(content["name"] == "Oslo")
        let rewritten = try JSONReader.parse(bytes: Array("""
            {"cities": [{"id": "bergen", "name": "Bergen", "country": "Norway"}]}
            """.utf8)).json
        let scenario = Scenario([
            .write(at: try InstantParser.parse("2026-12-06T09:10:00Z").instant, path: "app.json", value: rewritten),
            .reload(at: try InstantParser.parse("2026-12-06T09:20:00Z").instant, kind: nil, where: nil),
        ])
        let (reloads, summary) = try w.run(
            from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", parameters: ["city": "oslo"], scenario: scenario)
        #expect(reloads.count == 2)
        #expect(reloads.last?.timeline.entries.first?.content["name"] == "Bergen")
        #expect(summary.warnings.contains { $0.code == "entity-gone" && $0.message.contains("'oslo'") })
    }

    @Test func theRuntimeListsTheOptionsTheGeneratedQueryAnswers() throws {
        let plan = try TypedPlanTests.lowered(Self.yaml(default: "oslo"))
        let bytes = JSONWriter.pretty(plan.json)
        let widget = try WidgetPlan(data: Data(bytes), timeZone: TimeZone(identifier: "UTC")!, locale: nil)
        let w = try SimulatedWidget(yaml: Self.yaml(), data: ["app.json": Self.cities])
        let container = URL(fileURLWithPath: w.directory + "/container")
        let answer = widget.entityOptions("city", at: Date(timeIntervalSince1970: 1_796_551_200), container: container)
        #expect(answer.options == [
            WidgetEntityOption(id: "paris", title: "Paris", subtitle: "France", image: "building.2"),
            WidgetEntityOption(id: "oslo", title: "Oslo", subtitle: "Norway", image: "building.2"),
        ])
        #expect(answer.defaultOption?.id == "oslo")
        #expect(answer.warnings.isEmpty, "\(answer.warnings)")
        // No container (no app group): no options, and the missing file said.
        let none = widget.entityOptions("city", container: nil)
        #expect(none.options.isEmpty && none.defaultOption == nil)
        #expect(none.warnings.contains { $0.contains("app.json") })
        // The configured id reaches the runtime as the generated intent passes it.
        let timeline = widget.timeline(
            at: Date(timeIntervalSince1970: 1_796_551_200), parameters: ["city": .string("paris")], container: container, fetcher: NoNetwork())
        #expect(timeline.entries.first?["name"] == .string("Paris"))
    }

    @Test func aFromThatIsNotAListIsWarnedAndGivesNoOptions() throws {
        let w = try SimulatedWidget(yaml: Self.yaml(from: "data.app.name"), data: ["app.json": #"{"name": "x"}"#])
        let (content, warnings) = try first(w)
        #expect(content["name"] == "")
        #expect(warnings.contains { $0.code == "entity-options" && $0.message.contains("options.from data.app.name is not a list (found \"x\")") })
    }
}
