import Testing
@testable import WidgetCompiler

/// Fixed words are told apart by bytes, with `String ==`'s answers.
@Suite struct WordsTests {
    @Test func ruleWordsAreTheRawValues() {
        #expect(VariableScope.Rule.words.map(\.description) == VariableScope.Rule.allCases.map(\.rawValue))
        for rule in VariableScope.Rule.allCases {
            #expect(VariableScope.Rule.named(rule.rawValue) == rule)
        }
        #expect(VariableScope.Rule.named("align") == nil)
        #expect(VariableScope.Rule.named("") == nil)
    }

    @Test func matchesAsStringEqualityDoes() {
        let words: [StaticString] = ["data", "Kind", "timeline"]
        #expect(Words.index(of: "timeline", among: words) == 2)
        #expect(Words.index(of: "timelines", among: words) == nil)
        #expect(Words.index(of: "Data", among: words) == nil)
        // The Kelvin sign is canonically equivalent to K: `==` says equal, and so does the lookup.
        #expect(Words.index(of: "\u{212A}ind", among: words) == 1)
        #expect(Words.index(of: "dät", among: words) == nil)
    }
}
