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
        // One path, grown and shrunk as the walks go down and up; copied only for a string found,
        // not a new array per node visited (with isLocalizable's ASCII walk: 16.5 M -> 8.6 M
        // instructions on 300 files of bench/validate's examples shape, callgrind).
        var path: [String] = []
        func add(_ node: SourceNode?) {
            guard let node, let text = node.string, isLocalizable(text) else { return }
            found.append(LocalizableString(key: text, location: node.location, pointer: path))
        }
        func add(_ node: SourceNode?, _ last: String) {
            path.append(last)
            add(node)
            path.removeLast()
        }
        func walk(_ node: SourceNode?) {
            guard let node else { return }
            switch node.kind {
            case .object where node["key"] != nil:
                // A key with its arguments: the arguments are values, not keys.
                guard let key = node["key"], let text = key.string, !text.isEmpty else { return }
                found.append(LocalizableString(key: text, location: key.location, pointer: path + ["key"], arguments: Array(node["args"]?.items ?? .empty)))
            case .object:
                for m in node.members {
                    path.append(m.key)
                    walk(m.value)
                    path.removeLast()
                }
            case .array:
                for (i, item) in node.items.enumerated() {
                    path.append(String(i))
                    walk(item)
                    path.removeLast()
                }
            default: add(node)
            }
        }
        if document["app"] != nil {
            for (i, shortcut) in (document["shortcuts"]?.items ?? .empty).enumerated() {
                path = ["shortcuts", String(i)]
                add(shortcut["title"], "title")
                add(shortcut["subtitle"], "subtitle")
            }
            let item = document["dynamicShortcuts"]?["item"]
            path = ["dynamicShortcuts", "item"]
            add(item?["title"], "title")
            add(item?["subtitle"], "subtitle")
            return found
        }
        add(document["displayName"], "displayName")
        add(document["description"], "description")
        for p in document["parameters"]?.members ?? .empty {
            path = ["parameters", p.key]
            add(p.value["title"], "title")
            path.append("valueTitles")
            for v in p.value["valueTitles"]?.members ?? .empty { add(v.value, v.key) }
        }
        for key in ["content", "familyContent", "placeholder", "snapshot"] {
            path = [key]
            walk(document[key])
        }
        for (i, slot) in (document["timeline"]?["daily"]?.items ?? .empty).enumerated() {
            path = ["timeline", "daily", String(i), "content"]
            walk(slot["content"])
        }
        /// A view element's texts (docs/views.md): `text`, labels, `accessibilityLabel`; then its children's.
        func element(_ node: SourceNode?) {
            guard let node, node.isMapping else { return }
            for m in node.members {
                switch m.key {
                case "text", "label", "currentValueLabel", "accessibilityLabel": add(m.value, m.key)
                case "vstack", "hstack", "zstack", "group":
                    path.append(m.key)
                    for (i, child) in m.value.items.enumerated() {
                        path.append(String(i))
                        element(child)
                        path.removeLast()
                    }
                    path.removeLast()
                case "item":
                    path.append("item")
                    element(m.value)
                    path.removeLast()
                default: break
                }
            }
        }
        path = ["view"]
        element(document["view"])
        for m in document["familyView"]?.members ?? .empty {
            path = ["familyView", m.key]
            element(m.value)
        }
        return found
    }

    /// Text with a letter outside its template tags (`{{progress}}%` and `--` are not).
    /// An ISO 8601 instant (a snapshot's date) is data, not text, though it has a `T`.
    package static func isLocalizable(_ text: String) -> Bool {
        if let first = text.first, first.isNumber, (try? InstantParser.parse(text)) != nil { return false }
        // ASCII text walked as bytes (a Character of ASCII is a byte, or CR LF: neither a letter
        // nor a brace), other text as an array of Characters: walked as a Substring with
        // `hasPrefix` at every Character it cost about 19 k instructions a string (callgrind, 300
        // files of bench/validate's examples shape: 11.3 M; the array for text that is not ASCII
        // took LocalizableStrings.of from 8.6 M to 6.4 M).
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.isASCII
                ? hasLetterOutsideTags(bytes, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { ($0 | 0x20) &- UInt8(ascii: "a") < 26 }
                : nil
        }
        if let ascii, let ascii { return ascii }
        return hasLetterOutsideTags(Array(text), open: "{", close: "}", isLetter: \.isLetter)
    }

    /// Whether `text` has a letter outside its `{{…}}` tags (a third `}` closing a tag too).
    private static func hasLetterOutsideTags<Text: RandomAccessCollection>(
        _ text: Text, open: Text.Element, close: Text.Element, isLetter: (Text.Element) -> Bool
    ) -> Bool where Text.Index == Int, Text.Element: Equatable {
        let n = text.endIndex
        var i = text.startIndex
        while i < n {
            if text[i] == open, i + 1 < n, text[i + 1] == open {
                i += 2
                while i < n, !(text[i] == close && i + 1 < n && text[i + 1] == close) { i += 1 }
                i = min(i + 2, n)
                if i < n, text[i] == close { i += 1 }
                continue
            }
            if isLetter(text[i]) { return true }
            i += 1
        }
        return false
    }

    /// The catalog a definition names (`localization.catalog`), resolved against its file.
    package static func catalogPath(of document: SourceNode, file: String) -> (path: String, node: SourceNode)? {
        guard let node = document["localization"]?["catalog"], let relative = node.string else { return nil }
        return (relative.hasPrefix("/") ? relative : SourceFiles.directory(of: file) + relative, node)
    }
}
