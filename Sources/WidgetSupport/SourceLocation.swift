/// A position in a source file: 1-based line and column.
///
/// Columns count Unicode scalars (characters as libyaml counts them), so a tab
/// is one column and `é` is one column. This is the unit `--format json` reports.
package struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a file.
    package static let start = SourceLocation(line: 1, column: 1)

    package static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    package var description: String { "\(line):\(column)" }
}
