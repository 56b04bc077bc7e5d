/// Reads JSON text (RFC 8259) into `SourceNode`s with positions.
///
/// Strict: no comments, no trailing commas, no duplicate keys (an error, as in
/// our YAML), nesting bounded by `maxDepth` so hostile input cannot overflow
/// the stack. Errors are `SourceError`s with code `json-syntax` (`json-too-large`
/// for a file larger than `SourceDocument.maxSourceBytes`, refused unread).
package struct JSONReader {
    package static let maxDepth = 512

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0  // byte offset where the current line starts
    /// Where each value was written.
    private var tree = SourceDocumentBuilder()
    /// The keys read so far of the objects being read, innermost last (see `isDuplicate`).
    private var openKeys: [String] = []

    /// Parses a whole document.
    package static func parse(_ text: String) throws(SourceError) -> SourceNode {
        try parse(bytes: Array(text.utf8))
    }

    package static func parse(bytes: [UInt8]) throws(SourceError) -> SourceNode {
        // Larger files would wrap the document's 32-bit offsets.
        guard bytes.count <= SourceDocument.maxSourceBytes else {
            throw SourceDocument.sizeError(byteCount: bytes.count, code: .jsonTooLarge)
        }
        var reader = JSONReader(bytes: bytes)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3; reader.lineStart = 3 }
        reader.skipSpace()
        let node = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.i < reader.bytes.count { throw reader.error("unexpected text after the JSON value") }
        return SourceNode(document: reader.tree.finish(root: node), index: node)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The last position computed on the current line, so a long (minified)
    /// line is scanned once in all rather than once per value.
    private var mark = (offset: 0, column: 1)

    private var location: SourceLocation {
        mutating get {
            // Columns count Unicode scalars: skip UTF-8 continuation bytes.
            if mark.offset < lineStart || mark.offset > i { mark = (lineStart, 1) }
            var column = mark.column
            var k = mark.offset
            while k < i {
                if bytes[k] & 0xC0 != 0x80 { column += 1 }
                k += 1
            }
            mark = (i, column)
            return SourceLocation(line: line, column: column)
        }
    }

    /// A key the object already has: the error names the line of the first and carries it as a
    /// note, as YAML's `yaml-duplicate-key` does. The first is looked up only here, so reading a
    /// well-formed object keeps its one set of keys.
    private func duplicate(_ key: String, at location: SourceLocation, among children: [SourceDocument.Child]) -> SourceError {
        let wanted = Array(key.utf8)
        let first = children.first { child in
            Int(child.keyCount) == wanted.count && wanted.indices.allSatisfy { tree.text[Int(child.keyFirst) + $0] == wanted[$0] }
        }.map { SourceLocation(line: Int($0.keyLine), column: Int($0.keyColumn)) }
        guard let first else { return SourceError(code: .jsonDuplicateKey, message: "duplicate key '\(key)'", location: location) }
        var error = SourceError(
            code: .jsonDuplicateKey, message: "duplicate key '\(key)' (first defined at line \(first.line))", location: location)
        error.notes = [.init("first defined here", at: first)]
        return error
    }

    /// Whether the object whose keys start at `start` in `openKeys` has `key` already; adds it
    /// if not. Its first 16 keys are compared one by one, later ones through `seen` (filled
    /// then): with a set for every object, the widget schema's parse took 6.3 M instructions,
    /// now 4.7 M (callgrind). Both compare as `String ==`: canonically equivalent keys are duplicates.
    private mutating func isDuplicate(_ key: String, keysFrom start: Int, _ seen: inout Set<String>) -> Bool {
        let count = openKeys.count - start
        guard count < 16 else { return !seen.insert(key).inserted }
        if openKeys[start...].contains(key) { return true }
        openKeys.append(key)
        if count == 15 { seen = Set(openKeys[start...]) }
        return false
    }

    private mutating func error(_ message: String) -> SourceError {
        SourceError(code: .jsonSyntax, message: message, location: location)
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    /// Reads one value into `tree`; returns its node.
    private mutating func value(depth: Int) throws(SourceError) -> Int32 {
        guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        guard i < bytes.count else { throw error("unexpected end of input, expected a value") }
        let start = location
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            let node = tree.startCollection(.object, at: start)
            var children: [SourceDocument.Child] = []
            let keysStart = openKeys.count
            var seen = Set<String>()
            defer { openKeys.removeSubrange(keysStart...) }
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
            } else {
                while true {
                    skipSpace()
                    let keyLocation = location
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                    let key = try string()
                    if isDuplicate(key, keysFrom: keysStart, &seen) { throw duplicate(key, at: keyLocation, among: children) }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                    i += 1
                    skipSpace()
                    let keyStart = tree.appendText(key)
                    let child = try value(depth: depth + 1)
                    children.append(SourceDocument.Child(
                        node: child, keyFirst: keyStart, keyCount: Int32(truncatingIfNeeded: key.utf8.count),
                        keyLine: Int32(clamping: keyLocation.line), keyColumn: Int32(clamping: keyLocation.column)))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of input in an object") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                    throw error("expected ',' or '}' in an object")
                }
            }
            let first = tree.childCount
            for child in children { tree.appendChild(child) }
            tree.endCollection(node, childrenFrom: first)
            return node
        case UInt8(ascii: "["):
            i += 1
            let node = tree.startCollection(.array, at: start)
            var children: [Int32] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
            } else {
                while true {
                    skipSpace()
                    children.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of input in an array") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                    throw error("expected ',' or ']' in an array")
                }
            }
            let first = tree.childCount
            for child in children { tree.appendChild(SourceDocument.Child(item: child)) }
            tree.endCollection(node, childrenFrom: first)
            return node
        case UInt8(ascii: "\""):
            let s = try string()
            var s8 = s
            return s8.withUTF8 { tree.scalar(.string, at: start, text: $0) }
        // (true, false and null keep no text: messages show them as JSON.)
        case UInt8(ascii: "t"): try literal("true"); return tree.scalar(.bool, at: start, textStart: 0, textCount: -1, payload: 1)
        case UInt8(ascii: "f"): try literal("false"); return tree.scalar(.bool, at: start, textStart: 0, textCount: -1)
        case UInt8(ascii: "n"): try literal("null"); return tree.scalar(.null, at: start, textStart: 0, textCount: -1)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let text = try numberText()
            let (kind, payload): (SourceDocument.Kind, UInt64)
            switch Self.number(text) {
            case .int(let n): (kind, payload) = (.int, UInt64(bitPattern: Int64(n)))
            case .double(let d): (kind, payload) = (.double, d.bitPattern)
            default: preconditionFailure("a number is an int or a double")
            }
            var t = text
            return t.withUTF8 { tree.scalar(kind, at: start, text: $0, payload: payload) }
        default:
            throw error("unexpected character, expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(SourceError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw error("invalid literal") }
        i += w.count
    }

    private mutating func numberText() throws(SourceError) -> String {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ r: inout JSONReader) -> Int {
            let s = r.i
            while r.i < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.i]) { r.i += 1 }
            return r.i - s
        }
        guard i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else { throw error("invalid number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { _ = digits(&self) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("invalid number: digits expected in the exponent") }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// An integer if the text is one that fits 64 bits, else a double.
    static func number(_ text: String) -> JSONValue {
        if let n = Int(text) { return .int(n) }
        return .double(Double(text) ?? .nan)
    }

    private mutating func string() throws(SourceError) -> String {
        i += 1  // opening quote
        // Most strings have no escape: find the closing quote and make the string from the
        // bytes in place, instead of appending byte by byte (the built-in schemas' parse at
        // start-up: 7.4 M instructions to 1.6 M, callgrind).
        let start = i
        var high: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                let end = i - 1
                // ASCII (the usual) needs no validation: decoding it is a copy. `String(validating:)`
                // walks its input byte by byte through the generic decoder.
                let text =
                    high < 0x80
                    ? bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
                    : String(validating: bytes[start..<end], as: UTF8.self)
                guard let text else { throw error("invalid UTF-8 in a string") }
                return text
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            high |= b
            i += 1
        }
        var out = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                return s
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw error("unterminated string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by \uDC00-\uDFFF.
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("lone surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("lone surrogate in \\u escape")
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default:
                    throw error("invalid escape in a string")
                }
            case 0..<0x20:
                throw error("control character in a string")
            default:
                // The run up to the next quote, escape or control character, at once (an
                // editor's whole text arrives as one string with an escape every line; `lsp` per edit
                // of stocks.yaml: 485 k to 426 k instructions with the content-template walk's fix).
                let run = i
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
                // From a buffer pointer: a slice of `bytes` retained and released their storage at every run.
                let end = i
                bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[run..<end])) }
            }
        }
    }

    private mutating func hex4() throws(SourceError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let jsonDuplicateKey = DiagnosticCode("json-duplicate-key")
    package static let jsonSyntax = DiagnosticCode("json-syntax")
    package static let jsonTooLarge = DiagnosticCode("json-too-large")
}
