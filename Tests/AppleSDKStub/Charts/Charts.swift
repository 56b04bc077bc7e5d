// The Swift Charts declarations a generated face's `chart` uses (docs/views.md, "Charts and
// grids"; see ../README.md). Each declaration cites the page of Apple's documentation its
// signature comes from. Bodies are placeholders: the stub draws nothing.
import Foundation
import SwiftUI

// https://developer.apple.com/documentation/charts/chartcontent
@MainActor @preconcurrency public protocol ChartContent {
    associatedtype Body: ChartContent
    // https://developer.apple.com/documentation/charts/chartcontent/body-swift.property
    @ChartContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// Never is the body of the marks (Apple's marks are primitive content, as SwiftUI's primitive views).
extension Never: ChartContent {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/charts/chartcontentbuilder
@resultBuilder public struct ChartContentBuilder {
    // https://developer.apple.com/documentation/charts/chartcontentbuilder/buildblock(_:)-797vj
    public static func buildBlock<C>(_ content: C) -> C where C: ChartContent { content }
    // https://developer.apple.com/documentation/charts/chartcontentbuilder/buildexpression(_:)
    public static func buildExpression<C>(_ content: C) -> C where C: ChartContent { content }
}

// https://developer.apple.com/documentation/charts/plottable
public protocol Plottable {}
// https://developer.apple.com/documentation/charts/plottable (Conforming Types: String, Double)
extension String: Plottable {}
extension Double: Plottable {}
// https://developer.apple.com/documentation/charts/primitiveplottableprotocol ("Date for temporal values")
extension Date: Plottable {}

// https://developer.apple.com/documentation/charts/plottablevalue
public struct PlottableValue<Value> where Value: Plottable {
    // https://developer.apple.com/documentation/charts/plottablevalue/value(_:_:)-99gzt
    // (static func value(_ label: Text, _ value: Value) -> PlottableValue<Value>; the generated
    // code passes a string literal, which Apple's LocalizedStringKey overload takes)
    public static func value(_ label: String, _ value: Value) -> PlottableValue<Value> { PlottableValue() }
}

// https://developer.apple.com/documentation/charts/linemark
@MainActor @preconcurrency public struct LineMark: ChartContent {
    // https://developer.apple.com/documentation/charts/linemark/init(x:y:)
    public nonisolated init<X, Y>(x: PlottableValue<X>, y: PlottableValue<Y>) where X: Plottable, Y: Plottable {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/charts/barmark
@MainActor @preconcurrency public struct BarMark: ChartContent {
    // https://developer.apple.com/documentation/charts/barmark/init(x:y:width:stacking:)
    // (width and stacking have defaults the generated code never passes: left out)
    public nonisolated init<X, Y>(x: PlottableValue<X>, y: PlottableValue<Y>) where X: Plottable, Y: Plottable {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/charts/areamark
@MainActor @preconcurrency public struct AreaMark: ChartContent {
    // https://developer.apple.com/documentation/charts/areamark/init(x:y:stacking:)
    // (stacking has a default the generated code never passes: left out)
    public nonisolated init<X, Y>(x: PlottableValue<X>, y: PlottableValue<Y>) where X: Plottable, Y: Plottable {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/charts/pointmark
@MainActor @preconcurrency public struct PointMark: ChartContent {
    // https://developer.apple.com/documentation/charts/pointmark/init(x:y:)-44ke9
    public nonisolated init<X, Y>(x: PlottableValue<X>, y: PlottableValue<Y>) where X: Plottable, Y: Plottable {}
    public var body: Never { return fatalError("stub") }
}

// The modified content a ChartContent modifier returns (Apple's is opaque: `some ChartContent`).
@MainActor @preconcurrency public struct ModifiedChartContent: ChartContent {
    nonisolated init() {}
    public var body: Never { return fatalError("stub") }
}

// The view a chart modifier returns (Apple's is opaque: `some View`).
struct ChartModifiedView<Content: View>: View {
    var body: Never { return fatalError("stub") }
}

extension ChartContent {
    // https://developer.apple.com/documentation/charts/chartcontent/foregroundstyle(by:)
    public nonisolated func foregroundStyle<D>(by value: PlottableValue<D>) -> some ChartContent where D: Plottable {
        ModifiedChartContent()
    }

    // https://developer.apple.com/documentation/charts/chartcontent/foregroundstyle(_:)
    public nonisolated func foregroundStyle<S>(_ style: S) -> some ChartContent where S: ShapeStyle {
        ModifiedChartContent()
    }
}

// https://developer.apple.com/documentation/swiftui/foreach (Conforms To: ChartContent, when Content: ChartContent)
extension ForEach: ChartContent where Content: ChartContent {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/charts/chart
public struct Chart<Content>: View where Content: ChartContent {
    public var body: Never { return fatalError("stub") }
}

extension Chart {
    // https://developer.apple.com/documentation/charts/chart/init(_:content:)
    public nonisolated init<Data, C>(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C)
    where Content == ForEach<Data, Data.Element.ID, C>, Data: RandomAccessCollection, C: ChartContent, Data.Element: Identifiable {}
}

// https://developer.apple.com/documentation/charts/scaledomain
public protocol ScaleDomain {}
// https://developer.apple.com/documentation/charts/scaledomain (Conforming Types: ClosedRange, where Bound: Plottable)
extension ClosedRange: ScaleDomain where Bound: Plottable {}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/chartyscale(domain:type:)
    // (type has a default the generated code never passes: left out)
    @MainActor @preconcurrency public func chartYScale<Domain>(domain: Domain) -> some View where Domain: ScaleDomain { ChartModifiedView<Self>() }
}
