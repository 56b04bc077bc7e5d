import WidgetSupport
import WidgetTemplates

/// A content value `{ key: "Followers %lld", args: ["{{count}}"] }` (docs/localization.md
/// "Keys with arguments"): a catalog key with format specifiers, filled with its arguments
/// in the locale's translation, its plural variations and substitutions chosen by them.
final class FormattedField: Sendable {
    enum Argument: Sendable {
        case literal(JSONValue)
        case template(Template)
    }

    /// A catalog substitution compiled: the argument it reads (from 0; nil: where
    /// `%#@name@` stands), its specifier, and each plural form split at `%arg`.
    struct Substitution: Sendable {
        let argument: Int?
        let specifier: FormatString.Specifier?
        let forms: [PluralCategory: [FormatString]]
    }

    let key: String
    private let arguments: [Argument]
    /// The chosen text by plural category (`other` alone when it does not vary).
    private let forms: [PluralCategory: FormatString]
    private let substitutions: [String: Substitution]
    private let rules: PluralRules?
    /// The specifier whose argument chooses among `forms`: the key's first numeric one.
    private let pluralSpecifier: FormatString.Specifier?

    init(key: String, arguments: [Argument], translation: (PlanStrings.Translation, PluralRules)?) {
        self.key = key
        self.arguments = arguments
        let source = FormatString(key)
        var substitutions: [String: Substitution] = [:]
        var unit = translation?.0 ?? .text(key)
        if case .formatted(let inner, let subs) = unit {
            unit = inner
            for (name, sub) in subs {
                substitutions[name] = Substitution(
                    argument: sub.argument.map { $0 - 1 }, specifier: FormatString("%" + sub.specifier).specifiers.first,
                    forms: sub.forms.mapValues { $0.components(separatedBy: "%arg").map(FormatString.init) })
            }
        }
        switch unit {
        case .text(let text): forms = [.other: FormatString(text)]
        case .plural(let plural): forms = plural.mapValues(FormatString.init)
        case .formatted: forms = [.other: source]   // not nested in a plan
        }
        self.substitutions = substitutions
        rules = translation?.1
        pluralSpecifier = source.specifiers.first { $0.isNumeric } ?? forms[.other]?.specifiers.first { $0.isNumeric }
    }

    /// The field of a plan's content member `{ key, args }`: a string argument with a tag is a template.
    convenience init(_ member: PlanMember, localizer: Localizer?) throws(PlanError) {
        let key = try member("key").string()
        var arguments: [Argument] = []
        for arg in try member.optional("args")?.items() ?? [] {
            if case .string(let text) = arg.value, text.isTemplate {
                arguments.append(.template(try arg.template()))
            } else {
                arguments.append(.literal(arg.value))
            }
        }
        self.init(key: key, arguments: arguments, translation: localizer?.formatTranslation(of: key))
    }

    /// A literal `{ key, args }` (placeholder, snapshot), rendered once; nil for any other value.
    static func text(literal value: JSONValue, localizer: Localizer?) -> String? {
        guard case .object(let members) = value, let key = members["key"]?.string else { return nil }
        let arguments = (members["args"]?.array ?? []).map(Argument.literal)
        let field = FormattedField(key: key, arguments: arguments, translation: localizer?.formatTranslation(of: key))
        var missing: [String] = []
        return field.text(field.values(JSONValue.object(JSONObject()), missing: &missing))
    }

    /// Every name the arguments use.
    var references: [TemplateReference] {
        arguments.flatMap { argument -> [TemplateReference] in
            if case .template(let t) = argument { return t.references }
            return []
        }
    }

    func render(_ scope: some TemplateScope, missing: inout [String]) -> JSONValue {
        .string(text(values(scope, missing: &missing)))
    }

    private func values(_ scope: some TemplateScope, missing: inout [String]) -> [JSONValue] {
        arguments.map { argument in
            switch argument {
            case .literal(let value): value
            case .template(let template): template.render(scope, missing: &missing)
            }
        }
    }

    /// The text for these argument values.
    func text(_ values: [JSONValue]) -> String {
        var category = PluralCategory.other
        if forms.count > 1, let spec = pluralSpecifier, spec.argument < values.count, let rules {
            category = rules.category(of: FormatString.fill(spec, values[spec.argument]))
        }
        let chosen = forms[category] ?? forms[.other]!
        return chosen.format(values) { spec in
            guard let name = spec.substitution, let sub = substitutions[name] else { return nil }
            let index = sub.argument ?? spec.argument
            guard index < values.count else { return nil }
            let shown = sub.specifier.map { FormatString.fill($0, values[index]) } ?? FormatString.text(of: values[index])
            let category = rules?.category(of: shown) ?? .other
            guard let segments = sub.forms[category] ?? sub.forms[.other] else { return shown }
            return segments.map { $0.format(values) }.joined(separator: shown)
        }
    }
}
