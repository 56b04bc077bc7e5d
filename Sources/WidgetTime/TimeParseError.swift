/// Why a time scalar (duration, instant, wall time, cron expression) does not parse.
///
/// `offset` is where the problem starts: a 0-based index in the text counted in
/// Unicode scalars, the same unit as `SourceLocation` columns, so a caller adds it
/// to the column of the scalar's first character.
package struct TimeParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var offset: Int

    package init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    package var description: String { "\(message) (at offset \(offset))" }
}
