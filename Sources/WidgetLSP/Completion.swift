import Foundation
import MarketCalendars
import WidgetCompiler
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// Completion (spec editor.md), from the line up to the cursor and the structure around it, so
/// that it answers while the document does not parse: keys the schema allows at the cursor, values
/// for the key being written (families, zones, exchanges, the schema's enumerations) in block or
/// flow form, and after `{{` the widget's variables. Items are those starting with what is typed,
/// sorted, without what the mapping or list already holds, each with a `textEdit`.
extension LanguageServer {
    /// One thing that may be inserted.
    struct Candidate {
        var label: String
        var kind: Int
        var detail: String? = nil
        /// Inserted after the label (`: ` after a key written alone on its line).
        var suffix: String = ""
    }

    /// Where the typed word is on the line: UTF-16 offsets of its start, the cursor and its end.
    struct TypedSpan {
        var line: Int
        var start: Int
        var cursor: Int
        var end: Int
        var typed: String
    }

    func completion(_ document: TextDocument, _ position: Position) -> [JSONValue] {
        let units = Array(document.lineText(position.line).utf16)
        let at = min(max(0, position.character), units.count)
        if let (span, sectionPrefix) = templateSpan(units, at, line: position.line) {
            if let formats = formatSpan(units, span) {
                return items(ValueFormat.allCases.map { Candidate(label: $0.rawValue, kind: 12, detail: $0.summary) }, formats)
            }
            let root = root(document, at: position.line)
            // An intent's templates see its own parameters only (docs/intents.md).
            if let intent = enclosingIntent(document, position.line) { return items(intentVariables(intent, root), span) }
            let inView = ["view", "familyView", "background"].contains(indentPath(document, position.line, 1).first ?? "")
            var candidates = templateVariables(root, document: document, typed: span.typed, inView: inView)
            if inView { candidates += foreachFields(document, position.line, root) }
            if !inView { candidates += letTemplateVariables(root, document).map { Candidate(label: $0.0, kind: 6, detail: $0.1) } }
            if let section = sectionPrefix { candidates += sectionFields(section, root, document: document) }
            return items(candidates, span)
        }
        let before = Substring(String(decoding: units[..<at], as: UTF16.self))
        let line = OutlineLine(before)
        if before.contains(":"), let inLet = letCompletion(document, position, units, at) { return inLet }
        let schema = isManifest(document, position.line) ? "app.schema.json" : "widget.schema.json"
        let afterCursor = String(decoding: units[at...], as: UTF16.self)

        // A flow collection open on the line: `families: [systemSmall, sy`, `market: { exchange: XN`.
        if let key = line.key, let flow = FlowContext(line.rest) {
            var path = indentPath(document, position.line, line.indent) + [String(key)] + flow.owners
            let span = valueSpan(units, at, start: at - flow.typed.utf16.count, line: position.line)
            if flow.isKey {
                let present = Set(flow.presentKeys)
                if key == "with", flow.owners.isEmpty, let intent = siblingValue(document, position.line, indent: line.indent, key: "intent") {
                    return items(withKeys(intent, root(document, at: position.line), present: present), span)
                }
                let keys = schemaKeys(schema, path).filter { !present.contains($0.0) }
                return items(keys.map { Candidate(label: $0.0, kind: 10, detail: $0.1, suffix: ": ") }, span)
            }
            let owner = flow.valueKey ?? path.last ?? ""
            if flow.valueKey != nil { path.append(owner) }
            let present = Set(flow.presentItems + FlowContext.items(after: afterCursor))
            let named = namedValues(for: owner, path: path, document, position.line)
            let listed = (named ?? values(for: owner, schema: schema, path: path)).filter { !present.contains($0.label) }
            return items(listed, span, lead: before.last == ":" ? " " : "")
        }
        // A value after `key: ` (quoted or not).
        if let key = line.key {
            var path = indentPath(document, position.line, line.indent)
            if line.dashIndent != nil { path = indentPath(document, position.line, line.dashIndent!) + ["0"] }
            path.append(String(key))
            let span = valueSpan(units, at, start: at - line.rest.utf16.count, line: position.line)
            // Right after the colon, the value needs its space.
            let named = namedValues(for: String(key), path: path, document, position.line)
            return items(named ?? values(for: String(key), schema: schema, path: path), span, lead: before.last == ":" ? " " : "")
        }
        // A sequence item's value (`  - sys` under `families:`) or an item's first key (`- tex` in a view).
        let span = valueSpan(units, at, start: at - line.rest.utf16.count, line: position.line)
        if let dash = line.dashIndent {
            let parent = indentPath(document, position.line, dash)
            let listed = namedValues(for: parent.last ?? "", path: parent, document, position.line)
                ?? values(for: parent.last ?? "", schema: schema, path: parent)
            if !listed.isEmpty {
                let present = Set(blockItems(document, position.line, dashIndent: dash))
                return items(listed.filter { !present.contains($0.label) }, span)
            }
            let path = parent + ["0"]
            let present = Set(siblingKeys(document, position.line, indent: line.indent))
            return items(keyCandidates(schema, path, afterCursor: afterCursor).filter { !present.contains($0.label) }, span)
        }
        // A key.
        let path = indentPath(document, position.line, line.indent)
        let present = Set(siblingKeys(document, position.line, indent: line.indent))
        if path.last == "with", let intent = withIntent(document, position.line) {
            return items(withKeys(intent, root(document, at: position.line), present: present), span)
        }
        return items(keyCandidates(schema, path, afterCursor: afterCursor).filter { !present.contains($0.label) }, span)
    }

