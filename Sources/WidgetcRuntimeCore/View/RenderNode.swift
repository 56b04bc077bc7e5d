import Foundation

/// A widget's face for one entry (docs/render-tree.md): the view chosen for the family with
/// every template rendered, every `if` and `families` decided, every `foreach` expanded and
/// limited. The generated SwiftUI view and the preview page draw it and evaluate nothing.
public struct RenderTree: Sendable, Equatable {
    /// The WidgetKit family the tree was made for (`systemSmall`…).
    public var family: String
    /// The view for the family: `familyView.FAMILY` when the widget has one, else `view`.
    public var root: RenderNode
    /// The widget's `background` (`containerBackground(for: .widget)`), when declared.
    public var background: RenderFill?

    public init(family: String, root: RenderNode, background: RenderFill? = nil) {
        self.family = family
        self.root = root
        self.background = background
    }

    /// The node with this id (`v.0.1`), searched depth first from the root; a `foreach`'s
    /// items share their template's ids, so this finds the first item's.
    public subscript(id: String) -> RenderNode? { root[id] }
}

/// One element of a face, rendered.
public struct RenderNode: Sendable, Equatable {
    /// The node's path in the YAML view, the same in every entry: `v` is `view`, `f.FAMILY` is
    /// `familyView.FAMILY`, `.N` the N-th child of a stack or group, `.item` a `foreach`'s item.
    public var id: String
    public var element: RenderElement
    /// A stack's or group's children that are shown, in order.
    public var children: [RenderNode]
    /// A `foreach`'s or a `grid`'s items: the item template rendered once per list element kept.
    public var items: [RenderNode]
    /// The ids of children left out for this entry (a falsy `if`, or `families` without the family).
    public var hidden: [String]
    public var options: RenderOptions

    public init(
        id: String, element: RenderElement, children: [RenderNode] = [], items: [RenderNode] = [], hidden: [String] = [],
        options: RenderOptions = RenderOptions()
    ) {
        self.id = id
        self.element = element
        self.children = children
        self.items = items
        self.hidden = hidden
        self.options = options
    }

    /// The node with this id in this subtree (this node included), depth first.
    public subscript(id: String) -> RenderNode? {
        if self.id == id { return self }
        guard id.hasPrefix(self.id) else { return nil }
        for child in children {
            if let found = child[id] { return found }
        }
        for item in items {
            if let found = item[id] { return found }
        }
        return nil
    }

    /// The element's name as written in YAML (`vstack`, `text`…).
    public var elementName: String { element.name }
}

/// What a node shows: the element and its values (options are in `RenderOptions`).
public enum RenderElement: Sendable, Equatable {
    case vstack(RenderStack)
    case hstack(RenderStack)
    case zstack(RenderStack)
    case group
    case foreach
    /// Text, localized and rendered.
    case text(String)
    case date(RenderDate)
    /// `Text(timerInterval: from...to, countsDown:)`.
    case timer(from: Date, to: Date, countsDown: Bool)
    /// An SF Symbol (`Image(systemName:)`).
    case symbol(String)
    case image(RenderImage)
    case gauge(RenderGauge)
    case progress(RenderProgress)
    case spacer(minLength: Double?)
    case divider
    /// `Button(intent:)`: its label, and the intent it runs with this entry's arguments.
    case button(label: String, call: RenderIntentCall)
    /// `Toggle(isOn:intent:)`: whether it is on in this entry, its label, and the intent it runs.
    case toggle(isOn: Bool, label: String, call: RenderIntentCall)
    /// A Swift Charts `Chart` of one kind of mark over the list's points.
    case chart(RenderChart)
    /// SwiftUI's `Grid`: the node's items in rows of `columns`.
    case grid(RenderGrid)

    public var name: String {
        switch self {
        case .vstack: "vstack"
        case .hstack: "hstack"
        case .zstack: "zstack"
        case .group: "group"
        case .foreach: "foreach"
        case .text: "text"
        case .date: "date"
        case .timer: "timer"
        case .symbol: "symbol"
        case .image: "image"
        case .gauge: "gauge"
        case .progress: "progress"
        case .spacer: "spacer"
        case .divider: "divider"
        case .button: "button"
        case .toggle: "toggle"
        case .chart: "chart"
        case .grid: "grid"
        }
    }
}

/// A `chart`: its mark, how its x axis reads, its points in the list's order, and the y axis's
/// domain when given.
public struct RenderChart: Sendable, Equatable {
    /// `line`, `bar`, `area` or `point` (`LineMark`, `BarMark`, `AreaMark`, `PointMark`).
    public var mark: String
    /// `xType`: what every point's x is (Swift Charts' categorical, quantitative or temporal axis).
    public var xType: RenderChartXType
    public var points: [RenderChartPoint]
    /// `chartYScale(domain:)`, when `yRange` is given.
    public var yRange: ClosedRange<Double>?

