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
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [
            OptionSpec.choice("format", DiagnosticFormat.self, help: "Output format (default text)."),
            OptionSpec("schema", value: "FILE", help: "Validate against this JSON Schema (shape only)."),
            OptionSpec("locale", value: "LANG", help: "List each string without a usable translation in this language (l10n-missing)."),
        ]
        let format: DiagnosticFormat
        /// `--schema`: only the shape, against this schema.
        let schemaPath: String?
        let locale: String?
        let paths: [String]

        init(_ args: ParsedArguments) throws(UsageError) {
            format = try args.choice("format", default: .text)
            schemaPath = args.value("schema")
            locale = try LocaleOption.parse(args)
            paths = args.positional.isEmpty ? ["widgets/"] : args.positional
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let mode: FileStages.Mode
        if let schemaPath = options.schemaPath {
            do {
                mode = .schemaOnly(try SchemaStage(file: schemaPath))
            } catch {
                throw UsageError(message: "\(error)")
            }
        } else {
            mode = .definitions
        }
        let compilation = Compilation(mode: mode, jobs: Jobs.count())
        let files = try CompilePass.files(in: options.paths)
        var stream = DiagnosticStream(console: console, format: options.format)
        do {
            try compilation.compile(files) { stream.report($0) }
        } catch {
            throw UsageError(message: error.description)
        }
        stream.reportCatalogs(compilation, locale: options.locale)
        stream.finish()
        return stream.errors > 0 ? .inputErrors : .success
    }
}
