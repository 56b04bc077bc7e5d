import Foundation
import WidgetSupport
import WidgetTemplates
import WidgetTime

/// One element of a plan's view, compiled: what it shows (its templates), its options,
/// when it is shown (`if`, `families`) and its children. `render` makes its node for one entry.
final class ViewTemplate {
    enum Body {
        case stack(kind: StackKind, alignment: String?, spacing: Double?, children: [ViewTemplate])
        case group([ViewTemplate])
        case text(ViewText, format: ValueFormat?)
        case date(ViewInstant, style: String?, format: ValueFormat?)
        case timer(from: ViewInstant?, to: ViewInstant, countsDown: Bool)
        case symbol(ViewText)
        case image(ImageTemplate)
        case gauge(value: ViewNumber, min: ViewNumber, max: ViewNumber, label: ViewText?, current: ViewText?, style: String?)
        case progress(ProgressBody, label: ViewText?, style: String?)
        case spacer(Double?)
        case divider
        case foreach(list: Template, limit: Limit, item: ViewTemplate)
        case button(label: ViewText, call: CallTemplate)
        case toggle(state: Template, label: ViewText?, call: CallTemplate)
        case chart(ChartTemplate)
        case grid(list: Template, columns: Int, spacing: Double?, limit: Limit, item: ViewTemplate)
    }

    /// A `chart`: the list it plots, its mark, and per item the templates of x (read as its
    /// `xType` says), y, the series and the mark's colour.
    struct ChartTemplate {
        var list: Template
        var mark: String
        var x: ViewText
        var xType: RenderChartXType
        var y: ViewNumber
        var series: ViewText?
        /// `color` written as a template: rendered for each element, the mark's own colour.
        var color: ColorTemplate?
        var yRange: (min: ViewNumber, max: ViewNumber)?
    }

    /// The most points a chart keeps and the most cells a grid shows, whatever the list holds:
    /// a month calendar is 42 cells and a year's heat map 371, an hour-by-hour week 168 points
    /// (docs/views.md, "Charts and grids").
    static let chartPoints = 400
    static let gridCells = 400

    /// `intent:` and `with:` of a button or toggle: each argument a literal, or a template
    /// (one tag alone keeps its type).
    struct CallTemplate {
        var intent: String
        var arguments: [(name: String, value: JSONValue, template: Template?)]

        init(_ member: PlanMember) throws(PlanError) {
            intent = try member("intent").string()
            arguments = []
            for (name, value) in try member.optional("with")?.members() ?? [] {
                if case .string(let text) = value.value, text.isTemplate {
                    arguments.append((name, value.value, try value.template()))
                } else {
                    arguments.append((name, value.value, nil))
                }
            }
        }

        var namesEntry: Bool {
            arguments.contains { $0.template?.references.contains { $0.components.first == "entry" } ?? false }
        }

        func render(_ scope: ViewScope) -> RenderIntentCall {
            RenderIntentCall(
                intent: intent,
                arguments: arguments.map { RenderArgument(name: $0.name, value: WidgetValue($0.template?.render(scope) ?? $0.value)) })
        }
    }

    enum StackKind { case v, h, z }

    enum ProgressBody {
        case value(ViewNumber, total: ViewNumber)
        case interval(from: ViewInstant, to: ViewInstant, countsDown: Bool)
    }

    /// How many items a `foreach` shows: per family, else `other`; nil: all.
    struct Limit {
        var byFamily: [WidgetFamily: Int] = [:]
        var other: Int?

        func count(for family: WidgetFamily) -> Int? { byFamily[family] ?? other }
    }

    /// The element kinds, by their YAML key.
    static let elementKeys: Set<String> = [
        "vstack", "hstack", "zstack", "group", "text", "date", "timer", "symbol", "image", "gauge", "progress", "spacer",
        "divider", "foreach", "button", "toggle", "chart", "grid",
    ]