    /// Values that name something the document (or the container beside it) declares: an
    /// intent for a view's `intent:`, a container file for `file:`, a data source for `items:`,
    /// another widget's kind for an intent's `reload:`.
    func namedValues(for key: String, path: [String], _ document: TextDocument, _ line: Int) -> [Candidate]? {
        switch key {
        case "intent" where path.first != "intents":
            return intentNames(root(document, at: line))
        case "file":
            return containerFiles(document, images: path.dropLast().last == "image")
        case "fixture" where path.first == "data":
            return containerFiles(document, images: false)
        case "reload" where path.first == "intents":
            return widgetKinds(near: document)
        case "items" where path.contains("schedule"):
            let root = root(document, at: line)
            return (root?["data"]?.members ?? .empty).map { Candidate(label: "data." + $0.key, kind: 6, detail: "data source") }
                + (root?["let"]?.members ?? .empty).map { Candidate(label: "let." + $0.key, kind: 6, detail: "let") }
        case "items" where path.contains("sequence") || path.first == "dynamicShortcuts":
            let root = root(document, at: line)
            let sources = (path.first == "dynamicShortcuts" ? root?["dynamicShortcuts"]?["data"] : root?["data"])?.members ?? .empty
            return sources.map { Candidate(label: $0.key, kind: 6, detail: "data source") }
        default:
            return nil
        }
    }

    private func isManifest(_ document: TextDocument, _ line: Int) -> Bool {
        root(document, at: line)?["app"] != nil || document.text.hasPrefix("app:")
    }

    private func keyCandidates(_ schema: String, _ path: [String], afterCursor: String) -> [Candidate] {
        let rest = afterCursor.drop { $0.isLetter || $0.isNumber || $0 == "_" }
        let suffix = rest.trimmingCharacters(in: .whitespaces).isEmpty ? ": " : ""
        return schemaKeys(schema, path).map { Candidate(label: $0.0, kind: 10, detail: $0.1, suffix: suffix) }
    }

    // MARK: Spans and items

    /// UTF-16 units that make a word as most editors' keyword rule has it (`iskeyword`): a client
    /// that starts the word after a `.`, `/` or `-` replaces only the last such run.
    static func isKeywordUnit(_ u: UInt16) -> Bool {
        (u >= 48 && u <= 57) || (u >= 65 && u <= 90) || (u >= 97 && u <= 122) || u == 95 || u >= 0x80
    }

    /// The typed value from `start` (after an opening quote) to the cursor, and its end: the rest
    /// of the word after the cursor, stopping before a closing quote, a comma or a bracket.
    func valueSpan(_ units: [UInt16], _ at: Int, start: Int, line: Int) -> TypedSpan {
        var s = max(0, min(start, at))
        while s < at, units[s] == 32 { s += 1 }
        if s < at, units[s] == 34 || units[s] == 39 { s += 1 }  // an opening quote is not typed text
        var e = at
        while e < units.count, !Self.endsValue(units[e]) { e += 1 }
        return TypedSpan(line: line, start: s, cursor: at, end: e, typed: String(decoding: units[s..<at], as: UTF16.self))
    }

