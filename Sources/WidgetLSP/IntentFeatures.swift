import Foundation
import WidgetCompiler
import WidgetSupport

/// The editor for a widget's intents (docs/intents.md) and the view elements that run them
/// (`button`, `toggle` with `intent:` and `with:`): which intent a line belongs to, read by
/// indentation so that half-typed text still answers; the intent's parameters for templates,
/// `with:` keys and hovers; intent names for `intent:`; a key's own description from the schema.
extension LanguageServer {
    /// The intent whose block holds `line` (`intents: { NAME: … }`), by indentation.
    func enclosingIntent(_ document: TextDocument, _ line: Int) -> String? {
        let o = document.outline(line)
        let path = indentPath(document, line, o.dashIndent ?? o.indent)
        guard path.first == "intents" else {
            // `intents: { NAME: { … } }` on one line: no intent is known by indentation.
            return nil
        }
        if path.count >= 2 { return path[1] }
        // The intent's own key line: `  NAME:` or `  NAME: { perform: … }`.
        return o.key.map(String.init)
    }

    /// The intent named `name` in the recovered document.
    func intentNode(_ name: String, _ root: SourceNode?) -> SourceNode? {
        root?["intents"]?[name]
    }

    /// The `param.NAME` variables an intent's templates may name: its own parameters only.
    func intentVariables(_ intent: String, _ root: SourceNode?) -> [Candidate] {
        (intentNode(intent, root)?["parameters"]?.members ?? .empty).map {
            Candidate(label: "param." + $0.key, kind: 6, detail: "parameter of intent '\(intent)' (\($0.value["type"]?.string ?? "string"))")
        }
    }

    /// The intents `intent:` may name, each with its title.
    func intentNames(_ root: SourceNode?) -> [Candidate] {
        (root?["intents"]?.members ?? .empty).map {
            Candidate(label: $0.key, kind: 3, detail: $0.value["title"]?.string.map { "intent: \($0)" } ?? "intent")
        }
    }

    /// The line holding the key that owns the block `line` is in (the nearest line above indented less).
    func ownerLine(_ document: TextDocument, _ line: Int, indent: Int) -> Int? {
        var l = line - 1
        while l >= 0 {
            let o = document.outline(l)
            if !o.isBlank, o.indent < indent || (o.dashIndent.map { $0 < indent } ?? false) { return o.key != nil ? l : nil }
            l -= 1
        }
        return nil
    }

    /// The value of `key` written in the mapping whose keys stand at `indent` around `line`
    /// (its own line included), read by indentation: `intent: markDone` beside `with:`.
    func siblingValue(_ document: TextDocument, _ line: Int, indent: Int, key: String) -> String? {
        guard let l = siblingLine(document, line, indent: indent, key: key) else { return nil }
        let v = Self.unquoted(document.outline(l).rest)
        return v.isEmpty ? nil : v
    }

    /// The line where `key` is written in the mapping whose keys stand at `indent` around `line`.
    func siblingLine(_ document: TextDocument, _ line: Int, indent: Int, key: String) -> Int? {
        func value(_ l: Int) -> Int? {
            let o = document.outline(l)
            return o.indent == indent && o.key.map(String.init) == key ? l : nil
        }
        if let v = value(line) { return v }
        var l = line - 1
        let own = document.outline(line)
        if own.dashIndent == nil || own.indent != indent {
            while l >= 0 {
                let o = document.outline(l)
                if o.isBlank || o.indent > indent { l -= 1; continue }
                if o.indent < indent { break }
                if let v = value(l) { return v }
                if o.dashIndent != nil { break }  // the element's first line
                l -= 1
            }
        }
        l = line + 1
        while l < document.lineCount {
            let o = document.outline(l)
            if o.isBlank || o.indent > indent { l += 1; continue }
            if o.indent < indent || o.dashIndent != nil { break }
            if let v = value(l) { return v }
            l += 1
        }
        return nil
    }

    /// For a `with:` written on `line` (flow, `with: { ind`) or owning it (block), the intent its
    /// element runs.
    func withIntent(_ document: TextDocument, _ line: Int) -> String? {
        let o = document.outline(line)
        if o.key == "with" { return siblingValue(document, line, indent: o.indent, key: "intent") }
        guard let owner = ownerLine(document, line, indent: o.indent), document.outline(owner).key == "with" else { return nil }
        return siblingValue(document, owner, indent: document.outline(owner).indent, key: "intent")
    }

