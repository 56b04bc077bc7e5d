import Foundation
import MarketCalendars
import WidgetCompiler
import WidgetSupport
import WidgetcRuntimeCore

/// Hover, completion, definition and the outline (spec editor.md). Each reads the document's
/// current text with the compiler's YAML loader; where the text does not parse (mid-typing),
/// the parts that need only the line (template tags, families, keys) still answer.
extension LanguageServer {
    // MARK: Reading the document

    /// The members and items from `node` down to the one written on zero-based `line`.
    func steps(to line: Int, in node: SourceNode, lastLine: Int = .max) -> [(key: String, node: SourceNode, keyLocation: SourceLocation)] {
        let line = line + 1
        var result: [(String, SourceNode, SourceLocation)] = []
        var node = node
        var end = lastLine
        descent: while true {
            if node.isMapping {
                let members = Array(node.members)
                for (i, m) in members.enumerated() {
                    let next = i + 1 < members.count ? members[i + 1].keyLocation.line - 1 : end
                    let nextLine = max(next, m.keyLocation.line)
                    if m.keyLocation.line <= line, line <= nextLine {
                        result.append((m.key, m.value, m.keyLocation))
                        node = m.value
                        end = nextLine
                        continue descent
                    }
                }
            } else if node.isSequence {
                let items = Array(node.items)
                for (i, item) in items.enumerated() {
                    let next = i + 1 < items.count ? items[i + 1].location.line - 1 : end
                    if item.location.line <= line, line <= max(next, item.location.line) {
                        result.append((String(i), item, item.location))
                        node = item
                        end = max(next, item.location.line)
                        continue descent
                    }
                }
            }
            return result
        }
    }

    /// The line's text as UTF-16 units and the cursor's index in them.
    func lineUnits(_ document: TextDocument, _ position: Position) -> ([UInt16], Int) {
        let units = Array(document.lineText(position.line).utf16)
        return (units, min(max(0, position.character), units.count))
    }

    /// The template tag around the cursor: its variable (without `#`, `^`, `/`, `&`) and its range.
    func tag(_ document: TextDocument, _ position: Position) -> (name: String, range: TextRange)? {
        let (units, at) = lineUnits(document, position)
        let open: [UInt16] = [123, 123], close: [UInt16] = [125, 125]
        var start: Int? = nil
        var i = at
        while i >= 1 {
            if i + 1 <= units.count, i >= 1, Array(units[(i - 1)..<min(i + 1, units.count)]) == open { start = i + 1; break }
            i -= 1
        }
        guard let s = start else { return nil }
        var e = s
        while e + 1 < units.count, Array(units[e..<(e + 2)]) != close { e += 1 }
        guard e + 1 < units.count, at <= e + 2, s <= units.count else { return nil }
        let raw = String(decoding: units[s..<e], as: UTF16.self)
        let name = raw.trimmingCharacters(in: CharacterSet(charactersIn: "#^/&{} "))
        guard !name.isEmpty else { return nil }
        return (name, TextRange(Position(line: position.line, character: s), Position(line: position.line, character: e)))
    }

    /// The word under the cursor (letters, digits, `_ . - /`).
    func word(_ document: TextDocument, _ position: Position) -> String {
        let (units, at) = lineUnits(document, position)
        func isWord(_ u: UInt16) -> Bool {
            (u >= 48 && u <= 57) || (u >= 65 && u <= 90) || (u >= 97 && u <= 122) || u == 95 || u == 46 || u == 45 || u == 47
        }
        var s = at, e = at
        while s > 0, isWord(units[s - 1]) { s -= 1 }
        while e < units.count, isWord(units[e]) { e += 1 }
        return String(decoding: units[s..<e], as: UTF16.self)
    }

    static let familyNotes: [String: String] = [
        "systemSmall": "home screen and StandBy, small (2×2 icons); one tap target",
        "systemMedium": "home screen, medium (4×2 icons)",
        "systemLarge": "home screen, large (4×4 icons)",
        "systemExtraLarge": "iPad home screen, extra large (8×4 icons)",
        "accessoryCircular": "Lock Screen and watch complication, circular",
        "accessoryRectangular": "Lock Screen and watch complication, rectangular (a few lines)",
        "accessoryInline": "Lock Screen above the time, one line of text",
    ]

