import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// The editor on intents and the elements that run them (docs/intents.md): completion of
/// effects, intent names, `with:` arguments and an intent's own parameters, also in text that
/// does not parse; hover and definition of intents and their parameters.
@Suite("LSP: intents")
struct IntentEditorTests {
    /// A valid widget with two intents, a toggle in a foreach over container/notes.json and a button.
    static let text = """
        kind: com.example.tasks
        displayName: Tasks
        description: Tasks to do.
        families: [systemMedium]
        parameters:
          limit: { type: integer, default: 3, min: 1, max: 10 }
        data:
          notes: { file: notes.json }
        content:
          items: "{{data.notes}}"
          heading: Tasks
        intents:
          markDone:
            title: Mark done
            parameters: { index: { type: integer, min: 0 } }
            perform:
              - set: { file: notes.json, at: "/{{param.index}}/isFavorite", value: true }
              - increment: { file: stats.json, at: /done, by: 1 }
          clear:
            perform:
              - remove: { file: notes.json, at: /0 }
        timeline:
          once: true
        view:
          vstack:
            - text: "{{heading}}"
            - foreach: "{{items}}"
              item:
                toggle: "{{isFavorite}}"
                label: "{{title}}"
                intent: markDone
                with: { index: 1 }
            - button: Clear
              intent: clear

        """

    /// The text with `old` replaced by `new` (which holds the cursor `§`).
    static func edited(_ old: String, _ new: String) -> String {
        precondition(text.contains(old), old)
        return text.replacingOccurrences(of: old, with: new)
    }

    func labels(_ text: String) throws -> [String] {
        try CompletionTests().complete(text, cursor: "§").map(\.label)
    }

