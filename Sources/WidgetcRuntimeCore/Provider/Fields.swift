import WidgetSupport
import WidgetTemplates
import WidgetTime

/// A value fixed at compile time, or a template rendered when a timeline is
/// requested (with `param` and `data` in scope).
package enum Field<Value> {
    case literal(Value)
    case template(Template)
}

extension Field: Sendable where Value: Sendable {}

/// A content value: a literal, or a template rendered for each entry.
enum ContentValue {
    case literal(JSONValue)
    case template(TemplateBox)
}

/// A template behind one reference: content fields are read for every entry.
final class TemplateBox {
    let template: Template
    /// For a lone tag naming an entry or rule variable: the path the entry
    /// scope answers directly, without running the template for each entry.
    let direct: DirectPath?
    /// `key` when the template is the lone tag `{{record.key}}`.
    let recordKey: String?
    /// A translation with plural variations (`template` is then its `other` form).
    let plural: PluralTemplates?
    /// A catalog key with its arguments (`template` is then empty, unused).
    let formatted: FormattedField?
    /// Whether the template reads nothing but `let.…` tags, without formats or sections: where it
    /// does not vary per entry it renders the same over the same reload's lets (`RenderedLetFields`).
    let readsOnlyLets: Bool

    init(_ template: Template, plural: PluralTemplates? = nil) {
        self.template = template
        self.plural = plural
        formatted = nil
        let references = template.references
        readsOnlyLets = plural == nil && !references.isEmpty && references.allSatisfy { r in
            r.kind == .variable && r.sections.isEmpty && r.format == nil && r.components.first == "let"
        }
        direct = plural == nil ? template.loneTag.flatMap { DirectPath($0.components) } : nil
        if case .rule(.record, let path) = direct, path.count == 2 { recordKey = path[1] } else { recordKey = nil }
    }

    init(formatted: FormattedField, empty: Template) {
        template = empty
        plural = nil
        self.formatted = formatted
        direct = nil
        recordKey = nil
        readsOnlyLets = false
    }

    /// Every name the field's template (each plural form, or the key's arguments) uses.
    var references: [TemplateReference] {
        if let formatted { return formatted.references }
        guard let plural else { return template.references }
        return plural.forms.keys.sorted().flatMap { plural.forms[$0]!.references }
    }

    /// `scope.value(direct)`, with `direct` read in place: `if let direct = box.direct` at the
    /// caller copied the path, a retain and a release per field and entry (run of 30 generated
    /// widgets over 30 days: 8 pairs a reload, 410.6 M -> 408.2 M instructions, callgrind).
    func directValue(_ scope: EntryScope) -> JSONValue? {
        switch direct {
        case nil: nil
        case let path?: scope.value(path)
        }
    }

    func render(_ scope: some TemplateScope, missing: inout [String]) -> JSONValue {
        if let formatted { return formatted.render(scope, missing: &missing) }
        guard let plural else { return template.render(scope, missing: &missing) }
        return plural.form(in: scope).render(scope, missing: &missing)
    }
}

/// A variable path an entry scope resolves without the template machinery.
enum DirectPath {
    case entryDate, entryTime, entryDay, entryWeekday, entryIndex, entryInstant, entryIsInstant
    /// A rule variable (`record`, `index`, `progress`, `slot`, `market`) and the whole path.
    /// The name is matched once here, not per entry: a String compare per field and entry
    /// was 3.8% of the instructions of a 30-day run of the examples (callgrind).
    case rule(RuleName, [String])
    /// `let.NAME…` (the whole path): the entry's own lets, then the reload's, without the
    /// template machinery (bench/let_bench.py's `{{let.benchLater}}`, read per entry).
    case lets([String])

    init?(_ path: [String]) {
        guard let root = path.first else { return nil }
        if root == "entry" {
            guard path.count == 2 else { return nil }
            switch path[1] {
            case "date": self = .entryDate
            case "time": self = .entryTime
            case "day": self = .entryDay
            case "weekday": self = .entryWeekday
            case "index": self = .entryIndex
            case "instant": self = .entryInstant
            case "isInstant": self = .entryIsInstant
            default: return nil
            }
        } else if root == "let", path.count >= 2 {
            self = .lets(path)
        } else if CompiledContent.entryRoots.contains(root), let name = RuleName(root) {
            self = .rule(name, path)
        } else {
            return nil
        }
    }
}

