import WidgetSupport
import WidgetTemplates

/// A plan's `localization.strings` (docs/plan-format.md): for each key (the
/// text as written in YAML) the usable translations by language tag, taken
/// from the widget's String Catalog when it was compiled.
package struct PlanStrings: Sendable {
    package enum Translation: Sendable {
        case text(String)
        /// Plural variations; `other` is always there.
        case plural([PluralCategory: String])
        /// A key used with its arguments whose unit has substitutions (`%#@name@`).
        indirect case formatted(Translation, [String: Substitution])
    }

    /// A catalog substitution: its argument (1-based; nil: where `%#@name@` is), its
    /// format specifier without `%` (`lld`), its plural forms naming the argument `%arg`.
    package struct Substitution: Sendable {
        package let argument: Int?
        package let specifier: String
        package let forms: [PluralCategory: String]
    }

    var strings: [String: [String: Translation]] = [:]
    /// The catalog's source language: a key used with its arguments falls back to its unit.
    var sourceLanguage: String? = nil

    package init() {}

    /// A plan's `localization` member, as JSON.
    package init(json: JSONValue) throws(PlanError) {
        try self.init(PlanMember(json))
    }

    init(_ member: PlanMember) throws(PlanError) {
        sourceLanguage = try member.optional("sourceLanguage").map { m throws(PlanError) in try m.string() }.flatMap(LocaleTag.canonical)
        for (key, languages) in try member("strings").members() {
            var byLanguage: [String: Translation] = [:]
            for (language, unit) in try languages.members() {
                guard let tag = LocaleTag.canonical(language) else { throw unit.fail("'\(language)' is not a BCP 47 language tag") }
                if let value = unit.optional("value") {
                    var substitutions: [String: Substitution] = [:]
                    for (name, sub) in try unit("substitutions").members() {
                        substitutions[name] = Substitution(
                            argument: try sub.optional("arg").map { a throws(PlanError) in Int(try a.int(in: 1...1000)) },
                            specifier: try sub("format").string(), forms: try Self.plural(sub("plural")))
                    }
                    byLanguage[tag] = .formatted(try Self.unit(value), substitutions)
                } else {
                    byLanguage[tag] = try Self.unit(unit)
                }
            }
            strings[key] = byLanguage
        }
    }

    private static func unit(_ unit: PlanMember) throws(PlanError) -> Translation {
        if case .string(let text) = unit.value { return .text(text) }
        return .plural(try plural(unit))
    }

    private static func plural(_ unit: PlanMember) throws(PlanError) -> [PluralCategory: String] {
        var forms: [PluralCategory: String] = [:]
        for (category, form) in try unit.members() {
            guard let c = PluralCategory(rawValue: category) else {
                throw form.fail("'\(category)' is not a plural category (zero, one, two, few, many, other)")
            }
            forms[c] = try form.string()
        }
        guard forms[.other] != nil else { throw unit.fail("plural variations need 'other'") }
        return forms
    }
}

/// The translations of one locale, looked up in the spec's order: the exact
/// tag, its language with script, its language; else the source text.
package struct Localizer: Sendable {
    package let locale: String
    package let rules: PluralRules
    private let chain: [String]
    private let table: PlanStrings

    package init(locale: String, table: PlanStrings) {
        self.locale = locale
        chain = LocaleTag.fallbacks(of: locale)
        rules = PluralRules(locale: locale)
        self.table = table
    }

    package func translation(of key: String) -> PlanStrings.Translation? {
        guard let languages = table.strings[key] else { return nil }
        for tag in chain {
            if let t = languages[tag] { return t }
        }
        return nil
    }

    /// The translation of a key used with its arguments and the rules of its language:
    /// the spec's order, then the catalog's source-language unit (as an app falls back
    /// to its development language), else nil (the key itself is the format).
    func formatTranslation(of key: String) -> (PlanStrings.Translation, PluralRules)? {
        guard let languages = table.strings[key] else { return nil }
        for tag in chain {
            if let t = languages[tag] { return (t, tag == locale ? rules : PluralRules(locale: tag)) }
        }
        if let source = table.sourceLanguage, let t = languages[source] { return (t, PluralRules(locale: source)) }
        return nil
    }

    /// Fixed text (a title, a literal content string): its translation, or
    /// itself; plural variations without a number to choose by take `other`.
    package func text(_ key: String) -> String {
        switch translation(of: key) {
        case .text(let s): s
        case .plural(let forms): forms[.other] ?? key
        case .formatted, nil: key   // substitutions need arguments
        }
    }

    /// A literal content value with every string in it translated.
    func literal(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(text(s))
        case .array(let items): return .array(items.map(literal))
        case .object(let members):
            if let text = FormattedField.text(literal: value, localizer: self) { return .string(text) }
            return .object(JSONObject(members.map { ($0.key, literal($0.value)) }))
        default: return value
        }
    }
}

/// A translation with plural variations, compiled: the form is chosen, for each
/// rendering, by the CLDR category of the key's first tag whose value is a number.
package struct PluralTemplates: Sendable {
    let rules: PluralRules
    /// The key's variable tags outside sections, in order: where the number is looked for.
    let tags: [[String]]
    let forms: [PluralCategory: Template]

    package init(rules: PluralRules, tags: [[String]], forms: [PluralCategory: Template]) {
        self.rules = rules
        self.tags = tags
        self.forms = forms
    }

    /// The key's variable tags outside sections, where the number is looked for.
    package static func numberTags(of key: Template) -> [[String]] {
        key.references.filter { $0.kind == .variable && $0.sections.isEmpty && !$0.isImplicitIterator }.map(\.components)
    }

    package func form(in scope: some TemplateScope) -> Template {
        for path in tags {
            guard let value = scope.lookup(path: path) else { continue }
            switch value {
            case .int, .double:
                // The number as it is shown (1.5, 2.0), whose operands CLDR's rules read.
                let category = rules.category(of: JSONWriter.string(value))
                return forms[category] ?? forms[.other]!
            default: continue
            }
        }
        return forms[.other]!
    }
}
