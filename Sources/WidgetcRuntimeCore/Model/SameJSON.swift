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
        guard x.count == y.count else { return false }
        for k in x.indices where !sameJSON(x[k], y[k]) { return false }
        return true
    case (.object(let x), .object(let y)):
        guard x.keys.count == y.keys.count else { return false }
        for k in x.keys.indices where !exactlyEqual(x.keys[k], y.keys[k]) || !sameJSON(x.values[k], y.values[k]) { return false }
        return true
    default: return false
    }
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
