import WidgetCEL
import WidgetSupport

/// Whether two JSON values are the same spelling: the same storage, or the same cases with
/// integers and doubles apart (4 is not 4.0), doubles by their bits (0 is not -0.0), members in
/// the same order, and strings and keys of the same Unicode scalars (`exactlyEqual`). JSON's `==`
/// says more are equal: 4 and 4.0, objects in another member order, and, through String's `==`,
/// canonically equivalent text ("é" precomposed and "e\u{301}"), which is written differently.
/// What the reload's lets are reused over (`ReloadLetsMemo`) and what `run --view` keys its
/// trees by (`FaceCache`).
package func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
    if sameStorage(a, b) { return true }
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.int(let x), .int(let y)): return x == y
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return exactlyEqual(x, y)
    case (.array(let x), .array(let y)):
        return sameElements(x, y, sameJSON)
    case (.object(let x), .object(let y)):
        return sameElements(x.keys, y.keys, exactlyEqual) && sameElements(x.values, y.values, sameJSON)
    default: return false
    }
}

/// Whether two arrays have the same count and their elements are the same by `same`, each
/// pair's bits looked at first (`sameBits`). The reload-lets memo's check of `data`, a new
/// object each reload over the same sources, compared each key's text and retained and released
/// each member: ~1,400 instructions a reload (bench/let_bench.py's corpus with five lets over
/// 365 days, callgrind).
@inline(__always)
package func sameElements<T>(_ a: [T], _ b: [T], _ same: (T, T) -> Bool) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            for i in 0..<a.count where !sameBits(a.baseAddress! + i, b.baseAddress! + i) && !same(a[i], b[i]) { return false }
            return true
        }
    }
}

/// Whether two values have the same bits: then they are the same number, inline text or
/// storage, so the same (other bits may still be the same value). Looked at before a compare by
/// cases, which retains and releases what it takes apart (`LayoutMemo`'s compare: 392.5 M ->
/// 218.6 M instructions on bench/let_bench.py's corpus with five lets over 365 days, callgrind).
@inline(__always)
package func sameBits<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>) -> Bool {
    let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
    var i = 0
    while i + 8 <= MemoryLayout<T>.size {
        guard x.loadUnaligned(fromByteOffset: i, as: UInt64.self) == y.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
        i += 8
    }
    while i < MemoryLayout<T>.size {
        guard x.load(fromByteOffset: i, as: UInt8.self) == y.load(fromByteOffset: i, as: UInt8.self) else { return false }
        i += 1
    }
    return true
}

/// `sameJSON` of values that may be absent: both absent, or both present and the same spelling.
/// Not an overload of `sameJSON`: a `nil` literal would be taken as JSON's null there.
package func sameOptionalJSON(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let x?, let y?): sameJSON(x, y)
    default: false
    }
}

/// Whether two objects or arrays share their storage (so they are the same without a look
/// inside); false for other values.
package func sameStorage(_ a: JSONValue, _ b: JSONValue) -> Bool {
    func same<T>(_ x: [T], _ y: [T]) -> Bool {
        x.withUnsafeBufferPointer { p in y.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress && p.count == q.count } }
    }
    switch (a, b) {
    case (.object(let x), .object(let y)): return same(x.keys, y.keys) && same(x.values, y.values)
    case (.array(let x), .array(let y)): return same(x, y)
    default: return false
    }
}
