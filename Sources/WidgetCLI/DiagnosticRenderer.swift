import WidgetCompiler
import WidgetDiagnostics
import WidgetSupport

/// Renders diagnostics as a compiler does: `file:line:col: error: message [code]`,
/// the source line, and a caret under the column.
struct DiagnosticRenderer {
    let color: Bool
    /// The source lines of the files shown, for the caret.
    let lines: SourceLinesCache

    func text(_ d: Diagnostic) -> String {
        let severity: String
        switch d.severity {
        case .error: severity = paint("error:", "1;31")
        case .warning: severity = paint("warning:", "1;35")
        case .note: severity = paint("note:", "1;30")
        }
        // The file's name and the message may quote the file: its control characters are shown, not sent.
        var out = paint("\(TerminalText.escaped(d.file)):\(d.location.line):\(d.location.column):", "1") + " \(severity) "
        out += paint(TerminalText.escaped(d.message, keepingNewline: true), "1") + " [\(d.code)]\n"
        if let scalars = lines.scalars(d.file, line: d.location.line) {
            out += Self.sourceAndCaret(scalars, column: d.location.column, caret: paint("^", "1;32"))
        }
        for note in d.notes {
            out += paint("\(TerminalText.escaped(note.file)):\(note.location.line):\(note.location.column):", "1") + " "
                + paint("note:", "1;30") + " " + TerminalText.escaped(note.message) + "\n"
            // Another file's line would cost a second read: the note's position says where.
            if let scalars = lines.scalars(note.file, line: note.location.line, readingOtherFiles: false) {
                out += Self.sourceAndCaret(scalars, column: note.location.column, caret: paint("^", "1;32"))
            }
        }
        return out
    }

    /// Files' diagnostics in the order found, each file's shown from its bytes.
    func show(_ reports: [(path: String, diagnostics: [Diagnostic], source: [UInt8]?)], _ console: Console) {
        for (path, diagnostics, source) in reports {
            if let source { lines.use(source, for: path) }
            for d in diagnostics { console.err(text(d)) }
        }
    }

    /// The source line and a caret under `column`. A long line (minified JSON)
    /// shows only a window around the column, so each diagnostic stays one screen line.
    static func sourceAndCaret(_ scalars: [Unicode.Scalar], column: Int, caret: String) -> String {
        let index = max(0, column - 1)
        var start = 0
        var end = scalars.count
        if scalars.count > maxWidth {
            start = max(0, min(index - maxWidth / 2, scalars.count - maxWidth))
            end = min(scalars.count, start + maxWidth)
        }
        var line = start > 0 ? "…" : ""
        var pad = start > 0 ? " " : ""
        for i in start..<end {
            if TerminalText.isControl(scalars[i].value) {
                // Shown escaped (`\e[31m`), the caret padded past all of it.
                let shown = TerminalText.shown(scalars[i].value)
                line += shown
                if i < index { pad += String(repeating: " ", count: shown.count) }
                continue
            }
            line.unicodeScalars.append(scalars[i])
            // Keep tabs so the caret lines up under tab-indented text.
            if i < index { pad.unicodeScalars.append(scalars[i] == "\t" ? "\t" : " ") }
        }
        if end < scalars.count { line += "…" }
        if index > end { pad += String(repeating: " ", count: index - end) }
        return line + "\n" + pad + caret + "\n"
    }

    static let maxWidth = 160

    private func paint(_ s: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    /// `3 files, 1 error, 0 warnings`.
    static func summary(files: Int, errors: Int, warnings: Int) -> String {
        "\(plural(files, "file")), \(plural(errors, "error")), \(plural(warnings, "warning"))"
    }

    static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The `--format json` object of `widgetc validate`.
    static func json(files: Int, diagnostics: [Diagnostic]) -> [UInt8] {
        var w = JSONWriter()
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        w.raw("{\"files\":\(files),\"errors\":\(errors),\"warnings\":\(warnings),\"diagnostics\":[")
        for (i, d) in diagnostics.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"file\":"); w.writeString(d.file)
            w.raw(",\"line\":\(d.location.line),\"column\":\(d.location.column),\"severity\":")
            w.writeString(d.severity.rawValue)
            w.raw(",\"code\":"); w.writeString(d.code.name)
            w.raw(",\"message\":"); w.writeString(d.message)
            w.raw(",\"pointer\":"); w.writeString(d.pointer)
            if !d.notes.isEmpty {
                w.raw(",\"notes\":[")
                for (k, note) in d.notes.enumerated() {
                    if k > 0 { w.raw(",") }
                    w.raw("{\"file\":"); w.writeString(note.file)
                    w.raw(",\"line\":\(note.location.line),\"column\":\(note.location.column),\"message\":")
                    w.writeString(note.message)
                    w.raw("}")
                }
                w.raw("]")
            }
            w.raw("}")
        }
        w.raw("]}\n")
        return w.bytes
    }
}

/// Source lines of the most recently shown file and line, so carets cost one
/// read per file and one decoding per line however many diagnostics share them.
final class SourceLinesCache {
    private var path: String?
    private var cached: SourceLines?
    private var lastLine: (number: Int, scalars: [Unicode.Scalar]?)?

    init() {}

    /// For a file already in memory (`dump`).
    init(path: String, bytes: [UInt8]) {
        use(bytes, for: path)
    }

    /// Uses `bytes` (already in memory) for `file`'s lines from now on.
    func use(_ bytes: [UInt8], for file: String) {
        if file != path { switchTo(file, SourceLines(bytes: bytes)) }
    }

    func scalars(_ file: String, line: Int, readingOtherFiles: Bool = true) -> [Unicode.Scalar]? {
        if file != path {
            guard readingOtherFiles else { return nil }
            switchTo(file, (try? SourceFiles.read(file)).map(SourceLines.init(bytes:)))
        }
        if let lastLine, lastLine.number == line { return lastLine.scalars }
        let scalars = cached?.line(line).map { Array($0.unicodeScalars) }
        lastLine = (line, scalars)
        return scalars
    }

    private func switchTo(_ file: String, _ lines: SourceLines?) {
        path = file
        cached = lines
        lastLine = nil
    }
}