    /// The intent's parameters as `with:` keys, those not written yet.
    func withKeys(_ intent: String, _ root: SourceNode?, present: Set<String>) -> [Candidate] {
        (intentNode(intent, root)?["parameters"]?.members ?? .empty).filter { !present.contains($0.key) }.map {
            Candidate(label: $0.key, kind: 10, detail: "argument of \(intent) (\($0.value["type"]?.string ?? "string"))", suffix: ": ")
        }
    }

    /// What a view's `intent: X`, an intent's key or `with:` key hovers as: the intent's title,
    /// parameters and effects.
    func intentText(_ name: String, _ root: SourceNode?) -> String {
        guard let intent = intentNode(name, root) else { return "`\(name)`: no intent of this name is declared under `intents:`" }
        var text = "**intent \(name)**"
        if let title = intent["title"]?.string { text += ": \(title)" }
        let parameters = intent["parameters"]?.members ?? .empty
        if !parameters.isEmpty {
            text += "\n\nparameters: " + parameters.map { "`\($0.key)` (\($0.value["type"]?.string ?? "string"))" }.joined(separator: ", ")
        }
        let effects = (intent["perform"]?.items ?? .empty).compactMap { effect -> String? in
            guard let first = effect.members.first else { return nil }
            let file = first.value["file"]?.string.map { " \($0)" } ?? ""
            let at = first.value["at"]?.string.map { " \($0)" } ?? ""
            return "- `\(first.key)`\(file)\(at)"
        }
        if !effects.isEmpty { text += "\n\nperforms:\n" + effects.joined(separator: "\n") }
        return text
    }

    /// The parameter `name` of the intent, for a template inside it or a `with:` key.
    func intentParameterText(_ intent: String, _ name: String, _ root: SourceNode?) -> String {
        guard let p = intentNode(intent, root)?["parameters"]?[name] else {
            return "`param.\(name)`: intent '\(intent)' has no parameter of this name"
        }
        return parameterText(name, p).replacingOccurrences(of: "parameter of type", with: "parameter of intent '\(intent)', of type")
    }

    /// The schema's description of the key under the cursor (block or in a flow mapping), as
    /// the schema says it for that place: effects, intent and view keys, any other.
    func keyDescription(_ document: TextDocument, _ position: Position, word: String) -> String? {
        guard !word.isEmpty, !word.contains("."), !word.contains("/") else { return nil }
        let units = Array(document.lineText(position.line).utf16)
        let at = min(max(0, position.character), units.count)
        // The word must be followed by `:`: it is a key.
        var e = at
        while e < units.count, Self.isKeywordUnit(units[e]) { e += 1 }
        guard e < units.count, units[e] == 58 else { return nil }
        let o = document.outline(position.line)
        var path = o.dashIndent.map { indentPath(document, position.line, $0) + ["0"] } ?? indentPath(document, position.line, o.indent)
        if let key = o.key, String(key) != word {
            var s = at
            while s > 0, Self.isKeywordUnit(units[s - 1]) { s -= 1 }
            let before = Substring(String(decoding: units[..<s], as: UTF16.self))
            guard let flow = FlowContext(OutlineLine(before).rest) else { return nil }
            path += [String(key)] + flow.owners
        }
        let schema = isManifestText(document) ? "app.schema.json" : "widget.schema.json"
        let nodes = schemaNodes(schema, path + [word])
        guard let description = nodes.lazy.compactMap({ $0["description"]?.string }).first else { return nil }
        return "**\(word)**: \(description)"
    }

    func isManifestText(_ document: TextDocument) -> Bool {
        (0..<document.lineCount).contains { document.outline($0).indent == 0 && document.outline($0).key == "app" }
    }

    /// The files of the container beside the document for a `file:` value: its JSON files (data
    /// sources, intents' effects), or the others for an image.
    func containerFiles(_ document: TextDocument, images: Bool) -> [Candidate] {
        let directory = SourceFiles.defaultContainer(beside: Self.path(of: document.uri))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".json") != images }.sorted().map {
            Candidate(label: $0, kind: 17, detail: "in the container")
        }
    }
}
