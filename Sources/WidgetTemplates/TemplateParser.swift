/// Compiles template text into flat ops and references, in one pass over its UTF-8 bytes.
///
/// Standalone lines follow the Mustache spec: a section, inverted, closing or
/// comment tag alone on its line (only spaces or tabs around it) takes the
/// line's whitespace and line break with it.
struct TemplateParser {
    private let bytes: [UInt8]
    private var program = TemplateProgram()
    private var references: [TemplateReference] = []
    private var open: [OpenSection] = []
    private var positions: TemplatePosition
    private var loneTag = false
    private var literalBytes = 0
    private var tagCount = 0

    static let maxNesting = 100

    private struct OpenSection {
        let path: TemplatePath
        let opIndex: Int
        let tagStart: Int
        let inverted: Bool
    }

    private enum TagKind { case variable, section, inverted, close, comment }

    private struct Tag {
        let kind: TagKind
        let start: Int
        let end: Int
        let nameStart: Int
        let nameEnd: Int
    }

    struct Result {
        let program: TemplateProgram
        let references: [TemplateReference]
        let isLoneTag: Bool
        let literalBytes: Int
        let tagCount: Int
    }

    init(_ source: String) {
        bytes = Array(source.utf8)
        positions = TemplatePosition(bytes: bytes)
    }

    static func parse(_ source: String) throws(TemplateError) -> Result {
        var parser = TemplateParser(source)
        try parser.run()
        return Result(
            program: parser.program, references: parser.references, isLoneTag: parser.loneTag,
            literalBytes: parser.literalBytes, tagCount: parser.tagCount)
    }

    private mutating func run() throws(TemplateError) {
        var textStart = 0
        while let tagStart = find(.openBraces, from: textStart) {
            let tag = try scanTag(at: tagStart)
            var textEnd = tagStart
            var next = tag.end
            if tag.kind != .variable, let line = standaloneLine(of: tag, textStart: textStart) {
                textEnd = line.start
                next = line.end
            }
            emitText(textStart, textEnd)
            try handle(tag)
            textStart = next
        }
        emitText(textStart, bytes.count)
        if let unclosed = open.last {
            throw error("section '\(unclosed.path.text)' opened here is never closed", at: unclosed.tagStart)
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
            let path = try path(of: tag)
            addReference(path, .variable, tag)
            if tag.start == 0 && tag.end == bytes.count { loneTag = true }
            program.ops.append(TemplateOp(kind: .variable, operand: program.paths.count, bodyEnd: 0))
            program.paths.append(path)
        case .section, .inverted:
            let path = try path(of: tag)
            let inverted = tag.kind == .inverted
            // Rendering recurses once per level; a bound keeps hostile input from exhausting the stack.
            guard open.count < Self.maxNesting else {
                throw error("sections are nested more than \(Self.maxNesting) deep", at: tag.start)
            }
            addReference(path, inverted ? .invertedSection : .section, tag)
            open.append(OpenSection(path: path, opIndex: program.ops.count, tagStart: tag.start, inverted: inverted))
            program.ops.append(
                TemplateOp(kind: inverted ? .invertedSection : .section, operand: program.paths.count, bodyEnd: 0))
            program.paths.append(path)
        case .close:
            let path = try path(of: tag)
            guard let top = open.last else {
                throw error("'{{/\(path.text)}}' closes no open section", at: tag.start)
            }
            guard top.path.text == path.text else {
                throw error(
                    "'{{/\(path.text)}}' closes '\(top.path.text)' (expected '{{/\(top.path.text)}}')", at: tag.start)
            }
            open.removeLast()
            let opened = program.ops[top.opIndex]
            program.ops[top.opIndex] = TemplateOp(kind: opened.kind, operand: opened.operand, bodyEnd: program.ops.count)
        }
    }

    private mutating func addReference(_ path: TemplatePath, _ kind: TemplateReference.Kind, _ tag: Tag) {
        let at = positions.at(byte: tag.nameStart)
        references.append(
            TemplateReference(
                name: path.text, components: path.components, kind: kind,
                offset: at.offset, line: at.line, column: at.column,
                length: path.text.unicodeScalars.count,
                sections: open.map { .init(name: $0.path.text, isInverted: $0.inverted) }))
    }

    // MARK: Names

    /// Splits and checks a name: `.` alone, or non-empty components of letters,
    /// digits, marks and `_ - @ :` joined by dots.
    private func path(of tag: Tag) throws(TemplateError) -> TemplatePath {
        let text = String(decoding: bytes[tag.nameStart..<tag.nameEnd], as: UTF8.self)
        if text == "." { return TemplatePath(text: text, components: []) }
        if let components = Self.asciiComponents(bytes[tag.nameStart..<tag.nameEnd]) {
            return TemplatePath(text: text, components: components)
        }
        var components: [String] = []
        var component = String.UnicodeScalarView()
        var at = tag.nameStart
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
        guard !component.isEmpty else { throw error("empty component in the name '\(text)'", at: tag.nameEnd - 1) }
        components.append(String(component))
        return TemplatePath(text: text, components: components)
    }

    /// The fast path for the usual name (`data.weather.temp`): ASCII name
    /// characters and single dots only. nil sends anything else to the full check.
    private static func asciiComponents(_ name: ArraySlice<UInt8>) -> [String]? {
        var components: [String] = []
        var start = name.startIndex
        for i in name.indices {
            let b = name[i]
            if b == UInt8(ascii: ".") {
                guard i > start else { return nil }
                components.append(String(decoding: name[start..<i], as: UTF8.self))
                start = i + 1
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
        guard start < name.endIndex else { return nil }
        components.append(String(decoding: name[start..<name.endIndex], as: UTF8.self))
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

    // MARK: Text and standalone lines

    private mutating func emitText(_ start: Int, _ end: Int) {
        guard start < end else { return }
        literalBytes += end - start
        program.ops.append(TemplateOp(kind: .text, operand: program.texts.count, bodyEnd: 0))
        program.texts.append(String(decoding: bytes[start..<end], as: UTF8.self))
    }

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

    private func error(_ message: String, at byte: Int) -> TemplateError {
        var fresh = TemplatePosition(bytes: bytes)
        let at = fresh.at(byte: byte)
        return TemplateError(message: message, offset: at.offset, line: at.line, column: at.column)
    }
}
