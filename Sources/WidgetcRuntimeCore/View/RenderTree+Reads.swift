import Foundation

/// Typed reads of a render tree by node id: what the generated SwiftUI view calls
/// (`tree.text("v.0")`, docs/generated-swift.md). A read of a node that is not there (an `if`
/// that was false, a plan that could not be loaded) gives a neutral value (empty text, zero,
/// the epoch), so the view always draws.
public protocol RenderTreeReading {
    /// The node with this id in what is read (the whole tree, or one `foreach` item).
    func node(_ id: String) -> RenderNode?
}

extension RenderTree: RenderTreeReading {
    public func node(_ id: String) -> RenderNode? { root[id] }

    /// A tree with nothing in it: what the view reads when an entry has no tree.
    public static var empty: RenderTree { RenderTree(family: "", root: RenderNode(id: "", element: .group)) }
}

/// One item of a `foreach`, read as a tree of its own (its nodes have the item template's ids).
public struct RenderItem: RenderTreeReading, Identifiable, Sendable {
    /// The item's position in the list: items are told apart by place, their ids repeat.
    public let id: Int
    public let root: RenderNode

    public init(id: Int, root: RenderNode) {
        self.id = id
        self.root = root
    }

    public func node(_ id: String) -> RenderNode? { root[id] }
}

/// One row of a `grid`: its items, each read as a tree of its own.
public struct RenderGridRow: Identifiable, Sendable {
    /// The row's position in the grid.
    public let id: Int
    public let items: [RenderItem]
}

extension RenderTreeReading {
    /// Whether the node is shown in this entry (its `if` held).
    public func shows(_ id: String) -> Bool { node(id) != nil }

    /// A `text` element's text, or a `date` element's formatted text.
    public func text(_ id: String) -> String {
        switch node(id)?.element {
        case .text(let text)?: text
        case .date(let date)?: date.text ?? ""
        default: ""
        }
    }

    /// A `date` element's instant.
    public func date(_ id: String) -> Date {
        if case .date(let date)? = node(id)?.element { return date.date }
        return Date(timeIntervalSince1970: 0)
    }

    /// A `timer` element's or a `progress` element's interval.
    public func timerInterval(_ id: String) -> ClosedRange<Date> {
        switch node(id)?.element {
        case .timer(let from, let to, _)?: return from...max(from, to)
        case .progress(let p)?:
            if case .interval(let from, let to, _) = p.kind { return from...max(from, to) }
        default: break
        }
        let epoch = Date(timeIntervalSince1970: 0)
        return epoch...epoch
    }

    /// Whether a `timer` or an interval `progress` counts down.
    public func countsDown(_ id: String) -> Bool {
        switch node(id)?.element {
        case .timer(_, _, let down)?: return down
        case .progress(let p)?:
            if case .interval(_, _, let down) = p.kind { return down }
        default: break
        }
        return true
    }

    /// A `symbol` element's SF Symbol name.
    public func symbol(_ id: String) -> String {
        if case .symbol(let name)? = node(id)?.element { return name }
        return ""
    }

    /// An `image` element's asset name.
    public func asset(_ id: String) -> String {
        if case .image(.asset(let name))? = node(id)?.element { return name }
        return ""
    }

    /// An `image` element's file, as a path in `container` (empty when there is none).
    public func file(_ id: String, in container: URL?) -> String {
        guard case .image(.file(let path))? = node(id)?.element, let container else { return "" }
        return container.appendingPathComponent(path).path
    }

    /// A `gauge`'s or a `progress`'s value.
    public func value(_ id: String) -> Double {
        switch node(id)?.element {
        case .gauge(let g)?: return g.value
        case .progress(let p)?:
            if case .value(let v, _) = p.kind { return v }
        default: break
        }
        return 0
    }

    /// A `gauge`'s range.
    public func range(_ id: String) -> ClosedRange<Double> {
        if case .gauge(let g)? = node(id)?.element, g.min <= g.max { return g.min...g.max }
        return 0...1
    }

    /// A `progress`'s total.
    public func total(_ id: String) -> Double {
        if case .progress(let p)? = node(id)?.element, case .value(_, let total) = p.kind { return total }
        return 1
    }

