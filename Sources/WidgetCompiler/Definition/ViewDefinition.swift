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
    /// `view`, when it is an element (a mapping; its keys are told apart by the view checks).
    package var element: SourceNode?
    /// `familyView` as written.
    package var familyViewNode: SourceNode?
    /// Each `familyView` member that is an element: its key as written (a family's name, or
    /// not), where the key is, and its element's mapping.
    package var familyViews: [(key: String, family: WidgetFamily?, keyLocation: SourceLocation, element: SourceNode)] = []
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
                element = view
            }
        }
        if let familyView, familyView.isMapping {
            for m in familyView.members where m.value.isMapping {
                familyViews.append((m.key, WidgetFamily(rawValue: m.key), m.keyLocation, m.value))
            }
        }
    }
}

/// The element keys (docs/views.md): each is an element's main argument.
package enum ViewElementKind: String, Sendable, CaseIterable {
    case vstack, hstack, zstack, group, text, date, timer, symbol, image, gauge, progress, spacer, divider, foreach, button, toggle
    case chart, grid

    /// The case's number in `allCases` (a case-only enum is stored as it).
    package var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

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

/// One element of a view as written, told apart when the view checks reach it (its keys, each
/// an element key, an option or unknown). A value on the checker's stack, made from the node
/// per element: decoded into a class per element with arrays of its options, children and
/// unknown keys when the definition was, the views cost 2 allocations an element (23.7 a file of
/// bench/validate's examples slice) and their teardown, for the checks alone to read.
/// Not copyable: the checks borrow it (as a copyable struct it was copied 4.7 times an element,
/// its node retained each time).
struct ViewElement: ~Copyable {
    /// The element's mapping.
    let node: SourceNode
    /// The first element key written and its member index (a valid element has exactly one).
    let firstKind: ViewElementKind?
    private let firstMember: Int
    /// How many element keys are written.
    let elementKeyCount: Int
    /// Which options are written (bit `ViewOption.bit`): most of the options the checks ask for
    /// are not, and are answered without a search.
    let optionBits: UInt64
    /// Whether a member is neither an element key nor an option.
    let hasUnknownKeys: Bool
    /// The member index of each option written (its first), by `ViewOption.ordinal`.
    private var members = OptionMembers()

    init(decoding node: SourceNode) {
        var firstKind: ViewElementKind? = nil
        var firstMember = -1
        var elementKeyCount = 0
        var optionBits: UInt64 = 0
        var hasUnknownKeys = false
        for i in 0..<node.count {
            switch ViewKey(node.keyBytes(i)) {
            case .kind(let kind)?:
                if firstKind == nil { (firstKind, firstMember) = (kind, i) }
                elementKeyCount += 1
            case .option(let option)?:
                if optionBits & option.bit == 0 { members[option] = Int32(truncatingIfNeeded: i) }
                optionBits |= option.bit
            case nil:
                hasUnknownKeys = true
            }
        }
        self.node = node
        self.firstKind = firstKind
        self.firstMember = firstMember
        self.elementKeyCount = elementKeyCount
        self.optionBits = optionBits
        self.hasUnknownKeys = hasUnknownKeys
    }

    /// The first element key written, with its member index.
    var firstElementKey: (kind: ViewElementKind, member: Int)? { firstKind.map { ($0, firstMember) } }
    /// The element's kind when it has exactly one element key.
    var kind: ViewElementKind? { elementKeyCount == 1 ? firstKind : nil }
    /// The element key's value (its main argument).
    var main: SourceNode? { kind == nil ? nil : node.child(firstMember) }

    /// The element keys written, in order, with their member index (for the message when there are several).
    var elementKeys: [(kind: ViewElementKind, member: Int)] {
        var keys: [(kind: ViewElementKind, member: Int)] = []
        for i in 0..<node.count { if case .kind(let kind)? = ViewKey(node.keyBytes(i)) { keys.append((kind, i)) } }
        return keys
    }

    /// Each option written among `bits`, in order, with its member index (duplicates too).
    func forEachOption(in bits: UInt64, _ body: (ViewOption, Int) -> Void) {
        guard optionBits & bits != 0 else { return }
        for i in 0..<node.count {
            if case .option(let option)? = ViewKey(node.keyBytes(i)), option.bit & bits != 0 { body(option, i) }
        }
    }

    /// The member index of an option, when written.
    func member(of option: ViewOption) -> Int? {
        optionBits & option.bit == 0 ? nil : Int(members[option])
    }

    /// The value of an option, when written. (Not `@inline(__always)`: forced inline, the
    /// examples slice ran 1.0 k instructions a file fewer but 0.6 k est. cycles more, L1i misses
    /// 2,881 -> 2,977 a file, callgrind.)
    func option(_ option: ViewOption) -> SourceNode? {
        optionBits & option.bit == 0 ? nil : node.child(Int(members[option]))
    }

    /// Where member `i`'s key is written.
    func keyLocation(_ i: Int) -> SourceLocation {
        node.document.keyLocation(node.index, i)
    }
}

/// A member index per option, in place: 40 slots (`ViewOption` has fewer cases, a test says so).
/// Not copyable, as the element holding it.
package struct OptionMembers: ~Copyable {
    private var slots: (
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
    ) = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    package static let capacity = 40

    init() {}

    subscript(option: ViewOption) -> Int32 {
        // Read by a switch on the slot: `withUnsafeBytes(of: slots)` copied all 160 bytes to
        // the stack to read one. (Called out of line, from a loop over options, the caller still
        // copies them to pass it: 16 a file of bench/validate's examples slice, callgrind.)
        get {
            switch option.ordinal {
            case 0: slots.0
            case 1: slots.1
            case 2: slots.2
            case 3: slots.3
            case 4: slots.4
            case 5: slots.5
            case 6: slots.6
            case 7: slots.7
            case 8: slots.8
            case 9: slots.9
            case 10: slots.10
            case 11: slots.11
            case 12: slots.12
            case 13: slots.13
            case 14: slots.14
            case 15: slots.15
            case 16: slots.16
            case 17: slots.17
            case 18: slots.18
            case 19: slots.19
            case 20: slots.20
            case 21: slots.21
            case 22: slots.22
            case 23: slots.23
            case 24: slots.24
            case 25: slots.25
            case 26: slots.26
            case 27: slots.27
            case 28: slots.28
            case 29: slots.29
            case 30: slots.30
            case 31: slots.31
            case 32: slots.32
            case 33: slots.33
            case 34: slots.34
            case 35: slots.35
            case 36: slots.36
            case 37: slots.37
            case 38: slots.38
            default: slots.39
            }
        }
        set { withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: newValue, toByteOffset: option.ordinal * 4, as: Int32.self) } }
    }
}
