import WidgetSupport

/// How a data source writes a date (`dates:` on a source, docs/data-dates.md): each
/// value at a declared pointer is read with one of these into an instant.
package enum DataDateFormat: Sendable, Equatable {
    /// ISO 8601 / RFC 3339: with or without fractional seconds, `Z`, `+01:00` or `+0100`;
    /// without an offset the wall time is read in the zone; a date alone is local midnight.
    case iso8601
    /// Seconds since 1970 (a number, or text of one).
    case unix
    /// Milliseconds since 1970.
    case unixMillis
    /// RFC 2822 / HTTP dates: `Sun, 06 Dec 2026 10:00:00 GMT`.
    case rfc2822
    /// An LDML pattern (`dd.MM.yyyy HH:mm`) read in the zone unless it has an offset field.
    case pattern(LDMLPattern)

    /// The format a `dates` value names: one of the four words, or an LDML pattern.
    package static func parse(_ text: String) throws(TimeParseError) -> DataDateFormat {
        switch text {
        case "iso8601": return .iso8601
        case "unix": return .unix
        case "unixMillis": return .unixMillis
        case "rfc2822": return .rfc2822
        default: return .pattern(try LDMLPattern(text))
        }
    }

    /// The words that are not patterns, for messages and completion.
    package static let words = ["iso8601", "unix", "unixMillis", "rfc2822"]

    /// How the format is written (for warnings).
    package var text: String {
        switch self {
        case .iso8601: "iso8601"
        case .unix: "unix"
        case .unixMillis: "unixMillis"
        case .rfc2822: "rfc2822"
        case .pattern(let p): p.text
        }
    }

    /// The instant `value` writes, or nil when it does not decode in this format.
    package func decode(_ value: JSONValue, zone: ZoneRules) -> Instant? {
        switch self {
        case .unix: return Self.epoch(value, perSecond: 1)
        case .unixMillis: return Self.epoch(value, perSecond: 1_000)
        case .iso8601: return value.string.flatMap { Self.iso8601($0, zone: zone) }
        case .rfc2822: return value.string.flatMap(RFC2822Date.parse)
        case .pattern(let p): return value.string.flatMap { p.parse($0, zone: zone) }
        }
    }

    /// Years 0001 to 9999: what an instant's text and a CEL timestamp can hold.
    static let secondsRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    private static func epoch(_ value: JSONValue, perSecond: Int64) -> Instant? {
        var seconds: Int64
        switch value {
        case .int(let i): seconds = CivilTime.floorDiv(Int64(i), perSecond)
        case .double(let d):
            let s = (d / Double(perSecond)).rounded(.down)
            guard s.isFinite, abs(s) < 1e15 else { return nil }
            seconds = Int64(s)
        case .string(let text):
            let trimmed = text.trimmingSpaces
            guard !trimmed.isEmpty else { return nil }
            if let i = Int64(trimmed) {
                seconds = CivilTime.floorDiv(i, perSecond)
            } else if trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }), let d = Double(trimmed) {
                return epoch(.double(d), perSecond: perSecond)
            } else {
                return nil
            }
        default: return nil
        }
        guard secondsRange.contains(seconds) else { return nil }
        return Instant(seconds: seconds)
    }

    private static func iso8601(_ raw: String, zone: ZoneRules) -> Instant? {
        let text = raw.trimmingSpaces
        // A date alone: local midnight.
        let bytes = Array(text.utf8)
        if bytes.count == 10, let date = LDMLPattern.isoDate?.parseLocal(text) {
            return zone.instant(forLocal: date.seconds)
        }
        guard let (instant, _) = try? InstantParser.parse(text, localIn: zone) else { return nil }
        return secondsRange.contains(instant.seconds) ? instant : nil
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

/// English month and weekday names, as DateFormatter reads them in the POSIX locale.
enum EnglishNames {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    /// Sunday first, as `CivilTime.weekday(days:)` counts.
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The index of the name at `text[at...]` (full names first, then three letters), and its length.
    static func match(_ names: [String], abbreviated: Bool?, in text: [UInt8], at i: Int) -> (index: Int, length: Int)? {
        let candidates: [(Int, [UInt8])] =
            (abbreviated == true ? [] : names.enumerated().map { ($0.offset, Array($0.element.utf8)) })
            + (abbreviated == false ? [] : names.enumerated().map { ($0.offset, Array($0.element.utf8.prefix(3))) })
        for (index, name) in candidates where i + name.count <= text.count {
            if zip(name, text[i..<(i + name.count)]).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) }) { return (index, name.count) }
        }
        return nil
    }
}

