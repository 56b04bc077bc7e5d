import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport

/// `widgetc preview FILE --out PAGE.html`: the run drawn as one self-contained HTML page
/// (docs/preview.md). The same options, checks and simulator as `run`; each family of each
/// widget is one run, drawn by `PreviewPage`.
enum PreviewCommand {
    /// run's flags that make sense for a page (not --format, --network, --record).
    static let sharedOptions = ["family", "param", "defaults", "from", "until", "for", "tz", "budget", "min-interval", "container", "scenario", "context", "locale"]

    static let command = Command(
        name: "preview",
        usage: "widgetc preview [options] FILE --out PAGE.html",
        abstract: "Draw a widget's simulated day as one HTML page: its entries as cards, its reloads and budget.",
        discussion: """
            Runs the widgets in FILE as 'widgetc run' does (same options, same checks), once per family \
            (every declared family, or --family), and writes one self-contained page: no script, no network, \
            no font files; the same input gives the same bytes.
            """,
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [OptionSpec("family", value: "F", help: "Only this family (default: every family the widget declares).")]
            + RunCommand.Options.options.filter { $0.name != "family" && sharedOptions.contains($0.name) } + [
                OptionSpec.choice(
                    "device", DeviceClass.self,
                    help: "Draw faces at this device class's widget sizes (default: \(DeviceClass.standard.rawValue))."),
                OptionSpec("accented", help: "Also draw each face in the accented (tinted) rendering, accentable elements in the tint."),
                OptionSpec("tint", value: "#RRGGBB", help: "The accented rendering's tint (implies --accented; default \(PreviewPage.defaultTint))."),
                OptionSpec("out", value: "FILE", help: "The page to write, atomically (required)."),
            ] + FleetCommand.fleetOptions.map { spec in
                spec.name == "devices"
                    ? OptionSpec("devices", value: "N", help: "Add the fleet: the requests per minute N installs bring the app's server, as 'widgetc fleet' counts them.")
                    : spec
            }
        let paths: [String]
        let simulation: RunOptions
        let out: String
        let device: DeviceClass
        /// The accented rendering's tint (`#RRGGBB`), when it is drawn.
        let tint: String?
        /// `--devices N` and the fleet's other options: the page's fleet section.
        let fleet: FleetOptions?

        init(_ args: ParsedArguments) throws(UsageError) {
            guard !args.positional.isEmpty else {
                throw UsageError(message: "'preview' needs a FILE, e.g. widgetc preview widgets/weather.yaml --out weather.html")
            }
            paths = args.positional
            out = try args.required("out", else: "'preview' needs --out PAGE.html (the page is written to a file)")
            device = try args.choice("device", default: DeviceClass.standard)
            var tint: String? = args.has("accented") ? PreviewPage.defaultTint : nil
            if let hex = args.value("tint") {
                let digits = hex.dropFirst()
                guard hex.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.isHexDigit) else {
                    throw UsageError(message: "--tint '\(hex)' is not a colour: write it as #RRGGBB, e.g. --tint #FF9F0A")
                }
                tint = hex.uppercased()
            }
            self.tint = tint
            fleet = try FleetCommand.fleet(args)
            simulation = try RunOptions(args)
        }
    }

    static func run(_ previewOptions: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let (options, outPath) = (previewOptions.simulation, previewOptions.out)
        guard let (loaded, _, instances) = try options.instances(of: previewOptions.paths, console: console, verb: "preview") else {
            return .inputErrors
        }

        try OutputTarget.refuseInput(outPath, inputs: options.inputs(of: previewOptions.paths, loaded))
        let output = try OutputTarget(path: outPath, console: console)
        var widgets: [PreviewPage.Widget] = []
        for (loadedWidget, configuration) in instances {
            let widget = loadedWidget.widget
            let container = Container(directory: options.containerDirectory ?? loadedWidget.containerDirectory)
            let zone = options.printZone ?? widget.zone
            let families = options.family == nil ? widget.families : [configuration.family]
            var runs: [PreviewPage.FamilyRun] = []
            // What the faces embed: the container, and the remote images the reloads downloaded.
            var faceContainer = container
            for family in families {
                var familyConfiguration = configuration
                familyConfiguration.family = family
                let run = WidgetRun(provider: widget, configuration: familyConfiguration, container: container, zone: zone)
                var (reloads, summary) = run.collect()
                for reload in reloads {
                    for image in reload.images { try? faceContainer.write(image.path, bytes: image.bytes) }
                }
                // The faces: each entry's render tree, as the extension computes it (docs/render-tree.md);
                // values that do not render are warned as `run --view` warns them.
                let failures = ViewFailures()
                let locate = RunCommand.locator(of: loadedWidget, in: loaded)
                var faceWarnings: [RunWarning] = []
                let views: [[JSONValue?]] = widget.view == nil ? [] : reloads.map { reload in
                    let trees = reload.timeline.entries.enumerated().map { i, entry in
                        widget.tree(for: entry, index: i, family: family, parameters: familyConfiguration.parameters, failures: failures)?.json
                    }
                    faceWarnings += RunFaces.warnings(failures, at: reload.at, locate: locate)
                    return trees
                }
                summary.warnings = RunFaces.merged(RunCommand.placed(summary.warnings, locate), faceWarnings)
                runs.append(PreviewPage.FamilyRun(family: family, reloads: reloads, summary: summary, views: views))
            }
            let header = RunHeader(configuration: configuration, file: widget.file, timeZone: zone.identifier, zone: zone, locale: widget.locale)
            widgets.append(PreviewPage.Widget(
                header: header, displayName: widget.displayName, scenario: configuration.scenario, runs: runs, container: faceContainer))
        }
        // The fleet runs each widget's instance as configured (the first family unless --family).
        let fleet = previewOptions.fleet.map { FleetChart(report: FleetCommand.report(instances, options, $0)) }
        output.write(Array(PreviewPage(widgets: widgets, device: previewOptions.device, tint: previewOptions.tint, fleet: fleet).html().utf8))
        do { try output.commit() } catch { throw UsageError(message: error.message) }
        return .success
    }
}
