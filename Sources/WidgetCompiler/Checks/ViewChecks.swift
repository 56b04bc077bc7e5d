import WidgetSupport
import WidgetTemplates
import WidgetTime
import WidgetcRuntimeCore

/// The checks of a widget's face (docs/views.md, "Checks"), after the schema: element keys,
/// options that belong to other elements, the names templates use, what a family drops,
/// styles, clocks redrawn by reloads, and families without a view. Shapes the schema refuses
/// (an option of the wrong type, an unknown key with its did-you-mean) are not reported again.
func checkViews(_ definition: WidgetDefinition, scope: VariableScope, _ context: inout CheckContext) {
    let face = definition.face
    // No face, nothing to check: the field table and the reload cadence below cost 26 k
    // instructions per file of bench/validate's generated corpus, which has no views (callgrind).
    guard face.hasElements || face.background != nil else { return }
    let declared = definition.families.map { $0.value ?? [] } ?? WidgetDefinition.defaultFamilies
    let fields = ViewFields(definition)
    let reload = minuteReloads(definition.timeline)
    var checker = ViewChecker(
        scope: scope, fields: fields, reloadEvery: reload, intents: definition.intents,
        content: definition.content, placeholder: definition.placeholder, snapshot: definition.snapshot)
    let covered = Set(face.familyViews.compactMap(\.family))
    if let element = face.element {
        checker.path = ["view"]
        checker.check(element, families: FamilyBits(declared).subtracting(FamilyBits(covered)), inForeach: false, &context)
    }
    for familyView in face.familyViews {
        guard let family = familyView.family else { continue }  // the schema names the unknown key
        if !declared.contains(family) {
            context.warning(
                .familyNotDeclared,
                "familyView for '\(familyView.key)', which is not in this widget's families (\(declared.map(\.rawValue).joined(separator: ", ")))",
                at: familyView.keyLocation, ["familyView", familyView.key])
        }
        checker.path = ["familyView", familyView.key]
        checker.check(familyView.element, families: [family], inForeach: false, &context)
    }
    if let background = face.background { checker.checkFill(background, ["background"], inForeach: false, &context) }
    // A face for some family, and a declared family without one.
    if face.hasElements, face.element == nil, !face.isCustom {
        for family in declared where !covered.contains(family) {
            let at = face.familyViewNode.map { $0.document.keyLocation(definition.root.index, memberIndex(definition.root, "familyView")) }
            context.error(
                .viewMissing,
                "family '\(family.rawValue)' is declared but has no view: add 'view' (for every family) or 'familyView.\(family.rawValue)'",
                at: at ?? definition.root.location, ["familyView"])
        }
    }
}

private func memberIndex(_ mapping: SourceNode, _ key: String) -> Int {
    (0..<mapping.count).first { mapping.key($0) == key } ?? 0
}

/// The content fields a view may name: every field of `content`, `familyContent`, the
/// placeholder, the snapshot and the daily slots' content. Looked up in those mappings by the
/// keys' bytes: a `Set` of their names made for every widget with a face was 3.6 M instructions
/// on 300 files of bench/validate's examples shape (callgrind).
/// Only when every key is ASCII, and so is the name looked up: `String` equality, which the set
/// decides by, is canonical equivalence (U+212A KELVIN SIGN is "K").
struct ViewFields {
    private var mappings: [SourceNode] = []
    private var allASCII = true

    // Borrowed: an initializer takes its arguments owned, and the definition was copied for it
    // (38 retains and as many releases a widget, callgrind).
    init(_ definition: borrowing WidgetDefinition) {
        func add(_ node: SourceNode?) {
            guard let node, node.isMapping else { return }
            mappings.append(node)
            for i in 0..<node.count where !node.keyBytes(i).isASCII { allASCII = false }
        }
        add(definition.content)
        add(definition.placeholder)
        add(definition.snapshot)
        if let fc = definition.familyContent, fc.isMapping {
            for i in 0..<fc.count { add(fc.child(i)) }
        }
        if case .daily(let slots)? = definition.timeline?.rule?.rule {
            for slot in slots { add(slot.content) }
        }
    }

    /// Whether a content field is named as `name`'s first component, read in place when it is.
    func contains(component0Of name: TemplateName) -> Bool {
        guard allASCII, let key = name.componentBytes(0), key.isASCII else { return contains(name.component(0)) }
        return mappings.contains { $0.document.memberIndex($0.index, key: key) != nil }
    }

    /// Whether a content field is named `name`.
    func contains(_ name: String) -> Bool {
        var name = name
        guard allASCII, name.utf8.allSatisfy({ $0 < 0x80 }) else { return names.contains(name) }
        return name.withUTF8 { key in mappings.contains { $0.document.memberIndex($0.index, key: key) != nil } }
    }

    /// Every field's name.
    var names: Set<String> { Set(mappings.flatMap { node in (0..<node.count).map(node.key) }) }

    var sorted: [String] { names.sorted() }
}

/// The reload interval, in seconds, when the timeline reloads every minute or more often.
private func minuteReloads(_ timeline: WidgetDefinition.Timeline?) -> Int64? {
    guard let rule = timeline?.rule else { return nil }
    switch rule.rule {
    case .every(let text?):
        guard let seconds = try? DurationParser.parse(text.value), seconds <= 60 else { return nil }
        return seconds
    case .cron(let text?):
        let minute = text.value.split(separator: " ").first.map(String.init) ?? ""
        return minute == "*" || minute == "*/1" ? 60 : nil
    case .progress(let progress):
        guard let every = progress.every?.string, let seconds = try? DurationParser.parse(every), seconds <= 60 else { return nil }
        return seconds
    default:
        return nil
    }
}

