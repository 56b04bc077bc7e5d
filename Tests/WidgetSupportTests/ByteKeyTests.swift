import Testing
import WidgetSupport

/// A key fixes every byte up to sixteen, and only the first sixteen beyond that.
@Suite struct ByteKeyTests {
    func key(_ bytes: [UInt8]) -> ByteKey { bytes.withUnsafeBufferPointer { ByteKey($0) } }

    @Test func everyByteUpToSixteenCounts() {
        for length in 0...20 {
            let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
            let original = key(bytes)
            #expect(original.length == length)
            #expect(original.isWhole == (length <= 16))
            for i in bytes.indices {
                var changed = bytes
                changed[i] = UInt8(ascii: "Z")
                // Past sixteen bytes the key cannot tell: callers compare the rest.
                #expect((key(changed) == original) == (i >= 16), "length \(length), byte \(i)")
            }
            #expect(key(bytes + [UInt8(ascii: "a")]) != original)
        }
    }
}
