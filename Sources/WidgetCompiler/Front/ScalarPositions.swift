import WidgetSupport

/// Where each character of a YAML string scalar's value was written, in any style: plain or
/// quoted over several lines (folded line breaks), with escapes (`\n`, `\u00e9`, `''`), and
/// literal or folded blocks (`|`, `>`). An error found inside a value (a template, a CEL
/// expression) is then reported at its own line and column.
///
/// The source is walked beside the value: a character that appears in both is mapped; the
/// white space YAML removes (indentation, folded line breaks) and the block header are
/// skipped; escapes are decoded. When the two stop agreeing the map is not made (nil), and
/// the caller keeps the scalar's start.
enum ScalarPositions {
    /// The position of every Unicode scalar of `value` (one more at the end: just after the
    /// last), for a scalar written at `start` in `bytes`.
    static func map(value: String, start: SourceLocation, in bytes: [UInt8]) -> [SourceLocation]? {
        guard let source = text(from: start, in: bytes) else { return nil }
        let v = Array(value.unicodeScalars)
        var positions: [SourceLocation] = []
        positions.reserveCapacity(v.count + 1)
        var line = start.line
        var column = start.column
        var i = 0
        func advance() {
            if source[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        guard !source.isEmpty else { return nil }
        let style = source[0]
        let quote: Unicode.Scalar? = (style == "\"" || style == "'") ? style : nil
        if quote != nil {
            advance()
        } else if style == "|" || style == ">" {
            // The header line (indicators, a comment) is not part of the value.
            while i < source.count, source[i] != "\n" { advance() }
        }
        var k = 0
        while k < v.count {
            guard i < source.count else { return nil }
            let c = source[i]
            if quote == "\"" && c == "\\" {
                let escapeAt = SourceLocation(line: line, column: column)
                guard let (decoded, length) = decodeEscape(source, at: i) else { return nil }
                if decoded == nil {
                    // An escaped line break: nothing in the value.
                    for _ in 0..<length { advance() }
                    continue
                }
                guard decoded == v[k] else { return nil }
                positions.append(escapeAt)
                for _ in 0..<length { advance() }
                k += 1
                continue
            }
            if quote == "'" && c == "'" {
                guard i + 1 < source.count, source[i + 1] == "'", v[k] == "'" else { return nil }
                positions.append(SourceLocation(line: line, column: column))
                advance()
                advance()
                k += 1
                continue
            }
            if c == v[k] {
                positions.append(SourceLocation(line: line, column: column))
                advance()
                k += 1
                continue
            }
            // White space YAML folded or stripped.
            guard c == " " || c == "\t" || c == "\n" || c == "\r" else { return nil }
            advance()
        }
        positions.append(SourceLocation(line: line, column: column))
        return positions
    }

    /// The source from `start` to the end of the file, as Unicode scalars (at most 1 MB read).
    private static func text(from start: SourceLocation, in bytes: [UInt8]) -> [Unicode.Scalar]? {
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        while line < start.line {
            guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
            offset = newline + 1
            line += 1
        }
        let rest = String(decoding: bytes[offset..<min(bytes.count, offset + 1_000_000)], as: UTF8.self)
        let scalars = Array(rest.unicodeScalars)
        guard start.column - 1 <= scalars.count else { return nil }
        return Array(scalars[(start.column - 1)...])
    }

    /// A double-quoted escape at `i`: what it stands for (nil for an escaped line break) and
    /// how many source characters it takes.
    private static func decodeEscape(_ s: [Unicode.Scalar], at i: Int) -> (Unicode.Scalar?, Int)? {
        guard i + 1 < s.count else { return nil }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        let e = s[i + 1]
        if let decoded = simple[e] { return (decoded, 2) }
        if e == "\n" || e == "\r" {
            // The break and the next line's leading white space.
            var j = i + 2
            if e == "\r", j < s.count, s[j] == "\n" { j += 1 }
            while j < s.count, s[j] == " " || s[j] == "\t" { j += 1 }
            return (nil, j - i)
        }
        let digits = e == "x" ? 2 : (e == "u" ? 4 : (e == "U" ? 8 : 0))
        guard digits > 0, i + 2 + digits <= s.count else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: s[(i + 2)..<(i + 2 + digits)])
        guard let code = UInt32(text, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
        return (scalar, 2 + digits)
    }
}
