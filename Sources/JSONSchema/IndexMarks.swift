/// Which members of an object (by position) or items of an array a schema evaluated:
/// the annotations `unevaluatedProperties` and `unevaluatedItems` look at.
///
/// The first 64 positions live in one word; more go to a class-held overflow created
/// only when needed (copied on write by hand). No array field: the optimizer would make
/// it unique, allocating, even on paths that never touch it.
struct IndexMarks {
    /// Everything is evaluated (e.g. `items`, `additionalProperties`).
    var all = false
    private var low: UInt64 = 0
    private var high: Overflow? = nil

    private final class Overflow {
        var words: [UInt64]
        init(_ words: [UInt64]) { self.words = words }
    }

    @inline(__always)
    mutating func insert(_ i: Int) {
        if i < 64 {
            low |= 1 << UInt64(i)
        } else {
            insertHigh(i)
        }
    }

    private mutating func insertHigh(_ i: Int) {
        let word = i / 64 - 1
        if high == nil {
            high = Overflow([])
        } else if !isKnownUniquelyReferenced(&high) {
            high = Overflow(high?.words ?? [])
        }
        guard let high else { return }
        if word >= high.words.count { high.words += [UInt64](repeating: 0, count: word - high.words.count + 1) }
        high.words[word] |= 1 << UInt64(i % 64)
    }

    @inline(__always)
    func contains(_ i: Int) -> Bool {
        if all { return true }
        if i < 64 { return low & (1 << UInt64(i)) != 0 }
        guard let high else { return false }
        let word = i / 64 - 1
        return word < high.words.count && high.words[word] & (1 << UInt64(i % 64)) != 0
    }

    mutating func insert(upTo end: Int) {
        if end >= 64 {
            low = ~0
            for i in 64..<end { insertHigh(i) }
        } else if end > 0 {
            low |= (1 << UInt64(end)) - 1
        }
    }

    mutating func formUnion(_ other: IndexMarks) {
        all = all || other.all
        low |= other.low
        if let words = other.high?.words {
            for (k, w) in words.enumerated() where w != 0 {
                for bit in 0..<64 where w & (1 << UInt64(bit)) != 0 { insertHigh((k + 1) * 64 + bit) }
            }
        }
    }
}