    private static func endsValue(_ u: UInt16) -> Bool {
        // space, quotes, comma, brackets, braces, colon, hash
        [32, 34, 39, 44, 91, 93, 123, 125, 58, 35, 9].contains(u)
    }

    /// The candidates that start with what is typed (case first as written, then any case), in
    /// order, each replacing the typed word. The edit starts where a client's own word starts
    /// (after the last `.`, `/` or `-` typed), so that a client that takes the word from there
    /// (Neovim's omnifunc before 0.10) and one that honours the range insert the same text.
    func items(_ candidates: [Candidate], _ span: TypedSpan, lead: String = "") -> [JSONValue] {
        let typed = span.typed
        var seen = Set<String>()
        var exact: [Candidate] = [], folded: [Candidate] = []
        let lower = typed.lowercased()
        for c in candidates where seen.insert(c.label).inserted {
            if c.label.hasPrefix(typed) { exact.append(c) } else if c.label.lowercased().hasPrefix(lower) { folded.append(c) }
        }
        exact.sort { $0.label < $1.label }
        folded.sort { $0.label < $1.label }
        let typedUnits = Array(typed.utf16)
        var segment = typedUnits.count
        while segment > 0, Self.isKeywordUnit(typedUnits[segment - 1]) { segment -= 1 }
        let head = String(decoding: typedUnits[..<segment], as: UTF16.self)
        var result: [JSONValue] = []
        for (i, c) in (exact + folded).enumerated() {
            var start = span.start
            var newText = c.label
            if lead.isEmpty, !head.isEmpty, c.label.hasPrefix(head) {
                start += segment
                newText = String(c.label.dropFirst(head.count))
            }
            let range = TextRange(Position(line: span.line, character: start), Position(line: span.line, character: span.end))
            var o = JSONObject([("label", .string(c.label)), ("kind", .int(c.kind))])
            if let detail = c.detail { o.appendNew("detail", .string(detail)) }
            o.appendNew("sortText", .string(String(repeating: "0", count: max(0, 5 - String(i).count)) + String(i)))
            o.appendNew("filterText", .string(newText))
            o.appendNew("textEdit", ["range": range.json, "newText": .string(lead + newText + c.suffix)])
            result.append(.object(o))
        }
        return result
    }

    // MARK: Values

    /// The values the key at `path` takes: the schema's enumerations there, and the lists it
    /// cannot enumerate (zones, exchanges).
    func values(for key: String, schema: String, path: [String]) -> [Candidate] {
        switch key {
        case "families", "family":
            return WidgetFamily.allCases.map { Candidate(label: $0.rawValue, kind: 20, detail: Self.familyNotes[$0.rawValue]) }
        case "timeZone", "zone":
            return TimeZone.knownTimeZoneIdentifiers.map { Candidate(label: $0, kind: 12) }
        case "exchange":
            return MarketCalendar.knownMICs.map { Candidate(label: $0, kind: 12, detail: MarketCalendar.named($0)?.exchange.name) }
        default:
            break
        }
        var result: [Candidate] = []
        var seen = Set<String>()
        for node in schemaNodes(schema, path) {
            for v in (node["enum"]?.array ?? []) + (node["const"].map { [$0] } ?? []) + (node["items"]?["enum"]?.array ?? []) {
                if let s = v.string, seen.insert(s).inserted { result.append(Candidate(label: s, kind: 12, detail: node["description"]?.string)) }
            }
        }
        if !result.isEmpty { return result }
        // A source's `dates` value (its key is a pointer): the format words and common patterns.
        if path.count >= 2, path[path.count - 2] == "dates" {
            return (DataDateFormat.words + ["yyyy-MM-dd", "dd.MM.yyyy", "MM/dd/yyyy", "yyyy-MM-dd HH:mm:ss"]).map {
                Candidate(label: $0, kind: 12, detail: DataDateFormat.words.contains($0) ? "a date format" : "an LDML pattern")
            }
        }
        guard key == "format" else { return [] }
        return ValueFormat.allCases.map { Candidate(label: $0.rawValue, kind: 12, detail: $0.summary) }
    }

