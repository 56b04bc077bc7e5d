import WidgetSupport
import WidgetTemplates
import WidgetTime

/// The strings of a definition that a String Catalog translates (spec
/// localization.md "What is localizable"), each with where it is written.
package struct LocalizableString: Sendable {
    /// The key: the text exactly as written, template tags included.
    package let key: String
    package let location: SourceLocation
    package let pointer: [String]
    /// `{ key: …, args: […] }`: the key names a catalog string with format specifiers
    /// (`%@`, `%lld`), filled with these arguments (docs/localization.md).
    package var arguments: [SourceNode]? = nil

    package var isFormatted: Bool { arguments != nil }

    /// Package-wide, so the catalog fuzz target can name the strings it plans.
    package init(key: String, location: SourceLocation, pointer: [String], arguments: [SourceNode]? = nil) {
        self.key = key
        self.location = location
        self.pointer = pointer
        self.arguments = arguments
    }
}

package enum LocalizableStrings {
    /// A widget's: display name, description, parameter titles and value titles,
    /// every string in content, family content, placeholder, snapshot and
    /// daily slots' content, and the texts and labels of its views. An app manifest's: its quick actions' titles and subtitles.
    package static func of(_ document: SourceNode) -> [LocalizableString] {
        var found: [LocalizableString] = []
        func add(_ node: SourceNode?, _ pointer: [String]) {
            guard let node, let text = node.string, isLocalizable(text) else { return }
            found.append(LocalizableString(key: text, location: node.location, pointer: pointer))
        }
        func walk(_ node: SourceNode?, _ pointer: [String]) {
            guard let node else { return }
            switch node.kind {
            case .object where node["key"] != nil:
                // A key with its arguments: the arguments are values, not keys.
                guard let key = node["key"], let text = key.string, !text.isEmpty else { return }
                found.append(LocalizableString(key: text, location: key.location, pointer: pointer + ["key"], arguments: Array(node["args"]?.items ?? .empty)))
            case .object: for m in node.members { walk(m.value, pointer + [m.key]) }
            case .array: for (i, item) in node.items.enumerated() { walk(item, pointer + [String(i)]) }
            default: add(node, pointer)
            }
        }
        if document["app"] != nil {
            for (i, shortcut) in (document["shortcuts"]?.items ?? .empty).enumerated() {
                add(shortcut["title"], ["shortcuts", String(i), "title"])
                add(shortcut["subtitle"], ["shortcuts", String(i), "subtitle"])
            }
            let item = document["dynamicShortcuts"]?["item"]
            add(item?["title"], ["dynamicShortcuts", "item", "title"])
            add(item?["subtitle"], ["dynamicShortcuts", "item", "subtitle"])
            return found
        }
        add(document["displayName"], ["displayName"])
        add(document["description"], ["description"])
        for p in document["parameters"]?.members ?? .empty {
            add(p.value["title"], ["parameters", p.key, "title"])
            for v in p.value["valueTitles"]?.members ?? .empty { add(v.value, ["parameters", p.key, "valueTitles", v.key]) }
        }
        for key in ["content", "familyContent", "placeholder", "snapshot"] { walk(document[key], [key]) }
        for (i, slot) in (document["timeline"]?["daily"]?.items ?? .empty).enumerated() {
            walk(slot["content"], ["timeline", "daily", String(i), "content"])
        }
        /// A view element's texts (docs/views.md): `text`, labels, `accessibilityLabel`; then its children's.
        func element(_ node: SourceNode?, _ pointer: [String]) {
            guard let node, node.isMapping else { return }
            for m in node.members {
                switch m.key {
                case "text", "label", "currentValueLabel", "accessibilityLabel": add(m.value, pointer + [m.key])
                case "vstack", "hstack", "zstack", "group":
                    for (i, child) in m.value.items.enumerated() { element(child, pointer + [m.key, String(i)]) }
                case "item": element(m.value, pointer + ["item"])
                default: break
                }
            }
        }
        element(document["view"], ["view"])
        for m in document["familyView"]?.members ?? .empty { element(m.value, ["familyView", m.key]) }
        return found
    }

    /// Text with a letter outside its template tags (`{{progress}}%` and `--` are not).
    /// An ISO 8601 instant (a snapshot's date) is data, not text, though it has a `T`.
    package static func isLocalizable(_ text: String) -> Bool {
        if let first = text.first, first.isNumber, (try? InstantParser.parse(text)) != nil { return false }
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("{{") {
                var inside = rest.dropFirst(2)
                while !inside.isEmpty, !inside.hasPrefix("}}") { inside = inside.dropFirst() }
                rest = inside.dropFirst(2)
                if rest.hasPrefix("}") { rest = rest.dropFirst() }
                continue
            }
            if rest.first!.isLetter { return true }
            rest = rest.dropFirst()
        }
        return false
    }

    /// The catalog a definition names (`localization.catalog`), resolved against its file.
    package static func catalogPath(of document: SourceNode, file: String) -> (path: String, node: SourceNode)? {
        guard let node = document["localization"]?["catalog"], let relative = node.string else { return nil }
        return (relative.hasPrefix("/") ? relative : SourceFiles.directory(of: file) + relative, node)
    }
}
