import Foundation
import WidgetSupport
import WidgetTemplates
import WidgetTime

/// A widget's face as the plan carries it (`view`, `familyView`, `background`: the YAML's
/// elements, templates unrendered), compiled once: element kinds read, templates compiled,
/// literal strings translated. `tree(...)` renders it for one entry (docs/render-tree.md).
package final class CompiledView: @unchecked Sendable {
    let view: ViewTemplate?
    let familyViews: [WidgetFamily: ViewTemplate]
    let background: FillTemplate?
    /// Whether some template names `entry.*` (else a tree depends on the content alone).
    package let namesEntry: Bool
    /// Per view (`view`, then each `familyView`): what its tree is made from.
    private var reads: [WidgetFamily?: FaceReads] = [:]

    /// - Returns: nil when the plan has no view (none, or `view: custom`).
    static func compile(_ plan: WidgetPlanModel, localizer: Localizer?) throws(PlanError) -> CompiledView? {
        // Members as the plan file names them, for the pointers of errors.
        var view: ViewTemplate?
        if let written = plan.view, written != .string("custom"), !written.isNull {
            view = try ViewTemplate(PlanMember(written, path: ["view"]), id: "v", localizer)
        }
        var familyViews: [WidgetFamily: ViewTemplate] = [:]
        for (family, member) in try plan.familyView.map({ PlanMember(.object($0), path: ["familyView"]) })?.members() ?? [] {
            let f = try PlanMember(.string(family), path: member.path).word(WidgetFamily.self)
            familyViews[f] = try ViewTemplate(member, id: "f." + family, localizer)
        }
        guard view != nil || !familyViews.isEmpty else { return nil }
        let background = try plan.background.flatMap { $0.isNull ? nil : PlanMember($0, path: ["background"]) }.map { m throws(PlanError) in try FillTemplate(m) }
        let compiled = CompiledView(view: view, familyViews: familyViews, background: background)
        var backgroundNames = Set<String>()
        if let b = plan.background { FaceReads.collect(b, localizer, into: &backgroundNames) }
        func reads(_ written: JSONValue, _ template: ViewTemplate) -> FaceReads {
            var names = backgroundNames
            FaceReads.collect(written, localizer, into: &names)
            // `entry` stands for the entry's own values; a timer without `from` counts from the entry's date.
            let entry = names.remove("entry") != nil || template.namesEntry
            return FaceReads(fields: names.sorted(), entry: entry)
        }
        if let view, let written = plan.view { compiled.reads[nil] = reads(written, view) }
        for (family, template) in familyViews {
            if let written = plan.familyView?[family.rawValue] { compiled.reads[family] = reads(written, template) }
        }
        return compiled
    }

    /// What the family's tree is made from; nil when the family has no view.
    package func reads(for family: WidgetFamily) -> FaceReads? {
        familyViews[family] != nil ? reads[family] : view != nil ? reads[nil] : nil
    }

    init(view: ViewTemplate?, familyViews: [WidgetFamily: ViewTemplate], background: FillTemplate?) {
        self.view = view
        self.familyViews = familyViews
        self.background = background
        var names = view?.namesEntry ?? false
        for (_, v) in familyViews where v.namesEntry { names = true }
        namesEntry = names
    }

    /// Whether the family has a face (its own `familyView`, or `view`).
    package func hasView(for family: WidgetFamily) -> Bool { template(for: family) != nil }

    /// The view a family shows: its `familyView`, else `view`; nil when it has neither.
    func template(for family: WidgetFamily) -> ViewTemplate? {
        familyViews[family] ?? view
    }

    /// One entry's render tree; nil when the family has no view.
    /// - Parameters:
    ///   - content: the entry's content fields (what view templates name directly).
    ///   - index: the entry's index in its timeline (`entry.index`).
    ///   - failures: where values that do not render are noted (nil: not noted).
    package func tree(
        content: JSONObject, date: Instant, index: Int, family: WidgetFamily, parameters: JSONObject, zone: ZoneRules,
        locale: String?, failures: ViewFailures? = nil
    ) -> RenderTree? {
        guard let template = template(for: family) else { return nil }
        var context = ViewContext(
            scope: ViewScope(
                content: content, date: date, index: index, zone: zone, family: family, param: .object(parameters),
                formatting: TemplateFormatting(zone: zone, locale: locale, failures: failures?.formats)),
            family: family, zone: zone, locale: locale, failures: failures)
        let owner = (element: "background", id: "widget")
        guard let root = template.render(&context) else {
            // A root whose `if` is false: the tree is an empty group, so the family still has a face.
            return RenderTree(
                family: family.rawValue, root: RenderNode(id: template.id, element: .group), background: background?.render(&context, owner: owner))
        }
        return RenderTree(family: family.rawValue, root: root, background: background?.render(&context, owner: owner))
    }
}

