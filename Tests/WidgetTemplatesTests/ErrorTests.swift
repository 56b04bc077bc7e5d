import Testing
import WidgetSupport
import WidgetTemplates

@Suite struct ErrorTests {
    func failure(_ source: String) -> TemplateError? {
        do {
            _ = try Template(source)
            return nil
        } catch {
            return error
        }
    }

    func expectError(
        _ source: String, _ message: String, offset: Int, line: Int, column: Int,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let error = failure(source) else {
            Issue.record("\(source.debugDescription) compiled", sourceLocation: sourceLocation)
            return
        }
        #expect(
            error == TemplateError(message: message, offset: offset, line: line, column: column),
            "\(source.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func sectionStructure() {
        expectError("Hi {{#x}}abc", "section 'x' opened here is never closed", offset: 3, line: 1, column: 4)
        expectError("{{#a}}{{^b}}{{/b}}", "section 'a' opened here is never closed", offset: 0, line: 1, column: 1)
        expectError("{{#x}}\n  {{/y}}", "'{{/y}}' closes 'x' (expected '{{/x}}')", offset: 9, line: 2, column: 3)
        expectError("abc {{/y}}", "'{{/y}}' closes no open section", offset: 4, line: 1, column: 5)
        expectError("{{#a}}{{/a}}{{/a}}", "'{{/a}}' closes no open section", offset: 12, line: 1, column: 13)
    }

    @Test func unclosedTags() {
        expectError("é {{name", "unclosed tag: '{{' has no matching '}}'", offset: 2, line: 1, column: 3)
        expectError("a\n{{{name}}", "unclosed tag: '{{{' has no matching '}}}'", offset: 2, line: 2, column: 1)
        expectError("{{", "unclosed tag: '{{' has no matching '}}'", offset: 0, line: 1, column: 1)
    }

    @Test func emptyNames() {
        for source in ["{{}}", "{{ }}", "{{#}}", "{{{ }}}", "{{&}}", "{{/ }}", "{{^\n}}"] {
            expectError(source, "empty tag name", offset: 0, line: 1, column: 1)
        }
    }

    @Test func badNames() {
        expectError("x{{a b}}", "whitespace inside the name 'a b'", offset: 4, line: 1, column: 5)
        expectError("{{a..b}}", "empty component in the name 'a..b'", offset: 4, line: 1, column: 5)
        expectError("{{.a}}", "empty component in the name '.a'", offset: 2, line: 1, column: 3)
        expectError("{{ a. }}", "empty component in the name 'a.'", offset: 4, line: 1, column: 5)
        expectError("{{a'b}}", "invalid character ''' in the name 'a'b'", offset: 3, line: 1, column: 4)
        expectError("{{param.city} }}", "invalid character '}' in the name 'param.city}'", offset: 12, line: 1, column: 13)
        expectError("\t{{a\u{7}}}", "invalid character 'U+7' in the name 'a\u{7}'", offset: 4, line: 1, column: 5)
    }

    @Test func unsupportedFeatures() {
        expectError("a {{> part}}", "partials are not supported", offset: 2, line: 1, column: 3)
        expectError("{{=<% %>=}}", "delimiter changes are not supported", offset: 0, line: 1, column: 1)
        expectError("{{$block}}{{/block}}", "template inheritance is not supported", offset: 0, line: 1, column: 1)
        expectError("{{<parent}}{{/parent}}", "template inheritance is not supported", offset: 0, line: 1, column: 1)
    }

    @Test func positionsCountScalarsAndLines() {
        // Tab and é are one column each; the error is on line 3.
        expectError("l1\nl2 é\n\té {{#sec}}", "section 'sec' opened here is never closed", offset: 11, line: 3, column: 4)
        #expect(failure("\n{{#a}}")?.description == "2:1: section 'a' opened here is never closed")
        #expect(failure("\n{{#a}}")?.location == .init(line: 2, column: 1))
    }

    /// Random tag soup never crashes, and error positions stay inside the text.
    @Test func arbitraryInputIsHandled() {
        let pieces = ["{{", "}}", "{", "}", "#", "^", "/", "!", "&", "a", ".", " ", "\n", "é", "x.y", "{{{", "}}}", "\r\n"]
        var compiled = 0
        for source in tagSoup(pieces, seed: 0x9E37_79B9_7F4A_7C15, count: 3000, maxPieces: 12) {
            do {
                let template = try Template(source)
                compiled += 1
                _ = template.renderString(["a": ["x": 1], "x": ["y": "z"]] as JSONValue)
            } catch {
                #expect(error.offset >= 0 && error.offset <= source.unicodeScalars.count, "\(source.debugDescription)")
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
        #expect(compiled > 0)
    }
}

@Suite struct LimitTests {
    @Test func deepNestingIsRefusedWithAPosition() {
        let depth = 101
        let source = (0..<depth).map { "{{#s\($0)}}" }.joined() + (0..<depth).reversed().map { "{{/s\($0)}}" }.joined()
        do {
            _ = try Template(source)
            Issue.record("compiled")
        } catch {
            #expect(error.message == "sections are nested more than 100 deep")
            let offset = (0..<100).map { "{{#s\($0)}}".count }.reduce(0, +)
            #expect(error.offset == offset && error.column == offset + 1)
        }
        let allowed = String(repeating: "{{#s}}", count: 100) + String(repeating: "{{/s}}", count: 100)
        #expect(throws: Never.self) { try Template(allowed) }
    }

    @Test func longNamesResolveWithoutRecursion() throws {
        let name = Array(repeating: "a", count: 500).joined(separator: ".")
        var value: JSONValue = "deep"
        for _ in 0..<500 { value = ["a": value] }
        #expect(try Template("{{\(name)}}").render(value) == "deep")
        let long = Array(repeating: "a", count: 50000).joined(separator: ".")
        var missing: [String] = []
        #expect(try Template("{{\(long)}}").render(value, missing: &missing) == "")
        #expect(missing == [long])
    }
}
