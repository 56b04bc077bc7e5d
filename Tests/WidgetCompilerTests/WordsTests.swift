import Testing
@testable import WidgetCompiler

/// Rule names are told apart by bytes, with `String ==`'s answers.
@Suite struct WordsTests {
    @Test func ruleWordsAreTheRawValues() {
        #expect(VariableScope.Rule.allCases.map { VariableScope.Rule.word($0).description } == VariableScope.Rule.allCases.map(\.rawValue))
        for rule in VariableScope.Rule.allCases {
            #expect(VariableScope.Rule.named(rule.rawValue) == rule)
        }
        #expect(VariableScope.Rule.named("align") == nil)
        #expect(VariableScope.Rule.named("") == nil)
    }
}
