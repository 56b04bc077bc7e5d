import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// References and rename of parameters, data sources and content fields.
@Suite struct RenameTests {
    static let uri = LanguageServer.uri(of: TestPaths.widgets + "/renaming.yaml")
    static let text = """
        kind: com.example.renaming
        displayName: Renaming
        description: Names used in many places.
        families: [systemSmall]
        parameters:
          city: { type: string, default: paris }
          cityCode: { type: string, default: PAR }
        data:
          quotes: { file: quotes.json }
        let:
          loud: "param.city + '!'"
        content:
          title: "{{param.city}} {{param.cityCode}}"
          quote: "{{#data.quotes}}{{text}}{{/data.quotes}}"
        placeholder: { title: "—", quote: "" }
        timeline:
          sequence: { items: quotes, every: 1h }
        view:
          vstack:
            - text: "{{title}}"
            - text: "{{quote}} {{title}}"

        """

    func session() throws -> InProcessSession {
        let session = InProcessSession()
        _ = try session.client.initialize()
        session.client.open(uri: Self.uri, text: Self.text)
        _ = try session.client.diagnostics(uri: Self.uri)
        return session
    }

    /// (line, start, end) of each location or edit.
    func spans(_ values: [JSONValue]) -> [[Int]] {
        values.map { v in
            let r = v["range"]
            return [r?["start"]?["line"]?.intValue ?? -1, r?["start"]?["character"]?.intValue ?? -1, r?["end"]?["character"]?.intValue ?? -1]
        }
    }

    @Test func referencesOfAParameterFromItsUseAndItsDeclaration() throws {
        let session = try session()
        let expected = [[5, 2, 6], [10, 15, 19], [12, 18, 22]]  // declaration, let expression, template (not cityCode)
        for (line, character) in [(12, 20), (5, 3)] {
            let found = try session.client.request("textDocument/references", [
                "textDocument": ["uri": .string(Self.uri)], "position": ["line": .int(line), "character": .int(character)],
                "context": ["includeDeclaration": true],
            ])["result"]?.array ?? []
            #expect(spans(found) == expected, "from \(line):\(character)")
        }
    }

    @Test func renameADataSourceAndAContentField() throws {
        let session = try session()
        func rename(_ line: Int, _ character: Int, _ name: String) throws -> JSONValue {
            try session.client.request("textDocument/rename", [
                "textDocument": ["uri": .string(Self.uri)], "position": ["line": .int(line), "character": .int(character)],
                "newName": .string(name),
            ])
        }
        let source = try rename(8, 3, "sayings")["result"]?["changes"]?[Self.uri]?.array ?? []
        #expect(spans(source) == [[8, 2, 8], [13, 18, 24], [13, 42, 48], [16, 21, 27]])
        #expect(source.allSatisfy { $0["newText"]?.string == "sayings" })
        // From the view's use: content, placeholder and both view uses.
        let field = try rename(19, 17, "headline")["result"]?["changes"]?[Self.uri]?.array ?? []
        #expect(spans(field) == [[12, 2, 7], [14, 15, 20], [19, 15, 20], [20, 25, 30]])
        // A name that is not one is refused.
        #expect(try rename(5, 3, "two words")["error"]?["code"] == -32602)
        let prepared = try session.client.request("textDocument/prepareRename", [
            "textDocument": ["uri": .string(Self.uri)], "position": ["line": 12, "character": 20],
        ])["result"]
        #expect(prepared?["placeholder"]?.string == "city")
        #expect(spans([prepared ?? .null]) == [[12, 18, 22]])
    }
}
