import WidgetSupport

/// An LSP position: a zero-based line and a character offset in UTF-16 code units.
package struct Position: Equatable, Sendable {
    package var line: Int
    package var character: Int
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    package var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}

package struct TextRange: Equatable, Sendable {
    package var start: Position
    package var end: Position
    package init(_ start: Position, _ end: Position) {
        self.start = start
        self.end = end
    }
    package var json: JSONValue { ["start": start.json, "end": end.json] }
}

/// One open document: its UTF-8 bytes and where each line starts. Lines end as LSP says:
/// LF, CR LF or CR. Positions are converted on the way in and out, so the rest of
/// widgetc keeps its own columns (characters, as `validate` prints them).
package struct TextDocument: Sendable {
    package let uri: String
    package private(set) var version: Int
    package private(set) var bytes: [UInt8]
    /// The byte offset at which each line starts.
    package private(set) var lineStarts: [Int] = [0]
    /// Where each line starts as the YAML loader counts lines (NEL, LS and PS end a line too),
    /// when the text has one of those; nil when its lines are LSP's.
    private var yamlLineStarts: [Int]? = nil

    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        indexLines()
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func replaceAll(_ text: String, version: Int) {
        bytes = Array(text.utf8)
        self.version = version
        indexLines()
    }

    /// Replaces `range` by `text`. A position past the end of its line or of the document is
    /// taken as that end; returns whether a line past the document's end had to be clamped so.
    @discardableResult
    package mutating func replace(_ range: TextRange, with text: String, version: Int) -> Bool {
        let (a, clampedA) = offset(of: range.start)
        let (b, clampedB) = offset(of: range.end)
        let lo = min(a, b), hi = max(a, b)
        bytes.replaceSubrange(lo..<hi, with: Array(text.utf8))
        self.version = version
        indexLines()
        return clampedA || clampedB || a > b
    }

    private mutating func indexLines() {
        var starts = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 10 {
                starts.append(i + 1)
            } else if b == 13 {
                if i + 1 < n, bytes[i + 1] == 10 { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
        yamlLineStarts = nil
        // NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9) end a line for libyaml, not for LSP.
        guard bytes.contains(0x85) || bytes.contains(0xA8) || bytes.contains(0xA9) else { return }
        var yaml = [0]
        i = 0
        while i < n {
            let length = Self.breakLength(bytes, i)
            if length > 0 {
                i += length
                yaml.append(i)
            } else {
                i += 1
            }
        }
        if yaml.count != starts.count { yamlLineStarts = yaml }
    }

    /// The length of the line break at `i` as libyaml reads them (CR LF, CR, LF, NEL, LS, PS), or 0.
    private static func breakLength(_ bytes: [UInt8], _ i: Int) -> Int {
        let b = bytes[i]
        if b == 0x0A { return 1 }
        if b == 0x0D { return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1 }
        if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 { return 2 }
        if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return 3 }
        return 0
    }

    package var lineCount: Int { lineStarts.count }

    /// The byte offset where line `line`'s content ends (before its line break).
    package func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > 0, bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// A line's text without its break.
    package func lineText(_ line: Int) -> String {
        guard line >= 0, line < lineStarts.count else { return "" }
        return String(decoding: bytes[lineStarts[line]..<lineEnd(line)], as: UTF8.self)
    }

    /// The byte offset of an LSP position, and whether its line is past the document's end.
    package func offset(of position: Position) -> (Int, clamped: Bool) {
        guard position.line >= 0, position.character >= 0 else { return (0, true) }
        guard position.line < lineStarts.count else { return (bytes.count, true) }
        var i = lineStarts[position.line]
        let end = lineEnd(position.line)
        var units = 0
        while i < end, units < position.character {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            i = min(i + length, end)
        }
        // A character past its line's end is that end (LSP: "defaults back to the line length"), not an error.
        return (i, false)
    }

    /// The LSP position of a byte offset.
    package func position(ofOffset offset: Int) -> Position {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return Position(line: lo, character: utf16Units(from: lineStarts[lo], to: offset))
    }

    private func utf16Units(from a: Int, to b: Int) -> Int {
        var units = 0
        var i = a
        while i < b {
            let lead = bytes[i]
            if lead & 0xC0 != 0x80 { units += lead >= 0xF0 ? 2 : 1 }
            i += 1
        }
        return units
    }

    /// The byte offset of a widgetc location (1-based line, 1-based column in characters).
    /// Lines are counted as the loader counts them; a leading byte order mark takes no column.
    package func offset(of location: SourceLocation) -> Int {
        let starts = yamlLineStarts ?? lineStarts
        let line = max(0, location.line - 1)
        guard line < starts.count else { return bytes.count }
        var i = starts[line]
        if i == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        let n = bytes.count
        var column = 1
        while i < n, column < location.column, Self.breakLength(bytes, i) == 0 {
            i += 1
            while i < n, bytes[i] & 0xC0 == 0x80 { i += 1 }
            column += 1
        }
        return i
    }

    /// The range of the value written at `location`: a quoted scalar's text inside its quotes, a
    /// flow collection to its closing bracket on the line, a plain value to the end of the line
    /// (before a comment), never empty when the line has anything there.
    package func valueRange(at location: SourceLocation) -> TextRange {
        var start = offset(of: location)
        let line = position(ofOffset: start).line
        var end = lineEnd(line)
        // A NEL, LS or PS (a line break for the loader, not for LSP) ends the value too.
        if yamlLineStarts != nil, let k = (start..<end).first(where: { Self.breakLength(bytes, $0) > 0 }) { end = k }
        var stop = start
        if start < end {
            let first = bytes[start]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                // The value itself: inside its quotes (an empty string keeps them, to be seen).
                stop = start + 1
                while stop < end {
                    if bytes[stop] == UInt8(ascii: "\\"), first == UInt8(ascii: "\"") { stop += 2; continue }
                    if bytes[stop] == first { break }
                    stop += 1
                }
                if stop < end, stop > start + 1 {
                    start += 1
                } else {
                    stop = min(stop + 1, end)  // empty, or never closed: the quote itself is shown
                }
            } else if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
                var depth = 0
                stop = start
                while stop < end {
                    let b = bytes[stop]
                    if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") { depth += 1 }
                    if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") { depth -= 1; if depth == 0 { stop += 1; break } }
                    stop += 1
                }
            } else {
                let inFlow = bytes[lineStarts[line]..<start].contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }
                // A place inside a quoted scalar (a cron field, a template tag) ends at its closing quote.
                let quote = openQuote(from: lineStarts[line], to: start)
                stop = start
                while stop < end {
                    let b = bytes[stop]
                    if let quote {
                        if b == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") { stop += 2; continue }
                        if b == quote || (inFlow && b == UInt8(ascii: "}")) { break }  // or the end of a `{{tag}}`
                        stop += 1
                        continue
                    }
                    if b == UInt8(ascii: "#"), stop > start, bytes[stop - 1] == 32 || bytes[stop - 1] == 9 { break }
                    if inFlow, b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") { break }
                    stop += 1
                }
                while stop > start, bytes[stop - 1] == 32 || bytes[stop - 1] == 9 { stop -= 1 }
            }
        }
        stop = min(stop, end)
        if stop == start, start < end {
            stop = start + 1
            while stop < end, bytes[stop] & 0xC0 == 0x80 { stop += 1 }
        }
        return TextRange(position(ofOffset: start), position(ofOffset: stop))
    }

    /// The quote open at `offset` when the line is read from `lineStart` (nil outside quotes).
    private func openQuote(from lineStart: Int, to offset: Int) -> UInt8? {
        var quote: UInt8? = nil
        var i = lineStart
        while i < offset {
            let b = bytes[i]
            if let q = quote {
                if b == UInt8(ascii: "\\"), q == UInt8(ascii: "\"") { i += 2; continue }
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                // A quote opens a scalar only where one may start (not inside a plain word like it's).
                let before = i > lineStart ? bytes[i - 1] : UInt8(ascii: " ")
                if [UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-")].contains(before) { quote = b }
            } else if b == UInt8(ascii: "#"), i > lineStart, bytes[i - 1] == 32 {
                return nil
            }
            i += 1
        }
        return quote
    }
}
