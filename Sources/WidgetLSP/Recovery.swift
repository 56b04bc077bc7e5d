import WidgetCompiler
import WidgetSupport

/// The structure around the cursor when the text does not parse (mid-typing): the text's
/// own parse, else the text with the cursor's line blanked (the half-typed line is usually
/// the only broken one), else the last text of the document that parsed.
extension LanguageServer {
    /// The YAML document holding zero-based `line`, recovered as well as the text allows.
    func root(_ document: TextDocument, at line: Int) -> SourceNode? {
        let documents = recoveredDocuments(document, line: line)
        return documents.last { $0.location.line <= line + 1 } ?? documents.first
    }

    func recoveredDocuments(_ document: TextDocument, line: Int) -> [SourceNode] {
        let path = Self.path(of: document.uri)
        let (documents, error) = SourceFiles.documents(of: document.bytes, path: path)
        if error == nil {
            lastParsed[document.uri] = documents
            return documents
        }
        if line >= 0, line < document.lineCount {
            // The cursor's line blanked, then also each line the parse still stops at (another
            // half-typed line, such as a quote not closed yet), a few times.
            var blanked: Set<Int> = [line]
            for _ in 0..<4 {
                var bytes = document.bytes
                for l in blanked.sorted(by: >) {
                    bytes.replaceSubrange(document.lineStarts[l]..<document.lineEnd(l), with: [])
                }
                let (repaired, repairError) = SourceFiles.documents(of: bytes, path: path)
                if repairError == nil, !repaired.isEmpty { return repaired }
                guard let stop = repairError?.location.line, stop >= 1, stop <= document.lineCount,
                      blanked.insert(stop - 1).inserted else { break }
            }
        }
        if lastParsed[document.uri] == nil, let text = lastParsedText[document.uri] {
            lastParsed[document.uri] = SourceFiles.documents(of: text, path: path).documents
        }
        return lastParsed[document.uri] ?? documents
    }
}

/// A line of the text read by its indentation alone (no parse): what a broken document still says.
struct OutlineLine {
    /// Spaces before the content (a `- ` counts as indentation: the item's key sits after it).
    let indent: Int
    /// Where the line's first `- ` is, when it starts a sequence item.
    let dashIndent: Int?
    /// The key written on the line (`key:` then a space, a comment or the end), if any.
    let key: Substring?
    /// The text after the key's colon, trimmed (or the item's text when there is no key).
    let rest: Substring
    /// A blank or comment-only line.
    let isBlank: Bool

    init(_ text: Substring) {
        var body = text.drop { $0 == " " }
        var indent = text.count - body.count
        if body.isEmpty || body.hasPrefix("#") {
            self.indent = indent
            dashIndent = nil
            key = nil
            rest = ""
            isBlank = true
            return
        }
        isBlank = false
        var dash: Int? = nil
        while body.hasPrefix("- ") || body == "-" {
            if dash == nil { dash = indent }
            let after = body.dropFirst(1)
            let spaced = after.drop { $0 == " " }
            indent += 1 + (after.count - spaced.count)
            body = spaced
        }
        dashIndent = dash
        self.indent = indent
        if let colon = OutlineLine.keyColon(body) {
            var key = body[..<colon]
            if key.count >= 2, let q = key.first, q == "\"" || q == "'", key.last == q { key = key.dropFirst().dropLast() }
            self.key = key
            rest = body[body.index(after: colon)...].drop { $0 == " " }
        } else {
            key = nil
            rest = body
        }
    }

    /// The colon that ends a block key: followed by a space or the end, outside quotes and brackets.
    static func keyColon(_ body: Substring) -> Substring.Index? {
        guard let first = body.first, first != "[", first != "{" else { return nil }
        var quote: Character? = nil
        var i = body.startIndex
        if first == "\"" || first == "'" { quote = first; i = body.index(after: i) }
        while i < body.endIndex {
            let c = body[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == ":" {
                let next = body.index(after: i)
                if next == body.endIndex || body[next] == " " { return i }
            } else if c == " ", body.index(after: i) < body.endIndex, body[body.index(after: i)] == "#" {
                return nil
            }
            i = body.index(after: i)
        }
        return nil
    }
}

extension TextDocument {
    /// The line read by its indentation.
    func outline(_ line: Int) -> OutlineLine { OutlineLine(Substring(lineText(line))) }
}
