/// One problem found in an input, with where it is.
///
/// Diagnostics are data: every layer (YAML, schema, semantics, runtime)
/// appends them to a list, and the CLI renders the whole list at once.
package struct Diagnostic: Error, Sendable, Hashable {
    package enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    package var severity: Severity
    package var code: DiagnosticCode
    package var message: String
    /// The file as the user named it.
    package var file: String
    package var location: SourceLocation
    /// The JSON Pointer of the offending value; empty for a YAML syntax error.
    package var pointer: String
    /// Just past the offending value (exclusive), when it is known to end on the diagnostic's line
    /// (`ValueExtent`): GitHub's `endColumn` and SARIF's region end.
    package var end: SourceLocation? = nil
    /// Other places the problem involves (`duplicate-kind`: where the kind was first defined),
    /// shown after it as notes: clang's `note:` lines, SARIF's `relatedLocations`, LSP's `relatedInformation`.
    package var notes: [Note] = []

    /// A place a diagnostic refers to, with why.
    package struct Note: Sendable, Hashable {
        package var message: String
        package var file: String
        package var location: SourceLocation

        package init(_ message: String, file: String, at location: SourceLocation) {
            self.message = message
            self.file = file
            self.location = location
        }
    }

    package init(
        _ severity: Severity, code: DiagnosticCode, message: String, file: String,
        location: SourceLocation, pointer: String = ""
    ) {
        assert(severity == code.severity, "'\(code)' is declared as \(code.severity), reported as \(severity)")
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
    }

    package static func error(
        _ code: DiagnosticCode, _ message: String, file: String, at location: SourceLocation, pointer: String = ""
    ) -> Diagnostic {
        Diagnostic(.error, code: code, message: message, file: file, location: location, pointer: pointer)
    }

    package static func warning(
        _ code: DiagnosticCode, _ message: String, file: String, at location: SourceLocation, pointer: String = ""
    ) -> Diagnostic {
        Diagnostic(.warning, code: code, message: message, file: file, location: location, pointer: pointer)
    }
}

/// A diagnostic's stable, kebab-case code (`param-range`, `yaml-syntax`) and its severity, declared
/// once beside the check that reports it (`extension DiagnosticCode { static let … }`): a call site
/// names the declaration, never a string. docs/diagnostics.md documents every declared code, and a
/// test holds the two to the same set and severities; SARIF's rules read their text from that page.
package struct DiagnosticCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let name: String
    package let severity: Diagnostic.Severity

    package init(_ name: String, _ severity: Diagnostic.Severity = .error) {
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
/// Loaders throw it; callers turn it into a `Diagnostic` with a code.
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

    package func diagnostic(file: String) -> Diagnostic {
        var d = Diagnostic.error(code, message, file: file, at: location)
        d.notes = notes.map { Diagnostic.Note($0.message, file: file, at: $0.location) }
        return d
    }
}
