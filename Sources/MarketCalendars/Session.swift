import WidgetSupport
import WidgetTime

/// One trading day: when the market opens and closes (and pauses for lunch).
/// `open <= breakStart < breakEnd <= close` when there is a break.
package struct Session: Sendable, Hashable {
    /// Local day number (days since 1970-01-01 on the exchange's calendar).
    package let day: Int64
    package let open: Instant
    package let close: Instant
    /// Lunch break, when the exchange has one and the day is long enough for it.
    package let breakStart: Instant?
    package let breakEnd: Instant?
    /// Closes before the regular time for that day.
    package let earlyClose: Bool
    /// Opens after the regular time for that day.
    package let lateOpen: Bool

    /// A session from its instants (calendars build these; tests and custom planners may too).
    package init(day: Int64, open: Instant, close: Instant, breakStart: Instant? = nil, breakEnd: Instant? = nil,
                earlyClose: Bool = false, lateOpen: Bool = false) {
        self.day = day
        self.open = open
        self.close = close
        self.breakStart = breakStart
        self.breakEnd = breakEnd
        self.earlyClose = earlyClose
        self.lateOpen = lateOpen
    }

    /// The civil date of the session.
    package var date: CivilDate { CivilDate(dayNumber: day) }

    /// Whether `t` is in `[open, close)` (lunch break included).
    package func contains(_ t: Instant) -> Bool { open <= t && t < close }

    /// Whether `t` is in the lunch break `[breakStart, breakEnd)`.
    package func isInBreak(_ t: Instant) -> Bool {
        guard let breakStart, let breakEnd else { return false }
        return breakStart <= t && t < breakEnd
    }

    /// Whether the market trades at `t`: inside the session and not at lunch.
    package func isTrading(at t: Instant) -> Bool { contains(t) && !isInBreak(t) }
}

/// A weekday without trading, and why.
package struct Closure: Sendable, Hashable {
    package let day: Int64
    package let name: String
    package var date: CivilDate { CivilDate(dayNumber: day) }
}
