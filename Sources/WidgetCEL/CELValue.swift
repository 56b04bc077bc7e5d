import WidgetSupport

/// A CEL value: what an expression evaluates to, and what variables are bound to.
///
/// Strings compare and hash by their Unicode scalars (CEL does not normalise text, so
/// `'é'` written precomposed and decomposed are different strings), unlike Swift's `String`.
package enum CELValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case list([CELValue])
    case map(CELMap)
    case timestamp(CELTimestamp)
    case duration(CELDuration)
    /// A type as a value (`type(1) == int`), by its CEL name.
    case type(String)

    /// Which case the value is, without its payload (what an overload's parameter takes).
    /// (Raw values: `CELFunctionTable.kindCodes` packs a kind in four bits.)
    enum Kind: UInt8, Sendable {
        case null, bool, int, uint, double, string, bytes, list, map, timestamp, duration, type
    }

    var kind: Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .uint: .uint
        case .double: .double
        case .string: .string
        case .bytes: .bytes
        case .list: .list
        case .map: .map
        case .timestamp: .timestamp
        case .duration: .duration
        case .type: .type
        }
    }

    /// The CEL name of the value's type, as `type(x)` gives it.
    package var typeName: String {
        switch self {
        case .null: "null_type"
        case .bool: "bool"
        case .int: "int"
        case .uint: "uint"
        case .double: "double"
        case .string: "string"
        case .bytes: "bytes"
        case .list: "list"
        case .map: "map"
        case .timestamp: "google.protobuf.Timestamp"
        case .duration: "google.protobuf.Duration"
        case .type: "type"
        }
    }

    /// The type name users read in messages (`timestamp`, not the protobuf name).
    package var kindName: String {
        switch self {
        case .timestamp: "timestamp"
        case .duration: "duration"
        default: typeName
        }
    }
}

// MARK: Equality (CEL's: numbers across kinds, NaN unequal, maps unordered)

extension CELValue {
    /// CEL equality. Values of different kinds are unequal (not an error); `1 == 1u == 1.0`.
    package static func celEqual(_ a: CELValue, _ b: CELValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return exactlyEqual(x, y)
        case (.bytes(let x), .bytes(let y)): return x == y
        case (.list(let x), .list(let y)):
            guard x.count == y.count else { return false }
            for i in x.indices where !celEqual(x[i], y[i]) { return false }
            return true
        case (.map(let x), .map(let y)):
            guard x.count == y.count else { return false }
            for (k, v) in x {
                guard let w = y[k], celEqual(v, w) else { return false }
            }
            return true
        case (.timestamp(let x), .timestamp(let y)): return x == y
        case (.duration(let x), .duration(let y)): return x == y
        case (.type(let x), .type(let y)): return x == y
        default:
            if let order = numericOrder(a, b) { return order == 0 }
            return false
        }
    }

    /// -1, 0 or 1 for two numbers of any numeric kinds, compared exactly; nil when either is
    /// not a number or a NaN is involved.
    package static func numericOrder(_ a: CELValue, _ b: CELValue) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.uint(let x), .uint(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.double(let x), .double(let y)):
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x == y ? 0 : 1)
        case (.int(let x), .uint(let y)): return x < 0 ? -1 : compare(UInt64(x), y)
        case (.uint(let x), .int(let y)): return y < 0 ? 1 : compare(x, UInt64(y))
        case (.int(let x), .double(let y)): return compareIntDouble(x, y)
        case (.double(let x), .int(let y)): return compareIntDouble(y, x).map { -$0 }
        case (.uint(let x), .double(let y)): return compareUIntDouble(x, y)
        case (.double(let x), .uint(let y)): return compareUIntDouble(y, x).map { -$0 }
        default: return nil
        }
    }

    private static func compare<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }

    /// An int or uint against a double: as doubles, as cel-go compares them.
    private static func compareIntDouble(_ x: Int64, _ y: Double) -> Int? {
        let dx = Double(x)
        if y.isNaN { return nil }
        return dx < y ? -1 : (dx == y ? 0 : 1)
    }

    private static func compareUIntDouble(_ x: UInt64, _ y: Double) -> Int? {
        let dx = Double(x)
        if y.isNaN { return nil }
        return dx < y ? -1 : (dx == y ? 0 : 1)
    }
}

