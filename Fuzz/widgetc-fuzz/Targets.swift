#if canImport(Glibc)
import Glibc
#endif
import ECMARegexEngine
import Foundation
import JSONSchema
import WidgetCLI
import WidgetCompiler
import WidgetSupport
import WidgetTemplates
import WidgetTime
import WidgetYAML
import WidgetcRuntimeCore

/// One libFuzzer target: a reader of outside bytes and what follows it. Each bounds what it
/// does (input size, output size), and a refusal by the code under test is a normal outcome:
/// only a trap, a sanitizer report, a timeout (`-timeout=1`) or memory over `-rss_limit_mb`
/// is a finding.
/// Writes to standard error (no stdio `FILE`: Swift 6 sees it as shared mutable state).
func printError(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    /// Inputs longer than this are ignored (libFuzzer's `-max_len` is set to it by bench/fuzz).
    let maxInput: Int
    var setUp: @Sendable () -> Void = {}
    let body: @Sendable ([UInt8]) -> Void

    func run(_ bytes: [UInt8]) {
        guard bytes.count <= maxInput else { return }
        body(bytes)
    }
}

enum FuzzTargets {
    nonisolated(unsafe) static var selected: FuzzTarget?

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "yaml", summary: "WidgetYAML: load + compose every document, then as JSON; the simple form against libyaml", maxInput: 64 << 10, body: yaml),
        FuzzTarget(name: "json", summary: "WidgetSupport JSONReader (plans, catalogs, container files, schemas)", maxInput: 64 << 10, body: json),
        FuzzTarget(name: "schema", summary: "JSONSchema: compile a schema, evaluate an instance (SCHEMA NUL INSTANCE)", maxInput: 32 << 10, body: schema),
        FuzzTarget(name: "regex", summary: "ECMARegexEngine: parse + search (PATTERN NUL [k] SUBJECT, repeated to k*256 bytes)", maxInput: 8 << 10, body: regex),
        FuzzTarget(name: "template", summary: "WidgetTemplates: parse + render with the output bound (TEMPLATE NUL CONTEXT-JSON)", maxInput: 16 << 10, body: template),
        FuzzTarget(name: "cron", summary: "WidgetTime CronParser + fire times in a zone with DST", maxInput: 1 << 10, body: cron),
        FuzzTarget(name: "time", summary: "WidgetTime: durations, instants, local date-times, wall times, zone names ([selector] TEXT)", maxInput: 1 << 10, body: time),
        FuzzTarget(name: "validate", summary: "WidgetCompiler: the whole validate pipeline on one file (YAML, schema, checks, lowering)", maxInput: 64 << 10, body: validate),
        FuzzTarget(name: "run", summary: "widgetc run on a definition + a container file, 2 days (DEFINITION NUL CONTAINER-JSON)", maxInput: 64 << 10, setUp: RunFixture.setUp, body: RunFixture.run),
        FuzzTarget(name: "plan", summary: "WidgetcRuntime: WidgetPlan(data:) + timeline, snapshot, placeholder", maxInput: 64 << 10, body: plan),
        FuzzTarget(name: "catalog", summary: "WidgetCompiler StringCatalog: load + every translation as the plan takes it", maxInput: 64 << 10, body: catalog),
        FuzzTarget(name: "network", summary: "WidgetcRuntime URL source: a response body through select (SELECT NEWLINE BODY)", maxInput: 64 << 10, setUp: NetworkFixture.setUp, body: NetworkFixture.run),
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// The bytes before the first NUL and after it (all of it and nothing without a NUL).
    static func split(_ bytes: [UInt8]) -> ([UInt8], [UInt8]) {
        guard let nul = bytes.firstIndex(of: 0) else { return (bytes, []) }
        return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...]))
    }

    static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A zone with daylight saving time (so walks cross gaps and overlaps).
    static let zone = ZoneRules.named("Europe/Paris") ?? ZoneRules.utc
    /// 2026-03-28T00:00:00Z: the night before Europe's spring-forward.
    static let start = Instant(seconds: 1_774_656_000)

    // MARK: Targets

    static func yaml(_ bytes: [UInt8]) {
        let file = YAMLLoader.load(bytes: bytes)
        for document in file.documents {
            let value = document.json
            _ = JSONWriter.string(value).utf8.count
        }
        _ = file.error?.message
        // Differential: what the simple form reads (the loader's fast path), libyaml reads into
        // the same events, mark for mark; a difference is a finding.
        if let simple = YAMLEventListing.simpleForm(bytes) {
            if simple != YAMLEventListing.libyaml(bytes) {
                printError("the simple form and libyaml disagree on this input")
                abort()
            }
            // The simple form composes as it reads: the file it loads is libyaml's too.
            if YAMLEventListing.loaded(bytes, simpleForm: true) != YAMLEventListing.loaded(bytes, simpleForm: false) {
                printError("the simple form and libyaml load this input differently")
                abort()
            }
        }
    }

    static func json(_ bytes: [UInt8]) {
        guard let node = try? JSONReader.parse(bytes: bytes) else { return }
        _ = JSONWriter.string(node.json).utf8.count
    }

    static func schema(_ bytes: [UInt8]) {
        let (schemaBytes, instanceBytes) = split(bytes)
        guard let document = try? JSONReader.parse(bytes: schemaBytes).json else { return }
        guard let schema = try? Schema(document, uri: "file:///fuzz/schema.json") else { return }
        let instance = (try? JSONReader.parse(bytes: instanceBytes)) ?? SourceNode(json: .null)
        for failure in schema.validate(instance) { _ = failure.message }
    }

    static func regex(_ bytes: [UInt8]) {
        let (patternBytes, rest) = split(bytes)
        guard let regex = try? ECMARegex(text(patternBytes)) else { return }
        var subject = rest
        if let k = rest.first, k > 0, rest.count > 1 {
            let unit = rest.dropFirst()
            let length = Int(k) * 256
            subject = []
            subject.reserveCapacity(length + unit.count)
            while subject.count < length { subject += unit }
        }
        _ = regex.outcome(text(subject))
    }

    /// One line of bench/regex-differential: `["PATTERN", "SUBJECT"]` → 1, 0, E or X.
    static func regexEval(_ line: String) -> String {
        guard let value = try? JSONReader.parse(line).json, case .array(let pair) = value, pair.count == 2,
            case .string(let pattern) = pair[0], case .string(let subject) = pair[1]
        else { return "?" }
        guard let regex = try? ECMARegex(pattern) else { return "E" }
        switch regex.outcome(subject) {
        case .some(true): return "1"
        case .some(false): return "0"
        case .none: return "X"
        }
    }

    static func template(_ bytes: [UInt8]) {
        let (source, contextBytes) = split(bytes)
        guard let template = try? Template(text(source)) else { return }
        let context = (try? JSONReader.parse(bytes: contextBytes).json) ?? .object(JSONObject())
        var missing: [String] = []
        let value = template.render(context, missing: &missing)
        if case .string(let s) = value, s.utf8.count > Template.maxRenderedBytes + 8 {
            fatalError("fuzz: a rendered value has \(s.utf8.count) bytes, over Template.maxRenderedBytes")
        }
        let s = template.renderString(context)
        if s.utf8.count > Template.maxRenderedBytes + 8 {
            fatalError("fuzz: a rendered text has \(s.utf8.count) bytes, over Template.maxRenderedBytes")
        }
    }

    static func cron(_ bytes: [UInt8]) {
        guard let cron = try? CronExpression(text(bytes)) else { return }
        var count = 0
        for _ in cron.fireTimes(after: start, in: zone, before: start + 400 * 86_400) {
            count += 1
            if count == 200 { break }
        }
        // Unbounded search, as a rule without a horizon asks for its next reload.
        _ = cron.next(after: start, in: zone)
        _ = cron.next(after: start, in: ZoneRules.utc)
    }

    static func time(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let s = text(bytes.dropFirst())
        switch selector % 8 {
        case 0:
            guard let seconds = try? DurationParser.parse(s) else { return }
            _ = DurationFormatter.format(seconds)
            _ = DurationFormatter.iso8601(seconds)
            if let every = AlignedEvery(seconds: seconds) {
                var it = every.instants(after: start, in: zone, before: start + 3 * 86_400)
                for _ in 0..<100 { if it.next() == nil { break } }
            }
            _ = AlignedEvery.alignmentProblem(seconds: seconds)
        case 1:
            guard let (instant, offset) = try? InstantParser.parse(s) else { return }
            _ = zone.iso8601(instant)
            _ = zone.localDateTime(of: instant).description
            _ = offset
        case 2:
            guard let (instant, _) = try? InstantParser.parse(s, localIn: zone) else { return }
            _ = zone.timeText(instant)
            _ = zone.dayText(instant)
        case 3:
            _ = try? RelativeInstant.parse(s)
        case 4:
            guard let moment = try? Moment.parse(s) else { return }
            _ = zone.iso8601(moment.instant(from: start))
        case 5:
            guard let local = try? LocalDateTime.parse(s) else { return }
            _ = zone.resolve(local: zone.localSeconds(of: zone.instant(for: local)))
        case 6:
            guard let minute = try? WallTime.parse(s) else { return }
            _ = WallTime.format(minuteOfDay: minute)
            _ = zone.wallTimeInstant(day: 20_540, minuteOfDay: minute)
            _ = DailySlots(minutesOfDay: [minute], zone: zone).next(after: start)
        default:
            guard let rules = ZoneRules.named(s) else { return }
            _ = rules.utcOffset(at: start)
            _ = rules.transitions(from: start, to: start + 400 * 86_400).count
            _ = rules.iso8601(start)
        }
    }

    static func validate(_ bytes: [UInt8]) {
        // A fresh validator each time (the schemas are compiled once per process): nothing
        // is remembered between inputs, as `validate` on one file.
        let validator = Compilation(purpose: .compile)
        let path = bytes.starts(with: Array("{".utf8)) ? "/nonexistent/widgetc-fuzz/w.json" : "/nonexistent/widgetc-fuzz/w.yaml"
        let compiled = validator.compile(bytes: bytes, path: path)
        let diagnostics = compiled?.diagnostics ?? []
        for diagnostic in diagnostics { _ = diagnostic.message }
        for lowered in compiled?.plans ?? [] {
            if case .widget(_, let plan) = lowered { _ = JSONWriter.string(plan.json).utf8.count }
        }
    }

    static func plan(_ bytes: [UInt8]) {
        guard let plan = try? WidgetPlan(data: Data(bytes), timeZone: TimeZone(identifier: "Europe/Paris") ?? .current, locale: Locale(identifier: "de")) else { return }
        let date = Date(timeIntervalSince1970: TimeInterval(start.seconds))
        let timeline = plan.timeline(at: date, fetcher: NoNetwork())
        _ = timeline.entries.count
        _ = plan.snapshot(at: date)
        _ = plan.placeholder(at: date)
        for family in plan.families.dropFirst().prefix(2) { _ = plan.timeline(at: date, family: family, fetcher: NoNetwork()) }
    }

    static func catalog(_ bytes: [UInt8]) {
        let (catalog, diagnostics) = StringCatalog.load(bytes: bytes, path: "/nonexistent/widgetc-fuzz/Localizable.xcstrings")
        for diagnostic in diagnostics { _ = diagnostic.message }
        guard let catalog else { return }
        let languages = catalog.languages
        for entry in catalog.entries.prefix(200) {
            for localization in entry.localizations.prefix(8) {
                _ = catalog.lookup(localization, formatted: false)
                _ = catalog.lookup(localization, formatted: true)
            }
            for language in languages.prefix(8) {
                _ = catalog.whyUntranslated(entry.key, locale: language, fallbacks: LocaleTag.fallbacks(of: language), formatted: false)
            }
        }
        // Every other key used with its arguments, so both plan forms are written.
        let uses = catalog.entries.prefix(200).enumerated().map { n, entry in
            LocalizableString(key: entry.key, location: entry.keyLocation, pointer: "", arguments: n.isMultiple(of: 2) ? [] : nil)
        }
        _ = JSONWriter.string(catalog.planStrings(for: uses)).utf8.count
    }
}

