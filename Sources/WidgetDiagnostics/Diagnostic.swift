import WidgetSupport

/// One problem found in an input, with where it is.
///
/// Diagnostics are data: every layer (YAML, schema, semantics, runtime)
/// appends them to a list, and the CLI renders the whole list at once.
package struct Diagnostic: Error, Sendable, Hashable {
    package typealias Severity = DiagnosticSeverity

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

extension SourceError {
    /// The diagnostic of a file that could not be read, its notes in the same file.
    package func diagnostic(file: String) -> Diagnostic {
        var d = Diagnostic.error(code, message, file: file, at: location)
        d.notes = notes.map { Diagnostic.Note($0.message, file: file, at: $0.location) }
        return d
    }
}
