import Testing
import WidgetSupport
import WidgetYAML

/// YAML syntax errors reported where the mistake starts, in words.
@Suite struct SyntaxWordsTests {
    @Test func anUnclosedQuoteIsReportedAtTheQuote() throws {
        // Never closed at all: libyaml gives up at the end of the file.
        let end = try #require(YAMLLoader.load(text: "kind: a\ndisplayName: \"A\ndescription: x\n").error)
        #expect(end.code.name == "yaml-syntax")
        #expect(end.location == SourceLocation(line: 2, column: 14))
        #expect(end.message.hasPrefix("this string is never closed"))
        // Closed by the next line's quote: libyaml gives up further down.
        let later = try #require(YAMLLoader.load(text: "kind: a\ncontent:\n  title: '{{param.x}}\n  other: 'y'\n").error)
        #expect(later.location == SourceLocation(line: 3, column: 10))
        #expect(later.message.contains("single quote"))
        // An item's value, after `- `.
        let item = try #require(YAMLLoader.load(text: "a:\n  - \"x\n").error)
        #expect(item.location == SourceLocation(line: 2, column: 5))
    }

    @Test func aKeyIndentedTooFarIsAnIndentationError() throws {
        let error = try #require(YAMLLoader.load(text: "kind: a\ndisplayName: A\n  description: x\n").error)
        #expect(error.code.name == "yaml-syntax")
        #expect(error.location == SourceLocation(line: 3, column: 3))
        #expect(error.message == "this key is indented more than 'displayName' on line 2, whose value is already written there: indent it 0 spaces as a sibling, or move that value under it")
    }

    @Test func aKeyBetweenTwoIndentationsIsAnIndentationError() throws {
        let error = try #require(YAMLLoader.load(text: "kind: a\ntimeline:\n    hourly: true\n  every: 1h\n").error)
        #expect(error.location == SourceLocation(line: 4, column: 3))
        #expect(error.message.contains("indented 2 spaces, which lines up with no key above it"))
        #expect(error.message.contains("(line 3) are indented 4, their parent (line 2) 0"))
    }

    /// A multi-line quoted scalar that is well formed is not blamed for a later error.
    @Test func otherErrorsKeepLibyamlsWords() throws {
        let error = try #require(YAMLLoader.load(text: "a: [1, 2\nb: 3\n").error)
        #expect(!error.message.contains("never closed"))
        #expect(YAMLLoader.load(text: "a: \"one\n  two\"\nb: 3\n").error == nil)
    }
}
