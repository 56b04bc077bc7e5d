import WidgetSupport

/// A template that cannot be compiled: what is wrong and where.
///
/// Positions are within the template string itself (the caller maps them into
/// its file): `offset` counts Unicode scalars from the template's start, `line`
/// and `column` are 1-based and columns count Unicode scalars too.
package struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var offset: Int
    package var line: Int
    package var column: Int

    package init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The position as a `SourceLocation` relative to the template's start.
    package var location: SourceLocation { SourceLocation(line: line, column: column) }

    package var description: String { "\(line):\(column): \(message)" }
}
