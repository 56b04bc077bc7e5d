import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetCLI

/// `--defaults KEY=VALUE` and scenario `defaults` items on the command line (docs/data-sources.md).
@Suite struct DefaultsCLITests {
    static let yaml = """
        kind: com.example.steps
        displayName: Steps
        description: Settings.
        data:
          settings:
            defaults: { units: metric, goal: 10000, showSeconds: false }
            suite: group.com.example.steps
        content: { line: "{{data.settings.goal}} {{data.settings.units}} {{data.settings.showSeconds}}" }
        timeline: { every: 1h }

        """

    func widgetFile() throws -> String {
        let directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        try Self.yaml.write(toFile: directory + "/steps.yaml", atomically: true, encoding: .utf8)
        return directory + "/steps.yaml"
    }

    func lines(_ stdout: String) throws -> [String] {
        let run = try JSONReader.parse(stdout).json
        return (run["reloads"]?.array ?? []).compactMap { $0["entries"]?.array?.first?["content"]?["line"]?.string }
    }

    @Test func defaultsSetKeysFromTheStartTypedByTheirDefaults() throws {
        let file = try widgetFile()
        let (status, console) = runCLI(["run", file, "--from", "2026-12-06T09:00:00Z", "--for", "30m", "--format", "json",
                                        "--defaults", "goal=8000", "--defaults", "showSeconds=true"])
        #expect(status == .success, "\(console.stderr)")
        #expect(try lines(console.stdout) == ["8000 metric true"])
    }

    @Test func aValueNotOfTheDefaultsTypeOrAnUnknownKeyIsAUsageError() throws {
        let file = try widgetFile()
        let bad = runCLI(["run", file, "--from", "2026-12-06T09:00:00Z", "--defaults", "goal=lots"])
        #expect(bad.0 == .usage)
        #expect(bad.1.stderr.contains("--defaults goal=lots: 'lots' is not an integer, as its default 10000 in data source 'settings' is"))
        let unknown = runCLI(["run", file, "--from", "2026-12-06T09:00:00Z", "--defaults", "gaol=1"])
        #expect(unknown.0 == .usage)
        #expect(unknown.1.stderr.contains("no defaults source reads 'gaol' (did you mean 'goal'?)"))
        #expect(unknown.1.stdout.isEmpty)
    }

    @Test func scenarioItemsSetAndRemoveKeysAndAreChecked() throws {
        let file = try widgetFile()
        let scenario = (file as NSString).deletingLastPathComponent + "/scenario.yaml"
        try """
            - at: 2026-12-06T09:10:00Z
              defaults: { set: { goal: 8000, units: imperial } }
            - at: 2026-12-06T09:10:00Z
              reload: all
            - at: 2026-12-06T09:20:00Z
              defaults: { remove: [units] }
            - at: 2026-12-06T09:20:00Z
              reload: all

            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", file, "--from", "2026-12-06T09:00:00Z", "--for", "30m", "--format", "json", "--scenario", scenario])
        #expect(status == .success, "\(console.stderr)")
        #expect(try lines(console.stdout) == ["10000 metric false", "8000 imperial false", "8000 metric false"])
        // An item without `at` is the scenario's error, at its line.
        try "- defaults: { set: { goal: 1 } }\n".write(toFile: scenario, atomically: true, encoding: .utf8)
        let broken = runCLI(["validate", scenario])
        #expect(broken.0 == .inputErrors)
        #expect(broken.1.stderr.contains("'defaults' needs 'at'"))
    }
}