/// What a face's tree for one entry is made from (besides the family, the parameters, the zone and
/// the locale, which are the same for a whole run): the content fields its templates name, and
/// whether it reads the entry itself (`entry.*`, or a `timer` counting from the entry's date).
/// Two entries that agree on these have the same tree, so `run --view` encodes it once.
package struct FaceReads: Sendable, Equatable {
    /// Content field names, sorted (a `foreach` item's names are listed too: they may be content's).
    package let fields: [String]
    package let entry: Bool

    /// The first names of every template in a view's JSON, translations included (`entry` too;
    /// `family` and `param` are left out).
    static func collect(_ value: JSONValue, _ localizer: Localizer?, into names: inout Set<String>) {
        switch value {
        case .string(let text):
            add(text, into: &names)
            switch localizer?.translation(of: text) {
            case .text(let t)?: add(t, into: &names)
            case .plural(let forms)?: for form in forms.values { add(form, into: &names) }
            default: break
            }
        case .array(let list): for v in list { collect(v, localizer, into: &names) }
        case .object(let o): for (_, v) in o { collect(v, localizer, into: &names) }
        default: break
        }
    }

    private static func add(_ text: String, into names: inout Set<String>) {
        guard text.isTemplate, let template = try? Template(text) else { return }
        for r in template.references {
            // `| relative` counts from the entry's date.
            if r.format == ValueFormat.relative.rawValue { names.insert("entry") }
            guard let first = r.components.first, first != "family", first != "param" else { continue }
            names.insert(first)
        }
    }
}

/// What view templates see (docs/views.md): `foreach` items innermost, then `entry`,
/// `family`, `param`, then the entry's content fields by name.
struct ViewScope: TemplateScope {
    let content: JSONObject
    let date: Instant
    let index: Int
    let zone: ZoneRules
    let family: WidgetFamily
    let param: JSONValue
    /// `{{name | format}}` in the face's texts, as in content.
    let formatting: TemplateFormatting
    /// The `foreach` items being rendered, innermost last.
    var items: [JSONValue] = []
    /// A section over a list in a view's template shows the family's bound at most.
    var sectionItemLimit: Int? { MemoryBudget.listItems(family) }

    func format(_ value: JSONValue, _ reference: TemplateReference) -> String? {
        formatting.text(value, reference, now: date)
    }

    func lookup(_ name: String) -> JSONValue? {
        for item in items.reversed() {
            if case .object(let o) = item, let v = o[name] { return v }
        }
        switch name {
        case "entry":
            return .object(JSONObject([
                ("date", .string(zone.iso8601(date))), ("time", .string(zone.timeText(date))),
                ("day", .string(zone.dayText(date))), ("weekday", .string(zone.weekdayName(date))), ("index", .int(index)),
            ]))
        case "family": return .string(family.rawValue)
        case "param": return param
        default: return content[name]
        }
    }

    var implicitValue: JSONValue? { items.last }
}

/// The state of one tree's rendering.
struct ViewContext {
    var scope: ViewScope
    let family: WidgetFamily
    let zone: ZoneRules
    let locale: String?
    /// Where values that do not render are noted (nil: not noted).
    var failures: ViewFailures? = nil

