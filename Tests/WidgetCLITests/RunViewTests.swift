import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import WidgetcRuntimeCore

/// `widgetc run --view`: each entry carries its render tree (docs/render-tree.md).
@Suite("run --view")
struct RunViewTests {
    func widget() throws -> String {
        let directory = try temporaryDirectory().path
        try """
            kind: test.view
            displayName: View
            description: A face.
            families: [systemSmall, accessoryInline]
            timeZone: UTC
            content: { title: "Hi", count: "{{entry.index}}" }
            timeline: { every: 30m }
            view:
              vstack:
                - text: "{{title}} {{count}}"
                - text: Small only
                  families: [systemSmall]
            """.write(toFile: directory + "/w.yaml", atomically: true, encoding: .utf8)
        return directory + "/w.yaml"
    }

    @Test func eachEntryCarriesItsTree() throws {
        let (status, console) = runCLI(["run", try widget(), "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--format", "ndjson", "--view"])
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        let entries = try #require(run["reloads"]?.array?.first?["entries"]?.array)
        // every 30m over the 24h horizon: 49 entries, each with its own index.
        #expect(entries.count == 49)
        for (i, entry) in entries.enumerated() {
            let tree = try RenderTree(json: try #require(entry["view"]))
            #expect(tree.family == "systemSmall")
            #expect(tree["v.0"]?.element == .text("Hi \(i)"))
            #expect(tree["v.1"]?.element == .text("Small only"))
        }
    }

    @Test func theFamilyDecidesWhatIsShown() throws {
        let (status, console) = runCLI([
            "run", try widget(), "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--format", "json", "--view", "--family", "accessoryInline",
        ])
        #expect(status == .success)
        let run = try JSONReader.parse(console.stdout).json
        let entry = try #require(run["reloads"]?.array?.first?["entries"]?.array?.first)
        let tree = try RenderTree(json: try #require(entry["view"]))
        #expect(tree.root.hidden == ["v.1"])
        #expect(tree.root.children.count == 1)
    }

    @Test func withoutViewEntriesHaveNoTree() throws {
        let (status, console) = runCLI(["run", try widget(), "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--format", "ndjson"])
        #expect(status == .success)
        #expect(!console.stdout.contains("\"view\""))
    }

    /// A face whose values do not render: a gauge's text, a date that is no instant, a formatted
    /// text that is no number, a colour template naming no colour; and an absent value (null).
    func faultyWidget() throws -> String {
        let directory = try temporaryDirectory().path
        try """
            kind: test.faulty
            displayName: Faulty
            description: A face with values that do not render.
            families: [systemSmall]
            timeZone: UTC
            content: { hp: "n/a", when: soon, tint: blurple, gone: null }
            timeline: { every: 12h }
            view:
              vstack:
                - gauge: "{{hp}}"
                  range: [0, 100]
                - date: "{{when}}"
                  style: relative
                - text: "{{hp}}"
                  format: number
                  color: "{{tint}}"
                - date: "{{gone}}"
                - text: "Time {{entry.date | time}} {{hp | percent}}"
            """.write(toFile: directory + "/faulty.yaml", atomically: true, encoding: .utf8)
        return directory + "/faulty.yaml"
    }

    /// Each value that does not render is warned once, at the first reload that met it, naming
    /// the element, its id, where the value is written and the value; the tree leaves the
    /// element out (or shows the text as it is), and an absent value is left out quietly.
    @Test func faceValuesThatDoNotRenderAreWarned() throws {
        let file = try faultyWidget()
        let (status, console) = runCLI(["run", file, "--from", "2026-11-29T09:00:00Z", "--for", "2d", "--format", "json", "--view"])
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        let reloads = try #require(run["reloads"]?.array)
        #expect(reloads.count > 2)
        let warnings = (run["warnings"]?.array ?? []).map { ($0["code"]?.string ?? "", $0["message"]?.string ?? "", $0["at"]?.string ?? "") }
        let first = "2026-11-29T09:00:00+00:00"
        let expected = [
            ("view-value", "gauge v.0 (\(file):10:14): \"n/a\" is not a number; it is left out", first),
            ("view-value", "date v.1 (\(file):12:13): \"soon\" is not an instant; it is left out", first),
            ("view-value", "text v.2 (\(file):16:14): \"blurple\" is not a colour; the element keeps its default colour", first),
            ("view-value", "text v.2 (\(file):14:13): \"n/a\" is not a number; it shows as it is", first),
            ("template-format", "view: {{hp | percent}} got \"n/a\", which is not a number; it shows as it is", first),
        ]
        #expect(warnings.count == expected.count, "\(warnings)")
        for (w, e) in zip(warnings, expected) {
            #expect(w == e)
        }
        // The tree leaves the gauge and both dates out; the formatted text shows its value as it is.
        let entry = try #require(reloads.last?["entries"]?.array?.first)
        let tree = try RenderTree(json: try #require(entry["view"]))
        #expect(tree.root.hidden == ["v.0", "v.1", "v.3"])
        #expect(tree["v.2"]?.element == .text("n/a"))
        #expect(tree["v.2"]?.options.color == nil)
    }

    /// In text, `--view` writes no trees but makes them, for the same warnings.
    @Test func viewInTextWarnsOnly() throws {
        let file = try faultyWidget()
        let (status, console) = runCLI(["run", file, "--from", "2026-11-29T09:00:00Z", "--for", "1d", "--view"])
        #expect(status == .success, "\(console.stderr)")
        #expect(!console.stdout.contains("\"view\""))
        #expect(console.stdout.contains("warning: 2026-11-29T09:00:00+00:00: gauge v.0 (\(file):10:14): \"n/a\" is not a number; it is left out [view-value]\n"))
        // Without --view no tree is made, so nothing is warned.
        let (_, plain) = runCLI(["run", file, "--from", "2026-11-29T09:00:00Z", "--for", "1d"])
        #expect(!plain.stdout.contains("view-value"))
    }

    /// Each entry's `view` in `run --view` output against the runtime's own tree for that entry,
    /// made from the entry's content as printed: the same value and, in ndjson, the same bytes.
    /// `run` encodes a tree once per distinct set of the values it reads and copies it: this is
    /// what shows that a copied tree is the entry's own.
    func expectTreesAreTheEntries(_ file: String, from: String, for length: String) throws {
        let loaded = try WidgetLoader.load(paths: [file], defaultZone: .utc)
        let widget = try #require(loaded.widgets.first, "\(loaded.diagnostics.map(\.message))").widget
        for family in widget.families {
            let (status, console) = runCLI([
                "run", file, "--from", from, "--for", length, "--tz", "UTC", "--format", "ndjson", "--view", "--family", family.rawValue,
            ])
            #expect(status == .success, "\(file) \(family): \(console.stderr)")
            let run = try JSONReader.parse(console.stdout).json
            var parameters = JSONObject()
            for (k, v) in run["parameters"]?.object ?? JSONObject() { parameters[k] = v }
            var compared = 0
            for reload in run["reloads"]?.array ?? [] {
                for (i, entry) in (reload["entries"]?.array ?? []).enumerated() {
                    let dateText = try #require(entry["date"]?.string)
                    let date = try InstantParser.parse(dateText).instant
                    let content = try #require(entry["content"]?.object)
                    let expected = try #require(
                        widget.tree(for: TimelineEntry(date: date, content: content), index: i, family: family, parameters: parameters))
                    let printed = try #require(entry["view"], "\(file) \(family): an entry without its tree")
                    #expect(try RenderTree(json: printed) == expected, "\(file) \(family) entry \(i) of the reload at \(reload["at"]?.string ?? "")")
                    #expect(console.stdout.contains("\"view\":" + JSONWriter.string(expected.json) + "}"))
                    compared += 1
                }
            }
            #expect(compared > 0, "\(file) \(family): no entries")
        }
    }

    @Test func everyExamplesTreesAreItsEntriesTrees() throws {
        for name in ["calendar", "character", "countdown", "energy", "news", "notes", "quests", "stocks", "tutorials", "weather"] {
            try expectTreesAreTheEntries(TestPaths.widgets + "/" + name + ".yaml", from: "2026-11-29T00:00:00Z", for: "1d")
        }
    }

    /// Tips that come round again, a field the face does not show that changes every entry, and
    /// a timer counting from the entry's date: trees are copied for the first, never for the last.
    @Test func treesFollowWhatTheFaceReads() throws {
        let directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        try #"[{"title": "One"}, {"title": "Two"}, {"title": "Three"}]"#.write(toFile: directory + "/container/tips.json", atomically: true, encoding: .utf8)
        try """
            kind: test.tips
            displayName: Tips
            description: Tips.
            families: [systemSmall, systemMedium]
            timeZone: UTC
            data:
              tips: { file: tips.json }
            content:
              title: "{{record.title}}"
              shown: "{{index}}"
              asOf: "Updated {{entry.time}}"
            timeline:
              sequence: { items: tips, every: 10m }
            view:
              vstack:
                - text: "{{title}} ({{shown}})"
                - timer: { to: "2026-11-30T00:00:00Z" }
                  families: [systemMedium]
            """.write(toFile: directory + "/tips.yaml", atomically: true, encoding: .utf8)
        try expectTreesAreTheEntries(directory + "/tips.yaml", from: "2026-11-29T09:00:00Z", for: "2h")
    }

    /// A face whose every entry shows another value (the minute): after a run of misses its trees
    /// are encoded without the cache for a while, then the cache is tried again (`RunFaces`):
    /// 2,160 entries go through all three, and each tree is still its entry's.
    @Test func treesOfAFaceThatNeverRepeatsAreItsEntries() throws {
        let directory = try temporaryDirectory().path
        try """
            kind: test.minutes
            displayName: Minutes
            description: A value that never comes back.
            families: [systemSmall]
            timeZone: UTC
            content:
              minute: "{{entry.time}}"
            timeline:
              every: 1m
              horizon: 36h
            view:
              vstack:
                - text: "{{minute}}"
                - divider: {}

            """.write(toFile: directory + "/minutes.yaml", atomically: true, encoding: .utf8)
        try expectTreesAreTheEntries(directory + "/minutes.yaml", from: "2026-11-29T00:00:00Z", for: "36h")
    }
}