    public init(mark: String, xType: RenderChartXType = .category, points: [RenderChartPoint], yRange: ClosedRange<Double>? = nil) {
        self.mark = mark
        self.xType = xType
        self.points = points
        self.yRange = yRange
    }
}

/// A chart's x axis: text categories in the list's order, numbers, or instants (`Date`).
public enum RenderChartXType: String, Sendable, Equatable, CaseIterable {
    case category, number, date
}

/// One point's x: a category's text, a number, or an instant.
public enum RenderChartX: Sendable, Equatable {
    case category(String)
    case number(Double)
    case date(Date)
}

/// One point of a chart: its x (a category, a number or an instant, as the chart's `xType`
/// says), a number on y, the series it belongs to (empty when the chart has none), and its own
/// colour when the chart's `color` is a template over each element.
public struct RenderChartPoint: Sendable, Equatable, Identifiable {
    /// The point's place in the list (points are told apart by place).
    public var id: Int
    public var xValue: RenderChartX
    public var y: Double
    public var series: String
    /// The mark's colour (`foregroundStyle(_:)` on this mark), when rendered per element.
    public var color: RenderColor?

    public init(id: Int, x: RenderChartX, y: Double, series: String = "", color: RenderColor? = nil) {
        self.id = id
        self.xValue = x
        self.y = y
        self.series = series
        self.color = color
    }

    /// A point on a category axis.
    public init(id: Int, x: String, y: Double, series: String = "", color: RenderColor? = nil) {
        self.init(id: id, x: .category(x), y: y, series: series, color: color)
    }

    /// The x of a category axis (what `.value("x", point.x)` plots); empty on the other axes.
    public var x: String {
        if case .category(let text) = xValue { return text }
        return ""
    }

    /// The x of a number axis; 0 on the other axes.
    public var xNumber: Double {
        if case .number(let n) = xValue { return n }
        return 0
    }

    /// The x of a date axis; the epoch on the other axes.
    public var xDate: Date {
        if case .date(let d) = xValue { return d }
        return Date(timeIntervalSince1970: 0)
    }
}

/// A `grid`'s layout: how many items per row, and the points between cells.
public struct RenderGrid: Sendable, Equatable {
    public var columns: Int
    public var spacing: Double?

    public init(columns: Int, spacing: Double? = nil) {
        self.columns = columns
        self.spacing = spacing
    }
}

/// The intent a button or toggle runs (docs/intents.md) and its arguments, rendered for the entry.
public struct RenderIntentCall: Sendable, Equatable {
    /// The intent's name, as `intents:` declares it.
    public var intent: String
    /// `with:` rendered, in the order written (a lone tag keeps its type).
    public var arguments: [RenderArgument]

    public init(intent: String, arguments: [RenderArgument] = []) {
        self.intent = intent
        self.arguments = arguments
    }
}

/// One argument of an intent call.
public struct RenderArgument: Sendable, Equatable {
    public var name: String
    public var value: WidgetValue

    public init(name: String, value: WidgetValue) {
        self.name = name
        self.value = value
    }
}

/// A stack's layout. `alignment` is SwiftUI's name for the stack's kind: `leading`, `center`,
/// `trailing` (vstack), `top`, `center`, `bottom`, `firstTextBaseline`, `lastTextBaseline`
/// (hstack), `topLeading`…`bottomTrailing` (zstack).
public struct RenderStack: Sendable, Equatable {
    public var alignment: String?
    public var spacing: Double?

    public init(alignment: String? = nil, spacing: Double? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
}

/// A `date` element: an instant shown live in a style (`Text(date, style:)`), or formatted
/// once by the runtime (`format`, with the result in `text`).
public struct RenderDate: Sendable, Equatable {
    public var date: Date
    /// `time`, `date`, `relative`, `offset` or `timer`: SwiftUI's `Text.DateStyle`, drawn live.
    public var style: String?
    /// The author's `format` (docs/views.md), when the date is formatted rather than styled.
    public var format: String?
    /// The formatted text, when `format` is given: what both renderers show.
    public var text: String?

    public init(date: Date, style: String? = nil, format: String? = nil, text: String? = nil) {
        self.date = date
        self.style = style
        self.format = format
        self.text = text
    }
}

/// An image: an asset of the app's asset catalog, or a file in the app group container.
public enum RenderImage: Sendable, Equatable {
    /// `Image(name)`.
    case asset(String)
    /// A path relative to the app group container.
    case file(String)
}

/// `Gauge(value:in:label:currentValueLabel:)`.
public struct RenderGauge: Sendable, Equatable {
    public var value: Double
    public var min: Double
    public var max: Double
    public var label: String?
    public var currentValueLabel: String?
    /// `accessoryCircular`, `accessoryCircularCapacity`, `accessoryLinear`, `accessoryLinearCapacity`, `linearCapacity`.
    public var style: String?

