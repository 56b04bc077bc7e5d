import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetCLI

/// A widget's layouts (its fixed fields laid out with the keys) are kept from one reload to the
/// next while the fixed values are the same, and the writers keep their encodings
/// (`LayoutMemo`, `TableWriting`): a reload whose fixed values changed shows them, in every
/// format, and one whose values came back shows those again.
@Suite struct LayoutReuseTests {
    static let yaml = """
        kind: com.example.layouts
        displayName: Layouts
        description: Fixed fields that change between reloads.
        data:
          today: { file: today.json }
        content:
          title: "{{data.today.title}}"
          note: "{{data.today.note}}"
          line: "{{data.today.title}} at {{entry.time}}"
        timeline: { every: 1h, horizon: 1h }

        """

    /// Per reload, its first entry's content as the format writes it (JSON text, or the text line).
    func shown(format: String) throws -> [String] {
        let directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        try Self.yaml.write(toFile: directory + "/layouts.yaml", atomically: true, encoding: .utf8)
        try #"{"title": "One", "note": "first"}"#.write(toFile: directory + "/container/today.json", atomically: true, encoding: .utf8)
        try """
            - at: 2026-12-06T09:10:00Z
              reload: all
            - at: 2026-12-06T09:20:00Z
              write: { file: today.json, value: { title: "Two", note: null } }
            - at: 2026-12-06T09:20:00Z
              reload: all
            - at: 2026-12-06T09:30:00Z
              reload: all
            - at: 2026-12-06T09:40:00Z
              write: { file: today.json, value: { title: "One", note: "first" } }
            - at: 2026-12-06T09:40:00Z
              reload: all

            """.write(toFile: directory + "/scenario.yaml", atomically: true, encoding: .utf8)
        let (status, console) = runCLI([
            "run", directory + "/layouts.yaml", "--from", "2026-12-06T09:00:00Z", "--for", "50m", "--tz", "UTC", "--format", format,
            "--container", directory + "/container", "--scenario", directory + "/scenario.yaml",
        ])
        #expect(status == .success, "\(console.stderr)")
        if format == "text" {
            // Each reload's first entry (the second, at 10:00, is left out).
            return console.stdout.split(separator: "\n").map(String.init).filter { $0.contains(" line=") && !$0.contains(" at 10:00") }.map {
                String($0[$0.range(of: " title=")!.lowerBound...])
            }
        }
        // JSON and NDJSON: the run as one object (NDJSON on one line).
        let run = try JSONReader.parse(console.stdout).json
        return (run["reloads"]?.array ?? []).compactMap { $0["entries"]?.array?.first?["content"].map(JSONWriter.string) }
    }

    @Test(arguments: ["json", "ndjson", "text"]) func fixedFieldsShowTheirReloadsValues(format: String) throws {
        let one: String, two: String
        if format == "text" {
            one = #" title="One" note="first" line="One at 09:00""#
            two = #" title="Two" line="Two at 09:20""#
        } else {
            one = #"{"title":"One","note":"first","line":"One at 09:00"}"#
            two = #"{"title":"Two","line":"Two at 09:20"}"#
        }
        let lines = try shown(format: format)
        // The start, then the reloads at 09:10 (same values), 09:20 (changed: the note's null
        // drops its key), 09:30 (same as 09:20) and 09:40 (back to the first values).
        #expect(lines == [one, one.replacingOccurrences(of: "09:00", with: "09:10"), two,
                          two.replacingOccurrences(of: "09:20", with: "09:30"), one.replacingOccurrences(of: "09:00", with: "09:40")])
    }
}
