#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// `widgetc fetch FILE …`: each URL data source's request once, now, with the
/// outcome and the value `data.NAME` would get (spec network-data.md).
enum FetchCommand {
    static let command = Command(
        name: "fetch",
        usage: "widgetc fetch [--param NAME=VALUE ...] [--record FILE] FILE ...",
        abstract: "Request each URL data source once, now, and print the outcome and the selected value.",
        discussion: """
            The developer's quick check of an endpoint against the widget's select: real requests (URLSession; \
            libcurl on Linux), each within its source's timeout. Exit status 1 when a request failed.
            """,
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [
            OptionSpec("param", value: "NAME=VALUE", repeatable: true, help: "Intent parameter value (repeatable)."),
            OptionSpec("record", value: "FILE", help: "Write the answers as a scenario of respond items (atomically)."),
        ]
        let paths: [String]
        let assignments: [(name: String, value: String)]
        let network: NetworkOptions.Choice

        init(_ args: ParsedArguments) throws(UsageError) {
            guard !args.positional.isEmpty else {
                throw UsageError(message: "'fetch' needs at least one widget FILE, e.g. widgetc fetch widgets/wishes.yaml")
            }
            paths = args.positional
            assignments = try ParameterValues.assignments(args.all("param"))
            network = try NetworkOptions.Choice(args, alwaysLive: true)
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let loaded: WidgetLoader.Loaded
        do { loaded = try WidgetLoader.load(paths: options.paths, defaultZone: ZoneRules.current, jobs: Jobs.count()) } catch {
            throw UsageError(message: error.description)
        }
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
        renderer.show(loaded.reports, console)
        if loaded.hasErrors {
            console.err("error: the definitions have errors; fix them to fetch (see widgetc validate)\n")
            return .inputErrors
        }
        let fetching = loaded.widgets.filter(\.widget.fetchesURLs)
        let widgets = fetching.map(\.widget)
        guard !widgets.isEmpty else {
            throw UsageError(message: "no URL data source in \(options.paths.joined(separator: ", ")); 'fetch' requests data sources with url:")
        }
        for (name, _) in options.assignments where !widgets.contains(where: { $0.parameters.contains { $0.name == name } }) {
            throw UsageError(message: "unknown parameter '\(name)' for the widgets fetched")
        }
        let assignments = options.assignments
        let network = try NetworkOptions(options.network)
        try OutputTarget.refuseOverwriting(
            network.recordPath, option: "--record", inputs: options.paths + loaded.widgets.map(\.path) + loaded.catalogs)
        let fetcher = network.fetcher(scenario: Scenario())
        let now = Instant(seconds: Int64(time(nil)))
        var failed = false
        for (widget, path) in zip(widgets, fetching.map(\.path)) {
            let parameters: JSONObject
            do { parameters = try ParameterValues.values(for: widget, assignments) } catch { throw UsageError(message: error.message) }
            // The file as given: this is a report for the person at the terminal.
            console.out("\(widget.kind)  \(path)\n")
            let container = Container(directory: fetching.first { $0.widget === widget }?.containerDirectory ?? "")
            for (request, value, _) in widget.fetchOnce(at: now, parameters: parameters, container: container, fetcher: fetcher) {
                console.out("  \(request.source)  \(request.method) \(request.url)\n")
                switch request.outcome {
                case .ok:
                    console.out("    ok \(request.status.map(String.init) ?? "")\n")
                    console.out("    \(value.map(JSONWriter.string) ?? "null")\n")
                default:
                    failed = true
                    console.out("    \(request.outcome.rawValue): \(request.error ?? "no answer")\n")
                }
            }
        }
        try network.writeRecording(scenario: Scenario())
        return failed ? .inputErrors : .success
    }
}
