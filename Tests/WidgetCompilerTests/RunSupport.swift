import Foundation
import Testing
import WidgetCLI
import WidgetCompiler
import WidgetTestSupport
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// Writes a widget and its container into a fresh temporary directory,
/// compiles it through the real pipeline and runs it.
struct SimulatedWidget {
    let directory: String
    let widget: LoadedWidget

    init(yaml: String, data: [String: String] = [:]) throws {
        directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        try yaml.write(toFile: directory + "/widget.yaml", atomically: true, encoding: .utf8)
        for (name, text) in data {
            try text.write(toFile: directory + "/container/" + name, atomically: true, encoding: .utf8)
        }
        let loaded = try WidgetLoader.load(paths: [directory + "/widget.yaml"], defaultZone: .utc)
        guard !loaded.hasErrors, let first = loaded.widgets.first else {
            throw TestFailure("widget does not compile: \(loaded.diagnostics.map { "\($0.location) \($0.code) \($0.message)" })")
        }
        widget = first
    }

    /// A bundled example (`widgets/NAME.yaml`) with its own container.
    init(example name: String) throws {
        directory = TestPaths.widgets
        let loaded = try WidgetLoader.load(paths: [directory + "/" + name + ".yaml"], defaultZone: .utc)
        guard !loaded.hasErrors, let first = loaded.widgets.first else {
            throw TestFailure("example \(name) does not compile: \(loaded.diagnostics.map { "\($0.location) \($0.code) \($0.message)" })")
        }
        widget = first
    }

    func run(
        from: String, until: String, parameters: [String: JSONValue] = [:], scenario: Scenario = Scenario(),
        context: RunContextKind = .timeline, family: WidgetFamily? = nil
    ) throws -> (reloads: [Reload], summary: RunSummary) {
        var params = widget.widget.defaultParameters
        for (k, v) in parameters { params[k] = v }
        let configuration = RunConfiguration(
            kind: widget.widget.kind, family: family ?? widget.widget.families[0], parameters: params,
            from: try InstantParser.parse(from).instant, until: try InstantParser.parse(until).instant,
            context: context, scenario: scenario)
        let run = WidgetRun(
            provider: widget.widget, configuration: configuration,
            container: Container(directory: widget.containerDirectory), zone: widget.widget.zone)
        return run.collect()
    }

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
    }
}