/// An LDML date pattern (Unicode TR35, as `DateFormatter.dateFormat` takes it), read with
/// English names. Fields: `y`/`u` year, `M`/`L` month (`MMM` `Dec`, `MMMM` `December`),
/// `d` day, `H` hour 0-23, `h` hour 1-12 with `a`, `m`, `s`, `S` fraction, `E` weekday
/// (read, not checked), `X`/`x`/`Z` an offset; text in `'…'` and any non-letter is literal.
package struct LDMLPattern: Sendable, Equatable {
    enum Piece: Equatable {
        case literal([UInt8])
        case field(UInt8, Int)
    }

    package let text: String
    let pieces: [Piece]
    let hasOffset: Bool

    static let supported: [UInt8: String] = [
        UInt8(ascii: "y"): "year", UInt8(ascii: "u"): "year", UInt8(ascii: "M"): "month", UInt8(ascii: "L"): "month",
        UInt8(ascii: "d"): "day", UInt8(ascii: "H"): "hour (0-23)", UInt8(ascii: "h"): "hour (1-12)",
        UInt8(ascii: "a"): "AM/PM", UInt8(ascii: "m"): "minute", UInt8(ascii: "s"): "second", UInt8(ascii: "S"): "fraction",
        UInt8(ascii: "E"): "weekday", UInt8(ascii: "X"): "offset", UInt8(ascii: "x"): "offset", UInt8(ascii: "Z"): "offset",
    ]

    static let isoDate = try? LDMLPattern("yyyy-MM-dd")

    /// Parses and checks a pattern: a letter it cannot read, a field written twice, a quote
    /// left open, no year, month and day, or a pattern that cannot read back a date it
    /// writes (so it matches nothing) are errors at their offset.
    package init(_ text: String) throws(TimeParseError) {
        self.text = text
        let bytes = Array(text.utf8)
        func offset(_ i: Int) -> Int { String(decoding: bytes[..<i], as: UTF8.self).unicodeScalars.count }
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var seen: [UInt8: Int] = [:]
        var i = 0
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = []
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "'") {
                if i + 1 < bytes.count, bytes[i + 1] == b {
                    literal.append(b)
                    i += 2
                    continue
                }
                guard let close = bytes[(i + 1)...].firstIndex(of: b) else {
                    throw TimeParseError(message: "date pattern '\(text)' opens a quote it does not close", offset: offset(i))
                }
                literal += bytes[(i + 1)..<close]
                i = close + 1
                continue
            }
            guard (b | 0x20) &- 97 < 26 else {
                literal.append(b)
                i += 1
                continue
            }
            guard let name = Self.supported[b] else {
                let letters = Self.supported.keys.sorted().map { String(UnicodeScalar($0)) }.joined(separator: " ")
                throw TimeParseError(
                    message: "date pattern '\(text)': '\(UnicodeScalar(b))' is not a pattern letter widgetc reads (\(letters)); quote literal text as 'T'",
                    offset: offset(i))
            }
            var j = i
            while j < bytes.count, bytes[j] == b { j += 1 }
            let kind = Self.kind(b)
            if let earlier = seen[kind] {
                throw TimeParseError(
                    message: "date pattern '\(text)': the \(name) is written twice (at \(earlier + 1) and \(offset(i) + 1))", offset: offset(i))
            }
            seen[kind] = offset(i)
            flush()
            pieces.append(.field(b, j - i))
            i = j
        }
        flush()
        self.pieces = pieces
        hasOffset = seen[UInt8(ascii: "Z")] != nil
        for (letter, name) in [(UInt8(ascii: "y"), "year (y)"), (UInt8(ascii: "M"), "month (M)"), (UInt8(ascii: "d"), "day (d)")] where seen[letter] == nil {
            throw TimeParseError(message: "date pattern '\(text)' has no \(name): it names no instant", offset: 0)
        }
        if pieces.contains(.field(UInt8(ascii: "h"), 1)) || pieces.contains(.field(UInt8(ascii: "h"), 2)), seen[UInt8(ascii: "a")] == nil {
            throw TimeParseError(message: "date pattern '\(text)' has an hour 1-12 (h) without AM/PM (a); write H for 0-23", offset: 0)
        }
        // What it writes for a sample date it must read back, or no value would ever match.
        let sample = LocalDateTime(year: 2026, month: 12, day: 6, hour: 13, minute: 5, second: 9)
        let written = format(sample)
        let has = { (letter: UInt8) in seen[letter] != nil }
        let expected = LocalDateTime(
            year: 2026, month: 12, day: 6, hour: has(UInt8(ascii: "H")) ? 13 : 0, minute: has(UInt8(ascii: "m")) ? 5 : 0,
            second: has(UInt8(ascii: "s")) ? 9 : 0)
        guard let back = parseLocal(written), back.seconds == expected.localSeconds else {
            throw TimeParseError(
                message: "date pattern '\(text)' matches nothing: it cannot read back '\(written)', its own text for \(sample); separate the fields",
                offset: 0)
        }
    }

    /// Letters that name the same field share one kind (`y`/`u`, `M`/`L`, the offsets).
    static func kind(_ b: UInt8) -> UInt8 {
        switch b {
        case UInt8(ascii: "u"): UInt8(ascii: "y")
        case UInt8(ascii: "L"): UInt8(ascii: "M")
        case UInt8(ascii: "X"), UInt8(ascii: "x"): UInt8(ascii: "Z")
        case UInt8(ascii: "h"): UInt8(ascii: "H")
        default: b
        }
    }

    /// The instant `value` writes, read in `zone` unless the pattern has an offset.
    package func parse(_ value: String, zone: ZoneRules) -> Instant? {
        guard let local = parseLocal(value) else { return nil }
        let instant = local.offset.map { Instant(seconds: local.seconds - Int64($0)) } ?? zone.instant(forLocal: local.seconds)
        return DataDateFormat.secondsRange.contains(instant.seconds) ? instant : nil
    }

    /// The wall-clock seconds the text writes and its offset when it has one.
    func parseLocal(_ value: String) -> (seconds: Int64, offset: Int?)? {
        let text = Array(value.utf8)
        var i = 0
        var year: Int?, month: Int?, day: Int?, hour = 0, minute = 0, second = 0
        var hour12: Int?, pm: Bool?, offset: Int?
        for (n, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let bytes):
                guard i + bytes.count <= text.count, Array(text[i..<(i + bytes.count)]) == bytes else { return nil }
                i += bytes.count
            case .field(let letter, let count):
                // A field followed by a number field with no separator takes exactly its width.
                let abutting: Bool = {
                    guard n + 1 < pieces.count, case .field(let next, _) = pieces[n + 1] else { return false }
                    return Self.isNumeric(next, count: 1)
                }()
                switch letter {
                case _ where count >= 3 && (letter == UInt8(ascii: "M") || letter == UInt8(ascii: "L")):
                    guard let (index, length) = EnglishNames.match(EnglishNames.months, abbreviated: count == 3 ? true : nil, in: text, at: i) else { return nil }
                    month = index + 1
                    i += length
                case UInt8(ascii: "E"):
                    guard let (_, length) = EnglishNames.match(EnglishNames.weekdays, abbreviated: count <= 3 ? true : nil, in: text, at: i) else { return nil }
                    i += length
                case UInt8(ascii: "a"):
                    guard i + 2 <= text.count else { return nil }
                    let word = (text[i] | 0x20, text[i + 1] | 0x20)
                    guard word.1 == UInt8(ascii: "m"), word.0 == UInt8(ascii: "a") || word.0 == UInt8(ascii: "p") else { return nil }
                    pm = word.0 == UInt8(ascii: "p")
                    i += 2
                case UInt8(ascii: "X"), UInt8(ascii: "x"), UInt8(ascii: "Z"):
                    guard let (seconds, length) = Self.offset(text, at: i) else { return nil }
                    offset = seconds
                    i += length
                case UInt8(ascii: "S"):
                    let digits = Self.digits(text, at: i, max: abutting ? count : 9)
                    guard digits.length > 0 else { return nil }
                    i += digits.length
                default:
                    let width = (letter == UInt8(ascii: "y") || letter == UInt8(ascii: "u")) ? (count == 2 ? 2 : max(count, 4)) : max(count, 2)
                    let digits = Self.digits(text, at: i, max: abutting ? count : width)
                    guard digits.length > 0, !abutting || digits.length == count else { return nil }
                    if count == 2, letter == UInt8(ascii: "y") || letter == UInt8(ascii: "u") {
                        guard digits.length == 2 else { return nil }
                    }
                    i += digits.length
                    let v = digits.value
                    switch letter {
                    case UInt8(ascii: "y"), UInt8(ascii: "u"): year = count == 2 ? 2000 + v : v
                    case UInt8(ascii: "M"), UInt8(ascii: "L"): month = v
                    case UInt8(ascii: "d"): day = v
                    case UInt8(ascii: "H"): hour = v
                    case UInt8(ascii: "h"): hour12 = v
                    case UInt8(ascii: "m"): minute = v
                    default: second = v
                    }
                }
            }
        }
        guard i == text.count, let year, let month, let day else { return nil }
        if let hour12 {
            guard (1...12).contains(hour12) else { return nil }
            hour = hour12 % 12 + ((pm ?? false) ? 12 : 0)
        } else if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        guard (1...9_999).contains(year), (1...12).contains(month), (1...CivilTime.daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let local = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return (local.localSeconds, offset)
    }

    /// The text the pattern writes for `local` (UTC offset `Z`): for the check that it reads it back.
    func format(_ local: LocalDateTime) -> String {
        var out = ""
        func padded(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        for piece in pieces {
            switch piece {
            case .literal(let bytes): out += String(decoding: bytes, as: UTF8.self)
            case .field(let letter, let count):
                switch letter {
                case UInt8(ascii: "y"), UInt8(ascii: "u"): out += count == 2 ? padded(local.year % 100, 2) : padded(local.year, count)
                case UInt8(ascii: "M"), UInt8(ascii: "L"):
                    let name = EnglishNames.months[local.month - 1]
                    out += count >= 4 ? name : count == 3 ? String(name.prefix(3)) : padded(local.month, count)
                case UInt8(ascii: "d"): out += padded(local.day, count)
                case UInt8(ascii: "H"): out += padded(local.hour, count)
                case UInt8(ascii: "h"): out += padded((local.hour + 11) % 12 + 1, count)
                case UInt8(ascii: "a"): out += local.hour < 12 ? "AM" : "PM"
                case UInt8(ascii: "m"): out += padded(local.minute, count)
                case UInt8(ascii: "s"): out += padded(local.second, count)
                case UInt8(ascii: "S"): out += String(repeating: "0", count: count)
                case UInt8(ascii: "E"):
                    let name = EnglishNames.weekdays[CivilTime.weekday(days: local.dayNumber)]
                    out += count >= 4 ? name : String(name.prefix(3))
                default: out += "Z"
                }
            }
        }
        return out
    }

    private static func isNumeric(_ letter: UInt8, count: Int) -> Bool {
        switch letter {
        case UInt8(ascii: "M"), UInt8(ascii: "L"): count < 3
        case UInt8(ascii: "E"), UInt8(ascii: "a"), UInt8(ascii: "X"), UInt8(ascii: "x"), UInt8(ascii: "Z"): false
        default: true
        }
    }

    private static func digits(_ text: [UInt8], at i: Int, max: Int) -> (value: Int, length: Int) {
        var value = 0, j = i
        while j < text.count, j - i < max, text[j] &- 48 < 10 {
            value = value * 10 + Int(text[j] - 48)
            j += 1
        }
        return (value, j - i)
    }

    /// `Z`, `GMT`/`UTC` (optionally followed by an offset), `±HH`, `±HHMM` or `±HH:MM`: seconds east and the length read.
    static func offset(_ text: [UInt8], at start: Int) -> (Int, Int)? {
        var i = start
        if i < text.count, text[i] == UInt8(ascii: "Z") { return (0, 1) }
        for word in ["GMT", "UTC", "UT"] {
            let w = Array(word.utf8)
            if i + w.count <= text.count, Array(text[i..<(i + w.count)]) == w {
                i += w.count
                if i >= text.count || (text[i] != UInt8(ascii: "+") && text[i] != UInt8(ascii: "-")) { return (0, i - start) }
                break
            }
        }
        guard i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") else { return nil }
        let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        let hours = digits(text, at: i, max: 2)
        guard hours.length == 2 else { return nil }
        i += 2
        var minutes = 0
        if i < text.count, text[i] == UInt8(ascii: ":") {
            let m = digits(text, at: i + 1, max: 2)
            guard m.length == 2 else { return nil }
            minutes = m.value
            i += 3
        } else {
            let m = digits(text, at: i, max: 2)
            if m.length == 2 {
                minutes = m.value
                i += 2
            }
        }
        guard hours.value < 24, minutes < 60 else { return nil }
        return (sign * (hours.value * 3_600 + minutes * 60), i - start)
    }
}

