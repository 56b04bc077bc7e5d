/// A mapping key's fingerprint bit, and whether the key is ASCII, in constant
/// time for keys of up to sixteen bytes (nearly all of them).
///
/// The print mixes the key's length with its first and last bytes (eight,
/// four or one to three, by length), which for such keys are all of its
/// bytes, and picks one of 64 bits by it: keys with the same bytes get the
/// same bit, so a mapping whose keys' bits do not include a new key's bit
/// has no key with its bytes, and looking for a duplicate compares bytes
/// only when the bit is already set.
struct KeyPrint {
    /// One bit of 64.
    let bit: UInt64
    let isASCII: Bool

    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        var mixed = UInt64(truncatingIfNeeded: n)
        var isASCII = true
        if let p = bytes.baseAddress, n > 0 {
            let raw = UnsafeRawPointer(p)
            let head: UInt64, tail: UInt64
            if n >= 8 {
                head = raw.loadUnaligned(as: UInt64.self)
                tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            } else if n >= 4 {
                head = UInt64(raw.loadUnaligned(as: UInt32.self))
                tail = UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            } else {
                head = UInt64(p[0]) | UInt64(p[n / 2]) << 8 | UInt64(p[n - 1]) << 16
                tail = 0
            }
            mixed ^= head ^ ((tail << 29) | (tail >> 35))
            // Head and tail hold every byte of a key of up to sixteen.
            isASCII = n <= 16 ? (head | tail) & 0x8080_8080_8080_8080 == 0 : bytes.isASCII
        }
        // The top six bits of a multiplicative hash pick the bit.
        bit = 1 &<< ((mixed &* 0x9E37_79B9_7F4A_7C15) &>> 58)
        self.isASCII = isASCII
    }
}
