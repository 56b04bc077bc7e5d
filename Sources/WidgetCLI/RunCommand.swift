#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetDiagnostics
import WidgetSupport
import WidgetTime

/// `widgetc run PATH …`: each widget through the runtime, its reloads printed.
enum RunCommand {
    static let command = Command(
        name: "run",
        usage: "widgetc run [options] PATH ...",
        abstract: "Simulate widgets as WidgetKit would and print their reloads.",
        discussion: """
            Runs one instance of each widget found in the paths (files, directories, or app manifests, whose \
            bundle runs with the manifest's container) from --from until --until, with WidgetKit's reload \
            policies, the rolling 24-hour budget and the minimum reload spacing.
            """,
        options: Options.self,
        run: run
    )

    /// run's options: the simulation's (shared with preview) and the output's.
    struct Options: CommandOptions {
        static let options = [
            OptionSpec("family", value: "F", help: "Family of the instance (default: the widget's first)."),
            OptionSpec("param", value: "NAME=VALUE", repeatable: true, help: "Intent parameter value (repeatable)."),
            OptionSpec("defaults", value: "KEY=VALUE", repeatable: true, help: "A UserDefaults key of a defaults: source, from the start (repeatable)."),
            OptionSpec("from", value: "INSTANT", help: "Simulation start; without offset, in each widget's zone (default: now, to the minute)."),
            OptionSpec("until", value: "INSTANT", help: "Simulation end (exclusive)."),
            OptionSpec("for", value: "DURATION", help: "Simulation length (default 24h)."),
            OptionSpec("tz", value: "ZONE", help: "Zone for widgets without timeZone, and for printing."),
            OptionSpec("budget", value: "N", help: "Counted reloads per rolling 24 h (default 70)."),
            OptionSpec("min-interval", value: "D", help: "Minimum spacing of reloads (default 5m)."),
            OptionSpec("container", value: "DIR", help: "App group container (default: container/ beside the widget)."),
            OptionSpec("scenario", value: "FILE", help: "App events: reloads, writes, foreground windows."),
            OptionSpec.choice("context", RunContextKind.self, help: "What WidgetKit asks for (default timeline)."),
            OptionSpec.choice("format", RunOutputFormat.self, help: "Output format (default text)."),
            OptionSpec("out", value: "FILE", help: "Write the output there, atomically (default stdout)."),
            OptionSpec("summary", help: "Text: each widget's reloads counted by reason, with the budget and the warnings, instead of every entry."),
            OptionSpec(
                "max-output", value: "SIZE",
                help: "Stop the run past this much output, every widget's runs together: bytes, or K, M, G, T (binary: 512M, 4G) (default 256M)."),
            OptionSpec.choice("network", NetworkOptions.Source.self, help: "Where URL data sources' answers come from: the scenario's respond items (default) or real requests."),
            OptionSpec("record", value: "FILE", help: "Write the answers the run got as a scenario that replays it offline (atomically)."),
            OptionSpec("locale", value: "LANG", help: "Show the strings in this language (a BCP 47 tag such as de or zh-Hans) through the widget's String Catalog."),
            OptionSpec(
                "view",
                help: "Each entry's render tree, the widget's face with every template rendered, in --format json or ndjson (docs/render-tree.md); in text, only the warnings about face values that do not render."),
        ]
        let paths: [String]
        let simulation: RunOptions
        let format: RunOutputFormat
        /// `--out`: the file written instead of stdout.
        let out: String?
        /// `--summary`: reloads counted by reason instead of every entry.
        let summary: Bool
        /// `--view`: each entry's render tree.
        let view: Bool
        let maxOutputBytes: Int
        let network: NetworkOptions.Choice

        init(_ args: ParsedArguments) throws(UsageError) {
            guard !args.positional.isEmpty else {
                throw UsageError(message: "'run' needs at least one PATH, e.g. widgetc run widgets/weather.yaml")
            }
            paths = args.positional
            simulation = try RunOptions(args)
            format = try args.choice("format", default: .text)
            summary = args.has("summary")
            if summary, format != .text {
                throw UsageError(message: "--summary is a view of the text output; leave out --format \(format.rawValue), or use it without --summary")
            }
            maxOutputBytes = try RunCommand.maxOutput(args)
            view = args.has("view")
            out = args.value("out")
            network = try NetworkOptions.Choice(args)
        }
    }

