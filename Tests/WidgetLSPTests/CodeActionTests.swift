import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// Quick fixes: each applied to the text makes its diagnostic go away.
@Suite struct CodeActionTests {
    static let uri = LanguageServer.uri(of: TestPaths.widgets + "/fixing.yaml")

    /// The quick fixes for the whole document, with the text each one's edits make.
    func fixes(_ text: String) throws -> [(title: String, fixed: String, session: InProcessSession)] {
        let session = InProcessSession()
        _ = try session.client.initialize()
        session.client.open(uri: Self.uri, text: text)
        _ = try session.client.diagnostics(uri: Self.uri)
        let whole = ["start": ["line": 0, "character": 0], "end": ["line": 10_000, "character": 0]] as JSONValue
        let actions = try session.client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(Self.uri)], "range": whole, "context": ["diagnostics": []],
        ])["result"]?.array ?? []
        return try actions.map { action in
            #expect(action["kind"]?.string == "quickfix")
            #expect(action["diagnostics"]?.array?.count == 1)
            let edits = try #require(action["edit"]?["changes"]?[Self.uri]?.array)
            var document = TextDocument(uri: Self.uri, version: 1, text: text)
            for edit in edits.reversed() {
                document.replace(try #require(edit["range"].flatMap(LanguageServer.range)), with: edit["newText"]?.string ?? "", version: 2)
            }
            return (action["title"]?.string ?? "", document.text, session)
        }
    }

    func codes(after text: String) throws -> [String] {
        let session = InProcessSession()
        _ = try session.client.initialize()
        session.client.open(uri: Self.uri, text: text)
        return try session.client.diagnostics(uri: Self.uri).compactMap { $0["code"]?.string }
    }

    static let widget = """
        kind: com.example.fixing
        displayName: Fixing
        description: Quick fixes.
        families: [systemSmal]
        parameters:
          count: { type: integer, min: 1, max: 10, default: 20 }
        content:
          title: "{{param.cuont}}"
        timline:
          hourly: true

        """

    @Test func everyDidYouMeanAndTheClampAreFixes() throws {
        #expect(try codes(after: Self.widget).sorted() == ["not-allowed-value", "param-range", "unknown-key", "unknown-variable"].sorted())
        let found = try fixes(Self.widget)
        #expect(found.map(\.title).sorted() == [
            "Change 'cuont' to 'count'", "Change 'systemSmal' to 'systemSmall'", "Change 'timline' to 'timeline'",
            "Clamp the default to max 10",
        ])
        // All applied: the widget is valid.
        var text = Self.widget
        for (title, _, _) in found {
            let fix = try #require(try fixes(text).first { $0.title == title })
            text = fix.fixed
        }
        #expect(try codes(after: text) == [])
        #expect(text.contains("default: 10") && text.contains("{{param.count}}") && text.contains("[systemSmall]") && text.contains("timeline:"))
    }

    @Test func aFamilyWithoutAFaceGetsOne() throws {
        let withFaces = """
            kind: com.example.fixing
            displayName: Fixing
            description: Faces.
            families: [systemSmall, accessoryInline]
            content:
              title: hello
            timeline:
              hourly: true
            familyView:
              systemSmall:
                text: "{{title}}"

            """
        #expect(try codes(after: withFaces) == ["view-missing"])
        let fix = try #require(try fixes(withFaces).first)
        #expect(fix.title == "Add a face for accessoryInline (familyView.accessoryInline)")
        #expect(fix.fixed.contains("familyView:\n  accessoryInline:\n    text: \"{{title}}\"\n  systemSmall:"))
        #expect(try codes(after: fix.fixed) == [])
    }

    /// A URL source with no fallback: `stale:` beside its url, or placeholder text for the blank
    /// fields (a new `placeholder`, or lines in the one there); each silences the warning.
    @Test func aURLSourceWithoutFallbackGetsStaleOrPlaceholderText() throws {
        let widget = """
            kind: com.example.fixing
            displayName: Fixing
            description: Fallbacks.
            data:
              wx:
                url: "https://api.example.com/now"
                maxAge: 30m
            content:
              temp: "{{data.wx.temp}}"
              city: "{{data.wx.city}}"
            timeline:
              hourly: true
              policy: { after: 1h }

            """
        #expect(try codes(after: widget) == ["request-fallback"])
        let found = try fixes(widget)
        #expect(found.map(\.title) == ["Keep showing the last answer for a day (data.wx.stale: 1d)", "Add placeholder text for 'temp', 'city'"])
        #expect(found[0].fixed.contains("  wx:\n    stale: 1d\n    url: "))
        #expect(found[1].fixed.hasSuffix("policy: { after: 1h }\nplaceholder:\n  temp: \"—\"\n  city: \"—\"\n"))
        for fix in found { #expect(try codes(after: fix.fixed) == [], "\(fix.title)") }
        // A placeholder that covers one field gets the other.
        let partial = widget + "placeholder:\n  temp: \"--\"\n"
        let more = try #require(try fixes(partial).first { $0.title.hasPrefix("Add placeholder") })
        #expect(more.title == "Add placeholder text for 'city'")
        #expect(more.fixed.hasSuffix("placeholder:\n  city: \"—\"\n  temp: \"--\"\n"))
        #expect(try codes(after: more.fixed) == [])
    }
}

extension CodeActionTests {
    /// A relative time as fixed text in a widget making an entry every minute: the element
    /// becomes a date with style: relative (from a tag's format and from a format option); the
    /// warning goes, and the next one says the minute entries are not needed any more.
    @Test func aMinuteClockBecomesALiveDate() throws {
        let head = """
            kind: com.example.fixing
            displayName: Fixing
            description: A countdown.
            content: { launch: "2026-12-12T14:30:00Z" }
            timeline: { every: 1m }
            view:
              vstack:

            """
        for (element, expected) in [
            ("    - text: \"{{launch | relative}}\"\n      font: title\n", "    - date: \"{{launch}}\"\n      style: relative\n      font: title\n"),
            ("    - date: \"{{launch}}\"\n      format: relative\n", "    - date: \"{{launch}}\"\n      style: relative\n"),
            ("    - text: \"{{launch}}\"\n      format: relative\n", "    - date: \"{{launch}}\"\n      style: relative\n"),
        ] {
            let text = head + element
            #expect(try codes(after: text) == ["view-relative-clock"])
            let found = try fixes(text)
            #expect(found.map(\.title) == ["Count live on the device: a date with style: relative"])
            #expect(found.first?.fixed == head + expected)
            #expect(try codes(after: found.first?.fixed ?? "") == ["view-live-clock"])
        }
    }
}