/// Families as one bit each: the view checks ask every element which families show it, and a
/// `Set<WidgetFamily>` hashed the family's name for each question (with the lazy paths below,
/// checkViews 45.8 M -> 31.4 M instructions on 300 files of bench/validate's examples shape, callgrind).
private struct FamilyBits: ExpressibleByArrayLiteral {
    private var bits: UInt8 = 0

    init(_ families: some Sequence<WidgetFamily>) {
        for family in families { bits |= Self.bit(family) }
    }

    init(arrayLiteral families: WidgetFamily...) { self.init(families) }

    private init(bits: UInt8) { self.bits = bits }

    private static func bit(_ family: WidgetFamily) -> UInt8 {
        switch family {
        case .systemSmall: 1
        case .systemMedium: 2
        case .systemLarge: 4
        case .systemExtraLarge: 8
        case .accessoryCircular: 16
        case .accessoryRectangular: 32
        case .accessoryInline: 64
        }
    }

    func contains(_ family: WidgetFamily) -> Bool { bits & Self.bit(family) != 0 }
    func intersection(_ other: FamilyBits) -> FamilyBits { FamilyBits(bits: bits & other.bits) }
    func subtracting(_ other: FamilyBits) -> FamilyBits { FamilyBits(bits: bits & ~other.bits) }
}

/// Each option's `elements`, made once: the property builds its set at every call (checkViews
/// 31.3 M -> 29.0 M instructions on 300 files of bench/validate's examples shape, callgrind).
private enum OptionOwners {
    /// By `ViewOption.ordinal`, the option's place in `allCases`.
    static let owners = ViewOption.allCases.map(\.elements)

    static func of(_ option: ViewOption) -> Set<ViewElementKind>? { owners[option.ordinal] }

    /// By kind (its place in `allCases`), the bits (`ViewOption.bit`) of the options that are
    /// not its own: an element's options are judged by one mask, where a `Set` lookup per option
    /// hashed the kind's name (and retained the set).
    static let foreign: [UInt64] = ViewElementKind.allCases.map { kind in
        ViewOption.allCases.reduce(0) { bits, option in of(option).map { $0.contains(kind) } == false ? bits | option.bit : bits }
    }
}

private struct ViewChecker {
    let scope: VariableScope
    let fields: ViewFields
    let reloadEvery: Int64?
    /// The intents buttons and toggles run, and the content a list or a toggle's state names:
    /// not the whole definition, whose copy retained (and released) each of its references
    /// (with `ViewElement` built in locals: 408.9 k -> 363.4 k retains on 300 files of
    /// bench/validate's examples shape, callgrind).
    let intents: [WidgetDefinition.Intent]
    let content: SourceNode?
    let placeholder: SourceNode?
    let snapshot: SourceNode?
    /// Where the element checked is (`view`, `familyView.FAMILY`, then the stacks' `KIND.N` and
    /// `item`): grown and shrunk as the checks go down and up, not an array made per element when
    /// the views are decoded (`ViewDefinition` 14.5 M -> 7.1 M instructions on 300 files of
    /// bench/validate's examples shape with the ids nothing read, callgrind).
    var path: [String] = []

    static let dateStyles = ["time", "date", "relative", "offset", "timer"]
    static let accessoryGaugeStyles = ["accessoryCircular", "accessoryCircularCapacity", "accessoryLinear", "accessoryLinearCapacity"]
    static let gaugeStyles = accessoryGaugeStyles + ["linearCapacity", "circular"]
    static let progressStyles = ["linear", "circular"]
    static let accessoryFamilies: Set<WidgetFamily> = [.accessoryCircular, .accessoryRectangular, .accessoryInline]
    /// The options whose strings are templates (in this order), and a chart's per-element fields:
    /// made once, not an array per element checked.
    static let templateOptions: [ViewOption] = [.label, .currentValueLabel, .accessibilityLabel, .link, .if, .total, .range, .with, .yRange, .font, .padding, .frame]
    static let chartFieldOptions: [ViewOption] = [.x, .y, .series]

