import WidgetSupport

/// References and rename (`textDocument/references`, `textDocument/rename`) for the names a
/// widget declares and uses: parameters (`param.X` in templates and `let:` expressions, outside
/// intents), data sources (`data.X`, a sequence's `items: X`; a manifest's dynamic shortcut
/// sources), content fields (the keys of content, placeholder, snapshot and familyContent; `{{X}}`
/// in the views), lets (`let.X`), intents (`intent: X` in the views), an intent's parameters
/// (`param.X` inside it, `with:` keys of the elements running it), and the widget's kind across
/// files (CrossFile.swift).
extension LanguageServer {
    enum Symbol: Equatable {
        case parameter(String)
        case dataSource(String)
        case contentField(String)
        case letName(String)
        case intent(String)
        case intentParameter(intent: String, String)
        case kind(String)

        var name: String {
            switch self {
            case .parameter(let n), .dataSource(let n), .contentField(let n), .letName(let n), .intent(let n),
                 .intentParameter(_, let n), .kind(let n): n
            }
        }

        /// Whether `name` may replace this symbol's name (the schema's rule for its kind of name).
        func accepts(_ name: String) -> Bool {
            let units = Array(name.utf16)
            guard let first = units.first else { return false }
            switch self {
            case .kind:
                return units.allSatisfy { LanguageServer.isNameUnit($0) || $0 == 46 }
            case .contentField:
                return units.allSatisfy(LanguageServer.isNameUnit) && !(first >= 48 && first <= 57)
            default:
                // An identifier: a letter or `_`, then letters, digits or `_`.
                return units.allSatisfy { LanguageServer.isNameUnit($0) && $0 != 45 } && !(first >= 48 && first <= 57)
            }
        }
    }

    /// The name at the cursor: a declaration's key or a use.
    func symbol(_ document: TextDocument, _ position: Position) -> Symbol? {
        let root = root(document, at: position.line)
        let intent = enclosingIntent(document, position.line)
        if let (name, _) = tag(document, position) {
            if let intent, name.hasPrefix("param.") { return .intentParameter(intent: intent, String(name.dropFirst(6))) }
            return symbol(used: name, inView: isViewLine(document, position.line), root)
        }
        let word = word(document, position)
        if word.hasPrefix("param.") || word.hasPrefix("data.") || word.hasPrefix("let.") {
            if let intent, word.hasPrefix("param.") { return .intentParameter(intent: intent, String(word.dropFirst(6))) }
            return symbol(used: word, inView: false, root)
        }
        if let named = namedSymbol(document, position, word: word, root) { return named }
        guard let root else { return nil }
        let steps = steps(to: position.line, in: root)
        guard let first = steps.first, steps.count >= 2, steps[1].keyLocation.line == position.line + 1 else {
            if let first = steps.first, first.key == "timeline", document.outline(position.line).key == "items", !word.isEmpty,
               root["data"]?[word] != nil {
                return .dataSource(word)
            }
            return nil
        }
        switch first.key {
        case "parameters": return .parameter(steps[1].key)
        case "data": return .dataSource(steps[1].key)
        case "content", "placeholder", "snapshot": return .contentField(steps[1].key)
        case "let": return .letName(steps[1].key)
        case "familyContent" where steps.count >= 3 && steps[2].keyLocation.line == position.line + 1: return .contentField(steps[2].key)
        default: return nil
        }
    }

    private func symbol(used name: String, inView: Bool, _ root: SourceNode?) -> Symbol? {
        let parts = name.split(separator: ".").map(String.init)
        guard let head = parts.first else { return nil }
        if head == "param", parts.count >= 2 { return .parameter(parts[1]) }
        if head == "data", parts.count >= 2 { return .dataSource(parts[1]) }
        if head == "let", parts.count >= 2 { return .letName(parts[1]) }
        if inView { return .contentField(head) }
        return nil
    }

    private func isViewLine(_ document: TextDocument, _ line: Int) -> Bool {
        let o = document.outline(line)
        let path = indentPath(document, line, o.indent)
        let top = path.first ?? (o.indent == 0 ? o.key.map(String.init) : nil) ?? ""
        return ["view", "familyView", "background"].contains(top)
    }

