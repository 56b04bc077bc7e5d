import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Issue 36, long runs read well: the budget of a run longer than a day beside its rolling
/// 24 h peak, a summary view, warnings in time order, and `generate swift` of one widget file.
@Suite struct LongRunTests {

    static let countdown = TestPaths.widgets + "/countdown.yaml"
    static let weather = TestPaths.widgets + "/weather.yaml"

    /// A week of hourly reloads: 168 used in all, at most 24 in any 24 h (the limit's unit).
    @Test func aLongRunStatesItsPeakBesideTheTotal() throws {
        let hourly = try temporaryDirectory().path + "/hourly.yaml"
        try """
            kind: com.example.hourly
            displayName: Hourly
            description: A reload an hour
            content: { time: "{{entry.time}}" }
            timeline: { every: 30m, horizon: 1h }

            """.write(toFile: hourly, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", hourly, "--from", "2026-11-29T00:00:00Z", "--for", "7d", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let budget = try JSONReader.parse(console.stdout).json["budget"]
        let used = Int(try #require(budget?["used"]?.number)), peak = Int(try #require(budget?["maxIn24h"]?.number))
        #expect(used > 70, "\(used)")
        #expect(peak <= 70 && peak * 5 < used, "\(peak) of \(used)")
        // A day or less: the total is the peak, and the object is as the spec shows it.
        let (_, day) = runCLI(["run", hourly, "--from", "2026-11-29T00:00:00Z", "--for", "24h", "--format", "json"])
        #expect(try JSONReader.parse(day.stdout).json["budget"]?["maxIn24h"] == nil)
        let (_, text) = runCLI(["run", hourly, "--from", "2026-11-29T00:00:00Z", "--for", "7d"])
        #expect(text.stdout.contains("budget: \(used) counted reloads, limit 70 per 24 h (at most \(peak) in any 24 h)"), "\(text.stdout.suffix(300))")
    }

    @Test func theSummaryCountsReloadsByReason() throws {
        let args = ["run", Self.weather, "--from", "2026-11-29T00:00:00Z", "--for", "30d"]
        let (status, console) = runCLI(args + ["--summary"])
        #expect(status == .success, "\(console.stderr)")
        let lines = console.stdout.split(separator: "\n")
        #expect(lines.count < 12, "\(console.stdout)")
        let full = runCLI(args).1.stdout
        let reloads = full.split(separator: "\n").filter { $0.hasPrefix("2026-") || $0.hasPrefix("2027-") }.count
        #expect(console.stdout.contains("reloads: \(reloads) (initial 1, "), "\(console.stdout)")
        #expect(console.stdout.contains(" entries\n"))
        #expect(console.stdout.contains("budget: "))
        let (json, jsonConsole) = runCLI(args + ["--summary", "--format", "json"])
        #expect(json == .usage)
        #expect(jsonConsole.stderr.contains("--summary is a view of the text output"))
    }

    /// A scenario's warnings come in the order they happened, whatever produced them.
    @Test func warningsAreInTimeOrder() throws {
        let dir = try temporaryDirectory().path
        let widget = dir + "/w.yaml"
        try """
            kind: com.example.late
            displayName: Late
            description: A launch date that has passed, and a file that goes missing
            data: { launch: { file: launch.json } }
            content: { title: "{{data.launch.name}}" }
            timeline: { once: true, policy: { after: "{{data.launch.at}}" } }

            """.write(toFile: widget, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/container", withIntermediateDirectories: true)
        try "{\"name\": \"Moon\", \"at\": \"2026-11-29T10:00:00Z\"}".write(toFile: dir + "/container/launch.json", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", widget, "--from", "2026-11-29T09:00:00Z", "--for", "3h", "--format", "json", "--budget", "3"])
        #expect(status == .success, "\(console.stderr)")
        let warnings = try JSONReader.parse(console.stdout).json["warnings"]?.array ?? []
        let instants = warnings.compactMap { $0["at"]?.string }
        #expect(instants == instants.sorted(), "\(warnings)")
        // Those without an instant come last.
        if let firstBare = warnings.firstIndex(where: { $0["at"] == nil }) {
            #expect(warnings[firstBare...].allSatisfy { $0["at"] == nil }, "\(warnings)")
        }
        #expect(warnings.count >= 2, "\(warnings)")
    }

    /// A widget file is a bundle of one: the same sources a manifest naming it alone gives.
    @Test func generateSwiftTakesOneWidgetFile() throws {
        let out = try temporaryDirectory().path + "/Extension"
        let (status, console) = runCLI(["generate", "swift", Self.countdown, "--out", out])
        #expect(status == .success, "\(console.stderr)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out).filter { $0.hasSuffix(".swift") || $0.hasSuffix(".json") }.sorted()
        #expect(files.contains("Resources/com.example.countdown.launch.plan.json"), "\(files)")
        #expect(files.contains { $0.hasPrefix("Widgets/") && $0.hasSuffix("Widget.swift") }, "\(files)")
        #expect(files.contains { !$0.contains("/") && $0.hasSuffix(".swift") }, "the @main bundle: \(files)")
    }
}