    static func run(_ runOptions: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let options = runOptions.simulation
        let bounds = RunBounds(maxOutputBytes: runOptions.maxOutputBytes)
        let withView = runOptions.view
        if options.budget == 0 {
            console.err("warning: --budget 0 allows no counted reload: only reloads inside a scenario's foreground windows can happen\n")
        }
        guard let (loaded, scenario, instances) = try options.instances(of: runOptions.paths, console: console, verb: "run") else {
            return .inputErrors
        }

        let network = try NetworkOptions(runOptions.network)
        let inputs = options.inputs(of: runOptions.paths, loaded)
        try OutputTarget.refuseInput(runOptions.out, inputs: inputs)
        try OutputTarget.refuseOverwriting(network.recordPath, option: "--record", inputs: inputs)
        let output = try OutputTarget(path: runOptions.out, console: console)
        var writer = RunWriter(format: runOptions.format, arrayOfRuns: runOptions.format == .json && instances.count > 1, bytesOutput: { bytes in
            if bounds.wrote(bytes.count) { output.write(bytes) }
        })
        writer.summaryOnly = runOptions.summary
        for (loadedWidget, configuration) in instances {
            let widget = loadedWidget.widget
            let container = Container(directory: options.containerDirectory ?? loadedWidget.containerDirectory)
            // Printed in --tz when given, else in the widget's own zone (docs/runtime-notes.md).
            let zone = options.printZone ?? widget.zone
            writer.faces =
                withView
                ? RunFaces(
                    widget: widget, family: configuration.family, parameters: configuration.parameters,
                    locate: Self.locator(of: loadedWidget, in: loaded)) : nil
            writer.begin(RunHeader(configuration: configuration, file: widget.file, timeZone: zone.identifier, zone: zone, locale: widget.locale))
            let run = WidgetRun(
                provider: widget, configuration: configuration, container: container, zone: zone,
                fetcher: network.fetcher(scenario: configuration.scenario))
            var sink = BoundedSink(writer, bounds: bounds, kind: widget.kind) { t in t.iso8601(offset: zone.utcOffset(at: t)) }
            var summary = run.run(into: &sink)
            summary.warnings = Self.placed(summary.warnings, Self.locator(of: loadedWidget, in: loaded))
            writer = sink.base
            if let problem = bounds.problem {
                // What was written stays (on stdout); an --out file is left as it was.
                console.err("error: \(problem)\n")
                return .inputErrors
            }
            writer.end(summary)
        }
        writer.finish()
        if let problem = bounds.problem {
            console.err("error: \(problem)\n")
            return .inputErrors
        }
        do { try output.commit() } catch { throw UsageError(message: error.message) }
        try network.writeRecording(scenario: scenario)
        return .success
    }
}

extension RunCommand {
    /// Where a path of a widget's definition is written, `FILE:LINE:COLUMN`, for the face's warnings:
    /// the definition's bytes the run read are parsed again, once, and only when a warning needs it
    /// (nil for a compiled plan, whose lines are not the definition's).
    /// Warnings written at one place of the definition name it, as `file:line:column` after the message.
    static func placed(_ warnings: [RunWarning], _ locate: ([String]) -> String?) -> [RunWarning] {
        warnings.map { warning in
            guard let place = warning.place, let at = locate(place) else { return warning }
            var w = warning
            w.message += " (\(at))"
            return w
        }
    }

    static func locator(of widget: LoadedWidget, in loaded: WidgetLoader.Loaded) -> ([String]) -> String? {
        guard !widget.path.hasSuffix(PlanFiles.widgetSuffix),
            let source = loaded.reports.first(where: { $0.path == widget.path })?.source
        else { return { _ in nil } }
        var document: SourceNode??
        return { tokens in
            if document == nil {
                document = SourceFiles.documents(of: source, path: widget.path).documents.first { $0["kind"]?.string == widget.widget.kind }
            }
            guard let node = document ?? nil else { return nil }
            return "\(widget.path):\(node.location(of: tokens))"
        }
    }

