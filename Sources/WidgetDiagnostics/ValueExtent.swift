import WidgetSupport

/// Where the value a diagnostic points at ends, read from the source line (for `endLine`/`endColumn`
/// in GitHub annotations and SARIF regions).
///
/// Deliberately conservative: a range is given only for a value that starts at the diagnostic's
/// column and ends on the same line: a quoted scalar (through its closing quote), a flow
/// collection (through its closing bracket), or a plain scalar (to a ` #` comment, the line's end,
/// or in a flow collection its `,` `]` `}`). No range for a key (a token followed by `:`), a place
/// inside a scalar (a template tag, a cron field: the diagnostic's start is not where a value
/// starts), a block scalar, an anchor, alias or tag, or a plain scalar that may continue on the
/// next line. Columns count Unicode scalars, as diagnostics do.
package enum ValueExtent {
    /// The column just past the value starting at `location` (1-based, exclusive), or nil.
    package static func end(in source: [UInt8], at location: SourceLocation) -> SourceLocation? {
        let lines = lineRange(source, line: location.line)
        guard let lines else { return nil }
        let line = Array(String(decoding: source[lines.this], as: UTF8.self).unicodeScalars)
        let next = lines.next.map { Array(String(decoding: source[$0], as: UTF8.self).unicodeScalars) }
        guard let column = endColumn(line: line, start: location.column - 1, nextLine: next) else { return nil }
        return SourceLocation(line: location.line, column: column + 1)
    }

    /// The byte ranges of line `n` (1-based, without its break) and of the line after it.
    static func lineRange(_ source: [UInt8], line n: Int) -> (this: Range<Int>, next: Range<Int>?)? {
        guard n >= 1 else { return nil }
        var start = 0, line = 1
        while line < n {
            guard let newline = source[start...].firstIndex(of: 10) else { return nil }
            start = newline + 1
            line += 1
        }
        func end(from s: Int) -> Int {
            var e = source[s...].firstIndex(of: 10) ?? source.count
            if e > s, source[e - 1] == 13 { e -= 1 }
            return e
        }
        let thisEnd = end(from: start)
        let after = source[start...].firstIndex(of: 10).map { $0 + 1 }
        return (start..<thisEnd, after.flatMap { $0 < source.count ? $0..<end(from: $0) : nil })
    }

    static let space: Unicode.Scalar = " ", tab: Unicode.Scalar = "\t"

    /// The 0-based column past the value that starts at `start` in `line`, or nil.
    static func endColumn(line: [Unicode.Scalar], start: Int, nextLine: [Unicode.Scalar]?) -> Int? {
        guard start >= 0, start < line.count else { return nil }
        // A value starts the line's content, or follows `:`, `-`, `?`, `[`, `{` or `,` (and blanks).
        let before = line[..<start].last { $0 != space && $0 != tab }
        guard before == nil || ":-?[{,".unicodeScalars.contains(before!) else { return nil }
        // A place inside a quoted scalar (a template tag, a cron field) is not a value's start.
        let (depth, quoted) = flowState(line[..<start])
        guard !quoted else { return nil }
        let inFlow = depth > 0
        let first = line[start]
        var stop: Int
        switch first {
        case "\"", "'":
            guard let close = closingQuote(line, from: start) else { return nil }
            stop = close + 1
        case "[", "{":
            guard let close = closingBracket(line, from: start) else { return nil }
            stop = close + 1
        case "|", ">", "&", "*", "!", "#", "%", "@", "`":
            return nil
        case "-" where start + 1 == line.count || line[start + 1] == space:
            return nil  // a sequence entry's dash
        default:
            stop = start
            while stop < line.count {
                let c = line[stop]
                if c == "#", stop > start, line[stop - 1] == space || line[stop - 1] == tab { break }
                if inFlow, c == "," || c == "]" || c == "}" { break }
                if c == ":", stop + 1 == line.count || line[stop + 1] == space || line[stop + 1] == tab || (inFlow && ",]}".unicodeScalars.contains(line[stop + 1])) {
                    return nil  // a key
                }
                stop += 1
            }
            while stop > start, line[stop - 1] == space || line[stop - 1] == tab { stop -= 1 }
            // A block plain scalar continues on a more indented line that is not a comment.
            if !inFlow, let nextLine, continues(line, nextLine) { return nil }
        }
        guard stop > start else { return nil }
        // A quoted scalar or a collection followed by `:` is a key.
        var after = stop
        while after < line.count, line[after] == space || line[after] == tab { after += 1 }
        if after < line.count, line[after] == ":" { return nil }
        return stop
    }

    /// How many flow collections are open before the value, and whether a quoted scalar is.
    static func flowState(_ prefix: ArraySlice<Unicode.Scalar>) -> (depth: Int, quoted: Bool) {
        var depth = 0, quote: Unicode.Scalar? = nil, i = prefix.startIndex
        while i < prefix.endIndex {
            let c = prefix[i]
            if let q = quote {
                if c == "\\", q == "\"" { i += 2; continue }
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                depth = max(0, depth - 1)
            } else if c == "#", i > prefix.startIndex, prefix[i - 1] == space {
                break
            }
            i += 1
        }
        return (depth, quote != nil)
    }

    static func closingQuote(_ line: [Unicode.Scalar], from start: Int) -> Int? {
        let q = line[start]
        var i = start + 1
        while i < line.count {
            if q == "\"", line[i] == "\\" { i += 2; continue }
            if line[i] == q {
                // '' inside a single-quoted scalar is an escaped quote.
                if q == "'", i + 1 < line.count, line[i + 1] == "'" { i += 2; continue }
                return i
            }
            i += 1
        }
        return nil
    }

    static func closingBracket(_ line: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0, i = start
        while i < line.count {
            let c = line[i]
            if c == "\"" || c == "'" {
                guard let close = closingQuote(line, from: i) else { return nil }
                i = close + 1
                continue
            }
            if c == "[" || c == "{" { depth += 1 }
            if c == "]" || c == "}" {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// Whether `next` continues a plain scalar on `line`: more indented, and neither blank nor a comment.
    static func continues(_ line: [Unicode.Scalar], _ next: [Unicode.Scalar]) -> Bool {
        let indent = line.prefix { $0 == space }.count
        let nextIndent = next.prefix { $0 == space }.count
        guard nextIndent < next.count, next[nextIndent] != "#" else { return false }
        return nextIndent > indent
    }
}
