import WidgetSupport

/// The text of the document being composed: scalar and key bytes, appended
/// as they are read, handed to the document builder in one piece when the
/// document ends.
///
/// Offsets into it are the offsets the document's nodes and keys carry (the
/// builder's own arena is empty while a document is composed), so the
/// composer appends and compares text here without a call into the builder
/// per scalar or key. Its room is kept for the next document.
struct TextArena {
    /// (Its room is kept up to a megabyte: most files' text is far less.)
    private let buffer = PlainBuffer<UInt8>(capacity: 1 << 14, keptCapacity: 1 << 20)


    /// Appends `bytes` and returns where they start.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let start = buffer.elementCount
        let room = buffer.appendingRoom(bytes.count)
        if let source = bytes.baseAddress { Self.copy(source, to: room, count: bytes.count) }
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
        buffer.elements(from: Int(start), count: Int(count))
    }

    /// Everything appended so far (valid until the next append).
    var all: UnsafeBufferPointer<UInt8> { buffer.elements(from: 0, count: buffer.elementCount) }

    func removeAll() { buffer.removeAll() }
}
