import Testing
import WidgetSupport
import WidgetTemplates
@testable import WidgetCompiler

/// Declared names are matched by their bytes, with `String ==`'s answers.
@Suite struct VariableScopeTests {
    /// The scope of a widget that declares each of `names` as a parameter of `type` and as a data source.
    func scope(declaring names: [String], type: JSONValue = "string") -> VariableScope {
        var parameters = JSONObject()
        var data = JSONObject()
        for name in names {
            parameters[name] = ["type": type]
            data[name] = ["file": "x.json"]
        }
        return variableScope(of: SourceNode(json: ["parameters": .object(parameters), "data": .object(data)]))
    }

    /// Whether each name of `template` may be named in `scope` (one answer per name).
    func allowed(_ template: String, _ scope: VariableScope) throws -> [Bool] {
        var answers: [Bool] = []
        try Template.scanNames(template) { answers.append(scope.problem(with: $0, place: .entry) == nil) }
        return answers
    }

    @Test func declaredNamesMatchAsStrings() throws {
        let declared = ["city", "units", "sixteenBytesName", "seventeenBytesName", "nineBytes", "\u{212A}", "é", "e\u{301}t"]
        let scope = scope(declaring: declared)
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

    @Test func parameterTypesComeFromTheDocument() {
        #expect(scope(declaring: ["city"], type: "integer").parameterType("city") == "integer")
        // A type that is not a string counts as a string parameter (the schema reports it).
        #expect(scope(declaring: ["city"], type: 3).parameterType("city") == "string")
        #expect(scope(declaring: ["\u{212A}"], type: "number").parameterType("K") == "number")
        #expect(scope(declaring: ["city"]).parameterType("town") == nil)
        #expect(scope(declaring: ["b", "a", "b\u{301}"]).sortedParameterNames == ["a", "b", "b\u{301}"])
    }

    @Test func dataSourcesMatchAsStrings() {
        let scope = scope(declaring: ["weather", "\u{e9}t\u{e9}"])
        for (name, expected) in [("weather", true), ("weathe", false), ("e\u{301}te\u{301}", true), ("ete", false)] {
            #expect(Array(name.utf8).withUnsafeBufferPointer(scope.hasDataSource) == expected, "\(name)")
        }
    }
}
