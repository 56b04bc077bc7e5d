/// How bad a diagnostic is (a code declares its own).
package enum DiagnosticSeverity: String, Sendable, Hashable {
    case error, warning, note
}

/// A diagnostic's stable, kebab-case code (`param-range`, `yaml-syntax`) and its severity, declared
/// once beside the check that reports it (`extension DiagnosticCode { static let … }`): a call site
/// names the declaration, never a string. docs/diagnostics.md documents every declared code, and a
/// test holds the two to the same set and severities; SARIF's rules read their text from that page.
package struct DiagnosticCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let name: String
    package let severity: DiagnosticSeverity

    package init(_ name: String, _ severity: DiagnosticSeverity = .error) {
        self.name = name
        self.severity = severity
    }

    /// A runtime warning's code (`RunWarning`, docs/diagnostics.md "Run warnings"), for a command that
    /// shows what the runtime's own code found as diagnostics (`actions`' records).
    package init(runWarning name: String) {
        self.init(name, .warning)
    }

    package var description: String { name }

    package static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.name < b.name }

    /// Whether this is the code of that name (tests compare with the name the docs show).
    package static func == (code: DiagnosticCode, name: String) -> Bool { code.name == name }
    package static func != (code: DiagnosticCode, name: String) -> Bool { code.name != name }
}

/// An input that could not be read at all: a position and a message.
/// Loaders throw it (on a device too: a container file's JSON); the Mac side turns it into a
/// `Diagnostic` (WidgetDiagnostics).
package struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    package var code: DiagnosticCode
    package var message: String
    package var location: SourceLocation
    /// Places in the same input the error refers to (a duplicate key's first one), with why.
    package var notes: [Place] = []

    /// A place in the input and why the error refers to it.
    package struct Place: Sendable, Hashable {
        package var message: String
        package var location: SourceLocation

        package init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    package init(code: DiagnosticCode, message: String, location: SourceLocation) {
        self.code = code
        self.message = message
        self.location = location
    }

    package var description: String { "\(location): \(message) [\(code)]" }
}
