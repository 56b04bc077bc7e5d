import Testing
import WidgetSupport
@testable import WidgetLSP

/// The editor gets a diagnostic's notes as LSP `relatedInformation`.
@Suite struct RelatedInformationTests {
    @Test func aDuplicateKeyPointsAtTheFirstKey() throws {
        let uri = "file:///tmp/widgetc-lsp-tests/dup.yaml"
        let text = "kind: fixture.note\ndisplayName: A\ndescription: x\ndisplayName: B\ncontent: { title: hi }\ntimeline: { hourly: true }\n"
        let server = LanguageServer(send: { _ in }, log: { _ in })
        let found = server.diagnostics(of: TextDocument(uri: uri, version: 1, text: text))
        let duplicate = try #require(found.first { $0["code"] == "yaml-duplicate-key" })
        let related = try #require(duplicate["relatedInformation"]?.array)
        #expect(related.count == 1)
        #expect(related[0]["message"] == "first defined here")
        #expect(related[0]["location"]?["uri"] == .string(uri))
        #expect(related[0]["location"]?["range"]?["start"] == .object(JSONObject([("line", .int(1)), ("character", .int(0))])))
        #expect(found.allSatisfy { $0["code"] == "yaml-duplicate-key" || $0["relatedInformation"] == Optional<JSONValue>.none })
    }
}
