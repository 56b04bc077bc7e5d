/// The syntax of templates, in one pass over the UTF-8 bytes, shared by the two
/// uses of it: compiling (`TemplateParser` builds ops and references) and
/// checking names only (`Template.scanNames`, which builds nothing). Both see
/// the same tags and throw the same errors, since both are this code.
///
/// Standalone lines follow the Mustache spec: a section, inverted, closing or
/// comment tag alone on its line (only spaces or tabs around it) takes the
/// line's whitespace and line break with it.
struct TemplateScanner<Sink: TemplateSink> {
    let bytes: UnsafeBufferPointer<UInt8>
    var sink: Sink
    /// The open sections, innermost last: `depth` of them live at `open`.
    private let open: UnsafeMutablePointer<OpenSection>
    private(set) var depth = 0
    private(set) var tagCount = 0

    static var maxNesting: Int { 100 }

    /// Runs `body` with a scanner whose section stack lives on the stack.
    static func with<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: Sink, _ body: (inout TemplateScanner) -> R) -> R {
        withUnsafeTemporaryAllocation(of: OpenSection.self, capacity: maxNesting) { stack in
            var scanner = TemplateScanner(bytes: bytes, sink: sink, open: stack.baseAddress!)
            return body(&scanner)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, sink: Sink, open: UnsafeMutablePointer<OpenSection>) {
        self.bytes = bytes
        self.sink = sink
        self.open = open
    }

    /// The open sections, outermost first.
    var openSections: UnsafeBufferPointer<OpenSection> { UnsafeBufferPointer(start: open, count: depth) }

    private enum TagKind { case variable, section, inverted, close, comment }

    private struct Tag {
        let kind: TagKind
        let start: Int
        let end: Int
        let nameStart: Int
        let nameEnd: Int
    }

    mutating func run() throws(TemplateError) {
        var textStart = 0
        while let tagStart = find(.openBraces, from: textStart) {
            let tag = try scanTag(at: tagStart)
            var textEnd = tagStart
            var next = tag.end
            if tag.kind != .variable, let line = standaloneLine(of: tag, textStart: textStart) {
                textEnd = line.start
                next = line.end
            }
            if textStart < textEnd { sink.text(from: textStart, to: textEnd) }
            try handle(tag)
            textStart = next
        }
        if textStart < bytes.count { sink.text(from: textStart, to: bytes.count) }
        if depth > 0 {
            let unclosed = open[depth - 1]
            throw error("section '\(text(unclosed.name))' opened here is never closed", at: unclosed.tagStart)
        }
    }

    // MARK: Tags

    private func scanTag(at start: Int) throws(TemplateError) -> Tag {
        let n = bytes.count
        if start + 2 < n, bytes[start + 2] == UInt8(ascii: "{") {
            guard let close = find(.tripleCloseBraces, from: start + 3) else {
                throw error("unclosed tag: '{{{' has no matching '}}}'", at: start)
            }
            return try named(.variable, start: start, end: close + 3, content: start + 3, close)
        }
        guard let close = find(.closeBraces, from: start + 2) else {
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
        return Tag(kind: kind, start: start, end: end, nameStart: a, nameEnd: b)
    }

    private mutating func handle(_ tag: Tag) throws(TemplateError) {
        tagCount += 1
        switch tag.kind {
        case .comment:
            return
        case .variable:
            let name = try checkedName(of: tag)
            let isLone = tag.start == 0 && tag.end == bytes.count
            _ = sink.tag(.variable, name, isLone: isLone, bytes: bytes, open: openSections)
        case .section, .inverted:
            let name = try checkedName(of: tag)
            let inverted = tag.kind == .inverted
            // Rendering recurses once per level; a bound keeps hostile input from exhausting the stack.
            guard depth < Self.maxNesting else {
                throw error("sections are nested more than \(Self.maxNesting) deep", at: tag.start)
            }
            let index = sink.tag(
                inverted ? .invertedSection : .section, name, isLone: false, bytes: bytes, open: openSections)
            (open + depth).initialize(to: OpenSection(name: name, tagStart: tag.start, inverted: inverted, sinkIndex: index))
            depth += 1
        case .close:
            let name = try checkedName(of: tag)
            guard depth > 0 else {
                throw error("'{{/\(text(name))}}' closes no open section", at: tag.start)
            }
            let top = open[depth - 1]
            guard sameName(top.name, name) else {
                let opened = text(top.name)
                throw error("'{{/\(text(name))}}' closes '\(opened)' (expected '{{/\(opened)}}')", at: tag.start)
            }
            depth -= 1
            sink.close(top)
        }
    }

    /// Whether a closing tag's name is its section's (as `String` compares them).
    private func sameName(_ a: NameSpan, _ b: NameSpan) -> Bool {
        let length = a.end - a.start
        if length == b.end - b.start {
            var i = 0
            while i < length, bytes[a.start + i] == bytes[b.start + i] { i += 1 }
            if i == length { return true }
        }
        // Different bytes can still be canonically equivalent text.
        return text(a) == text(b)
    }

    // MARK: Names

    private func text(_ name: NameSpan) -> String { name.text(in: bytes) }

    /// Checks a name: `.` alone, or non-empty components of letters, digits,
    /// marks and `_ - @ :` joined by dots.
    private func checkedName(of tag: Tag) throws(TemplateError) -> NameSpan {
        let start = tag.nameStart, end = tag.nameEnd
        if end - start == 1, bytes[start] == UInt8(ascii: ".") {
            return NameSpan(start: start, end: end, form: .implicitIterator)
        }
        if let dots = asciiDots(start, end) { return NameSpan(start: start, end: end, form: .ascii(dots: dots)) }
        _ = try Self.unicodeComponents(bytes, start, end)
        return NameSpan(start: start, end: end, form: .unicode)
    }

    /// The number of dots of a usual name (`data.weather.temp`: ASCII name
    /// characters and single dots, no empty component), or nil for anything else.
    private func asciiDots(_ start: Int, _ end: Int) -> Int? {
        var dots = 0
        var componentStart = start
        for i in start..<end {
            let b = bytes[i]
            if b == UInt8(ascii: ".") {
                guard i > componentStart else { return nil }
                dots += 1
                componentStart = i + 1
                continue
            }
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                 UInt8(ascii: "@"), UInt8(ascii: ":"):
                continue
            default:
                return nil
            }
        }
        guard componentStart < end else { return nil }
        return dots
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

    private func find(_ delimiter: Delimiter, from start: Int) -> Int? {
        let byte = delimiter.byte
        let count = delimiter.count
        var i = start
        while i + count <= bytes.count {
            if bytes[i] == byte, bytes[i + 1] == byte, count == 2 || bytes[i + 2] == byte { return i }
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
        /// ASCII name characters and single dots: components split at bytes.
        case ascii(dots: Int)
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
        case .ascii(let dots):
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
            return (try? TemplateScanner<NoSink>.unicodeComponents(bytes, start, end)) ?? []
        }
    }
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
    /// What the sink returned for the opening tag.
    let sinkIndex: Int
}

/// What a scan reports to its user.
protocol TemplateSink {
    /// Literal text `start..<end` (bytes), never empty.
    mutating func text(from start: Int, to end: Int)
    /// A variable, section or inverted-section tag with a checked name, inside
    /// the sections `open` (outermost first; a section is not yet open at its
    /// own tag). For a section, the result comes back in `close`.
    mutating func tag(
        _ kind: TemplateReference.Kind, _ name: NameSpan, isLone: Bool, bytes: UnsafeBufferPointer<UInt8>,
        open: UnsafeBufferPointer<OpenSection>
    ) -> Int
    /// The closing tag of `section`.
    mutating func close(_ section: OpenSection)
}

/// A sink that keeps nothing (for calling the scanner's static helpers).
struct NoSink: TemplateSink {
    mutating func text(from start: Int, to end: Int) {}
    mutating func tag(
        _ kind: TemplateReference.Kind, _ name: NameSpan, isLone: Bool, bytes: UnsafeBufferPointer<UInt8>,
        open: UnsafeBufferPointer<OpenSection>
    ) -> Int { 0 }
    mutating func close(_ section: OpenSection) {}
}