    let id: String
    /// The element key (`gauge`) and where the element is written, for warnings.
    let key: String
    let path: [String]
    let body: Body
    let options: RenderOptions
    /// Options whose values are rendered per entry.
    let measures: Measures?
    let color: ColorTemplate?
    let background: FillTemplate?
    let link: ViewText?
    let accessibilityLabel: ViewText?
    let condition: Condition?
    let families: Set<WidgetFamily>?
    private(set) var namesEntry = false

    enum Condition {
        case fixed(Bool)
        case template(Template)
    }

    init(_ member: PlanMember, id: String, _ localizer: Localizer?) throws(PlanError) {
        self.id = id
        let o = try member.object()
        let keys = o.keys.filter(Self.elementKeys.contains)
        guard keys.count == 1, let key = keys.first else {
            throw member.fail(keys.isEmpty ? "an element needs one element key (text, vstack…)" : "an element has one element key, not \(keys.joined(separator: " and "))")
        }
        let main = try member(key)
        self.key = key
        path = member.path
        var entry = false
        func text(_ k: String) throws(PlanError) -> ViewText? {
            guard let m = member.optional(k) else { return nil }
            let t = try ViewText(m, localizer)
            entry = entry || t.namesEntry
            return t
        }
        func number(_ m: PlanMember) throws(PlanError) -> ViewNumber {
            let n = try ViewNumber(m)
            entry = entry || n.namesEntry
            return n
        }
        func instant(_ m: PlanMember) throws(PlanError) -> ViewInstant {
            let i = try ViewInstant(m)
            entry = entry || i.namesEntry
            return i
        }
        func children() throws(PlanError) -> [ViewTemplate] {
            var list: [ViewTemplate] = []
            for (i, m) in try main.items().enumerated() {
                let child = try ViewTemplate(m, id: "\(id).\(i)", localizer)
                entry = entry || child.namesEntry
                list.append(child)
            }
            return list
        }
        let style = try member.optional("style")?.string()
        let format = try member.optional("format").map { m throws(PlanError) in try m.word(ValueFormat.self) }
        // A relative text counts from the entry's date: the node differs per entry.
        if format == .relative { entry = true }
        let countsDown = try member.optional("countsDown")?.bool() ?? true
        switch key {
        case "vstack", "hstack", "zstack":
            body = .stack(
                kind: key == "vstack" ? .v : key == "hstack" ? .h : .z, alignment: try member.optional("alignment")?.string(),
                spacing: try member.optional("spacing")?.number(), children: try children())
        case "group":
            body = .group(try children())
        case "text":
            let t = try ViewText(main, localizer)
            entry = entry || t.namesEntry
            body = .text(t, format: format)
        case "date":
            body = .date(try instant(main), style: format == nil ? (style ?? "date") : nil, format: format)
        case "timer":
            // Without `from`, the timer counts from the entry's date: the node differs per entry.
            if main.optional("from") == nil { entry = true }
            body = .timer(from: try main.optional("from").map(instant), to: try instant(main("to")), countsDown: countsDown)
        case "symbol":
            body = .symbol(try ViewText(untranslated: main))
        case "image":
            body = .image(try ImageTemplate(main))
        case "gauge":
            let range = try member.optional("range")?.items()
            // An edited plan's range may not be a pair: refused, never indexed past its end.
            if let range, range.count != 2 { throw member.optional("range")!.fail("expected [min, max], found \(range.count) items") }
            body = .gauge(
                value: try number(main), min: try range.map { r throws(PlanError) in try number(r[0]) } ?? .literal(0),
                max: try range.map { r throws(PlanError) in try number(r[1]) } ?? .literal(1), label: try text("label"),
                current: try text("currentValueLabel"), style: style)
        case "progress":
            let progress: ProgressBody
            if case .object = main.value {
                progress = .interval(from: try instant(main("from")), to: try instant(main("to")), countsDown: countsDown)
            } else {
                progress = .value(try number(main), total: try member.optional("total").map(number) ?? .literal(1))
            }
            body = .progress(progress, label: try text("label"), style: style)
        case "spacer":
            body = .spacer(main.value.isNull ? nil : try main.optional("minLength")?.number())
        case "divider":
            body = .divider
        case "button":
            let label = try ViewText(main, localizer)
            let call = try CallTemplate(member)
            entry = entry || label.namesEntry || call.namesEntry
            body = .button(label: label, call: call)
        case "toggle":
            let state = try main.template()
            let call = try CallTemplate(member)
            entry = entry || call.namesEntry || state.references.contains { $0.components.first == "entry" }
            body = .toggle(state: state, label: try text("label"), call: call)
        case "chart":
            let list = try main.template()
            let x = try ViewText(untranslated: member("x"))
            let y = try number(member("y"))
            let series = try member.optional("series").map { m throws(PlanError) in try ViewText(untranslated: m) }
            var yRange: (ViewNumber, ViewNumber)?
            if let r = member.optional("yRange") {
                let pair = try r.items()
                // An edited plan's range may not be a pair: refused, never indexed past its end.
                guard pair.count == 2 else { throw r.fail("expected [min, max], found \(pair.count) items") }
                yRange = (try number(pair[0]), try number(pair[1]))
            }
            // A colour written as a template is each mark's, read per element; a fixed one is the chart's.
            var markColor: ColorTemplate?
            if let m = member.optional("color"), case .template = try ColorTemplate(m) { markColor = try ColorTemplate(m) }
            let xType = try member.optional("xType").map { m throws(PlanError) in try m.word(RenderChartXType.self) } ?? .category
            entry = entry || x.namesEntry || (series?.namesEntry ?? false) || (markColor?.namesEntry ?? false)
                || list.references.contains { $0.components.first == "entry" }
            body = .chart(ChartTemplate(
                list: list, mark: try member("mark").string(), x: x, xType: xType, y: y, series: series, color: markColor, yRange: yRange))
        case "grid":
            let list = try main.template()
            let columns = Int(Swift.min(Swift.max(try member("columns").number(), 1), 1_000))
            let item = try ViewTemplate(member("item"), id: id + ".item", localizer)
            entry = entry || item.namesEntry || list.references.contains { $0.components.first == "entry" }
            body = .grid(list: list, columns: columns, spacing: try member.optional("spacing")?.number(), limit: try Self.limit(member), item: item)
        default:  // foreach
            let limit = try Self.limit(member)
            let list = try main.template()
            let item = try ViewTemplate(member("item"), id: id + ".item", localizer)
            entry = entry || item.namesEntry || list.references.contains { $0.components.first == "entry" }
            body = .foreach(list: list, limit: limit, item: item)
        }
        (options, measures) = try Self.staticOptions(member)
        if let measures, measures.namesEntry { entry = true }
        if case .chart(let chart) = body, chart.color != nil {
            color = nil
        } else {
            color = try member.optional("color").map { m throws(PlanError) in try ColorTemplate(m) }
        }
        if color?.namesEntry == true { entry = true }
        background = try member.optional("background").map { m throws(PlanError) in try FillTemplate(m) }
        link = try member.optional("link").map { m throws(PlanError) in try ViewText(untranslated: m) }
        accessibilityLabel = try text("accessibilityLabel")
        switch member.optional("if")?.value {
        case nil: condition = nil
        case .bool(let b)?: condition = .fixed(b)
        default:
            let t = try member("if").template()
            entry = entry || t.references.contains { $0.components.first == "entry" }
            condition = .template(t)
        }
        families = try member.optional("families").map { m throws(PlanError) in
            Set(try m.items().map { f throws(PlanError) in try f.word(WidgetFamily.self) })
        }
        namesEntry = entry || (link?.namesEntry ?? false)
    }

