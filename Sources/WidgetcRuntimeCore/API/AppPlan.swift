import Foundation
import WidgetSupport
import WidgetTemplates
import WidgetTime

/// The app's side of a compiled app manifest (`APP.app.json`, bundled in the app): its dynamic
/// quick actions, built from the app group container's data exactly as `widgetc actions`
/// builds them (the same sort, filter, templates and limit), for
/// `UIApplication.shared.shortcutItems`.
///
/// ```swift
/// let plan = try AppPlan(contentsOf: Bundle.main.url(forResource: "com.example.notebuddy.app", withExtension: "json")!)
/// let actions = plan.quickActions(container: groupURL)   // actions.items, actions.warnings
/// ```
public struct AppPlan: Sendable {
    /// The bundle identifier.
    public let app: String
    public let appGroup: String?
    /// The static quick actions (Info.plist): iOS shows them first, so they count against the four.
    let staticCount: Int
    /// The items file and the selection; nil when the manifest declares no dynamic quick actions.
    let dynamic: (file: String, selection: QuickActionSelection)?

    public init(data: Data) throws(PlanError) {
        let value: JSONValue
        do { value = try JSONReader.parse(bytes: [UInt8](data)).json } catch {
            throw PlanError(pointer: "", message: "not an app plan: \(error.message) at line \(error.location.line), column \(error.location.column)")
        }
        try self.init(plan: try AppPlanModel(json: value))
    }

    /// Loads an app plan from a file (a resource of the app).
    public init(contentsOf url: URL) throws(PlanError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PlanError(pointer: "", message: "cannot read the app plan at \(url.path): \(error.localizedDescription)")
        }
        try self.init(data: data)
    }

    package init(plan: AppPlanModel) throws(PlanError) {
        app = plan.app
        appGroup = plan.appGroup
        staticCount = plan.shortcuts.array?.count ?? 0
        dynamic = try plan.dynamicShortcuts.flatMap { json throws(PlanError) in
            json == .null ? nil : try Self.selection(PlanMember(json, path: ["dynamicShortcuts"]))
        }
    }

    /// The dynamic quick actions for the container's data now, at most as many as iOS shows
    /// beside the static ones. Titles and subtitles are the manifest's text (`widgetc actions`
    /// without `--locale`); `{{value | format}}` formats in `locale` (the device's by default).
    /// Missing or malformed data gives none, and says why in `warnings`.
    public func quickActions(container: URL?, now: Date = Date(), locale: Locale = .current) -> AppQuickActions {
        guard let (file, selection) = dynamic else { return AppQuickActions(items: [], warnings: []) }
        let none = "; no dynamic quick actions"
        guard let container else { return AppQuickActions(items: [], warnings: ["data-missing: no app group container\(none)"]) }
        let bytes: [UInt8]
        switch Container(directory: container.path).read(file) {
        case .found(let found): bytes = found
        case .missing: return AppQuickActions(items: [], warnings: ["data-missing: container file '\(file)' is missing\(none)"])
        case .refused(let refusal): return AppQuickActions(items: [], warnings: ["data-path: container file \(refusal)\(none)"])
        case .unreadable(let reason): return AppQuickActions(items: [], warnings: ["data-missing: container file '\(file)' cannot be read: \(reason)\(none)"])
        }
        let records: [JSONValue]
        do {
            guard case .array(let items) = try JSONReader.parse(bytes: bytes).json else {
                return AppQuickActions(items: [], warnings: ["data-not-array: container file '\(file)' does not hold an array of records\(none)"])
            }
            records = items
        } catch {
            return AppQuickActions(items: [], warnings: [
                "data-malformed: container file '\(file)' is malformed at line \(error.location.line), column \(error.location.column): \(error.message)\(none)",
            ])
        }
        let localized = QuickActionSelection(
            source: selection.source, order: selection.order, when: selection.when, item: selection.item, locale: WidgetPlan.languageTag(locale))
        let (actions, problems) = localized.actions(records: records, staticCount: staticCount, now: Instant(now))
        return AppQuickActions(items: actions.map(AppQuickAction.init), warnings: problems.map { "\($0.code): \($0.message)" })
    }

    /// The recipe as the plan holds it (the manifest's `dynamicShortcuts`, as written).
    private static func selection(_ m: PlanMember) throws(PlanError) -> (file: String, selection: QuickActionSelection) {
        let itemsName = try m("items").string()
        guard let source = try m("data").members().first(where: { $0.key == itemsName }) else {
            throw try m("items").fail("'\(itemsName)' is not a data source of dynamicShortcuts")
        }
        var order: RecordOrder? = nil
        if let sort = m.optional("sort") {
            let by = try sort("by").string()
            let direction = try sort.optional("order").map { o throws(PlanError) in try o.word(RecordOrder.Direction.self) } ?? .ascending
            order = RecordOrder(path: by.split(separator: ".", omittingEmptySubsequences: false).map(String.init), direction: direction)
        }
        let item = try m("item")
        var icon: (kind: QuickActionRecipe.IconKind, template: Template)? = nil
        if let iconMember = try item.optional("icon")?.members().first {
            guard let kind = QuickActionRecipe.IconKind(rawValue: iconMember.key) else { throw iconMember.value.fail("an icon is symbol, type or file") }
            icon = (kind, try template(iconMember.value))
        }
        let recipe = QuickActionRecipe(
            type: try template(item("type")), title: try template(item("title")), subtitle: try item.optional("subtitle").map(template),
            icon: icon, userInfo: try item.optional("userInfo")?.members().map { member throws(PlanError) in (member.key, try plist(member.value)) } ?? [])
        let selection = QuickActionSelection(
            source: itemsName, order: order, when: try m.optional("when").map(template), item: recipe, locale: nil)
        return (try source.value("file").string(), selection)
    }

    private static func template(_ m: PlanMember) throws(PlanError) -> Template {
        let text = try m.string()
        do { return try Template(text) } catch { throw m.fail("template '\(text)': \(error.message)") }
    }

    private static func plist(_ m: PlanMember) throws(PlanError) -> PlistRecipe {
        switch m.value {
        case .string: return .template(try template(m))
        case .array: return .array(try m.items().map { item throws(PlanError) in try plist(item) })
        case .object: return .dictionary(try m.members().map { member throws(PlanError) in (member.key, try plist(member.value)) })
        default: return .value(m.value)
        }
    }
}

