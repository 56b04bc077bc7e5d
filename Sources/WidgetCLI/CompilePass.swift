#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSupport
import WidgetcRuntimeCore

/// What `compile` and `generate` share: every file checked and lowered by one `Compilation`
/// (an app manifest's bundle compiled after the files given), the diagnostics reported as
/// `validate` reports them, and the plans in file order.
struct CompilePass {
    /// A plan `compile` writes.
    enum Plan {
        case widget(WidgetPlanModel)
        case app(AppPlanModel)

        var json: JSONValue {
            switch self {
            case .widget(let plan): plan.json
            case .app(let plan): plan.json
            }
        }
    }

    /// Widget plans and app plans, by the file name each is written under.
    var plans: [(name: String, plan: Plan)] = []
    /// The app manifests among the files given (not those reached through a bundle).
    var givenApps: [AppPlanModel] = []
    var errors = 0
    /// Every file read: the definitions given, those a manifest's bundle added, and their
    /// String Catalogs (what `--out` must never write over).
    var inputs: [String] = []

    /// - Parameter reader: how definition files are read (each once).
    init(files given: SourcePaths, console: Console, reader: FileReader = .files) throws(UsageError) {
        let compilation = Compilation(purpose: .compile, reader: reader, jobs: Jobs.count())
        var stream = DiagnosticStream(console: console)
        var files: [String] = []
        do {
            try compilation.compile(given) { file in
                stream.report(file)
                files.append(file.path)
                let isGiven = files.count <= given.count
                for lowered in file.plans {
                    switch lowered {
                    case .widget(let kind, let plan):
                        plans.append((kind + PlanFiles.widgetSuffix, .widget(plan)))
                    case .app(let id, let plan, _):
                        plans.append((id + PlanFiles.appSuffix, .app(plan)))
                        if isGiven { givenApps.append(plan) }
                    }
                }
            }
        } catch {
            throw UsageError(message: error.description)
        }
        stream.reportCatalogs(compilation, locale: nil)
        stream.finish()
        inputs = files + stream.catalogs
        errors = stream.errors
        if errors > 0 { console.err("error: nothing written; fix the errors first\n") }
    }

    /// The definition files in `paths` (directories searched for `*.yaml` and `*.yml`), in
    /// order; a path that cannot be read is the command line's error.
    static func files(in paths: [String]) throws(UsageError) -> SourcePaths {
        var files = SourcePaths()
        for path in paths {
            do { files.append(contentsOf: try SourceFiles.paths(path)) } catch { throw UsageError(message: "\(error.description); check the path") }
        }
        return files
    }

    /// `--out DIR` must name a directory or nothing yet.
    static func checkOutputDirectory(_ out: String, holding what: String) throws(UsageError) {
        if let st = POSIXFiles.status(out), st.type != .directory {
            throw UsageError(message: "--out '\(out)' exists and is not a directory; name a directory for the \(what)")
        }
    }

    /// Creates `path` and its missing parents.
    static func makeDirectory(_ path: String) throws(UsageError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o777) != 0, errno != EEXIST {
                throw UsageError(message: "cannot create directory '\(prefix)': \(POSIXFiles.errorText(errno))")
            }
        }
    }
}
