import WidgetCompiler
import WidgetDiagnostics
import WidgetSupport

/// The diagnostics of a compilation's files, as `validate` and `compile` report them: in
/// turn, printed a file at a time (text from the bytes already read, or GitHub workflow
/// commands), or kept for one document at the end (JSON, SARIF).
struct DiagnosticStream {
    let console: Console
    let format: DiagnosticFormat
    private let renderer: DiagnosticRenderer
    private(set) var all: [Diagnostic] = []
    private(set) var errors = 0
    private(set) var warnings = 0
    /// The files reported.
    private(set) var files = 0
    /// The String Catalogs read (by `reportCatalogs`): inputs too, for `--out`'s refusal.
    private(set) var catalogs: [String] = []

    init(console: Console, format: DiagnosticFormat = .text) {
        self.console = console
        self.format = format
        renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
    }

    /// Reports one file's diagnostics, concluded.
    mutating func report(_ file: CompiledFile) {
        files += 1
        let diagnostics = file.diagnostics.sorted { ($0.location, $0.code) < ($1.location, $1.code) }
        for d in diagnostics {
            if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
        }
        if format == .text, !diagnostics.isEmpty { renderer.lines.use(file.source, for: file.path) }
        emit(withEnds(diagnostics, source: file.source, of: file.path))
    }

    /// The String Catalogs' diagnostics, once every file is reported (spec localization.md "Validation").
    mutating func reportCatalogs(_ compilation: Compilation, locale: String?) {
        for (path, source, found) in compilation.concludeCatalogs(locale: locale) {
            catalogs.append(path)
            let diagnostics = found.sorted { ($0.file, $0.location, $0.code) < ($1.file, $1.location, $1.code) }
            for d in diagnostics {
                if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
            }
            if format == .text, !diagnostics.isEmpty, let source { renderer.lines.use(source, for: path) }
            emit(source.map { withEnds(diagnostics, source: $0, of: path) } ?? diagnostics)
        }
    }

    /// The formats that print ranges get each value's end, from the bytes already read.
    private func withEnds(_ diagnostics: [Diagnostic], source: [UInt8], of path: String) -> [Diagnostic] {
        guard format == .github || format == .sarif else { return diagnostics }
        return diagnostics.map { d in
            var d = d
            if d.end == nil, d.file == path { d.end = ValueExtent.end(in: source, at: d.location) }
            return d
        }
    }

    /// One file's diagnostics: printed now in one write (a file's diagnostics are one block), or kept.
    private mutating func emit(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        switch format {
        case .text: console.err(diagnostics.map(renderer.text).joined())
        case .github: console.out(diagnostics.map(GitHubAnnotations.line).joined())
        case .json, .sarif: all += diagnostics
        }
    }

    /// The closing summary (for people, on stderr) or the whole report (JSON, SARIF).
    func finish() {
        switch format {
        case .text, .github:
            console.err(DiagnosticRenderer.summary(files: files, errors: errors, warnings: warnings) + "\n")
        case .json:
            console.outBytes(DiagnosticRenderer.json(files: files, diagnostics: all))
        case .sarif:
            console.outBytes(SARIFLog.bytes(all, version: WidgetCLI.version))
        }
    }
}
