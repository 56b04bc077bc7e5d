import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// `widgetc fleet FILE --devices N`: what the app's server sees when N devices run the widgets
/// (docs/fleet.md): requests per minute, the peak, and the rule instants behind each peak.
enum FleetCommand {
    static let command = Command(
        name: "fleet",
        usage: "widgetc fleet [options] FILE --devices N",
        abstract: "Simulate N installs of the widgets and print the requests per minute their server sees.",
        discussion: """
            Runs every widget in FILE (a widget, a directory or an app manifest with its bundle) on N devices \
            as 'widgetc run' runs one (the same policies, budget and spacing), each device with its own install \
            instant (--spread before the window), clock offset (--skew) and jitter offset (--jitter, or the \
            widget's policy jitter). A URL data source counts one request per reload that sends it; a widget \
            reading only the app group container counts its reloads. The fleet is drawn from --seed: the same \
            options give the same numbers.
            """,
        options: Options.self,
        run: run
    )

    /// The output formats of `fleet`.
    enum Format: String, CaseIterable {
        case text, json
    }

    /// How the fleet is drawn: fleet's options, and preview's for its fleet section.
    static let fleetOptions = [
        OptionSpec("devices", value: "N", help: "How many devices install the widgets (required; 1 to 10,000,000)."),
        OptionSpec("spread", value: "D", help: "Installs fall uniformly over this time before the window (default 24h; 0: all at its start)."),
        OptionSpec("jitter", value: "D", help: "Move each device's `after` reloads by its own offset in [0, D) (default: each widget's policy jitter)."),
        OptionSpec("skew", value: "D", help: "Each device's clock is off by up to this much either way, in whole seconds (default 0s)."),
        OptionSpec("seed", value: "N", help: "The seed the devices are drawn from (default 1)."),
    ]

    /// `--devices` and the rest as `FleetOptions`; nil when `--devices` is not given (then none
    /// of the others may be).
    static func fleet(_ args: ParsedArguments) throws(UsageError) -> FleetOptions? {
        guard let text = args.value("devices") else {
            if let other = ["spread", "jitter", "skew", "seed"].first(where: { args.value($0) != nil }) {
                throw UsageError(message: "--\(other) draws the fleet, which needs --devices N, e.g. --devices 10000")
            }
            return nil
        }
        guard let devices = Int(text), devices >= 1, devices <= 10_000_000 else {
            throw UsageError(message: "--devices '\(text)' is not a number of devices; use a whole number from 1 to 10000000")
        }
        var fleet = FleetOptions(devices: devices)
        fleet.spread = try Options.duration(args, "spread", default: 86_400, allowZero: true)
        if args.value("jitter") != nil { fleet.jitter = try Options.duration(args, "jitter", default: 0, allowZero: true) }
        fleet.skew = try Options.duration(args, "skew", default: 0, allowZero: true)
        if let seed = args.value("seed") {
            guard let value = UInt64(seed) else {
                throw UsageError(message: "--seed '\(seed)' is not a seed; use a whole number from 0 to 18446744073709551615")
            }
            fleet.seed = value
        }
        return fleet
    }

    /// The load of `instances` (as `run` configures them) on the fleet, ready to print or draw.
    static func report(_ instances: [(LoadedWidget, RunConfiguration)], _ simulation: RunOptions, _ options: FleetOptions) -> FleetReport {
        let widgets = instances.map { loadedWidget, configuration in
            FleetWidget(
                widget: loadedWidget.widget, configuration: configuration,
                container: Container(directory: simulation.containerDirectory ?? loadedWidget.containerDirectory),
                zone: loadedWidget.widget.zone)
        }
        let load = FleetRun.simulate(widgets, options: options)
        let zone = simulation.printZone ?? widgets[0].widget.zone
        return FleetReport(
            load: load,
            widgets: instances.map {
                FleetReport.Widget(file: $0.0.path, kind: $0.0.widget.kind, unit: FleetWidget.unit(of: $0.0.widget), jitter: $0.0.widget.policyJitter)
            }, zone: zone)
    }

    struct Options: CommandOptions {
        static let options = FleetCommand.fleetOptions
            + RunCommand.Options.options.filter { PreviewCommand.sharedOptions.contains($0.name) && $0.name != "context" } + [
                OptionSpec.choice("format", Format.self, help: "Output format (default text)."),
                OptionSpec("out", value: "FILE", help: "Write the output there, atomically (default stdout)."),
            ]
        let paths: [String]
        let simulation: RunOptions
        let fleet: FleetOptions
        let format: Format
        let out: String?

        init(_ args: ParsedArguments) throws(UsageError) {
            guard !args.positional.isEmpty else {
                throw UsageError(message: "'fleet' needs a FILE, e.g. widgetc fleet widgets/stocks.yaml --devices 10000")
            }
            paths = args.positional
            guard args.value("devices") != nil, let fleet = try FleetCommand.fleet(args) else {
                throw UsageError(message: "'fleet' needs --devices N, the number of installs, e.g. --devices 10000")
            }
            self.fleet = fleet
            simulation = try RunOptions(args)
            format = try args.choice("format", default: .text)
            out = args.value("out")
        }

        /// `--NAME D`: a duration such as 90s, 5m or 24h.
        static func duration(_ args: ParsedArguments, _ name: String, default value: Int64, allowZero: Bool) throws(UsageError) -> Int64 {
            guard let text = args.value(name) else { return value }
            if allowZero, text == "0" { return 0 }
            guard let seconds = try? DurationParser.parse(text), seconds >= (allowZero ? 0 : 1), seconds <= 366 * 86_400 else {
                throw UsageError(message: "--\(name) '\(text)' is not a duration; use one such as 90s, 5m or 24h (at most 366d)")
            }
            return seconds
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let simulation = options.simulation
        guard let (loaded, _, instances) = try simulation.instances(of: options.paths, console: console, verb: "simulate a fleet of") else {
            return .inputErrors
        }
        try OutputTarget.refuseInput(options.out, inputs: simulation.inputs(of: options.paths, loaded))
        let report = Self.report(instances, simulation, options.fleet)
        let output = try OutputTarget(path: options.out, console: console)
        switch options.format {
        case .text: output.write(Array(report.text.utf8))
        case .json: output.write(Array((JSONWriter.string(report.json) + "\n").utf8))
        }
        do { try output.commit() } catch { throw UsageError(message: error.message) }
        return .success
    }
}
