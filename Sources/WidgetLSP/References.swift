import WidgetSupport

/// References and rename (`textDocument/references`, `textDocument/rename`) for the names a
/// widget declares and uses: parameters (`param.X` in templates and `let:` expressions), data
/// sources (`data.X`, a sequence's `items: X`) and content fields (the keys of content,
/// placeholder, snapshot and familyContent; `{{X}}` in the views).
extension LanguageServer {
    enum Symbol: Equatable {
        case parameter(String)
        case dataSource(String)
        case contentField(String)

        var name: String {
            switch self {
            case .parameter(let n), .dataSource(let n), .contentField(let n): n
            }
        }
    }

    /// The name at the cursor: a declaration's key or a use.
    func symbol(_ document: TextDocument, _ position: Position) -> Symbol? {
        let root = root(document, at: position.line)
        if let (name, _) = tag(document, position) {
            return symbol(used: name, inView: isViewLine(document, position.line), root)
        }
        let word = word(document, position)
        if word.hasPrefix("param.") || word.hasPrefix("data.") { return symbol(used: word, inView: false, root) }
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
        case "familyContent" where steps.count >= 3 && steps[2].keyLocation.line == position.line + 1: return .contentField(steps[2].key)
        default: return nil
        }
    }

    private func symbol(used name: String, inView: Bool, _ root: SourceNode?) -> Symbol? {
        let parts = name.split(separator: ".").map(String.init)
        guard let head = parts.first else { return nil }
        if head == "param", parts.count >= 2 { return .parameter(parts[1]) }
        if head == "data", parts.count >= 2 { return .dataSource(parts[1]) }
        if inView { return .contentField(head) }
        return nil
    }

    private func isViewLine(_ document: TextDocument, _ line: Int) -> Bool {
        let o = document.outline(line)
        let path = indentPath(document, line, o.indent)
        let top = path.first ?? (o.indent == 0 ? o.key.map(String.init) : nil) ?? ""
        return ["view", "familyView", "background"].contains(top)
    }

    /// Every place the symbol is written: the ranges of its name (for rename, only the name).
    func occurrences(of symbol: Symbol, _ document: TextDocument, includeDeclaration: Bool = true) -> [TextRange] {
        var ranges: [TextRange] = []
        let root = root(document, at: 0)
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
            ranges += pathUses("param", name, document)
        case .dataSource(let name):
            if includeDeclaration { key(root?["data"], name) }
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

    /// `KEY: NAME` (block or flow) on the line: the range of NAME.
    private func namedValue(_ key: String, _ name: String, line: Int, _ document: TextDocument) -> [TextRange] {
        let text = document.lineText(line)
        guard let r = text.range(of: key + ": " + name) else { return [] }
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
        return occurrences(of: symbol, document, includeDeclaration: includeDeclaration).map {
            ["uri": .string(document.uri), "range": $0.json]
        }
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
        guard !newName.isEmpty, newName.utf16.allSatisfy(Self.isNameUnit), !(newName.first?.isNumber ?? true) else {
            throw RequestError("'\(newName)' is not a name: use letters, digits, _ and -, starting with a letter or _")
        }
        let edits: [JSONValue] = occurrences(of: symbol, document).map { ["range": $0.json, "newText": .string(newName)] }
        return ["changes": .object(JSONObject([(document.uri, .array(edits))]))]
    }
}
