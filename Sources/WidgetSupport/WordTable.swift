/// Fixed ASCII words (keys, rule names, template roots) recognised in bytes or in a
/// `String` without calling the runtime's `String ==` once per candidate.
///
/// The words are a `ByteTable` (one probe and one key comparison, usually); this adds
/// `String ==`'s canonical equivalence for text that is not ASCII.
///
/// Public, with its members `package`, so that the lookups marked `@inlinable` are inlined into
/// the modules that read keys (a member of a `package` type never is, see `SourceDocument`).
public struct WordTable: Sendable {
    /// The words, in the order their indices refer to.
    @usableFromInline package let words: [StaticString]
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
    @inlinable package func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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

/// Fixed words that each stand for a value. The table carries its values, so a lookup
/// answers the value itself and no `switch` depends on the order the words are listed
/// in: adding a word cannot shift another's meaning.
///
/// Public, with its members `package`, for the same reason as `WordTable`: its lookups were
/// called unspecialized from the other modules (with a metadata lookup each), 39 a file of
/// bench/validate's examples slice.
public struct WordMap<Value: Sendable>: Sendable {
    @usableFromInline package let table: WordTable
    @usableFromInline let values: [Value]

    package init(_ entries: [(StaticString, Value)]) {
        // Closures, not key paths: this generic init made `\.0` and `\.1` at run time, 0.27 M
        // instructions of `validate` of one file for its three maps (callgrind).
        table = WordTable(entries.map { $0.0 })
        values = entries.map { $0.1 }
    }

    /// The value of the word these bytes hold (as `String ==` decides), or nil.
    /// (No `Optional.map`: in this unspecialized generic it was the generic `map`, which cost
    /// 1.1% of the instructions of bench/validate's 1,000 files, callgrind.)
    @inlinable package func value(ofText bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let index = table.index(ofText: bytes) else { return nil }
        return values[index]
    }

    /// The value of the word `text` is, or nil.
    package func value(of text: String) -> Value? {
        guard let index = table.index(of: text) else { return nil }
        return values[index]
    }

    /// The value of the word at a table index (for callers that look words up by index).
    @inlinable package func value(at index: Int) -> Value { values[index] }

    /// The words, in their listed order (for messages).
    package var words: [String] { table.words.map(\.description) }
}
