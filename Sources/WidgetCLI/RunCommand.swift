#if canImport(Glibc)
import Glibc
#endif
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntime
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
        options: [
            OptionSpec("family", value: "F", help: "Family of the instance (default: the widget's first)."),
            OptionSpec("param", value: "NAME=VALUE", repeatable: true, help: "Intent parameter value (repeatable)."),
            OptionSpec("from", value: "INSTANT", help: "Simulation start; without offset, in each widget's zone (default: now, to the minute)."),
            OptionSpec("until", value: "INSTANT", help: "Simulation end (exclusive)."),
            OptionSpec("for", value: "DURATION", help: "Simulation length (default 24h)."),
            OptionSpec("tz", value: "ZONE", help: "Zone for widgets without timeZone, and for printing."),
            OptionSpec("budget", value: "N", help: "Counted reloads per rolling 24 h (default 70)."),
            OptionSpec("min-interval", value: "D", help: "Minimum spacing of reloads (default 5m)."),
            OptionSpec("container", value: "DIR", help: "App group container (default: container/ beside the widget)."),
            OptionSpec("scenario", value: "FILE", help: "App events: reloads, writes, foreground windows."),
            OptionSpec("context", value: "timeline|snapshot|placeholder", help: "What WidgetKit asks for (default timeline)."),
            OptionSpec("format", value: "text|json|ndjson", help: "Output format (default text)."),
            OptionSpec("out", value: "FILE", help: "Write the output there, atomically (default stdout)."),
            OptionSpec("network", value: "scenario|live", help: "Where URL data sources' answers come from: the scenario's respond items (default) or real requests."),
            OptionSpec("record", value: "FILE", help: "Write the answers the run got as a scenario that replays it offline (atomically)."),
            OptionSpec("locale", value: "LANG", help: "Show the strings in this language (a BCP 47 tag such as de or zh-Hans) through the widget's String Catalog."),
        ],
        run: run
    )

    static func run(_ args: ParsedArguments, _ console: Console) throws(UsageError) -> ExitCode {
        guard !args.positional.isEmpty else {
            throw UsageError(message: "'run' needs at least one PATH, e.g. widgetc run widgets/weather.yaml")
        }
        let options = try RunOptions(args)
        if options.budget == 0 {
            console.err("warning: --budget 0 allows no counted reload: only reloads inside a scenario's foreground windows can happen\n")
        }
        let loaded: WidgetLoader.Loaded
        do {
            loaded = try WidgetLoader.load(paths: args.positional, defaultZone: options.zone, locale: options.locale)
        } catch {
            throw UsageError(message: "\(error.description); check the path")
        }
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
        for d in loaded.diagnostics { console.err(renderer.text(d)) }
        if loaded.hasErrors {
            console.err("error: the definitions have errors; fix them to run (see widgetc validate)\n")
            return .inputErrors
        }
        if loaded.widgets.isEmpty {
            throw UsageError(message: "no widgets found in \(args.positional.joined(separator: ", "))")
        }
        let scenario = try options.loadScenario(kinds: loaded.widgets.map(\.widget.kind), console: console, renderer: renderer)
        guard let scenario else { return .inputErrors }

        // Check every instance before writing anything: a bad --param is exit 2 with nothing on stdout.
        try options.checkFamilyDeclared(loaded.widgets.map(\.widget))
        var instances: [(LoadedWidget, RunConfiguration)] = []
        for loadedWidget in loaded.widgets {
            instances.append((loadedWidget, try options.configuration(for: loadedWidget.widget, scenario: scenario)))
        }
        try options.checkParametersKnown(loaded.widgets.map(\.widget))

        let network = try NetworkOptions(args)
        let output = try OutputTarget(path: args.value("out"), console: console)
        var writer = RunWriter(format: options.format, arrayOfRuns: options.format == .json && instances.count > 1, bytesOutput: { bytes in
            output.write(bytes)
        })
        for (loadedWidget, configuration) in instances {
            let widget = loadedWidget.widget
            let container = Container(directory: options.containerDirectory ?? loadedWidget.containerDirectory)
            // Printed in --tz when given, else in the widget's own zone (docs/runtime-notes.md).
            let zone = options.printZone ?? widget.zone
            writer.begin(RunHeader(configuration: configuration, file: widget.file, timeZone: zone.identifier, zone: zone, locale: widget.locale))
            let run = WidgetRun(
                provider: widget, configuration: configuration, container: container, zone: zone,
                fetcher: network.fetcher(scenario: configuration.scenario))
            let summary = run.run(into: &writer)
            writer.end(summary)
        }
        writer.finish()
        do { try output.commit() } catch { throw UsageError(message: error.message) }
        try network.writeRecording(scenario: scenario)
        return .success
    }
}

