import Testing
import WidgetSupport
import WidgetTemplates

/// `Template.scanNames` (what validation uses) must see exactly what compiling sees.
@Suite struct ScanNamesTests {
    struct Seen: Equatable {
        var name: String
        var components: [String]
        var kind: TemplateReference.Kind
        var offset: Int
        var inSection: Bool
    }

    func scan(_ source: String) -> (names: [Seen], lone: Bool, error: TemplateError?) {
        var names: [Seen] = []
        do {
            let lone = try Template.scanNames(source) { name in
                names.append(Seen(name: name.name, components: name.components, kind: name.kind, offset: name.offset, inSection: name.isInSection))
                #expect(name.componentCount == name.components.count)
                for i in 0..<min(name.componentCount, 2) {
                    #expect(name.component(i) == name.components[i])
                }
            }
            return (names, lone, nil)
        } catch {
            return ([], false, error)
        }
    }

    func expectAgreement(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let scanned = scan(source)
        do {
            let template = try Template(source)
            let expected = template.references.map {
                Seen(name: $0.name, components: $0.components, kind: $0.kind, offset: $0.offset, inSection: !$0.sections.isEmpty)
            }
            #expect(scanned.error == nil, "\(source.debugDescription)", sourceLocation: sourceLocation)
            #expect(scanned.names == expected, "\(source.debugDescription)", sourceLocation: sourceLocation)
            #expect(scanned.lone == template.isLoneTag, "\(source.debugDescription)", sourceLocation: sourceLocation)
        } catch {
            #expect(scanned.error == error, "\(source.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test func namesMatchCompiledReferences() {
        for source in [
            "{{param.city}}", " {{param.city}}", "{{#data.list}}{{name}}{{^flag}}{{entry.time}}{{/flag}}{{/data.list}}",
            "é\n  {{ a.b }} ✓ {{c}}", "{{{ progress }}}", "{{& x.y.z }}", "{{#.}}{{.}}{{/.}}", "{{! note }}text",
            "{{#e\u{301}}}{{/\u{e9}}}", "{{a.\u{e9}.b}}", "plain text",
            // Plain variable tags first, then the scanner from the first other tag on.
            "{{a}}{{#b}}{{c}}{{/b}}{{d}}", "{{a}}\n{{#b}}\n{{c}}\n{{/b}}\n", "x{{a}} {{! c }}\n{{b}}",
            "{{a.b.c}}}{{ d }}", "{{a}}{{{b}}}{{c}}", "{{a}}\r\n  {{^b}}  \r\n{{/b}}",
        ] {
            expectAgreement(source)
        }
    }

    @Test func errorsMatchCompiledErrors() {
        for source in [
            "{{#x}}abc", "{{a..b}}", "{{a b}}", "{{#a}}{{/b}}", "{{/a}}", "{{> part}}", "{{", "x{{.a}}", "{{a'b}}",
            "{{a}}{{", "{{a}}{{/a}}", "{{a}}{{b.}}", "{{a}}{{#b}}",
        ] {
            expectAgreement(source)
            #expect(scan(source).error != nil, "\(source.debugDescription)")
        }
    }

    /// Deep nesting moves the scanner's section stack from the stack to the heap.
    @Test func deepNestingAgrees() {
        for depth in [1, 17, 40, 100, 101] {
            let open = (0..<depth).map { "{{#s\($0)}}" }.joined()
            let close = (0..<depth).reversed().map { "{{/s\($0)}}" }.joined()
            expectAgreement(open + "{{x}}" + close)
        }
    }

    @Test func componentComparisonIsStringEquality() throws {
        _ = try Template.scanNames("{{param.K}}{{data.weather}}{{entry.date}}") { name in
            #expect(name.component(0, equals: name.component(0)))
            #expect(!name.component(0, equals: "nothing"))
            // The Kelvin sign is canonically equivalent to K, as String compares it.
            if name.component(0) == "param" {
                #expect(name.component(1, equals: "\u{212A}"))
                #expect(name.component(0, is: "param"))
            }
            #expect(!name.component(0, is: "par"))
        }
    }

    /// Random tag soup: scanning and compiling agree on every input.
    @Test func arbitraryInputAgrees() {
        let pieces = ["{{", "}}", "{", "}", "#", "^", "/", "!", "&", "a", ".", " ", "\n", "é", "x.y", "{{{", "}}}", "\r\n", "{{#a}}", "{{/a}}"]
        for source in tagSoup(pieces, seed: 0x2545_F491_4F6C_DD1D, count: 3000, maxPieces: 10) {
            expectAgreement(source)
        }
    }
}
