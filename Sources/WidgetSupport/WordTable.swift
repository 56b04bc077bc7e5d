/// Fixed ASCII words (keys, rule names, template roots) recognised in bytes or in a
/// `String` without calling the runtime's `String ==` once per candidate.
///
/// Each word is kept as its `ByteKey`, found through a small open-addressed table hashed
/// on it: a lookup is usually one probe and one key comparison, and only a word longer
/// than sixteen bytes compares its remaining bytes.
public struct WordTable: Sendable {
    /// The words, in the order their indices refer to.
    public let words: [StaticString]
    @usableFromInline let keys: [ByteKey]
    /// Word indices by hash (linear probing); -1 marks an empty slot.
    @usableFromInline let slots: [Int16]
    @usableFromInline let shift: UInt64

    /// `words` must be ASCII (checked).
    public init(_ words: [StaticString]) {
        self.words = words
        keys = words.map { word in
            precondition(word.hasPointerRepresentation, "a word is a string literal")
            let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            precondition(bytes.isASCII, "words are ASCII")
            return ByteKey(bytes)
        }
        precondition(words.count < Int(Int16.max), "a word table is small")
        // At most half full, so a miss ends at an empty slot after a probe or two.
        var bits: UInt64 = 2
        while (1 << bits) < 2 * words.count { bits += 1 }
        shift = 64 - bits
        var slots = [Int16](repeating: -1, count: 1 << bits)
        for (k, key) in keys.enumerated() {
            var slot = Self.slot(of: key, shift: shift)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int16(k)
        }
        self.slots = slots
    }

    @inlinable @inline(__always)
    static func slot(of key: ByteKey, shift: UInt64) -> Int { Int(truncatingIfNeeded: key.hash >> shift) }

    /// The index of the word with exactly these bytes, or nil.
    @inlinable
    public func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = ByteKey(bytes)
        var slot = Self.slot(of: key, shift: shift)
        while true {
            let k = Int(slots[slot])
            if k < 0 { return nil }
            // Words longer than sixteen bytes may share their key: then the rest decides.
            if keys[k] == key, key.isWhole || Self.sameTail(bytes, words[k]) { return k }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    @usableFromInline
    static func sameTail(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let w = word.utf8Start
        var i = 16
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
            return (nil, bytes.isASCII)
        }
        if let verdict, verdict.found != nil || verdict.isASCII { return verdict.found }
        return words.firstIndex { $0.description == text }
    }
}
