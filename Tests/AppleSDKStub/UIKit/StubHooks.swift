// NOT Apple API. What the test driver reads that UIKit keeps to itself (see ../README.md).
// Generated code never uses it.

extension UIApplicationShortcutIcon {
    /// `symbol:NAME`, `file:NAME` or `type:NAME`: what the icon was made from.
    public var stubDescription: String { stubSource }
}