    /// A `foreach`'s or a `grid`'s `limit`: a number, or per family with `default`.
    private static func limit(_ member: PlanMember) throws(PlanError) -> Limit {
        var limit = Limit()
        if let l = member.optional("limit") {
            // Bounded as doubles: a limit past any list is no limit, and never a trap.
            func count(_ m: PlanMember) throws(PlanError) -> Int { Int(Swift.min(Swift.max(try m.number(), 0), 1_000_000)) }
            if l.value.number != nil {
                limit.other = try count(l)
            } else {
                for (k, v) in try l.members() {
                    let n = try count(v)
                    if k == "default" {
                        limit.other = n
                    } else {
                        limit.byFamily[try PlanMember(.string(k), path: v.path).word(WidgetFamily.self)] = n
                    }
                }
            }
        }
        return limit
    }

    /// The options that never change from entry to entry, and the sizes of `font`, `padding`
    /// and `frame` written as templates (nil when none is).
    private static func staticOptions(_ member: PlanMember) throws(PlanError) -> (RenderOptions, Measures?) {
        var o = RenderOptions()
        var measures = Measures()
        if let f = member.optional("font") {
            if let style = f.value.string {
                o.font = .style(style)
            } else {
                let size = try ViewNumber(f("size"))
                if case .template = size { measures.fontSize = size }
                o.font = .system(size: size.literal ?? Measures.bodySize, weight: try f.optional("weight")?.string(), design: try f.optional("design")?.string())
            }
        }
        o.weight = try member.optional("weight")?.string()
        o.lineLimit = try member.optional("lineLimit").map { m throws(PlanError) in Int(Swift.min(Swift.max(try m.number(), 1), 10_000)) }
        o.minimumScaleFactor = try member.optional("minimumScaleFactor")?.number()
        o.textAlignment = try member.optional("textAlignment")?.string()
        o.monospacedDigit = try member.optional("monospacedDigit")?.bool() ?? false
        if let p = member.optional("padding") {
            if case .object = p.value {
                func edge(_ k: String, _ axis: String) throws(PlanError) -> ViewNumber {
                    if let m = p.optional(k) { return try ViewNumber(m) }
                    if let m = p.optional(axis) { return try ViewNumber(m) }
                    return .literal(0)
                }
                let edges = [
                    try edge("top", "vertical"), try edge("leading", "horizontal"), try edge("bottom", "vertical"), try edge("trailing", "horizontal"),
                ]
                if edges.allSatisfy({ $0.literal != nil }) {
                    o.padding = .edges(top: edges[0].literal!, leading: edges[1].literal!, bottom: edges[2].literal!, trailing: edges[3].literal!)
                } else {
                    measures.padding = edges
                }
            } else {
                let all = try ViewNumber(p)
                if let n = all.literal { o.padding = .all(n) } else { measures.padding = [all] }
            }
        }
        if let f = member.optional("frame") {
            var frame = RenderFrame(alignment: try f.optional("alignment")?.string())
            for (key, path) in Measures.frameKeys {
                guard let m = f.optional(key) else { continue }
                if m.value == .string("infinity") {
                    frame[keyPath: path] = .infinity
                    continue
                }
                let size = try ViewNumber(m)
                if let n = size.literal { frame[keyPath: path] = n } else { measures.frame.append((key, path, size)) }
            }
            o.frame = frame
        }
        o.cornerRadius = try member.optional("cornerRadius")?.number()
        o.opacity = try member.optional("opacity")?.number()
        o.accentable = try member.optional("accentable")?.bool() ?? false
        o.privacySensitive = try member.optional("privacySensitive")?.bool() ?? false
        return (o, measures.isEmpty ? nil : measures)
    }

