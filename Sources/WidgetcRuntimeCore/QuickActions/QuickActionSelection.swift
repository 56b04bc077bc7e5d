import WidgetSupport
import WidgetTemplates
import WidgetTime

/// A dynamic quick action's fields as templates over one record.
package struct QuickActionRecipe: Sendable {
    package enum IconKind: String, Sendable { case symbol, type, file }

    let type: Template
    let title: Template
    let subtitle: Template?
    /// Plural forms of the title's and subtitle's translations, chosen per record.
    let titleForms: PluralTemplates?
    let subtitleForms: PluralTemplates?
    let icon: (kind: IconKind, template: Template)?
    let userInfo: [(key: String, value: PlistRecipe)]

    package init(
        type: Template, title: Template, subtitle: Template?, titleForms: PluralTemplates? = nil, subtitleForms: PluralTemplates? = nil,
        icon: (kind: IconKind, template: Template)?, userInfo: [(key: String, value: PlistRecipe)]
    ) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.titleForms = titleForms
        self.subtitleForms = subtitleForms
        self.icon = icon
        self.userInfo = userInfo
    }
}

/// A `userInfo` value of a dynamic quick action: strings are templates over the record,
/// other values are kept as written.
package indirect enum PlistRecipe: Sendable {
    case value(JSONValue)
    case template(Template)
    case array([PlistRecipe])
    case dictionary([(key: String, value: PlistRecipe)])

    /// The value for one record: templates rendered (a lone tag keeps the value's type), the rest as written.
    func render(_ record: some TemplateScope, missing: inout [String]) -> JSONValue {
        switch self {
        case .value(let value):
            return value
        case .template(let template):
            return template.render(record, missing: &missing)
        case .array(let recipes):
            var items: [JSONValue] = []
            for recipe in recipes { items.append(recipe.render(record, missing: &missing)) }
            return .array(items)
        case .dictionary(let recipes):
            var object = JSONObject()
            for (key, recipe) in recipes { object[key] = recipe.render(record, missing: &missing) }
            return .object(object)
        }
    }
}

/// A warning about the records: its code, its words, and the record it is about (an index
/// into the data's array), which `widgetc actions` turns into a line and column.
package struct RecordProblem: Sendable, Equatable {
    package let code: String
    package let message: String
    package let record: Int
}

/// Which records become dynamic quick actions, in what order, and how (spec "App manifest and
/// quick actions"): the one selection `widgetc actions` prints and the app sets as
/// `UIApplication.shared.shortcutItems` (`AppPlan.quickActions`).
package struct QuickActionSelection: Sendable {
    /// The items source's name, for the words (`notes[3]`).
    package let source: String
    /// The order of the records; nil keeps the array's order.
    package let order: RecordOrder?
    /// The filter: a record is kept only if this renders non-empty.
    package let when: Template?
    package let item: QuickActionRecipe
    /// The locale `{{value | format}}` formats in (nil: `en_US`).
    package let locale: String?

    /// iOS shows at most four quick actions, the static ones (Info.plist) first.
    package static let shownAtMost = 4

    package init(source: String, order: RecordOrder?, when: Template?, item: QuickActionRecipe, locale: String?) {
        self.source = source
        self.order = order
        self.when = when
        self.item = item
        self.locale = locale
    }

    /// The actions for these records, sorted, filtered and rendered, at most as many as iOS
    /// shows beside `staticCount` static ones (the rest are left out with a warning), and the
    /// problems met on the way. An app builds its items in the device's zone; here each instant
    /// keeps the offset it was written with, and `relative` counts from `now`.
    package func actions(records: [JSONValue], staticCount: Int, now: Instant) -> (actions: [QuickAction], problems: [RecordProblem]) {
        var build = RecordBuild(source: source)
        var kept: [(action: QuickAction, record: Int)] = []
        let failures = FormatFailures()
        let formatting = TemplateFormatting(zone: nil, locale: locale, failures: failures)
        var warnedTags = Set<String>()
        for index in order?.sortedIndices(records) ?? Array(records.indices) {
            let record = FormattingScope(records[index], formatting: formatting, now: now)
            if let when, when.renderString(record).isEmpty { continue }
            if let action = build.action(item, record: record, index: index) {
                kept.append((action, index))
            }
            // Once per tag, at the first record whose value its format could not read.
            for failure in failures.take() where warnedTags.insert(failure.tag).inserted {
                build.problems.append(RecordProblem(code: "template-format", message: "\(source)[\(index)]: \(failure.message)", record: index))
            }
        }
        var problems = build.problems + build.missingFieldProblems()
        let room = max(0, Self.shownAtMost - staticCount)
        if kept.count > room {
            let left = kept.count - room
            let statics = staticCount == 0 ? "" : staticCount == 1 ? " (after the 1 static one)" : " (after the \(staticCount) static ones)"
            problems.append(RecordProblem(
                code: "quick-action-limit",
                message: "iOS shows at most \(Self.shownAtMost) quick actions\(statics): \(left) dynamic one\(left == 1 ? " is" : "s are") left out, from \(source)[\(kept[room].record)] on",
                record: kept[room].record))
            kept.removeLast(left)
        }
        return (kept.map(\.action), problems)
    }
}

