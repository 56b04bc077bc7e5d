#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The syntax of templates, in one pass over the UTF-8 bytes, shared by the two
/// uses of it: compiling (`TemplateParser` builds ops and references) and
/// checking names only (`Template.scanNames`, which builds nothing). Both see
/// the same tags and throw the same errors, since both are this code.
///
/// An iterator: each `step()` gives the literal text before the next tag and
/// what the tag is, so its users call their own code directly (no callbacks).
///
/// Standalone lines follow the Mustache spec: a section, inverted, closing or
/// comment tag alone on its line (only spaces or tabs around it) takes the
/// line's whitespace and line break with it.
struct TemplateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next step starts looking for a tag.
    private var textStart = 0
    private var finished = false
    /// The open sections, innermost last: the first `depth` of `open`.
    private var open: [OpenSection] = []
    private(set) var depth = 0
    private(set) var tagCount = 0

    static var maxNesting: Int { 100 }

    /// Runs `body` with a new scanner. The scan
    /// starts at byte `start`, which must be where a step of a scan from the start
    /// would start with no section open (the end of a variable tag, or 0).
    static func with<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, _ body: (inout TemplateScanner) -> R
    ) -> R {
        var scanner = TemplateScanner(bytes: bytes)
        scanner.textStart = start
        return body(&scanner)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Opens a section (the array keeps its room when sections close).
    private mutating func push(_ section: OpenSection) {
        if depth < open.count { open[depth] = section } else { open.append(section) }
        depth += 1
    }

    /// The open sections, outermost first.
    var openSections: ArraySlice<OpenSection> { open[..<depth] }

    enum TagKind { case variable, section, inverted, close, comment }

    struct Tag {
        let kind: TagKind
        let start: Int
        let end: Int
        let nameStart: Int
        let nameEnd: Int
        /// The name, already checked when `quickTag` read the tag.
        var checked: NameSpan? = nil
        /// The format's name of `{{name | format}}` (bytes), for a variable tag that has one.
        var format: Range<Int>? = nil
    }

    /// What one step found after its text.
    enum Event {
        /// A variable tag (`isLone`: it is the whole template and has no format, so it renders
        /// typed), with the bytes of its format's name (`{{name | format}}`), if any.
        case variable(NameSpan, isLone: Bool, format: Range<Int>?)
        /// A section or inverted section, now the innermost open one.
        case open(NameSpan, inverted: Bool)
        /// The closing tag of `section`, which is no longer open.
        case close(OpenSection)
        /// A comment.
        case comment
        /// The end of the template: every section was closed.
        case end
    }

    /// The literal text (bytes) before the next tag, and the tag. After `.end`,
    /// steps keep answering `.end` with empty text.
    mutating func step() throws(TemplateError) -> (text: Range<Int>, event: Event) {
        guard !finished else { return (bytes.count..<bytes.count, .end) }
        guard let tagStart = Self.find(.openBraces, from: textStart, in: bytes) else {
            finished = true
            let text = textStart..<max(textStart, bytes.count)
            if depth > 0 {
                let unclosed = open[depth - 1]
                throw error("section '\(self.text(unclosed.name))' opened here is never closed", at: unclosed.tagStart)
            }
            return (text, .end)
        }
        let tag: Tag
        if let quick = Self.quickTag(at: tagStart, in: bytes) { tag = quick } else { tag = try scanTag(at: tagStart) }
        var textEnd = tagStart
        var next = tag.end
        if tag.kind != .variable, let line = standaloneLine(of: tag, textStart: textStart) {
            textEnd = line.start
            next = line.end
        }
        let text = textStart..<max(textStart, textEnd)
        textStart = next
        return (text, try handle(tag))
    }

    /// Records the user's index for the innermost open section (it comes back in `.close`).
    mutating func setInnermostIndex(_ index: Int) {
        guard depth > 0 else { return }
        open[depth - 1].userIndex = index
    }

    // MARK: Tags

    /// The usual tag, read in one pass: `{{name}}`, `{{#name}}`, `{{^name}}` or `{{/name}}`
    /// with an ASCII name (see `asciiDots`) and no padding. Nil for anything else, which
    /// `scanTag` reads instead: it finds the same tag and name for these.
    /// (Static, as `find`: a method call would pass a copy of the whole scanner.)
    static func quickTag(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Tag? {
        guard start + 2 < bytes.count else { return nil }
        var kind = TagKind.variable
        var s = start + 2
        switch bytes[s] {
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        default: s -= 1
        }
        guard let name = quickName(at: s + 1, in: bytes) else { return nil }
        return Tag(kind: kind, start: start, end: name.end + 2, nameStart: name.start, nameEnd: name.end, checked: name)
    }

    /// The rest of a usual tag from its name on: an ASCII name (see `asciiDots`) right
    /// before `}}`, or nil. The name's end is where `scanTag` closes the tag: no `}`
    /// comes before it. A byte loop without bounds checks: names are most of a
    /// template's tag bytes.
    static func quickName(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> NameSpan? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var s = start
        var dots = 0
        var componentStart = s
        var firstEnd = -1, secondEnd = -1
        while s < n {
            let b = base[s]
            // Letters first (one comparison): most name bytes are.
            if (b | 0x20) &- UInt8(ascii: "a") < 26 || Self.isNameByte(b) {
                s += 1
                continue
            }
            guard b == UInt8(ascii: "."), s > componentStart else { break }
            if dots == 0 { firstEnd = s } else if dots == 1 { secondEnd = s }
            dots += 1
            s += 1
            componentStart = s
        }
        guard componentStart < s, s + 1 < n, base[s] == UInt8(ascii: "}"), base[s + 1] == UInt8(ascii: "}") else {
            return nil
        }
        if firstEnd < 0 { firstEnd = s }
        if secondEnd < 0 { secondEnd = s }
        return NameSpan(start: start, end: s, form: .ascii(dots: dots, firstEnd: firstEnd, secondEnd: secondEnd))
    }

    func scanTag(at start: Int) throws(TemplateError) -> Tag {
        let n = bytes.count
        if start + 2 < n, bytes[start + 2] == UInt8(ascii: "{") {
            guard let close = Self.find(.tripleCloseBraces, from: start + 3, in: bytes) else {
                throw error("unclosed tag: '{{{' has no matching '}}}'", at: start)
            }
            return try named(.variable, start: start, end: close + 3, content: start + 3, close)
        }
        guard let close = Self.find(.closeBraces, from: start + 2, in: bytes) else {
            throw error("unclosed tag: '{{' has no matching '}}'", at: start)
        }
        var s = start + 2
        while s < close, isSpace(bytes[s]) { s += 1 }
        var kind = TagKind.variable
        if s < close {
            switch bytes[s] {
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: "&"): kind = .variable
            case UInt8(ascii: "!"):
                return Tag(kind: .comment, start: start, end: close + 2, nameStart: s, nameEnd: s)
            case UInt8(ascii: ">"): throw error("partials are not supported", at: start)
            case UInt8(ascii: "="): throw error("delimiter changes are not supported", at: start)
            case UInt8(ascii: "<"), UInt8(ascii: "$"): throw error("template inheritance is not supported", at: start)
            default: s -= 1  // no sigil: the name starts here
            }
            s += 1
        }
        return try named(kind, start: start, end: close + 2, content: s, close)
    }

    /// A tag whose content (between sigil and closing braces) is a name, padding trimmed.
    private func named(_ kind: TagKind, start: Int, end: Int, content: Int, _ contentEnd: Int) throws(TemplateError)
        -> Tag
    {
        var a = content
        var b = contentEnd
        while a < b, isSpace(bytes[a]) { a += 1 }
        while b > a, isSpace(bytes[b - 1]) { b -= 1 }
        guard a < b else { throw error("empty tag name", at: start) }
        // `{{name | format}}`: `|` is no name character, so no name that parses today has one.
        var pipe = a
        while pipe < b, bytes[pipe] != UInt8(ascii: "|") { pipe += 1 }
        guard pipe < b else { return Tag(kind: kind, start: start, end: end, nameStart: a, nameEnd: b) }
        guard kind == .variable else {
            throw error("a format ('| name') goes in a value tag ({{value | time}}), not in a section's tag", at: pipe)
        }
        var nameEnd = pipe
        while nameEnd > a, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
        guard a < nameEnd else { throw error("'|' has no value before it: write {{value | format}}", at: pipe) }
        var f = pipe + 1
        while f < b, isSpace(bytes[f]) { f += 1 }
        guard f < b else { throw error("'|' is followed by no format: write {{value | format}} (time, date, number…)", at: pipe) }
        for i in f..<b {
            let c = bytes[i]
            let isWordByte = (c | 0x20) &- UInt8(ascii: "a") < 26 || (c &- UInt8(ascii: "0")) < 10
            guard isWordByte else {
                let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[f..<b]), as: UTF8.self)
                throw error("'\(shown)' is not a format name (one word of letters and digits, such as time or number)", at: f)
            }
        }
        return Tag(kind: kind, start: start, end: end, nameStart: a, nameEnd: nameEnd, format: f..<b)
    }

    private mutating func handle(_ tag: Tag) throws(TemplateError) -> Event {
        tagCount += 1
        switch tag.kind {
        case .comment:
            return .comment
        case .variable:
            let name = try name(of: tag)
            // A formatted tag renders text, never its value's type.
            return .variable(name, isLone: tag.start == 0 && tag.end == bytes.count && tag.format == nil, format: tag.format)
        case .section, .inverted:
            let name = try name(of: tag)
            let inverted = tag.kind == .inverted
            // Rendering recurses once per level; a bound keeps hostile input from exhausting the stack.
            guard depth < Self.maxNesting else {
                throw error("sections are nested more than \(Self.maxNesting) deep", at: tag.start)
            }
            push(OpenSection(name: name, tagStart: tag.start, inverted: inverted, userIndex: 0))
            return .open(name, inverted: inverted)
        case .close:
            let name = try name(of: tag)
            guard depth > 0 else {
                throw error("'{{/\(text(name))}}' closes no open section", at: tag.start)
            }
            let top = open[depth - 1]
            guard Self.sameName(top.name, name, in: bytes) else {
                let opened = text(top.name)
                throw error("'{{/\(text(name))}}' closes '\(opened)' (expected '{{/\(opened)}}')", at: tag.start)
            }
            depth -= 1
            return .close(top)
        }
    }

    /// Whether a closing tag's name is its section's (as `String` compares them).
    private static func sameName(_ a: NameSpan, _ b: NameSpan, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = a.end - a.start
        if length == b.end - b.start, let base = bytes.baseAddress, memcmp(base + a.start, base + b.start, length) == 0 {
            return true
        }
        // Different bytes can still be canonically equivalent text.
        return a.text(in: bytes) == b.text(in: bytes)
    }

    // MARK: Names

    private func text(_ name: NameSpan) -> String { name.text(in: bytes) }

    /// The tag's checked name: `quickTag` checked most (then no call, which would copy the scanner).
    private func name(of tag: Tag) throws(TemplateError) -> NameSpan {
        if let checked = tag.checked { return checked }
        return try checkedName(of: tag)
    }

    /// Checks a name (unless `quickTag` did): `.` alone, or non-empty components of letters, digits,
    /// marks and `_ - @ :` joined by dots.
    func checkedName(of tag: Tag) throws(TemplateError) -> NameSpan {
        if let checked = tag.checked { return checked }
        let start = tag.nameStart, end = tag.nameEnd
        if end - start == 1, bytes[start] == UInt8(ascii: ".") {
            return NameSpan(start: start, end: end, form: .implicitIterator)
        }
        if let ascii = asciiDots(start, end) {
            return NameSpan(
                start: start, end: end, form: .ascii(dots: ascii.dots, firstEnd: ascii.firstEnd, secondEnd: ascii.secondEnd))
        }
        _ = try Self.unicodeComponents(bytes, start, end)
        return NameSpan(start: start, end: end, form: .unicode)
    }

    /// The number of dots of a usual name (`data.weather.temp`: ASCII name
    /// characters and single dots, no empty component), and where its first two
    /// components end (`end` for a missing one); nil for any other name.
    private func asciiDots(_ start: Int, _ end: Int) -> (dots: Int, firstEnd: Int, secondEnd: Int)? {
        var dots = 0
        var componentStart = start
        var firstEnd = end, secondEnd = end
        for i in start..<end {
            let b = bytes[i]
            if b == UInt8(ascii: ".") {
                guard i > componentStart else { return nil }
                if dots == 0 { firstEnd = i } else if dots == 1 { secondEnd = i }
                dots += 1
                componentStart = i + 1
                continue
            }
            guard Self.isNameByte(b) else { return nil }
        }
        guard componentStart < end else { return nil }
        return (dots, firstEnd, secondEnd)
    }

    /// Whether `b` is an ASCII name character: a letter, a digit or one of `_ - @ :`.
    /// One bit per byte below 128, in two constant words: a shift and a test, no table to load.
    static func isNameByte(_ b: UInt8) -> Bool {
        // Bytes 0–63: the digits, `-` and `:`.
        let low: UInt64 = 0x3FF << 48 | 1 << 45 | 1 << 58
        // Bytes 64–127 (bit 0 is `@`): `@`, A–Z, `_`, a–z.
        let high: UInt64 = 1 << 0 | 0x3FF_FFFF << 1 | 1 << 31 | 0x3FF_FFFF << 33
        return b < 128 && ((b < 64 ? low : high) >> UInt64(b & 63)) & 1 != 0
    }

    /// The full check of a name with non-ASCII or invalid characters, and its components.
    static func unicodeComponents(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) throws(TemplateError) -> [String] {
        func error(_ message: String, at byte: Int) -> TemplateError { scanError(message, at: byte, in: bytes) }
        let text = NameSpan(start: start, end: end, form: .unicode).text(in: bytes)
        var components: [String] = []
        var component = String.UnicodeScalarView()
        var at = start
        for scalar in text.unicodeScalars {
            if scalar == "." {
                guard !component.isEmpty else { throw error("empty component in the name '\(text)'", at: at) }
                components.append(String(component))
                component = String.UnicodeScalarView()
            } else if Self.isNameScalar(scalar) {
                component.append(scalar)
            } else if scalar.properties.isWhitespace {
                throw error("whitespace inside the name '\(text)'", at: at)
            } else {
                throw error("invalid character '\(Self.shown(scalar))' in the name '\(text)'", at: at)
            }
            at += UTF8.width(scalar)
        }
        guard !component.isEmpty else { throw error("empty component in the name '\(text)'", at: end - 1) }
        components.append(String(component))
        return components
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", "@", ":": return true
        default: break
        }
        guard !scalar.isASCII else { return false }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.generalCategory == .control
            ? "U+" + String(scalar.value, radix: 16, uppercase: true) : String(scalar)
    }

    // MARK: Standalone lines

    /// The span a standalone tag removes (its line's leading whitespace through
    /// the line break), or nil when the tag shares its line with anything else.
    private func standaloneLine(of tag: Tag, textStart: Int) -> (start: Int, end: Int)? {
        var lineStart = tag.start
        while lineStart > textStart, bytes[lineStart - 1] != UInt8(ascii: "\n") {
            guard isBlank(bytes[lineStart - 1]) else { return nil }
            lineStart -= 1
        }
        // Reaching the text's start without a line break: the line began earlier,
        // so it is standalone only if that start is itself a line start.
        if lineStart == textStart, textStart > 0, bytes[textStart - 1] != UInt8(ascii: "\n") { return nil }
        var end = tag.end
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        if end == bytes.count { return (lineStart, end) }
        if bytes[end] == UInt8(ascii: "\n") { return (lineStart, end + 1) }
        if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") {
            return (lineStart, end + 2)
        }
        return nil
    }

    // MARK: Bytes

    private enum Delimiter {
        case openBraces, closeBraces, tripleCloseBraces
        var byte: UInt8 { self == .openBraces ? UInt8(ascii: "{") : UInt8(ascii: "}") }
        var count: Int { self == .tripleCloseBraces ? 3 : 2 }
    }

    /// Where the next `{{` starts, from byte `start` on, or nil.
    static func findOpenBraces(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        find(.openBraces, from: start, in: bytes)
    }

    /// Where the next `delimiter` starts, from byte `start` on, or nil.
    private static func find(_ delimiter: Delimiter, from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let byte = delimiter.byte
        let count = delimiter.count
        // The last byte a delimiter can start at, plus one.
        let limit = bytes.count - count + 1
        func isDelimiter(at i: Int) -> Bool {
            base[i + 1] == byte && (count == 2 || base[i + 2] == byte)
        }
        var i = start
        // A byte at a time: `memchr` past the first four bytes was 0.2% more instructions on both
        // benchmarks (templates are short; unsafe-buffer audit, bench/README.md).
        while i < limit {
            if base[i] == byte, isDelimiter(at: i) { return i }
            i += 1
        }
        return nil
    }

    private func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    private func isSpace(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
    }

    private func error(_ message: String, at byte: Int) -> TemplateError { scanError(message, at: byte, in: bytes) }
}

