import WidgetDiagnostics
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
    /// Sort, filter and the quick action each kept record gives: the selection the app makes too.
    package let selection: QuickActionSelection

    init(_ dynamic: AppDefinition.DynamicShortcuts, _ reader: ManifestReader, locale: String? = nil) throws(Diagnostic) {
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
            throw reader.error(.unknownDataSource, "items \(itemsNode.shown) is not a data source of dynamicShortcuts", at: itemsNode, pointer + ["items"])
        }
        items = source
        let order: RecordOrder?
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
        let when = try dynamic.when.map { (n) throws(Diagnostic) in try reader.template(n, pointer + ["when"]) }
        guard let recipe = dynamic.item else { throw reader.absent(dynamic.node, "item", pointer) }
        selection = QuickActionSelection(
            source: source.name, order: order, when: when, item: try QuickActionRecipe(recipe, reader, pointer + ["item"]), locale: locale)
    }
}

extension QuickActionRecipe {
    /// The manifest's `item`, its title and subtitle in the localizer's language.
    init(_ recipe: AppDefinition.Recipe, _ reader: ManifestReader, _ pointer: [String]) throws(Diagnostic) {
        let node = recipe.node
        let type = try reader.template(try reader.node(recipe.type, in: node, "type", pointer), pointer + ["type"])
        let (title, titleForms) = try reader.localizedTemplate(try reader.node(recipe.title, in: node, "title", pointer), pointer + ["title"])
        var (subtitle, subtitleForms): (Template?, PluralTemplates?) = (nil, nil)
        if let n = recipe.subtitle { (subtitle, subtitleForms) = try reader.localizedTemplate(n, pointer + ["subtitle"]) }
        var icon: (kind: IconKind, template: Template)? = nil
        if let iconNode = recipe.icon {
            let (key, valueNode) = try reader.iconMember(iconNode, pointer + ["icon"])
            icon = (IconKind(rawValue: key) ?? .file, try reader.template(valueNode, pointer + ["icon", key]))
        }
        var userInfo: [(key: String, value: PlistRecipe)] = []
        for member in recipe.userInfo?.members ?? .empty {
            userInfo.append((member.key, try PlistRecipe(member.value, reader, pointer + ["userInfo", member.key])))
        }
        self.init(type: type, title: title, subtitle: subtitle, titleForms: titleForms, subtitleForms: subtitleForms, icon: icon, userInfo: userInfo)
    }
}

extension PlistRecipe {
    /// A `userInfo` value as the manifest writes it: strings are templates.
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
