import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// A data source's `schema` types its value for CEL's checker (docs/data-sources.md), and a
/// `defaults:` source's keys are typed by their defaults: type errors at compile time, at the column.
@Suite struct SourceSchemaTests {
    static let head = """
        kind: k
        displayName: D
        description: d
        timeZone: UTC
        data:
          weather:
            file: weather.json
            schema:
              type: object
              properties:
                temp: { type: number }
                city: { type: string }
                hours: { type: array, items: { type: object, properties: { temp: { type: number } } } }
          settings: { defaults: { units: metric, goal: 10000 }, suite: group.x }
        timeline: { every: 1h }

        """

    func shown(_ lets: String) throws -> [String] {
        Compilation().validate(bytes: Array((Self.head + lets).utf8), path: "x.yaml")
            .map { "\($0.code) \($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func aMisspeltFieldIsAnErrorAtItsColumnWithDidYouMean() throws {
        let found = try shown("let:\n  t: \"data.weather.tmp * 1.8 + 32.0\"\ncontent: { t: \"{{let.t}}\" }\n")
        #expect(found == ["cel-type 17:19 let 't': data.weather has no field 'tmp' (did you mean 'temp'?)"])
    }

    @Test func aStringUsedAsANumberIsATypeError() throws {
        let found = try shown("let:\n  t: \"data.weather.city * 2\"\ncontent: { t: \"{{let.t}}\" }\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("cel-type 17:") == true)
        #expect(found.first?.contains("(string, int)") == true)
    }

    @Test func defaultsAreTypedByTheirDefaults() throws {
        let found = try shown("let:\n  g: \"data.settings.goal + 'x'\"\n  u: \"data.settings.unit\"\ncontent: { g: \"{{let.g}}\", u: \"{{let.u}}\" }\n")
        #expect(found.count == 2)
        #expect(found.first?.contains("(int, string)") == true)
        #expect(found.last == "cel-type 18:20 let 'u': data.settings has no field 'unit' (did you mean 'units'?)")
        #expect(try shown("let:\n  g: \"data.settings.goal / 2\"\ncontent: { g: \"{{let.g}}\" }\n") == [])
    }

    @Test func aNumberWrittenAsAnIntegerIsADoubleAtRunTime() throws {
        let w = try SimulatedWidget(
            yaml: Self.head + "let:\n  f: \"data.weather.temp * 1.8 + 32.0\"\n  top: \"data.weather.hours[0].temp / 2.0\"\ncontent: { f: \"{{let.f}}\", top: \"{{let.top}}\" }\n",
            data: ["weather.json": #"{ "temp": 20, "city": "Oslo", "hours": [{ "temp": 3 }] }"#])
        let (reloads, summary) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T10:00:00Z")
        let content = try #require(reloads.first?.timeline.entries.first?.content)
        #expect(content["f"] == .double(68))
        #expect(content["top"] == .double(1.5))
        #expect(summary.warnings.map(\.code).allSatisfy { $0 != "let-error" }, "\(summary.warnings.map(\.message))")
        // The plan carries the schema, and a plan file gives it back.
        #expect(w.widget.plan.json["data"]?.array?.first?["schema"]?["type"] == "object")
        #expect(try WidgetPlanModel(json: w.widget.plan.json).json == w.widget.plan.json)
    }
}
