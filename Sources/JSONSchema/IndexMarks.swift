/// Which members of an object (by position) or items of an array a schema evaluated:
/// the annotations `unevaluatedProperties` and `unevaluatedItems` look at.
struct IndexMarks {
    /// Everything is evaluated (e.g. `items`, `additionalProperties`).
    var all = false
    private var low: UInt64 = 0
    private var high: [UInt64] = []

    @inline(__always)
    mutating func insert(_ i: Int) {
        if i < 64 {
            low |= 1 << UInt64(i)
        } else {
            let word = i / 64 - 1
            if word >= high.count { high += [UInt64](repeating: 0, count: word - high.count + 1) }
            high[word] |= 1 << UInt64(i % 64)
        }
    }

    @inline(__always)
    func contains(_ i: Int) -> Bool {
        if all { return true }
        if i < 64 { return low & (1 << UInt64(i)) != 0 }
        let word = i / 64 - 1
        return word < high.count && high[word] & (1 << UInt64(i % 64)) != 0
    }

    mutating func insert(upTo end: Int) {
        if end >= 64 {
            low = ~0
            for i in 64..<end { insert(i) }
        } else if end > 0 {
            low |= (1 << UInt64(end)) - 1
        }
    }

    mutating func formUnion(_ other: IndexMarks) {
        all = all || other.all
        low |= other.low
        if !other.high.isEmpty {
            if high.count < other.high.count { high += [UInt64](repeating: 0, count: other.high.count - high.count) }
            for (k, w) in other.high.enumerated() { high[k] |= w }
        }
    }
}