    static let entryFields: [String: String] = [
        "entry.date": "the entry's instant (a date)",
        "entry.time": "the entry's wall time in the widget's zone (HH:mm)",
        "entry.day": "the entry's day in the widget's zone (yyyy-MM-dd)",
        "entry.weekday": "the entry's weekday in the widget's zone",
        "entry.index": "the entry's position in its timeline, from 0",
        "entry.instant": "the rule's instant (cron, daily slot, every, event) the entry stands for; in content",
        "entry.isInstant": "whether the entry is at that instant, not the current state between two; in content",
        "family": "the family the widget is shown in (systemSmall, …)",
    ]

    static let ruleVariables: [String: [(String, String)]] = [
        "daily": [("slot.name", "the daily slot's name"), ("slot.at", "the daily slot's wall time")],
        "progress": [("progress", "the progress value at the entry")],
        "sequence": [("record", "the sequence's record for the entry"), ("index", "the record's index in the sequence")],
        "schedule": [("current", "the schedule's item in force at the entry (at <= date < end), or none"),
                     ("next", "the schedule's first item that starts after the entry"),
                     ("upcoming", "a list of the next items that start after the entry (upcoming: N, default 1)")],
        "market": [("market.state", "the market's state (open, closed, …)"), ("market.open", "the session's opening"),
                   ("market.close", "the session's close"), ("market.exchange", "the exchange's MIC")],
    ]

    // MARK: Hover

    func hover(_ document: TextDocument, _ position: Position) -> JSONValue? {
        if let inLet = letHover(document, position) { return inLet }
        let root = root(document, at: position.line)
        if let (name, range) = tag(document, position) {
            if let intent = enclosingIntent(document, position.line), name.hasPrefix("param.") {
                return markdown(intentParameterText(intent, String(name.dropFirst(6)), root), range)
            }
            var text = describeVariable(name, root)
            // A field of a source, entity or let: its declared type, or what the container holds.
            let path = name.split(separator: ".").map(String.init)
            if path.count >= 2, let known = knownValue(path, root, document) { text += "\n\ntype: " + known.summary }
            return markdown(text, range)
        }
        let word = word(document, position)
        if let note = Self.familyNotes[word] {
            return markdown("**\(word)**: WidgetKit `WidgetFamily.\(word)`, \(note)", nil)
        }
        if let text = intentHover(document, position, word: word, root) { return markdown(text, nil) }
        guard let root else { return keyDescription(document, position, word: word).map { markdown($0, nil) } }
        let steps = steps(to: position.line, in: root)
        guard let first = steps.first else { return nil }
        if ["view", "familyView", "background"].contains(first.key), let text = viewKeyText(word) {
            return markdown(text, nil)
        }
        if first.key == "parameters", steps.count >= 2 {
            return markdown(parameterText(steps[1].key, steps[1].node), nil)
        }
        if first.key == "data", steps.count >= 2 {
            return markdown("**data.\(steps[1].key)**: \(compact(steps[1].node.json))", nil)
        }
        if first.key == "timeline" {
            return markdown(ruleText(document), nil)
        }
        return keyDescription(document, position, word: word).map { markdown($0, nil) }
    }

    /// On a view's `intent: NAME`, an intent's name where it is declared, or a `with:` key: the intent or its parameter.
    func intentHover(_ document: TextDocument, _ position: Position, word: String, _ root: SourceNode?) -> String? {
        guard !word.isEmpty else { return nil }
        let o = document.outline(position.line)
        if o.key == "intent", Self.unquoted(o.rest) == word { return intentText(word, root) }
        let path = indentPath(document, position.line, o.dashIndent ?? o.indent)
        if path == ["intents"], o.key.map(String.init) == word { return intentText(word, root) }
        if o.key == "with" || path.last == "with", root?["intents"] != nil, let intent = withIntent(document, position.line),
           intentNode(intent, root)?["parameters"]?[word] != nil {
            return intentParameterText(intent, word, root)
        }
        return nil
    }

    /// A view element's or option's hover (docs/views.md).
    func viewKeyText(_ word: String) -> String? {
        if let kind = ViewElementKind(rawValue: word) { return "**\(word)** (view element): \(kind.summary)" }
        if let option = ViewOption(rawValue: word) {
            let owners = option.elements.map { set in
                " (on " + ViewElementKind.allCases.filter(set.contains).map(\.rawValue).joined(separator: ", ") + ")"
            } ?? " (on any element)"
            return "**\(word)** (view option\(owners)): \(option.summary)"
        }
        return nil
    }

    private func markdown(_ text: String, _ range: TextRange?) -> JSONValue {
        var value = JSONObject([("contents", ["kind": "markdown", "value": .string(text)])])
        if let range { value.appendNew("range", range.json) }
        return .object(value)
    }

    private func compact(_ value: JSONValue) -> String { "`" + JSONWriter.string(value) + "`" }