    /// One element (a mapping) and everything below it, shown in `families`.
    mutating func check(_ node: SourceNode, families: FamilyBits, inForeach: Bool, _ context: inout CheckContext) {
        let element = ViewElement(decoding: node)
        // Element keys: exactly one.
        if element.elementKeyCount > 1 {
            let keys = element.elementKeys
            let names = keys.map { "'\($0.kind.rawValue)'" }.joined(separator: " and ")
            context.error(
                .viewElementKeys,
                "an element has one element key, and this one has \(names); put each in its own element (in a stack or a group)",
                at: element.keyLocation(keys[1].member), path + [keys[1].kind.rawValue])
        } else if element.firstKind == nil, !element.hasUnknownKeys {
            context.error(
                .viewElementKeys,
                "an element needs one element key: \(ViewElementKind.allCases.map(\.rawValue).joined(separator: ", "))",
                at: element.node, path)
        }
        var shown = families
        if let list = element.option(.families), list.isSequence {
            shown = shown.intersection(FamilyBits(list.items.compactMap { $0.string.flatMap(WidgetFamily.init(rawValue:)) }))
        }
        // Without one element key there is nothing more to check (nor children: they are read under one).
        guard let kind = element.kind else { return }
        // Options that belong to other elements.
        element.forEachOption(in: OptionOwners.foreign[kind.ordinal]) { option, member in
            guard let owners = OptionOwners.of(option) else { return }
            let names = ViewElementKind.allCases.filter(owners.contains).map(\.rawValue)
            context.error(
                .viewOption,
                "'\(option.rawValue)' is an option of \(Self.list(names)), not of \(kind.rawValue)",
                at: element.keyLocation(member), path + [option.rawValue])
        }
        checkValues(element, kind, shown: shown, inForeach: inForeach, &context)
        // A stack's or group's children: its list's items that are mappings.
        if kind.hasChildren, let list = element.main, list.isSequence {
            for i in 0..<list.count {
                let child = list.child(i)
                guard child.isMapping else { continue }
                // (Two `removeLast()`: `removeLast(2)` went through `replaceSubrange`, 10 a file of
                // bench/validate's examples slice.)
                path.append(kind.rawValue)
                path.append(String(i))
                check(child, families: shown, inForeach: inForeach, &context)
                path.removeLast()
                path.removeLast()
            }
        }
        if kind == .foreach || kind == .grid {
            if let item = element.option(.item) {
                if item.isMapping {
                    path.append("item")
                    check(item, families: shown, inForeach: true, &context)
                    path.removeLast()
                }
            } else {
                context.error(
                    kind == .foreach ? .viewForeachItem : .viewGrid,
                    "a \(kind.rawValue) needs 'item': the element shown for each list element", at: element.node, path)
            }
        }
    }

