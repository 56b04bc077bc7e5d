import WidgetSupport

/// The text of the document being composed: scalar and key bytes, appended
/// as they are read. It is the document builder's own arena, so offsets into
/// it are the offsets the document's nodes and keys carry and the finished
/// document takes it as it is (no copy of the text into the builder at the
/// document's end: 448.2 k -> 447.8 k instructions a file of bench/validate's
/// examples slice, 34 fewer L1d misses); the composer appends and compares text here
/// without a call into the builder per scalar or key. Its room is kept for
/// the next document.
struct TextArena {
    private let buffer: PlainBuffer<UInt8>

    /// The arena of `builder`'s document.
    init(sharing builder: SourceDocumentBuilder) {
        buffer = builder.textArena
    }


    /// Appends `bytes` and returns where they start.
    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let start = buffer.elementCount
        buffer.appendBytes(bytes)
        return Int32(truncatingIfNeeded: start)
    }

    /// Bytes already appended (valid until the next append).
    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    func bytes(from start: Int32, count: Int32) -> UnsafeBufferPointer<UInt8> {
        buffer.elements(from: Int(start), count: Int(count))
    }

    /// Everything appended so far (valid until the next append).
    var all: UnsafeBufferPointer<UInt8> { buffer.elements(from: 0, count: buffer.elementCount) }

    func removeAll() { buffer.removeAll() }
}
