import WidgetSupport

/// The tags a definition may carry: the core schema's, and the non-specific `!`.
///
/// Any other tag would ask a YAML library to construct an object of some
/// type; widget files never do that, so such tags are refused.
enum CoreTag: Equatable {
    case str, int, float, bool, null, map, seq
    /// `!`: the node is taken as written (a scalar is a string).
    case nonSpecific

    private static let prefix: [UInt8] = Array("tag:yaml.org,2002:".utf8)

    /// Reads the tag libyaml resolved (a NUL-terminated string); nil if it is not allowed.
    init?(resolved tag: UnsafePointer<UInt8>) {
        if tag[0] == UInt8(ascii: "!") && tag[1] == 0 {
            self = .nonSpecific
            return
        }
        for (i, c) in Self.prefix.enumerated() where tag[i] != c { return nil }
        var suffix: [UInt8] = []
        var p = tag + Self.prefix.count
        while p.pointee != 0, suffix.count < 8 {
            suffix.append(p.pointee)
            p += 1
        }
        guard p.pointee == 0 else { return nil }
        switch String(decoding: suffix, as: UTF8.self) {
        case "str": self = .str
        case "int": self = .int
        case "float": self = .float
        case "bool": self = .bool
        case "null": self = .null
        case "map": self = .map
        case "seq": self = .seq
        default: return nil
        }
    }

    /// The tag as a user writes it: `!!set` for the core namespace, else verbatim.
    static func display(_ tag: UnsafePointer<UInt8>) -> String {
        let text = String(cString: tag)
        let prefixText = "tag:yaml.org,2002:"
        if text.hasPrefix(prefixText) { return "!!" + text.dropFirst(prefixText.count) }
        return text
    }

    var display: String {
        switch self {
        case .str: "!!str"
        case .int: "!!int"
        case .float: "!!float"
        case .bool: "!!bool"
        case .null: "!!null"
        case .map: "!!map"
        case .seq: "!!seq"
        case .nonSpecific: "!"
        }
    }

    /// The value of a scalar under this tag, or why its text is not one.
    func scalarValue(_ text: UnsafeBufferPointer<UInt8>) -> ScalarResult {
        switch self {
        case .str, .nonSpecific:
            return .value(.string)
        case .map, .seq:
            return .wrongNodeKind
        case .int, .float, .bool, .null:
            switch (self, CoreSchema.classify(text)) {
            case (.null, .null): return .value(.null)
            case (.bool, .bool(let b)): return .value(.bool(b))
            case (.int, .int(let i)): return .value(.int(i))
            case (.int, .bigInt(let d)), (.float, .bigInt(let d)), (.float, .float(let d)): return .value(.double(d))
            case (.float, .int(let i)): return .value(.double(Double(i)))
            default: return .notThisKind
            }
        }
    }

    enum ScalarResult {
        case value(CoreSchema.Value)
        /// `!!map`/`!!seq` on a scalar.
        case wrongNodeKind
        /// The text is not a value of this tag (`!!int abc`).
        case notThisKind
    }
}