    private static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The element's values: templates, styles, formats, what families drop. (Not `mutating`:
    /// from a mutating method, each call of a checker method copied the checker, 168 bytes, to
    /// pass it: 40 copies a file of bench/validate's examples slice, 10 now, callgrind.)
    private func checkValues(
        _ element: borrowing ViewElement, _ kind: ViewElementKind, shown: FamilyBits, inForeach: Bool, _ context: inout CheckContext
    ) {
        // A local: the paths the checks below make lazily (`@autoclosure`) then capture it, not a
        // copy of the whole checker each (callgrind: 5 M instructions on 300 files of the examples shape).
        let path = self.path
        let main = element.main
        if !kind.hasChildren, let main { checkTemplates(main, path + [kind.rawValue], inForeach: inForeach, &context) }
        // The path is made only for an option that is there: made for all twelve, it was 60 M of
        // 470 M instructions on 300 files of bench/validate's examples shape (callgrind).
        for option in Self.templateOptions {
            if let node = element.option(option) { checkTemplates(node, path + [option.rawValue], inForeach: inForeach, &context) }
        }
        // A chart's x, y and series are read per list element: they name its fields.
        for option in Self.chartFieldOptions {
            if let node = element.option(option), node.isString { checkViewTemplate(node, path + [option.rawValue], inForeach: true, &context) }
        }
        // A chart's colour may be a template over each element (each mark's colour).
        if let color = element.option(.color) { checkColor(color, path + ["color"], inForeach: inForeach || kind == .chart, &context) }
        if kind == .image, let main { checkImage(main, path + ["image"], &context) }
        // Instants written as they are must be real ones (a template is judged when it renders).
        // (Each with its path below the element's, made only for an error.)
        var instants: [(SourceNode, [String])] = []
        if kind == .date, let main { instants.append((main, ["date"])) }
        if kind == .timer || kind == .progress, let main, main.isMapping {
            for key in ["from", "to"] { if let v = main[key] { instants.append((v, [kind.rawValue, key])) } }
        }
        for (node, suffix) in instants {
            guard let text = node.string, !text.isTemplate else { continue }
            do { _ = try InstantParser.parse(text) } catch {
                context.error(.invalidInstant, "'\(text)' is not an instant: \(error.message)", at: node, path + suffix)
            }
        }
        if let font = element.option(.font), font.isMapping { checkFont(font, path + ["font"], &context) }
        if kind == .progress, let main, main.isMapping, main["from"] == nil || main["to"] == nil {
            context.error(
                .viewProgress, "a progress over time needs both 'from' and 'to' (ProgressView(timerInterval:)); for a value, give a number or a template",
                at: main, path + ["progress"])
        }
        if let background = element.option(.background) { checkFill(background, path + ["background"], inForeach: inForeach, &context) }
        let style = element.option(.style)
        let styleText = style?.string
        switch kind {
        case .date:
            if let style, let text = styleText, !Self.dateStyles.contains(text) {
                context.error(
                    .viewStyle,
                    "'\(text)' is not a date style\(Suggest.hint(for: text, among: Self.dateStyles)); a date's styles are \(Self.dateStyles.joined(separator: ", "))",
                    at: style, path + ["style"])
            }
            if let style, let format = element.option(.format) {
                context.error(
                    .viewStyle,
                    "a date has 'style' (drawn live) or 'format' (formatted once per entry), not both",
                    at: format.location.line > style.location.line ? format : style, path + ["format"])
            }
            warnLiveClock(element, kind, &context)
            warnFixedRelative(element, kind, &context)
        case .text:
            warnFixedRelative(element, kind, &context)
        case .timer:
            warnLiveClock(element, kind, &context)
        case .gauge:
            if let style, let text = styleText {
                if !Self.gaugeStyles.contains(text) {
                    context.error(
                        .viewStyle,
                        "'\(text)' is not a gauge style\(Suggest.hint(for: text, among: Self.gaugeStyles)); a gauge's styles are \(Self.gaugeStyles.joined(separator: ", "))",
                        at: style, path + ["style"])
                } else if Self.accessoryGaugeStyles.contains(text) {
                    let elsewhere = WidgetFamily.allCases.filter { shown.contains($0) && !Self.accessoryFamilies.contains($0) }
                    if !elsewhere.isEmpty {
                        context.warning(
                            .viewAccessoryStyle,
                            "gauge style '\(text)' belongs to the Lock Screen's accessory families, and this gauge is shown in \(Self.list(elsewhere.map(\.rawValue))); give it 'families', or put it in familyView.accessoryCircular",
                            at: style, path + ["style"])
                    }
                }
            }
        case .progress:
            if let style, let text = styleText, !Self.progressStyles.contains(text) {
                context.error(
                    .viewStyle,
                    "'\(text)' is not a progress style\(Suggest.hint(for: text, among: Self.progressStyles)); a progress view's styles are linear and circular",
                    at: style, path + ["style"])
            }
        default:
            break
        }
        if let format = element.option(.format), let text = format.string, ValueFormat(rawValue: text) == nil {
            let names = kind == .date ? ValueFormat.instantNames : ValueFormat.names
            context.error(
                .viewFormat,
                "unknown format '\(text)'\(Suggest.hint(for: text, among: names)); formats: \(names.joined(separator: ", "))",
                at: format, path + ["format"])
        } else if kind == .date, let format = element.option(.format), let text = format.string, let f = ValueFormat(rawValue: text), !f.isInstant {
            context.error(
                .viewFormat,
                "'\(text)' formats numbers, and a date shows an instant; use \(ValueFormat.instantNames.joined(separator: ", "))",
                at: format, path + ["format"])
        }
        // What WidgetKit does not show in some families.
        if element.option(.link) != nil, shown.contains(.systemSmall) {
            context.warning(
                .viewLinkSmall,
                "'link' is ignored in systemSmall, where the whole widget is one tap target: use the widget's 'url' there (or 'families' to keep this element out of systemSmall)",
                at: element.keyLocation(element.member(of: .link)!), path + ["link"])
        }
        if shown.contains(.accessoryInline) {
            var dropped: [(String, Int?)] = []
            if [.foreach, .chart, .grid].contains(kind) { dropped.append((kind.rawValue, element.firstElementKey?.member)) }
            element.forEachOption(in: ViewOption.link.bit | ViewOption.background.bit | ViewOption.color.bit) { option, member in
                dropped.append((option.rawValue, member))
            }
            for (what, member) in dropped {
                // (Not `member.map(element.keyLocation)`: Swift 6.3's move-only checker crashes on
                // a method of a noncopyable value taken as a function.)
                var at = element.node.location
                if let member { at = element.keyLocation(member) }
                context.warning(
                    .viewInline,
                    "'\(what)' is dropped in accessoryInline, which shows one line of text and an optional symbol; give this element 'families' without accessoryInline, or a familyView.accessoryInline",
                    at: at, path + [what])
            }
        }
        if kind == .button || kind == .toggle {
            checkIntentCall(element, kind, shown: shown, inForeach: inForeach, &context)
        }
        if kind == .chart { checkChart(element, &context) }
        if kind == .grid { checkGrid(element, &context) }
        if kind == .chart || kind == .grid, let list = element.main, let problem = listProblem(list, inForeach: inForeach) {
            context.error(.viewList, "a \(kind.rawValue)'s list \(list.shown) \(problem)", at: list, path + [kind.rawValue])
        }
        if kind == .foreach || kind == .grid, let limit = element.option(.limit), limit.isMapping {
            for m in limit.members where m.key != "default" {
                if let family = WidgetFamily(rawValue: m.key), !shown.contains(family) {
                    context.warning(
                        .viewLimitFamily, "a limit for '\(m.key)', where this \(kind.rawValue) is not shown",
                        at: m.keyLocation, path + ["limit", m.key])
                }
            }
        }
    }

    static let chartMarks = ["line", "bar", "area", "point"]
    /// A grid's columns: one (a list) to a year's weeks side by side (53) and a little more.
    static let gridColumns = 1...64

