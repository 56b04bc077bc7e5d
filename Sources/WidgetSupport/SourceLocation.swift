/// A position in a source file: 1-based line and column.
///
/// Columns count Unicode scalars (characters as libyaml counts them), so a tab
/// is one column and `é` is one column. This is the unit `--format json` reports.
//
/// Public, with its members `package`: members of a `package` type are not inlined into other
/// modules even when `@inlinable` (Swift 6.3); the readers make one per event.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    @usableFromInline package var line: Int
    @usableFromInline package var column: Int

    @inlinable package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a file.
    package static let start = SourceLocation(line: 1, column: 1)

    @inlinable public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}
