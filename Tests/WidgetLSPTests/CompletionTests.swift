import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// Completion while typing: documents that do not parse, typed prefixes, edits that replace
/// exactly the typed word, values already present left out.
@Suite struct CompletionTests {
    /// A completion item: its label, and the edit's start and end columns and text.
    struct Item: Equatable {
        var label: String
        var start: Int
        var end: Int
        var newText: String
    }

    /// Opens `text` (its `cursor`, `|` unless told, is the cursor, removed) beside the example
    /// widgets (so that container/ is theirs) and asks for completion at the cursor.
    func complete(_ text: String, cursor: Character = "|", session: InProcessSession = InProcessSession()) throws -> [Item] {
        _ = try session.client.initialize()
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(cursor) })
        let character = lines[line].utf16.distance(from: lines[line].utf16.startIndex, to: try #require(lines[line].firstIndex(of: cursor)).samePosition(in: lines[line].utf16)!)
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/typing.yaml")
        session.client.open(uri: uri, text: text.replacingOccurrences(of: String(cursor), with: ""))
        _ = try session.client.diagnostics(uri: uri)
        let result = try session.client.at("completion", uri: uri, line: line, character: character)
        return try (result["items"]?.array ?? []).map { item in
            let edit = try #require(item["textEdit"])
            #expect(edit["range"]?["start"]?["line"]?.intValue == line && edit["range"]?["end"]?["line"]?.intValue == line)
            return Item(
                label: item["label"]?.string ?? "", start: edit["range"]?["start"]?["character"]?.intValue ?? -1,
                end: edit["range"]?["end"]?["character"]?.intValue ?? -1, newText: edit["newText"]?.string ?? "")
        }
    }

    static let head = """
        kind: com.example.typing
        families: [systemSmall]
        parameters:
          city: { type: string, default: paris }
          units: { type: enum, values: [metric, imperial], default: metric }
        data:
          weather: { file: weather.json }

        """

    /// `{{param.` inside an unclosed quote (the document does not parse): the parameters only,
    /// each edit inserting the name after the dot, where a client's own word starts too.
    @Test func parametersAfterParamDotInABrokenDocument() throws {
        for line in ["  title: \"{{param.|", "  title: {{param.|", "  title: \"{{param.|}}\""] {
            let items = try complete(Self.head + "content:\n" + line + "\ntimeline:\n  hourly: true\n")
            #expect(items == [
                Item(label: "param.city", start: 18 - (line.contains("\"") ? 0 : 1), end: 18 - (line.contains("\"") ? 0 : 1), newText: "city"),
                Item(label: "param.units", start: 18 - (line.contains("\"") ? 0 : 1), end: 18 - (line.contains("\"") ? 0 : 1), newText: "units"),
            ], "\(line)")
        }
    }

    /// `{{pa`: every variable starting with it, the edit replacing the typed word and the rest of it.
    @Test func variablesFilteredByTheTypedPrefix() throws {
        let items = try complete(Self.head + "content:\n  title: \"{{pa|ram.ci}}\"\n")
        #expect(items.map(\.label) == ["param.city", "param.units"])
        #expect(items.first == Item(label: "param.city", start: 12, end: 20, newText: "param.city"))
        let entry = try complete(Self.head + "content:\n  title: \"{{#en|")
        #expect(entry.map(\.label) == ["entry.date", "entry.day", "entry.index", "entry.instant", "entry.isInstant", "entry.time", "entry.weekday"])
    }

    /// `{{data.weather.` offers the fields of container/weather.json; inside a section over a list,
    /// its records' fields.
    @Test func dataFieldsFromTheContainerFile() throws {
        let fields = try complete(Self.head + "content:\n  t: \"{{data.weather.te|")
        #expect(fields == [Item(label: "data.weather.temp", start: 21, end: 23, newText: "temp")])
        let all = try complete(Self.head + "content:\n  t: \"{{data.weather.|\"")
        #expect(["data.weather.location", "data.weather.next", "data.weather.feelsLike"].allSatisfy(all.map(\.label).contains))
        let section = try complete(Self.head + "content:\n  t: \"{{#data.weather.next}}{{t|")
        #expect(section.map(\.label) == ["temp", "time"])
    }

    /// A `schedule` widget: `current`, `next` and `upcoming` among the variables, and after
    /// `current.` (or `record.` in `at`) the fields of the first item of its list in the container.
    @Test func scheduleVariablesAndTheFieldsOfItsItems() throws {
        let head = """
            kind: com.example.board
            data:
              board: { file: transit.json }
            timeline:
              schedule: { items: data.board.departures, at: "{{record.boards}}" }

            """
        let roots = try complete(head + "content:\n  t: \"{{|")
        #expect(["current", "next", "upcoming"].allSatisfy(roots.map(\.label).contains))
        let fields = try complete(head + "content:\n  t: \"{{current.|")
        #expect(Set(fields.map(\.label)) == ["current.line", "current.to", "current.bay", "current.boards", "current.departs"])
        let typed = try complete(head + "content:\n  t: \"{{next.de|")
        #expect(typed == [Item(label: "next.departs", start: 13, end: 15, newText: "departs")])
        let items = try complete("kind: k\ndata:\n  board: { file: transit.json }\ntimeline:\n  schedule:\n    items: |\n")
        #expect(items.map(\.label) == ["data.board"])
    }

    /// After `|` in a value tag, the format names (docs/language-notes.md, "Formats in text"),
    /// the edit replacing the typed part of the name; in a view's text too.
    @Test func formatNamesAfterThePipe() throws {
        let items = try complete(Self.head + "content:\n  t: \"Closes at {{entry.date | ti§me}}\"\n", cursor: "§")
        #expect(items == [Item(label: "time", start: 31, end: 35, newText: "time")])
        let all = try complete(Self.head + "content:\n  t: \"{{data.weather.temp |§", cursor: "§")
        #expect(Set(all.map(\.label)) == [
            "time", "hour", "date", "numericDate", "monthDay", "weekday", "weekdayTime", "dateTime", "relative", "number",
            "integer", "decimal1", "decimal2", "percent", "percent1",
        ])
        let percent = try complete(Self.head + "content:\n  t: \"{{x}}\"\nview:\n  text: \"{{x|per§", cursor: "§")
        #expect(percent.map(\.label) == ["percent", "percent1"])
        // Before the pipe, still the variables.
        let variables = try complete(Self.head + "content:\n  t: \"{{param.ci§ | time}}\"\n", cursor: "§")
        #expect(variables.map(\.label) == ["param.city"])
    }

    /// In a view, the content fields are the variables.
    @Test func contentFieldsInAView() throws {
        let items = try complete(Self.head + "content:\n  temperature: \"{{data.weather.temp}}\"\nview:\n  vstack:\n    - text: \"{{tem|")
        #expect(items.map(\.label) == ["temperature"])
    }

    /// `Europe/L` matches zones by the whole value; the edit starts after the slash.
    @Test func zonesMatchTheWholeValue() throws {
        let items = try complete(Self.head + "timeZone: Europe/L|\n")
        #expect(items.map(\.label) == ["Europe/Lisbon", "Europe/Ljubljana", "Europe/London", "Europe/Luxembourg"])
        #expect(items[2] == Item(label: "Europe/London", start: 17, end: 18, newText: "London"))
        // Quoted: the range stops before the closing quote.
        let quoted = try complete(Self.head + "timeZone: \"Europe/Lo|nd\"\n")
        #expect(quoted == [Item(label: "Europe/London", start: 18, end: 22, newText: "London")])
        // Right after the colon, the value gets its space.
        let bare = try complete(Self.head + "timeline:\n  market: { exchange:|")
        #expect(bare.map(\.newText) == [" XLON", " XNAS", " XNYS", " XTKS"])
    }

    /// Block lists complete like flow lists, without the families already listed.
    @Test func familiesInBlockAndFlowListsWithoutThoseListed() throws {
        let block = try complete("kind: x\nfamilies:\n  - systemSmall\n  - |\n  - accessoryInline\n")
        #expect(block.map(\.label) == ["accessoryCircular", "accessoryRectangular", "systemExtraLarge", "systemLarge", "systemMedium"])
        let flow = try complete("kind: x\nfamilies: [systemSmall, sys|, systemLarge]\n")
        #expect(flow.map(\.label) == ["systemExtraLarge", "systemMedium"])
        #expect(flow.first == Item(label: "systemExtraLarge", start: 24, end: 27, newText: "systemExtraLarge"))
        // A view element's `families:` too.
        let view = try complete(Self.head + "view:\n  text: hi\n  families: [accessoryInline, acc|")
        #expect(view.map(\.label) == ["accessoryCircular", "accessoryRectangular"])
    }

    /// Keys the schema allows at the cursor, filtered, without those the mapping already has.
    @Test func keysFilteredWithoutThosePresent() throws {
        let timeline = try complete(Self.head + "timeline:\n  hourly: true\n  ho|\n  policy: atEnd\n")
        #expect(timeline == [Item(label: "horizon", start: 2, end: 4, newText: "horizon: ")])
        let top = try complete(Self.head + "time|")
        #expect(top.map(\.label) == ["timeZone", "timeline"])
        // A view element's options and the elements of a stack's item.
        let options = try complete(Self.head + "view:\n  vstack:\n    - text: hi\n      fo|\n")
        #expect(options.map(\.label) == ["font", "foreach", "format"])
        let element = try complete(Self.head + "view:\n  vstack:\n    - gau|\n")
        #expect(element.map(\.label) == ["gauge"])
        // Flow mappings: the keys not yet written.
        let flow = try complete(Self.head + "view:\n  text: hi\n  frame: { width: 4, |")
        #expect(flow.map(\.label).contains("height") && !flow.map(\.label).contains("width"))
    }

    /// Values from the schema's enumerations (a view option's font).
    @Test func enumeratedValues() throws {
        let items = try complete(Self.head + "view:\n  text: hi\n  font: cap|\n")
        #expect(items.map(\.label) == ["caption", "caption2"])
    }

    /// Two broken lines (blanking the cursor's line is not enough): the last text that parsed says
    /// what the widget declares.
    @Test func theLastTextThatParsedWhenMoreThanOneLineIsBroken() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/typing.yaml")
        session.client.open(uri: uri, text: Self.head + "content:\n  title: hi\n")
        _ = try session.client.diagnostics(uri: uri)
        let broken = Self.head + "content:\n  other: [unclosed\n  title: \"{{param.\n"
        session.client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(broken)]],
        ])
        _ = try session.client.diagnostics(uri: uri)
        let line = broken.components(separatedBy: "\n").count - 2
        let items = try session.client.at("completion", uri: uri, line: line, character: 18)["items"]?.array ?? []
        #expect(items.compactMap { $0["label"]?.string } == ["param.city", "param.units"])
    }

    /// Typing `timeline:` (no value yet) is not "got null null".
    @Test func anEmptyValueIsNamedSo() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/typing.yaml")
        session.client.open(uri: uri, text: "kind: com.example.t\ndisplayName: T\ndescription: T\nfamilies: [systemSmall]\ncontent: { a: b }\ntimeline:\n")
        let messages = try session.client.diagnostics(uri: uri).compactMap { $0["message"]?.string }
        #expect(messages.contains { $0.hasPrefix("expected object, got no value") }, "\(messages)")
        #expect(!messages.contains { $0.contains("null null") })
    }

    /// A source's keys include `dates` and `zone`; a `dates` value offers the formats (docs/data-sources.md).
    @Test func dataSourceDatesCompleteTheirKeyAndFormats() throws {
        let keys = try complete(Self.head.replacingOccurrences(of: "weather: { file: weather.json }", with: "weather:\n    file: weather.json\n    da|"))
        #expect(keys.contains { $0.label == "dates" })
        #expect(!keys.contains { $0.label == "zone" })  // filtered by the typed word
        let zone = try complete(Self.head.replacingOccurrences(of: "weather: { file: weather.json }", with: "weather:\n    file: weather.json\n    zo|"))
        #expect(zone.map(\.label) == ["zone"])
        let formats = try complete(Self.head.replacingOccurrences(
            of: "weather: { file: weather.json }", with: "weather:\n    file: weather.json\n    dates:\n      /updated: |"))
        #expect(formats.map(\.label).filter { ["iso8601", "unix", "unixMillis", "rfc2822"].contains($0) }.count == 4)
        #expect(formats.contains { $0.label == "dd.MM.yyyy" })
    }
}
