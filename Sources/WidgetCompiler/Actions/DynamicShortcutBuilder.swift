import Foundation
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTemplates
import WidgetTime

/// Dynamic quick actions built from container data, with the warnings found on the way.
package struct DynamicQuickActions: Sendable {
    /// The actions, in order: sorted as declared, filtered by `when`.
    package var actions: [QuickAction] = []
    /// Missing or malformed data, records whose fields rendered unusable, missing record fields.
    /// Data problems never abort: they leave no (or fewer) dynamic actions.
    package var warnings: [Diagnostic] = []

    package init(actions: [QuickAction] = [], warnings: [Diagnostic] = []) {
        self.actions = actions
        self.warnings = warnings
    }
}

extension AppManifest {
    /// The dynamic quick actions for the container's current data; none when the manifest declares none.
    package func dynamicActions(container: Container) -> DynamicQuickActions {
        dynamicShortcuts?.build(container: container, manifest: file) ?? DynamicQuickActions()
    }
}

extension DynamicShortcuts {
    /// Reads the items source and builds one action per kept record.
    func build(container: Container, manifest: String) -> DynamicQuickActions {
        var result = DynamicQuickActions()
        let dataFile = Self.path(of: items.file, in: container)
        let fail = " no dynamic quick actions"
        let bytes: [UInt8]
        switch container.read(items.file) {
        case .found(let found):
            bytes = found
        case .missing:
            let place = container.directory.map { " (looked in \($0))" } ?? ""
            result.warnings.append(.warning("data-missing", "container file '\(items.file)' is missing\(place);\(fail)", file: manifest, at: items.location))
            return result
        case .refused(let refusal):
            result.warnings.append(.warning("data-path", "container file \(refusal);\(fail)", file: manifest, at: items.location))
            return result
        case .unreadable(let reason):
            result.warnings.append(.warning("data-missing", "container file '\(items.file)' cannot be read: \(reason);\(fail)", file: manifest, at: items.location))
            return result
        }
        let (documents, error) = SourceFiles.documents(of: bytes, path: items.file)
        if let error {
            let at = error.location
            result.warnings.append(.warning(
                "data-malformed", "container file '\(items.file)' is malformed at line \(at.line), column \(at.column): \(error.message);\(fail)",
                file: dataFile, at: at))
            return result
        }
        guard let root = documents.first, case .sequence(let nodes) = root.content else {
            let shown = documents.first?.shown ?? "nothing"
            result.warnings.append(.warning(
                "data-not-array", "container file '\(items.file)' holds \(shown), not an array of records;\(fail)",
                file: dataFile, at: documents.first?.location ?? .start))
            return result
        }
        var build = RecordBuild(source: items.name, dataFile: dataFile)
        let records = nodes.map(\.json)
        // An app builds its items in the device's zone; here each instant keeps the offset it was
        // written with, and `relative` counts from now (docs/quick-actions.md, "Formats").
        let failures = FormatFailures()
        let formatting = TemplateFormatting(zone: nil, locale: locale, failures: failures)
        let now = Instant(seconds: Int64(Date().timeIntervalSince1970))
        var warnedTags = Set<String>()
        for index in order?.sortedIndices(records) ?? Array(records.indices) {
            let record = FormattingScope(records[index], formatting: formatting, now: now)
            if let when, when.renderString(record).isEmpty { continue }
            if let action = build.action(item, record: record, index: index, node: nodes[index]) {
                result.actions.append(action)
            }
            // Once per tag, at the first record whose value its format could not read.
            for failure in failures.take() where warnedTags.insert(failure.tag).inserted {
                build.warnings.append(.warning("template-format", "\(items.name)[\(index)]: \(failure.message)", file: dataFile, at: nodes[index].location))
            }
        }
        result.warnings += build.warnings + build.missingFieldWarnings()
        return result
    }

    /// The data file's name for diagnostics: the container directory joined with the path.
    static func path(of file: String, in container: Container) -> String {
        guard let directory = container.directory, !directory.isEmpty else { return file }
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }
}

/// Renders one record after another into quick actions, gathering warnings.
struct RecordBuild {
    let source: String
    let dataFile: String
    var warnings: [Diagnostic] = []
    /// Each missing field name, the first record lacking it and how many do.
    private var missing: [(name: String, node: SourceNode, index: Int, count: Int)] = []

    init(source: String, dataFile: String) {
        self.source = source
        self.dataFile = dataFile
    }

    /// The record's quick action; nil (with a warning) when its type or title renders empty.
    mutating func action(_ recipe: ShortcutRecipe, record: some TemplateScope, index: Int, node: SourceNode) -> QuickAction? {
        var names: [String] = []
        let type = recipe.type.renderString(record, missing: &names)
        let title = (recipe.titleForms?.form(in: record) ?? recipe.title).renderString(record, missing: &names)
        let subtitle = (recipe.subtitleForms?.form(in: record) ?? recipe.subtitle)?.renderString(record, missing: &names)
        let iconText = recipe.icon?.template.renderString(record, missing: &names)
        var userInfo = JSONObject()
        for (key, value) in recipe.userInfo {
            userInfo[key] = PlistValues.sanitized(value.render(record, missing: &names))
        }
        note(names, node: node, index: index)
        let label = "\(source)[\(index)]"
        // UIKit needs both; an action without them would show nothing.
        if let (field, template) = type.isEmpty ? ("type", recipe.type) : title.isEmpty ? ("title", recipe.title) : nil {
            warn("template-value", "\(label): the quick action's \(field) '\(template.source)' rendered empty; the record gives no quick action", node)
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
                    warn("unknown-icon-type", "\(label): icon type \(IconNames.unknownTypeMessage(iconText)); the quick action has no icon", node)
                }
            }
        }
        return action
    }

    private mutating func warn(_ code: String, _ message: String, _ node: SourceNode) {
        warnings.append(.warning(code, message, file: dataFile, at: node.location))
    }

    private mutating func note(_ names: [String], node: SourceNode, index: Int) {
        for name in names {
            if let i = missing.firstIndex(where: { $0.name == name }) {
                missing[i].count += 1
            } else {
                missing.append((name, node, index, 1))
            }
        }
    }

    /// One warning per field some records lack, at the first of them.
    func missingFieldWarnings() -> [Diagnostic] {
        missing.map { entry in
            let others = entry.count > 1 ? " (and \(entry.count - 1) more record\(entry.count == 2 ? "" : "s"))" : ""
            return .warning(
                "data-path-missing", "'\(entry.name)' is missing from \(source)[\(entry.index)]\(others); it rendered empty",
                file: dataFile, at: entry.node.location)
        }
    }
}

extension PlistRecipe {
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
