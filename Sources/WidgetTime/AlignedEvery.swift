import WidgetSupport

/// The `every: D` rule's instants.
///
/// Aligned (the default): instants whose local time of day is a multiple of `D`
/// since local midnight, on the local clock (a reading in a gap is skipped, one in a
/// fold yields both instants); `D` must divide 24h. Unaligned: `T + k·D`.
package struct AlignedEvery: LocalClockPattern, Hashable {
    /// The step in seconds; divides 86,400.
    package let seconds: Int64

    /// nil when `seconds` cannot be aligned (see `alignmentProblem(seconds:)`).
    package init?(seconds: Int64) {
        guard Self.alignmentProblem(seconds: seconds) == nil else { return nil }
        self.seconds = seconds
    }

    /// Why `every` of `seconds` cannot be aligned to local midnight, or nil when it
    /// can: it must be positive and divide 24h (`7m` does not; `90s`, `15m`, `8h` do).
    package static func alignmentProblem(seconds: Int64) -> String? {
        if seconds <= 0 { return "an interval must be longer than 0s" }
        if seconds > 86_400 {
            return "\(DurationFormatter.format(seconds)) is longer than a day, so it cannot be aligned to local midnight"
        }
        if 86_400 % seconds != 0 {
            return "\(DurationFormatter.format(seconds)) does not divide 24h evenly, so it cannot be aligned to local midnight"
        }
        return nil
    }

    package func firstReading(atOrAfter local: Int64, before limit: Int64) -> Int64? {
        let r = ceilDiv(local, seconds) * seconds
        return r < limit ? r : nil
    }

    /// The first aligned instant after `after` in `zone`.
    package func next(after: Instant, in zone: ZoneRules) -> Instant? {
        LocalClock(pattern: self, zone: zone).next(after: after)
    }

    /// The aligned instants after `after` (and before `limit`), lazily.
    package func instants(after: Instant, in zone: ZoneRules, before limit: Instant? = nil) -> LocalClockIterator<AlignedEvery> {
        LocalClock(pattern: self, zone: zone).instants(after: after, before: limit)
    }

    /// Unaligned: the first `start + k·step` (k a whole number, possibly negative)
    /// strictly after `after`. `step` must be positive.
    package static func unaligned(start: Instant, step: Int64, after: Instant) -> Instant {
        let k = CivilTime.floorDiv(after.seconds - start.seconds, max(step, 1)) + 1
        return Instant(seconds: start.seconds + k * max(step, 1))
    }
}
