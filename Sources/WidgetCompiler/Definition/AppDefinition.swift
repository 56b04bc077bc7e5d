import WidgetSupport

/// An app manifest (spec "App manifest and quick actions"), decoded once from its document
/// (`AppDefinition(decoding:)`); its checks, its plan and `widgetc actions` all read it.
///
/// Decoding is tolerant, as `WidgetDefinition`'s: a value of the wrong shape (the schema
/// reports it) is absent. What a consumer needs as written keeps its node: the plan writes
/// `shortcuts` and `dynamicShortcuts` as written, templates stay as their nodes.
package struct AppDefinition: Sendable {
    /// The document, for what walks it whole (localizable strings).
    package let root: SourceNode
    /// The bundle identifier.
    package var app: Text?
    package var displayName: Text?
    package var appGroup: Text?
    /// A `kind` written in a manifest: a bundle that lists the file counts it.
    package var kind: Text?
    /// `widgets`, one per item (so indices match the source): the file, nil when not a string.
    package var widgets: [Text?] = []
    /// `shortcuts` as written, for the plan.
    package var shortcutsNode: SourceNode?
    /// `shortcuts`, one per item (so indices match the source).
    package var shortcuts: [Shortcut] = []
    package var dynamicShortcuts: DynamicShortcuts?
    /// Whether `localization` is written, and its `catalog` (a path relative to the file).
    package var hasLocalization = false
    package var catalog: Text?
}

extension AppDefinition {
    /// A static quick action, every field literal.
    package struct Shortcut: Sendable {
        /// The item as written (the actions' reader reports its shape from it).
        package let node: SourceNode
        package var type: Text?
        package var title: Text?
        package var subtitle: Text?
        /// The icon mapping as written (exactly one of `symbol`, `type`, `file`).
        package var icon: SourceNode?
        /// `userInfo` as written (the writer sanitizes it).
        package var userInfo: SourceNode?
    }

    /// `dynamicShortcuts`: the recipe for quick actions built from container records.
    package struct DynamicShortcuts: Sendable {
        /// As written, for the plan.
        package let node: SourceNode
        /// The `data` mapping, one source per member.
        package var data: [DataSource] = []
        /// The name of the source holding the records; `itemsNode` as written for messages.
        package var items: Text?
        package var itemsNode: SourceNode?
        package var sort: Sort?
        /// The filter template (a record is kept when it renders non-empty).
        package var when: SourceNode?
        package var item: Recipe?
    }

    /// A data source of `dynamicShortcuts` (every member of `data`, whatever its shape).
    package struct DataSource: Sendable {
        package let name: String
        package let node: SourceNode
        package var file: Text?
    }

    /// `sort`: a field path and a direction, as written (the actions' reader judges them).
    package struct Sort: Sendable {
        package let node: SourceNode
        package var by: SourceNode?
        package var order: SourceNode?
    }

    /// A dynamic quick action's fields: templates over one record, as their nodes.
    package struct Recipe: Sendable {
        package let node: SourceNode
        package var type: SourceNode?
        package var title: SourceNode?
        package var subtitle: SourceNode?
        package var icon: SourceNode?
        /// `userInfo` as written: its strings are templates, other values kept.
        package var userInfo: SourceNode?
    }
}

/// Decoding: one pass over the top-level keys; the first member of each name counts,
/// as `node["key"]` finds it.
extension AppDefinition {
    package init(decoding root: SourceNode) {
        self.root = root
        guard root.isMapping else { return }
        var seen: Set<Key> = []
        for i in 0..<root.count {
            guard let key = Self.keys.value(ofText: root.keyBytes(i)), seen.insert(key).inserted else { continue }
            let node = root.child(i)
            switch key {
            case .app: app = Self.text(node)
            case .displayName: displayName = Self.text(node)
            case .appGroup: appGroup = Self.text(node)
            case .kind: kind = Self.text(node)
            case .widgets: widgets = node.items.map(Self.text)
            case .shortcuts:
                shortcutsNode = node
                shortcuts = node.items.map(Self.shortcut)
            case .dynamicShortcuts: dynamicShortcuts = Self.dynamicShortcuts(node)
            case .localization:
                hasLocalization = true
                catalog = Self.text(node, "catalog")
            }
        }
    }

    /// The catalog's path, resolved against the manifest's directory.
    package func catalogPath(file: String) -> String? {
        guard let relative = catalog?.value else { return nil }
        return relative.hasPrefix("/") ? relative : SourceFiles.directory(of: file) + relative
    }

    private enum Key: Hashable {
        case app, displayName, appGroup, kind, widgets, shortcuts, dynamicShortcuts, localization
    }

    private static let keys = WordMap<Key>([
        ("app", .app), ("displayName", .displayName), ("appGroup", .appGroup), ("kind", .kind), ("widgets", .widgets),
        ("shortcuts", .shortcuts), ("dynamicShortcuts", .dynamicShortcuts), ("localization", .localization),
    ])

    private static func text(_ node: SourceNode) -> Text? {
        node.isString ? Text(node: node) : nil
    }

    private static func text(_ mapping: SourceNode, _ word: StaticString) -> Text? {
        guard let node = mapping[word: word], node.isString else { return nil }
        return Text(node: node)
    }

    private static func shortcut(_ node: SourceNode) -> Shortcut {
        Shortcut(
            node: node, type: text(node, "type"), title: text(node, "title"), subtitle: text(node, "subtitle"),
            icon: node[word: "icon"], userInfo: node[word: "userInfo"])
    }

    private static func dynamicShortcuts(_ node: SourceNode) -> DynamicShortcuts {
        var dynamic = DynamicShortcuts(node: node)
        if let data = node[word: "data"] {
            dynamic.data = data.members.map { DataSource(name: $0.key, node: $0.value, file: text($0.value, "file")) }
        }
        dynamic.itemsNode = node[word: "items"]
        dynamic.items = dynamic.itemsNode.flatMap(text)
        if let sort = node[word: "sort"] {
            dynamic.sort = Sort(node: sort, by: sort[word: "by"], order: sort[word: "order"])
        }
        dynamic.when = node[word: "when"]
        if let item = node[word: "item"] {
            dynamic.item = Recipe(
                node: item, type: item[word: "type"], title: item[word: "title"], subtitle: item[word: "subtitle"],
                icon: item[word: "icon"], userInfo: item[word: "userInfo"])
        }
        return dynamic
    }
}
