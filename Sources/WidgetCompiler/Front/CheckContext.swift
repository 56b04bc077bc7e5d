import WidgetDiagnostics
import WidgetSupport

/// Collects the diagnostics of one document while the checks walk it.
///
/// Checks are defensive: a value of the wrong shape (already reported by the
/// schema layer) is skipped rather than reported twice.
struct CheckContext {
    let file: String
    /// The file's bytes, read for a line's text only when a diagnostic points inside a string.
    let bytes: [UInt8]
    var diagnostics: [Diagnostic] = []
    /// Whether the checks keep what they parse (`parsed`): when the definition is lowered next.
    let keepsParsed: Bool
    var parsed = ParsedScalars()

    init(file: String, bytes: [UInt8], keepsParsed: Bool = false) {
        self.file = file
        self.bytes = bytes
        self.keepsParsed = keepsParsed
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at node: SourceNode, _ pointer: [String]) {
        diagnostics.append(.error(code, message, file: file, at: node.location, pointer: JSONPointer.string(pointer)))
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, _ pointer: [String]) {
        diagnostics.append(.error(code, message, file: file, at: location, pointer: JSONPointer.string(pointer)))
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, at node: SourceNode, _ pointer: [String]) {
        diagnostics.append(.warning(code, message, file: file, at: node.location, pointer: JSONPointer.string(pointer)))
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, _ pointer: [String]) {
        diagnostics.append(.warning(code, message, file: file, at: location, pointer: JSONPointer.string(pointer)))
    }

    /// The position of the character `offset` scalars into a string scalar's value, in any
    /// style (folded, quoted with escapes, blocks); the scalar's own start when the value
    /// cannot be traced in the source.
    func location(inside node: SourceNode, offset: Int) -> SourceLocation {
        guard let value = node.string, offset >= 0,
            let positions = ScalarPositions.map(value: value, start: node.location, in: bytes), offset < positions.count
        else { return node.location }
        return positions[offset]
    }
}

/// Lines of a source file, for carets and in-string positions.
package struct SourceLines: Sendable {
    private let text: [UInt8]
    private var starts: [Int] = [0]

    package init(bytes: [UInt8]) {
        var b = bytes
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { b.removeFirst(3) }
        text = b
        for (i, byte) in b.enumerated() where byte == 0x0A { starts.append(i + 1) }
    }

    /// Line `n` (1-based) of `bytes` without its line end, or nil past the end: what
    /// `SourceLines(bytes:).line(n)` gives, found by one scan and without a table.
    static func line(_ n: Int, of bytes: [UInt8]) -> String? {
        guard n >= 1 else { return nil }
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var start = hasBOM ? 3 : 0
        var line = 1
        while line < n {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = newline + 1
            line += 1
        }
        var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Line `n` (1-based) without its line end, or nil past the end.
    package func line(_ n: Int) -> String? {
        guard n >= 1, n <= starts.count else { return nil }
        var end = n < starts.count ? starts[n] - 1 : text.count
        let start = starts[n - 1]
        if end > start, text[end - 1] == 0x0D { end -= 1 }
        guard end >= start else { return "" }
        return String(decoding: text[start..<end], as: UTF8.self)
    }
}
