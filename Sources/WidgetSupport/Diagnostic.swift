/// One problem found in an input, with where it is.
///
/// Diagnostics are data: every layer (YAML, schema, semantics, runtime)
/// appends them to a list, and the CLI renders the whole list at once.
package struct Diagnostic: Error, Sendable, Hashable {
    package enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    package var severity: Severity
    /// A stable, kebab-case identifier such as `param-range` or `yaml-syntax`.
    package var code: String
    package var message: String
    /// The file as the user named it.
    package var file: String
    package var location: SourceLocation
    /// The JSON Pointer of the offending value; empty for a YAML syntax error.
    package var pointer: String
    /// Just past the offending value (exclusive), when it is known to end on the diagnostic's line
    /// (`ValueExtent`): GitHub's `endColumn` and SARIF's region end.
    package var end: SourceLocation? = nil

    package init(
        _ severity: Severity, code: String, message: String, file: String,
        location: SourceLocation, pointer: String = ""
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
    }

    package static func error(
        _ code: String, _ message: String, file: String, at location: SourceLocation, pointer: String = ""
    ) -> Diagnostic {
        Diagnostic(.error, code: code, message: message, file: file, location: location, pointer: pointer)
    }

    package static func warning(
        _ code: String, _ message: String, file: String, at location: SourceLocation, pointer: String = ""
    ) -> Diagnostic {
        Diagnostic(.warning, code: code, message: message, file: file, location: location, pointer: pointer)
    }
}

/// An input that could not be read at all: a position and a message.
/// Loaders throw it; callers turn it into a `Diagnostic` with a code.
package struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    package var code: String
    package var message: String
    package var location: SourceLocation

    package init(code: String, message: String, location: SourceLocation) {
        self.code = code
        self.message = message
        self.location = location
    }

    package var description: String { "\(location): \(message) [\(code)]" }

    package func diagnostic(file: String) -> Diagnostic {
        .error(code, message, file: file, at: location)
    }
}
