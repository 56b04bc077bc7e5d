// A stub of the Core Graphics and Core Foundation declarations the runtime's ImageIO scaler uses
// (Sources/WidgetcRuntime/ImageIOScaler.swift; see ../README.md). On Apple platforms CFData,
// CFMutableData, CFDictionary and CFString are toll-free bridged with Foundation's NSData,
// NSMutableData, NSDictionary and NSString, which is what lets `Data(…) as CFData` compile;
// Linux's Foundation has no Core Foundation bridging, so the stub names those classes.
@_exported import Foundation

// https://developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData
// https://developer.apple.com/documentation/corefoundation/cfmutabledata
public typealias CFMutableData = NSMutableData
// https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary
// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString

// https://developer.apple.com/documentation/coregraphics/cgimage
public final class CGImage {}
