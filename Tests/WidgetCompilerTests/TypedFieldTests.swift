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
        return context.diagnostics.map(\.code.name)
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

    /// The codes `checkTypedField` reports for `value` as a field of `type`, in a widget
    /// with parameters of every type and a data source `feed`.
    func codes(_ value: String, _ type: FieldType) -> [String] {
        let root = SourceNode(json: [
            "parameters": [
                "n": ["type": "integer"], "h": ["type": "integer", "default": 9, "min": 0, "max": 23],
                "d": ["type": "duration", "default": "12h"], "x": ["type": "number", "default": 2.5],
                "flag": ["type": "boolean"], "s": ["type": "string"], "e": ["type": "enum", "values": ["5m", "15m"]],
            ],
            "data": ["feed": ["file": "feed.json"]], "field": .string(value),
        ])
        var context = CheckContext(file: "w.yaml", bytes: [])
        guard let field = root[word: "field"] else { return ["no field"] }
        checkTypedField(field, ["timeline", "field"], type, scope: variableScope(of: root), &context)
        return context.diagnostics.map(\.code.name)
    }

    /// The whole field is checked, fixed text included: `+{{param.d}}` renders `+12h`.
    @Test func theWholeRenderedFieldIsChecked() {
        #expect(codes("+{{param.d}}", .instantOrRelative) == [])
        #expect(codes("+{{param.n}}h", .instantOrRelative) == [])
        #expect(codes("+{{param.d}}", .durationOrInstant) == [])
        #expect(codes("{{param.d}}", .durationOrInstant) == [])
        #expect(codes("{{param.n}}m", .durationOrInstant) == [])
        #expect(codes("{{param.e}}", .duration) == [])
        #expect(codes("2026-08-12T{{param.h}}:30:00Z", .instant) == [])
        #expect(codes("2026-08-12T{{param.h}}:30Z", .instantOrRelative) == [])
        #expect(codes("{{param.n}}0", .number) == [])
        #expect(codes("{{param.x}}", .number) == [])
        #expect(codes("{{#param.flag}}15m{{/param.flag}}{{^param.flag}}1h{{/param.flag}}", .duration) == [])
    }

    /// Variables whose type is known only at run time give no compile-time type error.
    @Test func dataVariablesAreNotGuessed() {
        #expect(codes("+{{data.feed.in}}", .instantOrRelative) == [])
        #expect(codes("{{data.feed.at}}", .instantOrRelative) == [])
        #expect(codes("{{data.feed.n}}", .durationOrInstant) == [])
        #expect(codes("{{param.s}}", .instant) == [])
    }

    /// True errors stay errors: the parameter's type or the fixed text cannot make the field.
    @Test func wrongTypesAndWrongTextStayErrors() {
        #expect(codes("{{param.flag}}", .duration) == ["template-type"])
        #expect(codes("{{param.flag}}", .instantOrRelative) == ["template-type"])
        #expect(codes("+{{param.flag}}", .instantOrRelative) == ["template-type"])
        #expect(codes("{{param.flag}}", .number) == ["template-type"])
        #expect(codes("{{param.s}}m", .duration) == ["template-type"])
        #expect(codes("+{{param.d}}", .duration) == ["invalid-duration"])
        #expect(codes("{{param.n}}", .durationOrInstant) == ["template-type"])
        #expect(codes("+{{param.d}}q", .instantOrRelative) == ["invalid-duration"])
        #expect(codes("2026-08-12X{{param.h}}", .instant) == ["invalid-instant"])
        #expect(codes("{{param.n}}x", .number) == ["invalid-number"])
    }

    /// The message quotes what the field renders to and says what the field needs.
    @Test func templateTypeMessageQuotesTheRendering() {
        let root = SourceNode(json: ["parameters": ["flag": ["type": "boolean"]], "every": "{{param.flag}}"])
        var context = CheckContext(file: "w.yaml", bytes: [])
        checkTypedField(root[word: "every"]!, ["timeline", "every"], .duration, scope: variableScope(of: root), &context)
        let message = context.diagnostics.first?.message ?? ""
        #expect(message.contains("'flag' is of type 'boolean'"), "\(message)")
        #expect(message.contains("renders true"), "\(message)")
        #expect(message.contains("a duration"), "\(message)")
    }
}
