/// Which members of an object (by position) or items of an array a schema evaluated:
/// the annotations `unevaluatedProperties` and `unevaluatedItems` look at.
///
/// The first 64 positions live in one word; more go to a list in the evaluator's
/// `MarkOverflow`, named by index. The marks hold no reference, so the many created and
/// dropped for every subschema cost no release. A copy shares its overflow list: marks are
/// copied only to hand them over (the copied-from marks are not used again).
struct IndexMarks {
    /// Everything is evaluated (e.g. `items`, `additionalProperties`).
    var all = false
    private var low: UInt64 = 0
    /// The overflow list of positions from 64 on, or -1.
    private var list = -1

    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    mutating func insert(_ i: Int, _ overflow: inout MarkOverflow) {
        if i < 64 {
            low |= 1 << UInt64(i)
        } else {
            insertHigh(i, &overflow)
        }
    }

    private mutating func insertHigh(_ i: Int, _ overflow: inout MarkOverflow) {
        if list < 0 {
            list = overflow.lists.count
            overflow.lists.append([])
        }
        let word = i / 64 - 1
        if word >= overflow.lists[list].count {
            overflow.lists[list] += [UInt64](repeating: 0, count: word - overflow.lists[list].count + 1)
        }
        overflow.lists[list][word] |= 1 << UInt64(i % 64)
    }

    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func contains(_ i: Int, _ overflow: MarkOverflow) -> Bool {
        if all { return true }
        if i < 64 { return low & (1 << UInt64(i)) != 0 }
        guard list >= 0 else { return false }
        let word = i / 64 - 1
        return word < overflow.lists[list].count && overflow.lists[list][word] & (1 << UInt64(i % 64)) != 0
    }

    mutating func insert(upTo end: Int, _ overflow: inout MarkOverflow) {
        if end >= 64 {
            low = ~0
            for i in 64..<end { insertHigh(i, &overflow) }
        } else if end > 0 {
            low |= (1 << UInt64(end)) - 1
        }
    }

    mutating func formUnion(_ other: IndexMarks, _ overflow: inout MarkOverflow) {
        all = all || other.all
        low |= other.low
        guard other.list >= 0 else { return }
        for (k, w) in overflow.lists[other.list].enumerated() where w != 0 {
            for bit in 0..<64 where w & (1 << UInt64(bit)) != 0 { insertHigh((k + 1) * 64 + bit, &overflow) }
        }
    }
}

/// The positions from 64 on of one evaluation's marks (lists live until the evaluation ends).
struct MarkOverflow {
    var lists: [[UInt64]] = []
}