/// An ordered set of content fields, compiled once.
struct CompiledContent {
    var fields: [(key: String, value: ContentValue)] = []
    /// Per field: whether it names a variable that changes from entry to entry
    /// (`entry.*` or a rule variable). The others render once per timeline.
    var varies: [Bool] = []
    /// The fields that vary, in field order: what an entry's row holds.
    var rows: [RowField] = []

    /// A field an entry's row holds.
    struct RowField {
        let box: TemplateBox
        /// When the field is `{{let.NAME}}` of a let computed per entry: that let's position
        /// among the entry's lets (`EntryLets`, set by `varyingWithLets`). Kept beside the box, not
        /// in an array of its own: the content is copied per entry, and a second array cost a
        /// run without lets a retain and a release an entry (callgrind, run300 over 30 days).
        var entryLet: Int? = nil
    }

    /// Whether a field names `entry.instant` or `entry.isInstant` (or the whole `entry`): only
    /// then does a timeline look back for the instant its first entry stands for.
    var namesEntryInstant: Bool {
        rows.contains { row in
            row.box.references.contains { r in
                r.components.first == "entry" && (r.components.count == 1 || r.components[1] == "instant" || r.components[1] == "isInstant")
            }
        }
    }

    /// Roots whose value differs between the entries of one timeline.
    static let entryRoots = Set(TemplateRoot.allCases.filter(\.variesPerEntry).map(\.rawValue))

    /// Whether a tag's text may differ between the entries of one timeline: it names an entry
    /// or rule variable, or shows a value `relative` to the entry's date.
    static func variesPerEntry(_ reference: TemplateReference) -> Bool {
        if reference.format == ValueFormat.relative.rawValue { return true }
        return reference.components.first.map(entryRoots.contains) ?? false
    }

    /// A content object of the plan: strings holding a tag are templates, all else literal.
    /// With a localizer, each string is its translation (docs/localization.md).
    init(_ member: PlanMember?, localizer: Localizer? = nil) throws(PlanError) {
        for (key, value) in try member?.members() ?? [] {
            if case .object = value.value {
                // `{ key, args }`: a catalog key filled with its arguments.
                append(key, TemplateBox(formatted: try FormattedField(value, localizer: localizer), empty: try PlanMember.emptyTemplate(at: value)))
            } else if let localizer, case .string(let text) = value.value, let translation = localizer.translation(of: text) {
                try appendTranslated(key, source: text, translation, localizer, at: value)
            } else if case .string(let text) = value.value, text.isTemplate {
                append(key, TemplateBox(try value.template()))
            } else {
                fields.append((key, .literal(localizer?.literal(value.value) ?? value.value)))
                varies.append(false)
            }
        }
    }

    private mutating func append(_ key: String, _ box: TemplateBox) {
        fields.append((key, .template(box)))
        let varying = box.references.contains(where: Self.variesPerEntry)
        varies.append(varying)
        if varying { rows.append(RowField(box: box)) }
    }

    /// A field whose text has a translation: a template (or fixed text), or plural forms chosen per rendering.
    private mutating func appendTranslated(
        _ key: String, source: String, _ translation: PlanStrings.Translation, _ localizer: Localizer, at member: PlanMember
    ) throws(PlanError) {
        func compile(_ text: String) throws(PlanError) -> Template {
            do { return try Template(text) } catch { throw member.fail("translation '\(text)' of '\(source)': \(error.message)") }
        }
        switch translation {
        case .text(let text):
            if text.isTemplate || source.isTemplate {
                append(key, TemplateBox(try compile(text)))
            } else {
                fields.append((key, .literal(.string(text))))
                varies.append(false)
            }
        case .plural(let forms):
            var compiled: [PluralCategory: Template] = [:]
            for (category, text) in forms { compiled[category] = try compile(text) }
            let keyTemplate = try compile(source)
            let tags = PluralTemplates.numberTags(of: keyTemplate)
            append(key, TemplateBox(compiled[.other]!, plural: PluralTemplates(rules: localizer.rules, tags: tags, forms: compiled)))
        case .formatted:
            // Substitutions need arguments a plain string does not pass: the source text shows.
            if source.isTemplate {
                append(key, TemplateBox(try compile(source)))
            } else {
                fields.append((key, .literal(.string(source))))
                varies.append(false)
            }
        }
    }

    var isEmpty: Bool { fields.isEmpty }

