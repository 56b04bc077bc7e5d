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
    }

    var strings: [String: [String: Translation]] = [:]

    package init() {}

    /// A plan's `localization` member, as JSON.
    package init(json: JSONValue) throws(PlanError) {
        try self.init(PlanMember(json))
    }

    init(_ member: PlanMember) throws(PlanError) {
        for (key, languages) in try member("strings").members() {
            var byLanguage: [String: Translation] = [:]
            for (language, unit) in try languages.members() {
                guard let tag = LocaleTag.canonical(language) else { throw unit.fail("'\(language)' is not a BCP 47 language tag") }
                if case .string(let text) = unit.value {
                    byLanguage[tag] = .text(text)
                    continue
                }
                var forms: [PluralCategory: String] = [:]
                for (category, form) in try unit.members() {
                    guard let c = PluralCategory(rawValue: category) else {
                        throw form.fail("'\(category)' is not a plural category (zero, one, two, few, many, other)")
                    }
                    forms[c] = try form.string()
                }
                guard forms[.other] != nil else { throw unit.fail("plural variations need 'other'") }
                byLanguage[tag] = .plural(forms)
            }
            strings[key] = byLanguage
        }
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

    /// Fixed text (a title, a literal content string): its translation, or
    /// itself; plural variations without a number to choose by take `other`.
    package func text(_ key: String) -> String {
        switch translation(of: key) {
        case .text(let s): s
        case .plural(let forms): forms[.other] ?? key
        case nil: key
        }
    }

    /// A literal content value with every string in it translated.
    func literal(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): .string(text(s))
        case .array(let items): .array(items.map(literal))
        case .object(let members): .object(JSONObject(members.map { ($0.key, literal($0.value)) }))
        default: value
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
