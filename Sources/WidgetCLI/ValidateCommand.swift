import WidgetCompiler
import WidgetSupport

/// `widgetc validate [PATH ...]`: YAML, schema and semantic checks, all reported at once.
enum ValidateCommand {
    static let command = Command(
        name: "validate",
        usage: "widgetc validate [--format text|json] [--schema FILE] [PATH ...]",
        abstract: "Check widget definitions and app manifests.",
        discussion: """
            Checks YAML syntax, shape (JSON Schema 2020-12) and semantics, and reports every problem with its \
            file, line and column. Directories are searched for *.yaml and *.yml. Default PATH: widgets/.
            With --schema, checks any YAML or JSON files against that schema instead (shape only).
            """,
        options: [
            OptionSpec("format", value: "text|json", help: "Output format (default text)."),
            OptionSpec("schema", value: "FILE", help: "Validate against this JSON Schema (shape only)."),
            OptionSpec("locale", value: "LANG", help: "List each string without a usable translation in this language (l10n-missing)."),
        ],
        run: run
    )

    static func run(_ args: ParsedArguments, _ console: Console) throws(UsageError) -> ExitCode {
        let format = args.value("format") ?? "text"
        guard format == "text" || format == "json" else {
            throw UsageError(message: "unknown format '\(format)' for 'validate'; use --format text or --format json")
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
        var stream = DiagnosticStream(console: console, json: format == "json")
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