/// The dynamic quick actions of one moment, and what kept any record from giving one.
public struct AppQuickActions: Sendable {
    /// In the order iOS shows them (after the static ones).
    public let items: [AppQuickAction]
    /// `code: words` for missing or malformed data and records that gave no action (as
    /// `widgetc actions` warns, without the line and column); log them.
    public let warnings: [String]
}

/// One Home Screen quick action, as `UIApplicationShortcutItem` holds it.
public struct AppQuickAction: Sendable, Equatable {
    public enum Icon: Sendable, Equatable {
        /// An SF Symbol (`UIApplicationShortcutIcon(systemImageName:)`).
        case symbol(String)
        /// A `UIApplicationShortcutIcon.IconType` by its Swift name (`compose`, `markLocation`).
        case system(String)
        /// An image in the asset catalog (`UIApplicationShortcutIcon(templateImageName:)`).
        case file(String)
    }

    /// The string the app switches on (`UIApplicationShortcutItem.type`).
    public let type: String
    public let title: String
    public let subtitle: String?
    public let icon: Icon?
    /// Property-list values only (no null).
    public let userInfo: [(key: String, value: WidgetValue)]

    init(_ action: QuickAction) {
        type = action.type
        title = action.title
        subtitle = action.subtitle
        switch action.icon {
        case .symbol(let name)?: icon = .symbol(name)
        case .system(let type)?: icon = .system(type.rawValue)
        case .file(let name)?: icon = .file(name)
        case nil: icon = nil
        }
        userInfo = action.userInfo.map { ($0.key, WidgetValue($0.value)) }
    }

    public static func == (a: AppQuickAction, b: AppQuickAction) -> Bool {
        a.type == b.type && a.title == b.title && a.subtitle == b.subtitle && a.icon == b.icon
            && a.userInfo.map(\.key) == b.userInfo.map(\.key) && a.userInfo.map(\.value) == b.userInfo.map(\.value)
    }
}

/// The app's writes into the app group container.
public enum AppGroupFile {
    /// Replaces the container file at `path` with `data` whole: written beside it, flushed and
    /// renamed over it, under the lock intents take (and file coordination on Apple platforms),
    /// so a widget's reload reads the old bytes or the new, never a mix. The path is relative
    /// to the container and may not leave it; data over the 1 MiB a widget reads is refused.
    public static func write(_ data: Data, to path: String, container: URL) throws(IntentError) {
        try IntentFiles.writeData([UInt8](data), to: path, directory: container.path)
    }
}

extension AppQuickAction {
    /// `userInfo` as `UIApplicationShortcutItem(…, userInfo:)` takes it: strings, numbers,
    /// booleans, arrays and dictionaries as their Foundation objects.
    public var userInfoObjects: [String: any NSSecureCoding] {
        var objects: [String: any NSSecureCoding] = [:]
        for (key, value) in userInfo { objects[key] = Self.object(value) }
        return objects
    }

    private static func object(_ value: WidgetValue) -> NSObject & NSSecureCoding {
        switch value {
        case .null: NSString(string: "")
        case .bool(let b): NSNumber(value: b)
        case .int(let i): NSNumber(value: i)
        case .double(let d): NSNumber(value: d)
        case .string(let s): NSString(string: s)
        case .array(let items): NSArray(array: items.map(object))
        case .object(let members): NSDictionary(objects: members.map { object($0.value) }, forKeys: members.map { NSString(string: $0.key) })
        }
    }
}
