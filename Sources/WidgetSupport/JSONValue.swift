/// A JSON value: what a YAML or JSON document means once it has been read.
///
/// Integers that fit 64 bits stay integers; every other number is a `Double`.
/// Objects keep their keys in source order. Equality is JSON's: `1 == 1.0`, and
/// objects compare as unordered sets of members.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// JSON Schema's type name: `null boolean integer number string array object`.
    /// Doubles with no fractional part are `integer` (as the 2020-12 spec says).
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double(let d): (d.rounded(.towardZero) == d && d.isFinite) ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The numeric value, for ints and doubles.
    package var number: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    package var string: String? { if case .string(let s) = self { s } else { nil } }
    package var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    package var object: JSONObject? { if case .object(let o) = self { o } else { nil } }
    package var isNull: Bool { if case .null = self { true } else { false } }

    /// Member lookup for objects; nil for anything else.
    package subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// Follows reference tokens through objects and arrays.
    package func value(at tokens: some Sequence<String>) -> JSONValue? {
        var current = self
        for token in tokens {
            switch current {
            case .object(let o):
                guard let next = o[token] else { return nil }
                current = next
            case .array(let a):
                guard let i = Int(token), i >= 0, i < a.count, token == String(i) else { return nil }
                current = a[i]
            default:
                return nil
            }
        }
        return current
    }
}

extension JSONValue: Equatable {
    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.int, .double), (.double, .int), (.double, .double):
            return a.number! == b.number!
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x where y[key] != value { return false }
            return true
        default: return false
        }
    }
}

extension JSONValue: Hashable {
    /// Consistent with `==`: numbers hash by value, objects ignore member order.
    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(Double(i))
        case .double(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            var sum = 0
            for (k, v) in o { sum &+= k.hashValue ^ v.hashValue }
            hasher.combine(sum)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(nilLiteral: ()) { self = .null }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        var o = JSONObject()
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
}

/// A JSON object that keeps its members in insertion order.
///
/// Widget documents have a handful of keys, so lookup is a linear scan of
/// contiguous storage; large objects get a hash index built on demand.
package struct JSONObject: Sendable, Sequence {
    package private(set) var keys: [String] = []
    package private(set) var values: [JSONValue] = []
    private var index: [String: Int]? = nil

    private static let indexThreshold = 16

    package init() {}

    package init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// Members from keys known to be distinct (no lookups while building).
    package init(distinctKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
        if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    package var count: Int { keys.count }
    package var isEmpty: Bool { keys.isEmpty }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    package subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                appendNew(key, newValue)
            }
        }
    }

    /// Room for `n` members without growing.
    package mutating func reserveCapacity(_ n: Int) {
        keys.reserveCapacity(n)
        values.reserveCapacity(n)
    }

    /// Appends a member the caller knows is not there yet (no lookup).
    package mutating func appendNew(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
        if index != nil {
            index![key] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// Removes a member (a plain method, since `o[k] = nil` would store JSON null
    /// through `JSONValue`'s nil literal whenever the right side is a `JSONValue`).
    package mutating func removeValue(forKey key: String) {
        self[key] = Optional<JSONValue>.none
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.indexThreshold else { index = nil; return }
        var map = [String: Int](minimumCapacity: keys.count)
        for (i, k) in keys.enumerated() { map[k] = i }
        index = map
    }

    package func makeIterator() -> Iterator { Iterator(keys: keys, values: values) }

    /// Iterates members in order as `(key, value)` pairs.
    package struct Iterator: IteratorProtocol {
        let keys: [String]
        let values: [JSONValue]
        var i = 0
        package mutating func next() -> (key: String, value: JSONValue)? {
            guard i < keys.count else { return nil }
            defer { i += 1 }
            return (keys[i], values[i])
        }
    }
}
