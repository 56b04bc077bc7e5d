import Foundation
import Testing
import WidgetCLI
import WidgetCompiler
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime

/// The library a widget extension links (`WidgetPlan`) answers each request with
/// exactly what `widgetc run` shows for the reload at that moment, and refuses a
/// damaged plan with an error instead of crashing.
@Suite struct RuntimeLibraryTests {
    /// Every example widget, compiled through the real pipeline.
    static func examples() throws -> [LoadedWidget] {
        let loaded = try WidgetLoader.load(paths: [TestPaths.widgets], defaultZone: .utc)
        guard !loaded.hasErrors, loaded.widgets.count >= 10 else {
            throw TestFailure("the examples do not compile: \(loaded.diagnostics.map(\.message))")
        }
        return loaded.widgets
    }

    static func plan(_ widget: LoadedWidget) throws -> WidgetPlan {
        try WidgetPlan(data: Data(JSONWriter.pretty(widget.plan.json)), timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func everyReloadOfARunIsWhatThePlanAnswers() throws {
        for loaded in try Self.examples() {
            let widget = loaded.widget
            let plan = try Self.plan(loaded)
            #expect(plan.kind == widget.kind)
            #expect(plan.families == widget.families.map(\.rawValue))
            let from = try InstantParser.parse("2026-11-29T08:00:00-05:00").instant
            let configuration = RunConfiguration(
                kind: widget.kind, family: widget.families[0], parameters: widget.defaultParameters,
                from: from, until: from + 3 * 86_400)
            let run = WidgetRun(
                provider: widget, configuration: configuration, container: Container(directory: loaded.containerDirectory),
                zone: widget.zone)
            let (reloads, _) = run.collect()
            #expect(!reloads.isEmpty)
            for reload in reloads {
                let answer = plan.timeline(
                    at: Date(timeIntervalSince1970: TimeInterval(reload.at.seconds)), family: widget.families[0].rawValue,
                    container: URL(fileURLWithPath: loaded.containerDirectory), fetcher: NoNetwork())
                let expected = reload.timeline.entries
                #expect(answer.entries.count == expected.count, "\(widget.kind) at \(reload.at)")
                for (got, want) in zip(answer.entries, expected) {
                    #expect(Int64(got.date.timeIntervalSince1970) == want.date.seconds)
                    #expect(got.url == want.url)
                    #expect(got.content.map(\.key) == want.content.map(\.key), "\(widget.kind)")
                    for (key, value) in want.content {
                        #expect(got[key].map { JSONWriter.string($0.json) } == JSONWriter.string(value), "\(widget.kind).\(key)")
                    }
                }
                switch (answer.policy, reload.timeline.policy) {
                case (.atEnd, .atEnd), (.never, .never): break
                case (.after(let date), .after(let instant)): #expect(Int64(date.timeIntervalSince1970) == instant.seconds)
                default: Issue.record("\(widget.kind) at \(reload.at): policy \(answer.policy) against \(reload.timeline.policy)")
                }
            }
        }
    }

    @Test func contentIsTypedAsThePlanRendersIt() throws {
        let character = try #require(try Self.examples().first { $0.widget.kind == "com.mygame.character-detail" })
        let plan = try Self.plan(character)
        let answer = plan.timeline(
            at: Date(timeIntervalSince1970: 1_764_421_200), family: "systemMedium",
            container: URL(fileURLWithPath: character.containerDirectory), fetcher: NoNetwork())
        let first = try #require(answer.entries.first)
        // `health: "{{progress}}"` keeps the number's type: a view reads it as an Int.
        #expect(first["health"]?.int != nil)
        #expect(first["status"]?.string?.hasSuffix("/100 health") == true)
        #expect(first.url == "mygame://character/panda")
        let snapshot = plan.snapshot(at: Date(timeIntervalSince1970: 1_764_421_200))
        #expect(snapshot["name"]?.string == "Power Panda")
    }

    @Test func aPlanCutShortIsRefusedWithAnError() throws {
        for loaded in try Self.examples() {
            let bytes = JSONWriter.pretty(loaded.plan.json)
            // Every cut but the last few bytes (the closing brace and newline) leaves text that is not a plan.
            for cut in stride(from: 0, to: bytes.count - 2, by: max(1, bytes.count / 97)) {
                #expect(throws: PlanError.self, "\(loaded.widget.kind) cut at \(cut)") {
                    try WidgetPlan(data: Data(bytes[..<cut]))
                }
            }
        }
    }

    /// Each member of each example plan replaced by a value of another kind, or removed:
    /// the plan is refused with an error naming a member, or it loads and answers.
    @Test func aPlanEditedIntoNonsenseIsRefusedOrAnswers() throws {
        let replacements: [JSONValue?] = [nil, .null, .string("x"), .string("{{"), .int(-1), .int(0), .double(1e300), .bool(true), .array([]), .object(JSONObject())]
        var refused = 0
        var answered = 0
        for loaded in try Self.examples() {
            // The calendar's own members are fuzzed by MarketCalendarsTests (DescriptionJSONTests).
            for path in Self.paths(in: loaded.plan.json) where !path.isEmpty && (path[0] != "markets" || path.count < 3) {
                for replacement in replacements {
                    let mutated = Self.replacing(path, in: loaded.plan.json, with: replacement)
                    do {
                        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(mutated)), timeZone: TimeZone(identifier: "UTC")!)
                        _ = plan.timeline(at: Date(timeIntervalSince1970: 1_764_421_200), container: URL(fileURLWithPath: loaded.containerDirectory), fetcher: NoNetwork())
                        _ = plan.snapshot(at: Date(timeIntervalSince1970: 1_764_421_200))
                        answered += 1
                    } catch {
                        #expect(!error.message.isEmpty)
                        refused += 1
                    }
                }
            }
        }
        // Both happen: most nonsense is refused, and some edits (a content value) still make a plan.
        #expect(refused > 1000)
        #expect(answered > 100)
    }

    @Test func anotherFormatVersionIsRefusedInOneLine() throws {
        let loaded = try #require(try Self.examples().first)
        let mutated = Self.replacing(["format"], in: loaded.plan.json, with: .string("widgetc-plan/9"))
        #expect {
            try WidgetPlan(data: Data(JSONWriter.pretty(mutated)))
        } throws: { error in
            let text = (error as? PlanError)?.description ?? ""
            return text.contains("widgetc-plan/9") && text.contains("widgetc-plan/1") && !text.contains("\n")
        }
    }

    // MARK: - JSON surgery

    static func paths(in value: JSONValue, _ prefix: [String] = []) -> [[String]] {
        var out = [prefix]
        switch value {
        case .object(let o): for (k, v) in o { out += paths(in: v, prefix + [k]) }
        case .array(let a): for (i, v) in a.enumerated() { out += paths(in: v, prefix + [String(i)]) }
        default: break
        }
        return out
    }

    /// `value` with the member at `path` replaced (nil removes it).
    static func replacing(_ path: [String], in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let head = path.first else { return replacement ?? .null }
        let rest = Array(path.dropFirst())
        switch value {
        case .object(let o):
            var pairs: [(String, JSONValue)] = []
            for (k, v) in o {
                if k != head { pairs.append((k, v)) }
                else if rest.isEmpty { if let replacement { pairs.append((k, replacement)) } }
                else { pairs.append((k, replacing(rest, in: v, with: replacement))) }
            }
            return .object(JSONObject(pairs))
        case .array(var a):
            guard let i = Int(head), a.indices.contains(i) else { return value }
            if rest.isEmpty {
                if let replacement { a[i] = replacement } else { a.remove(at: i) }
            } else {
                a[i] = replacing(rest, in: a[i], with: replacement)
            }
            return .array(a)
        default:
            return value
        }
    }
}
