#if canImport(ImageIO)
import Foundation
import ImageIO
import WidgetcRuntimeCore

/// Scales remote images down on the device with ImageIO (docs/data-sources.md, "Remote images"):
/// a thumbnail of the first frame, its longer side at most the given pixels, the Exif orientation
/// applied, written back in the image's own format (PNG stays PNG, JPEG stays JPEG).
/// ImageIO decodes a JPEG at a reduced scale for a thumbnail, so a large photo never costs its
/// full size in memory.
public struct ImageIOScaler: ImageScaler {
    public init() {}

    public func scaled(_ bytes: [UInt8], maxPixelSize: Int) -> [UInt8]? {
        // CGImageSourceCreateWithData(_:_:): https://developer.apple.com/documentation/imageio/cgimagesourcecreatewithdata(_:_:)
        guard let source = CGImageSourceCreateWithData(Data(bytes) as CFData, nil), let type = CGImageSourceGetType(source) else { return nil }
        // CGImageSourceCreateThumbnailAtIndex(_:_:_:): https://developer.apple.com/documentation/imageio/cgimagesourcecreatethumbnailatindex(_:_:_:)
        let options: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else { return nil }
        // CGImageDestinationCreateWithData(_:_:_:_:): https://developer.apple.com/documentation/imageio/cgimagedestinationcreatewithdata(_:_:_:_:)
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, type, 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, image, nil)
        guard CGImageDestinationFinalize(destination) else { return nil }
        return [UInt8](output as Data)
    }
}
#endif
