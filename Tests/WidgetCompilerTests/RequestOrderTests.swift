import Testing
import WidgetSimulator
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import WidgetCompiler
@testable import WidgetcRuntimeCore

/// Requests built from the widget's data (docs/network-data.md, "Requests built from data"):
/// URL, header and body templates read `data.*`, lets of the reload, entity parameters and
/// `request.date`/`request.day`; the reload fetches in dependency order; a cycle is an error at
/// each member; `fallback` sources stand in for a source with no value.
@Suite struct RequestOrderTests {
    static func yaml(data: String, lets: String = "", content: String = "a: \"{{data.b.v}}\"") -> String {
        """
        kind: com.example.order
        displayName: Order
        description: Requests in dependency order.
        timeZone: Europe/Berlin
        data:
        \(data)
        \(lets.isEmpty ? "" : "let:\n" + lets)
        content: { \(content) }
        timeline: { every: 1h, horizon: 3h }

        """
    }

    static func diagnostics(_ yaml: String) -> [Diagnostic] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
    }

    static func instant(_ text: String) throws -> Instant { try InstantParser.parse(text).instant }

    // MARK: - Checks

    @Test func requestsMayReadDataLetsAndTheRequestDate() {
        let yaml = Self.yaml(
            data: """
                  settings: { defaults: { units: metric, token: abc } }
                  a: { url: "https://x.example/a?u={{data.settings.units}}&d={{request.day}}&t={{request.date}}", stale: 1h }
                  b: { url: "https://x.example/b?id={{let.first}}", headers: { X-Units: "{{data.settings.units}}" }, stale: 1h }
                """,
            lets: "  first: \"data.a.ids[0]\"")
        #expect(Self.diagnostics(yaml).filter { $0.severity == .error }.isEmpty, "\(Self.diagnostics(yaml).map(\.message))")
    }

    @Test func theEntryAndUnknownRequestFieldsAreRefusedAtTheTag() throws {
        let entry = Self.yaml(data: "  b: { url: \"https://x.example/b?at={{entry.date}}\", stale: 1h }")
        let d = try #require(Self.diagnostics(entry).first { $0.severity == .error })
        #expect(d.code == "request-template")
        #expect(d.message.contains("param.*, data.*, let.*, request.date and request.day can"))
        #expect(d.location.line == 6 && d.location.column == 39)
        let misspelt = Self.yaml(data: "  b: { url: \"https://x.example/b?d={{request.dya}}\", stale: 1h }")
        let m = try #require(Self.diagnostics(misspelt).first { $0.severity == .error })
        #expect(m.code == "unknown-variable" && m.message.contains("'request.dya' is not a request variable (did you mean 'day'?)"))
        let own = Self.yaml(data: "  b: { url: \"https://x.example/b?since={{data.b.last}}\", stale: 1h }")
        #expect(Self.diagnostics(own).contains { $0.code == "request-template" && $0.message.contains("this source's own answer") })
    }

    @Test func aCycleIsAnErrorAtEachMemberNamingIt() throws {
        let yaml = Self.yaml(
            data: """
                  a: { url: "https://x.example/a?id={{let.fromB}}", stale: 1h }
                  b: { url: "https://x.example/b?id={{data.a.id}}", stale: 1h }
                """,
            lets: "  fromB: \"data.b.id\"")
        let cycle = Self.diagnostics(yaml).filter { $0.code == "reload-cycle" }
        #expect(cycle.count == 3, "\(Self.diagnostics(yaml).map(\.message))")
        #expect(cycle[0].message == "data source 'a' is part of a cycle: data source 'a' reads let 'fromB' reads data source 'b' reads data source 'a'; a reload can compute none of them first")
        #expect(cycle.map(\.location.line).sorted() == [6, 7, 9])
    }

    @Test func aLetReadingAllTheDataTakesPartInTheCycleCheck() throws {
        // `size(data)` reads every source, the URL source too: the request that reads the let is a cycle.
        let whole = Self.yaml(
            data: "  b: { url: \"https://x.example/b?n={{let.count}}\", stale: 1h }",
            lets: "  count: \"size(data)\"")
        let cycle = Self.diagnostics(whole).filter { $0.code == "reload-cycle" }
        #expect(cycle.count == 2, "\(Self.diagnostics(whole).map(\.message))")
        #expect(cycle.contains { $0.message == "data source 'b' is part of a cycle: data source 'b' reads let 'count' reads data source 'b'; a reload can compute none of them first" })
        // A source read whole by an index, `data['b']`, is read as well.
        let indexed = Self.yaml(
            data: "  b: { url: \"https://x.example/b?n={{let.keys}}\", stale: 1h }",
            lets: "  keys: \"size(data['b'])\"")
        #expect(Self.diagnostics(indexed).contains { $0.code == "reload-cycle" })
        // Without the request reading it, no cycle: the let is computed after the answers.
        let plain = Self.yaml(data: "  b: { url: \"https://x.example/b\", stale: 1h }", lets: "  count: \"size(data)\"", content: "a: \"{{let.count}}\"")
        #expect(!Self.diagnostics(plain).contains { $0.code == "reload-cycle" })
    }

    @Test func anEntityWhoseOptionsReadALetThatReadsItIsACycle() {
        let yaml = """
            kind: com.example.loop
            displayName: Loop
            description: x
            parameters:
              city: { type: entity, options: { from: let.cities, id: "{{record.id}}" } }
            data:
              app: { file: app.json }
            let:
              cities: "data.app.cities.filter(c, c.id != param.city.id)"
            content: { a: "{{param.city.name}}" }
            timeline: { every: 1h }

            """
        #expect(Self.diagnostics(yaml).contains { $0.code == "reload-cycle" && $0.message.contains("parameter 'city' reads let 'cities' reads parameter 'city'") })
    }

    @Test func aFallbackNamesAnotherDeclaredSource() throws {
        let missing = Self.yaml(data: "  cache: { file: cache.json }\n  b: { url: \"https://x.example/b\", stale: 1h, fallback: [cahce] }")
        let d = try #require(Self.diagnostics(missing).first { $0.code == "data-fallback" })
        #expect(d.message == "data source 'b': fallback 'cahce' names no declared data source (did you mean 'cache'?)")
        #expect(d.location.line == 7)
        let itself = Self.yaml(data: "  b: { url: \"https://x.example/b\", stale: 1h, fallback: [b] }")
        #expect(Self.diagnostics(itself).contains { $0.code == "data-fallback" && $0.message.contains("names itself") })
        let onFile = Self.yaml(data: "  c: { file: c.json }\n  b: { file: b.json, fallback: [c] }")
        #expect(!Self.diagnostics(onFile).filter { $0.severity == .error }.isEmpty)
    }

    // MARK: - Plan

    @Test func thePlanKeepsTheFallbackAndReadsBack() throws {
        let plan = try TypedPlanTests.lowered(Self.yaml(data: "  cache: { file: cache.json }\n  b: { url: \"https://x.example/b\", stale: 1h, fallback: [cache] }"))
        guard case .url(let source)? = plan.data.last else { Issue.record("no URL source"); return }
        #expect(source.fallback == ["cache"])
        let read = try WidgetPlanModel(json: JSONReader.parse(bytes: JSONWriter.pretty(plan.json)).json)
        #expect(JSONWriter.pretty(read.json) == JSONWriter.pretty(plan.json))
    }

    // MARK: - Run

    @Test func aRequestReadingAnotherAnswerThroughALetComesInALaterRound() throws {
        let yaml = Self.yaml(
            data: """
                  settings: { defaults: { units: metric }, suite: group.com.example.order }
                  a: { url: "https://x.example/a?u={{data.settings.units}}&d={{request.day}}", stale: 1h }
                  b: { url: "https://x.example/b?id={{let.first}}", stale: 1h }
                """,
            lets: "  first: \"data.a.ids[0]\"")
        let w = try SimulatedWidget(yaml: yaml)
        let at = try Self.instant("2026-12-06T23:30:00Z")
        let scenario = Scenario([
            .respond(at: at, url: "https://x.example/a?u=metric&d=2026-12-07", response: ScriptedResponse(body: Array(#"{"ids": ["k7", "k9"]}"#.utf8))),
            .respond(at: at, url: "https://x.example/b?id=k7", response: ScriptedResponse(body: Array(#"{"v": "seven"}"#.utf8))),
        ])
        let (reloads, summary) = try w.run(from: "2026-12-06T23:30:00Z", until: "2026-12-06T23:40:00Z", scenario: scenario)
        let first = try #require(reloads.first)
        // The local day in Berlin is already the 7th; a's answer gives b its id.
        #expect((first.requests ?? []).map(\.url) == ["https://x.example/a?u=metric&d=2026-12-07", "https://x.example/b?id=k7"])
        #expect(first.timeline.entries.first?.content["a"] == "seven")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test func aFailedFirstRoundStopsTheReloadBeforeTheRequestsThatReadIt() throws {
        let yaml = Self.yaml(
            data: """
                  a: { url: "https://x.example/a" }
                  b: { url: "https://x.example/b?id={{data.a.id}}" }
                """)
        let w = try SimulatedWidget(yaml: yaml)
        let (reloads, _) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:10:00Z")
        let first = try #require(reloads.first)
        #expect((first.requests ?? []).map(\.url) == ["https://x.example/a"])
        #expect(first.timeline.entries.first?.content["a"] == "")
    }

    @Test func aFallbackFileStandsInForAFailedSourceAndIsNotRequiredOtherwise() throws {
        let yaml = Self.yaml(data: "  cache: { file: cache.json }\n  b: { url: \"https://x.example/b\", fallback: [cache] }")
        // No answer, the app's copy stands in.
        let withCopy = try SimulatedWidget(yaml: yaml, data: ["cache.json": #"{"v": "from the app"}"#])
        let (reloads, summary) = try withCopy.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:10:00Z")
        #expect(reloads.first?.timeline.entries.first?.content["a"] == "from the app")
        #expect(summary.warnings.contains { $0.code == "data-fallback" && $0.message.contains("showing data source 'cache' instead") })
        // An answer, and no copy written yet: the missing file holds nothing up.
        let noCopy = try SimulatedWidget(yaml: yaml)
        let answered = Scenario([.respond(at: try Self.instant("2026-12-06T09:00:00Z"), url: "https://x.example/b", response: ScriptedResponse(body: Array(#"{"v": "fresh"}"#.utf8)))])
        let (fresh, freshSummary) = try noCopy.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:10:00Z", scenario: answered)
        #expect(fresh.first?.timeline.entries.first?.content["a"] == "fresh")
        #expect(!freshSummary.warnings.contains { $0.code == "data-missing" })
        // Neither: the placeholder, saying so.
        let (neither, neitherSummary) = try noCopy.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:10:00Z")
        #expect(neither.first?.timeline.entries.first?.content["a"] == "")
        #expect(neitherSummary.warnings.contains { $0.code == "data-fallback" && $0.message.contains("has no value either") })
    }

    @Test func theOrderPutsEachRequestAfterWhatItReads() throws {
        let plan = try TypedPlanTests.lowered(Self.yaml(
            data: """
                  b: { url: "https://x.example/b?id={{let.first}}", stale: 1h }
                  a: { url: "https://x.example/a", stale: 1h }
                """,
            lets: "  first: \"data.a.ids[0]\"\n  late: \"size(data.b)\"",
            content: "a: \"{{let.late}}\""))
        let widget = try CompiledWidget(plan: plan, defaultZone: .utc)
        let order = widget.reloadOrder
        #expect(order.steps == [.url(1), .let(0), .url(0)])
        #expect(order.readsURL == [[], [1], []])
        // `late` reads b but nothing requested reads it: computed at the end, with the others.
        #expect(order.earlyLets == [0])
    }
}
