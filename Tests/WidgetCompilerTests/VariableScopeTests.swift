import Testing
import WidgetTemplates
@testable import WidgetCompiler

/// Declared names are matched by their bytes, with `String ==`'s answers.
@Suite struct VariableScopeTests {
    /// Whether each name of `template` may be named in `scope` (one answer per name).
    func allowed(_ template: String, _ scope: VariableScope) throws -> [Bool] {
        var answers: [Bool] = []
        try Template.scanNames(template) { answers.append(scope.problem(with: $0, place: .entry) == nil) }
        return answers
    }

    @Test func declaredNamesMatchAsStrings() throws {
        let declared = ["city", "units", "sixteenBytesName", "seventeenBytesName", "nineBytes", "\u{212A}", "é", "e\u{301}t"]
        var scope = VariableScope()
        for name in declared {
            scope.declareParameter(name, type: "string")
            scope.declareDataSource(name)
        }
        for root in ["param", "data"] {
            for name in declared + ["K", "\u{e9}t"] {
                #expect(try allowed("{{\(root).\(name)}}", scope) == [true], "\(root).\(name)")
            }
            for name in ["cit", "cityy", "sixteenBytesNamf", "seventeenBytesNamf", "seventeenBytesName1", "nineByte", "k", "e"] {
                #expect(try allowed("{{\(root).\(name)}}", scope) == [false], "\(root).\(name)")
            }
        }
        #expect(try allowed("{{param}}{{data}}{{param.city.x}}{{#data.units}}{{/data.units}}", scope) == [true, true, true, true])
        #expect(try allowed("{{param.city}}{{data.units}}", VariableScope()) == [false, false])
    }
}
