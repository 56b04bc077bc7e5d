// The SwiftUI declarations a generated face uses (the elements and options of docs/views.md; see
// ../README.md). Each declaration cites the page of Apple's documentation its signature comes from.
// Modifiers return a placeholder view (`ModifiedView`), as the rest of the stub does.
import Foundation
#if canImport(UIKit)
import UIKit
#endif

// MARK: - Result builder: `if` without `else`

extension ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
}

// https://developer.apple.com/documentation/swift/optional (Conforms To: View, in SwiftUI, when Wrapped: View)
extension Optional: View where Wrapped: View {
    public var body: Never { return fatalError("stub") }
}

// MARK: - Stacks and containers

// https://developer.apple.com/documentation/swiftui/hstack
@frozen public struct HStack<Content> where Content: View {
    // https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

extension HStack: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/zstack
@frozen public struct ZStack<Content> where Content: View {
    // https://developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

extension ZStack: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/group
@frozen public struct Group<Content> {
    // https://developer.apple.com/documentation/swiftui/group (init(content:), when Content: View)
    public init(@ViewBuilder content: () -> Content) where Content: View {}
}

extension Group: View where Content: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/grid
@frozen public struct Grid<Content> where Content: View {
    // https://developer.apple.com/documentation/swiftui/grid/init(alignment:horizontalspacing:verticalspacing:content:)
    // (alignment has a default the generated code never passes: left out)
    public init(horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

extension Grid: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/gridrow
@frozen public struct GridRow<Content> where Content: View {
    // https://developer.apple.com/documentation/swiftui/gridrow/init(alignment:content:)
    // (alignment has a default the generated code never passes: left out)
    public init(@ViewBuilder content: () -> Content) {}
}

extension GridRow: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    public var data: Data
}

extension ForEach: View where Content: View {
    public var body: Never { return fatalError("stub") }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-90o7z
    // (init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content))
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { self.data = data }
}

// https://developer.apple.com/documentation/swiftui/emptyview
@frozen public struct EmptyView: View {
    // https://developer.apple.com/documentation/swiftui/emptyview/init()
    @inlinable public init() {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/spacer
@frozen public struct Spacer: View {
    // https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/divider
public struct Divider: View {
    // https://developer.apple.com/documentation/swiftui/divider/init()
    public init() {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/link
public struct Link<Label> where Label: View {
    // https://developer.apple.com/documentation/swiftui/link/init(destination:label:)
    public init(destination: URL, @ViewBuilder label: () -> Label) {}
}

extension Link: View {
    public var body: Never { return fatalError("stub") }
}

// MARK: - Alignment

extension HorizontalAlignment {
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/trailing
    public static let trailing = HorizontalAlignment(name: "trailing")
}

// https://developer.apple.com/documentation/swiftui/verticalalignment
@frozen public struct VerticalAlignment: Equatable, Sendable {
    let name: String
    // https://developer.apple.com/documentation/swiftui/verticalalignment/top
    public static let top = VerticalAlignment(name: "top")
    // https://developer.apple.com/documentation/swiftui/verticalalignment/center
    public static let center = VerticalAlignment(name: "center")
    // https://developer.apple.com/documentation/swiftui/verticalalignment/bottom
    public static let bottom = VerticalAlignment(name: "bottom")
    // https://developer.apple.com/documentation/swiftui/verticalalignment/firsttextbaseline
    public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
    // https://developer.apple.com/documentation/swiftui/verticalalignment/lasttextbaseline
    public static let lastTextBaseline = VerticalAlignment(name: "lastTextBaseline")
}

// https://developer.apple.com/documentation/swiftui/alignment
@frozen public struct Alignment: Equatable, Sendable {
    let name: String
    // https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment(name: "center")
    // https://developer.apple.com/documentation/swiftui/alignment/leading
    public static let leading = Alignment(name: "leading")
    // https://developer.apple.com/documentation/swiftui/alignment/trailing
    public static let trailing = Alignment(name: "trailing")
    // https://developer.apple.com/documentation/swiftui/alignment/top
    public static let top = Alignment(name: "top")
    // https://developer.apple.com/documentation/swiftui/alignment/bottom
    public static let bottom = Alignment(name: "bottom")
    // https://developer.apple.com/documentation/swiftui/alignment/topleading
    public static let topLeading = Alignment(name: "topLeading")
    // https://developer.apple.com/documentation/swiftui/alignment/toptrailing
    public static let topTrailing = Alignment(name: "topTrailing")
    // https://developer.apple.com/documentation/swiftui/alignment/bottomleading
    public static let bottomLeading = Alignment(name: "bottomLeading")
    // https://developer.apple.com/documentation/swiftui/alignment/bottomtrailing
    public static let bottomTrailing = Alignment(name: "bottomTrailing")
}

// https://developer.apple.com/documentation/swiftui/edgeinsets
@frozen public struct EdgeInsets: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/edgeinsets/init(top:leading:bottom:trailing:)
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {}
}

// https://developer.apple.com/documentation/swiftui/unitpoint
@frozen public struct UnitPoint: Hashable, Sendable {
    let name: String
    // https://developer.apple.com/documentation/swiftui/unitpoint/top
    public static let top = UnitPoint(name: "top")
    // https://developer.apple.com/documentation/swiftui/unitpoint/bottom
    public static let bottom = UnitPoint(name: "bottom")
    // https://developer.apple.com/documentation/swiftui/unitpoint/leading
    public static let leading = UnitPoint(name: "leading")
    // https://developer.apple.com/documentation/swiftui/unitpoint/trailing
    public static let trailing = UnitPoint(name: "trailing")
    // https://developer.apple.com/documentation/swiftui/unitpoint/center
    public static let center = UnitPoint(name: "center")
    // https://developer.apple.com/documentation/swiftui/unitpoint/topleading
    public static let topLeading = UnitPoint(name: "topLeading")
    // https://developer.apple.com/documentation/swiftui/unitpoint/toptrailing
    public static let topTrailing = UnitPoint(name: "topTrailing")
    // https://developer.apple.com/documentation/swiftui/unitpoint/bottomleading
    public static let bottomLeading = UnitPoint(name: "bottomLeading")
    // https://developer.apple.com/documentation/swiftui/unitpoint/bottomtrailing
    public static let bottomTrailing = UnitPoint(name: "bottomTrailing")
}

// https://developer.apple.com/documentation/swiftui/textalignment
public enum TextAlignment: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/textalignment/leading
    case leading
    // https://developer.apple.com/documentation/swiftui/textalignment/center
    case center
    // https://developer.apple.com/documentation/swiftui/textalignment/trailing
    case trailing
}

// MARK: - Text

extension Text {
    // https://developer.apple.com/documentation/swiftui/text/datestyle
    public struct DateStyle: Sendable {
        let name: String
        // https://developer.apple.com/documentation/swiftui/text/datestyle/time
        public static let time = DateStyle(name: "time")
        // https://developer.apple.com/documentation/swiftui/text/datestyle/date
        public static let date = DateStyle(name: "date")
        // https://developer.apple.com/documentation/swiftui/text/datestyle/relative
        public static let relative = DateStyle(name: "relative")
        // https://developer.apple.com/documentation/swiftui/text/datestyle/offset
        public static let offset = DateStyle(name: "offset")
        // https://developer.apple.com/documentation/swiftui/text/datestyle/timer
        public static let timer = DateStyle(name: "timer")
    }

    // https://developer.apple.com/documentation/swiftui/text/init(_:style:)
    public init(_ date: Date, style: Text.DateStyle) {}

    // https://developer.apple.com/documentation/swiftui/text/init(timerinterval:pausetime:countsdown:showshours:)
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {}
}

// MARK: - Images

// https://developer.apple.com/documentation/swiftui/image
@frozen public struct Image: Equatable {
    let name: String
    // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) { name = systemName }
    // https://developer.apple.com/documentation/swiftui/image/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    #if canImport(UIKit)
    // https://developer.apple.com/documentation/swiftui/image/init(uiimage:)
    public init(uiImage: UIImage) { name = "" }
    #endif

    // https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
    // (capInsets and resizingMode, never passed, are left out)
    public func resizable() -> Image { self }
}

extension Image: View {
    public var body: Never { return fatalError("stub") }
}

// MARK: - Gauges and progress

// https://developer.apple.com/documentation/swiftui/gauge
public struct Gauge<Label, CurrentValueLabel, BoundsLabel, MarkedValueLabels> where Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View {
    // https://developer.apple.com/documentation/swiftui/gauge/init(value:in:label:)
    public init<V>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label)
    where V: BinaryFloatingPoint, CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {}

    // https://developer.apple.com/documentation/swiftui/gauge/init(value:in:label:currentvaluelabel:)
    public init<V>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel)
    where V: BinaryFloatingPoint, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {}
}

extension Gauge: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/gaugestyle
public protocol GaugeStyle {}

// https://developer.apple.com/documentation/swiftui/accessorycirculargaugestyle
public struct AccessoryCircularGaugeStyle: GaugeStyle { public init() {} }
// https://developer.apple.com/documentation/swiftui/accessorycircularcapacitygaugestyle
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle { public init() {} }
// https://developer.apple.com/documentation/swiftui/accessorylineargaugestyle
public struct AccessoryLinearGaugeStyle: GaugeStyle { public init() {} }
// https://developer.apple.com/documentation/swiftui/accessorylinearcapacitygaugestyle
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle { public init() {} }
// https://developer.apple.com/documentation/swiftui/linearcapacitygaugestyle
public struct LinearCapacityGaugeStyle: GaugeStyle { public init() {} }

extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    // https://developer.apple.com/documentation/swiftui/gaugestyle/accessorycircular
    public static var accessoryCircular: AccessoryCircularGaugeStyle { AccessoryCircularGaugeStyle() }
}

extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    // https://developer.apple.com/documentation/swiftui/gaugestyle/accessorycircularcapacity
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { AccessoryCircularCapacityGaugeStyle() }
}

extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
    // https://developer.apple.com/documentation/swiftui/gaugestyle/accessorylinear
    public static var accessoryLinear: AccessoryLinearGaugeStyle { AccessoryLinearGaugeStyle() }
}

extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    // https://developer.apple.com/documentation/swiftui/gaugestyle/accessorylinearcapacity
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { AccessoryLinearCapacityGaugeStyle() }
}

extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    // https://developer.apple.com/documentation/swiftui/gaugestyle/linearcapacity
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}

// https://developer.apple.com/documentation/swiftui/progressview
public struct ProgressView<Label, CurrentValueLabel> where Label: View, CurrentValueLabel: View {
    // https://developer.apple.com/documentation/swiftui/progressview/init(value:total:)
    public init<V>(value: V?, total: V = 1.0) where Label == EmptyView, CurrentValueLabel == EmptyView, V: BinaryFloatingPoint {}

    // https://developer.apple.com/documentation/swiftui/progressview/init(value:total:label:)
    public init<V>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) where CurrentValueLabel == EmptyView, V: BinaryFloatingPoint {}

    // https://developer.apple.com/documentation/swiftui/progressview/init(timerinterval:countsdown:)
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) where Label == EmptyView, CurrentValueLabel == DefaultDateProgressLabel {}

    // https://developer.apple.com/documentation/swiftui/progressview/init(timerinterval:countsdown:label:)
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label)
    where CurrentValueLabel == DefaultDateProgressLabel {}
}

extension ProgressView: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/defaultdateprogresslabel
public struct DefaultDateProgressLabel: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/progressviewstyle
public protocol ProgressViewStyle {}
// https://developer.apple.com/documentation/swiftui/linearprogressviewstyle
public struct LinearProgressViewStyle: ProgressViewStyle { public init() {} }
// https://developer.apple.com/documentation/swiftui/circularprogressviewstyle
public struct CircularProgressViewStyle: ProgressViewStyle { public init() {} }

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    // https://developer.apple.com/documentation/swiftui/progressviewstyle/linear
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    // https://developer.apple.com/documentation/swiftui/progressviewstyle/circular
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

