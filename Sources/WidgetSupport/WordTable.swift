/// Fixed ASCII words (keys, rule names, template roots) recognised in bytes or in a
/// `String` without calling the runtime's `String ==` once per candidate.
///
/// Each word is kept as its length and its first eight bytes packed in one integer,
/// found through a small open-addressed table hashed on them: a lookup is usually one
/// probe and one integer comparison, and only a word longer than eight bytes compares
/// its remaining bytes.
public struct WordTable: Sendable {
    /// The words, in the order their indices refer to.
    public let words: [StaticString]
    private let keys: [Key]
    /// Word indices by hash (linear probing); -1 marks an empty slot.
    private let slots: [Int16]
    private let shift: UInt64

    /// A word's length and first eight bytes.
    private struct Key: Equatable {
        let head: UInt64
        let length: Int
    }

    /// `words` must be ASCII (checked).
    public init(_ words: [StaticString]) {
        self.words = words
        keys = words.map { word in
            precondition(word.hasPointerRepresentation, "a word is a string literal")
            let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            precondition(bytes.allSatisfy { $0 < 0x80 }, "words are ASCII")
            return Self.key(bytes)
        }
        precondition(words.count < Int(Int16.max), "a word table is small")
        // At most half full, so a miss ends at an empty slot after a probe or two.
        var bits: UInt64 = 2
        while (1 << bits) < 2 * words.count { bits += 1 }
        shift = 64 - bits
        var slots = [Int16](repeating: -1, count: 1 << bits)
        for (k, key) in keys.enumerated() {
            var slot = Self.hash(key, shift: shift)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int16(k)
        }
        self.slots = slots
    }

    @inline(__always)
    private static func hash(_ key: Key, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key.head ^ UInt64(truncatingIfNeeded: key.length)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The length and the first eight bytes (fewer when shorter) in one integer, first byte lowest.
    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Key {
        guard let base = bytes.baseAddress else { return Key(head: 0, length: 0) }
        if bytes.count >= 8 {
            return Key(head: UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)), length: bytes.count)
        }
        var value: UInt64 = 0
        for k in 0..<bytes.count { value |= UInt64(base[k]) << UInt64(8 * k) }
        return Key(head: value, length: bytes.count)
    }

    /// The index of the word with exactly these bytes, or nil.
    public func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = Self.key(bytes)
        var slot = Self.hash(key, shift: shift)
        while true {
            let k = Int(slots[slot])
            if k < 0 { return nil }
            // Words longer than eight bytes may share their head and length: then the rest decides.
            if keys[k] == key, bytes.count <= 8 || Self.sameTail(bytes, words[k]) { return k }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    private static func sameTail(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let w = word.utf8Start
        var i = 8
        while i < bytes.count, bytes[i] == w[i] { i += 1 }
        return i == bytes.count
    }

    /// The index of the first word that `text` equals as `String ==` decides, or nil.
    /// ASCII text equals only the word with the same bytes; other text is compared with
    /// `==`, since it can still be canonically equivalent to a word (the Kelvin sign is K).
    public func index(of text: String) -> Int? {
        // Read in place (a short string's bytes are copied to the stack, never allocated).
        let verdict = text.utf8.withContiguousStorageIfAvailable { bytes -> (found: Int?, isASCII: Bool) in
            if let k = index(of: bytes) { return (k, true) }
            var any: UInt8 = 0
            for b in bytes { any |= b }
            return (nil, any < 0x80)
        }
        if let verdict, verdict.found != nil || verdict.isASCII { return verdict.found }
        return words.firstIndex { $0.description == text }
    }
}