/// The run flags, parsed and checked.
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
    let format: RunOutputFormat
    let containerDirectory: String?
    let scenarioPath: String?
    let assignments: [(name: String, value: String)]
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
        guard let c = RunContextKind(rawValue: args.value("context") ?? "timeline") else {
            throw UsageError(message: "unknown --context '\(args.value("context")!)'; use timeline, snapshot or placeholder")
        }
        context = c
        guard let f = RunOutputFormat(rawValue: args.value("format") ?? "text") else {
            throw UsageError(message: "unknown --format '\(args.value("format")!)' for 'run'; use text, json or ndjson")
        }
        format = f
        containerDirectory = args.value("container")
        if let dir = containerDirectory {
            var st = stat()
            guard stat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
                throw UsageError(message: "--container '\(dir)' is not a directory")
            }
        }
        scenarioPath = args.value("scenario")
        var assignments: [(String, String)] = []
        for a in args.all("param") {
            guard let pair = ParameterValues.split(a) else { throw UsageError(message: "--param '\(a)' is not NAME=VALUE") }
            assignments.append(pair)
        }
        self.assignments = assignments
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
    func loadScenario(kinds: [String], console: Console, renderer: DiagnosticRenderer) throws(UsageError) -> Scenario? {
        guard let path = scenarioPath else { return Scenario() }
        let bytes: [UInt8]
        do { bytes = try SourceFiles.read(path) } catch { throw UsageError(message: "\(error.description); check --scenario") }
        let (scenario, diagnostics) = ScenarioLoader.load(bytes: bytes, file: path, zone: zone, kinds: kinds)
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

/// stdout, or `--out FILE` written atomically (a temp file beside it, renamed at the end).
/// The file gets the mode a plain write (a shell's `>`) would give it: an existing file's
/// own, else 0666 less the umask (mkstemp's temp file is 0600 until then).
final class OutputTarget {
    private let console: Console
    private let path: String?
    private let temporary: String?
    private var fd: Int32 = -1
    private var failure: String?
    /// Whether `commit` waits for the bytes to reach the disk (fsync) before the rename.
    private let durable: Bool

    struct Failure: Error { let message: String }

    /// - Parameter durable: fsync before the rename (`run --out`; `compile` writes its
    ///   thousands of plans with `writeFile`, not durable: a rename alone still never
    ///   shows a reader half a file).
    init(path: String?, console: Console, durable: Bool = true) throws(UsageError) {
        self.console = console
        self.path = path
        self.durable = durable
        guard let path else { temporary = nil; return }
        do throws(Failure) {
            (fd, temporary) = try Self.temporaryFile(beside: path)
        } catch {
            throw UsageError(message: error.message)
        }
    }

    /// An open temporary file in `path`'s directory, named after it.
    private static func temporaryFile(beside path: String) throws(Failure) -> (Int32, String) {
        let dir = SourceFiles.directory(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var bytes = Array((dir + "." + base + ".widgetc-XXXXXX").utf8CString)
        let fd = mkstemp(&bytes)
        guard fd >= 0 else { throw Failure(message: "cannot write --out '\(path)': \(String(cString: strerror(errno)))") }
        return (fd, String(decoding: bytes.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Writes a whole file atomically (a temporary file renamed over `path`), from any thread.
    static func writeFile(_ bytes: [UInt8], to path: String, durable: Bool, umask mask: mode_t) throws(Failure) {
        let (fd, temporary) = try temporaryFile(beside: path)
        try finish(fd: fd, temporary: temporary, path: path, failure: writeAll(fd, bytes), durable: durable, umask: mask)
    }

    /// Sets the plain mode, syncs if asked, closes and renames; on any failure removes the temporary file.
    private static func finish(fd: Int32, temporary: String, path: String, failure: String?, durable: Bool, umask mask: mode_t) throws(Failure) {
        var failure = failure
        if failure == nil, fchmod(fd, plainMode(of: path, umask: mask)) != 0 { failure = String(cString: strerror(errno)) }
        if durable, failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw Failure(message: "cannot write --out '\(path)': \(failure)")
        }
    }

    func write(_ bytes: [UInt8]) {
        guard path != nil else { console.outBytes(bytes); return }
        guard failure == nil else { return }
        failure = writeAll(fd, bytes)
    }

    /// The same from bytes in place: a file gets them without a copy.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard path != nil else { console.outBytes(Array(bytes)); return }
        guard failure == nil else { return }
        failure = writeAll(fd, UnsafeRawBufferPointer(bytes))
    }

    func commit() throws(Failure) {
        guard let path, let temporary else { return }
        defer { fd = -1 }
        try Self.finish(fd: fd, temporary: temporary, path: path, failure: failure, durable: durable, umask: Self.currentUmask())
    }

    /// An existing regular file's permission bits, else 0666 less the process's umask.
    static func plainMode(of path: String, umask mask: mode_t) -> mode_t {
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { return st.st_mode & 0o7777 }
        return 0o666 & ~mask
    }

    /// The process's umask. It can only be read by setting it, so it is read on one
    /// thread before any file is written (`compile` writes its plans on several).
    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    deinit {
        if fd >= 0, let temporary { close(fd); unlink(temporary) }
    }
}
