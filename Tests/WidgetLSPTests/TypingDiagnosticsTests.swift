import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// What the editor shows while a line is half typed: syntax errors where they start, a duplicate
/// key beside the document's other findings, and ranges that cover the value itself.
@Suite struct TypingDiagnosticsTests {
    func diagnostics(_ text: String) throws -> [JSONValue] {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/typing.yaml")
        session.client.open(uri: uri, text: text)
        return try session.client.diagnostics(uri: uri)
    }

    @Test func anUnclosedQuoteIsShownAtTheQuote() throws {
        let found = try diagnostics("kind: com.example.t\ncontent:\n  title: \"{{param.\ntimeline: { hourly: true }\n")
        #expect(found.count == 1)
        #expect(found.first?["message"]?.string?.hasPrefix("this string is never closed") == true)
        #expect(found.first?["range"]?["start"] == ["line": 2, "character": 9])
    }

    @Test func aDuplicateKeyAndTheOtherFindings() throws {
        let found = try diagnostics("kind: com.example.t\ndisplayName: A\ndisplayName: B\ndescription: x\nfamilies: [systemHuge]\ntimeline: { hourly: true }\ncontent: { a: b }\n")
        #expect(found.compactMap { $0["code"]?.string }.sorted() == ["not-allowed-value", "yaml-duplicate-key"])
    }

    /// A quoted scalar's range is its text: it stops before the closing quote.
    @Test func aQuotedValuesRangeStopsBeforeItsClosingQuote() throws {
        let found = try diagnostics("kind: com.example.t\ndisplayName: T\ndescription: T\nfamilies: [systemSmall]\ncontent: { a: b }\ntimeline:\n  cron: \"0 25 * * *\"\n")
        let cron = try #require(found.first { $0["code"]?.string == "invalid-cron" })
        // The field at fault (25) to the end of the value, not the closing quote.
        #expect(cron["range"] == ["start": ["line": 6, "character": 11], "end": ["line": 6, "character": 19]])
        let zone = try diagnostics("kind: com.example.t\ndisplayName: T\ndescription: T\nfamilies: [systemSmall]\ntimeZone: \"Europe/Nowhere\"\ncontent: { a: b }\ntimeline: { hourly: true }\n")
        let unknown = try #require(zone.first { $0["code"]?.string == "unknown-time-zone" })
        #expect(unknown["range"] == ["start": ["line": 4, "character": 11], "end": ["line": 4, "character": 25]])
    }
}