    /// This element's node for the entry in `context`; nil when it is not shown (its `if` is
    /// falsy, its `families` leave the family out, or what it shows did not render).
    func render(_ context: inout ViewContext) -> RenderNode? {
        if let families, !families.contains(context.family) { return nil }
        switch condition {
        case .fixed(false)?: return nil
        case .template(let t)?: if !Self.truthy(t.render(context.scope)) { return nil }
        default: break
        }
        let scope = context.scope
        var options = self.options
        measures?.render(into: &options, &context, key, id)
        if let color {
            options.color = context.take(color.read(scope), key, id, wanted: "a colour", outcome: "the element keeps its default colour")
        }
        options.background = background?.render(&context, owner: (key, id))
        options.link = link.map { $0.text(scope) }.flatMap { $0.isEmpty ? nil : $0 }
        options.accessibilityLabel = accessibilityLabel.map { $0.text(scope) }
        var children: [RenderNode] = []
        var hidden: [String] = []
        func renderChildren(_ list: [ViewTemplate], _ context: inout ViewContext) {
            children.reserveCapacity(list.count)
            for child in list {
                if let node = child.render(&context) { children.append(node) } else { hidden.append(child.id) }
            }
        }
        let element: RenderElement
        var items: [RenderNode] = []
        switch body {
        case .stack(let kind, let alignment, let spacing, let list):
            renderChildren(list, &context)
            let stack = RenderStack(alignment: alignment, spacing: spacing)
            element = kind == .v ? .vstack(stack) : kind == .h ? .hstack(stack) : .zstack(stack)
        case .group(let list):
            renderChildren(list, &context)
            element = .group
        case .text(let text, let format):
            if let format {
                let value = text.value(scope)
                if let formatted = format.text(value, zone: context.zone, locale: context.locale, now: scope.date) {
                    element = .text(formatted)
                } else {
                    if !value.isNull, value.string != "" {
                        context.failures?.note(element: key, id: id, path: path + [key], value: value, wanted: format.takes, outcome: "it shows as it is")
                    }
                    element = .text(ViewText.text(of: value))
                }
            } else {
                element = .text(text.text(scope))
            }
        case .date(let instant, let style, let format):
            guard let at = context.take(instant.read(scope), key, id, wanted: "an instant", outcome: "it is left out") else { return nil }
            element = .date(
                RenderDate(
                    date: Date(at), style: style, format: format?.rawValue,
                    text: format.map { $0.text(instant: at, zone: context.zone, locale: context.locale, now: scope.date) }))
        case .timer(let from, let to, let countsDown):
            guard let end = context.take(to.read(scope), key, id, wanted: "an instant", outcome: "it is left out") else { return nil }
            var start = scope.date
            if let from {
                guard let at = context.take(from.read(scope), key, id, wanted: "an instant", outcome: "it is left out") else { return nil }
                start = at
            }
            element = .timer(from: Date(min(start, end)), to: Date(max(start, end)), countsDown: countsDown)
        case .symbol(let name):
            let s = name.text(scope)
            guard !s.isEmpty else { return nil }
            element = .symbol(s)
        case .image(let image):
            guard let rendered = image.render(scope) else { return nil }
            element = .image(rendered)
        case .gauge(let value, let min, let max, let label, let current, let style):
            func number(_ n: ViewNumber) -> Double? { context.take(n.read(scope), key, id, wanted: "a number", outcome: "it is left out") }
            guard let v = number(value), let lo = number(min), let hi = number(max) else { return nil }
            element = .gauge(
                RenderGauge(
                    value: v, min: lo, max: hi, label: label?.text(scope), currentValueLabel: current?.text(scope), style: style))
        case .progress(let body, let label, let style):
            let kind: RenderProgress.Kind
            switch body {
            case .value(let value, let total):
                func number(_ n: ViewNumber) -> Double? { context.take(n.read(scope), key, id, wanted: "a number", outcome: "it is left out") }
                guard let v = number(value), let t = number(total) else { return nil }
                kind = .value(v, total: t)
            case .interval(let from, let to, let countsDown):
                func instant(_ i: ViewInstant) -> Instant? { context.take(i.read(scope), key, id, wanted: "an instant", outcome: "it is left out") }
                guard let a = instant(from), let b = instant(to) else { return nil }
                kind = .interval(from: Date(Swift.min(a, b)), to: Date(Swift.max(a, b)), countsDown: countsDown)
            }
            element = .progress(RenderProgress(kind: kind, label: label?.text(scope), style: style))
        case .spacer(let minLength):
            element = .spacer(minLength: minLength)
        case .divider:
            element = .divider
        case .button(let label, let call):
            element = .button(label: label.text(scope), call: call.render(scope))
        case .toggle(let state, let label, let call):
            // A boolean is the state; anything else by Mustache truthiness (validate refuses it).
            let value = state.render(scope)
            element = .toggle(isOn: value.bool ?? Self.truthy(value), label: label?.text(scope) ?? "", call: call.render(scope))
        case .chart(let chart):
            let elements = Self.elements(chart.list.render(scope))
            var points: [RenderChartPoint] = []
            points.reserveCapacity(Swift.min(elements.count, Self.chartPoints))
            for e in elements.prefix(Self.chartPoints) {
                context.scope.items.append(e)
                // A point whose x or y does not read is left out (and warned), as a gauge's value is.
                if let x = Self.chartX(chart, &context, key, id, path + ["x"]),
                   let y = context.take(chart.y.read(context.scope), key, id, wanted: "a number", outcome: "its point is left out") {
                    let color = chart.color.flatMap {
                        context.take($0.read(context.scope), key, id, wanted: "a colour", outcome: "its mark takes the chart's colour")
                    }
                    points.append(RenderChartPoint(id: points.count, x: x, y: y, series: chart.series?.text(context.scope) ?? "", color: color))
                }
                context.scope.items.removeLast()
            }
            var yRange: ClosedRange<Double>?
            if let (lo, hi) = chart.yRange {
                func number(_ n: ViewNumber) -> Double? { context.take(n.read(scope), key, id, wanted: "a number", outcome: "the axis fits the data") }
                if let a = number(lo), let b = number(hi) { yRange = Swift.min(a, b)...Swift.max(a, b) }
            }
            element = .chart(RenderChart(mark: chart.mark, xType: chart.xType, points: points, yRange: yRange))
        case .grid(let list, let columns, let spacing, let limit, let item):
            let elements = Self.elements(list.render(scope))
            let count = Swift.min(elements.count, limit.count(for: context.family) ?? elements.count, Self.gridCells)
            items.reserveCapacity(count)
            for e in elements.prefix(count) {
                context.scope.items.append(e)
                // A cell whose item is not shown keeps its place: the grid's columns stay aligned.
                items.append(item.render(&context) ?? RenderNode(id: item.id, element: .group))
                context.scope.items.removeLast()
            }
            element = .grid(RenderGrid(columns: columns, spacing: spacing))
        case .foreach(let list, let limit, let item):
            let elements = Self.elements(list.render(scope))
            // Never past the family's bound (`MemoryBudget.listItems`), whatever `limit` says.
            let count = Swift.min(elements.count, limit.count(for: context.family) ?? elements.count, MemoryBudget.listItems(context.family))
            items.reserveCapacity(count)
            for e in elements.prefix(count) {
                context.scope.items.append(e)
                if let node = item.render(&context) { items.append(node) }
                context.scope.items.removeLast()
            }
            element = .foreach
        }
        return RenderNode(id: id, element: element, children: children, items: items, hidden: hidden, options: options)
    }