// MARK: - Colours, gradients, shapes

// https://developer.apple.com/documentation/swiftui/color
@frozen public struct Color: Hashable, Sendable, ShapeStyle {
    let name: String
    // https://developer.apple.com/documentation/swiftui/color/init(red:green:blue:opacity:)
    // (the colour space, never passed, is left out)
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "\(red),\(green),\(blue),\(opacity)" }
    init(name: String) { self.name = name }

    // https://developer.apple.com/documentation/swiftui/color/red
    public static let red = Color(name: "red")
    // https://developer.apple.com/documentation/swiftui/color/orange
    public static let orange = Color(name: "orange")
    // https://developer.apple.com/documentation/swiftui/color/yellow
    public static let yellow = Color(name: "yellow")
    // https://developer.apple.com/documentation/swiftui/color/green
    public static let green = Color(name: "green")
    // https://developer.apple.com/documentation/swiftui/color/mint
    public static let mint = Color(name: "mint")
    // https://developer.apple.com/documentation/swiftui/color/teal
    public static let teal = Color(name: "teal")
    // https://developer.apple.com/documentation/swiftui/color/cyan
    public static let cyan = Color(name: "cyan")
    // https://developer.apple.com/documentation/swiftui/color/blue
    public static let blue = Color(name: "blue")
    // https://developer.apple.com/documentation/swiftui/color/indigo
    public static let indigo = Color(name: "indigo")
    // https://developer.apple.com/documentation/swiftui/color/purple
    public static let purple = Color(name: "purple")
    // https://developer.apple.com/documentation/swiftui/color/pink
    public static let pink = Color(name: "pink")
    // https://developer.apple.com/documentation/swiftui/color/brown
    public static let brown = Color(name: "brown")
    // https://developer.apple.com/documentation/swiftui/color/gray
    public static let gray = Color(name: "gray")
    // https://developer.apple.com/documentation/swiftui/color/black
    public static let black = Color(name: "black")
    // https://developer.apple.com/documentation/swiftui/color/white
    public static let white = Color(name: "white")
    // https://developer.apple.com/documentation/swiftui/color/clear
    public static let clear = Color(name: "clear")
    // https://developer.apple.com/documentation/swiftui/color/primary
    public static let primary = Color(name: "primary")
    // https://developer.apple.com/documentation/swiftui/color/secondary
    public static let secondary = Color(name: "secondary")
    // https://developer.apple.com/documentation/swiftui/color/accentcolor
    public static let accentColor = Color(name: "accentColor")
}

