import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

/// An app manifest read for its quick actions (spec "App manifest and quick actions"):
/// the decoded manifest (`AppDefinition`, the one model of it), with the static quick
/// actions built (localized, sanitized) and the dynamic ones' templates compiled.
///
/// Built from a manifest that `widgetc validate` accepts; one of another shape throws a
/// positioned error instead of being guessed at.
package struct AppManifest: Sendable {
    /// The manifest file as the user named it.
    package let file: String
    /// The manifest as decoded; the fields below read it.
    package let definition: AppDefinition
    /// The bundle identifier (`app`).
    package var app: String { definition.app?.value ?? "" }
    package var displayName: String { definition.displayName?.value ?? "" }
    package var appGroup: String? { definition.appGroup?.value }
    /// The bundle's widget files, relative to the manifest.
    package var widgets: [String] { definition.widgets.compactMap { $0?.value } }
    /// The static quick actions (Info.plist), in manifest order.
    package let shortcuts: [QuickAction]
    /// How dynamic quick actions are built from container data; nil when the manifest has none.
    package let dynamicShortcuts: DynamicShortcuts?

    /// Decodes the manifest's document and reads it; throws an error diagnostic for a shape the schema refuses.
    package init(_ document: SourceNode, file: String) throws(Diagnostic) {
        try self.init(AppDefinition(decoding: document), file: file)
    }

    /// - Parameters:
    ///   - localizer: quick action titles and subtitles in its language (`actions --locale`).
    ///   - locale: the locale `{{value | format}}` formats in (`actions --locale`; nil: `en_US`).
    package init(_ definition: AppDefinition, file: String, localizer: Localizer? = nil, locale: String? = nil) throws(Diagnostic) {
        let reader = ManifestReader(file: file, localizer: localizer)
        let root = definition.root
        self.file = file
        self.definition = definition
        // Required as `validate` requires them; the values are read from `definition`.
        _ = try reader.string(definition.app, in: root, "app", [])
        _ = try reader.string(definition.displayName, in: root, "displayName", [])
        _ = try reader.optionalString(definition.appGroup, in: root, "appGroup", [])
        var shortcuts: [QuickAction] = []
        for (i, shortcut) in definition.shortcuts.enumerated() {
            shortcuts.append(try reader.staticShortcut(shortcut, ["shortcuts", String(i)]))
        }
        self.shortcuts = shortcuts
        dynamicShortcuts = try definition.dynamicShortcuts.map { (dynamic) throws(Diagnostic) in
            try DynamicShortcuts(dynamic, reader, locale: locale ?? localizer?.locale)
        }
    }
}

/// The manifest's `dynamicShortcuts`: which records become quick actions, in what order, and how.
package struct DynamicShortcuts: Sendable {
    /// One declared data source: a file in the app group container.
    package struct Source: Sendable {
        package let name: String
        /// The path relative to the container.
        package let file: String
        /// Where the path is written in the manifest, for warnings about the file.
        package let location: SourceLocation
    }

    /// Every declared source (only `items` is read: records are the templates' whole scope).
    package let sources: [Source]
    /// The source holding the array of records.
    package let items: Source
    /// The order of the records; nil keeps the array's order.
    package let order: RecordOrder?
    /// The filter: a record is kept only if this renders non-empty.
    let when: Template?
    /// The quick action built from each kept record.
    let item: ShortcutRecipe
    /// The locale `{{value | format}}` formats in (nil: `en_US`).
    let locale: String?

    init(_ dynamic: AppDefinition.DynamicShortcuts, _ reader: ManifestReader, locale: String? = nil) throws(Diagnostic) {
        self.locale = locale
        let pointer = ["dynamicShortcuts"]
        var sources: [Source] = []
        for source in dynamic.data {
            let sourcePointer = pointer + ["data", source.name]
            guard let file = source.file else {
                // Not decoded: no `file`, or not a string; the written value says which.
                let fileNode = try reader.node(source.node, "file", sourcePointer)
                throw reader.shape("a data source's file is a path string", at: fileNode, sourcePointer + ["file"])
            }
            sources.append(Source(name: source.name, file: file.value, location: file.location))
        }
        self.sources = sources
        let itemsNode = try reader.node(dynamic.itemsNode, in: dynamic.node, "items", pointer)
        guard let source = sources.first(where: { $0.name == dynamic.items?.value }) else {
            throw reader.error("unknown-data-source", "items \(itemsNode.shown) is not a data source of dynamicShortcuts", at: itemsNode, pointer + ["items"])
        }
        items = source
        if let sort = dynamic.sort {
            let byNode = try reader.node(sort.by, in: sort.node, "by", pointer + ["sort"])
            guard let by = byNode.string, !by.isEmpty else {
                throw reader.shape("sort.by is a field name or a dotted path", at: byNode, pointer + ["sort", "by"])
            }
            let direction: RecordOrder.Direction
            if let orderNode = sort.order {
                guard let parsed = orderNode.string.flatMap(RecordOrder.Direction.init(rawValue:)) else {
                    throw reader.shape("sort.order is ascending or descending", at: orderNode, pointer + ["sort", "order"])
                }
                direction = parsed
            } else {
                direction = .ascending
            }
            order = RecordOrder(path: by.split(separator: ".", omittingEmptySubsequences: false).map(String.init), direction: direction)
        } else {
            order = nil
        }
        when = try dynamic.when.map { (n) throws(Diagnostic) in try reader.template(n, pointer + ["when"]) }
        guard let recipe = dynamic.item else { throw reader.absent(dynamic.node, "item", pointer) }
        item = try ShortcutRecipe(recipe, reader, pointer + ["item"])
    }
}

