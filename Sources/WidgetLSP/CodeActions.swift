import Foundation
import WidgetSupport

/// Quick fixes (`textDocument/codeAction`) for the document's own diagnostics in the range
/// asked: every "did you mean" replaces the word at fault, a default outside `[min, max]` is
/// clamped, a declared family without a face gets one under `familyView`, a URL source with
/// no fallback gets `stale:` or placeholder text for the fields that would show blank.
extension LanguageServer {
    func codeActions(_ document: TextDocument, _ range: TextRange) -> [JSONValue] {
        var actions: [JSONValue] = []
        for diagnostic in diagnostics(of: document) {
            guard let r = diagnostic["range"].flatMap(Self.range), Self.overlaps(r, range) else { continue }
            let message = diagnostic["message"]?.string ?? ""
            let code = diagnostic["code"]?.string ?? ""
            if let (title, edit) = suggestionFix(message, r, document) {
                actions.append(action(title, diagnostic, document, [edit], preferred: true))
            }
            if code == DiagnosticCode.paramRange.name, let (title, edit) = clampFix(message, r) {
                actions.append(action(title, diagnostic, document, [edit], preferred: true))
            }
            if code == DiagnosticCode.viewMissing.name, let (title, edit) = faceFix(message, document) {
                actions.append(action(title, diagnostic, document, [edit], preferred: false))
            }
            if code == DiagnosticCode.viewRelativeClock.name, let edits = liveDateFix(r, document) {
                actions.append(action("Count live on the device: a date with style: relative", diagnostic, document, edits, preferred: true))
            }
            if code == DiagnosticCode.requestFallback.name {
                for (title, edit) in fallbackFixes(message, document) {
                    actions.append(action(title, diagnostic, document, [edit], preferred: false))
                }
            }
        }
        return actions
    }

    static func overlaps(_ a: TextRange, _ b: TextRange) -> Bool {
        func key(_ p: Position) -> (Int, Int) { (p.line, p.character) }
        return key(a.start) <= key(b.end) && key(b.start) <= key(a.end)
    }

    private func action(_ title: String, _ diagnostic: JSONValue, _ document: TextDocument, _ edits: [(TextRange, String)], preferred: Bool) -> JSONValue {
        let textEdits: [JSONValue] = edits.map { ["range": $0.0.json, "newText": .string($0.1)] }
        return [
            "title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": .bool(preferred),
            "edit": ["changes": .object(JSONObject([(document.uri, .array(textEdits))]))],
        ]
    }

