import Testing
import WidgetDiagnostics
import WidgetSupport

/// Where a diagnostic's value ends (GitHub's endColumn, SARIF's region end): only where the line
/// shows it, never a guess.
@Suite struct ValueExtentTests {
    /// The end (exclusive, 1-based) of the value at the column of the first `^` in `marks`.
    static func end(_ text: String, line: Int = 1, at column: Int) -> Int? {
        ValueExtent.end(in: Array(text.utf8), at: SourceLocation(line: line, column: column))?.column
    }

    @Test func scalarsAndCollectionsOnTheirLine() {
        #expect(Self.end("default: 200\n", at: 10) == 13)
        #expect(Self.end("a: plain words   # comment\n", at: 4) == 15)
        #expect(Self.end("a: \"quo\\\"ted\" # c\n", at: 4) == 14)
        #expect(Self.end("a: 'it''s'\n", at: 4) == 11)
        #expect(Self.end("families: [systemSmall, systemHuge]\n", at: 25) == 35)
        #expect(Self.end("families: [systemSmall, systemHuge]\n", at: 11) == 36)
        #expect(Self.end("p: { type: integer, default: 200 }\n", at: 30) == 33)
        #expect(Self.end("- at: 2026-12-07T13:30:00Z\n", at: 7) == 27)
        #expect(Self.end("- red\n", at: 3) == 6)
        // Columns count characters, not bytes.
        #expect(Self.end("title: \"Grüße\"\n", at: 8) == 15)
        // On a later line, with CRLF breaks.
        #expect(Self.end("a: 1\r\nb: two\r\n", line: 2, at: 4) == 7)
    }

    @Test func noRangeWhereTheLineDoesNotShowOne() {
        #expect(Self.end("unknownKey: 1\n", at: 1) == nil)                 // a key
        #expect(Self.end("\"quoted key\": 1\n", at: 1) == nil)
        #expect(Self.end("p: { type: integer }\n", at: 6) == nil)           // a key in a flow mapping
        #expect(Self.end("title: \"Hi {{nme}}\"\n", at: 12) == nil)         // inside a scalar
        #expect(Self.end("cron: \"*/70 * * * *\"\n", at: 8) == nil)
        #expect(Self.end("title: \"{{param.nope}}\"\n", at: 10) == nil)            // after a tag's braces
        #expect(Self.end("c: { title: \"{{param.nope}}\" }\n", at: 16) == nil)
        #expect(Self.end("text: \"never closed\n", at: 7) == nil)
        #expect(Self.end("list: [a, b,\n  c]\n", at: 7) == nil)             // a collection over lines
        #expect(Self.end("body: |\n  text\n", at: 7) == nil)                // a block scalar
        #expect(Self.end("a: &anchor 1\n", at: 4) == nil)
        #expect(Self.end("- item\n", at: 1) == nil)                          // the dash
        #expect(Self.end("note: a long\n  continued plain\n", at: 7) == nil) // continues below
        #expect(Self.end("a: 1\n", line: 3, at: 1) == nil)
        #expect(Self.end("a: 1\n", at: 9) == nil)
        #expect(Self.end("a: 1\n", at: 0) == nil)
    }

    @Test func aPlainScalarFollowedByALessIndentedLineEndsOnItsLine() {
        #expect(Self.end("a:\n  b: one\nc: 2\n", line: 2, at: 6) == 9)
        #expect(Self.end("a: one\n  # a comment\n", at: 4) == 7)
    }
}
