import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport

/// `source.NAME.outcome` and `source.NAME.fetched` (spec real-widgets.md, "Fetches built from
/// settings…"): what became of each URL source at the reload, and the instant of the success
/// shown, read by templates and lets; checked at their columns by `validate`.
@Suite struct SourceOutcomeTests {
    static let widget = """
        kind: com.example.outcome
        displayName: Test
        description: A test widget
        families: [systemSmall]
        data:
          news: { url: "https://news.example.com/top", maxAge: 30m, stale: 2h, select: /top }
        let:
          degraded: "source.news.outcome == 'stale'"
          hours: "source.news.fetched == null ? -1 : (timestamp('2026-11-29T12:00:00Z') - source.news.fetched).getHours()"
        content:
          top: "{{data.news}}"
          state: "{{source.news.outcome}}"
          at: "{{source.news.fetched}}"
          ago: "{{source.news.fetched | relative}}"
          degraded: "{{let.degraded}}"
          hours: "{{let.hours}}"
        placeholder: { top: "—" }
        timeline: { once: true, policy: { after: 20m } }

        """

    @Test func eachReloadSeesItsOutcomeAndTheInstantOfTheAnswerShown() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("w.yaml").path
        try Self.widget.write(toFile: file, atomically: true, encoding: .utf8)
        let scenario = dir.appendingPathComponent("s.yaml").path
        try """
            - at: 2026-11-29T09:00:00Z
              respond: { url: "https://news.example.com/top", body: { top: first } }
            - at: 2026-11-29T09:30:00Z
              respond: { url: "https://news.example.com/top", status: 503 }
            - at: 2026-11-29T10:30:00Z
              respond: { url: "https://news.example.com/top", body: { top: second } }

            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", file, "--scenario", scenario, "--from", "2026-11-29T09:00:00Z", "--for", "2h", "--tz", "UTC", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let reloads = try #require(try JSONReader.parse(console.stdout).json["reloads"]?.array)
        func content(_ at: String) -> JSONValue? {
            reloads.first { $0["at"]?.string == at }?["entries"]?.array?.first?["content"]
        }
        // 09:00 fetched; 09:20 the kept answer (maxAge 30m); 09:40 the server fails: the 09:00 answer, stale.
        let first = try #require(content("2026-11-29T09:00:00+00:00"))
        #expect(first["state"] == "ok")
        #expect(first["at"] == "2026-11-29T09:00:00+00:00")
        #expect(first["degraded"] == false)
        #expect(first["hours"] == 3)
        let cached = try #require(content("2026-11-29T09:20:00+00:00"))
        #expect(cached["state"] == "cached")
        #expect(cached["at"] == "2026-11-29T09:00:00+00:00")
        #expect(cached["ago"] == "20 minutes ago", "\(cached)")
        let stale = try #require(content("2026-11-29T09:40:00+00:00"))
        #expect(stale["top"] == "first")
        #expect(stale["state"] == "stale")
        #expect(stale["at"] == "2026-11-29T09:00:00+00:00")
        #expect(stale["degraded"] == true)
        // Once the server answers again: a new fetch, its own instant.
        let again = try #require(reloads.last?["entries"]?.array?.first?["content"])
        #expect(again["top"] == "second")
        #expect(again["state"] == "ok")
        #expect(again["at"] != "2026-11-29T09:00:00+00:00")
    }

    /// `validate` output for a widget whose templates and lets are `lines`.
    func validate(_ yaml: String) throws -> String {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("w.yaml").path
        try yaml.write(toFile: file, atomically: true, encoding: .utf8)
        let (_, console) = runCLI(["validate", file])
        return console.stderr + console.stdout
    }

    @Test func validateChecksTheSourceTheFieldAndWhereItIsRead() throws {
        let base = Self.widget
        // The widget as written validates.
        let clean = try validate(base)
        #expect(clean == "1 file, 0 errors, 0 warnings\n", "\(clean)")
        // An unknown source, with a did-you-mean, at its line and column.
        let unknown = try validate(base.replacingOccurrences(of: "state: \"{{source.news.outcome}}\"", with: "state: \"{{source.nwes.outcome}}\""))
        #expect(unknown.contains("w.yaml:12:13: error: 'source.nwes.outcome' names no URL source (did you mean 'news'?)"), "\(unknown)")
        // An unknown field.
        let field = try validate(base.replacingOccurrences(of: "at: \"{{source.news.fetched}}\"", with: "at: \"{{source.news.fetchd}}\""))
        #expect(field.contains("'source.news.fetchd' is not a field of a source (did you mean 'fetched'?)"), "\(field)")
        // fetched is an instant: a number format does not take it; outcome is text.
        let format = try validate(base.replacingOccurrences(of: "{{source.news.fetched | relative}}", with: "{{source.news.fetched | percent}}"))
        #expect(format.contains("[format-type]"), "\(format)")
        // The placeholder is shown when there is no answer: it cannot name one.
        let fixed = try validate(base.replacingOccurrences(of: "placeholder: { top: \"—\" }", with: "placeholder: { top: \"{{source.news.outcome}}\" }"))
        #expect(fixed.contains("'source.news.outcome' cannot be rendered here"), "\(fixed)")
        // A file source has no outcome: source.NAME names URL sources only.
        let fileSource = try validate(base.replacingOccurrences(of: "{{source.news.outcome}}", with: "{{source.feed.outcome}}")
            .replacingOccurrences(of: "data:\n", with: "data:\n  feed: { file: feed.json }\n"))
        #expect(fileSource.contains("'source.feed.outcome' names no URL source"), "\(fileSource)")
        // Lets: typed fields; an unknown source is an error at the let.
        let letError = try validate(base.replacingOccurrences(of: "source.news.outcome == 'stale'", with: "source.other.outcome == 'stale'"))
        #expect(letError.contains("let 'degraded'"), "\(letError)")
        // A view reads content fields: it is told to add one.
        let view = try validate(base.replacingOccurrences(of: "timeline:", with: "view: { text: \"{{source.news.fetched}}\" }\ntimeline:"))
        #expect(view.contains("views see the entry's content fields, not source; add a content field (such as updated: \"{{source.news.fetched | relative}}\")"), "\(view)")
    }
}
