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

extension JSONValue {
    /// Whether the value is a scalar (not an array or an object).
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
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
