import WidgetcRuntimeCore

/// The device class `widgetc preview --device` draws the families for: WidgetKit gives a widget
/// a different point size on each screen size.
///
/// The sizes are the portrait tables of Apple's Human Interface Guidelines, Widgets,
/// "Specifications" (<https://developer.apple.com/design/human-interface-guidelines/widgets#Specifications>):
/// "iOS dimensions" for the iPhones (the system families and the Lock Screen's accessory
/// families) and "iPadOS dimensions" (canvas values) for the iPad. `systemExtraLarge` exists
/// on the iPad only: an iPhone class draws it at the 12.9-inch iPad's size. The iPad's table
/// has no accessory families: the iPad class draws them at the largest iPhone's size.
package enum DeviceClass: String, CaseIterable, Sendable {
    /// A 430×932 pt iPhone (iPhone 15 Pro Max, 14 Plus…): the default.
    case iphoneMax = "iphone-max"
    /// A 393×852 pt iPhone (iPhone 15, 15 Pro, 14 Pro…).
    case iphone
    /// A 375×667 pt iPhone (iPhone SE, 8).
    case iphoneSE = "iphone-se"
    /// A 1024×1366 pt iPad (12.9-inch iPad Pro).
    case ipad

    package static let standard = DeviceClass.iphoneMax

    /// The screen the sizes belong to, in points (portrait).
    package var screen: String {
        switch self {
        case .iphoneMax: "430×932"
        case .iphone: "393×852"
        case .iphoneSE: "375×667"
        case .ipad: "1024×1366"
        }
    }

    /// The family's point size on this device class.
    package func size(of family: WidgetFamily) -> (width: Double, height: Double) {
        switch (self, family) {
        case (.iphoneMax, .systemSmall): (170, 170)
        case (.iphoneMax, .systemMedium): (364, 170)
        case (.iphoneMax, .systemLarge): (364, 382)
        case (.iphone, .systemSmall): (158, 158)
        case (.iphone, .systemMedium): (338, 158)
        case (.iphone, .systemLarge): (338, 354)
        case (.iphone, .accessoryCircular): (72, 72)
        case (.iphone, .accessoryRectangular): (160, 72)
        case (.iphone, .accessoryInline): (234, 26)
        case (.iphoneSE, .systemSmall): (148, 148)
        case (.iphoneSE, .systemMedium): (321, 148)
        case (.iphoneSE, .systemLarge): (321, 324)
        case (.iphoneSE, .accessoryCircular): (68, 68)
        case (.iphoneSE, .accessoryRectangular): (153, 68)
        case (.iphoneSE, .accessoryInline): (225, 26)
        case (.ipad, .systemSmall): (170, 170)
        case (.ipad, .systemMedium): (378.5, 170)
        case (.ipad, .systemLarge): (378.5, 378.5)
        case (_, .systemExtraLarge): (795, 378.5)
        case (_, .accessoryCircular): (76, 76)
        case (_, .accessoryRectangular): (172, 76)
        case (_, .accessoryInline): (257, 26)
        }
    }
}