    /// An intent, an intent's parameter, a kind or a manifest's data source, read from the line:
    /// where they are declared or named by value.
    private func namedSymbol(_ document: TextDocument, _ position: Position, word: String, _ root: SourceNode?) -> Symbol? {
        guard !word.isEmpty else { return nil }
        let o = document.outline(position.line)
        let value = Self.unquoted(o.rest)
        let path = indentPath(document, position.line, o.dashIndent ?? o.indent)
        let isKey = o.key.map(String.init) == word
        if o.key == "intent", value == word, path.first != "intents" { return .intent(word) }
        if path == ["intents"], isKey { return .intent(word) }
        if path.count >= 2, path[0] == "intents" {
            // `parameters: { index: … }` or a block parameter's key.
            let intent = path[1]
            if (path.count == 2 && o.key == "parameters" && !isKey) || (path.count == 3 && path[2] == "parameters" && isKey),
               intentNode(intent, root)?["parameters"]?[word] != nil {
                return .intentParameter(intent: intent, word)
            }
            if o.key == "reload" || path.last == "reload" { return .kind(word) }
        }
        if (o.key == "with" && !isKey) || (path.last == "with" && isKey), let intent = withIntent(document, position.line) {
            return .intentParameter(intent: intent, word)
        }
        if path.isEmpty, o.key == "kind", value == word, root?["app"] == nil { return .kind(word) }
        if root?["app"] != nil {
            if path.first == "widgets" || o.key == "widgets", let kind = kindOfWidget(named: word, manifest: document) { return .kind(kind) }
            if path == ["dynamicShortcuts", "data"], isKey { return .dataSource(word) }
            if path == ["dynamicShortcuts"], o.key == "data", !isKey, root?["dynamicShortcuts"]?["data"]?[word] != nil { return .dataSource(word) }
            if path == ["dynamicShortcuts"], o.key == "items", value == word { return .dataSource(word) }
        }
        return nil
    }

    /// Every place the symbol is written: the ranges of its name (for rename, only the name).
    func occurrences(of symbol: Symbol, _ document: TextDocument, includeDeclaration: Bool = true) -> [TextRange] {
        var ranges: [TextRange] = []
        let root = root(document, at: 0)
        let intentOf = (0..<document.lineCount).map { enclosingIntent(document, $0) }
        func key(_ node: SourceNode?, _ name: String) {
            guard let member = node?.member(name) else { return }
            let start = document.position(ofOffset: document.offset(of: member.keyLocation))
            // A quoted key starts at its quote.
            let line = Array(document.lineText(start.line).utf16)
            let s = start.character < line.count && (line[start.character] == 34 || line[start.character] == 39) ? start.character + 1 : start.character
            ranges.append(TextRange(Position(line: start.line, character: s), Position(line: start.line, character: s + name.utf16.count)))
        }
        switch symbol {
        case .parameter(let name):
            if includeDeclaration { key(root?["parameters"], name) }
            // Inside an intent, `param.X` is the intent's own.
            ranges += pathUses("param", name, document).filter { intentOf[$0.start.line] == nil }
        case .intentParameter(let intent, let name):
            if includeDeclaration { key(intentNode(intent, root)?["parameters"], name) }
            ranges += pathUses("param", name, document).filter { intentOf[$0.start.line] == intent }
            for l in 0..<document.lineCount where withIntent(document, l) == intent {
                ranges += keyUses(name, line: l, document)
            }
        case .intent(let name):
            if includeDeclaration { key(root?["intents"], name) }
            for l in 0..<document.lineCount where intentOf[l] == nil {
                ranges += namedValue("intent", name, line: l, document)
            }
        case .letName(let name):
            if includeDeclaration { key(root?["let"], name) }
            ranges += pathUses("let", name, document)
        case .kind(let name):
            // This file's share; the others are CrossFile's.
            ranges += kindUses(name, document, includeDeclaration: includeDeclaration)
        case .dataSource(let name):
            if includeDeclaration { key(root?["data"] ?? root?["dynamicShortcuts"]?["data"], name) }
            ranges += pathUses("data", name, document)
            // A rule that reads a source by its name (`sequence: { items: NAME }`).
            for l in 0..<document.lineCount {
                ranges += namedValue("items", name, line: l, document)
            }
        case .contentField(let name):
            if includeDeclaration {
                for section in ["content", "placeholder", "snapshot"] { key(root?[section], name) }
                for family in root?["familyContent"]?.members ?? .empty { key(family.value, name) }
            }
            for l in 0..<document.lineCount where isViewLine(document, l) {
                ranges += tagUses(name, line: l, document)
            }
        }
        return ranges.sorted { ($0.start.line, $0.start.character) < ($1.start.line, $1.start.character) }
    }

    /// `PREFIX.NAME` written anywhere (templates, `let:` expressions), not inside a longer name:
    /// the range of NAME.
    private func pathUses(_ prefix: String, _ name: String, _ document: TextDocument) -> [TextRange] {
        let needle = Array((prefix + "." + name).utf16)
        var ranges: [TextRange] = []
        for l in 0..<document.lineCount {
            let units = Array(document.lineText(l).utf16)
            guard units.count >= needle.count else { continue }
            var i = 0
            while i + needle.count <= units.count {
                if units[i] == needle[0], Array(units[i..<(i + needle.count)]) == needle,
                   i == 0 || !Self.isNameUnit(units[i - 1]) && units[i - 1] != 46,
                   i + needle.count == units.count || !Self.isNameUnit(units[i + needle.count]) {
                    let s = i + prefix.utf16.count + 1
                    ranges.append(TextRange(Position(line: l, character: s), Position(line: l, character: s + name.utf16.count)))
                    i += needle.count
                } else {
                    i += 1
                }
            }
        }
        return ranges
    }

