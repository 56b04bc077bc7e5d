import Foundation
import WidgetSupport
import WidgetTime

/// A CEL timestamp: an instant between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z,
/// in nanoseconds.
package struct CELTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z (floor).
    package let seconds: Int64
    /// Nanoseconds after `seconds`, 0 ..< 1e9.
    package let nanos: Int32

    package static let minSeconds: Int64 = -62_135_596_800
    package static let maxSeconds: Int64 = 253_402_300_799

    /// nil when outside CEL's range.
    package init?(seconds: Int64, nanos: Int64 = 0) {
        let (s, n) = normalizeFloor(seconds, nanos)
        guard s >= Self.minSeconds, s <= Self.maxSeconds else { return nil }
        self.seconds = s
        self.nanos = Int32(n)
    }

    package init(_ instant: Instant) {
        seconds = instant.seconds
        nanos = 0
    }

    package static func < (a: CELTimestamp, b: CELTimestamp) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }

    /// RFC 3339 in UTC, the fraction without trailing zeros.
    /// Written digit by digit into one buffer: joining padded parts made a dozen strings per
    /// timestamp (15% of the instructions of bench/let_bench.py's per-entry let, whose value every
    /// entry writes as text).
    package var description: String {
        let days = CivilTime.floorDiv(seconds, 86_400)
        let secs = Int(seconds - days * 86_400)
        let (y, m, d) = CivilTime.date(days: days)
        guard (0...9999).contains(y) else {
            // Only an `Instant` outside CEL's range makes one.
            var text = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T"
            text += pad(secs / 3600, 2) + ":" + pad(secs / 60 % 60, 2) + ":" + pad(secs % 60, 2)
            return text + fraction(Int64(nanos)) + "Z"
        }
        // `2026-01-01T01:30:00.123456789Z`: at most 30 bytes.
        return String(unsafeUninitializedCapacity: 30) { Self.write(y, m, d, secs, Int(nanos), to: $0.baseAddress!) }
    }

    /// Whether `description` is `wholeSecondLength` bytes that `writeWholeSecond` writes: no
    /// fraction, a year of four digits.
    package var isWholeSecond: Bool { nanos == 0 && seconds >= Self.minSeconds && seconds <= Self.maxSeconds }

    /// `2026-01-01T01:30:00Z`.
    package static let wholeSecondLength = 20

    /// Writes `description` of the timestamp of `seconds` (`isWholeSecond`) at `p`, without a
    /// String: run output writes an entry's timestamp let straight into its buffer.
    package static func writeWholeSecond(_ seconds: Int64, to p: UnsafeMutablePointer<UInt8>) {
        let days = CivilTime.floorDiv(seconds, 86_400)
        let (y, m, d) = CivilTime.date(days: days)
        _ = write(y, m, d, Int(seconds - days * 86_400), 0, to: p)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` at `p` (a year of 0…9999); the count of bytes.
    private static func write(_ y: Int, _ m: Int, _ d: Int, _ secs: Int, _ nanos: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        func digits(_ value: Int, _ width: Int) {
            var v = value
            for k in stride(from: width - 1, through: 0, by: -1) {
                p[i + k] = UInt8(48 + v % 10)
                v /= 10
            }
            i += width
        }
        func byte(_ c: UInt8) {
            p[i] = c
            i += 1
        }
        digits(y, 4)
        byte(UInt8(ascii: "-"))
        digits(m, 2)
        byte(UInt8(ascii: "-"))
        digits(d, 2)
        byte(UInt8(ascii: "T"))
        digits(secs / 3600, 2)
        byte(UInt8(ascii: ":"))
        digits(secs / 60 % 60, 2)
        byte(UInt8(ascii: ":"))
        digits(secs % 60, 2)
        if nanos != 0 {
            // The fraction without trailing zeros.
            var n = nanos
            var width = 9
            while n % 10 == 0 {
                n /= 10
                width -= 1
            }
            byte(UInt8(ascii: "."))
            digits(n, width)
        }
        byte(UInt8(ascii: "Z"))
        return i
    }

    /// Parses RFC 3339 (`2009-02-13T23:31:30.5+01:00`, `Z` or an offset required).
    package static func parse(_ text: String) -> CELTimestamp?? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= b.count else { return nil }
            var v = 0
            for k in i..<(i + count) {
                guard b[k] >= 48, b[k] <= 57 else { return nil }
                v = v * 10 + Int(b[k] - 48)
            }
            i += count
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue! || (c.isLetter && b[i] == c.lowercased().first!.asciiValue!) else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
            let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2)
        else {
            // A five-digit year is well formed but out of range.
            if b.count > 5, b[0...4].allSatisfy({ $0 >= 48 && $0 <= 57 }) { return .some(nil) }
            return nil
        }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60 else { return nil }
        var nanos: Int64 = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            var digits = 0
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                if digits < 9 { nanos = nanos * 10 + Int64(b[i] - 48) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanos *= 10 }
        }
        var offset = 0
        if expect("Z") {
        } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2), expect(":"), let om = number(2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let days = CivilTime.days(year: year, month: month, day: day)
        let secs = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return .some(CELTimestamp(seconds: secs, nanos: nanos))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A CEL duration: signed seconds and nanoseconds of the same sign, within ±315,576,000,000 s
/// (protobuf's `Duration`, about ten thousand years).
package struct CELDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let seconds: Int64
    /// Same sign as `seconds` (or either when `seconds` is 0), |nanos| < 1e9.
    package let nanos: Int32

    package static let maxSeconds: Int64 = 315_576_000_000

    /// nil when outside the range.
    package init?(seconds: Int64, nanos: Int64 = 0) {
        var s = seconds.addingReportingOverflow(nanos / 1_000_000_000)
        guard !s.overflow else { return nil }
        var n = nanos % 1_000_000_000
        if s.partialValue > 0 && n < 0 { s.partialValue -= 1; n += 1_000_000_000 }
        if s.partialValue < 0 && n > 0 { s.partialValue += 1; n -= 1_000_000_000 }
        guard s.partialValue >= -Self.maxSeconds, s.partialValue <= Self.maxSeconds else { return nil }
        self.seconds = s.partialValue
        self.nanos = Int32(n)
    }

    package static let zero = CELDuration(seconds: 0)!

    package static func < (a: CELDuration, b: CELDuration) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }

    /// `1.5s`, `-3600s`: seconds with the fraction that is needed.
    package var description: String {
        let negative = seconds < 0 || nanos < 0
        return (negative ? "-" : "") + String(seconds.magnitude) + fraction(Int64(nanos.magnitude)) + "s"
    }

    package var negated: CELDuration { CELDuration(seconds: -seconds, nanos: -Int64(nanos))! }

    /// Whole nanoseconds when they fit 64 bits.
    package var totalNanos: Int64? {
        let (a, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (b, o2) = a.addingReportingOverflow(Int64(nanos))
        return o1 || o2 ? nil : b
    }

    /// Parses Go's duration syntax: `1h30m`, `-1.5s`, `250ms`, `10us`, `3ns`, `0`.
    /// `.none` for bad syntax, `.some(nil)` for a value out of range.
    package static func parse(_ text: String) -> CELDuration?? {
        var scalars = Array(text.unicodeScalars)
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" {
            negative = first == "-"
            scalars.removeFirst()
        }
        if scalars == ["0"] { return .some(.zero) }
        guard !scalars.isEmpty else { return nil }
        var i = 0
        // Total in nanoseconds as a pair (seconds, nanos) to stay exact beyond 2^63 ns.
        var totalSeconds: Double = 0
        var wholeSeconds: Int64 = 0
        var nanos: Int64 = 0
        while i < scalars.count {
            var intPart: [Unicode.Scalar] = []
            var fracPart: [Unicode.Scalar] = []
            while i < scalars.count, ("0"..."9").contains(scalars[i]) { intPart.append(scalars[i]); i += 1 }
            if i < scalars.count, scalars[i] == "." {
                i += 1
                while i < scalars.count, ("0"..."9").contains(scalars[i]) { fracPart.append(scalars[i]); i += 1 }
            }
            guard !intPart.isEmpty || !fracPart.isEmpty else { return nil }
            var unit = ""
            while i < scalars.count, !("0"..."9").contains(scalars[i]), scalars[i] != "." { unit.unicodeScalars.append(scalars[i]); i += 1 }
            let perUnit: Int64
            switch unit {
            case "ns": perUnit = 1
            case "us", "µs", "μs": perUnit = 1_000
            case "ms": perUnit = 1_000_000
            case "s": perUnit = 1_000_000_000
            case "m": perUnit = 60_000_000_000
            case "h": perUnit = 3_600_000_000_000
            default: return nil
            }
            guard intPart.count <= 18 else { return .some(nil) }
            let whole = Int64(String(String.UnicodeScalarView(intPart))) ?? 0
            // whole × perUnit, split into seconds and nanoseconds.
            if perUnit >= 1_000_000_000 {
                let (s, o) = whole.multipliedReportingOverflow(by: perUnit / 1_000_000_000)
                guard !o else { return .some(nil) }
                wholeSeconds += s
            } else {
                let n = whole.multipliedReportingOverflow(by: perUnit)
                guard !n.overflow else { return .some(nil) }
                wholeSeconds += n.partialValue / 1_000_000_000
                nanos += n.partialValue % 1_000_000_000
            }
            if !fracPart.isEmpty {
                var scale = Double(perUnit)
                var frac: Double = 0
                for d in fracPart {
                    scale /= 10
                    frac += Double(d.value - 48) * scale
                }
                nanos += Int64(frac.rounded(.towardZero))
            }
            totalSeconds = Double(wholeSeconds)
            guard abs(totalSeconds) <= Double(maxSeconds) * 2 else { return .some(nil) }
        }
        wholeSeconds += nanos / 1_000_000_000
        nanos %= 1_000_000_000
        if negative { wholeSeconds = -wholeSeconds; nanos = -nanos }
        return .some(CELDuration(seconds: wholeSeconds, nanos: nanos))
    }
}

extension CELTimestamp {
    package static func + (t: CELTimestamp, d: CELDuration) -> CELTimestamp? {
        let (s, o) = t.seconds.addingReportingOverflow(d.seconds)
        guard !o else { return nil }
        return CELTimestamp(seconds: s, nanos: Int64(t.nanos) + Int64(d.nanos))
    }

    /// The difference, as cel-go gives it: it must fit 64 bits of nanoseconds (about 292 years).
    package static func - (a: CELTimestamp, b: CELTimestamp) -> CELDuration? {
        guard let d = CELDuration(seconds: a.seconds - b.seconds, nanos: Int64(a.nanos) - Int64(b.nanos)), d.totalNanos != nil else { return nil }
        return d
    }
}

extension CELDuration {
    package static func + (a: CELDuration, b: CELDuration) -> CELDuration? {
        CELDuration(seconds: a.seconds + b.seconds, nanos: Int64(a.nanos) + Int64(b.nanos))
    }
}

/// Seconds and nanoseconds with nanoseconds in 0 ..< 1e9.
private func normalizeFloor(_ seconds: Int64, _ nanos: Int64) -> (Int64, Int64) {
    var s = seconds + nanos / 1_000_000_000
    var n = nanos % 1_000_000_000
    if n < 0 { n += 1_000_000_000; s -= 1 }
    return (s, n)
}

private func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}

/// `.123` for 123,000,000 ns; "" for 0.
private func fraction(_ nanos: Int64) -> String {
    guard nanos != 0 else { return "" }
    var digits = pad(Int(nanos), 9)
    while digits.hasSuffix("0") { digits.removeLast() }
    return "." + digits
}

/// Time zones for the timestamp accessors: IANA names through Foundation, and fixed offsets
/// written `+05:30`, `-02:00` or `02:00`.
package enum CELTimeZone {
    /// The UTC offset in seconds of `zone` at `seconds`, or nil for an unknown zone.
    package static func offset(_ zone: String, at seconds: Int64) -> Int? {
        let b = Array(zone.utf8)
        var k = 0
        var sign = 1
        if let first = b.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            k = 1
        }
        if b.count - k == 5, b[k + 2] == UInt8(ascii: ":"),
            let h = Int(String(decoding: b[k..<(k + 2)], as: UTF8.self)), let m = Int(String(decoding: b[(k + 3)...], as: UTF8.self)),
            h < 24, m < 60
        {
            return sign * (h * 3600 + m * 60)
        }
        if zone == "UTC" || zone == "Z" { return 0 }
        guard let tz = TimeZone(identifier: zone) else { return nil }
        return tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    }
}
