import WidgetSupport
import WidgetcRuntimeCore

/// A widget's face as declared (docs/views.md): `view`, `familyView.FAMILY` and `background`,
/// decoded into elements whose keys are told apart (element key, option, unknown), each with
/// its node, so the checks point at the key at fault and the plan carries the tree as written.
package struct ViewDefinition: Sendable {
    /// `view` as written.
    package var view: SourceNode?
    /// `view: custom`: the face is hand-written SwiftUI.
    package var isCustom = false
    /// `view` decoded, when it is an element (not `custom`).
    package var element: ViewElement?
    /// `familyView` as written.
    package var familyViewNode: SourceNode?
    /// Each `familyView` member: its key as written (a family's name, or not), where the key is,
    /// and its element.
    package var familyViews: [(key: String, family: WidgetFamily?, keyLocation: SourceLocation, element: ViewElement)] = []
    /// `background` as written.
    package var background: SourceNode?

    /// Whether the widget declares a face (an element for some family).
    package var hasElements: Bool { element != nil || !familyViews.isEmpty }

    package init() {}

    init(view: SourceNode?, familyView: SourceNode?, background: SourceNode?) {
        self.view = view
        self.background = background
        self.familyViewNode = familyView
        if let view {
            if view.string == "custom" {
                isCustom = true
            } else if view.isMapping {
                element = ViewElement(decoding: view)
            }
        }
        if let familyView, familyView.isMapping {
            for m in familyView.members where m.value.isMapping {
                familyViews.append((
                    m.key, WidgetFamily(rawValue: m.key), m.keyLocation,
                    ViewElement(decoding: m.value)))
            }
        }
    }
}

/// The element keys (docs/views.md): each is an element's main argument.
package enum ViewElementKind: String, Sendable, CaseIterable {
    case vstack, hstack, zstack, group, text, date, timer, symbol, image, gauge, progress, spacer, divider, foreach, button, toggle
    case chart, grid


    /// Whether the element's main argument is a list of elements.
    package var hasChildren: Bool {
        switch self {
        case .vstack, .hstack, .zstack, .group: true
        default: false
        }
    }

    /// What the element is in SwiftUI, for hover and messages.
    package var summary: String {
        switch self {
        case .vstack: "VStack: its children top to bottom"
        case .hstack: "HStack: its children side by side"
        case .zstack: "ZStack: its children one over another"
        case .group: "Group: its children, sharing the options"
        case .text: "Text: literal text (localized) or a template"
        case .date: "Text(date, style:): an instant shown live (style) or formatted (format)"
        case .timer: "Text(timerInterval:): a range from/to counting live"
        case .symbol: "Image(systemName:): an SF Symbol"
        case .image: "Image: an asset of the app's asset catalog, or {file} in the app group container"
        case .gauge: "Gauge(value:in:): a value within range"
        case .progress: "ProgressView: value/total, or {from, to} (timerInterval)"
        case .spacer: "Spacer: flexible space"
        case .divider: "Divider: a thin line"
        case .foreach: "ForEach: item once per element of a list field, limit per family"
        case .button: "Button(intent:): its label; runs intent with the arguments in with"
        case .toggle: "Toggle(isOn:intent:): on when the boolean field is true; runs intent with the arguments in with"
        case .chart: "Chart (Swift Charts): a mark (line, bar, area, point) per element of a list field, at x and y"
        case .grid: "Grid: item once per element of a list field, in rows of columns"
        }
    }
}