    /// A chart: a known mark, x and y, a y range from its min up.
    private func checkChart(_ element: borrowing ViewElement, _ context: inout CheckContext) {
        let path = self.path
        let key = element.firstElementKey!.member
        if let mark = element.option(.mark) {
            if let text = mark.string, !Self.chartMarks.contains(text) {
                context.error(
                    .viewChart,
                    "'\(text)' is not a chart mark\(Suggest.hint(for: text, among: Self.chartMarks)); a chart's marks are \(Self.chartMarks.joined(separator: ", ")) (LineMark, BarMark, AreaMark, PointMark)",
                    at: mark, path + ["mark"])
            }
        } else {
            context.error(.viewChart, "a chart needs 'mark': \(Self.chartMarks.joined(separator: ", "))", at: element.keyLocation(key), path)
        }
        var missing: [String] = []
        if element.option(.x) == nil { missing.append("x") }
        if element.option(.y) == nil { missing.append("y") }
        if !missing.isEmpty {
            context.error(
                .viewChart,
                "a chart needs \(missing.map { "'\($0)'" }.joined(separator: " and ")): templates over each element, such as x: \"{{hour}}\" and y: \"{{temp}}\"",
                at: element.keyLocation(key), path)
        }
        if let x = element.option(.x), !(x.string?.isTemplate ?? false) {
            context.error(
                .viewChart, "a chart's x \(x.shown) is fixed: every point would sit at the same x; write a template over each element, such as \"{{hour}}\"",
                at: x, path + ["x"])
        }
        if element.option(.series) != nil, let color = element.member(of: .color) {
            context.error(
                .viewChart,
                "a chart with 'series' gives each series its colour (foregroundStyle(by:)); 'color' would paint over them: drop one of the two",
                at: element.keyLocation(color), path + ["color"])
        }
        if let y = element.option(.y), let text = y.string, !text.isTemplate, Double(text) == nil {
            context.error(.viewChart, "a chart's y \(y.shown) is fixed text: write a template rendering a number, such as \"{{temp}}\"", at: y, path + ["y"])
        }
        if let range = element.option(.yRange), range.isSequence, range.count == 2,
           let lo = range.items[0].number, let hi = range.items[1].number, lo >= hi {
            context.error(.viewChart, "a chart's yRange [\(range.items[0].shown), \(range.items[1].shown)] is empty: write [min, max] with min below max", at: range, path + ["yRange"])
        }
    }

    /// A grid: its columns, in range.
    private func checkGrid(_ element: borrowing ViewElement, _ context: inout CheckContext) {
        let path = self.path
        guard let columns = element.option(.columns) else {
            context.error(
                .viewGrid, "a grid needs 'columns': how many items per row (7 for a week)",
                at: element.keyLocation(element.firstElementKey!.member), path)
            return
        }
        // Compared as a Double: a number past Int's range (found by fuzzing) would trap converted.
        if let n = columns.number, columns.isInteger,
            !(Double(Self.gridColumns.lowerBound)...Double(Self.gridColumns.upperBound)).contains(n) {
            context.error(
                .viewGrid,
                "a grid's columns \(columns.shown) is out of range: \(Self.gridColumns.lowerBound) to \(Self.gridColumns.upperBound) (7 for a week, 53 for a year of weeks)",
                at: columns, path + ["columns"])
        }
    }

    /// A chart's or a grid's list must render a list: one tag alone, naming a field that is not
    /// known to hold something else (a literal in content, placeholder or snapshot).
    private func listProblem(_ list: SourceNode, inForeach: Bool) -> String? {
        guard let text = list.string else { return nil }  // the schema's
        guard let template = try? Template(text), let tag = template.loneTag else {
            return text.isTemplate
                ? "renders text, not a list: write one list field alone, such as \"{{hourly}}\""
                : "is fixed text, not a list: write a template naming a list field, such as \"{{hourly}}\""
        }
        guard !inForeach, tag.components.count == 1 else { return nil }
        let field = tag.components[0]
        for source in [content, placeholder, snapshot] {
            guard let value = source?[field] else { continue }
            switch value.kind {
            case .array, .null: continue
            case .string:
                guard let written = value.string else { continue }
                if let t = try? Template(written), t.isLoneTag { continue }
                return "names field '\(field)', which holds \(value.shown), not a list"
            default:
                return "names field '\(field)', which holds \(value.shown), not a list"
            }
        }
        return nil
    }

    /// A button or toggle: not in accessoryInline (it draws no controls), an intent of the widget,
    /// arguments that are its parameters and of their types, and a toggle's state a boolean field.
    private func checkIntentCall(
        _ element: borrowing ViewElement, _ kind: ViewElementKind, shown: FamilyBits, inForeach: Bool, _ context: inout CheckContext
    ) {
        let key = element.firstElementKey!.member
        let path = self.path
        if shown.contains(.accessoryInline) {
            context.error(
                .viewInteractiveInline,
                "a \(kind.rawValue) cannot be shown in accessoryInline, which draws one line of text and a symbol and no controls; give it 'families' without accessoryInline, or a familyView.accessoryInline",
                at: element.keyLocation(key), path + [kind.rawValue])
        }
        let names = intents.map(\.name)
        guard let intentNode = element.option(.intent) else {
            context.error(
                .viewIntent,
                "a \(kind.rawValue) needs 'intent', the intent it runs" + (names.isEmpty ? " (declare it under intents:)" : " (this widget's intents: \(names.joined(separator: ", ")))"),
                at: element.keyLocation(key), path)
            return
        }
        guard let name = intentNode.string else { return }  // the schema's
        guard let intent = intents.first(where: { $0.name == name }) else {
            context.error(
                .viewIntent,
                "'\(name)' is not an intent of this widget\(Suggest.hint(for: name, among: names))" + (names.isEmpty ? "; declare it under intents:" : " (its intents: \(names.joined(separator: ", ")))"),
                at: intentNode, path + ["intent"])
            return
        }
        let parameters = intent.parameters.map(\.name)
        for m in element.option(.with)?.members ?? .empty {
            guard let parameter = intent.parameter(named: m.key) else {
                context.error(
                    .viewIntentArgument,
                    "'\(m.key)' is not a parameter of intent '\(name)'\(Suggest.hint(for: m.key, among: parameters))" + (parameters.isEmpty ? " (it takes none)" : " (its parameters: \(parameters.joined(separator: ", ")))"),
                    at: m.keyLocation, path + ["with", m.key])
                continue
            }
            if let problem = Self.argumentProblem(m.value, parameter) {
                context.error(
                    .viewIntentArgument, "intent '\(name)': argument \(m.key) \(m.value.shown) \(problem)", at: m.value, path + ["with", m.key])
            }
        }
        if kind == .toggle, let state = element.main, let problem = toggleStateProblem(state, inForeach: inForeach) {
            context.error(.viewToggleState, "a toggle's state \(state.shown) \(problem)", at: state, path + ["toggle"])
        }
    }

