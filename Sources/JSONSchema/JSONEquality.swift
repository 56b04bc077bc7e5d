import WidgetSupport

/// JSON Schema's equality, between an instance node and a schema's value (`enum`,
/// `const`) or between two instance nodes (`uniqueItems`): numbers by value (`1 == 1.0`),
/// strings and member names code point by code point, that is byte by byte (not by
/// canonical equivalence, as `String ==` would), objects unordered. Nodes are read in
/// place from their document; no string is made.
enum JSONEquality {
    /// Whether instance `a` equals the schema's value `b`.
    static func equal(_ a: Instance, _ b: JSONValue, in doc: SourceDocument.Tables) -> Bool {
        let x = a.pointee
        switch (x.kind, b) {
        case (.null, .null): return true
        case (.bool, .bool(let y)): return (x.payload != 0) == y
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double): return sameNumber(x.numberValue, b)
        case (.string, .string(let y)): return sameBytes(doc.stringBytes(a), y)
        case (.array, .array(let items)):
            let children = doc.children(of: a)
            guard children.count == items.count else { return false }
            for k in items.indices where !equal(doc.node(children[k]), items[k], in: doc) { return false }
            return true
        case (.object, .object(let object)):
            let members = doc.children(of: a)
            guard members.count == object.count else { return false }
            let keys = object.keys, values = object.values
            // Names are distinct on both sides: each member must find its namesake, equal.
            outer: for member in members {
                let name = doc.keyBytes(member)
                for k in keys.indices where sameBytes(name, keys[k]) {
                    if equal(doc.node(member), values[k], in: doc) { continue outer }
                    return false
                }
                return false
            }
            return true
        default: return false
        }
    }

    /// Whether two instance nodes are equal.
    static func equal(_ a: Instance, _ b: Instance, in doc: SourceDocument.Tables) -> Bool {
        let x = a.pointee, y = b.pointee
        switch (x.kind, y.kind) {
        case (.null, .null): return true
        case (.bool, .bool): return (x.payload != 0) == (y.payload != 0)
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double): return sameNumber(x.numberValue, y.numberValue)
        case (.string, .string): return doc.stringBytes(a).hasSameBytes(as: doc.stringBytes(b))
        case (.array, .array):
            let xs = doc.children(of: a), ys = doc.children(of: b)
            guard xs.count == ys.count else { return false }
            for k in xs.indices where !equal(doc.node(xs[k]), doc.node(ys[k]), in: doc) { return false }
            return true
        case (.object, .object):
            let xs = doc.children(of: a), ys = doc.children(of: b)
            guard xs.count == ys.count else { return false }
            outer: for member in xs {
                let name = doc.keyBytes(member)
                for other in ys where name.hasSameBytes(as: doc.keyBytes(other)) {
                    if equal(doc.node(member), doc.node(other), in: doc) { continue outer }
                    return false
                }
                return false
            }
            return true
        default: return false
        }
    }

    /// Numbers by value; NaN (which YAML can write) equals nothing.
    private static func sameNumber(_ a: JSONValue, _ b: JSONValue) -> Bool {
        NumberMath.compare(a, b) == 0 && !(a.number?.isNaN ?? false)
    }

    /// Whether the bytes are the string's UTF-8.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    static func sameBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ s: String) -> Bool {
        let utf8 = s.utf8
        guard utf8.count == bytes.count else { return false }
        if let r = utf8.withContiguousStorageIfAvailable({ bytes.hasSameBytes(as: $0) }) { return r }
        return utf8.elementsEqual(bytes)
    }

    /// A hash consistent with `equal` between nodes, for `uniqueItems` over long arrays.
    static func hash(_ value: Instance, in doc: SourceDocument.Tables, into h: inout UInt64) {
        // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
        @inline(__always) func mix(_ x: UInt64) { h = (h ^ x) &* 0x100_0000_01b3 }
        let x = value.pointee
        switch x.kind {
        case .null: mix(1)
        case .bool: mix(x.payload != 0 ? 3 : 2)
        case .int: mix(Double(Int(truncatingIfNeeded: x.payload)).bitPattern)
        case .double: mix((x.doubleValue == 0 ? 0 : x.doubleValue).bitPattern)
        case .string: hashString(doc.stringBytes(value), into: &h)
        case .array:
            mix(6)
            for item in doc.children(of: value) { hash(doc.node(item), in: doc, into: &h) }
        case .object:
            mix(7)
            // Order-free: the members' own hashes are summed.
            var sum: UInt64 = 0
            for member in doc.children(of: value) {
                var one: UInt64 = 0xcbf2_9ce4_8422_2325
                hashString(doc.keyBytes(member), into: &one)
                hash(doc.node(member), in: doc, into: &one)
                sum &+= one
            }
            mix(sum)
        }
    }

    private static func hashString(_ bytes: UnsafeBufferPointer<UInt8>, into h: inout UInt64) {
        h = (h ^ 5) &* 0x100_0000_01b3
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}
