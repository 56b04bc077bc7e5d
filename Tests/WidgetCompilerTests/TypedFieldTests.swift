import Testing
import WidgetSupport
@testable import WidgetCompiler

/// Templated timeline fields: the names are checked, parameters against the field's
/// type, and a duration's text around the tags must still make a duration.
@Suite struct TypedFieldTests {
    /// The codes `checkTypedField` reports for `value` as a duration field of a widget
    /// with an integer parameter `n` and a duration parameter `d`.
    func durationCodes(_ value: String) -> [String] {
        let root = SourceNode(json: [
            "parameters": ["n": ["type": "integer"], "d": ["type": "duration"]], "every": .string(value),
        ])
        var context = CheckContext(file: "w.yaml", bytes: [])
        guard let field = root[word: "every"] else { return ["no field"] }
        checkTypedField(field, ["timeline", "every"], .duration, scope: variableScope(of: root), &context)
        return context.diagnostics.map(\.code)
    }

    @Test func templatedDurationsRenderToDurations() {
        #expect(durationCodes("{{param.n}}m") == [])
        #expect(durationCodes("{{param.n}}h{{param.n}}m") == [])
        #expect(durationCodes("{{{param.n}}}m") == [])
        #expect(durationCodes("{{param.d}}") == [])
        #expect(durationCodes("{{param.n}}q") == ["invalid-duration"])
        #expect(durationCodes("m{{param.n}}") == ["invalid-duration"])
        // Text that is not ASCII is rendered as characters.
        #expect(durationCodes("{{param.n}}m\u{e9}") == ["invalid-duration"])
        #expect(durationCodes("{{param.n}}\u{301}m") == ["invalid-duration"])
    }

    @Test func parametersAreCheckedAgainstTheFieldType() {
        #expect(durationCodes("{{param.n}}") == ["template-type"])
        #expect(durationCodes("{{param.d}}m") == ["template-type"])
        #expect(durationCodes("{{param.x}}m") == ["unknown-variable"])
        #expect(durationCodes("{{entry.time}}m") == ["unknown-variable"])
        // A syntax error is the only report.
        #expect(durationCodes("{{param.n}}m{{#x}}") == ["template-syntax"])
    }
}
