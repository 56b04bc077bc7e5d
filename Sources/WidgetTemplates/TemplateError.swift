import WidgetSupport

/// A template that cannot be compiled: what is wrong and where.
///
/// Positions are within the template string itself (the caller maps them into
/// its file): `offset` counts Unicode scalars from the template's start, `line`
/// and `column` are 1-based and columns count Unicode scalars too.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The position as a `SourceLocation` relative to the template's start.
    public var location: SourceLocation { SourceLocation(line: line, column: column) }

    public var description: String { "\(line):\(column): \(message)" }
}