    /// The fields that are the same for every entry of a timeline, rendered
    /// once (nil where a field varies).
    /// `rendered`: the reload's lets' (`LetEvaluator.Reload.rendered`), which keeps the fields
    /// that read only those lets as they rendered over them.
    func renderFixed(scope: EntryScope, missing: inout [String], rendered: RenderedLetFields? = nil) -> [JSONValue?] {
        fields.indices.map { i in
            guard !varies[i] else { return nil }
            switch fields[i].value {
            case .literal(let v): return v
            case .template(let box):
                guard let rendered, box.readsOnlyLets else { return box.directValue(scope) ?? box.render(scope, missing: &missing) }
                // Rendered once over the reload's lets while a reload reuses them (their memo,
                // Lets.swift): bench/let_bench.py's four fields of the reload's lets were rendered
                // at each reload, 3,900 instructions a reload (callgrind).
                if let value = rendered[box] { return value }
                let before = missing.count
                let value = box.directValue(scope) ?? box.render(scope, missing: &missing)
                // A let it names is absent: rendered again each time, reported missing again.
                if missing.count == before { rendered[box] = value }
                return value
            }
        }
    }

    /// Renders every field into `object`, over what is there (null removes a key,
    /// as in a JSON merge patch, so a family can drop a field). `fixed` holds
    /// fields already rendered for this timeline.
    func render(into object: inout JSONObject, scope: some TemplateScope, fixed: [JSONValue?]? = nil, missing: inout [String]) {
        // Into an empty object the keys (a YAML mapping's) are new: no lookups.
        let fresh = object.isEmpty
        if fresh { object.reserveCapacity(fields.count) }
        for i in fields.indices {
            let rendered: JSONValue
            if let value = fixed?[i] {
                rendered = value
            } else {
                switch fields[i].value {
                case .literal(let v): rendered = v
                case .template(let box): rendered = box.render(scope, missing: &missing)
                }
            }
            if rendered.isNull {
                if !fresh { object.removeValue(forKey: fields[i].key) }
            } else if fresh {
                object.appendNew(fields[i].key, rendered)
            } else {
                object[fields[i].key] = rendered
            }
        }
    }
}

/// Why a rendered timeline field cannot be used (reported as a run warning).
struct FieldProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Parsing rendered timeline fields (durations, numbers, instants).
enum FieldValues {
    static func duration(_ field: Field<Int64>, _ scope: some TemplateScope) -> Result<Int64, FieldProblem> {
        switch field {
        case .literal(let s): return .success(s)
        case .template(let t):
            let value = t.render(scope)
            // A rendered number is seconds when it is a whole one in range; any other
            // (1e300, 2.5) is shown as written and refused below, never trapped on.
            let text = value.string ?? value.number.map { n in Int64(exactly: n).map(String.init) ?? JSONWriter.string(value) } ?? ""
            guard let seconds = try? DurationParser.parse(text), seconds > 0 else {
                return .failure(FieldProblem("'\(t.source)' rendered '\(text)', which is not a duration"))
            }
            return .success(seconds)
        }
    }

    static func number(_ field: Field<Double>, _ scope: some TemplateScope) -> Result<Double, FieldProblem> {
        switch field {
        case .literal(let n): return .success(n)
        case .template(let t):
            let value = t.render(scope)
            if let n = value.number { return .success(n) }
            if let s = value.string, let n = Double(s) { return .success(n) }
            return .failure(FieldProblem("'\(t.source)' rendered \(JSONWriter.string(value)), which is not a number"))
        }
    }

    /// An instant; an empty or null rendering is `nil` (no value, no problem).
    static func instant(_ field: Field<Instant>, _ scope: some TemplateScope) -> Result<Instant?, FieldProblem> {
        switch field {
        case .literal(let i): return .success(i)
        case .template(let t):
            let value = t.render(scope)
            guard let text = value.string, !text.isEmpty else {
                return value.isNull || value.string == "" ? .success(nil) : .failure(FieldProblem("'\(t.source)' rendered \(JSONWriter.string(value)), which is not an instant"))
            }
            guard let parsed = try? InstantParser.parse(text) else {
                return .failure(FieldProblem("'\(t.source)' rendered '\(text)', which is not an instant"))
            }
            return .success(parsed.instant)
        }
    }
}

extension PlanMember {
    /// The template of no text, for a field whose text is not a template.
    static func emptyTemplate(at member: PlanMember) throws(PlanError) -> Template {
        do { return try Template("") } catch { throw member.fail("an empty template: \(error.message)") }
    }
}
