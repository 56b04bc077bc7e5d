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
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "{"), previous == byte { return true }
            previous = byte
        }
        return false
    }
}
