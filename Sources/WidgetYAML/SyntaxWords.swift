import WidgetSupport

/// libyaml's syntax errors in words where they start: libyaml reports where it gave up (the end
/// of the file for a string never closed, the colon after a key indented too far), so the
/// common mistakes are recognised from the text and reported at the quote or the key.
enum SyntaxWords {
    static func error(_ message: String, at location: SourceLocation, in buffer: UnsafeBufferPointer<UInt8>) -> SourceError {
        let lines = Lines(buffer)
        if let quote = unclosedQuote(message, before: location, lines) {
            return SourceError(
                code: .yamlSyntax,
                message: "this string is never closed: the \(quote.mark == 34 ? "double" : "single") quote that opens it has no closing quote on its line (close it, or remove the quote)",
                location: quote.location)
        }
        if let indentation = indentation(message, at: location, lines) { return indentation }
        return SourceError(code: .yamlSyntax, message: message, location: location)
    }

    /// The file's lines as byte ranges (without their breaks).
    struct Lines {
        let buffer: UnsafeBufferPointer<UInt8>
        var ranges: [Range<Int>] = []
        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
            var start = 0
            for i in 0..<buffer.count where buffer[i] == 10 {
                ranges.append(start..<(i > start && buffer[i - 1] == 13 ? i - 1 : i))
                start = i + 1
            }
            ranges.append(start..<buffer.count)
        }
        /// Line `n` (1-based) as bytes.
        func bytes(_ n: Int) -> ArraySlice<UInt8> {
            guard n >= 1, n <= ranges.count else { return [] }
            return ArraySlice(buffer[ranges[n - 1]])
        }
        func indent(_ n: Int) -> Int { bytes(n).prefix { $0 == 32 }.count }
        /// Blank or only a comment.
        func isBlank(_ n: Int) -> Bool {
            let rest = bytes(n).drop { $0 == 32 || $0 == 9 }
            return rest.isEmpty || rest.first == 35
        }
        /// The column (1-based, in characters) of byte index `i` of line `n`.
        func column(_ n: Int, byte i: Int) -> Int {
            1 + bytes(n).prefix(i).filter { $0 & 0xC0 != 0x80 }.count
        }
    }

    /// The quote that opens a value and is not closed on its line, on the line libyaml names
    /// (`while scanning a quoted scalar started at …`) or before the error.
    static func unclosedQuote(_ message: String, before location: SourceLocation, _ lines: Lines) -> (location: SourceLocation, mark: UInt8)? {
        let named = message.contains("quoted scalar")
        for n in 1...max(1, min(location.line, lines.ranges.count)) {
            let line = Array(lines.bytes(n))
            guard let (start, mark) = quotedValueStart(line), !closes(line, from: start, mark: mark) else { continue }
            // A quoted value may go on over lines; only blame it when libyaml says so, or when the
            // error comes after it and no other quote on the lines between closes it early.
            if named || n < location.line { return (SourceLocation(line: n, column: lines.column(n, byte: start)), mark) }
        }
        return nil
    }

    /// Where a value that starts with a quote starts on the line (after `key: ` or `- `).
    static func quotedValueStart(_ line: [UInt8]) -> (Int, UInt8)? {
        var i = 0
        while i < line.count, line[i] == 32 { i += 1 }
        while i + 1 < line.count, line[i] == 45, line[i + 1] == 32 { i += 2; while i < line.count, line[i] == 32 { i += 1 } }
        guard i < line.count else { return nil }
        if line[i] == 34 || line[i] == 39 {
            // A quoted key (`"a b": …`) closes on the line; its value may be the quoted one.
            if closes(line, from: i, mark: line[i]), let colon = closingIndex(line, from: i, mark: line[i]).map({ $0 + 1 }),
               colon < line.count, line[colon] == 58 {
                var v = colon + 1
                while v < line.count, line[v] == 32 { v += 1 }
                return v < line.count && (line[v] == 34 || line[v] == 39) ? (v, line[v]) : nil
            }
            return (i, line[i])
        }
        // A plain key, then `: ` and the value.
        var k = i
        while k + 1 < line.count, !(line[k] == 58 && line[k + 1] == 32) {
            if line[k] == 32, line[k + 1] == 35 { return nil }
            k += 1
        }
        guard k + 1 < line.count else { return nil }
        var v = k + 2
        while v < line.count, line[v] == 32 { v += 1 }
        return v < line.count && (line[v] == 34 || line[v] == 39) ? (v, line[v]) : nil
    }

    static func closes(_ line: [UInt8], from start: Int, mark: UInt8) -> Bool {
        closingIndex(line, from: start, mark: mark) != nil
    }

    /// The index of the quote that closes the one at `start` on the line.
    static func closingIndex(_ line: [UInt8], from start: Int, mark: UInt8) -> Int? {
        var i = start + 1
        while i < line.count {
            if mark == 34, line[i] == 92 { i += 2; continue }
            if line[i] == mark {
                if mark == 39, i + 1 < line.count, line[i + 1] == 39 { i += 2; continue }  // '' in single quotes
                return i
            }
            i += 1
        }
        return nil
    }

    /// A key indented deeper than the line above it when that line's value is already written,
    /// or indented to match no key above it.
    static func indentation(_ message: String, at location: SourceLocation, _ lines: Lines) -> SourceError? {
        let n = location.line
        guard n <= lines.ranges.count, !lines.isBlank(n) else { return nil }
        let indent = lines.indent(n)
        var above = n - 1
        while above >= 1, lines.isBlank(above) { above -= 1 }
        guard above >= 1 else { return nil }
        let aboveIndent = lines.indent(above)
        let keyColumn = lines.column(n, byte: indent)
        let aboveText = String(decoding: lines.bytes(above).drop { $0 == 32 }, as: UTF8.self)
        let aboveKey = aboveText.split(separator: ":", maxSplits: 1).first.map(String.init) ?? aboveText
        if message.hasPrefix("mapping values are not allowed"), indent > aboveIndent {
            return SourceError(
                code: .yamlSyntax,
                message: "this key is indented more than '\(aboveKey)' on line \(above), whose value is already written there: indent it \(aboveIndent) spaces as a sibling, or move that value under it",
                location: SourceLocation(line: n, column: keyColumn))
        }
        if message.hasPrefix("did not find expected key") || message.hasPrefix("did not find expected '-' indicator") {
            // The siblings above are deeper, their parent shallower: this line matches neither.
            var deeper: (line: Int, indent: Int)? = nil
            var k = n - 1
            while k >= 1 {
                if !lines.isBlank(k) {
                    let i = lines.indent(k)
                    if i == indent { return nil }
                    if i > indent { if deeper == nil || i <= deeper!.indent { deeper = (k, i) } } else { break }
                }
                k -= 1
            }
            guard let deeper, k >= 1 else { return nil }
            let parent = lines.indent(k)
            return SourceError(
                code: .yamlSyntax,
                message: "this line is indented \(indent) spaces, which lines up with no key above it: the keys before it (line \(deeper.line)) are indented \(deeper.indent), their parent (line \(k)) \(parent)",
                location: SourceLocation(line: n, column: keyColumn))
        }
        return nil
    }
}