    /// `{{NAME}}`, `{{#NAME}}`, `{{NAME.field}}` on a view line: the range of NAME.
    private func tagUses(_ name: String, line: Int, _ document: TextDocument) -> [TextRange] {
        let units = Array(document.lineText(line).utf16)
        let n = Array(name.utf16)
        var ranges: [TextRange] = []
        var i = 0
        while i + 1 < units.count {
            guard units[i] == 123, units[i + 1] == 123 else { i += 1; continue }
            var s = i + 2
            while s < units.count, [35, 94, 47, 38, 32, 123].contains(units[s]) { s += 1 }
            let e = s + n.count
            if e <= units.count, Array(units[s..<e]) == n, e == units.count || !Self.isNameUnit(units[e]) {
                ranges.append(TextRange(Position(line: line, character: s), Position(line: line, character: e)))
            }
            i = s
        }
        return ranges
    }

    /// `NAME:` written as a key on the line (block, or in a flow mapping): the range of NAME.
    private func keyUses(_ name: String, line: Int, _ document: TextDocument) -> [TextRange] {
        let units = Array(document.lineText(line).utf16)
        let n = Array(name.utf16)
        var ranges: [TextRange] = []
        var i = 0
        while i + n.count < units.count {
            if Array(units[i..<(i + n.count)]) == n, units[i + n.count] == 58,
               i == 0 || [32, 123, 44, 34, 39].contains(units[i - 1]) {
                ranges.append(TextRange(Position(line: line, character: i), Position(line: line, character: i + n.count)))
            }
            i += 1
        }
        return ranges
    }

    /// `KEY: NAME` (block or flow) on the line: the range of NAME.
    private func namedValue(_ key: String, _ name: String, line: Int, _ document: TextDocument) -> [TextRange] {
        let text = document.lineText(line)
        guard let r = text.range(of: key + ": " + name) ?? text.range(of: key + ": \"" + name + "\"").map({
            $0.lowerBound..<text.index(before: $0.upperBound)
        }) else { return [] }
        let end = text.utf16.distance(from: text.utf16.startIndex, to: r.upperBound.samePosition(in: text.utf16) ?? text.utf16.endIndex)
        let units = Array(text.utf16)
        guard end == units.count || !Self.isNameUnit(units[end]) else { return [] }
        return [TextRange(Position(line: line, character: end - name.utf16.count), Position(line: line, character: end))]
    }

    static func isNameUnit(_ u: UInt16) -> Bool {
        (u >= 48 && u <= 57) || (u >= 65 && u <= 90) || (u >= 97 && u <= 122) || u == 95 || u == 45
    }

    func references(_ document: TextDocument, _ position: Position, includeDeclaration: Bool) -> [JSONValue] {
        guard let symbol = symbol(document, position) else { return [] }
        return locations(of: symbol, document, includeDeclaration: includeDeclaration).map {
            ["uri": .string($0.uri), "range": $0.range.json]
        }
    }

    /// The symbol's occurrences in this document and, for a kind, in the other files of its
    /// bundle (the manifests naming the file, their widgets, the scenarios beside them).
    /// `isName` is false where the place names a file holding the symbol (a manifest's widget entry).
    func locations(of symbol: Symbol, _ document: TextDocument, includeDeclaration: Bool = true) -> [(uri: String, range: TextRange, isName: Bool)] {
        guard case .kind(let kind) = symbol else {
            return occurrences(of: symbol, document, includeDeclaration: includeDeclaration).map { (document.uri, $0, true) }
        }
        var result: [(uri: String, range: TextRange, isName: Bool)] = []
        for file in bundleDocuments(of: document) {
            for use in kindUses(kind, file, includeDeclaration: includeDeclaration) {
                result.append((file.uri, use, file.text(in: use) == kind))
            }
        }
        return result
    }

    /// The name's range at the cursor, when it can be renamed (`textDocument/prepareRename`).
    func prepareRename(_ document: TextDocument, _ position: Position) -> JSONValue? {
        guard let symbol = symbol(document, position) else { return nil }
        let here = occurrences(of: symbol, document).first {
            $0.start.line == position.line && $0.start.character <= position.character && position.character <= $0.end.character
        }
        guard let here else { return nil }
        return ["range": here.json, "placeholder": .string(symbol.name)]
    }

    func rename(_ document: TextDocument, _ position: Position, to newName: String) throws(RequestError) -> JSONValue? {
        guard let symbol = symbol(document, position) else { return nil }
        guard symbol.accepts(newName) else {
            let rule = switch symbol {
            case .kind: "use letters, digits, '.', '_' and '-'"
            case .contentField: "use letters, digits, _ and -, starting with a letter or _"
            default: "use letters, digits and _, starting with a letter or _"
            }
            throw RequestError("'\(newName)' is not a name: \(rule)")
        }
        // A manifest's `widgets:` entry names a file, not the kind: it is a reference, not renamed.
        var changes = JSONObject()
        for (uri, range, isName) in locations(of: symbol, document) where isName {
            let edit: JSONValue = ["range": range.json, "newText": .string(newName)]
            if case .array(var edits)? = changes[uri] {
                edits.append(edit)
                changes[uri] = .array(edits)
            } else {
                changes.appendNew(uri, .array([edit]))
            }
        }
        return ["changes": .object(changes)]
    }
}
