import Testing

import WidgetSupport

@Suite("Bytes of text read in place")
struct ByteTextTests {
    /// Every length up to a few words, a difference at every position (the word-at-a-time
    /// compare and its overlapping last word must see each byte).
    @Test func bytesCompareAtEveryLengthAndPosition() {
        for n in 0...40 {
            let a = [UInt8](repeating: 7, count: n)
            #expect(a.withUnsafeBufferPointer { pa in a.withUnsafeBufferPointer { pa.hasSameBytes(as: $0) } })
            for k in 0..<n {
                var b = a
                b[k] = 8
                #expect(a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pa.hasSameBytes(as: $0) } } == false)
            }
        }
    }

    @Test func differentLengthsAreNeverTheSame() {
        let a: [UInt8] = Array("timeline".utf8)
        let b: [UInt8] = Array("timelines".utf8)
        #expect(a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pa.hasSameBytes(as: $0) } } == false)
        #expect(a.withUnsafeBufferPointer { pa in UnsafeBufferPointer<UInt8>(start: nil, count: 0).hasSameBytes(as: pa) } == false)
    }

    @Test func asciiIsEveryByteBelow0x80() {
        #expect(Array("kind: weather".utf8).withUnsafeBufferPointer(\.isASCII))
        #expect(Array("caf\u{E9}".utf8).withUnsafeBufferPointer(\.isASCII) == false)
        #expect([UInt8]().withUnsafeBufferPointer(\.isASCII))
        #expect([0x7F, 0x80].withUnsafeBufferPointer(\.isASCII) == false)
    }
}
