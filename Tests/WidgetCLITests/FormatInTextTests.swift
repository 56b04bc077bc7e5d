import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Issues 30 and 36: numbers and instants formatted inside sentences (`{{x | time}}`) in content,
/// placeholders, faces and quick action titles, in the widget's zone and locale; the checks
/// (`unknown-format`, `format-type`) and the run's `template-format` warning.
@Suite struct FormatInTextTests {
    /// A directory holding `files` (path → text); returns its path.
    func directory(_ files: [String: String]) throws -> String {
        let dir = try temporaryDirectory().path
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static let widget = """
        kind: com.example.formats
        displayName: Formats
        description: Formats in text
        families: [systemSmall]
        timeZone: America/New_York
        parameters:
          goal: { type: number, title: Goal, default: 12345.678 }
        data:
          d: { file: d.json }
        placeholder:
          goal: "Goal {{param.goal | integer}}"
        content:
          session: "{{market.open | time}}–{{market.close | time}}"
          closes: "Closes {{market.close | weekday}} {{market.close | date}}"
          goal: "Goal {{param.goal | number}} ({{param.goal | integer}})"
          share: "{{data.d.ratio | percent}} / {{{data.d.ratio | percent1}}}"
          next: "Next {{data.d.next | relative}}"
          bad: "{{data.d.bad | time}}"
          lone: "{{data.d.ratio | decimal2}}"
        timeline:
          market: { exchange: XNYS, every: 2h }

        """

    static let data = #"{"ratio": 0.4237, "next": "2026-03-10T18:00:00Z", "bad": "soon"}"#

    func run(_ extra: [String] = [], widget: String = widget) throws -> (status: ExitCode, content: [JSONValue], run: JSONValue, stderr: String) {
        let dir = try directory(["w.yaml": widget, "container/d.json": Self.data])
        let (status, console) = runCLI(
            ["run", dir + "/w.yaml", "--from", "2026-03-10T10:00:00-04:00", "--for", "4h", "--format", "json"] + extra)
        let json = (try? JSONReader.parse(console.stdout).json) ?? .null
        var content: [JSONValue] = []
        for reload in json["reloads"]?.array ?? [] {
            for entry in reload["entries"]?.array ?? [] { content.append(entry["content"] ?? .null) }
        }
        return (status, content, json, console.stderr)
    }

    @Test func contentFormatsInTheWidgetsZoneAndTheSourceLocale() throws {
        let (status, content, _, stderr) = try run()
        #expect(status == .success, "\(stderr)")
        let first = try #require(content.first)
        // iOS 17's time format: a narrow no-break space before AM/PM.
        #expect(first["session"] == "9:30\u{202F}AM–4:00\u{202F}PM")
        #expect(first["closes"] == "Closes Tuesday Mar 10, 2026")
        #expect(first["goal"] == "Goal 12,345.678 (12,346)")
        #expect(first["share"] == "42% / 42.4%")
        // A formatted tag alone in a field is text, never the number.
        #expect(first["lone"] == "0.42")
    }

    @Test func theLocaleTheWidgetIsShownInFormatsToo() throws {
        let (status, content, _, stderr) = try run(["--locale", "de"])
        #expect(status == .success, "\(stderr)")
        let first = try #require(content.first)
        #expect(first["session"] == "09:30–16:00")
        #expect(first["goal"] == "Goal 12.345,678 (12.346)")
        #expect(first["share"] == "42\u{00A0}% / 42,4\u{00A0}%")
        #expect(first["next"] == "Next in 4 Stunden")
    }

    /// `relative` counts from each entry's date, so the field renders per entry.
    @Test func relativeCountsFromEachEntrysDate() throws {
        let (_, content, _, _) = try run()
        // Entries at 10:00, 11:30, 13:30, 15:30 and the 16:00 close; the train leaves at 14:00.
        #expect(content.map { $0["next"] } == ["Next in 4 hours", "Next in 3 hours", "Next in 30 minutes", "Next 2 hours ago", "Next 2 hours ago"])
    }

    /// A value its format cannot read shows as it is, and the reload says so once per tag.
    @Test func aValueTheFormatCannotReadShowsAsItIsWithAWarning() throws {
        let (_, content, json, _) = try run()
        #expect(content.allSatisfy { $0["bad"] == "soon" })
        let warnings = (json["warnings"]?.array ?? []).filter { $0["code"] == "template-format" }
        #expect(warnings.count == 1)
        #expect(warnings.first?["message"] == #"{{data.d.bad | time}} got "soon", which is not an instant; it shows as it is"#)
    }

    /// The placeholder formats its parameters (`run --context placeholder`).
    @Test func placeholdersFormatTheirParameters() throws {
        let (status, content, _, stderr) = try run(["--context", "placeholder"])
        #expect(status == .success, "\(stderr)")
        #expect(content.first?["goal"] == "Goal 12,346")
    }

    @Test func aFaceFormatsInsideItsTexts() throws {
        let widget = Self.widget.replacingOccurrences(of: "timeline:\n", with: """
            view:
              text: "Closes at {{entry.date | time}} · {{goal}}"
            timeline:

            """)
        let (status, _, json, stderr) = try run(["--view"], widget: widget)
        #expect(status == .success, "\(stderr)")
        let entry = try #require(json["reloads"]?.array?.first?["entries"]?.array?.dropFirst().first)
        #expect(entry["view"]?["root"]?["text"] == "Closes at 11:30\u{202F}AM · Goal 12,345.678 (12,346)")
    }

    @Test func validateRefusesUnknownFormatsAndFormatsOfTheWrongKind() throws {
        let widget = Self.widget.replacingOccurrences(of: "timeline:\n", with: """
          wrong: "{{param.goal | tme}} {{entry.time | time}} {{market.state | number}} {{entry.index | percent}}"
        view:
          text: "{{entry.date | integer}} {{session | tme}} {{session | date}}"
        timeline:

        """)
        let dir = try directory(["w.yaml": widget, "container/d.json": Self.data])
        let (status, console) = runCLI(["validate", dir + "/w.yaml"])
        #expect(status == .inputErrors)
        let lines = console.stderr.split(separator: "\n").filter { $0.hasPrefix(dir) }.map { $0.dropFirst(dir.count + 1) }
        #expect(lines == [
            "w.yaml:20:26: error: unknown format 'tme' (did you mean 'time'?); formats: time, hour, date, numericDate, monthDay, weekday, weekdayTime, dateTime, relative, number, integer, decimal1, decimal2, percent, percent1 [unknown-format]",
            "w.yaml:20:47: error: format 'time' takes an instant, and 'entry.time' is text; format the entry's instant instead: {{entry.date | time}} [format-type]",
            "w.yaml:20:71: error: format 'number' takes a number, and 'market.state' is text; it shows as it is without '| number' [format-type]",
            "w.yaml:22:25: error: format 'integer' takes a number, and 'entry.date' is an instant; for an instant use time, hour, date, numericDate, monthDay, weekday, weekdayTime, dateTime, relative [format-type]",
            "w.yaml:22:47: error: unknown format 'tme' (did you mean 'time'?); formats: time, hour, date, numericDate, monthDay, weekday, weekdayTime, dateTime, relative, number, integer, decimal1, decimal2, percent, percent1 [unknown-format]",
        ], "\(console.stderr)")
    }

    @Test func dynamicQuickActionTitlesFormat() throws {
        let dir = try directory([
            "app.yaml": """
                app: com.example.formats
                displayName: Formats
                appGroup: group.com.example.formats
                dynamicShortcuts:
                  data: { notes: { file: notes.json } }
                  items: notes
                  item:
                    type: EditNote
                    title: "{{title}} · {{words | number}} words"
                    subtitle: "Edited {{modified | date}} at {{modified | time}}"

                """,
            "container/notes.json": #"""
                [{"title": "Groceries", "words": 12345, "modified": "2026-11-29T16:05:00-05:00"},
                 {"title": "Bad", "words": "many", "modified": "2026-11-29T08:41:00Z"}]
                """#,
        ])
        let (status, console) = runCLI(["actions", dir + "/app.yaml", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let dynamic = try JSONReader.parse(console.stdout).json["dynamic"]?.array ?? []
        #expect(dynamic.map { $0["title"] } == ["Groceries · 12,345 words", "Bad · many words"])
        // No widget zone: each instant shows at the offset it was written with.
        #expect(dynamic.map { $0["subtitle"] } == ["Edited Nov 29, 2026 at 4:05\u{202F}PM", "Edited Nov 29, 2026 at 8:41\u{202F}AM"])
        #expect(console.stderr.contains(#"notes[1]: {{words | number}} got "many", which is not a number; it shows as it is [template-format]"#))
        let (_, french) = runCLI(["actions", dir + "/app.yaml", "--format", "json", "--locale", "fr"])
        #expect(french.stdout.contains("Groceries · 12\u{202F}345 words"), "\(french.stdout)")
        // An unknown format is refused before any data is read.
        try String(contentsOfFile: dir + "/app.yaml", encoding: .utf8).replacingOccurrences(of: "| number", with: "| numbr")
            .write(toFile: dir + "/app.yaml", atomically: true, encoding: .utf8)
        let (refused, errors) = runCLI(["validate", dir + "/app.yaml"])
        #expect(refused == .inputErrors)
        #expect(errors.stderr.contains("app.yaml:9:35: error: unknown format 'numbr' (did you mean 'number'?)"), "\(errors.stderr)")
    }
}
