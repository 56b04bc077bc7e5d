// A stub of the ImageIO declarations the runtime's scaler uses (Sources/WidgetcRuntime/
// ImageIOScaler.swift; see ../README.md). Each cites the page of Apple's documentation its
// signature comes from. Bodies answer nothing: the stub is for type-checking.
@_exported import CoreGraphics

// https://developer.apple.com/documentation/imageio/cgimagesource
public final class CGImageSource {}
// https://developer.apple.com/documentation/imageio/cgimagedestination
public final class CGImageDestination {}

// https://developer.apple.com/documentation/imageio/cgimagesourcecreatewithdata(_:_:)
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { nil }
// https://developer.apple.com/documentation/imageio/cgimagesourcegettype(_:)
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? { nil }
// https://developer.apple.com/documentation/imageio/cgimagesourcecreatethumbnailatindex(_:_:_:)
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? { nil }
// https://developer.apple.com/documentation/imageio/cgimagedestinationcreatewithdata(_:_:_:_:)
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? { nil }
// https://developer.apple.com/documentation/imageio/cgimagedestinationaddimage(_:_:_:)
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {}
// https://developer.apple.com/documentation/imageio/cgimagedestinationfinalize(_:)
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool { false }

// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailfromimagealways
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailwithtransform
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
// https://developer.apple.com/documentation/imageio/kcgimagesourcethumbnailmaxpixelsize
nonisolated(unsafe) public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