extension Color: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/shapestyle/red (and the other system colours:
// `ShapeStyle where Self == Color`)
extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
}

// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
@frozen public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int
    // https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle/primary
    public static let primary = HierarchicalShapeStyle(level: 0)
    // https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle/secondary
    public static let secondary = HierarchicalShapeStyle(level: 1)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    // https://developer.apple.com/documentation/swiftui/shapestyle/primary
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
    // https://developer.apple.com/documentation/swiftui/shapestyle/secondary
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
}

// https://developer.apple.com/documentation/swiftui/lineargradient
@frozen public struct LinearGradient: ShapeStyle, View {
    // https://developer.apple.com/documentation/swiftui/lineargradient/init(colors:startpoint:endpoint:)
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/shape
public protocol Shape: Sendable, View {}

// https://developer.apple.com/documentation/swiftui/roundedrectangle
@frozen public struct RoundedRectangle: Shape {
    // https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
    // (the corner style, never passed, is left out)
    public init(cornerRadius: CGFloat) {}
    public var body: Never { return fatalError("stub") }
}

// MARK: - Fonts

extension Font {
    // https://developer.apple.com/documentation/swiftui/font/largetitle
    public static let largeTitle = Font(name: "largeTitle")
    // https://developer.apple.com/documentation/swiftui/font/title
    public static let title = Font(name: "title")
    // https://developer.apple.com/documentation/swiftui/font/title2
    public static let title2 = Font(name: "title2")
    // https://developer.apple.com/documentation/swiftui/font/title3
    public static let title3 = Font(name: "title3")
    // https://developer.apple.com/documentation/swiftui/font/subheadline
    public static let subheadline = Font(name: "subheadline")
    // https://developer.apple.com/documentation/swiftui/font/body
    public static let body = Font(name: "body")
    // https://developer.apple.com/documentation/swiftui/font/callout
    public static let callout = Font(name: "callout")
    // https://developer.apple.com/documentation/swiftui/font/footnote
    public static let footnote = Font(name: "footnote")
    // https://developer.apple.com/documentation/swiftui/font/caption2
    public static let caption2 = Font(name: "caption2")

    // https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { Font(name: "system \(size)") }

    // https://developer.apple.com/documentation/swiftui/font/weight
    @frozen public struct Weight: Hashable, Sendable {
        let value: Int
        // https://developer.apple.com/documentation/swiftui/font/weight/ultralight
        public static let ultraLight = Weight(value: 100)
        // https://developer.apple.com/documentation/swiftui/font/weight/thin
        public static let thin = Weight(value: 200)
        // https://developer.apple.com/documentation/swiftui/font/weight/light
        public static let light = Weight(value: 300)
        // https://developer.apple.com/documentation/swiftui/font/weight/regular
        public static let regular = Weight(value: 400)
        // https://developer.apple.com/documentation/swiftui/font/weight/medium
        public static let medium = Weight(value: 500)
        // https://developer.apple.com/documentation/swiftui/font/weight/semibold
        public static let semibold = Weight(value: 600)
        // https://developer.apple.com/documentation/swiftui/font/weight/bold
        public static let bold = Weight(value: 700)
        // https://developer.apple.com/documentation/swiftui/font/weight/heavy
        public static let heavy = Weight(value: 800)
        // https://developer.apple.com/documentation/swiftui/font/weight/black
        public static let black = Weight(value: 900)
    }