    /// One element's x on its chart's axis: its text for categories, a number (or text that reads
    /// as one), or an ISO 8601 instant; nil (noted unless absent) when it does not read.
    static func chartX(_ chart: ChartTemplate, _ context: inout ViewContext, _ key: String, _ id: String, _ path: [String]) -> RenderChartX? {
        switch chart.xType {
        case .category:
            return .category(chart.x.text(context.scope))
        case .number:
            let v = chart.x.value(context.scope)
            let read: ViewRead<Double>
            if let n = v.number ?? v.string.flatMap(Double.init), n.isFinite { read = .value(n) } else { read = .classify(v, at: path) }
            return context.take(read, key, id, wanted: "a number", outcome: "its point is left out").map(RenderChartX.number)
        case .date:
            let v = chart.x.value(context.scope)
            let read: ViewRead<Instant>
            if let text = v.string, let parsed = try? InstantParser.parse(text) { read = .value(parsed.instant) } else { read = .classify(v, at: path) }
            return context.take(read, key, id, wanted: "an instant", outcome: "its point is left out").map { .date(Date($0)) }
        }
    }

    /// The elements a list template rendered: a list's, none for an absent value, else the value alone.
    static func elements(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .array(let a): a
        case .null, .string(""), .bool(false): []
        default: [value]
        }
    }

    /// Mustache truthiness: false, null, [] and "" are falsy.
    static func truthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool(false), .string(""): false
        case .array(let a): !a.isEmpty
        default: true
        }
    }
}

