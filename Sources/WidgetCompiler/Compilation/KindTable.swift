import WidgetSupport

/// Every widget kind concluded, with where it was first defined: what `duplicate-kind` across
/// files needs, and (`name`) a concluded file's kind for a later manifest's bundle.
///
/// Compact, because it grows with the files: each kind's bytes one after another, an entry of
/// five 32-bit numbers, a slot of `HashSlots`, and the file once. On bench/validate's examples
/// corpus (17,100 kinds) a `[String: (file: String, location: SourceLocation)]` took 1.58 MB at
/// 32k buckets, and each kind its own String (1.26 MB); this table takes 1.7 MB, 0.8 of it the
/// bytes' array at its doubled capacity (massif).
struct KindTable {
    private struct Entry {
        /// Where the kind's bytes are in `bytes`.
        let start: UInt32
        let count: UInt32
        /// Its file in `files`.
        let file: UInt32
        /// Where it is first defined (a source file is at most 1 GiB: 32 bits hold both).
        let line: Int32
        let column: Int32
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// The entries' files, each once (a file's kinds are defined one after another), kept
    /// compactly: a `String` each would keep every path made for a turn (96 bytes and more).
    private var files = SourcePaths()
    private var lastFile: String? = nil
    private var slots = HashSlots()

    /// Room for a kind from each of `files` (a `compile` call's) without growing.
    mutating func reserve(for files: SourcePaths) {
        entries.reserveCapacity(entries.count + files.count)
        self.files.reserveCapacity(adding: files)
        slots.reserve(entries.count + files.count)
    }

    /// `kind`, defined in `file` at `location`.
    /// - Returns: the kind's entry, and where it was defined first when it is not new.
    mutating func define(
        _ kind: String, file: String, at location: SourceLocation
    ) -> (entry: Int, first: (file: String, location: SourceLocation)?) {
        let hash = kind.hashValue
        if let found = slots.find(hash: hash, { isKind(entries[$0], kind) }) {
            let first = entries[found]
            return (found, (files[Int(first.file)], SourceLocation(line: Int(first.line), column: Int(first.column))))
        }
        // The same bytes, not `!=`: paths `==` takes for one (canonically equivalent) name two files.
        if lastFile.map({ !$0.hasSameUTF8(as: file) }) ?? true {
            files.append(file)
            lastFile = file
        }
        let start = bytes.count
        bytes.append(contentsOf: kind.utf8)
        entries.append(Entry(
            start: UInt32(start), count: UInt32(bytes.count - start), file: UInt32(files.count - 1),
            line: Int32(location.line), column: Int32(location.column)))
        slots.insert(hash: hash, entry: entries.count - 1)
        return (entries.count - 1, nil)
    }

    /// The kind of `entry`, as its first definition writes it.
    func name(_ entry: Int) -> String {
        String(decoding: spelling(entries[entry]), as: UTF8.self)
    }

    /// Whether `kind` is written as `entry`'s first definition writes it, byte for byte (equal
    /// kinds may be written otherwise: see `isKind`).
    func spells(_ entry: Int, _ kind: String) -> Bool {
        var kind = kind
        return spelling(entries[entry]).withUnsafeBufferPointer { stored in kind.withUTF8 { stored.hasSameBytes(as: $0) } }
    }

    private func spelling(_ entry: Entry) -> ArraySlice<UInt8> {
        bytes[Int(entry.start)..<Int(entry.start) + Int(entry.count)]
    }

    /// Whether `kind` is the entry's kind as `String` compares: the same bytes, or canonically
    /// equivalent ones, which takes a scalar outside ASCII on one side ("K" and U+212A KELVIN SIGN).
    private func isKind(_ entry: Entry, _ kind: String) -> Bool {
        var given = kind
        let (same, ascii) = spelling(entry).withUnsafeBufferPointer { stored in
            given.withUTF8 { (stored.hasSameBytes(as: $0), stored.isASCII && $0.isASCII) }
        }
        if same || ascii { return same }
        return String(decoding: spelling(entry), as: UTF8.self) == kind
    }
}

/// An open-addressing index from hashes to entries its owner keeps in its own compact storage
/// (linear probing, at most three quarters full). A slot holds an entry's number and its hash's
/// low 32 bits: a probe compares hashes in place and asks the owner to compare keys only when
/// they agree. 8 bytes a slot, where a Swift Dictionary of String keys takes 24 to 48 a bucket.
struct HashSlots {
    /// `hash << 32 | (entry + 1)`; 0 is an empty slot. A power of two long, or empty.
    private var slots: [UInt64] = []
    private var count = 0

    /// The first entry with this hash that `isKey` accepts.
    func find(hash: Int, _ isKey: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let tag = UInt64(UInt32(truncatingIfNeeded: hash))
        let mask = slots.count - 1
        var i = Int(tag) & mask
        while slots[i] != 0 {
            if slots[i] >> 32 == tag, isKey(Int(slots[i] & 0xFFFF_FFFF) - 1) { return Int(slots[i] & 0xFFFF_FFFF) - 1 }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Adds `entry` under `hash` (its key not in the index yet).
    mutating func insert(hash: Int, entry: Int) {
        reserve(count + 1)
        place(UInt64(UInt32(truncatingIfNeeded: hash)) << 32 | UInt64(UInt32(entry + 1)))
        count += 1
    }

    /// Room for `total` entries without growing.
    mutating func reserve(_ total: Int) {
        guard total * 4 > slots.count * 3 else { return }
        var size = 16
        while total * 4 > size * 3 { size *= 2 }
        let old = slots
        slots = Array(repeating: 0, count: size)
        for slot in old where slot != 0 { place(slot) }
    }

    private mutating func place(_ slot: UInt64) {
        let mask = slots.count - 1
        var i = Int(slot >> 32) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }
}