    /// `--max-output SIZE` (docs/runtime-notes.md): the output bound guards against template
    /// bombs and full disks; a long run to a file may raise it.
    static func maxOutput(_ args: ParsedArguments) throws(UsageError) -> Int {
        guard let text = args.value("max-output") else { return RunBounds.maxOutputBytes }
        guard let bytes = RunBounds.parseSize(text) else {
            throw UsageError(
                message: "--max-output '\(text)' is not a size; use a whole number of bytes, or of KiB, MiB, GiB or TiB with K, M, G or T (such as 1073741824, 512M or 4G)")
        }
        return bytes
    }
}

/// The simulation's flags (run and preview), parsed and checked.
struct RunOptions {
    let zone: ZoneRules
    /// The zone instants are printed in, when `--tz` is given.
    let printZone: ZoneRules?
    /// `--from`/`--until` as given: a local date-time is read in each widget's zone.
    private let fromText: String?
    private let untilText: String?
    /// `--for` (or its default), when `--until` is not given.
    private let length: Int64
    /// Now, to the minute, when `--from` is not given.
    private let now: Instant
    let budget: Int
    let minInterval: Int64
    let family: String?
    let context: RunContextKind
    let containerDirectory: String?
    let scenarioPath: String?
    let assignments: [(name: String, value: String)]
    /// `--defaults KEY=VALUE`, as given (typed by each key's default per widget).
    let defaultsAssignments: [(key: String, value: String)]
    /// `--locale`, in canonical case.
    let locale: String?