    /// The value read; nil (after noting a value of the wrong kind) when there is none to show.
    func take<T>(_ read: ViewRead<T>, _ element: String, _ id: String, wanted: String, outcome: String) -> T? {
        switch read {
        case .value(let v): return v
        case .absent: return nil
        case .wrong(let value, let path):
            failures?.note(element: element, id: id, path: path, value: value, wanted: wanted, outcome: outcome)
            return nil
        }
    }
}

/// Text in a view: fixed (already translated), or a template.
enum ViewText {
    case literal(String)
    case template(TemplateBox)

    init(_ member: PlanMember, _ localizer: Localizer?) throws(PlanError) {
        switch member.value {
        case .string(let text):
            if let localizer, let translation = localizer.translation(of: text) {
                switch translation {
                case .text(let t):
                    self = t.isTemplate ? .template(TemplateBox(try Self.compile(t, member))) : .literal(t)
                case .plural(let forms):
                    var compiled: [PluralCategory: Template] = [:]
                    for (category, form) in forms { compiled[category] = try Self.compile(form, member) }
                    let tags = PluralTemplates.numberTags(of: try Self.compile(text, member))
                    self = .template(TemplateBox(compiled[.other]!, plural: PluralTemplates(rules: localizer.rules, tags: tags, forms: compiled)))
                case .formatted:
                    // Substitutions need arguments a view's text does not pass: the source text shows, as in content.
                    self = text.isTemplate ? .template(TemplateBox(try Self.compile(text, member))) : .literal(text)
                }
            } else if text.isTemplate {
                self = .template(TemplateBox(try Self.compile(text, member)))
            } else {
                self = .literal(text)
            }
        case .int, .double, .bool:
            self = .literal(JSONWriter.string(member.value))
        default:
            throw member.fail("expected text or a template")
        }
    }

    /// Text not to translate (a symbol's or an image's name, a URL).
    init(untranslated member: PlanMember) throws(PlanError) {
        let text = try member.string()
        self = text.isTemplate ? .template(TemplateBox(try Self.compile(text, member))) : .literal(text)
    }

    private static func compile(_ text: String, _ member: PlanMember) throws(PlanError) -> Template {
        do { return try Template(text) } catch { throw member.fail("template '\(text)': \(error.message)") }
    }

    var namesEntry: Bool {
        guard case .template(let box) = self else { return false }
        // `| relative` counts from the entry's date.
        return box.references.contains { $0.components.first == "entry" || $0.format == ValueFormat.relative.rawValue }
    }

    /// The rendered value (typed for a lone tag).
    func value(_ scope: ViewScope) -> JSONValue {
        switch self {
        case .literal(let s): return .string(s)
        case .template(let box):
            var missing: [String] = []
            return box.render(scope, missing: &missing)
        }
    }

    /// The rendered text (a number as `run` prints it, null as "").
    func text(_ scope: ViewScope) -> String {
        switch self {
        case .literal(let s): return s
        case .template(let box):
            var missing: [String] = []
            return Self.text(of: box.render(scope, missing: &missing))
        }
    }

    static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let s): s
        case .null: ""
        default: JSONWriter.string(value)
        }
    }
}

/// A number in a view: fixed, or a template rendering one (a number, or text that reads as one).
enum ViewNumber {
    case literal(Double)
    /// The template and where it is written (for the failure's path).
    case template(Template, at: [String])

    init(_ member: PlanMember) throws(PlanError) {
        if let n = member.value.number {
            self = .literal(n)
        } else {
            self = .template(try member.template(), at: member.path)
        }
    }

    /// The number when it is written as one.
    var literal: Double? {
        if case .literal(let n) = self { return n }
        return nil
    }

    func read(_ scope: ViewScope) -> ViewRead<Double> {
        switch self {
        case .literal(let n): return .value(n)
        case .template(let t, let path):
            let v = t.render(scope)
            if let n = v.number, n.isFinite { return .value(n) }
            if let s = v.string, let n = Double(s), n.isFinite { return .value(n) }
            return .classify(v, at: path)
        }
    }