    /// The values of the block sequence item `dashIndent` belongs to, but the one on `line`.
    func blockItems(_ document: TextDocument, _ line: Int, dashIndent: Int) -> [String] {
        var values: [String] = []
        func scan(_ lines: some Sequence<Int>) {
            for l in lines {
                let o = document.outline(l)
                if o.isBlank { continue }
                if o.dashIndent == dashIndent {
                    if o.key == nil { values.append(Self.unquoted(o.rest)) }
                    continue
                }
                if o.indent > dashIndent { continue }
                return
            }
        }
        scan(stride(from: line - 1, through: 0, by: -1))
        scan(stride(from: line + 1, to: document.lineCount, by: 1))
        return values
    }

    /// The keys already written in the mapping whose keys stand at `indent` around `line` (not its own).
    func siblingKeys(_ document: TextDocument, _ line: Int, indent: Int) -> [String] {
        var keys: [String] = []
        let own = document.outline(line)
        // A line that starts a sequence item has no keys above it in its own mapping.
        let startsItem = own.dashIndent != nil && own.indent == indent
        for l in stride(from: line - 1, through: 0, by: -1) where !startsItem {
            let o = document.outline(l)
            if o.isBlank || o.indent > indent { continue }
            if o.indent < indent { break }
            if let key = o.key { keys.append(String(key)) }
            if o.dashIndent != nil { break }  // the item's first line
        }
        if own.dashIndent == nil || own.indent == indent {
            for l in stride(from: line + 1, to: document.lineCount, by: 1) {
                let o = document.outline(l)
                if o.isBlank || o.indent > indent { continue }
                if o.indent < indent || o.dashIndent != nil { break }
                if let key = o.key { keys.append(String(key)) }
            }
        }
        return keys
    }

    static func unquoted(_ s: Substring) -> String {
        var t = s
        if let hash = t.range(of: " #") { t = t[..<hash.lowerBound] }
        t = Substring(t.trimmingCharacters(in: .whitespaces))
        if t.count >= 2, let q = t.first, q == "\"" || q == "'", t.last == q { t = t.dropFirst().dropLast() }
        return String(t)
    }

    // MARK: Template variables

