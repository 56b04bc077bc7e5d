// A stub of the SwiftUI declarations the generated widget extension uses (see ../README.md).
// Each declaration cites the page of Apple's documentation its signature comes from.
import Foundation

// MARK: - Views

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never (Conforms To: View, in SwiftUI)
extension Never: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View {
        TupleView((repeat each content))
    }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        _ConditionalContent()
    }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        _ConditionalContent()
    }
}

// https://developer.apple.com/documentation/swiftui/tupleview
@frozen public struct TupleView<T> {
    public var value: T
    // https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
    @inlinable public init(_ value: T) { self.value = value }
}

extension TupleView: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
@frozen public struct _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {}

extension _ConditionalContent: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/text
@frozen public struct Text {
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4 (init<S>(_ content: S) where S : StringProtocol)
    public init<S>(_ content: S) where S: StringProtocol {}

    // https://developer.apple.com/documentation/swiftui/text/font(_:)
    public func font(_ font: Font?) -> Text { self }
}

extension Text: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/font
@frozen public struct Font: Hashable, Sendable {
    let name: String
    // https://developer.apple.com/documentation/swiftui/font/headline
    public static let headline = Font(name: "headline")
    // https://developer.apple.com/documentation/swiftui/font/caption
    public static let caption = Font(name: "caption")
}

// https://developer.apple.com/documentation/swiftui/vstack
@frozen public struct VStack<Content> where Content: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

extension VStack: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/horizontalalignment
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    let name: String
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
    public static let leading = HorizontalAlignment(name: "leading")
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/center
    public static let center = HorizontalAlignment(name: "center")
}

// MARK: - Environment

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    public init() {}
}

// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/environment
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    // https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf (init(_ keyPath: KeyPath<EnvironmentValues, Value>))
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

// MARK: - Container backgrounds

// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

// https://developer.apple.com/documentation/swiftui/backgroundstyle
@frozen public struct BackgroundStyle: ShapeStyle {
    // https://developer.apple.com/documentation/swiftui/backgroundstyle/init()
    @inlinable public init() {}
}

extension ShapeStyle where Self == BackgroundStyle {
    // https://developer.apple.com/documentation/swiftui/shapestyle/background
    public static var background: BackgroundStyle { BackgroundStyle() }
}

// https://developer.apple.com/documentation/swiftui/containerbackgroundplacement
public struct ContainerBackgroundPlacement: Sendable, Hashable {
    package let name: String
    package init(name: String) { self.name = name }
}

struct ModifiedView<Content: View>: View {
    var body: Never { return fatalError("stub") }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/containerbackground(_:for:)
    @MainActor @preconcurrency public func containerBackground<S>(_ style: S, for container: ContainerBackgroundPlacement) -> some View where S: ShapeStyle {
        ModifiedView<Self>()
    }
}

// MARK: - Widgets (declared by SwiftUI; WidgetKit extends them)

// https://developer.apple.com/documentation/swiftui/widgetconfiguration
@MainActor @preconcurrency public protocol WidgetConfiguration {
    // https://developer.apple.com/documentation/swiftui/widgetconfiguration/body-swift.associatedtype
    associatedtype Body: WidgetConfiguration
    // https://developer.apple.com/documentation/swiftui/widgetconfiguration/body-swift.property
    @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never (Conforms To: WidgetConfiguration, in SwiftUI)
extension Never: WidgetConfiguration {}

// https://developer.apple.com/documentation/swiftui/widget
@MainActor @preconcurrency public protocol Widget {
    // https://developer.apple.com/documentation/swiftui/widget/body-swift.associatedtype
    associatedtype Body: WidgetConfiguration
    // https://developer.apple.com/documentation/swiftui/widget/body-swift.property
    @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/widgetbundle
@MainActor @preconcurrency public protocol WidgetBundle {
    // https://developer.apple.com/documentation/swiftui/widgetbundle/body-swift.associatedtype
    associatedtype Body: Widget
    // https://developer.apple.com/documentation/swiftui/widgetbundle/init()
    @MainActor @preconcurrency init()
    // https://developer.apple.com/documentation/swiftui/widgetbundle/body-swift.property
    @WidgetBundleBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension WidgetBundle {
    // https://developer.apple.com/documentation/swiftui/widgetbundle/main()
    @MainActor @preconcurrency public static func main() {
        _ = Self().body
    }
}

// https://developer.apple.com/documentation/swiftui/widgetbundlebuilder
// The narrowest builder a team may build with: today's page declares `buildBlock<each C>` (any
// number of widgets), the SDKs before it one `buildBlock` per count, from one to ten widgets. The
// stub declares those ten and no more, so generated code that type-checks here builds with both
// (a block of eleven widgets is "extra argument in call").
@resultBuilder public struct WidgetBundleBuilder {
    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock()
    @MainActor public static func buildBlock() -> some Widget { TupleWidget(()) }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:)
    // (one widget: the block is the widget itself)
    @MainActor public static func buildBlock<Content>(_ content: Content) -> Content where Content: Widget { content }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (2 widgets)
    @MainActor public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some Widget where C0: Widget, C1: Widget {
        TupleWidget((c0, c1))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (3 widgets)
    @MainActor public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> some Widget where C0: Widget, C1: Widget, C2: Widget {
        TupleWidget((c0, c1, c2))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (4 widgets)
    @MainActor public static func buildBlock<C0, C1, C2, C3>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3) -> some Widget where C0: Widget, C1: Widget, C2: Widget, C3: Widget {
        TupleWidget((c0, c1, c2, c3))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (5 widgets)
    @MainActor public static func buildBlock<C0, C1, C2, C3, C4>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4) -> some Widget where C0: Widget, C1: Widget, C2: Widget, C3: Widget, C4: Widget {
        TupleWidget((c0, c1, c2, c3, c4))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (6 widgets)
    @MainActor public static func buildBlock<C0, C1, C2, C3, C4, C5>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5) -> some Widget where C0: Widget, C1: Widget, C2: Widget, C3: Widget, C4: Widget, C5: Widget {
        TupleWidget((c0, c1, c2, c3, c4, c5))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (7 widgets)
    @MainActor public static func buildBlock<C0, C1, C2, C3, C4, C5, C6>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6) -> some Widget where C0: Widget, C1: Widget, C2: Widget, C3: Widget, C4: Widget, C5: Widget, C6: Widget {
        TupleWidget((c0, c1, c2, c3, c4, c5, c6))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (8 widgets)
    @MainActor public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7) -> some Widget where C0: Widget, C1: Widget, C2: Widget, C3: Widget, C4: Widget, C5: Widget, C6: Widget, C7: Widget {
        TupleWidget((c0, c1, c2, c3, c4, c5, c6, c7))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (9 widgets)
    @MainActor public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8) -> some Widget where C0: Widget, C1: Widget, C2: Widget, C3: Widget, C4: Widget, C5: Widget, C6: Widget, C7: Widget, C8: Widget {
        TupleWidget((c0, c1, c2, c3, c4, c5, c6, c7, c8))
    }

    // https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:) (10 widgets)
    @MainActor public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8, _ c9: C9) -> some Widget where C0: Widget, C1: Widget, C2: Widget, C3: Widget, C4: Widget, C5: Widget, C6: Widget, C7: Widget, C8: Widget, C9: Widget {
        TupleWidget((c0, c1, c2, c3, c4, c5, c6, c7, c8, c9))
    }
}

struct TupleWidget<T>: Widget {
    let value: T
    init(_ value: T) { self.value = value }
    var body: Never { return fatalError("stub") }
}

extension Never: Widget {}