    var namesEntry: Bool {
        guard case .template(let t, _) = self else { return false }
        return t.references.contains { $0.components.first == "entry" }
    }
}

/// An instant in a view: fixed, or a template rendering an ISO 8601 instant.
enum ViewInstant {
    case literal(Instant)
    /// The template and where it is written (for the failure's path).
    case template(Template, at: [String])

    init(_ member: PlanMember) throws(PlanError) {
        let text = try member.string()
        if text.isTemplate {
            self = .template(try member.template(), at: member.path)
        } else {
            self = .literal(try member.instant())
        }
    }

    func read(_ scope: ViewScope) -> ViewRead<Instant> {
        switch self {
        case .literal(let i): return .value(i)
        case .template(let t, let path):
            let v = t.render(scope)
            if let text = v.string, let parsed = try? InstantParser.parse(text) { return .value(parsed.instant) }
            return .classify(v, at: path)
        }
    }

    var namesEntry: Bool {
        guard case .template(let t, _) = self else { return false }
        return t.references.contains { $0.components.first == "entry" }
    }
}

/// A colour option: fixed, or a template rendering a colour's text.
enum ColorTemplate {
    case fixed(RenderColor)
    /// Templates, and where they are written (for the failure's path).
    case template(light: ViewText, dark: ViewText, at: [String])

    init(_ member: PlanMember) throws(PlanError) {
        if case .object = member.value {
            let light = try member("light"), dark = try member("dark")
            if let l = Self.parse(light.value.string ?? ""), let d = Self.parse(dark.value.string ?? "") {
                self = .fixed(Self.pair(l, d))
            } else {
                self = .template(light: try ViewText(untranslated: light), dark: try ViewText(untranslated: dark), at: member.path)
            }
            return
        }
        let text = try member.string()
        if let c = Self.parse(text) {
            self = .fixed(c)
        } else if text.isTemplate {
            let t = try ViewText(untranslated: member)
            self = .template(light: t, dark: t, at: member.path)
        } else {
            throw member.fail("'\(text)' is not a colour (a system colour name, or #RRGGBB)")
        }
    }

    func read(_ scope: ViewScope) -> ViewRead<RenderColor> {
        switch self {
        case .fixed(let c): return .value(c)
        case .template(let light, let dark, let path):
            let l = light.value(scope), d = dark.value(scope)
            guard let lc = Self.parse(ViewText.text(of: l)) else { return .classify(l, at: path) }
            guard let dc = Self.parse(ViewText.text(of: d)) else { return .classify(d, at: path) }
            return .value(Self.pair(lc, dc))
        }
    }

    /// Whether the colour's templates name `entry.*` (the tree then differs per entry).
    var namesEntry: Bool {
        guard case .template(let light, let dark, _) = self else { return false }
        return light.namesEntry || dark.namesEntry
    }

    /// Two colours as one: a system colour stays one when both are the same.
    private static func pair(_ l: RenderColor, _ d: RenderColor) -> RenderColor {
        if l == d { return l }
        return .rgb(light: hex(l), dark: hex(d))
    }

    private static func hex(_ c: RenderColor) -> String {
        switch c {
        case .rgb(let light, _): light
        // A system colour beside a hex one: its light-appearance sRGB value.
        case .system(let name): RenderColor.systemHex[name] ?? "#000000"
        }
    }

    static func parse(_ text: String) -> RenderColor? { RenderColor.parse(text) }
}

extension RenderColor {
    /// SwiftUI's system colours in light appearance (sRGB), for a light/dark pair that mixes one with hex.
    package static let systemHex: [String: String] = [
        "red": "#FF3B30", "orange": "#FF9500", "yellow": "#FFCC00", "green": "#34C759", "mint": "#00C7BE",
        "teal": "#30B0C7", "cyan": "#32ADE6", "blue": "#007AFF", "indigo": "#5856D6", "purple": "#AF52DE",
        "pink": "#FF2D55", "brown": "#A2845E", "white": "#FFFFFF", "gray": "#8E8E93", "black": "#000000",
        "primary": "#000000", "secondary": "#3C3C43", "accentColor": "#007AFF", "clear": "#00000000",
    ]