    /// `… 'systemSmal' … did you mean 'systemSmall'?`: the quoted word at fault, found on the
    /// diagnostic's line from its start, replaced by the suggestion.
    func suggestionFix(_ message: String, _ range: TextRange, _ document: TextDocument) -> (String, (TextRange, String))? {
        guard let mark = message.range(of: "did you mean '") else { return nil }
        let rest = message[mark.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        let suggestion = String(rest[..<end])
        // A suggestion for a path's last name (`param.cuont`, did you mean `count`) replaces that name.
        let quoted = Self.quotedWords(String(message[..<mark.lowerBound])).filter { $0 != suggestion }.map { word -> String in
            guard !suggestion.contains("."), let dot = word.lastIndex(of: ".") else { return word }
            return String(word[word.index(after: dot)...])
        }
        let line = Array(document.lineText(range.start.line).utf16)
        for word in quoted {
            let w = Array(word.utf16)
            guard !w.isEmpty, w.count <= line.count else { continue }
            for s in stride(from: min(range.start.character, line.count), through: line.count - w.count, by: 1) where Array(line[s..<(s + w.count)]) == w {
                let at = TextRange(Position(line: range.start.line, character: s), Position(line: range.start.line, character: s + w.count))
                return ("Change '\(word)' to '\(suggestion)'", (at, suggestion))
            }
        }
        return nil
    }

    static func quotedWords(_ text: String) -> [String] {
        var words: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "'") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "'") else { break }
            words.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return words
    }

    /// `default 200 is above max 120`: the default becomes 120.
    func clampFix(_ message: String, _ range: TextRange) -> (String, (TextRange, String))? {
        for bound in ["above max ", "below min "] {
            guard let r = message.range(of: bound) else { continue }
            let value = String(message[r.upperBound...].prefix { !$0.isWhitespace })
            guard !value.isEmpty else { return nil }
            return ("Clamp the default to \(bound.hasPrefix("above") ? "max" : "min") \(value)", (range, value))
        }
        return nil
    }

    /// `family 'systemMedium' is declared but has no view`: a face for it under `familyView`
    /// (a text showing the first content field), added after the key or at the end.
    func faceFix(_ message: String, _ document: TextDocument) -> (String, (TextRange, String))? {
        guard let family = Self.quotedWords(message).first else { return nil }
        let root = root(document, at: 0)
        let field = root?["content"]?.members.first.map { "{{\($0.key)}}" } ?? family
        let face = "text: \"\(field)\""
        if let member = root?.member("familyView"), member.value.isMapping {
            let keyLine = member.keyLocation.line - 1
            let first = member.value.members.first
            // A flow mapping on the key's line is not edited here.
            guard first.map({ $0.keyLocation.line > member.keyLocation.line }) ?? false else { return nil }
            let childIndent = first.map { $0.keyLocation.column - 1 } ?? 2
            let pad = String(repeating: " ", count: childIndent)
            let at = Position(line: keyLine + 1, character: 0)
            return ("Add a face for \(family) (familyView.\(family))", (TextRange(at, at), "\(pad)\(family):\n\(pad)  \(face)\n"))
        }
        let lastLine = document.lineCount - 1
        let end = document.position(ofOffset: document.bytes.count)
        let needsBreak = !document.lineText(lastLine).isEmpty
        return ("Add a face for \(family) (familyView.\(family))",
                (TextRange(end, end), (needsBreak ? "\n" : "") + "familyView:\n  \(family):\n    \(face)\n"))
    }

    /// A relative time shown as fixed text (`text: "{{x | relative}}"`, or `format: relative`):
    /// the element becomes `date: "{{x}}"` with `style: relative`, which the device counts live.
    func liveDateFix(_ range: TextRange, _ document: TextDocument) -> [(TextRange, String)]? {
        let line = range.start.line
        let o = document.outline(line)
        guard let key = o.key, key == "text" || key == "date" else { return nil }  // a block element only
        let units = Array(document.lineText(line).utf16)
        var edits: [(TextRange, String)] = []
        func at(_ l: Int, _ s: Int, _ e: Int) -> TextRange { TextRange(Position(line: l, character: s), Position(line: l, character: e)) }
        let value = Self.unquoted(o.rest)
        let isOneTag = value.hasPrefix("{{") && value.hasSuffix("}}") && value.components(separatedBy: "{{").count == 2
        // Text around a tag cannot become a date.
        guard key == "date" || isOneTag else { return nil }
        if key == "text" { edits.append((at(line, range.start.character, range.start.character + 4), "date")) }
        let format = siblingLine(document, line, indent: o.indent, key: "format")
        // `{{x | relative}}` keeps its variable only.
        if isOneTag, let pipe = value.firstIndex(of: "|"),
           let open = Self.find([123, 123], in: units), let close = Self.find([125, 125], in: units, from: open) {
            let name = value[value.index(value.startIndex, offsetBy: 2)..<pipe].trimmingCharacters(in: .whitespaces)
            edits.append((at(line, open, close + 2), "{{\(name)}}"))
        } else if format == nil {
            return nil
        }
        if let format {
            let formatUnits = Array(document.lineText(format).utf16)
            guard let s = Self.find(Array("format".utf16), in: formatUnits) else { return nil }
            edits.append((at(format, s, s + 6), "style"))
        } else {
            let next = Position(line: line + 1, character: 0)
            edits.append((TextRange(next, next), String(repeating: " ", count: o.indent) + "style: relative\n"))
        }
        return edits
    }

    static func find(_ needle: [UInt16], in units: [UInt16], from start: Int = 0) -> Int? {
        guard needle.count <= units.count else { return nil }
        return (start...(units.count - needle.count)).first { Array(units[$0..<($0 + needle.count)]) == needle }
    }

    /// `data source 'wx' has no fallback … 'temp', 'city' blank`: keep the last answer a day
    /// (`stale: 1d`, beside the source's `url`), or placeholder text for the blank fields.
    func fallbackFixes(_ message: String, _ document: TextDocument) -> [(String, (TextRange, String))] {
        let quoted = Self.quotedWords(message)
        guard let name = quoted.first, let root = root(document, at: 0) else { return [] }
        var fixes: [(String, (TextRange, String))] = []
        // Block style only: a flow mapping on one line is not edited here.
        if let source = root["data"]?.member(name), let url = source.value.member("url"),
           url.keyLocation.line > source.keyLocation.line {
            let at = Position(line: url.keyLocation.line - 1, character: 0)
            let pad = String(repeating: " ", count: url.keyLocation.column - 1)
            fixes.append(("Keep showing the last answer for a day (data.\(name).stale: 1d)", (TextRange(at, at), "\(pad)stale: 1d\n")))
        }
        let fields = quoted.dropFirst()
        guard !fields.isEmpty else { return fixes }
        let title = "Add placeholder text for " + fields.map { "'\($0)'" }.joined(separator: ", ")
        if let placeholder = root.member("placeholder") {
            guard placeholder.value.isMapping, let first = placeholder.value.members.first,
                  first.keyLocation.line > placeholder.keyLocation.line else { return fixes }
            let pad = String(repeating: " ", count: first.keyLocation.column - 1)
            let at = Position(line: placeholder.keyLocation.line, character: 0)
            fixes.append((title, (TextRange(at, at), fields.map { "\(pad)\($0): \"—\"\n" }.joined())))
        } else {
            let end = document.position(ofOffset: document.bytes.count)
            let needsBreak = !document.lineText(document.lineCount - 1).isEmpty
            fixes.append((title, (TextRange(end, end), (needsBreak ? "\n" : "") + "placeholder:\n" + fields.map { "  \($0): \"—\"\n" }.joined())))
        }
        return fixes
    }
}