    /// The tag open before the cursor (`{{` with no `}}` after it): the variable typed so far,
    /// and the innermost section open before it on the line (`{{#data.weather.next}}…{{`).
    func templateSpan(_ units: [UInt16], _ at: Int, line: Int) -> (TypedSpan, String?)? {
        var open: Int? = nil
        var i = at - 1
        while i >= 1 {
            if units[i] == 125, units[i - 1] == 125 { return nil }  // `}}`: the last tag is closed
            if units[i] == 123, units[i - 1] == 123 { open = i + 1; break }
            i -= 1
        }
        guard var s = open else { return nil }
        while s < at, [35, 94, 47, 38, 32, 123].contains(units[s]) { s += 1 }  // # ^ / & space {
        var e = at
        while e < units.count, Self.isKeywordUnit(units[e]) || units[e] == 46 { e += 1 }
        let span = TypedSpan(line: line, start: s, cursor: at, end: e, typed: String(decoding: units[s..<at], as: UTF16.self))
        // Sections opened and not closed before this tag.
        let text = String(decoding: units[..<max(0, (open ?? 2) - 2)], as: UTF16.self)
        var stack: [String] = []
        var rest = Substring(text)
        while let r = rest.range(of: "{{") {
            rest = rest[r.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            let tag = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("#") { stack.append(String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)) }
            if tag.hasPrefix("/"), let k = stack.lastIndex(of: String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)) { stack.removeSubrange(k...) }
            rest = rest[close.upperBound...]
        }
        return (span, stack.last)
    }

    /// After `|` in a value tag (`{{market.close | ti`): the format's name typed so far, to complete
    /// with the formats (docs/language-notes.md, "Formats in text").
    func formatSpan(_ units: [UInt16], _ tag: TypedSpan) -> TypedSpan? {
        guard let pipe = units[tag.start..<tag.cursor].lastIndex(of: 124) else { return nil }  // |
        var s = pipe + 1
        while s < tag.cursor, units[s] == 32 { s += 1 }
        var e = tag.cursor
        while e < units.count, Self.isKeywordUnit(units[e]) { e += 1 }
        return TypedSpan(line: tag.line, start: s, cursor: tag.cursor, end: e, typed: String(decoding: units[s..<tag.cursor], as: UTF16.self))
    }

    /// The variables a template of this widget may name, with the data fields under what is typed.
    func templateVariables(_ root: SourceNode?, document: TextDocument, typed: String, inView: Bool) -> [Candidate] {
        // A view names content fields, never `data.…` (docs/views.md).
        var result = variables(root).filter { !inView || !$0.0.hasPrefix("data.") }.map { Candidate(label: $0.0, kind: 6, detail: $0.1) }
        if inView {
            var seen = Set<String>()
            for section in ["content", "placeholder"] {
                for m in root?[section]?.members ?? .empty where seen.insert(m.key).inserted {
                    result.append(Candidate(label: m.key, kind: 5, detail: "content field"))
                }
            }
            for family in root?["familyContent"]?.members ?? .empty {
                for m in family.value.members where seen.insert(m.key).inserted {
                    result.append(Candidate(label: m.key, kind: 5, detail: "content field (\(family.key))"))
                }
            }
        }
        let parts = typed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // `current.`, `next.` (and `record.` in a schedule's at and end): the fields of the schedule's first item.
        if !inView, parts.count == 2, ["current", "next", "record"].contains(parts[0]), let item = scheduleItem(root, document) {
            for (key, field) in item {
                result.append(Candidate(label: parts[0] + "." + key, kind: 5, detail: "field of each schedule item: " + Self.describe(field)))
            }
        }
        // `data.SOURCE.…`, `param.ENTITY.…`, `let.NAME.…`: the fields its schema declares, else those of the container's data.
        if !inView, parts.count >= 3 { result += fieldCandidates(typed: typed, root, document) }
        return result
    }

    /// Inside a `foreach`'s `item:`, the fields of the list's first element: the list is a content
    /// field holding one tag over a container file (`items: "{{data.tasks.items}}"`), or the
    /// placeholder's list.
    func foreachFields(_ document: TextDocument, _ line: Int, _ root: SourceNode?) -> [Candidate] {
        // A chart's x, y and series are read per list element, beside the chart's list.
        let here = document.outline(line)
        if let key = here.key, ["x", "y", "series", "color"].contains(key), let list = siblingValue(document, line, indent: here.indent, key: "chart") {
            return listFields(list, root, document)
        }
        var l = line
        var indent = here.indent
        while let owner = ownerLine(document, l, indent: indent) {
            let o = document.outline(owner)
            if o.key == "item",
               let list = siblingValue(document, owner, indent: o.indent, key: "foreach") ?? siblingValue(document, owner, indent: o.indent, key: "grid") {
                return listFields(list, root, document)
            }
            l = owner
            indent = o.dashIndent ?? o.indent
        }
        return []
    }

    /// The fields of a list's first element (`"{{forecast}}"`, a content field), from the
    /// container's data it is taken from, else the placeholder's list.
    private func listFields(_ list: String, _ root: SourceNode?, _ document: TextDocument) -> [Candidate] {
        let field = list.trimmingCharacters(in: CharacterSet(charactersIn: "{} \"'"))
        var element: JSONValue? = nil
        if let written = root?["content"]?[field]?.string, written.hasPrefix("{{"), written.hasSuffix("}}") {
            let parts = written.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces).split(separator: ".").map(String.init)
            if parts.count >= 2, parts[0] == "data", var node = containerValue(source: parts[1], root, document) {
                for step in parts.dropFirst(2) { node = node[step] ?? .null }
                element = node.array?.first
            }
        }
        if element?.object == nil { element = root?["placeholder"]?[field]?.json.array?.first }
        return (element?.object ?? JSONObject()).map {
            Candidate(label: $0.key, kind: 5, detail: "field of each \(field) item: " + Self.describe($0.value))
        }
    }

    /// Inside `{{#section}}` over a list of records: the fields of its first record.
    func sectionFields(_ section: String, _ root: SourceNode?, document: TextDocument) -> [Candidate] {
        let parts = section.split(separator: ".").map(String.init)
        guard parts.count >= 2, parts[0] == "data", var node = containerValue(source: parts[1], root, document) else { return [] }
        for field in parts.dropFirst(2) {
            guard let next = node[field] else { return [] }
            node = next
        }
        guard let first = node.array?.first?.object else { return [] }
        return first.map { Candidate(label: $0.key, kind: 5, detail: "field of each \(section) item: " + Self.describe($0.value)) }
    }

    /// The first item of the schedule's list (`timeline.schedule.items: data.NAME.path`), read
    /// from the container beside the document; nil for a let's list or one that cannot be read.
    func scheduleItem(_ root: SourceNode?, _ document: TextDocument) -> JSONObject? {
        guard let items = root?["timeline"]?["schedule"]?["items"]?.string else { return nil }
        let parts = items.split(separator: ".").map(String.init)
        guard parts.count >= 2, parts[0] == "data", var node = containerValue(source: parts[1], root, document) else { return nil }
        for field in parts.dropFirst(2) {
            guard let next = node[field] else { return nil }
            node = next
        }
        return node.array?.first?.object
    }

    /// The JSON of a `file:` data source's container file (a `swift:` source's fixture) beside the
    /// document, when it can be read.
    func containerValue(source: String, _ root: SourceNode?, _ document: TextDocument) -> JSONValue? {
        guard let file = (root?["data"]?[source]?["file"] ?? root?["data"]?[source]?["fixture"])?.string else { return nil }
        let path = SourceFiles.defaultContainer(beside: Self.path(of: document.uri)) + "/" + file
        guard let bytes = try? SourceFiles.readNamed(path) else { return nil }
        return try? JSONReader.parse(bytes: bytes).json
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .object: "object"
        case .array: "list"
        case .string(let s): "string, e.g. \"\(s.prefix(30))\""
        case .bool: "boolean"
        case .null: "null"
        default: "number, e.g. " + JSONWriter.string(value)
        }
    }

    /// The variables a template of this widget may name.
    func variables(_ root: SourceNode?) -> [(String, String)] {
        var result: [(String, String)] = []
        for m in root?["parameters"]?.members ?? .empty {
            result.append(("param." + m.key, "parameter (\(m.value["type"]?.string ?? "string"))"))
        }
        for m in root?["data"]?.members ?? .empty { result.append(("data." + m.key, "data source")) }
        for (name, note) in Self.entryFields.sorted(by: { $0.key < $1.key }) { result.append((name, note)) }
        for m in root?["timeline"]?.members ?? .empty {
            for v in Self.ruleVariables[m.key] ?? [] { result.append(v) }
        }
        return result
    }

    // MARK: Structure from indentation

    /// The keys of the mappings (and `0` for the sequence items) enclosing content at `indent` on
    /// `line`, read from the lines above by their indentation (the text need not parse).
    func indentPath(_ document: TextDocument, _ line: Int, _ indent: Int) -> [String] {
        var path: [String] = []
        var limit = indent
        var l = line - 1
        while l >= 0, limit > 0 {
            let o = document.outline(l)
            l -= 1
            if o.isBlank { continue }
            if o.indent < limit {
                if let key = o.key, o.rest.isEmpty || o.rest.hasPrefix("#") || o.rest.hasPrefix("|") || o.rest.hasPrefix(">") {
                    path.insert(String(key), at: 0)
                }
                limit = o.indent
            }
            if let dash = o.dashIndent, dash < limit {
                path.insert("0", at: 0)
                limit = dash
            }
        }
        return path
    }

    // MARK: The schemas

    /// The built-in schemas, parsed once.
    private static let schemaJSON: [String: JSONValue] = {
        var result: [String: JSONValue] = [:]
        for name in ["widget.schema.json", "app.schema.json"] {
            if let text = BuiltInSchemas.text(name), let json = try? JSONReader.parse(text).json { result[name] = json }
        }
        return result
    }()

    /// The subschemas that apply at `path` (`$ref`, `allOf`/`anyOf`/`oneOf` and conditionals followed).
    func schemaNodes(_ name: String, _ path: [String]) -> [JSONValue] {
        guard let schema = Self.schemaJSON[name] else { return [] }
        let defs = schema["$defs"]
        func expand(_ s: JSONValue, _ depth: Int = 0) -> [JSONValue] {
            guard depth < 12 else { return [] }
            var out = [s]
            if let ref = s["$ref"]?.string, ref.hasPrefix("#/$defs/"), let d = defs?[String(ref.dropFirst(8))] { out += expand(d, depth + 1) }
            for k in ["allOf", "anyOf", "oneOf"] { for sub in s[k]?.array ?? [] { out += expand(sub, depth + 1) } }
            for k in ["then", "else"] { if let sub = s[k] { out += expand(sub, depth + 1) } }
            return out
        }
        var current = expand(schema)
        for step in path {
            var next: [JSONValue] = []
            for s in current {
                if let p = s["properties"]?[step] { next += expand(p) }
                else if step.allSatisfy(\.isNumber), let items = s["items"] { next += expand(items) }
                else if let a = s["additionalProperties"], a.object != nil { next += expand(a) }
            }
            current = next
            if current.isEmpty { return [] }
        }
        return current
    }

    /// The property names (with their descriptions) the schema allows at `path`.
    func schemaKeys(_ name: String, _ path: [String]) -> [(String, String?)] {
        var seen = Set<String>()
        var keys: [(String, String?)] = []
        for s in schemaNodes(name, path) {
            for (k, v) in s["properties"]?.object ?? JSONObject() where seen.insert(k).inserted {
                keys.append((k, v["description"]?.string))
            }
        }
        return keys
    }
}

