import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import WidgetLSP

/// Hover, completion, definition and the outline on the examples.
@Suite struct FeatureTests {
    /// A session with an example open; returns its URI and lines.
    func open(_ name: String, _ session: InProcessSession, text: String? = nil) throws -> (String, [String]) {
        _ = try session.client.initialize()
        let path = TestPaths.widgets + "/" + name
        let text = try text ?? String(contentsOfFile: path, encoding: .utf8)
        let uri = LanguageServer.uri(of: path)
        session.client.open(uri: uri, text: text)
        _ = try session.client.diagnostics(uri: uri)
        return (uri, text.components(separatedBy: "\n"))
    }

    func line(_ lines: [String], _ prefix: String) throws -> Int {
        try #require(lines.firstIndex { $0.hasPrefix(prefix) })
    }

    func hoverText(_ result: JSONValue) -> String { result["contents"]?["value"]?.string ?? "" }

    func labels(_ result: JSONValue) -> [String] { (result["items"]?.array ?? []).compactMap { $0["label"]?.string } }

    /// On a rule: its next five instants from "now" in the widget's zone, and the policy.
    @Test func hoverOnTheRuleShowsItsNextInstantsAndPolicy() throws {
        let session = InProcessSession(now: Instant(seconds: 1_795_000_000))  // 2026-11-18T11:06:40Z
        let (uri, lines) = try open("character.yaml", session)
        let text = hoverText(try session.client.at("hover", uri: uri, line: try line(lines, "timeline:") + 1, character: 4))
        #expect(text.contains("in America/New_York"))
        #expect(text.contains("- 2026-11-18T06:06:40-05:00\n- 2026-11-18T07:00:00-05:00\n- 2026-11-18T08:00:00-05:00\n- 2026-11-18T09:00:00-05:00\n- 2026-11-18T10:00:00-05:00\n"))
        #expect(text.contains("policy: `atEnd`"))
    }

    @Test func hoverOnATagAParameterAndAFamily() throws {
        let session = InProcessSession()
        let (uri, lines) = try open("character.yaml", session)
        let url = try line(lines, "url:")
        let tag = try session.client.at("hover", uri: uri, line: url, character: 34)
        #expect(hoverText(tag).hasPrefix("**param.character**: parameter of type `enum`, default `\"panda\"`"))
        #expect(tag["range"] == ["start": ["line": .int(url), "character": 27], "end": ["line": .int(url), "character": 42]])
        let data = try line(lines, "  name: \"{{data.character.name}}")
        #expect(hoverText(try session.client.at("hover", uri: uri, line: data, character: 14)).contains("data source `character`: `{\"file\":\"character.json\"}`"))
        let parameter = try line(lines, "  character:")
        #expect(hoverText(try session.client.at("hover", uri: uri, line: parameter, character: 4)).contains("- values: `[\"panda\",\"egghead\",\"spouty\"]`"))
        let families = try line(lines, "families:")
        #expect(hoverText(try session.client.at("hover", uri: uri, line: families, character: 14)).contains("WidgetKit `WidgetFamily.systemSmall`, home screen"))
        #expect(try session.client.at("hover", uri: uri, line: 0, character: 0) == .null)  // a comment
    }

    @Test func completionOfVariablesKeysAndValues() throws {
        let session = InProcessSession()
        let (uri, lines) = try open("character.yaml", session)
        // After `{{`: this widget's variables, the rule's own included.
        let url = try line(lines, "url:")
        let variables = labels(try session.client.at("completion", uri: uri, line: url, character: 27))
        #expect(variables.contains("param.character") && variables.contains("data.dragon") && variables.contains("entry.date") && variables.contains("progress"))
        #expect(!variables.contains("slot.name"))
        // Keys of the timeline at the start of its first key: the rule's own line may change,
        // the keys its other lines hold (horizon, maxEntries, events) are not offered again.
        let keys = labels(try session.client.at("completion", uri: uri, line: try line(lines, "timeline:") + 1, character: 2))
        #expect(["every", "hourly", "daily", "cron", "market", "progress", "sequence", "once", "policy"].allSatisfy(keys.contains))
        #expect(!keys.contains("horizon") && !keys.contains("events"))
        // Top-level keys: the line's own key, not the others written.
        let top = labels(try session.client.at("completion", uri: uri, line: try line(lines, "kind:"), character: 0))
        #expect(top.contains("kind") && !top.contains("timeline") && !top.contains("familyContent"))
    }