/// The sizes of `font`, `padding` and `frame` written as templates (`font: {size: "{{size}}"}`,
/// `padding: "{{pad}}"`, `frame: {width: "{{w}}"}`), rendered into the options per entry. A
/// size that does not render a number, or renders one out of range, is noted (`view-value`) and
/// the option falls back as the outcome says, the same in both renderers.
struct Measures {
    /// The text size a font falls back to when its size does not render: `body`'s (17 pt).
    static let bodySize = 17.0
    static var frameKeys: [(String, WritableKeyPath<RenderFrame, Double?>)] {
        [
            ("width", \.width), ("height", \.height), ("minWidth", \.minWidth), ("minHeight", \.minHeight),
            ("maxWidth", \.maxWidth), ("maxHeight", \.maxHeight),
        ]
    }

    var fontSize: ViewNumber?
    /// One number for every edge, or top, leading, bottom, trailing (some literal).
    var padding: [ViewNumber]?
    /// The frame's templated sizes (its literal ones are in the options).
    var frame: [(key: String, path: WritableKeyPath<RenderFrame, Double?>, size: ViewNumber)] = []

    var isEmpty: Bool { fontSize == nil && padding == nil && frame.isEmpty }

    var namesEntry: Bool {
        (fontSize?.namesEntry ?? false) || (padding ?? []).contains(where: \.namesEntry) || frame.contains { $0.size.namesEntry }
    }

