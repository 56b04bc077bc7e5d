/// Civil (proleptic Gregorian) calendar arithmetic on integers.
///
/// Foundation's `Calendar` costs about a microsecond a call; these cost a few
/// nanoseconds, which is what a million timeline entries a second needs.
package enum CivilTime {
    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
    package static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    package static func date(days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (Int(y), Int(m), Int(d))
    }

    /// Day of week of a day count: 0 = Sunday … 6 = Saturday.
    package static func weekday(days: Int64) -> Int {
        let w = (days + 4) % 7  // 1970-01-01 was a Thursday
        return Int(w >= 0 ? w : w + 7)
    }

    /// Floor division, for splitting seconds into days and seconds of day.
    package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}

/// Anything that knows a zone's UTC offset at an instant (a time zone's rules,
/// or a fixed offset in tests).
package protocol UTCOffsetSource: Sendable {
    /// Seconds east of UTC in force at `instant`.
    func utcOffset(at instant: Instant) -> Int
    /// The offset at `instant` and the seconds `[start, end)` it holds for, so
    /// a caller formatting many instants can ask once per stretch.
    func utcOffsetSpan(at instant: Instant) -> (offset: Int, start: Int64, end: Int64)
}

extension UTCOffsetSource {
    /// By default, a stretch of one second.
    package func utcOffsetSpan(at instant: Instant) -> (offset: Int, start: Int64, end: Int64) {
        (utcOffset(at: instant), instant.seconds, instant.seconds + 1)
    }
}

/// A zone that is always at one offset.
package struct FixedOffset: UTCOffsetSource {
    package let seconds: Int
    package init(seconds: Int) { self.seconds = seconds }
    package func utcOffset(at instant: Instant) -> Int { seconds }
    package func utcOffsetSpan(at instant: Instant) -> (offset: Int, start: Int64, end: Int64) { (seconds, .min, .max) }
}

extension Instant {
    /// ISO 8601 to the second with a numeric offset, e.g. `2026-11-29T09:00:00-05:00`
    /// (`+00:00` for UTC, as the run object's instants are always written).
    package func iso8601(offset: Int) -> String {
        var out = [UInt8]()
        out.reserveCapacity(25)
        appendISO8601(offset: offset, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the ISO 8601 form to a byte buffer (the fast path for writers).
    package func appendISO8601(offset: Int, to out: inout [UInt8]) {
        let local = seconds + Int64(offset)
        let days = CivilTime.floorDiv(local, 86_400)
        let secondOfDay = Int(local - days * 86_400)
        let (y, m, d) = CivilTime.date(days: days)
        func two(_ v: Int) {
            out.append(UInt8(48 + v / 10))
            out.append(UInt8(48 + v % 10))
        }
        if y < 0 || y > 9999 {
            out.append(contentsOf: String(y).utf8)
        } else {
            two(y / 100)
            two(y % 100)
        }
        out.append(UInt8(ascii: "-")); two(m)
        out.append(UInt8(ascii: "-")); two(d)
        out.append(UInt8(ascii: "T")); two(secondOfDay / 3600)
        out.append(UInt8(ascii: ":")); two(secondOfDay / 60 % 60)
        out.append(UInt8(ascii: ":")); two(secondOfDay % 60)
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let a = abs(offset)
        two(a / 3600)
        out.append(UInt8(ascii: ":"))
        two(a / 60 % 60)
    }
}
