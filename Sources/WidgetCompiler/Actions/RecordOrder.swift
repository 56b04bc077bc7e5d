import WidgetSupport

/// The order of dynamic shortcut records: by one field (a dotted path), ascending or descending.
///
/// Values of different types are ordered numbers, then strings, then booleans
/// (ascending; descending reverses it). Numbers compare numerically (integers
/// exactly), strings by Unicode scalar values, so ISO 8601 instants written
/// alike (same offset, same precision) compare chronologically; `false` comes
/// before `true`. A record without a sortable value there (missing, null, an
/// array, an object, NaN) comes last in both directions. Ties keep the data's order.
public struct RecordOrder: Sendable, Hashable {
    public enum Direction: String, Sendable, Hashable {
        case ascending, descending
    }

    /// The field's path inside a record, such as `["meta", "modified"]`.
    public let path: [String]
    public let direction: Direction

    public init(path: [String], direction: Direction) {
        self.path = path
        self.direction = direction
    }

    /// The records' indices in this order (stable).
    public func sortedIndices(_ records: [JSONValue]) -> [Int] {
        let keys = records.map { SortKey($0.lookup(path: path)) }
        let descending = direction == .descending
        return records.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case (.missing, .missing): return a < b
            case (.missing, _): return false
            case (_, .missing): return true
            case let (x, y):
                if x.precedes(y) { return !descending }
                if y.precedes(x) { return descending }
                return a < b
            }
        }
    }
}

/// A record's sortable value.
enum SortKey {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case missing

    init(_ value: JSONValue?) {
        switch value {
        case .int(let i)?: self = .int(i)
        case .double(let d)? where !d.isNaN: self = .double(d)
        case .string(let s)?: self = .string(s)
        case .bool(let b)?: self = .bool(b)
        default: self = .missing
        }
    }

    /// Types in ascending order: numbers, strings, booleans.
    private var rank: Int {
        switch self {
        case .int, .double: 0
        case .string: 1
        case .bool: 2
        case .missing: 3
        }
    }

    /// Strictly before `other` in ascending order.
    func precedes(_ other: SortKey) -> Bool {
        switch (self, other) {
        case let (.int(a), .int(b)): return a < b
        case let (.int(a), .double(b)): return Self.less(a, b)
        case let (.double(a), .int(b)): return !Self.less(b, a) && !Self.equal(b, a)
        case let (.double(a), .double(b)): return a < b
        case let (.string(a), .string(b)): return Self.less(a, b)
        case let (.bool(a), .bool(b)): return !a && b
        default: return rank < other.rank
        }
    }

    /// By Unicode scalar values, which is UTF-8 byte order (String's `<` would compare canonical equivalents).
    private static func less(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                var k = 0
                while k < common {
                    if x[k] != y[k] { return x[k] < y[k] }
                    k += 1
                }
                return x.count < y.count
            }
        }
    }

    /// `i < d`, exactly (an Int above 2^53 is not rounded to a Double first).
    private static func less(_ i: Int, _ d: Double) -> Bool {
        if d >= 9_223_372_036_854_775_808.0 { return true }
        if d < -9_223_372_036_854_775_808.0 { return false }
        let whole = d.rounded(.down)
        let w = Int(whole)
        return i < w || (i == w && d > whole)
    }

    /// `i == d`, exactly.
    private static func equal(_ i: Int, _ d: Double) -> Bool {
        guard d == d.rounded(.towardZero), d >= -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_808.0 else { return false }
        return Int(d) == i
    }
}
