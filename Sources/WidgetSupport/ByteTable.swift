/// Names looked up by their UTF-8 bytes: a schema object's property names and an
/// `enum`'s strings (read in place from an instance's document), and, through
/// `WordTable`, the fixed words the checks recognise. The one table of its kind.
///
/// Names compare byte for byte (JSON Schema compares code points, not canonical
/// equivalence as `String ==` does; `WordTable` adds that for its words), and lookups
/// must not hash with `Hasher`. Each name is kept as its `ByteKey` (its length and first
/// sixteen bytes as integers) in an open-addressed table hashed on that key: a lookup
/// makes the probe's key once and usually ends after one slot and one key comparison;
/// only a name longer than sixteen bytes compares the rest of its bytes.
///
/// Public, its members `package`, so that `index(of:)` may be inlined into the modules that look
/// names up (see `SourceDocument`).
public struct ByteTable: Sendable {
    package private(set) var names: [String] = []
    @usableFromInline var keys: [ByteKey] = []
    /// Every name's bytes, one after another; name k starts at `starts[k]` (for names
    /// longer than a key holds).
    @usableFromInline var storage: [UInt8] = []
    @usableFromInline var starts: [Int] = []
    /// Name indices by hash (linear probing), at most half full; -1 marks an empty slot.
    @usableFromInline var slots: [Int32]
    @usableFromInline var shift: UInt64

    /// A table of `names`; of equal names the first keeps its index (and the later are not added).
    package init(_ names: [String]) {
        var bits: UInt64 = 2
        while (1 << bits) < 2 * names.count { bits += 1 }
        shift = 64 - bits
        slots = [Int32](repeating: -1, count: 1 << bits)
        for name in names { add(name) }
    }

    package var count: Int { names.count }

    private mutating func add(_ name: String) {
        let bytes = Array(name.utf8)
        let key = bytes.withUnsafeBufferPointer { ByteKey($0) }
        guard bytes.withUnsafeBufferPointer({ index(of: $0) }) == nil else { return }
        var slot = Self.slot(of: key, shift: shift)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(names.count)
        names.append(name)
        keys.append(key)
        starts.append(storage.count)
        storage.append(contentsOf: bytes)
    }

    @inlinable static func slot(of key: ByteKey, shift: UInt64) -> Int { Int(truncatingIfNeeded: key.hash >> shift) }

    /// The name's index in `names`, or nil (for building tables; lookups read bytes).
    package func index(of name: String) -> Int? {
        if let found = name.utf8.withContiguousStorageIfAvailable({ index(of: $0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { index(of: $0) }
    }

    /// The index of the name with exactly these UTF-8 bytes (a member name or string
    /// read in place), or nil.
    @inlinable package func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let probe = ByteKey(bytes)
        // unsafe buffer (with `isName` and `sameTail`): -0.29% instructions on bench/validate (callgrind,
        // 1,000 files); under the 0.5% bar alone, kept because the audit's removals together passed it.
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                var slot = Self.slot(of: probe, shift: shift)
                while true {
                    let k = Int(slots[slot])
                    if k < 0 { return nil }
                    if keys[k] == probe, probe.isWhole || sameTail(k, bytes) { return k }
                    slot = (slot + 1) & (slots.count - 1)
                }
            }
        }
    }

    /// Whether name `k` has exactly these bytes (one comparison, without a lookup; most
    /// other names are told apart by their length alone). Inlined where the schema's evaluator
    /// tests a member's name against each member of an object.
    @inlinable package func isName(_ k: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            guard keys[k].length == bytes.count else { return false }
            let probe = ByteKey(bytes)
            return keys[k] == probe && (probe.isWhole || sameTail(k, bytes))
        }
    }

    /// Whether the bytes after the sixteen a key holds are name `k`'s (whose key matched).
    @usableFromInline
    func sameTail(_ k: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        storage.withUnsafeBufferPointer { all in
            guard let name = all.baseAddress, let probe = bytes.baseAddress else { return false }
            return sameBytes(UnsafeRawPointer(name + starts[k] + 16), UnsafeRawPointer(probe + 16), count: bytes.count - 16)
        }
    }
}