    // https://developer.apple.com/documentation/swiftui/font/design
    public enum Design: Hashable, Sendable {
        // https://developer.apple.com/documentation/swiftui/font/design/default
        case `default`
        // https://developer.apple.com/documentation/swiftui/font/design/serif
        case serif
        // https://developer.apple.com/documentation/swiftui/font/design/rounded
        case rounded
        // https://developer.apple.com/documentation/swiftui/font/design/monospaced
        case monospaced
    }
}

// MARK: - Environment: colour scheme

// https://developer.apple.com/documentation/swiftui/colorscheme
public enum ColorScheme: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/colorscheme/light
    case light
    // https://developer.apple.com/documentation/swiftui/colorscheme/dark
    case dark
}

extension EnvironmentValues {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/colorscheme
    public var colorScheme: ColorScheme { .light }
}

// MARK: - Modifiers

extension View {
    // https://developer.apple.com/documentation/swiftui/view/font(_:)
    @MainActor @preconcurrency public func font(_ font: Font?) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/fontweight(_:)
    @MainActor @preconcurrency public func fontWeight(_ weight: Font.Weight?) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    @MainActor @preconcurrency public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/monospaceddigit()
    @MainActor @preconcurrency public func monospacedDigit() -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/linelimit(_:)-513mb (lineLimit(_ number: Int?))
    @MainActor @preconcurrency public func lineLimit(_ number: Int?) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/minimumscalefactor(_:)
    @MainActor @preconcurrency public func minimumScaleFactor(_ factor: CGFloat) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/multilinetextalignment(_:)
    @MainActor @preconcurrency public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/padding(_:)-68shk (padding(_ insets: EdgeInsets))
    @MainActor @preconcurrency public func padding(_ insets: EdgeInsets) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/padding(_:)-6pgqq (padding(_ length: CGFloat))
    @MainActor @preconcurrency public func padding(_ length: CGFloat) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/padding(_:_:) (padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil);
    // only the form with no argument is used, so `Edge.Set` is left out)
    @MainActor @preconcurrency public func padding() -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    @MainActor @preconcurrency public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        ModifiedView<Self>()
    }

    // https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    @MainActor @preconcurrency public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        ModifiedView<Self>()
    }

    // https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    // (ignoresSafeAreaEdges, never passed, is left out)
    @MainActor @preconcurrency public func background<S>(_ style: S) -> some View where S: ShapeStyle { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
    @MainActor @preconcurrency public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View {
        ModifiedView<Self>()
    }

    // https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
    // (the fill style, never passed, is left out)
    @MainActor @preconcurrency public func clipShape<S>(_ shape: S) -> some View where S: Shape { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/opacity(_:)
    @MainActor @preconcurrency public func opacity(_ opacity: Double) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/privacysensitive(_:)
    @MainActor @preconcurrency public func privacySensitive(_ sensitive: Bool = true) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)-5f0zj (accessibilityLabel<S>(_ label: S) where S: StringProtocol)
    @MainActor @preconcurrency public func accessibilityLabel<S>(_ label: S) -> some View where S: StringProtocol { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/scaledtofill()
    @MainActor @preconcurrency public func scaledToFill() -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/scaledtofit()
    @MainActor @preconcurrency public func scaledToFit() -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/gaugestyle(_:)
    @MainActor @preconcurrency public func gaugeStyle<S>(_ style: S) -> some View where S: GaugeStyle { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/progressviewstyle(_:)
    @MainActor @preconcurrency public func progressViewStyle<S>(_ style: S) -> some View where S: ProgressViewStyle { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/widgetaccentable(_:)
    @MainActor @preconcurrency public func widgetAccentable(_ accentable: Bool = true) -> some View { ModifiedView<Self>() }

    // https://developer.apple.com/documentation/swiftui/view/containerbackground(for:alignment:content:)
    @MainActor @preconcurrency public func containerBackground<V>(for container: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View {
        ModifiedView<Self>()
    }
}