    @Test func completionOfFamiliesZonesAndExchanges() throws {
        let session = InProcessSession()
        let text = "kind: x\nfamilies: [\ntimeZone: \ntimeline:\n  market: { exchange: \n"
        let (uri, _) = try open("typing.yaml", session, text: text)
        #expect(labels(try session.client.at("completion", uri: uri, line: 1, character: 11)).contains("accessoryInline"))
        let zones = labels(try session.client.at("completion", uri: uri, line: 2, character: 10))
        #expect(zones.contains("Europe/Paris") && zones.contains("Asia/Tokyo"))
        #expect(labels(try session.client.at("completion", uri: uri, line: 4, character: 22)) == ["XLON", "XNAS", "XNYS", "XTKS"])
    }

    @Test func definitionOfParametersDataAndManifestFiles() throws {
        let session = InProcessSession()
        let (uri, lines) = try open("character.yaml", session)
        let parameter = try session.client.at("definition", uri: uri, line: try line(lines, "url:"), character: 34)
        let declared = try line(lines, "  character:")
        #expect(parameter == ["uri": .string(uri), "range": ["start": ["line": .int(declared), "character": 2], "end": ["line": .int(declared), "character": 11]]])
        let data = try session.client.at("definition", uri: uri, line: try line(lines, "  name: \"{{data.character.name}}"), character: 14)
        #expect(data["range"]?["start"]?["line"]?.intValue == (try line(lines, "  character: { file:")))

        let (manifest, manifestLines) = try open("notes-app.yaml", session)
        let file = try session.client.at("definition", uri: manifest, line: try line(manifestLines, "widgets:"), character: 12)
        #expect(file["uri"]?.string == LanguageServer.uri(of: TestPaths.widgets + "/notes.yaml"))
    }

    @Test func documentSymbolsOutlineTheWidget() throws {
        let session = InProcessSession()
        let (uri, _) = try open("character.yaml", session)
        let symbols = try session.client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])["result"]?.array ?? []
        #expect(symbols.compactMap { $0["name"]?.string } == [
            "kind", "displayName", "description", "families", "localization", "timeZone", "parameters", "data",
            "placeholder", "snapshot", "content", "familyContent", "url", "timeline", "view", "background", "familyView",
        ])
        let timeline = try #require(symbols.first { $0["name"]?.string == "timeline" })
        #expect(timeline["kind"] == 12)
        #expect(timeline["children"]?.array?.compactMap { $0["name"]?.string } == ["progress", "horizon", "maxEntries", "events"])
        let parameters = try #require(symbols.first { $0["name"]?.string == "parameters" })
        #expect(parameters["children"]?.array?.first?["name"]?.string == "character")
        // Every child lies within its parent, and every selection within its range.
        func within(_ inner: JSONValue, _ outer: JSONValue) -> Bool {
            func key(_ p: JSONValue?) -> (Int, Int) { (p?["line"]?.intValue ?? -1, p?["character"]?.intValue ?? -1) }
            return key(outer["start"]) <= key(inner["start"]) && key(inner["end"]) <= key(outer["end"])
        }
        func check(_ s: JSONValue) {
            #expect(within(s["selectionRange"]!, s["range"]!))
            for c in s["children"]?.array ?? [] { #expect(within(c["range"]!, s["range"]!)); check(c) }
        }
        symbols.forEach(check)
    }
}