    /// Why a literal argument does not fit its parameter (a template is judged when it renders).
    private static func argumentProblem(_ value: SourceNode, _ parameter: WidgetDefinition.Parameter) -> String? {
        guard let type = parameter.type?.value else { return nil }
        if let text = value.string, text.isTemplate { return nil }
        func bounds(_ n: Double) -> String? {
            if let min = parameter.min?.number, n < min { return "is below the parameter's min \(parameter.min!.shown)" }
            if let max = parameter.max?.number, n > max { return "is above the parameter's max \(parameter.max!.shown)" }
            return nil
        }
        switch type {
        case .integer:
            guard value.isInteger, let n = value.number else { return "is not an integer (parameter '\(parameter.name)' is an integer)" }
            return bounds(n)
        case .number:
            guard let n = value.number else { return "is not a number (parameter '\(parameter.name)' is a number)" }
            return bounds(n)
        case .boolean:
            return value.bool == nil ? "is not true or false (parameter '\(parameter.name)' is a boolean)" : nil
        case .string:
            return value.isString ? nil : "is not text (parameter '\(parameter.name)' is a string)"
        case .enum:
            let values = parameter.enumValues
            return value.string.map(values.contains) == true ? nil : "is not one of its values (\(values.joined(separator: ", ")))"
        case .duration:
            guard let text = value.string, (try? DurationParser.parse(text)) != nil else { return "is not a duration such as 15m" }
            return nil
        case .entity:
            return nil  // refused in intents (`param-entity`)
        }
    }

    /// A toggle's state must render a boolean: one tag alone, naming a field that is not known to
    /// hold something else (a literal, or text around tags, in content, placeholder or snapshot).
    private func toggleStateProblem(_ state: SourceNode, inForeach: Bool) -> String? {
        guard let text = state.string else { return nil }  // the schema's
        guard let template = try? Template(text), let tag = template.loneTag else {
            return text.isTemplate
                ? "renders text, not a boolean: write one field alone, such as \"{{isOn}}\""
                : "is fixed text, not a boolean field: write a template naming one, such as \"{{isOn}}\""
        }
        // Inside a foreach the names are the item's fields, known only at run time.
        guard !inForeach, tag.components.count == 1 else { return nil }
        let field = tag.components[0]
        for source in [content, placeholder, snapshot] {
            guard let value = source?[field] else { continue }
            switch value.kind {
            case .bool, .null: continue
            case .string:
                guard let written = value.string else { continue }
                if let t = try? Template(written), t.isLoneTag { continue }
                return "names field '\(field)', which holds \(value.shown), not a boolean"
            default:
                return "names field '\(field)', which holds \(value.shown), not a boolean"
            }
        }
        return nil
    }

    /// A `date` or `timer` counts live: a timeline reloading every minute only to redraw it burns the budget.
    private func warnLiveClock(_ element: borrowing ViewElement, _ kind: ViewElementKind, _ context: inout CheckContext) {
        let path = self.path
        guard let every = reloadEvery, let key = element.firstElementKey else { return }
        if kind == .date, element.option(.format) != nil { return }  // formatted once: not live
        let perDay = 86_400 / max(every, 1)
        context.warning(
            .viewLiveClock,
            "this \(kind.rawValue) already counts live on the device, and the timeline reloads every \(DurationFormatter.format(every)) (\(perDay) a day, against WidgetKit's budget of about 70 reloads a day): reload only when the data changes (a daily rule, or the app's reload)",
            at: element.keyLocation(key.member), path + [kind.rawValue])
    }

    /// A relative time formatted once per entry ("in 3 min", `format: relative` or
    /// `{{x | relative}}`) in a widget making an entry every minute to keep it current: a `date`
    /// with `style: relative` counts live on the device from one entry.
    private func warnFixedRelative(_ element: borrowing ViewElement, _ kind: ViewElementKind, _ context: inout CheckContext) {
        let path = self.path
        guard let every = reloadEvery, let key = element.firstElementKey else { return }
        var relative = element.option(.format)?.string == ValueFormat.relative.rawValue
        if kind == .text, let text = element.main?.string, let template = try? Template(text),
           template.references.contains(where: { $0.format == ValueFormat.relative.rawValue }) {
            relative = true
        }
        guard relative else { return }
        let perDay = 86_400 / max(every, 1)
        context.warning(
            .viewRelativeClock,
            "this \(kind.rawValue) shows a relative time as fixed text, and the timeline makes a new entry every \(DurationFormatter.format(every)) (\(perDay) a day) to keep it current: a date with 'style: relative' counts live on the device from one entry",
            at: element.keyLocation(key.member), path + [kind.rawValue])
    }

