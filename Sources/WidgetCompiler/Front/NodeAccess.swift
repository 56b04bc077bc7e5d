import WidgetSupport

/// Typed views of `SourceNode`s for the checks: each returns nil when the
/// value has another shape (the schema layer reports that).
extension SourceNode {
    var string: String? { if case .string(let s) = json { s } else { nil } }
    var bool: Bool? { if case .bool(let b) = json { b } else { nil } }
    var number: Double? { scalar?.number }
    var isString: Bool { string != nil }

    var isMapping: Bool { if case .object = json { true } else { false } }

    /// A short description of the value for messages: `'15x'`, `200`, `true`.
    var shown: String {
        switch content {
        case .scalar(.string(let s)): "'\(s)'"
        case .scalar(let v): sourceText ?? JSONWriter.string(v)
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

extension String {
    /// Whether the string holds a Mustache tag and so is a template, not a literal.
    /// A byte scan: `contains("{{")` would go through Foundation's bridged search.
    var isTemplate: Bool {
        // Read in place when the bytes are contiguous (a pointer loop, not the view's iterator).
        utf8.withContiguousStorageIfAvailable(Self.hasOpeningTag)
            ?? Array(utf8).withUnsafeBufferPointer(Self.hasOpeningTag)
    }

    private static func hasOpeningTag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        for i in 1..<bytes.count where bytes[i] == UInt8(ascii: "{") && bytes[i - 1] == UInt8(ascii: "{") { return true }
        return false
    }
}

/// Fixed ASCII words (keys, rule names) recognised in a string without calling the
/// runtime's `String ==` once per candidate.
enum Words {
    /// The index of the first of `words` that `key` equals (as `String ==` decides), or nil.
    /// An ASCII key equals only the word with the same bytes; any other key is compared
    /// with `==` (it could be canonically equivalent to a word).
    static func index(of key: String, among words: [StaticString]) -> Int? {
        let verdict = key.utf8.withContiguousStorageIfAvailable { bytes -> (found: Int?, isASCII: Bool) in
            for k in words.indices where same(bytes, words[k]) { return (k, true) }
            var any: UInt8 = 0
            for b in bytes { any |= b }
            return (nil, any < 0x80)
        }
        if let verdict, verdict.found != nil || verdict.isASCII { return verdict.found }
        return words.firstIndex { $0.description == key }
    }

    @inline(__always)
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard word.utf8CodeUnitCount == bytes.count else { return false }
        let w = word.utf8Start
        var i = 0
        while i < bytes.count, bytes[i] == w[i] { i += 1 }
        return i == bytes.count
    }
}
