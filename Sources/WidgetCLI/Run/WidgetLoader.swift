import WidgetCompiler
import WidgetSimulator
import WidgetDiagnostics
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// One widget ready to run: compiled, with the container it reads.
package struct LoadedWidget {
    package let widget: CompiledWidget
    /// The plan the widget runs from (what `widgetc compile` writes).
    package let plan: WidgetPlanModel
    /// The app group container: `container/` beside the widget file (or beside
    /// the app manifest that lists it), unless `--container` says otherwise.
    package let containerDirectory: String
    /// The file it was read from, as given (the plan's `source` is only the file's name).
    package let path: String
}

/// Loads what `widgetc run PATH …` runs: every widget in the paths, through one `Compilation`
/// (each file checked first: a definition with errors does not run; an app manifest's bundle
/// right after it), and compiled plans as given.
package enum WidgetLoader {
    package struct Loaded {
        package var widgets: [LoadedWidget] = []
        /// Every diagnostic of the files read (errors make the run fail), each file's with its bytes.
        package var reports: [(path: String, diagnostics: [Diagnostic], source: [UInt8]?)] = []
        package var diagnostics: [Diagnostic] { reports.flatMap(\.diagnostics) }
        package var hasErrors: Bool { reports.contains { $0.diagnostics.contains { $0.severity == .error } } }
        /// The String Catalogs the definitions name and that were read.
        package var catalogs: [String] = []
    }

    /// - Parameter locale: `--locale`: the widgets' strings through their String Catalogs (nil: the source text).
    /// - Parameter reader: how definition files are read (each once).
    package static func load(
        paths: [String], defaultZone: ZoneRules, locale: String? = nil, reader: FileReader = .files, jobs: Int = 1
    ) throws(SourceFiles.ReadError) -> Loaded {
        var loaded = Loaded()
        let compilation = Compilation(purpose: .run, reader: reader, jobs: jobs)
        // A compiled plan is given as is; anything else may be a directory of definitions.
        var files: [String] = []
        for path in paths {
            files += path.hasSuffix(PlanFiles.widgetSuffix) ? [path] : try SourceFiles.expand(path)
        }
        // Each manifest's app group, for its bundle's defaults sources without a suite (they follow it).
        var appGroups: [String: String] = [:]
        try compilation.compile(files) { file in
            if let bytes = file.compiledPlan {
                loadPlan(file: file.path, bytes: bytes, defaultZone, locale, &loaded)
                return
            }
            loaded.reports.append((file.path, file.diagnostics, file.source))
            guard !file.diagnostics.contains(where: { $0.severity == .error }) else { return }
            // A manifest's bundle runs with the manifest's container.
            let container = SourceFiles.defaultContainer(beside: file.bundledBy ?? file.path)
            for case .app(_, let plan, _) in file.plans { appGroups[file.path] = plan.appGroup }
            for case .widget(_, let plan) in file.plans {
                // `run` executes the very plan `compile` writes: one path from definition to provider.
                do throws(PlanError) {
                    let widget = try CompiledWidget(plan: plan, defaultZone: defaultZone, dataDecoder: ContainerData.decoder, cachesData: true, locale: locale)
                    widget.appGroup = file.bundledBy.flatMap { appGroups[$0] }
                    loaded.widgets.append(LoadedWidget(widget: widget, plan: plan, containerDirectory: container, path: file.path))
                } catch {
                    let problem = Diagnostic.error(.compile, "the compiled plan is unusable: \(error.description)", file: file.path, at: .start, pointer: error.pointer)
                    loaded.reports.append((file.path, [problem], file.source))
                }
            }
        }
        // A catalog that is not usable is an error (its warnings are validate's business).
        for (path, source, diagnostics) in compilation.concludeCatalogs(locale: nil) {
            loaded.catalogs.append(path)
            let errors = diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty { loaded.reports.append((path, errors, source)) }
        }
        return loaded
    }

    /// A compiled plan runs as its definition would; its container is `container/` beside the plan.
    private static func loadPlan(file: String, bytes: [UInt8], _ zone: ZoneRules, _ locale: String?, _ loaded: inout Loaded) {
        let json: JSONValue
        do { json = try JSONReader.parse(bytes: bytes).json } catch {
            loaded.reports.append((file, [.error(.planInvalid, "not a plan: \(error.message)", file: file, at: error.location)], bytes))
            return
        }
        do {
            let plan = try WidgetPlanModel(json: json)
            let widget = try CompiledWidget(plan: plan, defaultZone: zone, dataDecoder: ContainerData.decoder, cachesData: true, locale: locale)
            loaded.widgets.append(LoadedWidget(widget: widget, plan: plan, containerDirectory: SourceFiles.defaultContainer(beside: file), path: file))
        } catch {
            loaded.reports.append((file, [.error(.planInvalid, "not a usable plan: \(error.description)", file: file, at: .start, pointer: error.pointer)], bytes))
        }
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

/// `--scenario FILE`: the scenario's checked items as the simulator's events.
package enum ScenarioReading {
    /// The scenario, or nil when it has errors, and every positioned diagnostic. With `kinds`
    /// (the kinds of the widgets in the run), a reload of another kind is a warning.
    package static func load(
        bytes: [UInt8], file: String, kinds: [String]? = nil, intents: [String: [PlanIntent]]? = nil
    ) -> (scenario: Scenario?, diagnostics: [Diagnostic]) {
        let (items, diagnostics) = ScenarioChecks.check(bytes: bytes, file: file, kinds: kinds, intents: intents)
        return (items.map { Scenario($0.map(event)) }, diagnostics)
    }

    private static func event(_ item: ScenarioItem) -> ScenarioEvent {
        switch item {
        case let .write(at, path, value): .write(at: at, path: path, value: value)
        case let .reload(at, kind, parameters): .reload(at: at, kind: kind, where: parameters)
        case let .foreground(from, until): .foreground(from: from, until: until)
        case let .offline(from, until): .offline(from: from, until: until)
        case let .push(at, kind): .push(at: at, kind: kind)
        case let .system(at, setting, value): .system(at: at, change: SystemChange(rawValue: setting) ?? .locale, value: value)
        case let .defaults(at, suite, set, remove): .defaults(at: at, suite: suite, set: set, remove: remove)
        case let .tap(at, kind, intent, with): .tap(at: at, tap: ScenarioTap(kind: kind, intent: intent, arguments: with))
        case let .respond(at, url, response):
            .respond(at: at, url: url, response: ScriptedResponse(status: response.status, body: response.body, latency: response.latency, error: response.error))
        }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let planInvalid = DiagnosticCode("plan-invalid")
}
