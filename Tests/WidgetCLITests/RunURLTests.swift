import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// A URL that is text around one variable (`mix://item/{{record.id}}`): integers are kept per
/// entry and written between the texts (`EntryTable.URLs.numbered`); anything else falls back to
/// rendering each entry's URL. Both must print what rendering the template prints.
@Suite struct RunURLTests {
    /// A sequence over `items` with `url` as given.
    static func widget(items: String, in dir: URL) throws -> String {
        let container = dir.appendingPathComponent("container")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try items.write(to: container.appendingPathComponent("items.json"), atomically: true, encoding: .utf8)
        let path = dir.appendingPathComponent("mix.yaml").path
        try """
            kind: com.example.mix
            displayName: Mix
            description: A URL around one variable
            families: [systemSmall]
            data:
              items: { file: items.json }
            content: { title: "{{record.t}}" }
            url: "mix://item/{{record.id}}?a=\\"b\\"&é"
            timeline:
              sequence: { items: items, every: 10m }

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func urls(_ items: String, format: String) throws -> [String] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.widget(items: items, in: dir)
        let (status, console) = runCLI([
            "run", file, "--container", dir.appendingPathComponent("container").path,
            "--from", "2026-01-01T00:00:00Z", "--for", "30m", "--tz", "UTC", "--format", format,
        ])
        #expect(status == .success, "\(console.stderr)")
        if format == "text" {
            // The first reload's entries: the indented lines after its header.
            let lines = console.stdout.split(separator: "\n")
            guard let header = lines.firstIndex(where: { $0.contains(" initial ") }) else { return [] }
            return lines[(header + 1)...].prefix { $0.hasPrefix("    ") }.compactMap { line in
                line.range(of: "  url ").map { String(line[$0.upperBound...]) }
            }
        }
        let object = try JSONReader.parse(console.stdout).json
        let entries = object["reloads"]?.array?.first?["entries"]?.array ?? []
        return entries.compactMap { $0["url"]?.string }
    }

    @Test func integersAreWrittenAsTheTemplateRendersThem() throws {
        let items = #"[{"id": 1, "t": "a"}, {"id": -22, "t": "b"}, {"id": 1234567890123, "t": "c"}]"#
        let expected = ["mix://item/1?a=\"b\"&é", "mix://item/-22?a=\"b\"&é", "mix://item/1234567890123?a=\"b\"&é"]
        #expect(try urls(items, format: "json") == expected)
        #expect(try urls(items, format: "text") == expected)
    }

    @Test func aValueThatIsNotAnIntegerRendersEveryURL() throws {
        let items = #"[{"id": 1, "t": "a"}, {"id": "x\"y", "t": "b"}, {"t": "c"}, {"id": 2.5, "t": "d"}]"#
        let expected = ["mix://item/1?a=\"b\"&é", "mix://item/x\"y?a=\"b\"&é", "mix://item/?a=\"b\"&é", "mix://item/2.5?a=\"b\"&é"]
        #expect(try urls(items, format: "json") == expected)
        #expect(try urls(items, format: "text") == expected)
    }
}
