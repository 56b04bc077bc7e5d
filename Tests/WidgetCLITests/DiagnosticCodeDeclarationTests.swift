import Foundation
import Testing
import WidgetCLI
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport

/// Every diagnostic code is declared once beside its check (`DiagnosticCode("name")`), and
/// docs/diagnostics.md, from which SARIF's rules read their text, documents exactly those codes with
/// the same severity.
@Suite struct DiagnosticCodeDeclarationTests {
    struct Declaration: CustomStringConvertible {
        let name: String
        let severity: Diagnostic.Severity
        let file: String
        var description: String { "\(name) (\(file))" }
    }

    /// The Swift files of every module that reports diagnostics (the runtime and the simulator have
    /// their own warnings, `RunWarning`).
    static let sources: [(path: String, text: String)] = {
        let root = TestPaths.root + "/Sources"
        let skipped = ["WidgetcRuntimeCore", "WidgetSimulator", "WidgetcRuntime", "WidgetcURLSession"]
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
            .filter { path in path.hasSuffix(".swift") && !skipped.contains { path.hasPrefix($0 + "/") } }
        return files.sorted().map { ($0, try! String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }()

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { i in
                Range(match.range(at: i), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    static let declarations: [Declaration] = sources.flatMap { file in
        matches(#"DiagnosticCode\("([a-z0-9-]+)"(?:, \.(warning|note))?\)"#, in: file.text).map {
            Declaration(name: $0[1], severity: $0[2] == "warning" ? .warning : $0[2] == "note" ? .note : .error, file: file.path)
        }
    }

    static let document: String = {
        try! String(contentsOfFile: TestPaths.root + "/docs/diagnostics.md", encoding: .utf8)
    }()

    @Test func theDeclarationsAreFound() {
        // A pattern that stopped matching would make every other test here pass on nothing.
        #expect(Self.declarations.count > 100)
        #expect(Self.declarations.contains { $0.name == "yaml-duplicate-key" && $0.file == "WidgetYAML/Composer.swift" })
        #expect(Self.declarations.contains { $0.name == "request-rate" && $0.severity == .warning })
    }

    @Test func eachCodeIsDeclaredOnce() {
        let byName = Dictionary(grouping: Self.declarations, by: \.name).filter { $0.value.count > 1 }
        #expect(byName.isEmpty, "declared more than once: \(byName.values.flatMap { $0 })")
    }

    @Test func everyDeclaredCodeIsDocumentedAndEveryDocumentedCodeDeclared() {
        let documented = Set(DiagnosticCodes.severities(Self.document).keys)
        let declared = Set(Self.declarations.map(\.name))
        #expect(declared.subtracting(documented).sorted() == [], "declared, not in docs/diagnostics.md's tables")
        #expect(documented.subtracting(declared).sorted() == [], "in docs/diagnostics.md's tables, declared nowhere")
        // SARIF reads each rule's text from the same tables.
        #expect(declared.allSatisfy { DiagnosticCodes.meanings[$0] != nil })
    }

    @Test func theDeclaredSeverityIsTheDocumentedOne() {
        let documented = DiagnosticCodes.severities(Self.document)
        let differing = Self.declarations.filter { declared in documented[declared.name].map { $0 != declared.severity } ?? false }
        #expect(differing.isEmpty, "severity differs from docs/diagnostics.md: \(differing.map { "\($0) \($0.severity)" })")
    }

    /// A runtime warning a command shows as a diagnostic is named in the document too.
    @Test func runWarningsShownAsDiagnosticsAreDocumented() {
        let names = Self.sources.flatMap { Self.matches(#"DiagnosticCode\(runWarning: "([a-z0-9-]+)"\)"#, in: $0.text).map { $0[1] } }
        #expect(names.count >= 4)
        for name in names {
            #expect(Self.document.contains("`\(name)`"), "\(name)")
        }
    }

    /// Call sites name a declaration: no code written as a string where a diagnostic is made.
    @Test func noCallSiteWritesACodeAsAString() {
        var found: [String] = []
        for file in Self.sources {
            for pattern in [#"\b(?:error|warning)\(\s*"[a-z0-9]+(?:-[a-z0-9]+)*""#, #"\bcode: "[a-z0-9-]+""#] {
                found += Self.matches(pattern, in: file.text).map { "\(file.path): \($0[0])" }
            }
        }
        #expect(found == [])
    }

    @Test func severitiesAreReadFromTheFirstCell() {
        let severities = DiagnosticCodes.severities("""
            | `a-b`, `c` | x |
            | `d` (warning, `run` only) | y |
            | `e` | a `(warning)` in the meaning |
            """)
        #expect(severities == ["a-b": .error, "c": .error, "d": .warning, "e": .error])
    }
}
