/// The text of the document being composed: scalar and key bytes, appended
/// as they are read, handed to the document builder in one piece when the
/// document ends.
///
/// Offsets into it are the offsets the document's nodes and keys carry (the
/// builder's own arena is empty while a document is composed), so the
/// composer appends and compares text here without a call into the builder
/// per scalar or key. Its room is kept for the next document.
final class TextArena {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    /// Past this many bytes, `removeAll` gives the room back (one huge file
    /// should not keep its room for the rest of the run).
    private static let keptCapacity = 1 << 20

    init(capacity: Int = 1 << 14) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Appends `bytes` and returns where they start.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let start = count
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        if let source = bytes.baseAddress { Self.copy(source, to: base + count, count: bytes.count) }
        count += bytes.count
        return Int32(truncatingIfNeeded: start)
    }

    /// Copies `n` bytes; most texts are short, and copying up to sixteen by
    /// two overlapping words costs less than calling `memcpy`.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count n: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if n >= 8 && n <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            for i in 0..<n { target[i] = source[i] }
        } else {
            target.update(from: source, count: n)
        }
    }

    /// Bytes already appended (valid until the next append).
    @inline(__always)
    func bytes(from start: Int32, count: Int32) -> UnsafeBufferPointer<UInt8> {
        precondition(start >= 0 && count >= 0 && Int(start) + Int(count) <= self.count)
        return UnsafeBufferPointer(start: base + Int(start), count: Int(count))
    }

    /// Everything appended so far (valid until the next append).
    var all: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func removeAll() {
        count = 0
        if capacity > Self.keptCapacity {
            base.deallocate()
            capacity = 1 << 14
            base = .allocate(capacity: capacity)
        }
    }

    private func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}
