// A stub of the UIKit declarations a generated face uses (an `image` read from the app group
// container; see ../README.md). Each declaration cites the page of Apple's documentation its
// signature comes from.
import Foundation

// https://developer.apple.com/documentation/uikit/uiimage
open class UIImage: @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uiimage/init(contentsoffile:)
    public init?(contentsOfFile path: String) { return nil }

    // https://developer.apple.com/documentation/uikit/uiimage/init()
    public init() {}
}