    static let unitPoints = ["top", "bottom", "leading", "trailing", "center", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]
    static let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    static let designs = ["default", "rounded", "serif", "monospaced"]

    /// A background: a colour, `{color}`, `{light, dark}`, `{gradient, from, to}` or `{image}`.
    func checkFill(_ node: SourceNode, _ pointer: @autoclosure () -> [String], inForeach: Bool, _ context: inout CheckContext) {
        guard node.isMapping else {
            if node.isString { checkColor(node, pointer(), inForeach: inForeach, &context) }
            return
        }
        let forms = ["color", "gradient", "image"].filter { node[$0] != nil } + (node["light"] != nil || node["dark"] != nil ? ["light/dark"] : [])
        if forms.count != 1 {
            context.error(
                .viewFill,
                forms.isEmpty
                    ? "a background needs one of 'color', 'gradient', 'image' (or light and dark)"
                    : "a background is one fill, and this one has \(forms.map { "'\($0)'" }.joined(separator: " and "))",
                at: node, pointer())
        }
        if forms == ["light/dark"] { checkColor(node, pointer(), inForeach: inForeach, &context) }
        if let color = node["color"] { checkColor(color, pointer() + ["color"], inForeach: inForeach, &context) }
        if let gradient = node["gradient"], gradient.isSequence {
            if gradient.count < 2 {
                context.error(.viewFill, "a gradient needs at least two colours", at: gradient, pointer() + ["gradient"])
            }
            for (i, c) in gradient.items.enumerated() { checkColor(c, pointer() + ["gradient", String(i)], inForeach: inForeach, &context) }
        }
        for key in ["from", "to"] {
            guard let point = node[key], let text = point.string else { continue }
            if node["gradient"] == nil {
                context.error(.viewFill, "'\(key)' places a gradient, and this background has none", at: point, pointer() + [key])
            } else if !Self.unitPoints.contains(text) {
                context.error(
                    .viewFill,
                    "'\(text)' is not a unit point\(Suggest.hint(for: text, among: Self.unitPoints)); use \(Self.unitPoints.joined(separator: ", "))",
                    at: point, pointer() + [key])
            }
        }
        if let image = node["image"] { checkImage(image, pointer() + ["image"], &context) }
    }

    /// A colour: a system colour's name, hex, a template, or `{light, dark}` of those.
    func checkColor(_ node: SourceNode, _ pointer: @autoclosure () -> [String], inForeach: Bool, _ context: inout CheckContext) {
        if node.isMapping {
            for key in ["light", "dark"] where node[key] == nil {
                context.error(.viewColor, "a colour for each appearance needs both 'light' and 'dark'; '\(key)' is missing", at: node, pointer())
            }
            for key in ["light", "dark"] {
                if let c = node[key] { checkColor(c, pointer() + [key], inForeach: inForeach, &context) }
            }
            return
        }
        guard let text = node.string else { return }
        if text.isTemplate {
            checkViewTemplate(node, pointer(), inForeach: inForeach, &context)
        } else if RenderColor.parse(text) == nil {
            let hint = text.hasPrefix("#") ? "" : Suggest.hint(for: text, among: RenderColor.systemNames)
            context.error(
                .viewColor,
                "'\(text)' is not a colour\(hint); use a system colour (\(RenderColor.systemNames.joined(separator: ", "))), #RRGGBB or #RRGGBBAA",
                at: node, pointer())
        }
    }

    /// An image source: one of `asset` and `file`, a file inside the container.
    func checkImage(_ node: SourceNode, _ pointer: @autoclosure () -> [String], _ context: inout CheckContext) {
        guard node.isMapping else { return }
        let forms = ["asset", "file"].filter { node[$0] != nil }
        if forms.count != 1 {
            context.error(
                .viewImage,
                forms.isEmpty ? "an image needs 'asset' (the app's asset catalog) or 'file' (the app group container)" : "an image is an asset or a file, not both",
                at: node, pointer())
        }
        if let file = node["file"], let path = file.string, path.hasPrefix("/") || path.split(separator: "/").contains("..") {
            context.error(
                .viewImage, "an image file is a path inside the app group container: '\(path)' \(path.hasPrefix("/") ? "is absolute" : "leaves it with '..'")",
                at: file, pointer() + ["file"])
        }
    }

    /// `font: {size, weight, design}`'s words.
    func checkFont(_ node: SourceNode, _ pointer: @autoclosure () -> [String], _ context: inout CheckContext) {
        for (key, words) in [("weight", Self.weights), ("design", Self.designs)] {
            guard let value = node[key], let text = value.string, !words.contains(text) else { continue }
            context.error(
                .viewFont, "'\(text)' is not a font \(key)\(Suggest.hint(for: text, among: words)); use \(words.joined(separator: ", "))",
                at: value, pointer() + [key])
        }
    }

    /// A view template's syntax and names: content fields, `entry.*`, `family`, `param.*`
    /// (and, inside a foreach's item, the item's own fields, which are not known here).
    /// Every string in `node` (a template, or mappings and lists of them) checked at its path.
    /// (A method, not a function nested in `checkValues`: that one copied the checker at each
    /// call, 7.5 M instructions on 300 files of bench/validate's examples shape, callgrind.)
    private func checkTemplates(_ node: SourceNode, _ path: @autoclosure () -> [String], inForeach: Bool, _ context: inout CheckContext) {
        switch node.kind {
        case .string: checkViewTemplate(node, path(), inForeach: inForeach, &context)
        // By index, the path made only for a problem found (an `@autoclosure` here and in the
        // checks below): an array per value read was most of what FamilyBits' figure names.
        case .object: for i in 0..<node.count { checkTemplates(node.child(i), path() + [node.key(i)], inForeach: inForeach, &context) }
        case .array: for i in 0..<node.count { checkTemplates(node.child(i), path() + [String(i)], inForeach: inForeach, &context) }
        default: break
        }
    }

