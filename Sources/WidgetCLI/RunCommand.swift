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
        guard let (loaded, scenario, instances) = try options.instances(of: args.positional, console: console, verb: "run") else {
            return .inputErrors
        }

        let network = try NetworkOptions(args)
        try OutputTarget.refuseInput(
            args.value("out"), inputs: args.positional + loaded.widgets.map(\.widget.file) + (options.scenarioPath.map { [$0] } ?? []))
        let output = try OutputTarget(path: args.value("out"), console: console)
        let bounds = RunBounds()
        var writer = RunWriter(format: options.format, arrayOfRuns: options.format == .json && instances.count > 1, bytesOutput: { bytes in
            if bounds.wrote(bytes.count) { output.write(bytes) }
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
            var sink = BoundedSink(writer, bounds: bounds, kind: widget.kind) { t in t.iso8601(offset: zone.utcOffset(at: t)) }
            let summary = run.run(into: &sink)
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

    /// The widgets in `paths`, each with its run configuration (what `run` and `preview` run):
    /// definitions loaded and checked, the scenario read, every flag checked against every
    /// widget before anything is written. nil (after printing the diagnostics) when the
    /// definitions or the scenario have errors; a usage error for the command line.
    func instances(
        of paths: [String], console: Console, verb: String
    ) throws(UsageError) -> (loaded: WidgetLoader.Loaded, scenario: Scenario, instances: [(LoadedWidget, RunConfiguration)])? {
        let loaded: WidgetLoader.Loaded
        do {
            loaded = try WidgetLoader.load(paths: paths, defaultZone: zone, locale: locale)
        } catch {
            throw UsageError(message: "\(error.description); check the path")
        }
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
        for d in loaded.diagnostics { console.err(renderer.text(d)) }
        if loaded.hasErrors {
            console.err("error: the definitions have errors; fix them to \(verb) (see widgetc validate)\n")
            return nil
        }
        if loaded.widgets.isEmpty {
            throw UsageError(message: "no widgets found in \(paths.joined(separator: ", "))")
        }
        guard let scenario = try loadScenario(kinds: loaded.widgets.map(\.widget.kind), console: console, renderer: renderer) else {
            return nil
        }
        // Check every instance before writing anything: a bad --param is exit 2 with nothing on stdout.
        try checkFamilyDeclared(loaded.widgets.map(\.widget))
        var instances: [(LoadedWidget, RunConfiguration)] = []
        for loadedWidget in loaded.widgets {
            instances.append((loadedWidget, try configuration(for: loadedWidget.widget, scenario: scenario)))
        }
        try checkParametersKnown(loaded.widgets.map(\.widget))
        return (loaded, scenario, instances)
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
/// own, else 0666 less the umask (the temp file is 0600 until then).
///
/// A symlink is followed: what it points at is written (atomically when that is a regular
/// file, or would be one). A target that exists and is not a regular file (a device such
/// as /dev/null, a FIFO) is written through, as a shell's `>` would, never replaced. On Linux
/// the temp file is anonymous (`O_TMPFILE`, linked in at the end), so even SIGKILL leaves
/// nothing; elsewhere, or where the file system refuses it, `mkstemp`'s file is removed on
/// SIGINT, SIGTERM and SIGHUP (`TemporaryFiles`).
final class OutputTarget {
    private let console: Console
    private let path: String?
    private var pending: Pending?
    private var fd: Int32 = -1
    private var failure: String?
    /// Whether `commit` waits for the bytes to reach the disk (fsync) before the rename.
    private let durable: Bool

    struct Failure: Error { let message: String }

    /// Where the bytes go until `commit`.
    enum Pending {
        /// Straight into `target` (not a regular file).
        case through
        /// An anonymous file in `target`'s directory (Linux's `O_TMPFILE`).
        case anonymous(target: String)
        /// A named temp file (its `TemporaryFiles` slot) beside `target`.
        case named(String, slot: Int, target: String)
    }

    /// - Parameter durable: fsync before the rename (`run --out`; `compile` writes its
    ///   thousands of plans with `writeFile`, not durable: a rename alone still never
    ///   shows a reader half a file).
    init(path: String?, console: Console, durable: Bool = true) throws(UsageError) {
        self.console = console
        self.path = path
        self.durable = durable
        guard let path else { pending = nil; return }
        do throws(Failure) {
            (fd, pending) = try Self.openTarget(path)
        } catch {
            throw UsageError(message: error.message)
        }
    }

    /// Refuses an output path that is one of the inputs (the same file, through any path or link).
    static func refuseInput(_ out: String?, inputs: [String]) throws(UsageError) {
        guard let out else { return }
        var o = stat()
        guard stat(out, &o) == 0, (o.st_mode & S_IFMT) == S_IFREG else { return }
        for input in inputs {
            var i = stat()
            if stat(input, &i) == 0, i.st_dev == o.st_dev, i.st_ino == o.st_ino {
                throw UsageError(message: "--out '\(out)' is the input file '\(input)'; write the output to another path")
            }
        }
    }

    /// Opens what `path` names for writing: through, or a temp file for a regular target.
    private static func openTarget(_ path: String) throws(Failure) -> (Int32, Pending) {
        let target = followingLinks(path)
        var st = stat()
        if stat(target, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            if (st.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "cannot write --out '\(path)': it is a directory") }
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Failure(message: "cannot write --out '\(path)': \(String(cString: strerror(errno)))") }
            return (fd, .through)
        }
        return try temporaryFile(beside: target, shown: path)
    }

    /// The file a chain of symlinks ends at (the path itself when it is no link, or the
    /// last link's target when that does not exist yet).
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : SourceFiles.directory(of: current) + link
        }
        return current
    }

    /// An open temporary file in `target`'s directory: anonymous where the platform allows.
    private static func temporaryFile(beside target: String, shown: String) throws(Failure) -> (Int32, Pending) {
        let dir = SourceFiles.directory(of: target)
        #if os(Linux)
        // O_TMPFILE is __O_TMPFILE | O_DIRECTORY; the macro does not reach Swift.
        let fd = open(dir.isEmpty ? "." : dir, Int32(0o20000000) | O_DIRECTORY | O_WRONLY | O_CLOEXEC, mode_t(0o600))
        if fd >= 0 { return (fd, .anonymous(target: target)) }
        #endif
        let (named, name, slot) = try namedTemporaryFile(beside: target, shown: shown)
        return (named, .named(name, slot: slot, target: target))
    }

    /// `mkstemp` beside `target`, registered for removal on a signal.
    private static func namedTemporaryFile(beside target: String, shown: String) throws(Failure) -> (Int32, String, Int) {
        let dir = SourceFiles.directory(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        var bytes = Array((dir + "." + base + ".widgetc-XXXXXX").utf8CString)
        // Blocked signals: a SIGINT between mkstemp and the registration would leave the file.
        let slot = TemporaryFiles.withSignalsBlocked { () -> (Int32, Int) in
            let fd = mkstemp(&bytes)
            return fd < 0 ? (fd, -1) : (fd, TemporaryFiles.register(bytes))
        }
        guard slot.0 >= 0 else { throw Failure(message: "cannot write --out '\(shown)': \(String(cString: strerror(errno)))") }
        return (slot.0, String(decoding: bytes.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self), slot.1)
    }

    /// Writes a whole file atomically (a temporary file renamed over `path`), from any thread.
    static func writeFile(_ bytes: [UInt8], to path: String, durable: Bool, umask mask: mode_t) throws(Failure) {
        let (fd, pending) = try openTarget(path)
        try finish(fd: fd, pending: pending, path: path, failure: writeAll(fd, bytes), durable: durable, umask: mask)
    }

    /// Sets the plain mode, syncs if asked, closes and renames (or links); on any failure removes the temporary file.
    private static func finish(fd: Int32, pending: Pending, path: String, failure: String?, durable: Bool, umask mask: mode_t) throws(Failure) {
        var failure = failure
        func error() -> String { String(cString: strerror(errno)) }
        switch pending {
        case .through:
            close(fd)
        case .anonymous(let target):
            if failure == nil, fchmod(fd, plainMode(of: target, umask: mask)) != 0 { failure = error() }
            if durable, failure == nil, fsync(fd) != 0 { failure = error() }
            if failure == nil { failure = link(fd, to: target, shown: path) }
            close(fd)
        case .named(let temporary, let slot, let target):
            if failure == nil, fchmod(fd, plainMode(of: target, umask: mask)) != 0 { failure = error() }
            if durable, failure == nil, fsync(fd) != 0 { failure = error() }
            close(fd)
            if failure == nil, rename(temporary, target) != 0 { failure = error() }
            if failure != nil { unlink(temporary) }
            TemporaryFiles.unregister(slot)
        }
        if let failure { throw Failure(message: "cannot write --out '\(path)': \(failure)") }
    }

    /// Gives an anonymous file its name: linked straight to `target` when that does not exist,
    /// else linked to a temp name (registered for signals) renamed over it. Nil, or the error.
    private static func link(_ fd: Int32, to target: String, shown: String) -> String? {
        #if os(Linux)
        let proc = "/proc/self/fd/\(fd)"
        if linkat(AT_FDCWD, proc, AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0 { return nil }
        guard errno == EEXIST else { return String(cString: strerror(errno)) }
        let dir = SourceFiles.directory(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        for _ in 0..<100 {
            let name = dir + "." + base + ".widgetc-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            let slot = TemporaryFiles.withSignalsBlocked { () -> Int in
                linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ? TemporaryFiles.register(Array(name.utf8CString)) : -1
            }
            if slot < 0 {
                if errno == EEXIST { continue }
                return String(cString: strerror(errno))
            }
            defer { TemporaryFiles.unregister(slot) }
            if rename(name, target) != 0 {
                let failure = String(cString: strerror(errno))
                unlink(name)
                return failure
            }
            return nil
        }
        return "no free temporary name"
        #else
        return "anonymous files are Linux's"
        #endif
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
        guard let path, let pending else { return }
        defer { fd = -1; self.pending = nil }
        try Self.finish(fd: fd, pending: pending, path: path, failure: failure, durable: durable, umask: Self.currentUmask())
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
        guard fd >= 0, let pending else { return }
        close(fd)
        if case .named(let temporary, let slot, _) = pending {
            unlink(temporary)
            TemporaryFiles.unregister(slot)
        }
    }
}

/// The named temp files the process has open, removed by a handler for SIGINT, SIGTERM and
/// SIGHUP that then restores the signal's default action and raises it again (so the exit
/// status still says which signal ended the process). Slots hold C strings the handler reads
/// without a lock (it may only make async-signal-safe calls: `unlink`, `signal`, `raise`).
enum TemporaryFiles {
    static let capacity = 256
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = Locked<Bool>(false)  // whether the handlers are installed

    /// Remembers `path` (a NUL-terminated C string) until `unregister`; the slot, or -1 when all are taken.
    static func register(_ path: [CChar]) -> Int {
        lock.withLock { (installed: inout Bool) -> Int in
            if !installed {
                installed = true
                for signal in [SIGINT, SIGTERM, SIGHUP] { install(signal) }
            }
            for i in 0..<capacity where slots[i] == nil {
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: path.count)
                copy.initialize(from: path, count: path.count)
                slots[i] = copy
                return i
            }
            return -1
        }
    }

    static func unregister(_ slot: Int) {
        guard slot >= 0, slot < capacity else { return }
        let path = withSignalsBlocked { () -> UnsafeMutablePointer<CChar>? in
            lock.withLock { (_: inout Bool) -> UnsafeMutablePointer<CChar>? in
                let path = slots[slot]
                slots[slot] = nil
                return path
            }
        }
        path?.deallocate()
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back (delivered after it).
    static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var set = sigset_t(), old = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return body()
    }

    /// Installs the handler unless the signal is ignored (`nohup` keeps SIGHUP ignored).
    private static func install(_ signal: Int32) {
        var old = sigaction()
        sigaction(signal, nil, &old)
        #if os(Linux)
        let ignored = unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1  // SIG_IGN
        #else
        let ignored = unsafeBitCast(old.__sigaction_u.__sa_handler, to: Int.self) == 1
        #endif
        guard !ignored else { return }
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = TemporaryFiles.handle
        #else
        action.__sigaction_u.__sa_handler = TemporaryFiles.handle
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { received in
        for i in 0..<TemporaryFiles.capacity {
            if let path = TemporaryFiles.slots[i] { unlink(path) }
        }
        signal(received, SIG_DFL)
        raise(received)
    }
}