    public init(
        value: Double, min: Double = 0, max: Double = 1, label: String? = nil, currentValueLabel: String? = nil, style: String? = nil
    ) {
        self.value = value
        self.min = min
        self.max = max
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.style = style
    }
}

/// `ProgressView(value:total:)` or `ProgressView(timerInterval:)`.
public struct RenderProgress: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case value(Double, total: Double)
        case interval(from: Date, to: Date, countsDown: Bool)
    }

    public var kind: Kind
    public var label: String?
    /// `linear` or `circular`.
    public var style: String?

    public init(kind: Kind, label: String? = nil, style: String? = nil) {
        self.kind = kind
        self.label = label
        self.style = style
    }
}

/// A colour: a SwiftUI system colour by name, or sRGB hex for light and dark appearance.
public enum RenderColor: Sendable, Equatable {
    /// `Color.yellow`, `.primary`, `.secondary`, `.accentColor`…
    case system(String)
    /// `#RRGGBB` or `#RRGGBBAA`, upper case; the same twice when the author gave one.
    case rgb(light: String, dark: String)
}

/// What fills a background: a colour, a linear gradient, or an image.
public enum RenderFill: Sendable, Equatable {
    case color(RenderColor)
    /// Top to bottom unless `from`/`to` (SwiftUI `UnitPoint` names) say otherwise.
    case gradient(colors: [RenderColor], from: String?, to: String?)
    case image(RenderImage)
}

/// `font`: a text style, or a system font by size, weight and design.
public enum RenderFont: Sendable, Equatable {
    /// `largeTitle`, `title`, `title2`, `title3`, `headline`, `subheadline`, `body`, `callout`,
    /// `footnote`, `caption`, `caption2`.
    case style(String)
    /// `.system(size:weight:design:)`.
    case system(size: Double, weight: String?, design: String?)
}

/// `padding`: the same on every edge, or per edge (edges not given get none).
public enum RenderPadding: Sendable, Equatable {
    case all(Double)
    case edges(top: Double, leading: Double, bottom: Double, trailing: Double)

    public var top: Double {
        switch self { case .all(let p): p; case .edges(let top, _, _, _): top }
    }
    public var leading: Double {
        switch self { case .all(let p): p; case .edges(_, let leading, _, _): leading }
    }
    public var bottom: Double {
        switch self { case .all(let p): p; case .edges(_, _, let bottom, _): bottom }
    }
    public var trailing: Double {
        switch self { case .all(let p): p; case .edges(_, _, _, let trailing): trailing }
    }
}

/// `frame`: fixed sizes and maxima (`.infinity` for `maxWidth: infinity`), and an alignment.
public struct RenderFrame: Sendable, Equatable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var minHeight: Double?
    public var maxWidth: Double?
    public var maxHeight: Double?
    public var alignment: String?

    public init(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, minHeight: Double? = nil,
        maxWidth: Double? = nil, maxHeight: Double? = nil, alignment: String? = nil
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// The options any element may have, rendered. Absent means SwiftUI's default.
public struct RenderOptions: Sendable, Equatable {
    public var font: RenderFont?
    /// `fontWeight`: `ultraLight`…`black`.
    public var weight: String?
    public var color: RenderColor?
    public var lineLimit: Int?
    public var minimumScaleFactor: Double?
    /// `multilineTextAlignment`: `leading`, `center`, `trailing`.
    public var textAlignment: String?
    public var monospacedDigit: Bool
    public var padding: RenderPadding?
    public var frame: RenderFrame?
    public var background: RenderFill?
    public var cornerRadius: Double?
    public var opacity: Double?
    /// `widgetAccentable()`.
    public var accentable: Bool
    /// `privacySensitive()`.
    public var privacySensitive: Bool
    /// `Link(destination:)` around the element.
    public var link: String?
    public var accessibilityLabel: String?

    public init(
        font: RenderFont? = nil, weight: String? = nil, color: RenderColor? = nil, lineLimit: Int? = nil,
        minimumScaleFactor: Double? = nil, textAlignment: String? = nil, monospacedDigit: Bool = false,
        padding: RenderPadding? = nil, frame: RenderFrame? = nil, background: RenderFill? = nil,
        cornerRadius: Double? = nil, opacity: Double? = nil, accentable: Bool = false, privacySensitive: Bool = false,
        link: String? = nil, accessibilityLabel: String? = nil
    ) {
        self.font = font
        self.weight = weight
        self.color = color
        self.lineLimit = lineLimit
        self.minimumScaleFactor = minimumScaleFactor
        self.textAlignment = textAlignment
        self.monospacedDigit = monospacedDigit
        self.padding = padding
        self.frame = frame
        self.background = background
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.accentable = accentable
        self.privacySensitive = privacySensitive
        self.link = link
        self.accessibilityLabel = accessibilityLabel
    }
}