    func parameterText(_ name: String, _ node: SourceNode) -> String {
        let type = node["type"]?.string ?? "string"
        var text = "**param.\(name)**: parameter of type `\(type)`"
        if let d = node["default"] { text += ", default `\(JSONWriter.string(d.json))`" }
        for key in ["title", "min", "max", "values"] {
            if let v = node[key] { text += "\n- \(key): `\(JSONWriter.string(v.json))`" }
        }
        return text
    }

    func describeVariable(_ name: String, _ root: SourceNode?) -> String {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        switch parts.first {
        case "param":
            let parameter = String(parts.count == 2 ? parts[1].split(separator: ".").first ?? "" : "")
            guard let p = root?["parameters"]?[parameter] else { return "`\(name)`: no parameter of this name is declared" }
            // A field of an entity parameter's chosen record.
            if parameter != parts[1] { return "**\(name)**: a field of the record chosen for `param.\(parameter)`" }
            return parameterText(parts[1], p)
        case "data":
            guard parts.count == 2 else { return "`data`: the widget's data sources" }
            let source = String(parts[1].split(separator: ".").first ?? "")
            guard let d = root?["data"]?[source] else { return "`\(name)`: no data source '\(source)' is declared" }
            return "**\(name)**: from the data source `\(source)`: \(compact(d.json))"
        case "let":
            guard parts.count == 2, let expression = root?["let"]?[String(parts[1].split(separator: ".").first ?? "")]?.string else {
                return "`\(name)`: no let of this name is declared"
            }
            return "**\(name)**: computed by `\(expression)`"
        default:
            if let note = Self.entryFields[name] { return "**\(name)**: \(note)" }
            for (rule, vars) in Self.ruleVariables {
                if let v = vars.first(where: { $0.0 == name || name.hasPrefix($0.0 + ".") }) {
                    return "**\(name)**: \(v.1) (a variable of the `\(rule)` rule)"
                }
            }
            return "`\(name)`"
        }
    }

    /// The rule's next five instants from now in the widget's zone, and the policy, from the
    /// plan `compile` would write, run by the runtime (data from the container beside the file, no network).
    func ruleText(_ document: TextDocument) -> String {
        let path = Self.path(of: document.uri)
        var compiled: CompiledFile? = nil
        try? compilation(.compile).compile([path], contents: document.bytes) { file in
            if compiled == nil { compiled = file }
        }
        let errors = (compiled?.diagnostics ?? []).filter { $0.severity == .error }
        guard errors.isEmpty else { return "the timeline rule: fix the \(errors.count) error(s) to see its next instants" }
        for case .widget(_, let plan) in compiled?.plans ?? [] {
            do {
                let widget = try WidgetPlan(plan: plan, timeZone: .current, locale: nil)
                let date = Date(timeIntervalSince1970: TimeInterval(now().seconds))
                let container = URL(fileURLWithPath: SourceFiles.defaultContainer(beside: path))
                let timeline = widget.timeline(at: date, container: container, fetcher: NoNetwork())
                let formatter = ISO8601DateFormatter()
                formatter.timeZone = TimeZone(identifier: widget.timeZoneIdentifier) ?? .current
                formatter.formatOptions = [.withInternetDateTime]
                var text = "**timeline** in \(widget.timeZoneIdentifier), requested at \(formatter.string(from: date))\n\nnext instants:\n"
                for entry in timeline.entries.prefix(5) { text += "- \(formatter.string(from: entry.date))\n" }
                if timeline.entries.isEmpty { text += "- (none)\n" }
                let policy = switch timeline.policy {
                case .atEnd: "atEnd"
                case .never: "never"
                case .after(let d): "after \(formatter.string(from: d))"
                }
                return text + "\npolicy: `\(policy)`"
            } catch {
                return "the timeline rule (its plan cannot be run: \(error))"
            }
        }
        return "the timeline rule"
    }

    // MARK: Definition