    init(_ args: ParsedArguments) throws(UsageError) {
        locale = try LocaleOption.parse(args)
        if let tz = args.value("tz") {
            guard let z = ZoneRules.named(tz) else { throw UsageError(message: "unknown time zone '\(tz)' for --tz; use an IANA name such as Europe/Berlin") }
            zone = z
            printZone = z
        } else {
            zone = ZoneRules.current
            printZone = nil
        }
        let seconds = Int64(time(nil))
        now = Instant(seconds: seconds - seconds % 60)
        fromText = args.value("from")
        untilText = args.value("until")
        // Checked here, once, in the default zone; each widget reads them again in its own.
        if let text = fromText { _ = try Self.instant(text, flag: "from", zone: zone) }
        if let text = untilText {
            if args.value("for") != nil { throw UsageError(message: "give --until or --for, not both") }
            _ = try Self.instant(text, flag: "until", zone: zone)
            length = 0
        } else {
            let text = args.value("for") ?? "24h"
            guard let seconds = try? DurationParser.parse(text), seconds > 0 else {
                throw UsageError(message: "--for '\(text)' is not a duration such as 24h or 7d")
            }
            length = seconds
        }
        if let text = args.value("budget") {
            guard let n = Int(text), n >= 0 else { throw UsageError(message: "--budget '\(text)' is not a whole number of reloads") }
            budget = n
        } else {
            budget = 70
        }
        if let text = args.value("min-interval") {
            guard let s = try? DurationParser.parse(text) else { throw UsageError(message: "--min-interval '\(text)' is not a duration such as 5m") }
            minInterval = s
        } else {
            minInterval = 300
        }
        family = args.value("family")
        if let f = family, WidgetFamily(rawValue: f) == nil {
            let hint = Suggest.hint(for: f, among: WidgetFamily.allCases.map(\.rawValue))
            throw UsageError(message: "unknown family '\(f)'\(hint); families: \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // fleet simulates timelines only and declares no --context.
        context = args.declared.contains("context") ? try args.choice("context", default: .timeline) : .timeline
        containerDirectory = args.value("container")
        if let dir = containerDirectory {
            guard POSIXFiles.status(dir)?.type == .directory else {
                throw UsageError(message: "--container '\(dir)' is not a directory")
            }
        }
        scenarioPath = args.value("scenario")
        assignments = try ParameterValues.assignments(args.all("param"))
        var defaults: [(String, String)] = []
        for a in args.all("defaults") {
            guard let pair = ParameterValues.split(a) else { throw UsageError(message: "--defaults '\(a)' is not KEY=VALUE") }
            defaults.append(pair)
        }
        defaultsAssignments = defaults
    }

    /// The widgets in `paths`, each with its run configuration (what `run` and `preview` run):
    /// definitions loaded and checked, the scenario read, every flag checked against every
    /// widget before anything is written. nil (after printing the diagnostics) when the
    /// definitions or the scenario have errors; a usage error for the command line.
    func instances(
        of paths: [String], console: Console, verb: String
    ) throws(UsageError) -> (loaded: WidgetLoader.Loaded, scenario: Scenario, instances: [(LoadedWidget, RunConfiguration)])? {
        let loaded: WidgetLoader.Loaded
        do {
            loaded = try WidgetLoader.load(paths: paths, defaultZone: zone, locale: locale, jobs: Jobs.count())
        } catch {
            throw UsageError(message: "\(error.description); check the path")
        }
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
        renderer.show(loaded.reports, console)
        if loaded.hasErrors {
            console.err("error: the definitions have errors; fix them to \(verb) (see widgetc validate)\n")
            return nil
        }
        if loaded.widgets.isEmpty {
            throw UsageError(message: "no widgets found in \(paths.joined(separator: ", "))")
        }
        let intents = Dictionary(loaded.widgets.map { ($0.widget.kind, $0.plan.intents) }, uniquingKeysWith: { first, _ in first })
        guard let scenario = try loadScenario(kinds: loaded.widgets.map(\.widget.kind), intents: intents, console: console, renderer: renderer) else {
            return nil
        }
        warnMissingFixtures(loaded, renderer: renderer, console: console)
        // Check every instance before writing anything: a bad --param is exit 2 with nothing on stdout.
        try checkFamilyDeclared(loaded.widgets.map(\.widget))
        var instances: [(LoadedWidget, RunConfiguration)] = []
        for loadedWidget in loaded.widgets {
            var configuration = try configuration(for: loadedWidget.widget, scenario: scenario)
            configuration.acceptsPushes = loadedWidget.plan.push
            instances.append((loadedWidget, configuration))
        }
        try checkParametersKnown(loaded.widgets.map(\.widget))
        try DefaultsValues.checkKnown(defaultsAssignments, loaded.widgets.map(\.widget))
        return (loaded, scenario, instances)
    }

    /// A Swift source's fixture not in the container when the run starts: a warning at its line
    /// (`swift-fixture`, docs/swift-hatch.md); each reload then warns too, until a scenario writes it.
    func warnMissingFixtures(_ loaded: WidgetLoader.Loaded, renderer: DiagnosticRenderer, console: Console) {
        for w in loaded.widgets {
            let sources = w.widget.swiftSourceFixtures.filter { $0.fixture != nil }
            guard !sources.isEmpty else { continue }
            let directory = containerDirectory ?? w.containerDirectory
            let container = Container(directory: directory)
            let report = loaded.reports.first { $0.path == w.path }
            let document = report?.source.flatMap { source in
                SourceFiles.documents(of: source, path: w.path).documents.first { $0["kind"]?.string == w.widget.kind }
            }
            var found: [Diagnostic] = []
            for (owner, type, fixture, pointer) in sources {
                guard let fixture, case .missing = container.read(fixture) else { continue }
                let location = document?.location(of: pointer) ?? .start
                found.append(.warning(
                    .swiftFixture,
                    "\(owner) (swift: \(type)): its fixture '\(fixture)' is not in the container \(directory); run and preview read it instead of calling \(type), so the placeholder shows until it is written",
                    file: w.path, at: location, pointer: JSONPointer.string(pointer)))
            }
            if !found.isEmpty { renderer.show([(w.path, found, report?.source)], console) }
        }
    }

    static func instant(_ text: String, flag: String, zone: ZoneRules) throws(UsageError) -> Instant {
        if let parsed = try? InstantParser.parse(text) { return parsed.instant }
        if let local = try? InstantParser.parse(text, localIn: zone) { return local.instant }
        throw UsageError(message: "--\(flag) '\(text)' is not an instant such as 2026-11-29T09:00:00-05:00 (or a local 2026-11-29T09:00, read in the widget's time zone)")
    }

    /// The run's window for one widget: a local `--from`/`--until` is read in the widget's zone
    /// (its `timeZone`, else `--tz`, else the machine's), so widgets in one run may start at
    /// different instants (spec cli.md, `--from`).
    func window(in widgetZone: ZoneRules, kind: String) throws(UsageError) -> (from: Instant, until: Instant) {
        let from = try fromText.map { text throws(UsageError) in try Self.instant(text, flag: "from", zone: widgetZone) } ?? now
        let until = try untilText.map { text throws(UsageError) in try Self.instant(text, flag: "until", zone: widgetZone) } ?? from + length
        guard until > from else {
            let at = { (t: Instant) in t.iso8601(offset: widgetZone.utcOffset(at: t)) }
            throw UsageError(message: "--until must be after --from; for \(kind) (zone \(widgetZone.identifier)) they are \(at(from)) and \(at(until))")
        }
        return (from, until)
    }

    /// Every file the run reads: the paths given, the widgets (a manifest's bundle too), the
    /// scenario, the String Catalogs and the container's data files. `--out` and `--record` never
    /// write over one of them.
    func inputs(of paths: [String], _ loaded: WidgetLoader.Loaded) -> [String] {
        var files = paths + loaded.widgets.map(\.path) + loaded.catalogs
        if let scenarioPath { files.append(scenarioPath) }
        for w in loaded.widgets {
            let directory = containerDirectory ?? w.containerDirectory
            let prefix = directory.isEmpty || directory.hasSuffix("/") ? directory : directory + "/"
            files += w.widget.dataFiles.map { prefix + $0 }
        }
        return files
    }

    /// `--family` must be declared by every widget being run.
    func checkFamilyDeclared(_ widgets: [CompiledWidget]) throws(UsageError) {
        guard let family, let chosen = WidgetFamily(rawValue: family) else { return }
        let missing = widgets.filter { !$0.families.contains(chosen) }
        guard !missing.isEmpty else { return }
        let which = missing.map { w in
            "\(w.kind) (\(w.file)) declares only \(w.families.map(\.rawValue).joined(separator: ", "))"
        }
        throw UsageError(message: "--family '\(family)' is not a family of every widget run: \(which.joined(separator: "; ")); pick one they all declare or run them separately")
    }

    /// The scenario's events; nil (after printing diagnostics) if the file has errors. A reload
    /// of a kind none of `kinds` (the run's widgets) has is a warning.
    func loadScenario(kinds: [String], intents: [String: [PlanIntent]] = [:], console: Console, renderer: DiagnosticRenderer) throws(UsageError) -> Scenario? {
        guard let path = scenarioPath else { return Scenario() }
        let bytes: [UInt8]
        do { bytes = try SourceFiles.read(path) } catch { throw UsageError(message: "\(error.description); check --scenario") }
        let (scenario, diagnostics) = ScenarioReading.load(bytes: bytes, file: path, kinds: kinds, intents: intents)
        renderer.lines.use(bytes, for: path)
        for d in diagnostics { console.err(renderer.text(d)) }
        if scenario == nil { console.err("error: the scenario has errors\n") }
        return scenario
    }

    func configuration(for widget: CompiledWidget, scenario: Scenario) throws(UsageError) -> RunConfiguration {
        let parameters: JSONObject
        do { parameters = try ParameterValues.values(for: widget, assignments) } catch { throw UsageError(message: error.message) }
        let familyName = family ?? widget.families.first?.rawValue ?? "systemSmall"
        guard let chosen = WidgetFamily(rawValue: familyName) else { throw UsageError(message: "unknown family '\(familyName)'") }
        let (from, until) = try window(in: widget.zone, kind: widget.kind)
        var scenario = scenario
        // `--defaults` is the app's write before the run starts: first among the items at `from`.
        if !defaultsAssignments.isEmpty, let change = try DefaultsValues.change(for: widget, defaultsAssignments, at: from) {
            scenario.events.insert(change, at: 0)
        }
        return RunConfiguration(
            kind: widget.kind, family: chosen, parameters: parameters, from: from, until: until, budget: budget,
            minInterval: minInterval, context: context, scenario: scenario)
    }

    /// Each `--param` name must be declared by at least one widget being run.
    func checkParametersKnown(_ widgets: [CompiledWidget]) throws(UsageError) {
        for (name, _) in assignments where !widgets.contains(where: { $0.parameters.contains { $0.name == name } }) {
            let known = Array(Set(widgets.flatMap { $0.parameters.map(\.name) })).sorted()
            let hint = Suggest.hint(for: name, among: known)
            throw UsageError(message: "unknown parameter '\(name)'\(hint); declared: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
        }
    }
}