// MARK: Maps

/// A map key: CEL allows int, uint, bool and string keys; an int and a uint of the same
/// value (and a double equal to an integer, on lookup) are the same key.
package enum CELKey: Hashable, Sendable {
    case int(Int64)
    /// Only for values above `Int64.max`; smaller uints are `.int`.
    case bigUInt(UInt64)
    case bool(Bool)
    case string(ExactString)

    /// The key a value is stored under, or nil when the value cannot be a key.
    package init?(_ value: CELValue) {
        switch value {
        case .int(let i): self = .int(i)
        case .uint(let u): self = u <= UInt64(Int64.max) ? .int(Int64(u)) : .bigUInt(u)
        case .bool(let b): self = .bool(b)
        case .string(let s): self = .string(ExactString(s))
        default: return nil
        }
    }

    /// The key a lookup with `value` finds: a double equal to an integer finds that integer.
    package init?(lookup value: CELValue) {
        if case .double(let d) = value {
            guard d.isFinite, d.rounded(.towardZero) == d else { return nil }
            if d >= -9_223_372_036_854_775_808.0 && d < 9_223_372_036_854_775_808.0 { self = .int(Int64(d)); return }
            if d >= 0 && d < 18_446_744_073_709_551_616.0 { self = .bigUInt(UInt64(d)); return }
            return nil
        }
        self.init(value)
    }
}

/// Whether two strings have the same Unicode scalars (not canonical equivalence, as Swift's `==`).
/// Compared as UTF-8, which encodes each scalar sequence one way: decoding the scalars of both was
/// most of a small map's lookup (`entry.date` in bench/let_bench.py: 270 of 330 instructions).
/// Byte by byte over the strings' storage: the UTF-8 views compared element by element were
/// still 440 instructions for that lookup (callgrind).
@inline(__always)
package func exactlyEqual(_ a: String, _ b: String) -> Bool {
    let count = a.utf8.count
    guard count == b.utf8.count else { return false }
    let same = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in
            var i = 0
            while i < count, x[i] == y[i] { i += 1 }
            return i == count
        }
    }
    return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
}

/// A string that compares and hashes by Unicode scalars (no canonical equivalence).
package struct ExactString: Hashable, Sendable {
    package let value: String
    package init(_ value: String) { self.value = value }
    package static func == (a: ExactString, b: ExactString) -> Bool { exactlyEqual(a.value, b.value) }
    package func hash(into hasher: inout Hasher) {
        for scalar in value.unicodeScalars { hasher.combine(scalar.value) }
    }
}

