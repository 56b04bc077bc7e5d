import Testing
import WidgetTestSupport
import WidgetcRuntimeCore

/// Remote images' sizes from their headers (PNG IHDR, JPEG SOFn), and every way bytes can fail
/// to give one: a reason in words, never a trap.
@Suite struct ImageHeaderTests {
    static func png(width: UInt32, height: UInt32) -> [UInt8] { TestImages.png(width: width, height: height) }

    /// SOI, an APP0 (JFIF) segment, a DQT-like segment, fill bytes, then the frame header `sof`.
    static func jpeg(width: UInt16, height: UInt16, sof: UInt8 = 0xC0) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        let dqt: [UInt8] = [0xFF, 0xDB, 0x00, 0x05, 0, 1, 2]
        let frame: [UInt8] = [0xFF, 0xFF, 0xFF, sof, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
            + [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + app0 + dqt + frame + [0xFF, 0xDA, 0x00, 0x08, 3, 1, 0, 2, 0x11, 3] + [0x12, 0x34] + [0xFF, 0xD9]
    }

    @Test func pngSizeFromIHDR() throws {
        let header = try ImageHeader.read(Self.png(width: 1200, height: 800)).get()
        #expect(header == ImageHeader(format: .png, width: 1200, height: 800))
        #expect(header.format.fileExtension == "png")
    }

    @Test func jpegSizeFromEveryFrameHeaderKind() throws {
        // Baseline, extended, progressive, lossless and the arithmetic-coded frames all carry the size.
        for sof: UInt8 in [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF] {
            let header = try ImageHeader.read(Self.jpeg(width: 2000, height: 1500, sof: sof)).get()
            #expect(header == ImageHeader(format: .jpeg, width: 2000, height: 1500), "SOF FF\(String(sof, radix: 16))")
        }
    }

    @Test func jpegTablesBeforeTheFrameAreSkippedNotTakenForIt() throws {
        // DHT (C4), JPG (C8) and DAC (CC) sit in the C0–CF range but are not frame headers.
        var bytes: [UInt8] = [0xFF, 0xD8]
        for marker: UInt8 in [0xC4, 0xC8, 0xCC] { bytes += [0xFF, marker, 0x00, 0x09, 0, 0x10, 0x20, 0, 0x30, 0x40, 0] }
        bytes += Array(Self.jpeg(width: 64, height: 48).dropFirst(2))
        #expect(try ImageHeader.read(bytes).get() == ImageHeader(format: .jpeg, width: 64, height: 48))
    }

    @Test func otherFormatsAreNamed() {
        func reason(_ bytes: [UInt8]) -> String? {
            if case .failure(let problem) = ImageHeader.read(bytes) { return problem.reason }
            return nil
        }
        #expect(reason(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)) == "the body is not a PNG or JPEG image (it is a GIF)")
        #expect(reason(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "the body is not a PNG or JPEG image (it is a WebP)")
        #expect(reason([0, 0, 0, 0x18] + Array("ftypheic".utf8)) == "the body is not a PNG or JPEG image (it is an ISO media file such as HEIC or AVIF)")
        #expect(reason(Array("<!DOCTYPE html>".utf8)) == "the body is not a PNG or JPEG image (it starts with 3C 21 44 4F)")
        #expect(reason([]) == "the body is not a PNG or JPEG image (it is empty)")
    }

    @Test func malformedHeadersSayWhat() {
        func reason(_ bytes: [UInt8]) -> String {
            if case .failure(let problem) = ImageHeader.read(bytes) { return problem.reason }
            return "read"
        }
        var zero = Self.png(width: 0, height: 10)
        #expect(reason(zero) == "the PNG's IHDR gives a size of 0×10, not 1 to 2147483647 pixels each way")
        zero = Self.png(width: 1, height: 1)
        zero[12] = UInt8(ascii: "i")
        #expect(reason(zero) == "the PNG does not begin with its IHDR chunk")
        #expect(reason([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) == "the JPEG reaches its scan (SOS) at byte 2 without a frame header (SOFn) giving its size")
        #expect(reason([0xFF, 0xD8, 0xFF, 0xD9]) == "the JPEG reaches its end (EOI) at byte 2 without a frame header (SOFn) giving its size")
        #expect(reason([0xFF, 0xD8, 0x00]) == "the JPEG has 00 at byte 2 where a segment's marker (FF) should be")
        #expect(reason([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01]) == "the JPEG's segment FFE1 at byte 2 has a length of 1, less than its own 2 bytes")
        #expect(reason([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x05, 8, 0, 1]) == "the JPEG's frame header (FFC0) at byte 2 is 5 bytes, too short for a size")
        #expect(reason(Self.jpeg(width: 10, height: 0)) == "the JPEG's frame header gives its height later (a DNL segment), which is not read")
        #expect(reason(Self.jpeg(width: 0, height: 10)) == "the JPEG's frame header gives a width of 0")
    }

    @Test func everyTruncationIsAProblemNeverATrap() {
        let png = Self.png(width: 300, height: 200)
        for count in 0..<24 {
            guard case .failure(let problem) = ImageHeader.read(Array(png.prefix(count))) else {
                Issue.record("a PNG cut to \(count) bytes gave a size")
                continue
            }
            if count >= 8 { #expect(problem.reason == "the PNG ends after \(count) bytes, before its size (IHDR needs 24)") }
        }
        let jpeg = Self.jpeg(width: 300, height: 200)
        let frameEnd = jpeg.firstIndex(of: 0xDA)! - 1 - 10  // the frame header's size bytes end here
        for count in 2..<frameEnd {
            guard case .failure(let problem) = ImageHeader.read(Array(jpeg.prefix(count))) else {
                Issue.record("a JPEG cut to \(count) bytes gave a size")
                continue
            }
            #expect(problem.reason.hasPrefix("the JPEG ends after \(count) bytes"), "\(count): \(problem.reason)")
        }
    }

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix(seed: 39)
        for _ in 0..<2000 {
            let count = Int(generator.next() % 64)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Half of them start as a JPEG, so the segment walk sees garbage lengths and markers.
            if generator.next() % 2 == 0 { bytes = [0xFF, 0xD8] + bytes }
            _ = ImageHeader.read(bytes)
        }
    }

    @Test func familyPixelsAndTheDeviceFit() {
        #expect(WidgetFamily.systemSmall.pixelSize == (510, 510))
        #expect(WidgetFamily.systemMedium.pixelSize == (1092, 510))
        // Within the family's pixels: kept as it is.
        #expect(ImageHeader(format: .png, width: 510, height: 510).fitted(to: .systemSmall) == nil)
        #expect(ImageHeader(format: .png, width: 1000, height: 200).fitted(to: .systemSmall) == nil)  // 200,000 px ≤ 260,100
        // Over it: the same shape with at most the family's pixels.
        let fitted = ImageHeader(format: .jpeg, width: 2000, height: 1500).fitted(to: .systemSmall)
        #expect(fitted.map { [$0.width, $0.height] } == [588, 441])
        for family in WidgetFamily.allCases {
            for (w, h) in [(4000, 3000), (3000, 4000), (10_000, 1), (1, 10_000), (65535, 65535)] {
                guard let f = ImageHeader(format: .png, width: w, height: h).fitted(to: family) else { continue }
                let limit = family.pixelSize.width * family.pixelSize.height
                #expect(f.width * f.height <= limit && f.width >= 1 && f.height >= 1, "\(w)×\(h) in \(family): \(f)")
                #expect((f.width >= f.height) == (w >= h))
            }
        }
    }
}

