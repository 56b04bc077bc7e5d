import WidgetSupport
import WidgetTemplates

/// What the checks ask of a `SourceNode` beyond its own API (`kind`, `string`,
/// `bool`, `number`, `count`, `child`, `key`), all read in place in the document:
/// no `JSONValue` is built. Typed reads return nil when the value has another
/// shape (the schema layer reports that). Bytes are valid while the document is,
/// which the checks' callers keep alive for the whole check.
extension SourceNode {
    var isString: Bool { kind == .string }
    var isMapping: Bool { kind == .object }
    var isSequence: Bool { kind == .array }

    /// Whether the value is a scalar (not a sequence or a mapping).
    var isScalar: Bool {
        switch kind {
        case .array, .object: false
        default: true
        }
    }

    /// A string's UTF-8 bytes, in place (nil for any other kind).
    var stringBytes: UnsafeBufferPointer<UInt8>? { document.stringBytes(index) }

    /// The bytes of the key of member `i` of a mapping, in place.
    func keyBytes(_ i: Int) -> UnsafeBufferPointer<UInt8> { document.keyBytes(index, i) }

    /// The value of the member of a mapping whose key is the fixed word `word` (nil
    /// for anything else), found by the key's bytes. Bytes decide as `String ==`
    /// would for the words the checks look up: only K, `;` and the grave accent have
    /// non-ASCII equivalents (the Kelvin sign…), and no such word holds them.
    subscript(word word: StaticString) -> SourceNode? {
        let key = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard let i = document.memberIndex(index, key: key) else { return nil }
        return child(i)
    }

    /// Whether both are strings whose values are equal as `String ==` decides:
    /// by bytes, unless one of them is not ASCII (then it may be canonically
    /// equivalent to other bytes, and the strings are compared).
    func hasSameString(as other: SourceNode) -> Bool {
        guard let a = stringBytes, let b = other.stringBytes else { return false }
        return sameText(a, b)
    }

    /// A short description of the value for messages: `'15x'`, `200`, `true`.
    var shown: String {
        switch kind {
        case .string: "'\(string ?? "")'"
        case .array: "a list"
        case .object: "a mapping"
        // A scalar not written in the source (an empty document) is shown as JSON.
        default: sourceText ?? scalar.map(JSONWriter.string) ?? "null"
        }
    }
}

/// Whether two UTF-8 texts are equal as `String ==` decides (see `hasSameString`).
func sameText(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    if a.hasSameBytes(as: b) { return true }
    if a.isASCII, b.isASCII { return false }
    return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
}

