import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Scenario taps in `widgetc run` and `preview` (docs/intents.md, "Simulated taps"): the to-do
/// and lamp examples' scenarios as golden output, the checks of a tap item at its position, and
/// the taps marked on the preview's axis.
@Suite struct TapCLITests {
    static let window = ["--from", "2026-11-30T08:00:00-05:00", "--for", "24h", "--tz", "America/New_York"]
    static let todo = ["widgets/todo.yaml", "widgets/todo-progress.yaml", "--scenario", "widgets/scenarios/todo-taps.json"]
    static let lamp = ["widgets/lamp.yaml", "--scenario", "widgets/scenarios/lamp-taps.json"]

    @Test func theToDoTapsAsGolden() throws {
        let text = GoldenTests.widgetc(["run"] + Self.todo + Self.window)
        Golden.expect(text, matches: "todo/taps-scenario.txt")
        let json = GoldenTests.widgetc(["run"] + Self.todo + Self.window + ["--format", "json"])
        Golden.expect(json, matches: "todo/taps-scenario.json")
        // The tapped widget reloads at the tap, uncounted, one minute after the last: no spacing.
        #expect(text.contains("2026-11-30T09:00:00-05:00  interaction -        policy never"))
        #expect(text.contains("2026-11-30T09:01:00-05:00  interaction -        policy never"))
        #expect(text.contains("2026-11-30T09:01:00-05:00  tap      toggleTask(index: 2) on com.example.todo: todo.json /items/2/done false -> true; reloads com.example.todo.progress"))
        // The progress widget gets the intents' requests: counted, the second held by the spacing.
        #expect(text.contains("2026-11-30T09:00:00-05:00  reload   2/70     policy never"))
        #expect(text.contains("2026-11-30T09:05:00-05:00  reload   3/70     deferred from 2026-11-30T09:01:00-05:00  policy never"))
        // A tap past the list changes nothing, and says why.
        #expect(text.contains("warning: 2026-11-30T12:30:00-05:00: tap toggleTask(index: 7) on com.example.todo refused, nothing changed: todo.json at '/items/7/done'"))
        // JSON: each tap with what it changed and the reload it caused, in each run.
        let runs = try #require(try JSONReader.parse(json).json.array)
        let taps = try #require(runs[0]["taps"]?.array)
        #expect(taps.count == 4)
        #expect(taps[0]["changes"] == .array([.object(JSONObject([("file", "todo.json"), ("pointer", "/items/1/done"), ("old", false), ("new", true)]))]))
        #expect(taps[0]["reload"] == .object(JSONObject([("at", "2026-11-30T09:00:00-05:00"), ("reason", "interaction"), ("counted", false)])))
        #expect(taps[2]["error"]?.string?.hasPrefix("todo.json at '/items/7/done'") == true)
        #expect(taps[2]["reload"] == .null && taps[2]["changes"] == .array([]))
        #expect(runs[1]["taps"]?.array?[1]["reload"] == .object(JSONObject([("requested", "2026-11-30T09:01:00-05:00"), ("reason", "reload"), ("counted", true)])))
        let reloads = try #require(runs[0]["reloads"]?.array)
        #expect(reloads.map { $0["reason"] } == ["initial", "interaction", "interaction", "interaction"])
        #expect(runs[0]["budget"]?["used"] == 1)
        // A run without taps has no `taps` member (every other run object is as it was).
        #expect(try JSONReader.parse(GoldenTests.widgetc(["run", "widgets/lamp.yaml", "--format", "json"] + Self.window)).json["taps"] == nil)
    }

    @Test func theLampTapsAsGolden() {
        let text = GoldenTests.widgetc(["run"] + Self.lamp + Self.window)
        Golden.expect(text, matches: "lamp/taps-scenario.txt")
        Golden.expect(GoldenTests.widgetc(["run"] + Self.lamp + Self.window + ["--format", "json"]), matches: "lamp/taps-scenario.json")
        // Brighter by 30 twice from 60 stops at the clamp of 100; the scenes button opens the app.
        #expect(text.contains("brighten(step: 30) on com.example.lamp: lamp.json /brightness 90 -> 100\n"))
        #expect(text.contains("openScenes() on com.example.lamp: no change; opens lamp://scenes\n"))
        #expect(text.contains("budget: 1 counted reloads"))
        // --record writes the taps back: the recording replays the same run.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetc-taps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let recorded = dir.path + "/recorded.json"
        #expect(GoldenTests.widgetc(["run"] + Self.lamp + Self.window + ["--record", recorded]) == text)
        #expect(GoldenTests.widgetc(["run", "widgets/lamp.yaml", "--scenario", recorded] + Self.window) == text)
        // --summary counts the interaction reloads.
        #expect(GoldenTests.widgetc(["run"] + Self.lamp + Self.window + ["--summary"]).contains("reloads: 6 (initial 1, interaction 5)"))
    }