    func checkViewTemplate(_ node: SourceNode, _ pointer: @autoclosure () -> [String], inForeach: Bool, _ context: inout CheckContext) {
        // The value's bytes in the document, no String made of them (most values are not templates;
        // with `problem`'s names compared in place: checkViews 27.1 M -> 23.4 M instructions on
        // 300 files of bench/validate's examples shape, callgrind).
        guard let text = node.stringBytes, text.isTemplate else { return }
        var problems: [(code: DiagnosticCode, message: String, offset: Int)] = []
        do {
            _ = try Template.scanNames(bytes: text) { name in
                guard name.componentCount > 0 else { return }
                if let problem = problem(name, inForeach: inForeach) { problems.append((.unknownVariable, problem, name.offset)) }
                // Content fields' kinds are not known here (`market` may be a content field), nor a
                // foreach item's, which may stand for any name.
                let known = !inForeach && (name.component(0, is: "entry") || name.component(0, is: "family") || name.component(0, is: "param"))
                if let problem = scope.formatProblem(with: name), known || problem.code == .unknownFormat {
                    problems.append(problem)
                }
            }
        } catch {
            context.error(.templateSyntax, "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer())
            return
        }
        for problem in problems {
            context.error(problem.code, problem.message, at: context.location(inside: node, offset: problem.offset), pointer())
        }
    }

    /// (The first component compared in place, as `String ==` would, not a String made of it per
    /// name and a switch on it: see `checkViewTemplate`'s figure.)
    private func problem(_ name: TemplateName, inForeach: Bool) -> String? {
        let isEntry = name.component(0, is: "entry")
        if isEntry, name.componentCount > 1, name.component(1, is: "instant") || name.component(1, is: "isInstant") {
            // The instant an entry stands for is known while its timeline is planned, not when a face is drawn.
            let field = name.component(1)
            return "'\(name.name)' is for content, not views: add a content field (such as \(field): \"{{\(name.name)}}\") and name it here"
        }
        if isEntry || name.component(0, is: "family") || name.component(0, is: "param") {
            return scope.problem(with: name, place: .entry)
        }
        if name.component(0, is: "let") {
            return "'\(name.name)': views see the entry's content fields, not lets; add a content field (such as \(name.componentCount > 1 ? name.component(1) : "value"): \"{{\(name.name)}}\") and name it here"
        }
        if name.component(0, is: "data") {
            return "'\(name.name)': views see the entry's content fields, not data sources; add a content field (such as \(name.componentCount > 1 ? name.component(1) : "value"): \"{{\(name.name)}}\") and name it here"
        }
        if name.component(0, is: "source"), !fields.contains("source") {
            return "'\(name.name)': views see the entry's content fields, not source; add a content field (such as updated: \"{{\(name.name)\(name.componentCount > 2 && name.component(2) == "fetched" ? " | relative" : "")}}\") and name it here"
        }
        if inForeach || name.isInSection || fields.contains(component0Of: name) { return nil }
        let candidates = fields.sorted + ["entry", "family", "param"]
        return "'\(name.name)' names no content field\(Suggest.hint(for: name.component(0), among: candidates)); a view sees the content fields (\(fields.sorted.joined(separator: ", "))), entry, family and param"
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let viewAccessoryStyle = DiagnosticCode("view-accessory-style", .warning)
    package static let viewChart = DiagnosticCode("view-chart")
    package static let viewColor = DiagnosticCode("view-color")
    package static let viewElementKeys = DiagnosticCode("view-element-keys")
    package static let viewFill = DiagnosticCode("view-fill")
    package static let viewFont = DiagnosticCode("view-font")
    package static let viewForeachItem = DiagnosticCode("view-foreach-item")
    package static let viewFormat = DiagnosticCode("view-format")
    package static let viewGrid = DiagnosticCode("view-grid")
    package static let viewImage = DiagnosticCode("view-image")
    package static let viewInline = DiagnosticCode("view-inline", .warning)
    package static let viewIntent = DiagnosticCode("view-intent")
    package static let viewIntentArgument = DiagnosticCode("view-intent-argument")
    package static let viewInteractiveInline = DiagnosticCode("view-interactive-inline")
    package static let viewLimitFamily = DiagnosticCode("view-limit-family", .warning)
    package static let viewLinkSmall = DiagnosticCode("view-link-small", .warning)
    package static let viewList = DiagnosticCode("view-list")
    package static let viewLiveClock = DiagnosticCode("view-live-clock", .warning)
    package static let viewMissing = DiagnosticCode("view-missing")
    package static let viewOption = DiagnosticCode("view-option")
    package static let viewProgress = DiagnosticCode("view-progress")
    package static let viewRelativeClock = DiagnosticCode("view-relative-clock", .warning)
    package static let viewStyle = DiagnosticCode("view-style")
    package static let viewToggleState = DiagnosticCode("view-toggle-state")
}
