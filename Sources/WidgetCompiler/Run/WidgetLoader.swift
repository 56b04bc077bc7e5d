#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// One widget ready to run: compiled, with the container it reads.
package struct LoadedWidget {
    package let widget: CompiledWidget
    /// The plan the widget runs from (what `widgetc compile` writes).
    package let plan: JSONValue
    /// The app group container: `container/` beside the widget file (or beside
    /// the app manifest that lists it), unless `--container` says otherwise.
    package let containerDirectory: String
}

/// Loads what `widgetc run PATH …` runs: every widget in the paths, each file
/// validated first (a definition with errors does not run), app manifests
/// expanded into their bundle's widgets.
package enum WidgetLoader {
    package struct Loaded {
        package var widgets: [LoadedWidget] = []
        /// Every diagnostic of the files read (errors make the run fail).
        package var diagnostics: [Diagnostic] = []
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
        /// Files already loaded (by real path), so a widget named twice runs once.
        var seen: Set<String> = []
    }

    /// - Parameter locale: `--locale`: the widgets' strings through their String Catalogs (nil: the source text).
    /// - Parameter reader: how definition files are read (each once).
    package static func load(
        paths: [String], defaultZone: ZoneRules, locale: String? = nil, reader: FileReader = .files
    ) throws(SourceFiles.ReadError) -> Loaded {
        var loaded = Loaded()
        let validator: DefinitionValidator
        do { validator = try DefinitionValidator(lowers: true) } catch {
            loaded.diagnostics.append(.error("schema", error.message, file: "<built-in>", at: .start))
            return loaded
        }
        var checker = validator.checker
        checker.reader = reader
        // The files named directly are loaded as given; a manifest's bundle check leaves them to that.
        checker.given = GivenFiles(paths.filter { !$0.hasSuffix(PlanFiles.widgetSuffix) }.flatMap { (try? SourceFiles.expand($0)) ?? [] })
        for path in paths {
            if path.hasSuffix(PlanFiles.widgetSuffix) {
                try loadPlan(file: path, defaultZone, locale, &loaded)
                continue
            }
            for file in try SourceFiles.expand(path) {
                try load(file: file, container: SourceFiles.defaultContainer(beside: file), validator, checker, defaultZone, locale, &loaded)
            }
        }
        // A catalog that is not usable is an error (its warnings are validate's business).
        for (_, _, diagnostics) in validator.concludeCatalogs(locale: nil) {
            loaded.diagnostics += diagnostics.filter { $0.severity == .error }
        }
        return loaded
    }

    /// A compiled plan runs as its definition would; its container is `container/` beside the plan.
    private static func loadPlan(file: String, _ zone: ZoneRules, _ locale: String?, _ loaded: inout Loaded) throws(SourceFiles.ReadError) {
        guard loaded.seen.insert(realPath(file)).inserted else { return }
        let bytes = try SourceFiles.read(file)
        let plan: JSONValue
        do { plan = try JSONReader.parse(bytes: bytes).json } catch {
            loaded.diagnostics.append(.error("plan-invalid", "not a plan: \(error.message)", file: file, at: error.location))
            return
        }
        do {
            let widget = try CompiledWidget(plan: plan, defaultZone: zone, dataDecoder: ContainerData.decoder, cachesData: true, locale: locale)
            loaded.widgets.append(LoadedWidget(widget: widget, plan: plan, containerDirectory: SourceFiles.defaultContainer(beside: file)))
        } catch {
            loaded.diagnostics.append(.error("plan-invalid", "not a usable plan: \(error.description)", file: file, at: .start, pointer: error.pointer))
        }
    }

    private static func load(
        file: String, container: String, _ validator: DefinitionValidator, _ checker: FileChecker, _ zone: ZoneRules, _ locale: String?,
        _ loaded: inout Loaded, examined: FileExamination? = nil
    ) throws(SourceFiles.ReadError) {
        guard loaded.seen.insert(realPath(file)).inserted else { return }
        // One pass over the file: YAML, schema, checks, and each clean document's plan
        // (a bundle's file was examined with its manifest, and is not read again; a file given
        // with its manifest is examined once, by whichever reaches it first).
        let examination = examined ?? checker.examine(path: file)
        let diagnostics = try validator.conclude(examination)
        loaded.diagnostics += diagnostics
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return }
        for lowered in examination.lowered {
            switch lowered {
            case .app(_, _, let widgetFiles):
                // A manifest runs its bundle with the manifest's container.
                for widgetFile in widgetFiles {
                    try load(
                        file: widgetFile, container: SourceFiles.defaultContainer(beside: file), validator, checker, zone, locale, &loaded,
                        examined: examination.bundle.first { $0.path == widgetFile })
                }
            case .widget(_, let plan):
                // `run` executes the very plan `compile` writes: one path from definition to provider.
                do {
                    let widget = try CompiledWidget(plan: plan, defaultZone: zone, dataDecoder: ContainerData.decoder, cachesData: true, locale: locale)
                    loaded.widgets.append(LoadedWidget(widget: widget, plan: plan, containerDirectory: container))
                } catch {
                    loaded.diagnostics.append(.error("compile", "the compiled plan is unusable: \(error.description)", file: file, at: .start, pointer: error.pointer))
                }
            }
        }
    }

    package static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

}

/// Container data files as the command line reads them: JSON for `.json`, YAML (first document) otherwise.
enum ContainerData {
    static let decoder: DataDecoder = { bytes, path in
        let (documents, error) = SourceFiles.documents(of: bytes, path: path)
        if let error { return .failure(error) }
        return .success(documents.first?.json ?? .null)
    }
}

/// Names of compiled files.
package enum PlanFiles {
    package static let widgetSuffix = ".plan.json"
    package static let appSuffix = ".app.json"
}
