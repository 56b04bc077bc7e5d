#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSupport

/// `widgetc compile PATH ... --out DIR`: validate, then write each widget's plan
/// (`KIND.plan.json`) and each app manifest's (`APP.app.json`) for the runtime an
/// app ships. Nothing is written when any file has errors.
enum CompileCommand {
    static let command = Command(
        name: "compile",
        usage: "widgetc compile [options] --out DIR PATH ...",
        abstract: "Compile widget definitions into plans for the WidgetcRuntime library.",
        discussion: """
            Checks every file as 'widgetc validate' does, then writes one plan per widget (DIR/KIND.plan.json) \
            and one per app manifest (DIR/APP.app.json, listing its widgets' plans and its quick actions). \
            An app manifest's bundle is compiled with it. On errors nothing is written. Plans are deterministic: \
            the same input gives byte-identical files. Format: docs/plan-format.md.
            """,
        options: [
            OptionSpec("out", value: "DIR", help: "Directory for the plans (created if missing)."),
        ],
        run: run
    )

    static func run(_ args: ParsedArguments, _ console: Console) throws(UsageError) -> ExitCode {
        guard let out = args.value("out") else {
            throw UsageError(message: "'compile' needs --out DIR, the directory for the plans, e.g. widgetc compile widgets/ --out build/plans")
        }
        guard !args.positional.isEmpty else {
            throw UsageError(message: "'compile' needs at least one PATH, e.g. widgetc compile widgets/notes-app.yaml --out build/plans")
        }
        var st = stat()
        if stat(out, &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR {
            throw UsageError(message: "--out '\(out)' exists and is not a directory; name a directory for the plans")
        }
        let validator: DefinitionValidator
        do { validator = try DefinitionValidator(lowers: true) } catch { throw UsageError(message: "\(error)") }
        var files: [String] = []
        for path in args.positional {
            do { files += try SourceFiles.expand(path) } catch { throw UsageError(message: "\(error.description); check the path") }
        }
        var stream = DiagnosticStream(validator: validator, console: console)
        var seen = Set(files.map(WidgetLoader.realPath))
        var outputs: [(name: String, plan: JSONValue)] = []
        var examined = 0
        // A manifest's bundle is compiled with it: its widget files join the list once.
        while examined < files.count {
            let batch = Array(files[examined...])
            examined = files.count
            for examination in ParallelExamination(batch, checker: validator.checker) {
                try stream.report(examination)
                for lowered in examination.lowered {
                    switch lowered {
                    case .widget(let kind, let plan):
                        outputs.append((kind + PlanFiles.widgetSuffix, plan))
                    case .app(let id, let plan, let widgetFiles):
                        outputs.append((id + PlanFiles.appSuffix, plan))
                        for file in widgetFiles where seen.insert(WidgetLoader.realPath(file)).inserted { files.append(file) }
                    }
                }
            }
        }
        stream.finish(files: files.count)
        guard stream.errors == 0 else {
            console.err("error: nothing written; fix the errors first\n")
            return .inputErrors
        }
        try makeDirectory(out)
        let directory = out.hasSuffix("/") ? out : out + "/"
        for (name, plan) in outputs {
            let target = try OutputTarget(path: directory + name, console: console)
            target.write(JSONWriter.pretty(plan))
            do { try target.commit() } catch { throw UsageError(message: error.message) }
        }
        console.err("wrote \(outputs.count) plan\(outputs.count == 1 ? "" : "s") to \(out)\n")
        return .success
    }

    /// Creates `path` and its missing parents.
    private static func makeDirectory(_ path: String) throws(UsageError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o777) != 0, errno != EEXIST {
                throw UsageError(message: "cannot create --out directory '\(prefix)': \(String(cString: strerror(errno)))")
            }
        }
    }
}
