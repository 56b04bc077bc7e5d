#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
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
        // Real paths, to add a bundle's widget files once; made when the first manifest comes
        // (resolving 10,000 paths cost 60,000 readlink calls for nothing).
        var seen: Set<String>? = nil
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
                        if seen == nil { seen = Set(files.map(WidgetLoader.realPath)) }
                        for file in widgetFiles where seen!.insert(WidgetLoader.realPath(file)).inserted { files.append(file) }
                    }
                }
            }
        }
        stream.reportCatalogs(locale: nil)
        stream.finish(files: files.count)
        guard stream.errors == 0 else {
            console.err("error: nothing written; fix the errors first\n")
            return .inputErrors
        }
        try makeDirectory(out)
        let directory = out.hasSuffix("/") ? out : out + "/"
        let mask = OutputTarget.currentUmask()  // read before any thread creates a file
        // Plans are independent files: encoded and written on every core.
        let failures = Locked<[String]>([])
        let plans = outputs
        DispatchQueue.concurrentPerform(iterations: plans.count) { i in
            do throws(OutputTarget.Failure) {
                // Not fsynced one by one: one fsync a file cost 6 s of 6.8 s on 10,000 plans.
                try OutputTarget.writeFile(JSONWriter.pretty(plans[i].plan), to: directory + plans[i].name, durable: false, umask: mask)
            } catch {
                failures.withLock { $0.append(error.message) }
            }
        }
        if let first = failures.withLock({ $0.sorted().first }) { throw UsageError(message: first) }
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
