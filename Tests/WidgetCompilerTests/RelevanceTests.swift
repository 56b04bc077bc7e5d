import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// `relevance: { score, duration }` (docs/language.md "Relevance"): each entry's
/// TimelineEntryRelevance, its score a CEL expression over the entry, checked at its column.
@Suite struct RelevanceTests {
    static let yaml = """
        kind: test.relevance
        displayName: Relevance
        description: Relevance under test.
        timeZone: UTC
        data:
          today: { file: today.json }
        let:
          busy: "data.today.meetings > 2"
        content: { n: "{{entry.index}}" }
        relevance:
          score: "(let.busy ? 10 : 1) * (entry.index + 1)"
          duration: 30m
        timeline: { every: 1h, horizon: 2h }

        """

    @Test func eachEntryHasItsScoreAndTheDuration() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: ["today.json": #"{ "meetings": 3 }"#])
        let (reloads, summary) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T10:00:00Z")
        let entries = try #require(reloads.first).timeline.entries
        #expect(entries.map(\.relevance) == [10, 20, 30].map { EntryRelevance(score: $0, duration: 1_800) })
        #expect(summary.warnings.isEmpty)
        // The plan carries it, and a plan file gives it back.
        let plan = w.widget.plan
        #expect(plan.json["relevance"] == .object(JSONObject([("score", "(let.busy ? 10 : 1) * (entry.index + 1)"), ("duration", 1_800)])))
        #expect(try WidgetPlanModel(json: plan.json).json == plan.json)
    }

    @Test func aScoreThatFailsLeavesTheEntryWithoutRelevanceAndWarns() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "(let.busy ? 10 : 1) * (entry.index + 1)", with: "data.today.score + 0.5")
        let w = try SimulatedWidget(yaml: yaml, data: ["today.json": #"{ "meetings": 1 }"#])
        let (reloads, summary) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T10:00:00Z")
        #expect(try #require(reloads.first).timeline.entries.map(\.relevance) == [nil, nil, nil])
        #expect(summary.warnings.map(\.code) == ["relevance-error"])
        #expect(summary.warnings.first?.message.hasPrefix("relevance score (data.today.score + 0.5): ") == true)
    }

    @Test func aWidgetWithoutRelevanceHasNone() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "relevance:\n  score: \"(let.busy ? 10 : 1) * (entry.index + 1)\"\n  duration: 30m\n", with: "")
        let w = try SimulatedWidget(yaml: yaml + "url: \"x://{{let.busy}}\"\n", data: ["today.json": #"{ "meetings": 1 }"#])
        let (reloads, _) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T10:00:00Z")
        #expect(try #require(reloads.first).timeline.entries.allSatisfy { $0.relevance == nil })
        #expect(w.widget.plan.json["relevance"] == nil)
    }

    /// The diagnostics with `score` in place, but the warning that `busy` is unread (these scores do not read it).
    func shown(_ score: String, all: Bool = false) throws -> [String] {
        let yaml = Self.yaml.replacingOccurrences(of: "\"(let.busy ? 10 : 1) * (entry.index + 1)\"", with: score)
        return Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml")
            .filter { all || $0.code != "let-unused" }
            .map { "\($0.code) \($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func theScoreIsCheckedAtItsColumn() throws {
        // Line 11 is `  score: "…"`: the scalar starts at column 10, the expression at 11.
        #expect(try shown("\"entry.date\"") == [
            "cel-type 11:10 relevance score: the score must be a number (int or double), found google.protobuf.Timestamp"
        ])
        #expect(try shown("\"let.bsy ? 1 : 0\"") == ["cel-type 11:14 relevance score: let has no field 'bsy' (did you mean 'busy'?)"])
        #expect(try shown("\"1 +\"") == ["cel-syntax 11:14 relevance score: unexpected end of expression, expected a value"])
        // A let read only by the score is read: no let-unused warning.
        #expect(try shown("\"let.busy ? 1 : 0\"", all: true) == [])
    }
}
