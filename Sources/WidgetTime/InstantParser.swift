import WidgetSupport

/// Parses the spec's instant scalar: an ISO 8601 / RFC 3339 date-time with `Z` or
/// a numeric offset, e.g. `2026-11-29T09:00:00-05:00`.
///
/// Accepted: `YYYY-MM-DDTHH:MM[:SS[.fraction]]` then `Z`, `±HH:MM`, `±HHMM` or `±HH`;
/// `t`/`z` in lower case and a space instead of `T` (both RFC 3339). Seconds may be
/// left out (`:00`); a fraction is dropped (instants are whole seconds). Refused,
/// with the position: a missing offset, month 13, April 31, February 29 outside
/// leap years, hour 24, second 60 (leap seconds), offsets beyond ±23:59.
package enum InstantParser {
    /// The instant and the offset it was written with (seconds east of UTC).
    package static func parse(_ text: String) throws(TimeParseError) -> (instant: Instant, offset: Int) {
        try withBytes(text) { t in
            parseDateTime(t, from: 0, what: "instant").flatMap { f in
                guard let offset = f.offset else {
                    return .failure(t.error(
                        "instant '\(t.all)' has no UTC offset; add Z or an offset such as -05:00", at: f.offsetStart))
                }
                return .success((Instant(seconds: f.localSeconds - Int64(offset)), offset))
            }
        }
    }

    /// An instant with an offset, or a local date-time without one read in `zone`
    /// (a wall time in a gap moves forward by the gap, one in a fold takes its first
    /// occurrence, as `ZoneRules.instant(forLocal:)`); `offset` is then the zone's
    /// offset at the instant. For `--from 2026-11-29T09:00 --tz America/New_York`.
    package static func parse(_ text: String, localIn zone: ZoneRules) throws(TimeParseError) -> (instant: Instant, offset: Int) {
        let fields = try withBytes(text) { parseDateTime($0, from: 0, what: "date-time") }
        if let offset = fields.offset {
            return (Instant(seconds: fields.localSeconds - Int64(offset)), offset)
        }
        let instant = zone.instant(forLocal: fields.localSeconds)
        return (instant, zone.utcOffset(at: instant))
    }
}

/// The spec's relative instant: `+` and a duration, e.g. `+2h`, `+PT30M`.
package enum RelativeInstant {
    /// Seconds after the moment a timeline is requested.
    package static func parse(_ text: String) throws(TimeParseError) -> Int64 {
        try withBytes(text) { t in
            guard t.at(0) == UInt8(ascii: "+") else {
                let hint = t.at(0) == UInt8(ascii: "-") ? "; it can only point forward" : ""
                return .failure(t.error("relative instant '\(t.all)' must start with '+', like +2h\(hint)", at: 0))
            }
            return DurationParser.parse(t, from: 1)
        }
    }
}

/// What events and policies name: an instant, or a relative instant (`+2h`) counted
/// from the request. The one reading of that choice, for the compiler, the runtime
/// and the scenarios alike.
package enum Moment: Sendable, Hashable {
    case instant(Instant)
    case relative(seconds: Int64)

    /// `+` and a duration is relative; anything else must be an instant (its error says why not).
    package static func parse(_ text: String) throws(TimeParseError) -> Moment {
        if text.hasPrefix("+") { return .relative(seconds: try RelativeInstant.parse(text)) }
        return .instant(try InstantParser.parse(text).instant)
    }

    /// The instant for a request at `now`.
    package func instant(from now: Instant) -> Instant {
        switch self {
        case .instant(let i): i
        case .relative(let s): now + s
        }
    }
}

/// A date and time on a local clock, without an offset: `2026-11-29T09:00[:SS]`.
/// It becomes an instant only through a zone (`ZoneRules.instant(for:)`).
package struct LocalDateTime: Sendable, Hashable, CustomStringConvertible {
    package var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]]`; text with an offset is refused
    /// (it is an instant: use `InstantParser`).
    package static func parse(_ text: String) throws(TimeParseError) -> LocalDateTime {
        try withBytes(text) { t in
            parseDateTime(t, from: 0, what: "local date-time").flatMap { f in
                if f.offset != nil {
                    return .failure(t.error(
                        "local date-time '\(t.all)' has a UTC offset; leave it out, the zone decides", at: f.offsetStart))
                }
                return .success(LocalDateTime(year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute, second: f.second))
            }
        }
    }

    /// Days since 1970-01-01 of the date.
    package var dayNumber: Int64 { CivilTime.days(year: year, month: month, day: day) }

    /// Seconds since 1970-01-01T00:00 as read on the local clock.
    package var localSeconds: Int64 { dayNumber * 86_400 + Int64(hour * 3_600 + minute * 60 + second) }

    package var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = String(year)
        return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }
}