/// A checked tag name: where it is in the template's bytes and how it is spelled.
struct NameSpan {
    enum Form {
        /// `.`
        case implicitIterator
        /// ASCII name characters and single dots: components split at bytes. The
        /// first two components end at `firstEnd` and `secondEnd` (`end` when absent).
        case ascii(dots: Int, firstEnd: Int, secondEnd: Int)
        /// Anything else that passed the check.
        case unicode
    }

    let start: Int
    let end: Int
    let form: Form

    func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The components (empty for `.`).
    func components(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        switch form {
        case .implicitIterator:
            return []
        case .ascii(let dots, _, _):
            let start = self.start, end = self.end
            // `reserveCapacity` allocates through specialized code; `init(unsafeUninitializedCapacity:)`
            // would go through the runtime's generic path (a metadata lookup per array).
            var components: [String] = []
            components.reserveCapacity(dots + 1)
            var componentStart = start
            for i in start..<end where bytes[i] == UInt8(ascii: ".") {
                components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[componentStart..<i]), as: UTF8.self))
                componentStart = i + 1
            }
            components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[componentStart..<end]), as: UTF8.self))
            return components
        case .unicode:
            // Already checked, so this cannot fail.
            return (try? TemplateScanner.unicodeComponents(bytes, start, end)) ?? []
        }
    }
}

/// Runs `body` with a template's UTF-8 bytes: read in place when the string is
/// contiguous (no copy of the string, so no reference counting), else from a copy.
func withBytes<R>(of source: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = source.utf8.withContiguousStorageIfAvailable(body) { return result }
    var text = source
    return text.withUTF8(body)
}

/// A template error at byte `byte`, positioned in scalars, lines and columns.
func scanError(_ message: String, at byte: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TemplateError {
    var cursor = TemplateCursor()
    let at = cursor.advance(to: byte, in: bytes)
    return TemplateError(message: message, offset: at.offset, line: at.line, column: at.column)
}

/// A section whose closing tag has not come yet.
struct OpenSection {
    let name: NameSpan
    let tagStart: Int
    let inverted: Bool
    /// The user's index for the section (`setInnermostIndex`).
    var userIndex: Int
}