/// A dynamic quick action's fields as templates over one record.
struct ShortcutRecipe: Sendable {
    enum IconKind: Sendable { case symbol, type, file }

    let type: Template
    let title: Template
    let subtitle: Template?
    /// Plural forms of the title's and subtitle's translations, chosen per record.
    let titleForms: PluralTemplates?
    let subtitleForms: PluralTemplates?
    let icon: (kind: IconKind, template: Template)?
    let userInfo: [(key: String, value: PlistRecipe)]

    init(_ recipe: AppDefinition.Recipe, _ reader: ManifestReader, _ pointer: [String]) throws(Diagnostic) {
        let node = recipe.node
        type = try reader.template(try reader.node(recipe.type, in: node, "type", pointer), pointer + ["type"])
        (title, titleForms) = try reader.localizedTemplate(try reader.node(recipe.title, in: node, "title", pointer), pointer + ["title"])
        if let n = recipe.subtitle {
            let (t, forms) = try reader.localizedTemplate(n, pointer + ["subtitle"])
            (subtitle, subtitleForms) = (t, forms)
        } else {
            (subtitle, subtitleForms) = (nil, nil)
        }
        if let iconNode = recipe.icon {
            let (key, valueNode) = try reader.iconMember(iconNode, pointer + ["icon"])
            let kind: IconKind = key == "symbol" ? .symbol : key == "type" ? .type : .file
            icon = (kind, try reader.template(valueNode, pointer + ["icon", key]))
        } else {
            icon = nil
        }
        var userInfo: [(key: String, value: PlistRecipe)] = []
        for member in recipe.userInfo?.members ?? .empty {
            userInfo.append((member.key, try PlistRecipe(member.value, reader, pointer + ["userInfo", member.key])))
        }
        self.userInfo = userInfo
    }
}

/// A `userInfo` value of a dynamic quick action: strings are templates over the record,
/// other values are kept as written.
indirect enum PlistRecipe: Sendable {
    case value(JSONValue)
    case template(Template)
    case array([PlistRecipe])
    case dictionary([(key: String, value: PlistRecipe)])

    init(_ node: SourceNode, _ reader: ManifestReader, _ pointer: [String]) throws(Diagnostic) {
        switch node.content {
        case .scalar(.string):
            self = .template(try reader.template(node, pointer))
        case .scalar(let value):
            self = .value(value)
        case .sequence(let items):
            var recipes: [PlistRecipe] = []
            for (i, item) in items.enumerated() { recipes.append(try PlistRecipe(item, reader, pointer + [String(i)])) }
            self = .array(recipes)
        case .mapping(let members):
            var recipes: [(key: String, value: PlistRecipe)] = []
            for m in members { recipes.append((m.key, try PlistRecipe(m.value, reader, pointer + [m.key]))) }
            self = .dictionary(recipes)
        }
    }
}
