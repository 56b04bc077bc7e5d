import Foundation
import Testing
import WidgetSupport
import WidgetTime
import WidgetTestSupport
@testable import WidgetLSP

/// Inlay hints, code lens, semantic tokens, document links and folding ranges.
@Suite struct DecorationTests {
    func open(_ name: String, text: String? = nil) throws -> (InProcessSession, String, [String]) {
        let session = InProcessSession(now: Instant(seconds: 1_795_000_000))  // 2026-11-18T11:06:40Z
        _ = try session.client.initialize()
        let path = TestPaths.widgets + "/" + name
        let text = try text ?? String(contentsOfFile: path, encoding: .utf8)
        let uri = LanguageServer.uri(of: path)
        session.client.open(uri: uri, text: text)
        _ = try session.client.diagnostics(uri: uri)
        return (session, uri, text.components(separatedBy: "\n"))
    }

    func request(_ session: InProcessSession, _ method: String, _ uri: String, _ extra: [(String, JSONValue)] = []) throws -> JSONValue {
        var params = JSONObject([("textDocument", ["uri": .string(uri)])])
        for (k, v) in extra { params.appendNew(k, v) }
        return try session.client.request("textDocument/" + method, .object(params))["result"] ?? .null
    }

    /// weather.yaml's entries are hourly in New York: from 06:06 the next are on the hour; its
    /// timeline covers the day (atEnd), so WidgetKit is asked again once, at its last entry.
    @Test func inlayHintAfterTheRuleAndTheReloadLens() throws {
        let (session, uri, lines) = try open("weather.yaml")
        let rule = try #require(lines.firstIndex { $0.hasPrefix("  hourly: true") })
        let hints = try request(session, "inlayHint", uri, [("range", ["start": ["line": 0, "character": 0], "end": ["line": .int(lines.count), "character": 0]])]).array ?? []
        #expect(hints.count == 1)
        #expect(hints.first?["position"] == ["line": .int(rule), "character": .int(lines[rule].utf16.count)])
        #expect(hints.first?["label"]?.string == "  next: Wed 07:00, Wed 08:00, Wed 09:00; reload Thu 06:00 (America/New_York)")
        let lenses = try request(session, "codeLens", uri).array ?? []
        let kind = try #require(lines.firstIndex { $0.hasPrefix("kind:") })
        #expect(lenses.first?["range"]?["start"] == ["line": .int(kind), "character": 0])
        #expect(lenses.first?["command"]?["title"]?.string == "1 reload in the next 24 h of a budget of 70")
    }

