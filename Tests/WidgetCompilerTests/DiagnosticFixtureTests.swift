import Testing
import WidgetCompiler
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport

/// One invalid fixture per diagnostic code (`Fixtures/invalid/CODE.yaml`),
/// each asserting the exact line, column and code of what `validate` reports.
@Suite struct DiagnosticFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let code: String
        let line: Int
        let column: Int
        var severity: Diagnostic.Severity = .error
        /// Other codes the fixture may also produce (none unless listed).
        var alsoAllowed: [String] = []
        var testDescription: String { code }
    }

    static let cases: [Case] = [
        // YAML layer
        Case(code: "yaml-syntax", line: 2, column: 14),  // at the quote that is never closed
        Case(code: "empty-file", line: 1, column: 1, severity: .warning),
        Case(code: "yaml-duplicate-key", line: 6, column: 1),
        Case(code: "yaml-tag", line: 2, column: 14),
        Case(code: "yaml-alias-limit", line: 7, column: 8),
        Case(code: "yaml-alias", line: 2, column: 14),
        Case(code: "yaml-depth", line: 2, column: 265),
        Case(code: "yaml-encoding", line: 2, column: 17),
        Case(code: "yaml-merge", line: 5, column: 7),
        Case(code: "yaml-key", line: 5, column: 3),
        Case(code: "document-kind", line: 1, column: 1),
        // Schema layer
        Case(code: "unknown-key", line: 5, column: 1, alsoAllowed: ["missing-key"]),
        Case(code: "missing-key", line: 1, column: 1),
        Case(code: "type-mismatch", line: 4, column: 11),
        Case(code: "not-allowed-value", line: 4, column: 25),
        Case(code: "pattern-mismatch", line: 1, column: 7),
        Case(code: "out-of-range", line: 7, column: 15),
        Case(code: "duplicate-item", line: 4, column: 25),
        Case(code: "no-matching-form", line: 7, column: 11),
        // Semantic layer
        Case(code: "param-range", line: 5, column: 57),
        Case(code: "integer-range", line: 5, column: 36),
        Case(code: "param-default-type", line: 5, column: 57),
        Case(code: "param-enum", line: 5, column: 63),
        Case(code: "invalid-duration", line: 6, column: 12),
        Case(code: "invalid-instant", line: 8, column: 20),
        Case(code: "unknown-time-zone", line: 4, column: 11),
        Case(code: "invalid-cron", line: 6, column: 10),
        Case(code: "cron-never-fires", line: 6, column: 9),
        Case(code: "unknown-exchange", line: 6, column: 23),
        Case(code: "timeline-rule", line: 7, column: 3),
        Case(code: "every-alignment", line: 6, column: 10),
        Case(code: "template-syntax", line: 5, column: 11),
        Case(code: "unknown-variable", line: 7, column: 24),
        Case(code: "unknown-format", line: 6, column: 39),  // at the format's name
        Case(code: "format-type", line: 7, column: 37),
        Case(code: "template-type", line: 8, column: 13),
        Case(code: "data-path", line: 5, column: 20),
        Case(code: "unknown-data-source", line: 8, column: 22),
        Case(code: "daily-slot", line: 8, column: 13),
        Case(code: "invalid-number", line: 6, column: 61),
        Case(code: "duplicate-kind", line: 7, column: 7),
        Case(code: "missing-widget-file", line: 3, column: 11),
        Case(code: "duplicate-shortcut-type", line: 5, column: 13),
        Case(code: "family-not-declared", line: 7, column: 3, severity: .warning),
        // URL data sources (spec network-data.md)
        Case(code: "request-insecure", line: 5, column: 16, alsoAllowed: ["request-fallback"]),
        Case(code: "request-url", line: 5, column: 16, alsoAllowed: ["request-fallback"]),
        Case(code: "request-template", line: 5, column: 52, alsoAllowed: ["request-fallback"]),
        Case(code: "request-timeout", line: 5, column: 57, alsoAllowed: ["request-fallback"]),
        Case(code: "request-body", line: 5, column: 54, alsoAllowed: ["request-fallback"]),
        Case(code: "request-header", line: 7, column: 24, alsoAllowed: ["request-fallback"]),
        Case(code: "request-rate", line: 5, column: 16, severity: .warning, alsoAllowed: ["request-fallback"]),
        Case(code: "request-fallback", line: 5, column: 19, severity: .warning),
        Case(code: "request-cadence", line: 5, column: 62, severity: .warning),
        Case(code: "request-secret", line: 5, column: 52),
        Case(code: "request-credential", line: 7, column: 27, severity: .warning),
        Case(code: "data-retry", line: 5, column: 37),
        Case(code: "placeholder-template", line: 7, column: 49),
        // Views (docs/views.md)
        Case(code: "view-element-keys", line: 8, column: 3),
        Case(code: "view-option", line: 8, column: 3),
        Case(code: "view-style", line: 8, column: 10),
        Case(code: "view-format", line: 8, column: 11),
        Case(code: "view-foreach-item", line: 7, column: 3),
        Case(code: "view-chart", line: 9, column: 9),
        Case(code: "view-grid", line: 9, column: 12),
        Case(code: "view-list", line: 7, column: 9),
        Case(code: "view-color", line: 8, column: 10),
        Case(code: "view-fill", line: 8, column: 44),
        Case(code: "view-font", line: 8, column: 29),
        Case(code: "view-image", line: 7, column: 18),
        Case(code: "view-progress", line: 7, column: 13),
        Case(code: "view-missing", line: 6, column: 1),
        Case(code: "view-accessory-style", line: 8, column: 10, severity: .warning),
        Case(code: "view-link-small", line: 8, column: 3, severity: .warning),
        Case(code: "view-inline", line: 9, column: 3, severity: .warning),
        Case(code: "view-live-clock", line: 7, column: 3, severity: .warning),
        Case(code: "view-relative-clock", line: 7, column: 3, severity: .warning),
        Case(code: "view-limit-family", line: 9, column: 12, severity: .warning),
        Case(code: "policy-jitter", line: 6, column: 55),
        // Scenario files (a list)
        Case(code: "scenario-action", line: 2, column: 3),
        Case(code: "system-reload-request", line: 5, column: 11, severity: .warning),
    ]

    @Test(arguments: cases)
    func fixtureReportsItsCode(_ c: Case) throws {
        let path = TestPaths.fixtures + "/invalid/\(c.code).yaml"
        let diagnostics = try Compilation().validate(path: path)
        let match = diagnostics.first { $0.code.name == c.code }
        #expect(match != nil, "no \(c.code) in \(diagnostics.map(\.code.name))")
        #expect(match?.location == SourceLocation(line: c.line, column: c.column))
        #expect(match?.severity == c.severity)
        #expect(match?.file == path)
        let others = diagnostics.filter { $0.code.name != c.code && !c.alsoAllowed.contains($0.code.name) }
        #expect(others.isEmpty, "unexpected: \(others.map { "\($0.code) \($0.location)" })")
    }

    @Test func everyFixtureHasACase() throws {
        let files = try SourceFiles.expand(TestPaths.fixtures + "/invalid")
        let codes = Set(files.map { String($0.split(separator: "/").last!.dropLast(".yaml".count)) })
        #expect(codes == Set(Self.cases.map(\.code)))
    }

    @Test func schemaOnlyModeUsesTheGivenSchemaAndTheGenericCode() throws {
        let stage = try SchemaStage(file: TestPaths.fixtures + "/schema-only/not-zero.schema.json")
        let validator = Compilation(mode: .schemaOnly(stage))
        let diagnostics = try validator.validate(path: TestPaths.fixtures + "/schema-only/data.yaml")
        #expect(diagnostics.map(\.code.name) == ["schema", "type-mismatch"])
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 2, column: 8), SourceLocation(line: 3, column: 7)])
        #expect(diagnostics.map(\.pointer) == ["/count", "/name"])
    }

    @Test func bundledExamplesAreValid() throws {
        let validator = Compilation()
        let files = try SourceFiles.expand(TestPaths.root + "/widgets")
        #expect(files.count >= 9)
        for file in files {
            let diagnostics = try validator.validate(path: file)
            #expect(diagnostics.isEmpty, "\(file): \(diagnostics.map { "\($0.location) \($0.code) \($0.message)" })")
        }
    }
}