/// `run` in process, as `widgetc run W.yaml --container DIR --from … --for 2d --format json`:
/// the definition and the container file are written to a private directory each time.
enum RunFixture {
    nonisolated(unsafe) static var directory = ""
    /// Every file name a widget of widgets/ reads from its container: each is the same file.
    static let containerNames = [
        "data.json", "calendar.json", "character.json", "dragon.json", "energy.json", "launch.json", "news.json",
        "notes.json", "quests.json", "quotes.json", "tutorials.json", "weather.json",
    ]

    static func setUp() {
        var template = Array("/tmp/widgetc-fuzz-run-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return }
        directory = String(cString: made)
        mkdir(directory + "/container", 0o700)
        write(directory + "/container/data.json", [])
        for name in containerNames.dropFirst() {
            link(directory + "/container/data.json", directory + "/container/" + name)
        }
        atexit {
            for name in RunFixture.containerNames { unlink(RunFixture.directory + "/container/" + name) }
            unlink(RunFixture.directory + "/w.yaml")
            rmdir(RunFixture.directory + "/container")
            rmdir(RunFixture.directory)
        }
    }

    /// Rewrites `path` in place (the same inode, so every hard link sees the new bytes).
    static func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    static func run(_ bytes: [UInt8]) {
        guard !directory.isEmpty else { return }
        let (definition, container) = FuzzTargets.split(bytes)
        write(directory + "/w.yaml", definition)
        write(directory + "/container/data.json", container)
        let console = NullConsole()
        _ = WidgetCLI.main(
            ["run", directory + "/w.yaml", "--container", directory + "/container", "--from", "2026-03-28T00:00:00Z", "--for", "2d", "--format", "json"],
            console: console)
    }
}

/// Counts what a command writes and drops it.
final class NullConsole: Console {
    var bytes = 0
    func out(_ text: String) { bytes += text.utf8.count }
    func outBytes(_ bytes: [UInt8]) { self.bytes += bytes.count }
    func err(_ text: String) { bytes += text.utf8.count }
    var colorDiagnostics: Bool { false }
}

/// A URL data source's answer through `select`: the plan of a widget with a POST source
/// (widgets/wishes.yaml's shape), its `select` replaced by the input's first line, answered
/// with the rest as the body.
enum NetworkFixture {
    nonisolated(unsafe) static var plan: JSONValue?

