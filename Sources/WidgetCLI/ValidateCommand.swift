import WidgetCompiler
import WidgetSupport

/// `widgetc validate [PATH ...]`: YAML, schema and semantic checks, all reported at once.
enum ValidateCommand {
    static let command = Command(
        name: "validate",
        usage: "widgetc validate [--format text|json|github|sarif] [--schema FILE] [PATH ...]",
        abstract: "Check widget definitions and app manifests.",
        discussion: """
            Checks YAML syntax, shape (JSON Schema 2020-12) and semantics, and reports every problem with its \
            file, line and column. Directories are searched for *.yaml and *.yml. Default PATH: widgets/.
            With --schema, checks any YAML or JSON files against that schema instead (shape only).
            --format github prints a GitHub Actions workflow command a diagnostic (::error file=…,line=…,col=…); \
            --format sarif prints one SARIF 2.1.0 log (code scanning). The exit status is the same for every format.
            """,
        options: [
            OptionSpec("format", value: DiagnosticFormat.names, help: "Output format (default text)."),
            OptionSpec("schema", value: "FILE", help: "Validate against this JSON Schema (shape only)."),
            OptionSpec("locale", value: "LANG", help: "List each string without a usable translation in this language (l10n-missing)."),
        ],
        run: run
    )

    static func run(_ args: ParsedArguments, _ console: Console) throws(UsageError) -> ExitCode {
        guard let format = DiagnosticFormat(rawValue: args.value("format") ?? "text") else {
            throw UsageError(message: "unknown format '\(args.value("format")!)' for 'validate'; use --format text, json, github or sarif")
        }
        let locale = try LocaleOption.parse(args)
        let mode: FileStages.Mode
        if let schemaPath = args.value("schema") {
            do {
                mode = .schemaOnly(try SchemaStage(file: schemaPath))
            } catch {
                throw UsageError(message: "\(error)")
            }
        } else {
            mode = .definitions
        }
        let compilation: Compilation
        do {
            compilation = try Compilation(mode: mode, jobs: Jobs.count())
        } catch {
            throw UsageError(message: "\(error)")
        }
        let files = try CompilePass.files(in: args.positional.isEmpty ? ["widgets/"] : args.positional)
        var stream = DiagnosticStream(console: console, format: format)
        do {
            try compilation.compile(files) { stream.report($0) }
        } catch {
            throw UsageError(message: error.description)
        }
        stream.reportCatalogs(compilation, locale: locale)
        stream.finish()
        return stream.errors > 0 ? .inputErrors : .success
    }
}