/// A CEL map: entries in insertion order, looked up by `CELKey`.
///
/// Most maps are small (an entry's fields, a record's members, the lets): up to
/// `indexedFrom - 1` entries are found by a scan of the keys, and only larger maps keep a hash
/// index. bench/let_bench.py (five lets on every example, release, callgrind on a tutorials copy
/// over 10 days): building maps was 40.8% of the run's instructions, most of it hashing and the
/// index's allocation; with the scan, see `LetEvaluator` for the figure of the whole change.
package struct CELMap: Sendable, Sequence {
    package private(set) var keys: [CELValue] = []
    package private(set) var values: [CELValue] = []
    /// Empty until the map has `indexedFrom` entries.
    private var index: [CELKey: Int] = [:]
    static let indexedFrom = 9

    package init() {}

    /// A map of keys known to be distinct and valid (a host's fixed set of names).
    package init(distinctKeys keys: [CELValue], values: [CELValue]) {
        precondition(keys.count == values.count)
        self.keys = keys
        self.values = values
        if keys.count >= Self.indexedFrom {
            for i in keys.indices { if let k = CELKey(keys[i]) { index[k] = i } }
        }
    }

    package var count: Int { keys.count }

    private func position(of k: CELKey) -> Int? {
        if keys.count >= Self.indexedFrom { return index[k] }
        for i in keys.indices where CELKey(keys[i]) == k { return i }
        return nil
    }

    /// The position of a string key, compared without making a `CELKey` of every key.
    private func position(ofString key: String) -> Int? {
        if keys.count >= Self.indexedFrom { return index[.string(ExactString(key))] }
        for i in keys.indices {
            if case .string(let s) = keys[i], exactlyEqual(s, key) { return i }
        }
        return nil
    }

    private mutating func append(_ key: CELValue, _ k: CELKey, _ value: CELValue) {
        keys.append(key)
        values.append(value)
        if keys.count == Self.indexedFrom {
            index.reserveCapacity(Self.indexedFrom * 2)
            for i in keys.indices { if let ki = CELKey(keys[i]) { index[ki] = i } }
        } else if keys.count > Self.indexedFrom {
            index[k] = keys.count - 1
        }
    }

    /// Adds an entry; false when the key is already there or cannot be a key.
    @discardableResult
    package mutating func insert(_ key: CELValue, _ value: CELValue) -> Bool {
        guard let k = CELKey(key), position(of: k) == nil else { return false }
        append(key, k, value)
        return true
    }

    /// Sets an entry whose key is a string (for JSON objects), replacing one that is there.
    package mutating func set(_ key: String, _ value: CELValue) {
        if let i = position(ofString: key) { values[i] = value; return }
        append(.string(key), .string(ExactString(key)), value)
    }

    /// Adds a string key known to be new (a JSON object's keys are distinct).
    mutating func appendNew(_ key: String, _ value: CELValue) {
        append(.string(key), .string(ExactString(key)), value)
    }

    package subscript(key: CELValue) -> CELValue? {
        guard let k = CELKey(lookup: key), let i = position(of: k) else { return nil }
        return values[i]
    }

    package subscript(string key: String) -> CELValue? {
        guard let i = position(ofString: key) else { return nil }
        return values[i]
    }

    package func makeIterator() -> Zip2Sequence<[CELValue], [CELValue]>.Iterator { zip(keys, values).makeIterator() }
}

// MARK: JSON

extension CELValue {
    /// A JSON value as CEL reads it: integers stay `int`, objects become maps with string keys.
    package init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(Int64(i))
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array(let a): self = .list(a.map(CELValue.init(json:)))
        case .object(let o):
            var map = CELMap()
            for (k, v) in o { map.appendNew(k, CELValue(json: v)) }
            self = .map(map)
        }
    }

    /// The value as JSON for templates and output: timestamps and durations as their CEL
    /// strings, bytes as base64, uints above `Int.max` as doubles, non-string map keys as text.
    package var json: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(Int(i))
        case .uint(let u): return u <= UInt64(Int.max) ? .int(Int(u)) : .double(Double(u))
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .bytes(let b): return .string(Base64.encode(b))
        case .list(let l): return .array(l.map(\.json))
        case .map(let m):
            var o = JSONObject()
            for (k, v) in m { o[k.displayText] = v.json }
            return .object(o)
        case .timestamp(let t): return .string(t.description)
        case .duration(let d): return .string(d.description)
        case .type(let name): return .string(name)
        }
    }

    /// The value as `string()` would write it, and as a message quotes it.
    package var displayText: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .uint(let u): "\(u)u"
        case .double(let d): CELFormat.double(d)
        case .string(let s): s
        case .bytes(let b): "b\"" + (String(validating: b, as: UTF8.self) ?? Base64.encode(b)) + "\""
        case .list, .map: CELFormat.literal(self)
        case .timestamp(let t): t.description
        case .duration(let d): d.description
        case .type(let name): name
        }
    }
}

/// Standard base64 (RFC 4648, padded).
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes padded or unpadded base64; nil for anything else.
    package static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(c - 65)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(c - 97 + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(c - 48 + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): continue
            default: return nil
            }
        }
        if values.count % 4 == 1 { return nil }
        var out: [UInt8] = []
        var i = 0
        while i + 1 < values.count {
            out.append(values[i] << 2 | values[i + 1] >> 4)
            if i + 2 < values.count { out.append(values[i + 1] << 4 | values[i + 2] >> 2) }
            if i + 3 < values.count { out.append(values[i + 2] << 6 | values[i + 3]) }
            i += 4
        }
        return out
    }
}
