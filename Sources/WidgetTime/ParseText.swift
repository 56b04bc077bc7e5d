/// The text a time grammar parses (durations, instants, cron): UTF-8 bytes with the
/// questions a parser asks at a position. Every grammar here is ASCII; errors convert
/// the byte position to a scalar offset so non-ASCII text still gets the right column.
struct ParseText {
    let bytes: UnsafeBufferPointer<UInt8>

    var count: Int { bytes.count }

    subscript(_ i: Int) -> UInt8 { bytes[i] }

    /// The byte at `i`, or 0 past the end (0 never appears in valid input).
    func at(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }

    func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] &- 48 < 10 }

    /// Unicode scalars before byte `i`.
    func scalarOffset(_ i: Int) -> Int {
        var n = 0
        for j in 0..<min(i, bytes.count) where bytes[j] & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The text of bytes `[from, to)` for messages.
    func text(_ from: Int, _ to: Int) -> String {
        let lo = max(0, min(from, bytes.count)), hi = max(lo, min(to, bytes.count))
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
    }

    var all: String { text(0, bytes.count) }

    func error(_ message: String, at i: Int) -> TimeParseError {
        TimeParseError(message: message, offset: scalarOffset(i))
    }

    /// The end of the run of characters that belong to one token (letters, digits,
    /// anything non-ASCII), for quoting an unknown word whole.
    func wordEnd(from i: Int) -> Int {
        var j = i
        while j < bytes.count, isLetter(bytes[j]) || bytes[j] >= 0x80 { j += 1 }
        return j
    }

    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 97 < 26 }
}

/// Runs `body` over the UTF-8 bytes of `text` without copying when the string is native.
func withBytes<T>(_ text: String, _ body: (ParseText) -> Result<T, TimeParseError>) throws(TimeParseError) -> T {
    var copy = text
    let result = copy.withUTF8 { body(ParseText(bytes: $0)) }
    return try result.get()
}

/// A printable form of one character for messages (`'x'`, or `end of text`).
func describeByte(_ text: ParseText, at i: Int) -> String {
    guard i < text.count else { return "end of text" }
    var j = i + 1
    while j < text.count, text[j] & 0xC0 == 0x80 { j += 1 }
    switch text[i] {
    case UInt8(ascii: " "): return "a space"
    case UInt8(ascii: "\t"): return "a tab"
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "a line break"
    case 0..<0x20, 0x7F:
        let hex = String(text[i], radix: 16, uppercase: true)
        return "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex)"
    default: return "'\(text.text(i, j))'"
    }
}
