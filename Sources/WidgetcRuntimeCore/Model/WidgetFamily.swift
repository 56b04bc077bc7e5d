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
