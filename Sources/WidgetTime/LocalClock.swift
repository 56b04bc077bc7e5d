import WidgetSupport

/// A set of local clock readings, in local seconds (seconds since
/// 1970-01-01T00:00 as read on the local clock), that `LocalClock` walks.
package protocol LocalClockPattern: Sendable {
    /// The smallest matching reading `>= local` and `< limit`, or nil.
    func firstReading(atOrAfter local: Int64, before limit: Int64) -> Int64?
}

/// Walks the instants whose local clock reading matches a pattern, in increasing
/// order: a reading in a spring-forward gap never happens and is skipped; one in a
/// fall-back fold happens twice and yields both instants. This is the spec's
/// matching for `cron` and aligned `every`.
///
/// The zone's history is walked span by span (stretches of constant offset), and
/// inside a span local time is UTC shifted by the span's offset: each span asks the
/// pattern for its first reading in the span's local range. No per-minute scanning.
package struct LocalClock<Pattern: LocalClockPattern>: Sendable {
    package let pattern: Pattern
    package let zone: ZoneRules

    /// How far `next(after:)` looks without an explicit limit: 100 years, longer than
    /// any gap between two firings of a cron expression that can fire (at worst a
    /// Feb 29 on a given weekday: 40 years).
    package static var defaultSearchSeconds: Int64 { 100 * 366 * 86_400 }

    package init(pattern: Pattern, zone: ZoneRules) {
        self.pattern = pattern
        self.zone = zone
    }

    /// The first matching instant after `after` (strictly) and before `limit`
    /// (default: 100 years on), or nil.
    package func next(after: Instant, before limit: Instant? = nil) -> Instant? {
        var it = instants(after: after, before: limit)
        return it.next()
    }

    /// The matching instants after `after` (strictly) and before `limit`
    /// (default: 100 years after `after`), lazily.
    package func instants(after: Instant, before limit: Instant? = nil) -> LocalClockIterator<Pattern> {
        let reach = LocalClockIterator<Pattern>.reach
        let from = Swift.min(Swift.max(after.seconds, -reach), reach)
        return LocalClockIterator(pattern: pattern, zone: zone, after: from, limit: limit?.seconds ?? from + Self.defaultSearchSeconds)
    }
}

/// The instants of a `LocalClock`, one at a time; keeps the zone span it is in, so
/// each result costs a pattern lookup and a little arithmetic.
package struct LocalClockIterator<Pattern: LocalClockPattern>: IteratorProtocol, Sequence, Sendable {
    private let pattern: Pattern
    private let zone: ZoneRules
    private var last: Int64
    private let limit: Int64
    private var spanStart: Int64 = 1
    private var spanEnd: Int64 = 0  // empty until the first lookup
    private var offset: Int64 = 0

    /// Walks stay within this many seconds of the epoch (about 142 million years):
    /// nothing a definition says gets near it, and arithmetic on it cannot overflow.
    static var reach: Int64 { 1 << 52 }

    init(pattern: Pattern, zone: ZoneRules, after: Int64, limit: Int64) {
        self.pattern = pattern
        self.zone = zone
        self.last = after
        self.limit = Swift.min(limit, Self.reach)
    }

    package mutating func next() -> Instant? {
        var u = last + 1
        while u < limit {
            if !(spanStart <= u && u < spanEnd) {
                let span = zone.span(containing: Instant(seconds: u))
                spanStart = span.start
                spanEnd = span.end
                offset = Int64(span.offset)
            }
            // Readings whose instant lies in [u, min(spanEnd, limit)).
            let end = Swift.min(spanEnd, limit)
            if let reading = pattern.firstReading(atOrAfter: u + offset, before: end + offset) {
                last = reading - offset
                return Instant(seconds: last)
            }
            u = end
        }
        last = limit
        return nil
    }
}

func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
    -CivilTime.floorDiv(-a, b)
}
