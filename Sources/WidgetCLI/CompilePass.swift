#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSupport

/// What `compile` and `generate` share: every file checked and lowered in one pass
/// (an app manifest's bundle added to the files once), the diagnostics reported as
/// `validate` reports them, and the plans in file order.
struct CompilePass {
    /// Widget plans and app plans, by the file name each is written under.
    var plans: [(name: String, plan: JSONValue)] = []
    /// The app manifests among the files given (not those reached through a bundle).
    var givenApps: [JSONValue] = []
    var errors = 0
    /// Every file read: the definitions given, those a manifest's bundle added, and their
    /// String Catalogs (what `--out` must never write over).
    var inputs: [String] = []

    /// - Parameter reader: how definition files are read (each once).
    init(files given: [String], console: Console, reader: FileReader = .files) throws(UsageError) {
        let validator: DefinitionValidator
        do { validator = try DefinitionValidator(lowers: true) } catch { throw UsageError(message: "\(error)") }
        var files = given
        var checker = validator.checker
        checker.given = GivenFiles(given)
        checker.reader = reader
        var stream = DiagnosticStream(validator: validator, console: console)
        // Real paths, to add a bundle's widget files once; made when the first manifest comes
        // (resolving 10,000 paths cost 60,000 readlink calls for nothing).
        var seen: Set<String>? = nil
        // The bundle files a manifest's examination already read, by the path it names them
        // with: reported in their turn after the files given, not read again.
        var bundled: [String: FileExamination] = [:]
        func take(_ examination: FileExamination, isGiven: Bool) throws(UsageError) {
            try stream.report(examination)
            for lowered in examination.lowered {
                switch lowered {
                case .widget(let kind, let plan):
                    plans.append((kind + PlanFiles.widgetSuffix, plan))
                case .app(let id, let plan, let widgetFiles):
                    plans.append((id + PlanFiles.appSuffix, plan))
                    if isGiven { givenApps.append(plan) }
                    if seen == nil { seen = Set(files.map(WidgetLoader.realPath)) }
                    for file in widgetFiles where seen!.insert(WidgetLoader.realPath(file)).inserted {
                        files.append(file)
                        if let examined = examination.bundle.first(where: { $0.path == file }) { bundled[file] = examined }
                    }
                }
            }
        }
        for examination in ParallelExamination(files, checker: checker) {
            try take(examination, isGiven: true)
        }
        // A bundle's files, in the order the manifests name them (a manifest among them adds its own).
        var next = given.count
        while next < files.count {
            let file = files[next]
            next += 1
            try take(bundled.removeValue(forKey: file) ?? checker.examine(path: file), isGiven: false)
        }
        stream.reportCatalogs(locale: nil)
        stream.finish(files: files.count)
        inputs = files + stream.catalogs
        errors = stream.errors
        if errors > 0 { console.err("error: nothing written; fix the errors first\n") }
    }

    /// The definition files in `paths` (directories searched for `*.yaml` and `*.yml`), in
    /// order; a path that cannot be read is the command line's error.
    static func files(in paths: [String]) throws(UsageError) -> [String] {
        var files: [String] = []
        for path in paths {
            do { files += try SourceFiles.expand(path) } catch { throw UsageError(message: "\(error.description); check the path") }
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
