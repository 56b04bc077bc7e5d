import WidgetCompiler
import WidgetSupport

/// The diagnostics of files examined one after another, as `validate` and
/// `compile` report them: concluded in file order (the checks across files),
/// printed a file at a time in text, or kept for one JSON object at the end.
struct DiagnosticStream {
    let validator: DefinitionValidator
    let console: Console
    let json: Bool
    private let renderer: DiagnosticRenderer
    private(set) var all: [Diagnostic] = []
    private(set) var errors = 0
    private(set) var warnings = 0
    /// The String Catalogs read (by `reportCatalogs`): inputs too, for `--out`'s refusal.
    private(set) var catalogs: [String] = []

    init(validator: DefinitionValidator, console: Console, json: Bool = false) {
        self.validator = validator
        self.console = console
        self.json = json
        renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
    }

    /// Concludes one file's examination and reports its diagnostics.
    mutating func report(_ examination: FileExamination) throws(UsageError) {
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try validator.conclude(examination).sorted { ($0.location, $0.code) < ($1.location, $1.code) }
        } catch {
            throw UsageError(message: "\(error.description)")
        }
        for d in diagnostics {
            if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
        }
        if json {
            all += diagnostics
        } else if !diagnostics.isEmpty {
            if let source = examination.source { renderer.lines.use(source, for: examination.path) }
            // One write a file: a file's diagnostics are one block.
            console.err(diagnostics.map(renderer.text).joined())
        }
    }

    /// The String Catalogs' diagnostics, once every file is reported (spec localization.md "Validation").
    mutating func reportCatalogs(locale: String?) {
        for (path, source, found) in validator.concludeCatalogs(locale: locale) {
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
    func finish(files: Int) {
        if json {
            console.outBytes(DiagnosticRenderer.json(files: files, diagnostics: all))
        } else {
            console.err(DiagnosticRenderer.summary(files: files, errors: errors, warnings: warnings) + "\n")
        }
    }
}
