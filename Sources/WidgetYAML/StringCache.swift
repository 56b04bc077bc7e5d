#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Strings already made from scalar bytes, found by those bytes: mapping keys,
/// and (in a second cache) the texts of short plain scalars.
///
/// Keys come from a small vocabulary, and plain values repeat too (family
/// names, types, symbols), so most are seen again and again: a cached string
/// costs a byte comparison instead of UTF-8 validation and a copy (and, past
/// 15 bytes, an allocation, and its freeing later). A fingerprint of the bytes
/// chooses a pair of slots; each slot keeps a string with a copy of its bytes,
/// and a hit needs the bytes to be equal, so the fingerprint never decides alone.
final class StringCache {
    private struct Slot {
        var string: String
        var print: UInt64
        var count: Int
        var isASCII: Bool
    }

    /// Longer texts are built each time (long keys are rare; long values vary).
    static let maxLength = 32
    private static let pairBits = 9
    private static let slotCount = 2 << pairBits

    private let slots: UnsafeMutablePointer<Slot>
    /// `maxLength` bytes per slot: the bytes of its string.
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        // A count no text has: every slot starts empty.
        slots.initialize(repeating: Slot(string: "", print: 0, count: -1, isASCII: true), count: Self.slotCount)
        bytes = .allocate(capacity: Self.slotCount * Self.maxLength)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        bytes.deallocate()
    }

    /// The string spelled by `text`, whose fingerprint is `print`, and
    /// whether it is ASCII.
    @inline(__always)
    func string(_ text: UnsafeBufferPointer<UInt8>, print: UInt64) -> (string: String, isASCII: Bool) {
        guard let source = text.baseAddress else { return ("", true) }
        let first = 2 * Int(truncatingIfNeeded: (print &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.pairBits))
        if holds(first, source, text.count, print) { return (slots[first].string, slots[first].isASCII) }
        if holds(first + 1, source, text.count, print) { return (slots[first + 1].string, slots[first + 1].isASCII) }
        return add(text, print: print, pair: first)
    }

    @inline(__always)
    private func holds(_ i: Int, _ source: UnsafePointer<UInt8>, _ count: Int, _ print: UInt64) -> Bool {
        slots[i].print == print && slots[i].count == count && memcmp(bytes + i * Self.maxLength, source, count) == 0
    }

    /// Builds the string, and keeps it in the free slot of its pair (or
    /// in place of the second one) unless it is too long.
    @inline(never)
    private func add(_ text: UnsafeBufferPointer<UInt8>, print: UInt64, pair: Int) -> (string: String, isASCII: Bool) {
        let string = String(decoding: text, as: UTF8.self)
        let isASCII = text.isASCII
        guard text.count <= Self.maxLength, let source = text.baseAddress else { return (string, isASCII) }
        let i = slots[pair].count < 0 ? pair : pair + 1
        (bytes + i * Self.maxLength).update(from: source, count: text.count)
        slots[i] = Slot(string: string, print: print, count: text.count, isASCII: isASCII)
        return (string, isASCII)
    }
}
