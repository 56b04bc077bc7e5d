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

    /// Under `perform:`, a new item offers the eight effects and a Swift effect's `args` (the item
    /// above holds another effect, not this one's key); in an effect's flow mapping, its members not yet written.
    @Test func effectsAndTheirMembers() throws {
        let effects = try labels(Self.edited("      - increment: { file: stats.json, at: /done, by: 1 }", "      - §"))
        #expect(effects == ["append", "args", "increment", "open", "reload", "remove", "set", "swift", "toggle"])
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

    /// A `reload:` names the other widgets beside the file (widgets/: the to-do and its progress
    /// widget), not the widget itself, which reloads after its intent anyway.
    @Test func reloadOffersTheKindsOfTheWidgetsBeside() throws {
        let remove = "      - remove: { file: notes.json, at: /0 }"
        #expect(try labels(Self.edited(remove, "      - reload: [com.example.todo§")) == ["com.example.todo", "com.example.todo.progress"])
        let all = try labels(Self.edited(remove, "      - reload: [§"))
        #expect(all.contains("com.example.weather.now") && all.contains("com.example.notebuddy.recent"), "\(all)")
        #expect(!all.contains("com.example.tasks"), "\(all)")
        #expect(all == all.sorted())
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

/// References and rename of intents, their parameters and lets, and of a widget's kind across
/// its bundle's files.
@Suite("LSP: references across intents, lets and files")
struct NamedReferenceTests {
    func spans(_ values: [JSONValue]) -> [[Int]] {
        values.map { v in
            let r = v["range"]
            return [r?["start"]?["line"]?.intValue ?? -1, r?["start"]?["character"]?.intValue ?? -1, r?["end"]?["character"]?.intValue ?? -1]
        }
    }

    func request(_ session: InProcessSession, _ method: String, _ uri: String, _ at: (Int, Int), _ extra: [(String, JSONValue)] = []) throws -> JSONValue {
        var params = JSONObject([("textDocument", ["uri": .string(uri)]), ("position", ["line": .int(at.0), "character": .int(at.1)])])
        for (k, v) in extra { params.appendNew(k, v) }
        return try session.client.request("textDocument/" + method, .object(params))
    }

    func references(_ session: InProcessSession, _ uri: String, _ at: (Int, Int)) throws -> [[Int]] {
        spans(try request(session, "references", uri, at, [("context", ["includeDeclaration": true])])["result"]?.array ?? [])
    }

    func rename(_ session: InProcessSession, _ uri: String, _ at: (Int, Int), _ name: String) throws -> JSONValue {
        try request(session, "rename", uri, at, [("newName", .string(name))])
    }

    func open(_ text: String) throws -> (InProcessSession, String) {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/intents-typing.yaml")
        session.client.open(uri: uri, text: text)
        _ = try session.client.diagnostics(uri: uri)
        return (session, uri)
    }

    /// An intent: its declaration and the elements naming it; renamed in both.
    @Test func anIntentFromItsDeclarationAndItsUse() throws {
        let (session, uri) = try open(IntentEditorTests.text)
        let declaration = IntentEditorTests.place("markDone:", offset: 0)
        let use = IntentEditorTests.place("intent: markDone", offset: 8)
        let expected = [[declaration.0, declaration.1, declaration.1 + 8], [use.0, use.1, use.1 + 8]]
        #expect(try references(session, uri, (declaration.0, declaration.1 + 2)) == expected)
        #expect(try references(session, uri, (use.0, use.1 + 3)) == expected)
        let edits = try rename(session, uri, (use.0, use.1 + 3), "finish")["result"]?["changes"]?[uri]?.array ?? []
        #expect(spans(edits) == expected && edits.allSatisfy { $0["newText"] == "finish" })
        // An intent's name is an identifier.
        #expect(try rename(session, uri, (use.0, use.1 + 3), "mark-done")["error"]?["code"] == -32602)
    }

    /// An intent's parameter: its declaration, `{{param.index}}` inside that intent, and the
    /// `with:` keys of the elements running it; a widget parameter of the same name elsewhere is
    /// another symbol.
    @Test func anIntentsParameterIsNotTheWidgetsParameter() throws {
        let text = IntentEditorTests.text.replacingOccurrences(of: "limit: { type: integer", with: "index: { type: integer")
            .replacingOccurrences(of: "heading: Tasks", with: "heading: \"Top {{param.index}}\"")
        let (session, uri) = try open(text)
        let lines = text.components(separatedBy: "\n")
        func at(_ needle: String, _ offset: Int) -> (Int, Int) {
            let l = lines.firstIndex { $0.contains(needle) }!
            return (l, lines[l].utf16.distance(from: lines[l].utf16.startIndex, to: lines[l].range(of: needle)!.lowerBound.samePosition(in: lines[l].utf16)!) + offset)
        }
        let declaration = at("index: { type: integer, min: 0 }", 0)
        let use = at("{{param.index}}/isFavorite", 8)
        let argument = at("index: 1", 0)
        let expected = [[declaration.0, declaration.1, declaration.1 + 5], [use.0, use.1, use.1 + 5], [argument.0, argument.1, argument.1 + 5]]
        #expect(try references(session, uri, (use.0, use.1 + 2)) == expected)
        #expect(try references(session, uri, (argument.0, argument.1 + 2)) == expected)
        #expect(try references(session, uri, (declaration.0, declaration.1 + 2)) == expected)
        // The widget's own `index`: its declaration and the content's use only.
        let widget = at("index: { type: integer, default", 0)
        let content = at("{{param.index}}\"", 8)
        #expect(try references(session, uri, (widget.0, widget.1 + 1)) == [[widget.0, widget.1, widget.1 + 5], [content.0, content.1, content.1 + 5]])
    }

    /// A let: its declaration, `let.X` in another let's expression and in a template.
    @Test func aLetFromItsDeclarationAndItsUses() throws {
        let text = IntentEditorTests.text.replacingOccurrences(of: "content:\n", with: "let:\n  total: \"size(data.notes)\"\n  twice: \"let.total * 2\"\ncontent:\n  count: \"{{let.total}}\"\n")
        let (session, uri) = try open(text)
        let expected = [[9, 2, 7], [10, 14, 19], [12, 16, 21]]
        #expect(try references(session, uri, (12, 18)) == expected)
        #expect(try references(session, uri, (9, 3)) == expected)
        let edits = try rename(session, uri, (10, 16), "count")["result"]?["changes"]?[uri]?.array ?? []
        #expect(spans(edits) == expected)
    }

    /// The real manifest: references of notes.yaml's kind include notes-app.yaml's entry naming
    /// the file; renaming the kind leaves that entry (a file name) alone.
    @Test func aKindAndTheManifestNamingItsFile() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let path = TestPaths.widgets + "/notes.yaml"
        let uri = LanguageServer.uri(of: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        session.client.open(uri: uri, text: text)
        _ = try session.client.diagnostics(uri: uri)
        let line = text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("kind: ") }!
        let found = try request(session, "references", uri, (line, 10), [("context", ["includeDeclaration": true])])["result"]?.array ?? []
        let manifest = LanguageServer.uri(of: TestPaths.widgets + "/notes-app.yaml")
        #expect(found.map { $0["uri"]?.string ?? "" } == [uri, manifest])
        #expect(spans(found) == [[line, 6, 34], [7, 10, 20]])
        let changes = try rename(session, uri, (line, 10), "com.example.notebuddy.latest")["result"]?["changes"]
        #expect(changes?.object?.count == 1 && spans(changes?[uri]?.array ?? []) == [[line, 6, 34]])
        // From the manifest's entry: the same kind.
        let manifestText = try String(contentsOfFile: TestPaths.widgets + "/notes-app.yaml", encoding: .utf8)
        session.client.open(uri: manifest, text: manifestText)
        _ = try session.client.diagnostics(uri: manifest)
        let fromEntry = try request(session, "references", manifest, (7, 12), [("context", ["includeDeclaration": true])])["result"]?.array ?? []
        #expect(Set(fromEntry.map { $0["uri"]?.string ?? "" }) == [uri, manifest])
    }

    /// A bundle on disk: another widget's intent reloads this kind, a scenario reloads and pushes
    /// it; references find them all, rename edits each file (the editor's text for an open one).
    @Test func aKindAcrossTheBundleAndItsScenarios() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let b = """
            kind: com.example.b
            displayName: Widget b
            description: Reloads a.
            content: { title: "Hello" }
            timeline: { every: 15m }
            intents:
              refresh:
                perform:
                  - reload: [com.example.a]

            """
        try b.write(toFile: directory + "/b.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/scenarios", withIntermediateDirectories: true)
        try #"[{ "at": "2026-11-30T10:00:00Z", "reload": "com.example.a" }, { "at": "2026-11-30T11:00:00Z", "push": { "kind": "com.example.a" } }]"#
            .write(toFile: directory + "/scenarios/day.json", atomically: true, encoding: .utf8)
        let session = InProcessSession()
        _ = try session.client.initialize()
        let a = LanguageServer.uri(of: directory + "/a.yaml")
        session.client.open(uri: a, text: try String(contentsOfFile: directory + "/a.yaml", encoding: .utf8))
        _ = try session.client.diagnostics(uri: a)
        let found = try request(session, "references", a, (0, 8), [("context", ["includeDeclaration": true])])["result"]?.array ?? []
        let app = LanguageServer.uri(of: directory + "/app.yaml"), bURI = LanguageServer.uri(of: directory + "/b.yaml")
        let scenario = LanguageServer.uri(of: directory + "/scenarios/day.json")
        #expect(found.map { $0["uri"]?.string ?? "" } == [a, app, bURI, scenario, scenario])
        #expect(spans(found) == [[0, 6, 19], [2, 10, 16], [8, 17, 30], [0, 44, 57], [0, 113, 126]])
        let changes = try rename(session, a, (0, 8), "com.example.first")["result"]?["changes"]
        #expect(Set(changes?.object?.map(\.key) ?? []) == [a, bURI, scenario])
        #expect(spans(changes?[bURI]?.array ?? []) == [[8, 17, 30]])
        // From b's reload, the same places.
        session.client.open(uri: bURI, text: b)
        _ = try session.client.diagnostics(uri: bURI)
        let fromReload = try request(session, "references", bURI, (8, 20), [("context", ["includeDeclaration": true])])["result"]?.array ?? []
        #expect(fromReload.count == 5)
    }
}
