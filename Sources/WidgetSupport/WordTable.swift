/// Fixed ASCII words (keys, rule names, template roots) recognised in bytes or in a
/// `String` without calling the runtime's `String ==` once per candidate.
///
/// The words are a `ByteTable` (one probe and one key comparison, usually); this adds
/// `String ==`'s canonical equivalence for text that is not ASCII.
package struct WordTable: Sendable {
    /// The words, in the order their indices refer to.
    package let words: [StaticString]
    @usableFromInline let table: ByteTable

    /// `words` must be ASCII and distinct (checked).
    package init(_ words: [StaticString]) {
        self.words = words
        for word in words {
            precondition(word.hasPointerRepresentation, "a word is a string literal")
            precondition(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount).isASCII, "words are ASCII")
        }
        table = ByteTable(words.map(\.description))
        precondition(table.count == words.count, "words are distinct")
    }

    /// The index of the word with exactly these bytes, or nil.
    @inlinable
    package func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        table.index(of: bytes)
    }

    /// The index of the first word that `text` equals as `String ==` decides, or nil.
    /// ASCII text equals only the word with the same bytes; other text is compared with
    /// `==`, since it can still be canonically equivalent to a word (the Kelvin sign is K).
    package func index(of text: String) -> Int? {
        // Read in place (a short string's bytes are copied to the stack, never allocated).
        let verdict = text.utf8.withContiguousStorageIfAvailable { bytes -> (found: Int?, isASCII: Bool) in
            if let k = index(of: bytes) { return (k, true) }
            return (nil, bytes.isASCII)
        }
        if let verdict, verdict.found != nil || verdict.isASCII { return verdict.found }
        return words.firstIndex { $0.description == text }
    }
}
