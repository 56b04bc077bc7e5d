import WidgetSupport

/// What a local clock reading means in a zone.
package enum LocalResolution: Sendable, Hashable {
    /// The reading happens once.
    case unique(Instant)
    /// The reading happens twice (a fall-back fold): `first` on the earlier offset.
    case fold(first: Instant, second: Instant)
    /// The reading never happens (a spring-forward gap). `shifted` is the instant as
    /// far after the gap's start as the reading is (02:30 in a 02:00-03:00 gap gives
    /// 03:30 on the new offset): the spec's rule for named wall times.
    case gap(shifted: Instant)

    /// The spec's single instant for a named wall time: the reading, its first
    /// occurrence in a fold, or the shifted instant in a gap.
    package var wallTimeInstant: Instant {
        switch self {
        case .unique(let i): i
        case .fold(let first, _): first
        case .gap(let shifted): shifted
        }
    }
}

extension ZoneRules {
    /// The instants at which the local clock reads `localSeconds` (seconds since
    /// 1970-01-01T00:00 on the local clock): one, two in a fold, none in a gap.
    package func resolve(local: Int64) -> LocalResolution {
        let localSeconds = Self.clampLocal(local)
        // Offsets never exceed a day: every span that could hold the reading starts
        // or ends within this window of it.
        let reach: Int64 = 100_000
        let lo = localSeconds &- reach, hi = localSeconds &+ reach
        let t = table(covering: lo, hi)
        var i = t.index(of: lo)
        var first: Int64? = nil, last: Int64? = nil
        var shifted: Int64? = nil
        while i < t.starts.count, t.starts[i] <= hi {
            let o = Int64(t.offsets[i])
            let u = localSeconds - o
            if t.starts[i] <= u && u < t.end(of: i) {
                if first == nil { first = u } else { last = u }
            }
            if i > 0 {
                let before = Int64(t.offsets[i - 1])
                if before < o, localSeconds >= t.starts[i] + before, localSeconds < t.starts[i] + o {
                    shifted = localSeconds - before
                }
            }
            i += 1
        }
        if let first {
            if let last { return .fold(first: Instant(seconds: first), second: Instant(seconds: last)) }
            return .unique(Instant(seconds: first))
        }
        // A gap; the fallback only matters for an inconsistent table.
        return .gap(shifted: Instant(seconds: shifted ?? localSeconds - Int64(t.offsets[t.index(of: lo)])))
    }

    /// The spec's instant for a local reading: itself, its first occurrence in a
    /// fold, or shifted forward by the gap it falls in.
    package func instant(forLocal local: Int64) -> Instant {
        let localSeconds = Self.clampLocal(local)
        // Fast path: the offset does not change within a day's width of the reading.
        let lo = localSeconds &- 100_000, hi = localSeconds &+ 100_000
        let quiet = withPublished { t -> Int64? in
            guard t.covers(lo), t.covers(hi) else { return nil }
            let i = t.index(of: lo)
            return t.end(of: i) > hi ? localSeconds - Int64(t.offsets[i]) : nil
        }
        if let quiet { return Instant(seconds: quiet) }
        return resolve(local: localSeconds).wallTimeInstant
    }

    /// The spec's instant for a local date-time (see `instant(forLocal:)`).
    package func instant(for local: LocalDateTime) -> Instant {
        instant(forLocal: local.localSeconds)
    }

    /// The instant of a daily wall time: `minuteOfDay` (0...1439) on local day `day`
    /// (days since 1970-01-01 on the local calendar). A reading in a spring-forward
    /// gap moves forward by the gap (02:30 -> 03:30 new time); one in a fold is its
    /// first occurrence. So a daily slot happens every day, exactly once.
    package func wallTimeInstant(day: Int64, minuteOfDay: Int) -> Instant {
        let d = min(max(day, -Self.localReach / 86_400), Self.localReach / 86_400)
        return instant(forLocal: d * 86_400 + Int64(min(max(minuteOfDay, 0), 1_439)) * 60)
    }

    /// Local readings are taken within this many seconds of the epoch (about 142
    /// million years), so the arithmetic around them cannot overflow.
    static let localReach: Int64 = 1 << 52

    static func clampLocal(_ l: Int64) -> Int64 { min(max(l, -localReach), localReach) }

    // MARK: - Local readings of an instant

    /// Seconds since 1970-01-01T00:00 as the local clock reads at `instant`.
    package func localSeconds(of instant: Instant) -> Int64 {
        let (l, overflow) = instant.seconds.addingReportingOverflow(Int64(utcOffset(at: instant)))
        return overflow ? (instant.seconds < 0 ? Int64.min : Int64.max) : l
    }

    /// The local day (days since 1970-01-01 on the local calendar) of `instant`.
    package func localDay(of instant: Instant) -> Int64 {
        CivilTime.floorDiv(localSeconds(of: instant), 86_400)
    }

    /// Seconds since local midnight at `instant` (0...86399).
    package func localSecondOfDay(of instant: Instant) -> Int {
        let l = localSeconds(of: instant)
        return Int(l - CivilTime.floorDiv(l, 86_400) * 86_400)
    }

    /// The local date-time at `instant`.
    package func localDateTime(of instant: Instant) -> LocalDateTime {
        let l = localSeconds(of: instant)
        let day = CivilTime.floorDiv(l, 86_400)
        let sod = Int(l - day * 86_400)
        let (y, m, d) = CivilTime.date(days: day)
        return LocalDateTime(year: y, month: m, day: d, hour: sod / 3_600, minute: sod / 60 % 60, second: sod % 60)
    }

    // MARK: - Entry formatting (the template variables entry.time, entry.day, entry.weekday)

    /// Local `HH:MM` at `instant`.
    package func timeText(_ instant: Instant) -> String {
        WallTime.format(minuteOfDay: localSecondOfDay(of: instant) / 60)
    }

    /// Local `YYYY-MM-DD` at `instant`.
    package func dayText(_ instant: Instant) -> String {
        let (y, m, d) = CivilTime.date(days: localDay(of: instant))
        guard (0...9_999).contains(y) else {
            return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
        }
        // Digits by arithmetic, not interpolation: entry.day is formatted for every timeline entry.
        let bytes: [UInt8] = [
            UInt8(48 + y / 1000), UInt8(48 + y / 100 % 10), UInt8(48 + y / 10 % 10), UInt8(48 + y % 10),
            UInt8(ascii: "-"), UInt8(48 + m / 10), UInt8(48 + m % 10),
            UInt8(ascii: "-"), UInt8(48 + d / 10), UInt8(48 + d % 10),
        ]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The local weekday's English name at `instant` (`Monday`).
    package func weekdayName(_ instant: Instant) -> String {
        CivilTime.weekdayNames[CivilTime.weekday(days: localDay(of: instant))]
    }

    /// ISO 8601 with this zone's offset at `instant` (`2026-11-29T09:00:00-05:00`).
    package func iso8601(_ instant: Instant) -> String {
        instant.iso8601(offset: utcOffset(at: instant))
    }
}
