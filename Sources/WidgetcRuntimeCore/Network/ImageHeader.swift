/// A remote image's format and pixel size, read from its first bytes only (docs/data-sources.md,
/// "Remote images"): PNG's `IHDR` chunk, which the PNG specification puts first (ISO/IEC 15948,
/// 11.2.2), or the frame header of a JPEG's `SOFn` segment (ITU-T T.81, B.2.2), found by walking
/// the segments before it. Nothing is decoded: bytes that are not such an image, or that end
/// before the size, give a problem in words, never a trap.
package struct ImageHeader: Sendable, Equatable {
    package enum Format: String, Sendable {
        case png, jpeg

        /// The file name extension the image is written with.
        package var fileExtension: String { self == .png ? "png" : "jpg" }
    }

    package var format: Format
    /// Pixels, as stored (a JPEG's Exif orientation is not applied).
    package var width: Int
    package var height: Int

    package init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Why bytes give no size: the reason, as a warning shows it after the source's name.
    package struct Problem: Error, Equatable, Sendable {
        package var reason: String
    }

    /// The size the device scales the image down to so that it holds no more pixels than `family`
    /// shows (`WidgetFamily.pixelSize`: WidgetKit measures an image by its area): the same shape,
    /// the longer side what ImageIO's maximum pixel size is given, the shorter in proportion.
    /// nil when the image already fits.
    package func fitted(to family: WidgetFamily) -> (width: Int, height: Int)? {
        let limit = family.pixelSize.width * family.pixelSize.height
        guard width * height > limit else { return nil }
        let long = max(width, height), short = min(width, height)
        var side = Int((Double(long) * (Double(limit) / (Double(width) * Double(height))).squareRoot()).rounded(.down))
        func other(_ side: Int) -> Int { max(1, Int((Double(short) * Double(side) / Double(long)).rounded())) }
        while side > 1, side * other(side) > limit { side -= 1 }
        return width >= height ? (side, other(side)) : (other(side), side)
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header of `bytes`, or why there is none.
    package static func read(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
        if bytes.starts(with: pngSignature) { return png(bytes) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return jpeg(bytes) }
        return .failure(Problem(reason: "the body is not a PNG or JPEG image (\(describe(bytes)))"))
    }

    /// What the first bytes look like, for a body that is neither.
    private static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "it is empty" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "it is a GIF" }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) { return "it is a WebP" }
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) { return "it is an ISO media file such as HEIC or AVIF" }
        let hex = bytes.prefix(4).map { b in String(b, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: " ")
        return "it starts with \(hex)"
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        var value = 0
        for i in at..<(at + count) { value = value << 8 | Int(bytes[i]) }
        return value
    }

    /// Signature (8), the first chunk's length (4) and type (4), then width and height (4 each).
    private static func png(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
        guard bytes.count >= 24 else {
            return .failure(Problem(reason: "the PNG ends after \(bytes.count) bytes, before its size (IHDR needs 24)"))
        }
        guard bytes[12..<16].elementsEqual("IHDR".utf8), bigEndian(bytes, 8, 4) == 13 else {
            return .failure(Problem(reason: "the PNG does not begin with its IHDR chunk"))
        }
        let width = bigEndian(bytes, 16, 4), height = bigEndian(bytes, 20, 4)
        // The PNG specification allows 1 to 2^31 - 1 in each.
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            return .failure(Problem(reason: "the PNG's IHDR gives a size of \(width)×\(height), not 1 to 2147483647 pixels each way"))
        }
        return .success(ImageHeader(format: .png, width: width, height: height))
    }

    /// Segments after SOI: `FF` (fill bytes allowed), the marker, then a two-byte length that counts
    /// itself, except for the markers that stand alone (RSTn, TEM). The frame header SOFn (C0–CF but
    /// C4 DHT, C8 JPG and CC DAC) holds precision (1), height (2), width (2).
    private static func jpeg(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
        var i = 2
        func cut() -> Result<ImageHeader, Problem> {
            .failure(Problem(reason: "the JPEG ends after \(bytes.count) bytes, before its frame header (SOFn) gives its size"))
        }
        while true {
            guard i < bytes.count else { return cut() }
            guard bytes[i] == 0xFF else {
                return .failure(Problem(reason: "the JPEG has \(hex(bytes[i])) at byte \(i) where a segment's marker (FF) should be"))
            }
            while i < bytes.count, bytes[i] == 0xFF { i += 1 }
            guard i < bytes.count else { return cut() }
            let marker = bytes[i]
            i += 1
            switch marker {
            case 0x01, 0xD0...0xD7: continue  // no length
            case 0xD8:
                return .failure(Problem(reason: "the JPEG starts a second image (SOI) at byte \(i - 2) before its frame header"))
            case 0xD9, 0xDA:
                return .failure(Problem(reason: "the JPEG reaches its \(marker == 0xD9 ? "end (EOI)" : "scan (SOS)") at byte \(i - 2) without a frame header (SOFn) giving its size"))
            default: break
            }
            guard i + 2 <= bytes.count else { return cut() }
            let length = bigEndian(bytes, i, 2)
            guard length >= 2 else {
                return .failure(Problem(reason: "the JPEG's segment FF\(hex(marker)) at byte \(i - 2) has a length of \(length), less than its own 2 bytes"))
            }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard length >= 8 else {
                    return .failure(Problem(reason: "the JPEG's frame header (FF\(hex(marker))) at byte \(i - 2) is \(length) bytes, too short for a size"))
                }
                guard i + 7 <= bytes.count else { return cut() }
                let height = bigEndian(bytes, i + 3, 2), width = bigEndian(bytes, i + 5, 2)
                guard width > 0 else { return .failure(Problem(reason: "the JPEG's frame header gives a width of 0")) }
                // A height of 0 is legal in T.81: a DNL segment after the first scan gives it.
                guard height > 0 else {
                    return .failure(Problem(reason: "the JPEG's frame header gives its height later (a DNL segment), which is not read"))
                }
                return .success(ImageHeader(format: .jpeg, width: width, height: height))
            }
            i += length
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
}

extension String {
    fileprivate func leftPadded(to count: Int) -> String {
        self.count >= count ? self : String(repeating: "0", count: count - self.count) + self
    }
}
