/// A byte string's length and its first sixteen bytes as two integers: equal keys mean
/// equal bytes up to sixteen (longer strings still compare the rest), so fixed words and
/// declared names are told apart by two or three integer comparisons, not byte loops.
///
/// Bytes are read by a few overlapping loads (never past the end); with the length known,
/// they fix every one of the first sixteen bytes.
public struct ByteKey: Equatable, Sendable {
    @usableFromInline package let low: UInt64
    @usableFromInline package let high: UInt64
    @usableFromInline package let length: Int

    /// Whether the key holds every byte (up to sixteen): then equal keys mean equal bytes.
    @inlinable package var isWhole: Bool { length <= 16 }

    @inlinable package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        length = n
        guard let base = bytes.baseAddress, n > 0 else {
            low = 0
            high = 0
            return
        }
        let raw = UnsafeRawPointer(base)
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        if n >= 16 {
            low = word(0)
            high = word(8)
        } else if n >= 8 {
            low = word(0)
            high = word(n - 8)
        } else if n >= 4 {
            func half(_ offset: Int) -> UInt64 {
                UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
            low = half(0) | half(n - 4) << 32
            high = 0
        } else {
            low = UInt64(base[0]) | UInt64(base[n / 2]) << 8 | UInt64(base[n - 1]) << 16
            high = 0
        }
    }

    /// A hash of the key, for tables.
    @inlinable package var hash: UInt64 {
        ((low ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15)
    }
}
