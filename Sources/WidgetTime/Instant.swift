/// A moment in time: whole seconds since 1970-01-01T00:00:00Z.
///
/// Every timeline, reload and entry date is an `Instant`; wall-clock reasoning
/// converts through a time zone at the edges only. Whole seconds are what
/// WidgetKit's schedules and our output (`…T09:00:00-05:00`) need.
package struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var seconds: Int64

    package init(seconds: Int64) { self.seconds = seconds }

    package static func < (a: Instant, b: Instant) -> Bool { a.seconds < b.seconds }

    package static func + (a: Instant, s: Int64) -> Instant { Instant(seconds: a.seconds + s) }
    package static func - (a: Instant, s: Int64) -> Instant { Instant(seconds: a.seconds - s) }
    package static func - (a: Instant, b: Instant) -> Int64 { a.seconds - b.seconds }

    package var description: String { "@\(seconds)" }
}