    /// A `gauge`'s, a `progress`'s, a `button`'s or a `toggle`'s label.
    public func label(_ id: String) -> String {
        switch node(id)?.element {
        case .gauge(let g)?: g.label ?? ""
        case .progress(let p)?: p.label ?? ""
        case .button(let label, _)?, .toggle(_, let label, _)?: label
        default: ""
        }
    }

    /// Whether a `toggle` is on in this entry.
    public func isOn(_ id: String) -> Bool {
        if case .toggle(let isOn, _, _)? = node(id)?.element { return isOn }
        return false
    }

    /// A `button`'s or `toggle`'s argument `name` (its intent's parameter), as rendered for the entry.
    public func argument(_ id: String, _ name: String) -> WidgetValue {
        switch node(id)?.element {
        case .button(_, let call)?, .toggle(_, _, let call)?: call.arguments.first { $0.name == name }?.value ?? .null
        default: .null
        }
    }

    /// A `gauge`'s current value label.
    public func currentValueLabel(_ id: String) -> String {
        if case .gauge(let g)? = node(id)?.element { return g.currentValueLabel ?? "" }
        return ""
    }

    /// A `foreach`'s items, in order.
    public func items(_ id: String) -> [RenderItem] {
        (node(id)?.items ?? []).enumerated().map { RenderItem(id: $0.offset, root: $0.element) }
    }

    /// A `chart`'s points, in the list's order.
    public func points(_ id: String) -> [RenderChartPoint] {
        if case .chart(let c)? = node(id)?.element { return c.points }
        return []
    }

    /// A `chart`'s y domain (`yRange`); `0...1` when the node is not there.
    public func yRange(_ id: String) -> ClosedRange<Double> {
        if case .chart(let c)? = node(id)?.element, let r = c.yRange { return r }
        return 0...1
    }

    /// A `grid`'s items in rows of its column count (the last row may be short).
    public func rows(_ id: String) -> [RenderGridRow] {
        guard let n = node(id), case .grid(let g) = n.element else { return [] }
        let items = n.items.enumerated().map { RenderItem(id: $0.offset, root: $0.element) }
        let width = max(g.columns, 1)
        return stride(from: 0, to: items.count, by: width).map { start in
            RenderGridRow(id: start / width, items: Array(items[start..<min(start + width, items.count)]))
        }
    }

    /// The node's `link`; a link that is not a URL opens the app (its URL scheme-less root).
    public func link(_ id: String) -> URL {
        node(id)?.options.link.flatMap { URL(string: $0) } ?? URL(fileURLWithPath: "/")
    }

    /// The size of the node's `font: {size}` as the runtime rendered it (a template's); 17, body's
    /// size, when the node has no system font.
    public func fontSize(_ id: String) -> CGFloat {
        if case .system(let size, _, _)? = node(id)?.options.font { return CGFloat(size) }
        return 17
    }

    /// One edge of the node's `padding` as the runtime rendered it (`\.top`, `\.leading`…); 0 when none.
    public func padding(_ id: String, _ edge: KeyPath<RenderPadding, Double>) -> CGFloat {
        node(id)?.options.padding.map { CGFloat($0[keyPath: edge]) } ?? 0
    }

    /// One size of the node's `frame` as the runtime rendered it (`\.width`, `\.maxWidth`…); nil
    /// when it has none (SwiftUI leaves it free).
    public func frame(_ id: String, _ size: KeyPath<RenderFrame, Double?>) -> CGFloat? {
        node(id)?.options.frame?[keyPath: size].map { CGFloat($0) }
    }

    /// The node's `color` as the runtime rendered it (a template's colour).
    public func color(_ id: String) -> RenderColor? { node(id)?.options.color }

    /// The node's `accessibilityLabel`.
    public func accessibilityLabel(_ id: String) -> String { node(id)?.options.accessibilityLabel ?? "" }

    /// The asset of an image background: the widget's (`id` nil) or the node's.
    public func backgroundAsset(_ id: String? = nil) -> String {
        if case .image(.asset(let name))? = fill(id) { return name }
        return ""
    }

    /// The file of an image background, as a path in `container`.
    public func backgroundFile(_ id: String? = nil, in container: URL?) -> String {
        guard case .image(.file(let path))? = fill(id), let container else { return "" }
        return container.appendingPathComponent(path).path
    }

    func fill(_ id: String?) -> RenderFill? {
        if let id { return node(id)?.options.background }
        return (self as? RenderTree)?.background
    }
}