/// The options an element may have besides its element key.
package enum ViewOption: String, Sendable, CaseIterable {
    // Options of some elements.
    case alignment, spacing, style, format, countsDown, total, range, label, currentValueLabel, limit, item, intent, with
    case mark, x, xType, y, series, yRange, columns
    // Options of any element.
    case font, weight, color, lineLimit, minimumScaleFactor, textAlignment, monospacedDigit, padding, frame, background
    case cornerRadius, opacity, accentable, privacySensitive, link, `if`, families, accessibilityLabel

    /// The option's bit in `ViewElement`'s set of the options written (there are fewer than 64).
    package var bit: UInt64 { 1 << UInt64(ordinal) }
    /// The case's number in `allCases` (a case-only enum is stored as it).
    package var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The elements this option belongs to; nil: any element.
    package var elements: Set<ViewElementKind>? {
        switch self {
        case .alignment: [.vstack, .hstack, .zstack]
        case .spacing: [.vstack, .hstack, .grid]
        case .style: [.date, .gauge, .progress]
        case .format: [.text, .date]
        case .countsDown: [.timer, .progress]
        case .total: [.progress]
        case .range, .currentValueLabel: [.gauge]
        case .label: [.gauge, .progress, .toggle]
        case .intent, .with: [.button, .toggle]
        case .limit, .item: [.foreach, .grid]
        case .mark, .x, .xType, .y, .series, .yRange: [.chart]
        case .columns: [.grid]
        default: nil
        }
    }

    /// What the option does, for hover and messages.
    package var summary: String {
        switch self {
        case .alignment: "a stack's alignment"
        case .spacing: "points between a stack's children, or a grid's cells"
        case .style: "date: time, date, relative, offset, timer; gauge and progress: their SwiftUI style"
        case .format: "how the runtime formats a number or an instant (time, date, number, percent…)"
        case .countsDown: "whether a timer or a timer progress counts down (default true)"
        case .total: "the progress value that means done (default 1)"
        case .range: "a gauge's [min, max] (default [0, 1])"
        case .label: "a gauge's, a progress view's or a toggle's label"
        case .intent: "the intent a button or toggle runs (a name under intents:)"
        case .with: "the intent's arguments: parameter name to a value or a template"
        case .currentValueLabel: "a gauge's current value label"
        case .limit: "how many items a foreach or grid shows: a number, or per family with default"
        case .item: "the element a foreach or grid shows for each list element"
        case .mark: "a chart's mark: line, bar, area or point"
        case .x: "a chart's x for each element: a template over its fields (a category, a number or an instant, as xType says)"
        case .xType: "what a chart's x is: category (text, in the list's order), number or date (an instant)"
        case .y: "a chart's y for each element: a template rendering a number"
        case .series: "a chart's series for each element: one colour (and line) per value"
        case .yRange: "a chart's y axis [min, max] (chartYScale; default: fitted to the data)"
        case .columns: "how many items a grid puts in a row (7 for a week)"
        case .font: "a text style (headline…) or {size, weight, design}"
        case .weight: "the font weight (fontWeight)"
        case .color: "the foreground colour: a system colour name, #RRGGBB, or {light, dark}; a chart's marks' colour, a template per element"
        case .lineLimit: "at most this many lines"
        case .minimumScaleFactor: "how far text may shrink to fit (0 to 1)"
        case .textAlignment: "multilineTextAlignment: leading, center, trailing"
        case .monospacedDigit: "digits of equal width"
        case .padding: "padding in points: a number, or per edge"
        case .frame: "width, height, min/max sizes (maxWidth: infinity) and alignment"
        case .background: "a colour, gradient or image behind the element"
        case .cornerRadius: "rounded corners, in points"
        case .opacity: "opacity, 0 to 1"
        case .accentable: "takes the tint in accented rendering (widgetAccentable)"
        case .privacySensitive: "redacted while the device is locked"
        case .link: "a URL opened when the element is tapped (Link; not in systemSmall)"
        case .if: "shown only when this renders truthy"
        case .families: "shown only in these families"
        case .accessibilityLabel: "what VoiceOver reads"
        }
    }
}

/// An element's key, an element key or an option, looked up by its bytes read in place: one
/// probe of a `ByteTable`, where `init(rawValue:)` compares the key with every case in turn and a
/// `Dictionary` makes and hashes a `String` per key (decoding views, callgrind on 300 files of
/// bench/validate's examples shape: `init(rawValue:)` 23.4 M, the dictionaries 21.2 M; a table
/// each, with the arrays' room reserved and ids without interpolation, 22.1 M -> 14.5 M for all
/// of `ViewDefinition`). One table for both: with one each, an option was looked for twice.
enum ViewKey {
    case kind(ViewElementKind)
    case option(ViewOption)

    private static let kinds = ViewElementKind.allCases
    private static let options = ViewOption.allCases
    /// The element keys, then the options (no name is both).
    private static let table = ByteTable(kinds.map(\.rawValue) + options.map(\.rawValue))

    /// The key these bytes spell, as `init(rawValue:)` decides (text that is not ASCII may
    /// still be canonically equivalent to a key, so it goes through it).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let k = Self.table.index(of: bytes) {
            self = k < Self.kinds.count ? .kind(Self.kinds[k]) : .option(Self.options[k - Self.kinds.count])
            return
        }
        guard !bytes.isASCII else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        if let kind = ViewElementKind(rawValue: text) {
            self = .kind(kind)
        } else if let option = ViewOption(rawValue: text) {
            self = .option(option)
        } else {
            return nil
        }
    }
}

