import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport
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

    @Test func viewNeedsJSON() throws {
        let (status, console) = runCLI(["run", try widget(), "--view"])
        #expect(status != .success)
        #expect(console.stderr.contains("--view prints each entry's render tree in JSON"))
    }
}
