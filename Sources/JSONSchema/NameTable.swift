/// Property names known to one schema object, looked up by their UTF-8 bytes.
///
/// JSON Schema compares names code point by code point (not by Unicode canonical
/// equivalence as `String ==` does), and validation must not hash with `Hasher`. Small
/// tables are scanned (length first, then bytes); larger ones use open addressing keyed
/// by FNV-1a of the bytes.
struct NameTable: Sendable {
    private(set) var names: [String] = []
    /// Every name's bytes, one after another; name k is `storage[starts[k]..<starts[k] + lengths[k]]`.
    private var storage: [UInt8] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var slots: [Int32] = []
    private var mask = 0

    private static let scanLimit = 12

    init(_ names: [String]) {
        for name in names where index(of: name) == nil {
            self.names.append(name)
            starts.append(storage.count)
            lengths.append(name.utf8.count)
            storage += name.utf8
        }
        if self.names.count > Self.scanLimit { buildSlots() }
    }

    var count: Int { names.count }

    private mutating func buildSlots() {
        var capacity = 4
        while capacity < names.count * 2 { capacity *= 2 }
        mask = capacity - 1
        slots = [Int32](repeating: -1, count: capacity)
        let table = self
        storage.withUnsafeBufferPointer { all in
            for k in names.indices {
                let key = UnsafeBufferPointer(rebasing: all[table.starts[k]..<table.starts[k] + table.lengths[k]])
                var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(k)
            }
        }
    }

    /// FNV-1a over eight bytes at a time (the last word overlapping the one before), then
    /// mixed so every byte reaches the low bits a slot is taken from.
    @inline(__always)
    private static func hash(_ p: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01b3
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(p.count)
        if p.count >= 8, let base = p.baseAddress {
            let raw = UnsafeRawPointer(base), n = p.count
            var i = 0
            while i + 8 < n {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
                i += 8
            }
            h = (h ^ raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) &* prime
        } else {
            for b in p { h = (h ^ UInt64(b)) &* prime }
        }
        h ^= h >> 32
        h &*= 0x9e37_79b9_7f4a_7c15
        return h ^ (h >> 29)
    }

    /// The name's index in `names`, or nil (for building tables; evaluation looks up bytes).
    func index(of name: String) -> Int? {
        guard !names.isEmpty else { return nil }
        if let found = name.utf8.withContiguousStorageIfAvailable({ index(of: $0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { index(of: $0) }
    }

    /// The index of the name with exactly these UTF-8 bytes (an instance's member name or
    /// string, read in place), or nil.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !names.isEmpty else { return nil }
        return storage.withUnsafeBufferPointer { all in
            @inline(__always) func matches(_ k: Int) -> Bool { Self.same(all, starts[k], lengths[k], key) }
            if slots.isEmpty {
                for k in 0..<lengths.count where matches(k) { return k }
                return nil
            }
            var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
            while true {
                let k = Int(slots[slot])
                if k < 0 { return nil }
                if matches(k) { return k }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether name `k` has exactly these bytes (one comparison, without a lookup).
    func isName(_ k: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        lengths[k] == key.count && storage.withUnsafeBufferPointer { Self.same($0, starts[k], lengths[k], key) }
    }

    @inline(__always)
    private static func same(_ all: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard length == key.count else { return false }
        guard length > 0, let name = all.baseAddress, let bytes = key.baseAddress else { return true }
        return JSONEquality.bytesEqual(UnsafeRawPointer(name + start), UnsafeRawPointer(bytes), count: length)
    }
}
