import Testing
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport
@testable import WidgetCompiler

/// `let:` checked at compile time (docs/cel.md "Lets"): errors at their line and column inside
/// the YAML scalar, names resolved against the widget's variables and the other lets.
@Suite struct LetCheckTests {
    static let head = """
        kind: k
        displayName: D
        description: d
        parameters:
          goal: { type: integer, default: 100 }
          units: { type: enum, values: [metric, imperial], default: metric }
          every: { type: duration, default: 15m }
        data:
          today: { file: today.json }
        timeline: { every: 1h }

        """

    func diagnostics(_ yaml: String) throws -> [Diagnostic] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml")
    }

    /// `code line:column message` of each diagnostic, in order.
    func shown(_ yaml: String) throws -> [String] {
        try diagnostics(Self.head + yaml).map { "\($0.code) \($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func aWidgetWhoseLetsAreReadHasNoFinding() throws {
        let yaml = """
            let:
              percent: "math.least(100, data.today.steps * 100 / param.goal)"
              label: "string(let.percent) + '%'"
              late: "entry.date > timestamp('2026-01-01T00:00:00Z')"
              wait: "param.every > duration('10m')"
            content:
              title: "{{let.label}}"
              late: "{{let.late}}"
              wait: "{{let.wait}}"

            """
        #expect(try shown(yaml) == [])
    }

    @Test func aSyntaxErrorIsAtItsCharacterInsideTheScalar() throws {
        // Plain, double-quoted with an escape before the error, and a folded block on its second line.
        let yaml = """
            let:
              a: data.today.steps +
              b: "'\\u00e9' + ) "
              c: >
                data.today.steps
                + * 2
            content: { a: "{{let.a}}{{let.b}}{{let.c}}" }

            """
        let found = try shown(yaml)
        #expect(found.count == 3, "\(found)")
        #expect(found[0].hasPrefix("cel-syntax 12:24 let 'a': "), "\(found)")
        #expect(found[1].hasPrefix("cel-syntax 13:18 let 'b': "), "\(found)")
        #expect(found[2].hasPrefix("cel-syntax 16:7 let 'c': "), "\(found)")
    }

    @Test func unknownNamesGetDidYouMean() throws {
        let yaml = """
            let:
              a: "param.gaol + 1"
              b: "dat.today"
              c: "math.leest(1, 2)"
              d: "let.aa + 1"
            content: { a: "{{let.a}}{{let.b}}{{let.c}}{{let.d}}" }

            """
        #expect(try shown(yaml) == [
            "cel-type 12:12 let 'a': param has no field 'gaol' (did you mean 'goal'?)",
            "cel-type 13:7 let 'b': undeclared reference to 'dat' (did you mean 'data'?)",
            "cel-type 14:11 let 'c': unknown function 'math.leest' (did you mean 'math.least'?)",
            "cel-type 15:10 let 'd': let has no field 'aa' (did you mean 'a'?)",
        ])
    }

    @Test func typeErrorsNameTheTypes() throws {
        let found = try shown("let:\n  a: \"param.goal + param.units\"\ncontent: { a: \"{{let.a}}\" }\n")
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("cel-type 12:18 let 'a': no matching overload for '+' applied to (int, string)"), "\(found)")
    }

    @Test func letsReadLetsInAnyOrderTyped() throws {
        // `b` reads `a`, written after it: ordered by what they read, and typed (int + string is an error).
        let found = try shown("let:\n  b: \"let.a + 'x'\"\n  a: \"param.goal * 2\"\ncontent: { b: \"{{let.b}}\" }\n")
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("cel-type 12:13 let 'b': no matching overload for '+' applied to (int, string)"), "\(found)")
        #expect(try shown("let:\n  b: \"let.a + 1\"\n  a: \"param.goal * 2\"\ncontent: { b: \"{{let.b}}\" }\n") == [])
    }

    @Test func aCycleIsNamedAtEachMember() throws {
        let yaml = """
            let:
              a: "let.b + 1"
              b: "let.c + 1"
              c: "let.a + 1"
              d: "let.d"
              e: "let.a"
            content: { e: "{{let.e}}" }

            """
        #expect(try shown(yaml) == [
            "let-cycle 12:6 let 'a' is part of a cycle: a → b → c → a; a let may read only lets that do not read it back",
            "let-cycle 13:6 let 'b' is part of a cycle: a → b → c → a; a let may read only lets that do not read it back",
            "let-cycle 14:6 let 'c' is part of a cycle: a → b → c → a; a let may read only lets that do not read it back",
            "let-cycle 15:6 let 'd' is part of a cycle: d → d; a let may read only lets that do not read it back",
        ])
    }

    @Test func aLetNobodyReadsIsAWarning() throws {
        let found = try diagnostics(Self.head + "let:\n  a: \"1\"\n  b: \"let.a + 1\"\n  c: \"2\"\ncontent: { b: \"{{let.b}}\" }\n")
        #expect(found.map(\.code.name) == ["let-unused"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("let 'c' is never read") == true)
        #expect(found.first.map { "\($0.location.line):\($0.location.column)" } == "14:3")
    }

    @Test func templatesNameDeclaredLetsOnly() throws {
        let found = try shown("let:\n  total: \"1\"\ncontent: { a: \"{{let.totl}}\", b: \"{{let.total}}\" }\n")
        #expect(found == ["unknown-variable 13:18 'let.totl' names no declared let (did you mean 'total'?)"])
        let none = try shown("content: { a: \"{{let.x}}\" }\n")
        #expect(none == ["unknown-variable 11:18 'let.x' names a let, but this widget declares no let"])
    }

    @Test func timelineOptionsSeeOnlyLetsOfTheReload() throws {
        let yaml = """
            let:
              step: "param.every"
              today: "entry.day"
            content: { a: "{{let.today}}" }
            timeline: { every: "{{let.today}}", horizon: "{{let.step}}" }

            """
        // The head's timeline is the first `timeline` key: this one is a second document's; use a widget of its own.
        let widget = Self.head.replacingOccurrences(of: "timeline: { every: 1h }\n", with: "") + yaml
        let found = try diagnostics(widget).filter { $0.code.name == "unknown-variable" }
        #expect(found.map(\.message) == [
            "'let.today' is computed per entry (it reads entry, family or a rule's variable); timeline options see only lets computed once per reload"
        ])
    }

    @Test func viewsReadLetsThroughContent() throws {
        let found = try diagnostics(Self.head + "let:\n  a: \"1\"\ncontent: { a: \"{{let.a}}\" }\nview: { text: \"{{let.a}}\" }\n")
        #expect(found.map(\.message) == [
            "'let.a': views see the entry's content fields, not lets; add a content field (such as a: \"{{let.a}}\") and name it here"
        ])
    }

    @Test func ruleVariablesExistForTheirRuleOnly() throws {
        let found = try shown("let:\n  a: \"slot.name\"\ncontent: { a: \"{{let.a}}\" }\n")
        #expect(found.count == 1 && found[0].hasPrefix("cel-type 12:7 let 'a': undeclared reference to 'slot'"), "\(found)")
    }

    @Test func theSchemaWantsStringsUnderIdentifiers() throws {
        let found = try diagnostics(Self.head + "let:\n  a: 3\n  1b: \"1\"\ncontent: { a: \"x\" }\n")
        #expect(found.contains { $0.pointer == "/let/a" && $0.severity == .error }, "\(found)")
        #expect(found.contains { $0.pointer.hasPrefix("/let") && $0.message.contains("1b") }, "\(found)")
    }

    @Test func letsAreOrderedByWhatTheyReadAndCyclesFound() {
        #expect(letOrder([[], [0], [1]]).order == [0, 1, 2])
        #expect(letOrder([[2], [], []]).order == [2, 0, 1])
        let mixed = letOrder([[1], [0], [1], []])
        #expect(mixed.cycles == [[0, 1]])
        #expect(mixed.order == [2, 3])
    }
}
