import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime
@testable import WidgetCompiler

/// The typed plan: lowering builds it from the checks' values, its JSON (PlanJSON.swift)
/// reads back into the same plan, and the runtime runs either alike.
@Suite struct TypedPlanTests {
    /// Definitions that use every member of the format: each rule, each policy and event
    /// form, URL sources with every option, parameters of every type, numbers written both ways.
    static let definitions: [String] = [
        """
        kind: com.x.progress
        displayName: Progress
        description: progress with floats
        families: [systemSmall, accessoryCircular]
        parameters:
          interval: { type: duration, min: 5m, max: 2h, default: 15m, title: Interval }
          level: { type: integer, min: 1, max: 10 }
          ratio: { type: number, min: 0.5, max: 2.5 }
          mode: { type: enum, values: [fast, slow], valueTitles: { slow: Slow mode, fast: Fast } }
          on: { type: boolean }
          label: { type: string }
          d2: { type: duration }
        content: { v: "{{progress}}", m: "{{param.mode}}", t: 3, f: 2.5, n: null, b: true }
        url: "x://p/{{param.level}}"
        timeline:
          progress: { value: 5.0, since: "2026-11-29T10:00:00+01:00", by: 0.25, every: "{{param.interval}}", to: 100 }
          horizon: 2d
          maxEntries: 50
          policy: { after: "+2h" }
          events:
            - at: "2026-12-01T09:30:00-05:00"
            - at: "+90m"
        """,
        """
        kind: com.x.net
        displayName: Net
        description: url sources
        parameters:
          city: { type: string, default: Paris }
        data:
          a: { url: "https://x.example/w?city={{param.city}}", method: POST, body: "c={{param.city}}", headers: { Accept: application/json, X-City: "{{param.city}}" }, timeout: 5s, maxAge: 30m, stale: 2h, retry: 5m, select: /data }
          b: { url: "http://x.example/plain", insecure: true }
          f: { file: f.json }
        content: { t: "{{data.a.t}}" }
        timeline:
          every: 1h
          align: false
          policy: { after: 2026-12-01T00:00:00Z }
        """,
        """
        kind: com.x.seq
        displayName: Seq
        description: sequence
        data:
          items: { file: items.json }
        placeholder: { t: "…" }
        snapshot: { t: "snap" }
        familyContent:
          systemLarge: { t: null, u: "{{index}}" }
        content: { t: "{{record.title}}" }
        timeline:
          sequence: { items: items, every: 10m }
          policy: never
          horizon: "{{param.h}}"
        parameters:
          h: { type: duration, default: 6h }
        """,
        """
        kind: com.x.daily
        displayName: Daily
        description: daily slots
        timeZone: America/New_York
        content: { t: "{{slot.name}}" }
        timeline:
          daily:
            - { at: "07:00", name: Morning, content: { extra: "{{slot.at}}" } }
            - { at: "19:30" }
          policy: atEnd
        """,
        """
        kind: com.x.cron
        displayName: Cron
        description: cron macro
        content: { t: "{{entry.date}}" }
        timeline:
          cron: "@daily"
          policy: { after: "{{param.p}}" }
          events:
            - at: "{{param.p}}"
        parameters:
          p: { type: string, default: "2026-12-01T00:00:00Z" }
        """,
        """
        kind: com.x.once
        displayName: Once
        description: once
        content: { t: x }
        timeline:
          once: true
          policy: { after: 45m }
        """,
        """
        kind: com.x.hourly
        displayName: Hourly
        description: hourly
        content: { t: x }
        timeline:
          hourly: true
        """,
        """
        kind: com.x.market
        displayName: Market
        description: market
        content: { state: "{{market.state}}" }
        timeline:
          market: { exchange: XNYS, every: 15m }
        """,
    ]

    static func lowered(_ yaml: String) throws -> WidgetPlanModel {
        let compiled = Compilation(purpose: .compile).compile(bytes: Array(yaml.utf8), path: "/nonexistent/typed-plan.yaml")
        let errors = (compiled?.diagnostics ?? []).filter { $0.severity == .error }
        guard errors.isEmpty, case .widget(_, let plan)? = compiled?.plans.first else {
            throw TestFailure("does not lower: \(errors.map(\.message))")
        }
        return plan
    }

    @Test(arguments: definitions)
    func aPlanReadsBackIntoTheSamePlan(_ yaml: String) throws {
        let plan = try Self.lowered(yaml)
        let written = JSONWriter.pretty(plan.json)
        let read = try WidgetPlanModel(json: JSONReader.parse(bytes: written).json)
        #expect(String(decoding: JSONWriter.pretty(read.json), as: UTF8.self) == String(decoding: written, as: UTF8.self))
    }

    @Test func theExamplesReadBackIntoTheSamePlans() throws {
        let loaded = try WidgetLoader.load(paths: [TestPaths.widgets], defaultZone: .utc)
        #expect(!loaded.hasErrors && loaded.widgets.count >= 10)
        for widget in loaded.widgets {
            let written = JSONWriter.pretty(widget.plan.json)
            let read = try WidgetPlanModel(json: JSONReader.parse(bytes: written).json)
            #expect(JSONWriter.pretty(read.json) == written, "\(widget.widget.kind)")
        }
    }