/// A flow collection open on a line before the cursor: the keys that own each open bracket, and
/// whether a key or a value is being typed in the innermost one.
struct FlowContext {
    /// Steps from the line's key to the innermost collection (`0` for a sequence item).
    var owners: [String] = []
    var isKey = false
    /// In a flow mapping after `key: `, that key.
    var valueKey: String? = nil
    var typed: String = ""
    /// The innermost collection's other elements written before the cursor.
    var presentItems: [String] = []
    var presentKeys: [String] = []

    init?(_ rest: Substring) {
        guard rest.first == "[" || rest.first == "{" else { return nil }
        // One frame per open bracket: its kind, its elements so far, the current element's text.
        struct Frame { var isMap: Bool; var owner: String?; var items: [String] = []; var keys: [String] = []; var element = ""; var key: String? = nil }
        var frames: [Frame] = []
        var quote: Character? = nil
        for c in rest {
            if let q = quote {
                if c == q { quote = nil }
                frames[frames.count - 1].element.append(c)
                continue
            }
            switch c {
            case "[", "{":
                let owner = frames.last.map { $0.isMap ? ($0.key ?? "") : "0" }
                frames.append(Frame(isMap: c == "{", owner: owner))
            case "]", "}":
                guard !frames.isEmpty else { return nil }
                frames.removeLast()
                if frames.isEmpty { return nil }  // closed before the cursor
                frames[frames.count - 1].element = "\u{1}"  // a nested collection: not a scalar item
            case ",":
                guard !frames.isEmpty else { return nil }
                var f = frames[frames.count - 1]
                let text = LanguageServer.unquoted(Substring(f.element))
                if f.isMap { if let k = f.key { f.keys.append(k) } } else if !text.isEmpty, !text.contains("\u{1}") { f.items.append(text) }
                f.element = ""
                f.key = nil
                frames[frames.count - 1] = f
            case ":" where frames.last?.isMap == true && frames.last?.key == nil:
                frames[frames.count - 1].key = LanguageServer.unquoted(Substring(frames[frames.count - 1].element))
                frames[frames.count - 1].element = ""
            case "\"", "'":
                guard !frames.isEmpty else { return nil }
                quote = c
                frames[frames.count - 1].element.append(c)
            default:
                guard !frames.isEmpty else { return nil }
                frames[frames.count - 1].element.append(c)
            }
        }
        owners = frames.compactMap(\.owner)
        guard let f = frames.last else { return nil }
        var typed = Substring(f.element.drop { $0 == " " })
        if let q = typed.first, q == "\"" || q == "'" { typed = typed.dropFirst() }
        self.typed = String(typed)
        presentItems = f.items
        presentKeys = f.keys
        if f.isMap {
            if let key = f.key { valueKey = key } else { isKey = true }
        }
        if self.typed.contains("\u{1}") { return nil }
    }

    /// The scalar items written after the cursor up to the collection's end (`, a, b]`).
    static func items(after text: String) -> [String] {
        guard let end = text.firstIndex(where: { $0 == "]" || $0 == "}" || $0 == "[" || $0 == "{" }) else { return [] }
        return text[..<end].split(separator: ",", omittingEmptySubsequences: false).dropFirst().map { LanguageServer.unquoted($0) }.filter { !$0.isEmpty }
    }
}