    /// The system colour names a view may use, in the order docs/views.md lists them.
    package static let systemNames = [
        "primary", "secondary", "accentColor", "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo",
        "purple", "pink", "brown", "white", "gray", "black", "clear",
    ]

    /// A colour's text: a system name, or hex (upper-cased; one colour is the same in both appearances).
    package static func parse(_ text: String) -> RenderColor? {
        if systemHex[text] != nil { return .system(text) }
        guard text.hasPrefix("#"), text.utf8.count == 7 || text.utf8.count == 9,
            text.utf8.dropFirst().allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else { return nil }
        let upper = text.uppercased()
        return .rgb(light: upper, dark: upper)
    }
}

/// A background: colour, gradient or image, its texts maybe templates.
enum FillTemplate {
    case color(ColorTemplate)
    case gradient([ColorTemplate], from: String?, to: String?)
    case image(ImageTemplate)

    init(_ member: PlanMember) throws(PlanError) {
        guard case .object(let o) = member.value else {
            self = .color(try ColorTemplate(member))
            return
        }
        if o["color"] != nil {
            self = .color(try ColorTemplate(member("color")))
        } else if o["gradient"] != nil {
            self = .gradient(
                try member("gradient").items().map { m throws(PlanError) in try ColorTemplate(m) },
                from: try member.optional("from")?.string(), to: try member.optional("to")?.string())
        } else if o["image"] != nil {
            self = .image(try ImageTemplate(member("image")))
        } else if o["light"] != nil {
            self = .color(try ColorTemplate(member))
        } else {
            throw member.fail("a background is a colour, {color}, {gradient} or {image}")
        }
    }

    /// - Parameter owner: the element whose background it is (`background` and `widget` for the widget's).
    func render(_ context: inout ViewContext, owner: (element: String, id: String)) -> RenderFill? {
        switch self {
        case .color(let c):
            return context.take(c.read(context.scope), owner.element, owner.id, wanted: "a colour", outcome: "the background is left out")
                .map(RenderFill.color)
        case .gradient(let colors, let from, let to):
            let rendered = colors.compactMap {
                context.take($0.read(context.scope), owner.element, owner.id, wanted: "a colour", outcome: "the gradient leaves it out")
            }
            return rendered.count >= 2 ? .gradient(colors: rendered, from: from, to: to) : nil
        case .image(let image): return image.render(context.scope).map(RenderFill.image)
        }
    }
}

/// An image source: an asset name or a container file, maybe templates.
enum ImageTemplate {
    case asset(ViewText)
    case file(ViewText)

    init(_ member: PlanMember) throws(PlanError) {
        switch member.value {
        case .string: self = .asset(try ViewText(untranslated: member))
        case .object(let o) where o["file"] != nil: self = .file(try ViewText(untranslated: member("file")))
        default: self = .asset(try ViewText(untranslated: member("asset")))
        }
    }

    /// nil when the name renders empty (nothing to show).
    func render(_ scope: ViewScope) -> RenderImage? {
        switch self {
        case .asset(let t): let s = t.text(scope); return s.isEmpty ? nil : .asset(s)
        case .file(let t): let s = t.text(scope); return s.isEmpty ? nil : .file(s)
        }
    }
}

extension CompiledWidget {
    /// An entry's render tree for a family, with the instance's parameters over their defaults;
    /// nil when the widget has no view for the family.
    package func tree(
        for entry: TimelineEntry, index: Int, family: WidgetFamily, parameters: JSONObject, failures: ViewFailures? = nil
    ) -> RenderTree? {
        guard let view else { return nil }
        return view.tree(
            content: entry.content, date: entry.date, index: index, family: family, parameters: parametersWithDefaults(parameters),
            zone: zone, locale: locale, failures: failures)
    }

    /// The instance's parameter values over every parameter's default.
    package func parametersWithDefaults(_ given: JSONObject) -> JSONObject {
        var params = defaultParameters
        for (k, v) in given { params[k] = v }
        return params
    }
}
