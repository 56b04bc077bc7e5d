import WidgetSupport

/// The order of dynamic shortcut records: by one field (a dotted path), ascending or descending.
///
/// Values of different types are ordered numbers, then strings, then booleans
/// (ascending; descending reverses it). Numbers compare numerically (integers
/// exactly), strings by Unicode scalar values, so ISO 8601 instants written
/// alike (same offset, same precision) compare chronologically; `false` comes
/// before `true`. A record without a sortable value there (missing, null, an
/// array, an object, NaN) comes last in both directions. Ties keep the data's order.
package struct RecordOrder: Sendable, Hashable {
    package enum Direction: String, Sendable, Hashable, CaseIterable {
        case ascending, descending
    }

    /// The field's path inside a record, such as `["meta", "modified"]`.
    package let path: [String]
    package let direction: Direction

    package init(path: [String], direction: Direction) {
        self.path = path
        self.direction = direction
    }

    /// The records' indices in this order (stable).
    ///
    /// Records are split by the type of their value and each group is sorted on
    /// its own: numbers as numbers, strings as spans of one shared UTF-8 buffer
    /// (no reference counting while comparing), booleans by a stable partition.
    package func sortedIndices(_ records: [JSONValue]) -> [Int] {
        var numbers: [(key: NumberKey, index: Int)] = []
        var text: [UInt8] = []
        var strings: [(start: Int, count: Int, index: Int)] = []
        var falses: [Int] = []
        var trues: [Int] = []
        var missing: [Int] = []
        for (index, record) in records.enumerated() {
            switch record.lookup(path: path) {
            case .int(let i)?: numbers.append((.int(i), index))
            case .double(let d)? where !d.isNaN: numbers.append((.double(d), index))
            case .string(let s)?:
                strings.append((text.count, s.utf8.count, index))
                text.append(contentsOf: s.utf8)
            case .bool(let b)?: if b { trues.append(index) } else { falses.append(index) }
            default: missing.append(index)
            }
        }
        let descending = direction == .descending
        numbers.sort { a, b in
            if a.key.precedes(b.key) { return !descending }
            if b.key.precedes(a.key) { return descending }
            return a.index < b.index
        }
        strings.sort { a, b in
            let order = Self.compare(text, a.start, a.count, b.start, b.count)
            if order != 0 { return (order < 0) != descending }
            return a.index < b.index
        }
        let numberIndices = numbers.map(\.index)
        let stringIndices = strings.map(\.index)
        let present = descending
            ? trues + falses + stringIndices + numberIndices
            : numberIndices + stringIndices + falses + trues
        return present + missing
    }

    /// Byte-wise comparison of two UTF-8 spans (UTF-8 byte order is Unicode scalar order).
    private static func compare(_ bytes: [UInt8], _ a: Int, _ aCount: Int, _ b: Int, _ bCount: Int) -> Int {
        let common = min(aCount, bCount)
        var k = 0
        while k < common {
            let x = bytes[a + k], y = bytes[b + k]
            if x != y { return x < y ? -1 : 1 }
            k += 1
        }
        return aCount == bCount ? 0 : (aCount < bCount ? -1 : 1)
    }
}

/// A number to sort by, compared exactly across integers and doubles.
enum NumberKey {
    case int(Int)
    case double(Double)

    /// Strictly before `other`.
    func precedes(_ other: NumberKey) -> Bool {
        switch (self, other) {
        case let (.int(a), .int(b)): a < b
        case let (.double(a), .double(b)): a < b
        case let (.int(a), .double(b)): Self.less(a, b)
        case let (.double(a), .int(b)): !Self.less(b, a) && !Self.equal(b, a)
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
