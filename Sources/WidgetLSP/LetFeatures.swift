import WidgetCEL
import WidgetCompiler
import WidgetSupport

/// Hover and completion inside a widget's lets (`let:`, docs/cel.md): the inferred type of
/// what is under the cursor, and the names and functions an expression may use. The
/// diagnostics inside expressions are validation's, as for every other value.
extension LanguageServer {
    /// The let whose expression (or name) is written on the cursor's line, with the checked lets.
    private func letAt(_ document: TextDocument, _ position: Position) -> (name: String, node: SourceNode, lets: CheckedLets, definition: WidgetDefinition)? {
        guard let root = root(document, at: position.line) else { return nil }
        let steps = steps(to: position.line, in: root)
        guard steps.count == 2, steps[0].key == "let", steps[1].node.string != nil else { return nil }
        let (lets, definition) = LetsOfWidget.check(root, bytes: document.bytes, file: Self.path(of: document.uri))
        return (steps[1].key, steps[1].node, lets, definition)
    }

    /// The cursor's column as widgetc counts them (Unicode scalars, from 1).
    private func column(_ document: TextDocument, _ position: Position) -> Int {
        let units = Array(document.lineText(position.line).utf16)
        let prefix = String(decoding: units[0..<min(max(0, position.character), units.count)], as: UTF16.self)
        return prefix.unicodeScalars.count + 1
    }

    /// Hover inside a let: the type of the name or call under the cursor, or the let's own type on its name.
    func letHover(_ document: TextDocument, _ position: Position) -> JSONValue? {
        guard let (name, node, lets, _) = letAt(document, position), let checked = lets[name: name] else { return nil }
        let when = checked.perEntry ? "computed per entry" : "computed once per reload"
        let column = column(document, position)
        if position.line + 1 == node.location.line, column < node.location.column {
            return hoverText("**let.\(name)**: `\(checked.type)`, \(when)")
        }
        guard let program = checked.program,
            let offset = LetsOfWidget.offset(in: node, line: position.line + 1, column: column, bytes: document.bytes),
            let type = program.type(near: offset)
        else {
            return hoverText("**let.\(name)**: `\(checked.type)`, \(when)")
        }
        return hoverText("`\(type)`\n\nin **let.\(name)**: `\(checked.type)`, \(when)")
    }

    /// Completion inside a let's expression: the widget's variables with their types, then functions.
    func letCompletion(_ document: TextDocument, _ position: Position, _ units: [UInt16], _ at: Int) -> [JSONValue]? {
        guard let (name, node, lets, definition) = letAt(document, position),
            position.line + 1 > node.location.line || column(document, position) > node.location.column
        else { return nil }
        let others = lets.lets.filter { $0.name != name }.map { CELType.Field($0.name, $0.type) }
        let environment = LetEnvironment.environment(definition, lets: others)
        var candidates: [Candidate] = []
        for (variable, type) in environment.variables.sorted(by: { $0.key < $1.key }) {
            if case .object(_, let fields) = type {
                for field in fields { candidates.append(Candidate(label: variable + "." + field.name, kind: 6, detail: field.type.description)) }
            } else {
                candidates.append(Candidate(label: variable, kind: 6, detail: type.description))
            }
        }
        for function in environment.functions.names { candidates.append(Candidate(label: function, kind: 3, detail: "function")) }
        // The name being typed: letters, digits, `_` and `.` before the cursor.
        func isNameUnit(_ u: UInt16) -> Bool { (u >= 48 && u <= 57) || (u >= 65 && u <= 90) || (u >= 97 && u <= 122) || u == 95 || u == 46 }
        var start = at
        while start > 0, isNameUnit(units[start - 1]) { start -= 1 }
        var end = at
        while end < units.count, isNameUnit(units[end]) { end += 1 }
        let span = TypedSpan(line: position.line, start: start, cursor: at, end: end, typed: String(decoding: units[start..<at], as: UTF16.self))
        // Deeper than a variable's own fields: a source's schema, an entity's record (`param.city.`).
        candidates += fieldCandidates(typed: span.typed, root(document, at: position.line), document)
        return items(candidates, span)
    }

    /// `let.NAME` for template completion, with each let's type.
    func letTemplateVariables(_ root: SourceNode?, _ document: TextDocument) -> [(String, String)] {
        guard let root, root["let"] != nil else { return [] }
        let (lets, _) = LetsOfWidget.check(root, bytes: document.bytes, file: Self.path(of: document.uri))
        return lets.lets.sorted { $0.name < $1.name }.map { ("let." + $0.name, "let (\($0.type))") }
    }

    private func hoverText(_ text: String) -> JSONValue {
        ["contents": ["kind": "markdown", "value": .string(text)]]
    }

}
