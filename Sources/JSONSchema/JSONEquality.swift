import WidgetSupport

/// JSON Schema's equality: numbers by value, strings and member names code point by
/// code point (not by canonical equivalence, as `String ==` would), objects unordered.
enum JSONEquality {
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
            return NumberMath.compare(a, b) == 0 && !(a.number?.isNaN ?? false)
        case (.string(let x), .string(let y)): return sameBytes(x, y)
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for k in x.indices where !equal(x[k], y[k]) { return false }
            return true
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            let yKeys = y.keys, yValues = y.values
            outer: for (key, value) in x {
                for k in yKeys.indices where sameBytes(yKeys[k], key) {
                    if equal(value, yValues[k]) { continue outer }
                    return false
                }
                return false
            }
            return true
        default: return false
        }
    }

    @inline(__always)
    static func sameBytes(_ x: String, _ y: String) -> Bool {
        let a = x.utf8, b = y.utf8
        guard a.count == b.count else { return false }
        if let r = a.withContiguousStorageIfAvailable({ pa in b.withContiguousStorageIfAvailable { pb in bytesEqual(pa, pb) } }), let r {
            return r
        }
        return a.elementsEqual(b)
    }

    /// Compares two byte buffers of the same length, eight bytes at a time.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        guard n > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return bytesEqual(UnsafeRawPointer(pa), UnsafeRawPointer(pb), count: n)
    }

    /// Compares `n` bytes a word at a time; the last word overlaps the one before rather
    /// than ending in a byte loop.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count n: Int) -> Bool {
        if n >= 8 {
            var i = 0
            while i + 8 < n {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                    return false
                }
                i += 8
            }
            return a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        }
        if n >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        }
        var i = 0
        while i < n {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i += 1
        }
        return true
    }

    /// A hash consistent with `equal`, for `uniqueItems` over long arrays.
    static func hash(_ v: JSONValue, into h: inout UInt64) {
        @inline(__always) func mix(_ x: UInt64) { h = (h ^ x) &* 0x100_0000_01b3 }
        switch v {
        case .null: mix(1)
        case .bool(let b): mix(b ? 3 : 2)
        case .int(let i): mix(Double(i).bitPattern)
        case .double(let d): mix((d == 0 ? 0 : d).bitPattern)
        case .string(let s):
            mix(5)
            for byte in s.utf8 { mix(UInt64(byte)) }
        case .array(let items):
            mix(6)
            for item in items { hash(item, into: &h) }
        case .object(let o):
            mix(7)
            var sum: UInt64 = 0
            for (key, value) in o {
                var member: UInt64 = 0xcbf2_9ce4_8422_2325
                hash(.string(key), into: &member)
                hash(value, into: &member)
                sum &+= member
            }
            mix(sum)
        }
    }
}
