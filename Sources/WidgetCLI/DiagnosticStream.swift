import WidgetCompiler
import WidgetSupport

/// The diagnostics of a compilation's files, as `validate` and `compile` report them: in
/// turn, printed a file at a time in text from the bytes already read, or kept for one JSON
/// object at the end.
struct DiagnosticStream {
    let console: Console
    let json: Bool
    private let renderer: DiagnosticRenderer
    private(set) var all: [Diagnostic] = []
    private(set) var errors = 0
    private(set) var warnings = 0
    /// The files reported.
    private(set) var files = 0
    /// The String Catalogs read (by `reportCatalogs`): inputs too, for `--out`'s refusal.
    private(set) var catalogs: [String] = []

    init(console: Console, json: Bool = false) {
        self.console = console
        self.json = json
        renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
    }

    /// Reports one file's diagnostics, concluded.
    mutating func report(_ file: CompiledFile) {
        files += 1
        let diagnostics = file.diagnostics.sorted { ($0.location, $0.code) < ($1.location, $1.code) }
        for d in diagnostics {
            if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
        }
        if json {
            all += diagnostics
        } else if !diagnostics.isEmpty {
            renderer.lines.use(file.source, for: file.path)
            // One write a file: a file's diagnostics are one block.
            console.err(diagnostics.map(renderer.text).joined())
        }
    }

    /// The String Catalogs' diagnostics, once every file is reported (spec localization.md "Validation").
    mutating func reportCatalogs(_ compilation: Compilation, locale: String?) {
        for (path, source, found) in compilation.concludeCatalogs(locale: locale) {
            catalogs.append(path)
            let diagnostics = found.sorted { ($0.file, $0.location, $0.code) < ($1.file, $1.location, $1.code) }
            for d in diagnostics {
                if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
            }
            if json {
                all += diagnostics
            } else if !diagnostics.isEmpty {
                if let source { renderer.lines.use(source, for: path) }
                console.err(diagnostics.map(renderer.text).joined())
            }
        }
    }

    /// The closing summary (text) or the whole report (JSON).
    func finish() {
        if json {
            console.outBytes(DiagnosticRenderer.json(files: files, diagnostics: all))
        } else {
            console.err(DiagnosticRenderer.summary(files: files, errors: errors, warnings: warnings) + "\n")
        }
    }
}
