import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import WidgetCompiler

/// The built-in schemas and the compiler accept the same scalar forms (spec "Files": a
/// third-party validator given our schema accepts and rejects the same shapes). The
/// forms are collected from `widgets/`, `docs/` and the test sources: every string
/// that a compiler parser accepts must pass the schema in that role; forms the compiler
/// refuses for their shape must fail it.
@Suite struct SchemaAgreementTests {
    enum Role: String, CaseIterable, Sendable {
        case cron, duration, wallTime, instant, relativeInstant

        /// Whether the compiler's parser for this role accepts `text`.
        func compilerAccepts(_ text: String) -> Bool {
            switch self {
            case .cron: (try? CronExpression(text)) != nil
            case .duration: (try? DurationParser.parse(text)) != nil
            case .wallTime: (try? WallTime.parse(text)) != nil
            case .instant: (try? InstantParser.parse(text)) != nil
            case .relativeInstant: text.hasPrefix("+") && (try? RelativeInstant.parse(text)) != nil
            }
        }

        /// A widget whose only place for a value of this role holds `text`.
        func widget(_ text: String) -> JSONValue {
            let timeline: JSONValue
            switch self {
            case .cron: timeline = ["cron": .string(text)]
            case .duration: timeline = ["every": .string(text), "align": false]
            case .wallTime: timeline = ["daily": [["at": .string(text)]]]
            case .instant, .relativeInstant: timeline = ["once": true, "events": [["at": .string(text)]]]
            }
            return ["kind": "t.agree", "displayName": "Agree", "description": "x", "content": ["a": "b"], "timeline": timeline]
        }
    }

    static func schemaAccepts(_ text: String, as role: Role) throws -> Bool {
        try BuiltInSchemas.widget().schema.validate(role.widget(text)).isEmpty
    }

    /// Strings written in the project's widgets, docs and tests: quoted or back-quoted
    /// text, and the values of `key: value` lines (YAML, also inside docs and tests).
    static func collectedForms() throws -> Set<String> {
        var files: [String] = []
        for directory in ["widgets", "docs", "Tests"] {
            let root = TestPaths.root + "/" + directory
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            for case let path as String in walker
            where path.hasSuffix(".yaml") || path.hasSuffix(".yml") || path.hasSuffix(".md") || path.hasSuffix(".swift") {
                files.append(root + "/" + path)
            }
        }
        let patterns = [#""([^"\\\n]{1,60})""#, #"'([^'\n]{1,60})'"#, #"`([^`\n]{1,60})`"#, #"(?m):[ \t]+([^\s#{}\[\],"'][^#{}\[\],\n]{0,59}?)[ \t]*$"#]
        let expressions = try patterns.map { try NSRegularExpression(pattern: $0) }
        var forms: Set<String> = []
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            let whole = NSRange(text.startIndex..., in: text)
            for expression in expressions {
                for match in expression.matches(in: text, range: whole) {
                    guard let range = Range(match.range(at: 1), in: text) else { continue }
                    forms.insert(String(text[range]))
                }
            }
        }
        return forms
    }