/// Renders one record after another into quick actions, gathering problems.
private struct RecordBuild {
    let source: String
    var problems: [RecordProblem] = []
    /// Each missing field name, the first record lacking it and how many do.
    private var missing: [(name: String, index: Int, count: Int)] = []

    init(source: String) {
        self.source = source
    }

    /// The record's quick action; nil (with a problem) when its type or title renders empty.
    mutating func action(_ recipe: QuickActionRecipe, record: some TemplateScope, index: Int) -> QuickAction? {
        var names: [String] = []
        let type = recipe.type.renderString(record, missing: &names)
        let title = (recipe.titleForms?.form(in: record) ?? recipe.title).renderString(record, missing: &names)
        let subtitle = (recipe.subtitleForms?.form(in: record) ?? recipe.subtitle)?.renderString(record, missing: &names)
        let iconText = recipe.icon?.template.renderString(record, missing: &names)
        var userInfo = JSONObject()
        for (key, value) in recipe.userInfo {
            userInfo[key] = PlistValues.sanitized(value.render(record, missing: &names))
        }
        note(names, index: index)
        let label = "\(source)[\(index)]"
        // UIKit needs both; an action without them would show nothing.
        if let (field, template) = type.isEmpty ? ("type", recipe.type) : title.isEmpty ? ("title", recipe.title) : nil {
            problems.append(RecordProblem(
                code: "template-value", message: "\(label): the quick action's \(field) '\(template.source)' rendered empty; the record gives no quick action",
                record: index))
            return nil
        }
        var action = QuickAction(type: type, title: title, subtitle: subtitle?.isEmpty == false ? subtitle : nil, userInfo: userInfo)
        if let recipeIcon = recipe.icon, let iconText, !iconText.isEmpty {
            switch recipeIcon.kind {
            case .symbol: action.icon = .symbol(iconText)
            case .file: action.icon = .file(iconText)
            case .type:
                if let type = QuickActionIconType(rawValue: iconText) {
                    action.icon = .system(type)
                } else {
                    problems.append(RecordProblem(
                        code: "unknown-icon-type", message: "\(label): icon type \(QuickActionIconType.unknownNameMessage(iconText)); the quick action has no icon",
                        record: index))
                }
            }
        }
        return action
    }

    private mutating func note(_ names: [String], index: Int) {
        for name in names {
            if let i = missing.firstIndex(where: { $0.name == name }) {
                missing[i].count += 1
            } else {
                missing.append((name, index, 1))
            }
        }
    }

    /// One problem per field some records lack, at the first of them.
    func missingFieldProblems() -> [RecordProblem] {
        missing.map { entry in
            let others = entry.count > 1 ? " (and \(entry.count - 1) more record\(entry.count == 2 ? "" : "s"))" : ""
            return RecordProblem(
                code: "data-path-missing", message: "'\(entry.name)' is missing from \(source)[\(entry.index)]\(others); it rendered empty",
                record: entry.index)
        }
    }
}

extension QuickActionIconType {
    /// Why `name` is no icon type, with a did-you-mean.
    package static func unknownNameMessage(_ name: String) -> String {
        let hint = Suggest.hint(for: name, among: allCases.map(\.rawValue))
        return "'\(name)' is not a UIApplicationShortcutIcon.IconType name\(hint)"
    }
}