/// One element of a view as written.
///
/// A class: the checks pass elements down and keep a stack's children, and a struct of six
/// references was copied per child through the runtime's generic tuple witness, six retains and
/// six releases each (13 copies a file of bench/validate's examples slice, callgrind: retains
/// 941 -> 881 a file and releases 1,223 -> 1,147, with one allocation more an element).
package final class ViewElement: Sendable {
    /// The element's mapping. (Its path is the view checks' to keep as they walk: made here for
    /// every element, with a render-tree id nothing read, `ViewDefinition` was 14.5 M instructions
    /// on 300 files of bench/validate's examples shape, 7.1 M without them, callgrind.)
    package let node: SourceNode
    /// The first element key written and its member index (a valid element has exactly one):
    /// two plain fields, where an optional tuple made the element's copies outlined.
    private let firstKind: ViewElementKind?
    private let firstMember: Int
    /// The element keys after the first (an error): an element with one makes no array for them.
    /// (With the option bits below: `checkViews` 23.8 M -> 22.9 M instructions on 300 files of
    /// bench/validate's examples shape, 3,568 elements; callgrind.)
    private let otherElementKeys: [(kind: ViewElementKind, member: Int)]
    /// The options written, with their member index.
    package let options: [(option: ViewOption, member: Int)]
    /// Which options are written (bit `ViewOption.bit`): most of the options the checks ask for
    /// are not, and are answered without a search.
    private let optionBits: UInt64
    /// Members that are neither (their index).
    package let unknownKeys: [Int]
    /// The children of a stack or group (list items that are mappings, with their list index).
    package let children: [(index: Int, element: ViewElement)]
    /// A foreach's item.
    package let item: ViewElement?

    /// The first element key written, with its member index.
    package var firstElementKey: (kind: ViewElementKind, member: Int)? { firstKind.map { ($0, firstMember) } }
    /// The element keys written, in order, with their member index.
    package var elementKeys: [(kind: ViewElementKind, member: Int)] {
        firstElementKey.map { [$0] + otherElementKeys } ?? []
    }
    /// How many element keys are written.
    package var elementKeyCount: Int { firstKind == nil ? 0 : 1 + otherElementKeys.count }
    /// The element's kind when it has exactly one element key.
    package var kind: ViewElementKind? { otherElementKeys.isEmpty ? firstKind : nil }
    /// The element key's value (its main argument).
    package var main: SourceNode? { kind == nil ? nil : node.child(firstMember) }

    /// The value of an option, when written.
    package func option(_ option: ViewOption) -> SourceNode? {
        guard optionBits & option.bit != 0 else { return nil }
        for o in options where o.option == option { return node.child(o.member) }
        return nil
    }

    /// Where member `i`'s key is written.
    package func keyLocation(_ i: Int) -> SourceLocation {
        node.document.keyLocation(node.index, i)
    }

    // Built in locals and stored once at the end (the fields are constants).
    init(decoding node: SourceNode) {
        var firstKind: ViewElementKind? = nil
        var firstMember = -1
        var otherElementKeys: [(kind: ViewElementKind, member: Int)] = []
        var options: [(option: ViewOption, member: Int)] = []
        var optionBits: UInt64 = 0
        var unknownKeys: [Int] = []
        for i in 0..<node.count {
            switch ViewKey(node.keyBytes(i)) {
            case .kind(let kind)?:
                if firstKind == nil { (firstKind, firstMember) = (kind, i) } else { otherElementKeys.append((kind, i)) }
            case .option(let option)?:
                // Room for every key but the element's once, instead of growing one by one.
                if options.isEmpty { options.reserveCapacity(node.count - 1) }
                options.append((option, i))
                optionBits |= option.bit
            case nil:
                unknownKeys.append(i)
            }
        }
        var children: [(index: Int, element: ViewElement)] = []
        var item: ViewElement? = nil
        if otherElementKeys.isEmpty, let kind = firstKind {
            if kind.hasChildren, case let list = node.child(firstMember), list.isSequence {
                children.reserveCapacity(list.count)
                for (i, child) in list.items.enumerated() where child.isMapping {
                    children.append((i, ViewElement(decoding: child)))
                }
            }
            if kind == .foreach || kind == .grid, let o = options.first(where: { $0.option == .item }),
                case let itemNode = node.child(o.member), itemNode.isMapping
            {
                item = ViewElement(decoding: itemNode)
            }
        }
        self.node = node
        self.firstKind = firstKind
        self.firstMember = firstMember
        self.otherElementKeys = otherElementKeys
        self.options = options
        self.optionBits = optionBits
        self.unknownKeys = unknownKeys
        self.children = children
        self.item = item
    }

    /// This element and every one below it, depth first.
    package func walk(_ body: (ViewElement) -> Void) {
        body(self)
        for child in children { child.element.walk(body) }
        item?.walk(body)
    }
}