    /// countdown.yaml's timers (a `date` with `style: timer`, in `view` and two familyViews): at
    /// 2026-11-18T11:06:40Z, 584 h 23 min 20 s before the launch of 2026-12-12T14:30-05:00, in the
    /// family each face is shown in; a formatted date shows the runtime's text.
    @Test func inlayHintAfterEachDateSaysWhatItShowsNow() throws {
        let (session, uri, lines) = try open("countdown.yaml")
        let whole: JSONValue = ["start": ["line": 0, "character": 0], "end": ["line": .int(lines.count), "character": 0]]
        let hints = try request(session, "inlayHint", uri, [("range", whole)]).array ?? []
        let dates = lines.indices.filter { lines[$0].contains("- date: \"{{targetDate}}\"") }
        #expect(dates.count == 3)
        let dateHints = hints.filter { hint in dates.contains(hint["position"]?["line"]?.intValue ?? -1) }
        #expect(dateHints.map { $0["label"]?.string ?? "" } == [
            "  shows 584:23:20 now, counting live (systemSmall)",
            "  shows 584:23:20 now, counting live (accessoryCircular)",
            "  shows 584:23:20 now, counting live (accessoryInline)",
        ])
        #expect(dateHints.map { $0["position"]?["character"]?.intValue ?? -1 } == dates.map { lines[$0].utf16.count })
        // Only the lines asked for.
        let one: JSONValue = ["start": ["line": .int(dates[1]), "character": 0], "end": ["line": .int(dates[1]), "character": 0]]
        #expect(try request(session, "inlayHint", uri, [("range", one)]).array?.count == 1)

        let text = lines.joined(separator: "\n")
            .replacingOccurrences(of: "      style: timer\n      font: { size: 24", with: "      format: dateTime\n      font: { size: 24")
        let (changed, changedURI, changedLines) = try open("countdown-formatted.yaml", text: text)
        let formatted = try request(changed, "inlayHint", changedURI, [("range", whole)]).array ?? []
        let first = changedLines.firstIndex { $0.contains("- date: \"{{targetDate}}\"") }!
        #expect(formatted.first { $0["position"]?["line"]?.intValue == first }?["label"]?.string?.hasPrefix("  shows Dec 12") == true)
    }

    @Test func aWidgetWithErrorsHasNoCount() throws {
        let (session, uri, _) = try open("broken.yaml", text: "kind: com.example.b\ndisplayName: B\ndescription: B\nfamilies: [systemHuge]\ncontent: { a: b }\ntimeline:\n  hourly: true\n")
        #expect(try request(session, "codeLens", uri).array?.first?["command"]?["title"]?.string == "reloads: fix the errors to count them")
    }

    /// `  title: "{{param.city}} {{#entry.day}}"`: operators, namespace, property, relative positions.
    @Test func semanticTokensOfTemplateTags() throws {
        let (session, uri, _) = try open("tokens.yaml", text: "kind: x\ncontent:\n  title: \"{{param.city}} {{#entry.day}}\"\n  other: \"{{ title }}\"\n")
        let data = (try request(session, "semanticTokens/full", uri)["data"]?.array ?? []).compactMap(\.intValue)
        #expect(data == [
            2, 10, 2, 4, 0,   // {{
            0, 2, 5, 0, 0,    // param
            0, 6, 4, 2, 0,    // city
            0, 4, 2, 4, 0,    // }}
            0, 3, 3, 4, 0,    // {{#
            0, 3, 5, 0, 0,    // entry
            0, 6, 3, 2, 0,    // day
            0, 3, 2, 4, 0,    // }}
            1, 10, 2, 4, 0,   // {{
            0, 3, 5, 1, 0,    // title
            0, 6, 2, 4, 0,    // }}
        ])
    }

    @Test func linksToContainerFilesAndCatalogs() throws {
        let (session, uri, lines) = try open("character.yaml")
        let links = try request(session, "documentLink", uri).array ?? []
        let targets = links.compactMap { $0["target"]?.string }
        #expect(targets.contains(LanguageServer.uri(of: TestPaths.widgets + "/container/character.json")))
        #expect(targets.contains(LanguageServer.uri(of: TestPaths.widgets + "/container/dragon.json")))
        #expect(targets.contains(LanguageServer.uri(of: TestPaths.widgets + "/Localizable.xcstrings")))
        let data = try #require(lines.firstIndex { $0.hasPrefix("  character: { file:") })
        let link = try #require(links.first { $0["target"]?.string?.hasSuffix("character.json") == true })
        #expect(link["range"]?["start"] == ["line": .int(data), "character": 21])
        let (manifestSession, manifest, _) = try open("notes-app.yaml")
        let widgetLinks = try request(manifestSession, "documentLink", manifest).array ?? []
        let widgetTargets = widgetLinks.compactMap { $0["target"]?.string }
        #expect(widgetTargets.contains(LanguageServer.uri(of: TestPaths.widgets + "/notes.yaml")))
        #expect(widgetTargets.contains(LanguageServer.uri(of: TestPaths.widgets + "/container/notes.json")))
        // An intent's effects: each file once per place it is named.
        let (intents, intentsURI, _) = try open("intents-links.yaml", text: IntentEditorTests.text)
        let effectTargets = (try request(intents, "documentLink", intentsURI).array ?? []).compactMap { $0["target"]?.string }
        #expect(effectTargets == ["notes.json", "notes.json", "stats.json", "notes.json"].map { LanguageServer.uri(of: TestPaths.widgets + "/container/" + $0) })
        // A Swift source's fixture (docs/swift-hatch.md).
        let (steps, stepsURI, stepLines) = try open("steps.yaml")
        let stepLinks = try request(steps, "documentLink", stepsURI).array ?? []
        let fixture = try #require(stepLinks.first { $0["target"]?.string == LanguageServer.uri(of: TestPaths.widgets + "/container/steps.json") })
        let fixtureLine = try #require(stepLines.firstIndex { $0.hasPrefix("    fixture: steps.json") })
        #expect(fixture["range"]?["start"] == ["line": .int(fixtureLine), "character": 13])
    }

    @Test func foldingRangesFollowIndentation() throws {
        let text = "kind: x\nparameters:\n  a:\n    type: string\n\n  b: { type: string }\ncontent:\n  t: x\nview:\n  vstack:\n    - text: a\n      font: body\n    - text: b\n"
        let (session, uri, _) = try open("fold.yaml", text: text)
        let ranges = (try request(session, "foldingRange", uri).array ?? []).map { [$0["startLine"]?.intValue ?? -1, $0["endLine"]?.intValue ?? -1] }
        #expect(ranges == [[1, 5], [2, 3], [6, 7], [8, 12], [9, 12], [10, 11]])
    }
}
