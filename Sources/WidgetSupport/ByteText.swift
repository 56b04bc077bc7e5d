/// Questions about UTF-8 text read in place (keys and scalars of a document,
/// words of a table), answered on the bytes without making a `String`.
extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII (below 0x80): then `String` equality is byte equality.
    package var isASCII: Bool {
        var any: UInt8 = 0
        for b in self { any |= b }
        return any < 0x80
    }

    /// Whether both hold the same bytes (compared a word at a time).
    package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard count > 0, let a = baseAddress, let b = other.baseAddress else { return true }
        return sameBytes(UnsafeRawPointer(a), UnsafeRawPointer(b), count: count)
    }
}

extension String {
    /// Whether both are the same UTF-8 bytes (`==` also takes canonically equivalent ones for one).
    package func hasSameUTF8(as other: String) -> Bool {
        var (a, b) = (self, other)
        return a.withUTF8 { x in b.withUTF8 { x.hasSameBytes(as: $0) } }
    }
}

/// Whether `n` bytes at `a` and at `b` are the same, compared a word at a time; the last
/// word overlaps the one before rather than ending in a byte loop.
package func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count n: Int) -> Bool {
    if n >= 8 {
        var i = 0
        while i + 8 < n {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        return a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }
    if n >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
    }
    var i = 0
    while i < n {
        if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
        i += 1
    }
    return true
}