    static let definition = """
        kind: com.example.fuzz.network
        displayName: Network
        description: A URL source.
        families: [systemMedium]
        timeZone: Europe/Paris
        parameters:
          city: { type: string, title: City, default: Paris }
        data:
          answer:
            url: "https://api.example.com/wishes?city={{param.city}}"
            method: POST
            body: "city={{param.city}}"
            timeout: 15s
            retry: 15m
            select: /data
        placeholder: { title: Wishes }
        content:
          title: "{{data.answer.title}}"
          content: "{{#data.answer.items}}{{name}}: {{value}}; {{/data.answer.items}}"
          raw: "{{data.answer}}"
        timeline:
          every: 1h
          horizon: 6h
        """

    static func setUp() {
        let validator = Compilation(purpose: .compile)
        let compiled = validator.compile(bytes: Array(definition.utf8), path: "/nonexistent/widgetc-fuzz/network.yaml")
        for case .widget(_, let p) in compiled?.plans ?? [] { plan = p.json }
        if plan == nil {
            let problems = (compiled?.diagnostics ?? []).map(\.message).joined(separator: "; ")
            printError("widgetc-fuzz network: the fixture does not lower: \(problems)\n")
            exit(2)
        }
    }

    /// Replaces every member named `select` (the one URL source's).
    static func replacingSelect(_ value: JSONValue, _ select: String) -> JSONValue {
        switch value {
        case .object(var members):
            for (key, member) in members { members[key] = key == "select" ? .string(select) : replacingSelect(member, select) }
            return .object(members)
        case .array(let items):
            return .array(items.map { replacingSelect($0, select) })
        default:
            return value
        }
    }

    struct Answer: DataFetcher {
        let status: Int
        let body: [UInt8]
        func fetch(_ request: FetchRequest) -> FetchResult { .response(status: status, body: body) }
    }

    static func run(_ bytes: [UInt8]) {
        guard let base = plan else { return }
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        let select = FuzzTargets.text(bytes[..<newline])
        let body = newline < bytes.endIndex ? Array(bytes[(newline + 1)...]) : []
        let data = Data(JSONWriter.string(replacingSelect(base, select)).utf8)
        guard let widget = try? WidgetPlan(data: data, timeZone: TimeZone(identifier: "UTC") ?? .current, locale: nil) else { return }
        let date = Date(timeIntervalSince1970: TimeInterval(FuzzTargets.start.seconds))
        let store = ResponseStore()
        let timeline = widget.timeline(at: date, fetcher: Answer(status: 200, body: body), responses: store)
        for entry in timeline.entries { _ = entry.content.count }
        // Again an hour later: the kept answer (maxAge) or a new request.
        _ = widget.timeline(at: date.addingTimeInterval(3600), fetcher: Answer(status: 503, body: []), responses: store)
    }
}