    @Test func theWidgetIsValid() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/intents-typing.yaml")
        session.client.open(uri: uri, text: Self.text)
        #expect(try session.client.diagnostics(uri: uri).isEmpty)
    }

    /// Under `perform:`, a new item offers the seven effects (the item above holds another
    /// effect, not this one's key); in an effect's flow mapping, its members not yet written.
    @Test func effectsAndTheirMembers() throws {
        let effects = try labels(Self.edited("      - increment: { file: stats.json, at: /done, by: 1 }", "      - §"))
        #expect(effects == ["append", "increment", "open", "reload", "remove", "set", "toggle"])
        #expect(try labels(Self.edited("      - increment: { file: stats.json, at: /done, by: 1 }", "      - inc§")) == ["increment"])
        let members = try labels(Self.edited("{ file: stats.json, at: /done, by: 1 }", "{ file: stats.json, §"))
        #expect(members == ["at", "by", "max", "min"])
        // `file:` offers the container's JSON files.
        let files = try labels(Self.edited("{ file: stats.json,", "{ file: no§"))
        #expect(files == ["notes.json"])
    }

    /// `{{param.` inside an intent gives the intent's own parameters, not the widget's; also
    /// while the quote is not closed.
    @Test func anIntentsTemplatesSeeItsParameters() throws {
        let closed = try CompletionTests().complete(Self.edited("{{param.index}}/isFavorite", "{{param.§}}/isFavorite"), cursor: "§")
        #expect(closed.map(\.label) == ["param.index"])
        #expect(closed.first?.newText == "index")
        let open = try labels(Self.edited(#"at: "/{{param.index}}/isFavorite", value: true }"#, #"at: "/{{param.§"#))
        #expect(open == ["param.index"])
        // Outside intents, the widget's parameter.
        #expect(try labels(Self.edited("heading: Tasks", "heading: \"{{param.§")) == ["param.limit"])
    }

    /// `intent:` offers the declared intents; `with:` the intent's parameters not yet written,
    /// in flow and block form; inside a foreach's item, `{{` offers the list element's fields.
    @Test func intentNamesArgumentsAndItemFields() throws {
        #expect(try labels(Self.edited("    intent: markDone", "    intent: §")) == ["clear", "markDone"])
        #expect(try labels(Self.edited("    intent: markDone", "    intent: ma§")) == ["markDone"])
        #expect(try labels(Self.edited("with: { index: 1 }", "with: { §")) == ["index"])
        #expect(try labels(Self.edited("with: { index: 1 }", "with: { index: 1, §")) == [])
        #expect(try labels(Self.edited("with: { index: 1 }", "with:\n          §")) == ["index"])
        let fields = try labels(Self.edited("label: \"{{title}}\"", "label: \"{{ti§"))
        #expect(fields == ["title"])
        // A view never names data sources.
        #expect(try !labels(Self.edited("label: \"{{title}}\"", "label: \"{{§")).contains("data.notes"))
    }

    /// Two half-typed lines (a label's quote not closed, and the line being typed): the intents
    /// are still known.
    @Test func intentNamesInADocumentThatDoesNotParse() throws {
        let text = Self.edited("    - button: Clear\n      intent: clear", "    - button: \"Clear\n      intent: c§")
        #expect(try labels(text) == ["clear"])
    }

    func session(_ text: String = IntentEditorTests.text) throws -> (InProcessSession, String) {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/intents-typing.yaml")
        session.client.open(uri: uri, text: text)
        _ = try session.client.diagnostics(uri: uri)
        return (session, uri)
    }

    /// Zero-based line and UTF-16 column of the first `needle` in the text, plus `offset`.
    static func place(_ needle: String, offset: Int = 1) -> (Int, Int) {
        let lines = text.components(separatedBy: "\n")
        let line = lines.firstIndex { $0.contains(needle) }!
        let column = lines[line].utf16.distance(from: lines[line].utf16.startIndex, to: lines[line].range(of: needle)!.lowerBound.samePosition(in: lines[line].utf16)!)
        return (line, column + offset)
    }

    func hover(_ needle: String, offset: Int = 1) throws -> String {
        let (session, uri) = try session()
        let (line, character) = Self.place(needle, offset: offset)
        return try session.client.at("hover", uri: uri, line: line, character: character)["contents"]?["value"]?.string ?? ""
    }

    func definition(_ needle: String, offset: Int = 1) throws -> [Int] {
        let (session, uri) = try session()
        let (line, character) = Self.place(needle, offset: offset)
        let range = try session.client.at("definition", uri: uri, line: line, character: character)["range"]
        return [range?["start"]?["line"]?.intValue ?? -1, range?["start"]?["character"]?.intValue ?? -1, range?["end"]?["character"]?.intValue ?? -1]
    }

    @Test func hoverOnIntentsTheirParametersAndEffects() throws {
        let intent = try hover("markDone", offset: 2)  // where it is declared
        #expect(intent.contains("**intent markDone**: Mark done") && intent.contains("`index` (integer)") && intent.contains("- `set` notes.json"))
        #expect(try hover("intent: markDone", offset: 10) == intent)  // where a toggle names it
        let parameter = try hover("{{param.index}}", offset: 10)
        #expect(parameter.hasPrefix("**param.index**: parameter of intent 'markDone', of type `integer`"))
        #expect(try hover("index: 1", offset: 2) == parameter)  // a `with:` key
        #expect(try hover("- increment", offset: 4).hasPrefix("**increment**: Adds by"))  // an effect, from the schema
        #expect(try hover("at: /done", offset: 0).hasPrefix("**at**: An RFC 6901 JSON Pointer"))
    }

    @Test func definitionOfIntentsAndTheirParameters() throws {
        let declaration = Self.place("markDone:", offset: 0)
        #expect(try definition("intent: markDone", offset: 10) == [declaration.0, declaration.1, declaration.1 + 8])
        let parameter = Self.place("index: { type", offset: 0)
        #expect(try definition("{{param.index}}", offset: 10) == [parameter.0, parameter.1, parameter.1 + 5])
        #expect(try definition("index: 1", offset: 2) == [parameter.0, parameter.1, parameter.1 + 5])
    }
}