    func definition(_ document: TextDocument, _ position: Position) -> JSONValue? {
        let root = root(document, at: position.line)
        if let (name, _) = tag(document, position), let root {
            let parts = name.split(separator: ".").map(String.init)
            guard parts.count >= 2 else { return nil }
            let section = parts[0] == "param" ? "parameters" : parts[0] == "data" ? "data" : nil
            // An intent's `param.X` is its own parameter.
            let owner = parts[0] == "param" ? enclosingIntent(document, position.line).flatMap { intentNode($0, root) } ?? root : root
            guard let section, let member = owner[section]?.member(parts[1]) else { return nil }
            let start = document.position(ofOffset: document.offset(of: member.keyLocation))
            let end = Position(line: start.line, character: start.character + member.key.utf16.count)
            return ["uri": .string(document.uri), "range": TextRange(start, end).json]
        }
        if let root, let target = intentDefinition(document, position, root) {
            let start = document.position(ofOffset: document.offset(of: target.keyLocation))
            let end = Position(line: start.line, character: start.character + target.key.utf16.count)
            return ["uri": .string(document.uri), "range": TextRange(start, end).json]
        }
        // A manifest's widget file.
        guard let root, root["app"] != nil else { return nil }
        let steps = steps(to: position.line, in: root)
        guard steps.first?.key == "widgets" else { return nil }
        let w = word(document, position)
        let files = (root["widgets"]?.items ?? .empty).compactMap(\.string)
        guard let file = files.first(where: { $0 == w || $0.hasSuffix(w) && !w.isEmpty }) ?? (steps.count >= 2 ? steps[1].node.string : nil) else { return nil }
        let path = file.hasPrefix("/") ? file : SourceFiles.directory(of: Self.path(of: document.uri)) + file
        return ["uri": .string(Self.uri(of: path)), "range": TextRange(Position(line: 0, character: 0), Position(line: 0, character: 0)).json]
    }

    /// From a view's `intent: NAME` to the intent, from a `with:` key to the intent's parameter.
    private func intentDefinition(_ document: TextDocument, _ position: Position, _ root: SourceNode) -> SourceNode.Member? {
        let word = word(document, position)
        let o = document.outline(position.line)
        if o.key == "intent", Self.unquoted(o.rest) == word { return root["intents"]?.member(word) }
        let path = indentPath(document, position.line, o.dashIndent ?? o.indent)
        if o.key == "with" || path.last == "with", let intent = withIntent(document, position.line) {
            return intentNode(intent, root)?["parameters"]?.member(word)
        }
        return nil
    }

    // MARK: Document symbols

    func documentSymbols(_ document: TextDocument) -> [JSONValue] {
        let (documents, _) = SourceFiles.documents(of: document.bytes, path: Self.path(of: document.uri))
        var result: [JSONValue] = []
        for (d, root) in documents.enumerated() {
            let lastLine = d + 1 < documents.count ? documents[d + 1].location.line - 1 : document.lineCount
            result += symbols(of: root, document, lastLine: lastLine, depth: 0)
        }
        return result
    }

    private func symbols(of node: SourceNode, _ document: TextDocument, lastLine: Int, depth: Int) -> [JSONValue] {
        guard node.isMapping else { return [] }
        let members = Array(node.members)
        var result: [JSONValue] = []
        for (i, m) in members.enumerated() {
            let endLine = max(m.keyLocation.line, i + 1 < members.count ? members[i + 1].keyLocation.line - 1 : lastLine)
            let start = document.position(ofOffset: document.offset(of: m.keyLocation))
            let selection = TextRange(start, Position(line: start.line, character: start.character + m.key.utf16.count))
            let endOffset = document.lineEnd(max(0, min(endLine - 1, document.lineCount - 1)))
            var end = document.position(ofOffset: endOffset)
            if i + 1 < members.count, members[i + 1].keyLocation.line == m.keyLocation.line {
                // Flow members on one line: up to the next one's key.
                end = document.position(ofOffset: document.offset(of: members[i + 1].keyLocation))
            }
            if end.line < start.line || (end.line == start.line && end.character < selection.end.character) { end = selection.end }
            let kind: Int = switch (depth, m.key) {
            case (0, "kind"), (0, "app"): 5        // Class
            case (0, "parameters"), (0, "data"), (0, "content"): 19  // Object
            case (0, "timeline"): 12               // Function
            case (1, _) where depth == 1: 8        // Field
            default: m.value.isMapping ? 19 : 7    // Object or Property
            }
            var symbol = JSONObject([
                ("name", .string(m.key)), ("kind", .int(kind)),
                ("range", TextRange(start, end).json), ("selectionRange", selection.json),
            ])
            if let s = m.value.sourceText, !s.isEmpty { symbol.appendNew("detail", .string(String(s.prefix(80)))) }
            if depth < 2, ["parameters", "data", "content", "timeline", "familyContent", "localization"].contains(m.key) || depth == 1 {
                let children = symbols(of: m.value, document, lastLine: endLine, depth: depth + 1)
                if !children.isEmpty { symbol.appendNew("children", .array(children)) }
            }
            result.append(.object(symbol))
        }
        return result
    }
}

extension SourceNode {
    var isMapping: Bool { kind == .object }
    var isSequence: Bool { kind == .array }
}
