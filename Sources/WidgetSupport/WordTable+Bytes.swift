extension WordTable {
    /// The index of the first word that the text held in these UTF-8 bytes equals as
    /// `String ==` decides (what `index(of: String)` answers for that text), or nil: for
    /// keys and values read in place from a document. ASCII text is matched by its bytes
    /// alone; other text is built and compared only when no word has its bytes, since it
    /// can still be canonically equivalent to a word (the Kelvin sign is K).
    @inlinable package func index(ofText bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let k = index(of: bytes) { return k }
        return index(ofBuilt: bytes)
    }

    /// `index(ofText:)` for text no word has the bytes of: nil when it is ASCII, else built as a
    /// string and compared.
    @usableFromInline
    package func index(ofBuilt bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isASCII else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return words.firstIndex { $0.description == text }
    }
}