    @Test func everyFormTheCompilerAcceptsPassesTheSchema() throws {
        let forms = try Self.collectedForms()
        var found: [Role: Int] = [:]
        var refused: [String] = []
        for form in forms.sorted() {
            for role in Role.allCases where role.compilerAccepts(form) {
                found[role, default: 0] += 1
                if try !Self.schemaAccepts(form, as: role) { refused.append("\(role.rawValue) '\(form)'") }
            }
        }
        #expect(refused.isEmpty, "accepted by the compiler, refused by the schema: \(refused)")
        // The collection works: each role has forms from the sources (and the tricky ones are there).
        for role in Role.allCases { #expect(found[role, default: 0] >= 3, "few \(role) forms: \(found)") }
        for form in ["@daily", "2026-11-29T09:00Z", "1h30m", "PT15M", "+2h", "08:00"] { #expect(forms.contains(form), "\(form)") }
    }

    /// Forms each role's compiler parser refuses for their shape: the schema refuses them too.
    static let refusedForms: [(Role, String)] = [
        (.cron, "* * * *"), (.cron, "* * * * * *"), (.cron, "@reboot"), (.cron, "@every 5m"), (.cron, "@daily *"),
        (.cron, "0 0 * * MON;"), (.cron, ""),
        (.duration, "15"), (.duration, "15min"), (.duration, "15M"), (.duration, "-15m"), (.duration, "+15m"),
        (.duration, "30m1h"), (.duration, "1m2m"), (.duration, "1h 30m"), (.duration, "P1Y"), (.duration, "PT"),
        (.duration, "P1M"), (.duration, "P"), (.duration, "1.h"), (.duration, ".5h"), (.duration, ""),
        (.wallTime, "8:00"), (.wallTime, "24:00"), (.wallTime, "08:00:00"), (.wallTime, "0800"), (.wallTime, "08:60"),
        (.instant, "2026-11-29T09:00"), (.instant, "2026-11-29"), (.instant, "2026-13-01T09:00Z"),
        (.instant, "2026-11-29T24:00Z"), (.instant, "2026-11-29T09:00:60Z"), (.instant, "2026-11-29T09Z"),
        (.instant, "2026-11-29T09:00+24:00"), (.instant, "2026-11-29T09:00.5Z"), (.instant, "26-11-29T09:00Z"),
        (.instant, "2026-11-29T9:00Z"), (.instant, "2026-11-29T09:00:00.Z"),
        (.relativeInstant, "+"), (.relativeInstant, "+15"), (.relativeInstant, "-2h"), (.relativeInstant, "+ 2h"),
    ]

    @Test func formsTheCompilerRefusesFailTheSchema() throws {
        for (role, form) in Self.refusedForms {
            #expect(!role.compilerAccepts(form), "the compiler accepts \(role) '\(form)'")
            // As an event's `at`, an instant and a relative instant are alternatives: the form must be neither.
            if role == .instant || role == .relativeInstant {
                #expect(!Role.instant.compilerAccepts(form) && !Role.relativeInstant.compilerAccepts(form))
            }
            #expect(try !Self.schemaAccepts(form, as: role), "the schema accepts \(role) '\(form)'")
        }
    }

    /// Instants without seconds (spec: "seconds may be left out") in a widget and in a scenario.
    @Test func instantsWithoutSecondsAreValidEverywhere() throws {
        for form in ["2026-08-12T21:30+05:30", "2026-08-12T21:30Z", "2026-08-12t21:30z", "2026-08-12 21:30-0400"] {
            #expect(try Self.schemaAccepts(form, as: .instant), "\(form)")
            let yaml = """
                kind: t.seconds
                displayName: Seconds
                description: x
                content: { a: b }
                timeline:
                  once: true
                  policy: { after: "\(form)" }
                  events:
                    - at: "\(form)"
                """
            let diagnostics = Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
            #expect(diagnostics.isEmpty, "\(form): \(diagnostics.map { "\($0.location) \($0.code) \($0.message)" })")
            let scenario = "- at: \(form)\n  reload: all\n- foreground: { from: \"\(form)\", until: 2026-08-14T00:00Z }\n"
            let document = try #require(SourceFiles.documents(of: Array(scenario.utf8), path: "s.yaml").documents.first)
            #expect(try BuiltInSchemas.scenario().schema.validate(document.json).isEmpty, "\(form)")
            let loaded = ScenarioChecks.check(bytes: Array(scenario.utf8), file: "s.yaml")
            #expect(loaded.diagnostics.isEmpty, "\(form): \(loaded.diagnostics.map(\.message))")
        }
    }

    /// A response status past Int's range is an error at its line, not a crash (it trapped
    /// converting the number to Int).
    @Test func aStatusPastIntsRangeIsAnErrorAtItsLine() {
        let scenario = "- at: 2026-12-06T17:00:00Z\n  respond:\n    url: https://example.com/a\n    status: 4444444444444444444444444444444444444447\n"
        let loaded = ScenarioChecks.check(bytes: Array(scenario.utf8), file: "s.yaml")
        let shown = loaded.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code) \($0.message)" }
        #expect(shown.count == 1, "\(shown)")
        #expect(shown.first?.hasPrefix("4:13 integer-range integer 4444444444444444444444444444444444444447 does not fit in 64 bits") == true, "\(shown)")
    }
}
