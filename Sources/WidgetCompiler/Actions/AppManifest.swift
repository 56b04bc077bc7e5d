import WidgetSupport
import WidgetTemplates
import WidgetcRuntime

/// An app manifest (spec "App manifest and quick actions"): its widget bundle,
/// static quick actions and the recipe for dynamic ones.
///
/// Built from a document that `widgetc validate` accepts; a document of another
/// shape throws a positioned error instead of being guessed at.
package struct AppManifest: Sendable {
    /// The manifest file as the user named it.
    package let file: String
    /// The bundle identifier (`app`).
    package let app: String
    package let displayName: String
    package let appGroup: String?
    /// The bundle's widget files, relative to the manifest.
    package let widgets: [String]
    /// The static quick actions (Info.plist), in manifest order.
    package let shortcuts: [QuickAction]
    /// How dynamic quick actions are built from container data; nil when the manifest has none.
    package let dynamicShortcuts: DynamicShortcuts?

    /// Reads the manifest from its document; throws an error diagnostic for a shape the schema refuses.
    package init(_ document: SourceNode, file: String) throws(Diagnostic) {
        try self.init(document, file: file, localizer: nil)
    }

    /// - Parameter localizer: quick action titles and subtitles in its language (`actions --locale`).
    package init(_ document: SourceNode, file: String, localizer: Localizer?) throws(Diagnostic) {
        let reader = ManifestReader(file: file, localizer: localizer)
        self.file = file
        app = try reader.string(document, "app", [])
        displayName = try reader.string(document, "displayName", [])
        appGroup = try reader.optionalString(document, "appGroup", [])
        widgets = (document["widgets"]?.items ?? .empty).compactMap(\.string)
        var shortcuts: [QuickAction] = []
        for (i, node) in (document["shortcuts"]?.items ?? .empty).enumerated() {
            shortcuts.append(try reader.staticShortcut(node, ["shortcuts", String(i)]))
        }
        self.shortcuts = shortcuts
        dynamicShortcuts = try document["dynamicShortcuts"].map { (node) throws(Diagnostic) in
            try DynamicShortcuts(node, reader)
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

    init(_ node: SourceNode, _ reader: ManifestReader) throws(Diagnostic) {
        let pointer = ["dynamicShortcuts"]
        var sources: [Source] = []
        for member in node["data"]?.members ?? .empty {
            let fileNode = try reader.node(member.value, "file", pointer + ["data", member.key])
            guard let path = fileNode.string else {
                throw reader.shape("a data source's file is a path string", at: fileNode, pointer + ["data", member.key, "file"])
            }
            sources.append(Source(name: member.key, file: path, location: fileNode.location))
        }
        self.sources = sources
        let itemsNode = try reader.node(node, "items", pointer)
        guard let source = sources.first(where: { $0.name == itemsNode.string }) else {
            throw reader.error("unknown-data-source", "items \(itemsNode.shown) is not a data source of dynamicShortcuts", at: itemsNode, pointer + ["items"])
        }
        items = source
        if let sort = node["sort"] {
            let byNode = try reader.node(sort, "by", pointer + ["sort"])
            guard let by = byNode.string, !by.isEmpty else {
                throw reader.shape("sort.by is a field name or a dotted path", at: byNode, pointer + ["sort", "by"])
            }
            let direction: RecordOrder.Direction
            if let orderNode = sort["order"] {
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
        when = try node["when"].map { (n) throws(Diagnostic) in try reader.template(n, pointer + ["when"]) }
        item = try ShortcutRecipe(try reader.node(node, "item", pointer), reader, pointer + ["item"])
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

    init(_ node: SourceNode, _ reader: ManifestReader, _ pointer: [String]) throws(Diagnostic) {
        type = try reader.template(try reader.node(node, "type", pointer), pointer + ["type"])
        (title, titleForms) = try reader.localizedTemplate(try reader.node(node, "title", pointer), pointer + ["title"])
        if let n = node["subtitle"] {
            let (t, forms) = try reader.localizedTemplate(n, pointer + ["subtitle"])
            (subtitle, subtitleForms) = (t, forms)
        } else {
            (subtitle, subtitleForms) = (nil, nil)
        }
        if let iconNode = node["icon"] {
            let (key, valueNode) = try reader.iconMember(iconNode, pointer + ["icon"])
            let kind: IconKind = key == "symbol" ? .symbol : key == "type" ? .type : .file
            icon = (kind, try reader.template(valueNode, pointer + ["icon", key]))
        } else {
            icon = nil
        }
        var userInfo: [(key: String, value: PlistRecipe)] = []
        for member in node["userInfo"]?.members ?? .empty {
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