    @Test func aTapItemIsCheckedAtItsPosition() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.path + "/taps.yaml"
        try """
            - at: 2026-11-30T09:00:00-05:00
              tap: { intent: toggleTsk, with: { index: 1 } }
            - at: 2026-11-30T09:00:00-05:00
              tap: { intent: toggleTask, with: { index: -1 } }
            - at: 2026-11-30T09:00:00-05:00
              tap: { intent: toggleTask, with: { idx: 1 } }
            - tap: { intent: toggleTask }
            - at: 2026-11-30T09:00:00-05:00
              tap: { intent: toggleTask, kind: com.example.lmap }
            - at: 2026-11-30T09:00:00-05:00
              tap: { intnt: toggleTask }

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", TestPaths.widgets + "/todo.yaml", TestPaths.widgets + "/lamp.yaml", "--scenario", file] + Self.window)
        #expect(status != .success && console.stdout.isEmpty)
        for expected in [
            "taps.yaml:2:18: error: tap on intent 'toggleTsk', which no widget in this run declares (did you mean 'toggleTask'?); the intents here: toggleLamp, brighten, dim, openScenes, toggleTask, clearList [scenario-tap]",
            "taps.yaml:4:45: error: tap: intent 'toggleTask': argument index -1 is below min 0 [scenario-tap]",
            "taps.yaml:6:38: error: tap: intent 'toggleTask' has no parameter 'idx' (its parameters: index) [scenario-tap]",
            "taps.yaml:7:3: error: 'tap' needs 'at', the instant of the tap (such as at: 2026-11-29T09:00:00-05:00) [missing-key]",
            "taps.yaml:9:36: error: tap on kind 'com.example.lmap', which no widget in this run has (did you mean 'com.example.lamp'?); the kinds here: com.example.lamp, com.example.todo [scenario-tap]",
            "taps.yaml:11:10: error: property 'intnt' is not allowed (did you mean 'intent'?) [unknown-key]",
        ] {
            #expect(console.stderr.contains(expected), "missing: \(expected)\n\(console.stderr)")
        }
        // Two widgets declaring the intent: the tap must say which.
        try "- at: 2026-11-30T09:00:00-05:00\n  tap: { intent: toggleTask }\n".write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestPaths.widgets + "/todo.yaml", toPath: dir.path + "/todo.yaml")
        try String(contentsOfFile: TestPaths.widgets + "/todo.yaml", encoding: .utf8).replacingOccurrences(of: "kind: com.example.todo\n", with: "kind: com.example.todo2\n")
            .write(toFile: dir.path + "/todo2.yaml", atomically: true, encoding: .utf8)
        let both = runCLI(["run", dir.path + "/todo.yaml", dir.path + "/todo2.yaml", "--scenario", file] + Self.window)
        #expect(both.1.stderr.contains("taps.yaml:2:18: error: intent 'toggleTask' is declared by com.example.todo and com.example.todo2; say which widget was tapped with 'kind' [scenario-tap]"), "\(both.1.stderr)")
    }

    @Test func thePreviewMarksTaps() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.path + "/lamp.html"
        let (status, console) = runCLI(["preview", TestPaths.widgets + "/lamp.yaml", "--scenario", TestPaths.widgets + "/scenarios/lamp-taps.json", "--out", page] + Self.window)
        #expect(status == .success, "\(console.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.components(separatedBy: "<path class=\"tap\"").count == 6, "five taps, five marks")
        #expect(html.contains("<title>tap brighten(step: 30) on com.example.lamp at 2026-11-30T19:00:30-05:00</title>"))
        #expect(html.contains("<circle class=\"mark interaction\""))
        #expect(html.contains("<span class=\"key interaction\">interaction (a tap; not counted)</span>"))
        // A page without taps has no tap key.
        let plain = dir.path + "/plain.html"
        _ = runCLI(["preview", TestPaths.widgets + "/lamp.yaml", "--out", plain] + Self.window)
        #expect(try !String(contentsOfFile: plain, encoding: .utf8).contains("key tap"))
    }
}