/// RFC 2822 dates (and HTTP's IMF-fixdate): `[Sun, ]6 Dec 2026 10:00[:00] GMT|+0100|EST…`;
/// a two-digit year is 19xx from 50, 20xx below (RFC 2822 §4.3).
enum RFC2822Date {
    static let zones: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    ]

    static func parse(_ value: String) -> Instant? {
        var words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let first = words.first, first.hasSuffix(",") || first.count == 3 && first.first?.isLetter == true {
            guard EnglishNames.match(EnglishNames.weekdays, abbreviated: nil, in: Array(first.utf8), at: 0) != nil else { return nil }
            words.removeFirst()
        }
        guard words.count == 5, let day = Int(words[0]), let (monthIndex, length) = EnglishNames.match(EnglishNames.months, abbreviated: true, in: Array(words[1].utf8), at: 0),
            length == words[1].utf8.count, var year = Int(words[2]), words[2].count >= 2
        else { return nil }
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let clock = words[3].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = clock.count == 3 ? Int(clock[2]) : 0
        else { return nil }
        let offset: Int
        if let hours = zones[words[4].uppercased()] {
            offset = hours * 3_600
        } else {
            let bytes = Array(words[4].utf8)
            guard bytes.count == 5, let (seconds, length) = LDMLPattern.offset(bytes, at: 0), length == 5 else { return nil }
            offset = seconds
        }
        guard (1...9_999).contains(year), (1...CivilTime.daysInMonth(year: year, month: monthIndex + 1)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let local = LocalDateTime(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: min(second, 59))
        return Instant(seconds: local.localSeconds - Int64(offset))
    }
}