    func render(into options: inout RenderOptions, _ context: inout ViewContext, _ element: String, _ id: String) {
        let scope = context.scope
        /// A rendered size, nil (noted) when it is not a number at least `minimum`.
        func size(_ n: ViewNumber, minimum: Double, infinity: Bool = false, wanted: String, outcome: String) -> Double? {
            let read: ViewRead<Double>
            switch n {
            case .literal(let d): read = .value(d)
            case .template(let t, let path):
                let v = t.render(scope)
                if infinity, v.string == "infinity" { return .infinity }
                if let d = v.number ?? v.string.flatMap(Double.init), d.isFinite, d >= minimum {
                    read = .value(d)
                } else {
                    read = .classify(v, at: path)
                }
            }
            return context.take(read, element, id, wanted: wanted, outcome: outcome)
        }
        if let fontSize, case .system(_, let weight, let design)? = options.font {
            let points = size(fontSize, minimum: .leastNonzeroMagnitude, wanted: "a font size in points (above 0)", outcome: "the font is 17 pt (body's size)")
            options.font = .system(size: points ?? Self.bodySize, weight: weight, design: design)
        }
        if let padding {
            let edges = padding.map { size($0, minimum: 0, wanted: "a padding in points (0 or more)", outcome: "that padding is 0") ?? 0 }
            options.padding = edges.count == 1 ? .all(edges[0]) : .edges(top: edges[0], leading: edges[1], bottom: edges[2], trailing: edges[3])
        }
        for (key, path, n) in frame {
            let infinity = key.hasPrefix("max")
            options.frame?[keyPath: path] = size(
                n, minimum: 0, infinity: infinity, wanted: infinity ? "a size in points (0 or more) or infinity" : "a size in points (0 or more)",
                outcome: "the frame leaves \(key) out")
        }
    }
}
