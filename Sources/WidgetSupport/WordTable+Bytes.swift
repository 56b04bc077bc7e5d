extension WordTable {
    /// The index of the first word that the text held in these UTF-8 bytes equals as
    /// `String ==` decides (what `index(of: String)` answers for that text), or nil: for
    /// keys and values read in place from a document. ASCII text is matched by its bytes
    /// alone; other text is built and compared only when no word has its bytes, since it
    /// can still be canonically equivalent to a word (the Kelvin sign is K).
    package func index(ofText bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let k = index(of: bytes) { return k }
        return bytes.isASCII ? nil : index(ofBuilt: bytes)
    }

    /// `index(ofText:)` for non-ASCII text: built as a string and compared.
    @usableFromInline
    func index(ofBuilt bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        return words.firstIndex { $0.description == text }
    }
}
