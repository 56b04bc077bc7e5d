import Foundation
import Testing
import WidgetCEL
import WidgetCLI
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime
@testable import WidgetcRuntimeCore

/// Lets at run time (docs/cel.md "Lets"): evaluated from the plan without parsing, once per
/// reload or per entry by what they read; a failing let is absent and warned once per reload.
@Suite struct LetRunTests {
    static let yaml = """
        kind: com.example.lets
        displayName: Lets
        description: Computed values.
        parameters:
          goal: { type: integer, default: 200 }
          ratio: { type: number, default: 2 }
          every: { type: duration, default: 15m }
        data:
          today: { file: today.json }
        let:
          percent: "math.least(100, data.today.steps * 100 / param.goal)"
          label: "string(let.percent) + '% of ' + string(param.goal)"
          open: "data.today.tasks.filter(t, !t.done).map(t, t.title)"
          hour: "entry.date.getHours('UTC') + entry.index * 100"
          broken: "data.today.steps / data.today.zero"
          hasBroken: "has(let.broken)"
          nightly: "let.hour >= 12 ? 'late: ' + let.label : 'early'"
          wait: "param.every > duration('10m') && param.ratio / 4.0 == 0.5"
          horizon: "'12h'"
        content:
          title: "{{let.label}}"
          open: "{{let.open}}"
          hour: "{{let.hour}}"
          broken: "{{let.broken}}"
          hasBroken: "{{let.hasBroken}}"
          nightly: "{{let.nightly}}"
          wait: "{{let.wait}}"
        timeline: { every: 6h, horizon: "{{let.horizon}}" }

        """
    static let data = ["today.json": #"{"steps": 150, "zero": 0, "tasks": [{"title": "a", "done": false}, {"title": "b", "done": true}]}"#]

    @Test func letsComputeFromParamDataEntryAndEachOther() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: Self.data)
        let (reloads, summary) = try w.run(from: "2026-01-01T00:00:00Z", until: "2026-01-01T01:00:00Z")
        let entries = try #require(reloads.first?.timeline.entries)
        // The horizon (a let of the reload) gives three entries: 0 h, 6 h, 12 h.
        #expect(entries.count == 3)
        #expect(entries.map { $0.content["title"] } == Array(repeating: "75% of 200", count: 3))
        #expect(entries[0].content["open"] == ["a"])
        // Per entry: the entry's hour and index.
        #expect(entries.map { $0.content["hour"] } == [0, 106, 212])
        #expect(entries.map { $0.content["nightly"] } == ["early", "late: 75% of 200", "late: 75% of 200"])
        // The failing let is absent: rendered empty, `has()` false; the others are unaffected.
        #expect(entries.map { $0.content["broken"] } == ["", "", ""])
        #expect(entries[0].content["hasBroken"] == false)
        #expect(entries[0].content["wait"] == true)
        #expect(summary.warnings.map(\.code) == ["let-error"])
        #expect(summary.warnings.first?.message == "let 'broken' (data.today.steps / data.today.zero): division by zero; it is absent")
    }

    @Test func parametersHaveTheirDeclaredTypes() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: Self.data)
        let (reloads, _) = try w.run(
            from: "2026-01-01T00:00:00Z", until: "2026-01-01T01:00:00Z", parameters: ["goal": 300, "every": "5m", "ratio": 2.5])
        let first = try #require(reloads.first?.timeline.entries.first)
        #expect(first.content["title"] == "50% of 300")
        #expect(first.content["wait"] == false)
    }

    @Test func aLetFailingPerEntryWarnsOncePerReload() throws {
        let yaml = Self.yaml.replacingOccurrences(of: #"broken: "data.today.steps / data.today.zero""#, with: #"broken: "data.today.steps / (entry.index - entry.index)""#)
        let w = try SimulatedWidget(yaml: yaml, data: Self.data)
        let (reloads, summary) = try w.run(from: "2026-01-01T00:00:00Z", until: "2026-01-01T14:00:00Z")
        #expect(reloads.count == 2)
        #expect(reloads.allSatisfy { $0.timeline.entries.count == 3 })
        // The run lists a warning once; each reload's own list (what a device logs) has it once too, for three entries.
        #expect(summary.warnings.map(\.code) == ["let-error"])
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(w.widget.plan.json)), timeZone: TimeZone(identifier: "UTC")!)
        let timeline = plan.timeline(at: Date(timeIntervalSince1970: 1_767_225_600), container: URL(fileURLWithPath: w.directory + "/container"), fetcher: NoNetwork())
        #expect(timeline.entries.count == 3)
        #expect(timeline.warnings == ["let 'broken' (data.today.steps / (entry.index - entry.index)): division by zero; it is absent"])
    }

    @Test func thePlanCarriesTheLetsAndAPlanFileRunsTheSame() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: Self.data)
        let json = w.widget.plan.json
        let lets = try #require(json["let"]?.array)
        #expect(lets.count == 9)
        // In evaluation order: `label` after `percent`, `nightly` after `hour` and `label`.
        let names = lets.compactMap { $0["name"]?.string }
        #expect(names.firstIndex(of: "percent")! < names.firstIndex(of: "label")!)
        #expect(names.firstIndex(of: "hour")! < names.firstIndex(of: "nightly")!)
        #expect(lets.first { $0["name"] == "hour" }?["perEntry"] == true)
        #expect(lets.first { $0["name"] == "nightly" }?["perEntry"] == true)
        #expect(lets.first { $0["name"] == "label" }?["perEntry"] == false)
        #expect(lets.first { $0["name"] == "open" }?["expression"] == "data.today.tasks.filter(t, !t.done).map(t, t.title)")
        // Read back, the plan answers as the definition does.
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(json)), timeZone: TimeZone(identifier: "UTC")!)
        let timeline = plan.timeline(at: Date(timeIntervalSince1970: 1_767_225_600), container: URL(fileURLWithPath: w.directory + "/container"), fetcher: NoNetwork())
        #expect(timeline.entries.map { $0["hour"]?.int } == [0, 106, 212])
        #expect(timeline.entries.first?["title"]?.string == "75% of 200")
    }

    /// An entry's lets read `entry`'s fields by position when they read it only through known
    /// fields, and from an `entry` map otherwise: the same values, and the same error for a
    /// field `entry` does not have.
    @Test func entryLetsReadTheEntrysFieldsAsTheMapHasThem() throws {
        func evaluate(_ expressions: [String]) throws -> [[String]] {
            let lets = try expressions.enumerated().map { try PlanLet(name: "l\($0.offset)", expression: $0.element, perEntry: true) }
            let evaluator = LetEvaluator(lets, parameters: [])
            let reload = evaluator.reload(param: [:], data: [:], family: "systemSmall")
            var buffers = evaluator.entries(of: reload)
            var failures: [(name: String, message: String)] = []
            let zone = try #require(ZoneRules.named("UTC"))
            return (0..<2).map { index in
                let date = Instant(seconds: 1_767_225_600 + Int64(index) * 3_600)
                _ = evaluator.entry(
                    date: date, index: index, standsFor: index == 0 ? nil : date, zone: zone, rule: .none, buffers: &buffers, failures: &failures)
                let lets = buffers.lets
                return lets.names.map { lets.json($0).map { JSONWriter.string($0) } ?? "absent" } + failures.map(\.message)
            }
        }
        let known = ["entry.date + duration('90m')", "entry.index * 10", "has(entry.instant) && entry.isInstant", "entry.weekday + ' ' + entry.time"]
        let expected = [
            [#""2026-01-01T01:30:00Z""#, "0", "false", #""Thursday 00:00""#],
            [#""2026-01-01T02:30:00Z""#, "10", "true", #""Thursday 01:00""#],
        ]
        #expect(try evaluate(known) == expected)
        // With `entry` read whole, every field is in its map: the same values.
        #expect(try evaluate(known + ["size(entry)"]) == expected.map { $0 + ["7"] })
        // A field `entry` does not have (a plan is not checked again): absent, "no such key".
        #expect(try evaluate(["entry.index", "entry.nope"]) == [["0", "absent", "no such key: 'nope'"], ["1", "absent", "no such key: 'nope'"]])
    }

    /// A per-entry let that is a whole-second timestamp is written by `run`'s JSON writer
    /// straight from its seconds (the date part kept per day): the text CEL gives it, across
    /// days, years and before 1970, with and without the entries' other fields.
    @Test func timestampLetsAreWrittenAsCELWritesThem() throws {
        let directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        try """
            kind: com.example.stamps
            displayName: Stamps
            description: Timestamp lets.
            let:
              later: "entry.date + duration('90m')"
              earlier: "entry.date - duration('500000h') + duration('1s')"
              late: "entry.date + duration('1h1m1s') + duration('1ms')"
            content: { later: "{{let.later}}", earlier: "{{let.earlier}}", late: "{{let.late}}" }
            timeline: { every: 7h, align: false }

            """.write(toFile: directory + "/stamps.yaml", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", directory + "/stamps.yaml", "--from", "2026-12-30T20:00:00Z", "--for", "4d", "--tz", "UTC", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        let entries = (run["reloads"]?.array ?? []).flatMap { $0["entries"]?.array ?? [] }
        #expect(entries.count >= 12)
        for entry in entries {
            let date = try #require(entry["date"]?.string.flatMap { CELTimestamp.parse($0) ?? nil })
            let text = { (seconds: Int64, nanos: Int64) in CELTimestamp(seconds: date.seconds + seconds, nanos: nanos)!.description }
            #expect(entry["content"]?["later"]?.string == text(5_400, 0))
            #expect(entry["content"]?["earlier"]?.string == text(-1_800_000_000 + 1, 0))
            // Not a whole second: written from the CEL value, as before.
            #expect(entry["content"]?["late"]?.string == text(3_661, 1_000_000))
        }
    }

    /// Fields that read only the reload's lets render once while reloads reuse those lets
    /// (`RenderedLetFields`): a reload over the same lets shows what the first showed, one whose
    /// lets changed shows them anew, in every field that reads them, alone or in text.
    @Test func fieldsOfTheReloadsLetsRenderAgainWhenTheLetsChange() throws {
        let w = try SimulatedWidget(yaml: """
            kind: com.example.rendered
            displayName: Rendered
            description: Fields of the reload's lets.
            data:
              today: { file: today.json }
            let:
              double: "data.today.steps * 2"
              label: "'steps: ' + string(data.today.steps)"
              broken: "data.today.steps / data.today.zero"
            content:
              double: "{{let.double}}"
              line: "{{let.label}}, twice {{let.double}}!"
              broken: "{{let.broken}}"
              steps: "{{data.today.steps}}"
            timeline: { every: 1h, horizon: 1h }

            """, data: ["today.json": #"{"steps": 150, "zero": 0}"#])
        func at(_ text: String) throws -> Instant { try InstantParser.parse(text).instant }
        let scenario = Scenario([
            .reload(at: try at("2026-01-01T00:10:00Z"), kind: nil, where: nil),
            .write(at: try at("2026-01-01T00:20:00Z"), path: "today.json", value: ["steps": 40, "zero": 0]),
            .reload(at: try at("2026-01-01T00:20:00Z"), kind: nil, where: nil),
            .reload(at: try at("2026-01-01T00:30:00Z"), kind: nil, where: nil),
            .write(at: try at("2026-01-01T00:40:00Z"), path: "today.json", value: ["steps": 150, "zero": 0]),
            .reload(at: try at("2026-01-01T00:40:00Z"), kind: nil, where: nil),
        ])
        let (reloads, _) = try w.run(from: "2026-01-01T00:00:00Z", until: "2026-01-01T00:50:00Z", scenario: scenario)
        let shown = reloads.map { reload in
            reload.timeline.entries.first.map { e in ["double", "line", "broken", "steps"].map { e.content[$0].map(JSONWriter.string) ?? "none" } } ?? []
        }
        // (`steps`, a lone tag of the data, renders typed: a number.)
        let first = ["300", #""steps: 150, twice 300!""#, #""""#, "150"]
        let second = ["80", #""steps: 40, twice 80!""#, #""""#, "40"]
        #expect(shown == [first, first, second, second, first])
    }

    /// A reload over what the last one read (parameters, data, family, sources) gives the lets
    /// that one gave, its failures with them (the reload warns them again), without computing
    /// them again; any other value computes them anew, even one `==` takes for the same.
    @Test func aReloadOverWhatTheLastOneReadGivesItsLets() throws {
        let lets = try [
            PlanLet(name: "double", expression: "data.today.steps * 2", perEntry: false),
            PlanLet(name: "broken", expression: "data.today.steps / data.today.zero", perEntry: false),
            PlanLet(name: "small", expression: "family == 'systemSmall'", perEntry: false),
        ]
        let evaluator = LetEvaluator(lets, parameters: [])
        let cache = DataCache()
        func reload(_ steps: JSONValue, family: String = "systemSmall") -> LetEvaluator.Reload {
            evaluator.reload(param: ["goal": 200], data: ["today": ["steps": steps, "zero": 0]], family: family, cache: cache)
        }
        let first = reload(150)
        #expect(first.json["double"] == 300 && first.json["small"] == true)
        #expect(first.failures.map(\.name) == ["broken"])
        let again = reload(150)
        #expect(JSONValue.object(again.json) == .object(first.json))
        #expect(again.failures.map(\.name) == ["broken"])
        #expect(reload(150, family: "systemLarge").json["small"] == false)
        #expect(reload(10).json["double"] == 20)
        // 10.0 is not 10 in CEL: `double * int` has no overload, so the let fails and is absent.
        let real = reload(10.0)
        #expect(real.json["double"] == nil)
        #expect(real.failures.map(\.name) == ["double", "broken"])
    }

    @Test func aPlanFileWithABrokenExpressionIsRefusedNamingIt() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: Self.data)
        var plan = try #require(w.widget.plan.json.object)
        var lets = try #require(plan["let"]?.array)
        lets[0] = ["name": "percent", "expression": "1 +", "perEntry": false]
        plan["let"] = .array(lets)
        #expect {
            try WidgetPlan(data: Data(JSONWriter.pretty(.object(plan))))
        } throws: { error in
            "\(error)".contains("/let/0/expression") && "\(error)".contains("'1 +' is not a CEL expression")
        }
    }
}
