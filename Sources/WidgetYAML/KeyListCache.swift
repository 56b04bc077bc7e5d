/// The key arrays of mappings read before, so a mapping with the same keys
/// in the same order shares an array instead of allocating its own.
///
/// Documents of one kind repeat their mappings' shapes (every parameter has
/// `type`, `title`, `default`...), and a shared array also spares, when the
/// documents go away, freeing it and releasing its strings. Only all-ASCII
/// key lists are looked up: for them `String` equality is byte equality, so a
/// shared array spells its keys exactly as written. As in `StringCache`, a
/// fingerprint of the list chooses a pair of slots and the keys decide.
final class KeyListCache {
    private struct Slot {
        var print: UInt64
        var keys: [String]
    }

    private static let pairBits = 9
    private static let slotCount = 2 << pairBits
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(print: 0, keys: []), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The keys `keys[start...]`, whose fingerprints are `prints`, removed from
    /// the stack: a cached array when one holds the same keys, else a new one.
    func pop(_ keys: MoveStack<String>, from start: Int, prints: UnsafeBufferPointer<UInt64>) -> [String] {
        var print = UInt64(truncatingIfNeeded: prints.count)
        for p in prints { print = (print ^ p) &* 0x9E37_79B9_7F4A_7C15 }
        let first = 2 * Int(truncatingIfNeeded: print >> UInt64(64 - Self.pairBits))
        for i in first...first + 1 where slots[i].print == print && Self.equal(slots[i].keys, keys, from: start) {
            keys.removeAll(from: start)
            return slots[i].keys
        }
        let list = keys.popArray(from: start)
        slots[slots[first].keys.isEmpty ? first : first + 1] = Slot(print: print, keys: list)
        return list
    }

    private static func equal(_ list: [String], _ keys: MoveStack<String>, from start: Int) -> Bool {
        guard list.count == keys.count - start else { return false }
        for i in list.indices where list[i] != keys[start + i] { return false }
        return true
    }
}
