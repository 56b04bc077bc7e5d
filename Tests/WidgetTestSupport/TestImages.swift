/// Image bytes for the remote-image tests: headers that give a size (what widgetc reads), with a
/// few bytes of body after them.
package enum TestImages {
    /// A PNG's signature and IHDR chunk (its CRC not computed: zeros), then an IEND chunk.
    package static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + be(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }
}