    /// A face travels as written, after `url`, only when the widget has one.
    @Test func aFaceReadsBackAsWritten() throws {
        var plan = try Self.lowered(Self.definitions[6])
        #expect(plan.json["view"] == nil && plan.json["familyView"] == nil && plan.json["background"] == nil)
        plan.view = try JSONReader.parse(#"{"vstack": [{"text": "{{t}}"}], "spacing": 4}"#).json
        plan.familyView = try JSONReader.parse(#"{"accessoryCircular": {"gauge": "{{t}}"}}"#).json.object
        plan.background = .string("blue")
        let written = JSONWriter.pretty(plan.json)
        let keys = try #require(JSONReader.parse(bytes: written).json.object).keys
        let url = try #require(keys.firstIndex(of: "url"))
        #expect(Array(keys[url...].prefix(4)) == ["url", "view", "familyView", "background"])
        let read = try WidgetPlanModel(json: JSONReader.parse(bytes: written).json)
        #expect(JSONWriter.pretty(read.json) == written)
    }

    @Test func anAppPlanReadsBackIntoTheSamePlan() throws {
        let compiled = try Compilation(purpose: .compile).compile(path: TestPaths.widgets + "/notes-app.yaml")
        #expect((compiled.map { $0.diagnostics } ?? []).filter { $0.severity == .error }.isEmpty)
        guard let plan = compiled?.plans.compactMap({ lowered -> AppPlanModel? in
            if case .app(_, let plan, _) = lowered { return plan }
            return nil
        }).first else {
            Issue.record("no app plan for notes-app.yaml")
            return
        }
        #expect(plan.widgets == ["com.example.notebuddy.recent.plan.json"])
        let written = JSONWriter.pretty(plan.json)
        #expect(JSONWriter.pretty(try AppPlanModel(json: JSONReader.parse(bytes: written).json).json) == written)
    }

    /// The plan carries typed values: seconds, instants in UTC, the parsed cron expression.
    @Test func valuesArriveTyped() throws {
        let progress = try Self.lowered(Self.definitions[0])
        guard case .progress(let rule) = progress.timeline.rule else {
            Issue.record("not a progress rule")
            return
        }
        #expect(rule.value.literal == .double(5))
        #expect(rule.to.literal == .int(100))
        #expect(rule.since.literal == at("2026-11-29T09:00:00Z"))
        #expect(progress.timeline.horizon.literal == 172_800)
        guard case .afterDuration(7_200)? = progress.timeline.policy else {
            Issue.record("policy \(String(describing: progress.timeline.policy))")
            return
        }
        #expect(progress.parameters.first?.min == 300 && progress.parameters.first?.max == 7_200)
        guard case .cron(let cron) = try Self.lowered(Self.definitions[4]).timeline.rule else {
            Issue.record("not a cron rule")
            return
        }
        #expect(cron.text == "@daily")
    }

    /// Lowering takes the durations, instants and cron expressions the checks parsed: without
    /// them it has nothing to go on (it does not parse them again).
    @Test func loweringUsesTheValuesTheChecksParsed() throws {
        for (yaml, field) in [
            (Self.definitions[5], "/timeline/policy/after"),  // a duration
            (Self.definitions[1], "/data/a/timeout"),  // a URL source's duration
            (Self.definitions[4], "/timeline/cron"),  // a cron expression
            (Self.definitions[0], "/parameters/interval/min"),  // a duration parameter's bound
        ] {
            let document = try #require(SourceFiles.documents(of: Array(yaml.utf8), path: "t.yaml").documents.first)
            let definition = WidgetDefinition(decoding: document)
            guard case .failure(let problem) = Lowering.plan(definition, file: "t.yaml", parsed: ParsedScalars()) else {
                Issue.record("lowered without the checks' values: \(field)")
                continue
            }
            #expect(problem.pointer == field)
            #expect(problem.message.contains("checks"))
        }
    }

    /// `run` compiles the typed plan straight from lowering; the plan file gives the same provider.
    @Test func theTypedPlanAndItsFileRunAlike() throws {
        for yaml in Self.definitions {
            let plan = try Self.lowered(yaml)
            let direct = try WidgetPlan(plan: plan, timeZone: TimeZone(identifier: "UTC")!, locale: nil)
            let file = try WidgetPlan(data: Data(JSONWriter.pretty(plan.json)), timeZone: TimeZone(identifier: "UTC")!, locale: nil)
            let date = Date(timeIntervalSince1970: 1_764_421_200)
            let a = direct.timeline(at: date, fetcher: NoNetwork())
            let b = file.timeline(at: date, fetcher: NoNetwork())
            #expect(a.entries == b.entries && a.policy == b.policy, "\(plan.kind)")
            #expect(!a.entries.isEmpty, "\(plan.kind)")
        }
    }
}

extension Field {
    fileprivate var literal: Value? {
        if case .literal(let v) = self { return v }
        return nil
    }
}
