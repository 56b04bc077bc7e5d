/// WidgetKit's widget families: the sizes and places a widget can appear in.
package enum WidgetFamily: String, Sendable, Hashable, CaseIterable {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline
}

extension WidgetFamily {
    /// The most pixels a device shows this family in: the largest point size Apple's Human
    /// Interface Guidelines give it (Widgets, "Specifications":
    /// <https://developer.apple.com/design/human-interface-guidelines/widgets#Specifications>) times
    /// that screen's scale: the 430×932 pt iPhones at 3×, and the 12.9-inch iPad at 2× for
    /// `systemExtraLarge`, which iPhones do not have. A remote image with more pixels than this is
    /// scaled down on the device (WidgetKit refuses to archive an image larger than the widget);
    /// the preview's `DeviceClass` table holds the same point sizes.
    package var pixelSize: (width: Int, height: Int) {
        switch self {
        case .systemSmall: (510, 510)  // 170×170 pt @3x
        case .systemMedium: (1092, 510)  // 364×170 pt @3x
        case .systemLarge: (1092, 1146)  // 364×382 pt @3x
        case .systemExtraLarge: (1590, 757)  // 795×378.5 pt @2x
        case .accessoryCircular: (228, 228)  // 76×76 pt @3x
        case .accessoryRectangular: (516, 228)  // 172×76 pt @3x
        case .accessoryInline: (771, 78)  // 257×26 pt @3x
        }
    }
}
