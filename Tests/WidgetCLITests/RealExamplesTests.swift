import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// The real-shaped examples of #39 (spec real-widgets.md, "Examples"), each against its
/// container and scenario: the city weather widget (cities from the app's data as an entity,
/// units from UserDefaults, a URL built from both and the day) and the launch countdown (epoch
/// seconds, the last answer kept through an outage, the app's copy as fallback). Their faces are
/// drawn by `preview`.
@Suite struct RealExamplesTests {
    static func lines(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map(String.init)
    }

    @Test func cityWeatherFollowsTheSettingsAndACityDeletedInTheApp() throws {
        let (status, console) = runCLI([
            "run", TestPaths.widgets + "/city-weather.yaml", "--scenario", TestPaths.widgets + "/scenarios/city-weather.json",
            "--from", "2026-12-06T08:00:00+01:00", "--for", "6h", "--param", "city=paris",
        ])
        #expect(status == .success, "\(console.stderr)")
        let reloads = Self.lines(console.stdout).filter { $0.hasPrefix("2026") }
        #expect(reloads.map { String($0.prefix(34)) } == [
            "2026-12-06T08:00:00+01:00  initial", "2026-12-06T09:30:00+01:00  reload ", "2026-12-06T11:00:00+01:00  reload ",
        ])
        // Metric from the app's settings; Paris's coordinates and the reload's day in the URL.
        #expect(console.stdout.contains(#"city="Paris" temp=7 unit="°C" condition="Light rain""#))
        #expect(console.stdout.contains(#"range="H:9° L:7°""#))
        // The app switched to Fahrenheit: the next request asks for it, the unit follows.
        #expect(console.stdout.contains(#"city="Paris" temp=46 unit="°F""#))
        // Paris deleted in the app: the default, the first city left, with a warning; exit 0.
        #expect(console.stdout.contains(#"city="Oslo" temp=30 unit="°F""#))
        #expect((console.stdout + console.stderr).contains("parameter 'city': id 'paris' is no longer among its options (data.app.cities, 2 records); using the default, 'oslo' (first) [entity-gone]"))
        let (jsonStatus, json) = runCLI([
            "run", TestPaths.widgets + "/city-weather.yaml", "--scenario", TestPaths.widgets + "/scenarios/city-weather.json",
            "--from", "2026-12-06T08:00:00+01:00", "--for", "6h", "--param", "city=paris", "--format", "json",
        ])
        #expect(jsonStatus == .success)
        let run = try JSONReader.parse(json.stdout).json
        let urls = (run["reloads"]?.array ?? []).compactMap { $0["requests"]?.array?.first?["url"]?.string }
        #expect(urls == [
            "https://api.example.com/v1/forecast?lat=48.86&lon=2.35&units=metric&day=2026-12-06",
            "https://api.example.com/v1/forecast?lat=48.86&lon=2.35&units=imperial&day=2026-12-06",
            "https://api.example.com/v1/forecast?lat=59.91&lon=10.75&units=imperial&day=2026-12-06",
        ])
    }

    @Test func theLaunchCountdownKeepsItsLastAnswerThroughTheOutage() throws {
        let (status, console) = runCLI([
            "run", TestPaths.widgets + "/launches.yaml", "--scenario", TestPaths.widgets + "/scenarios/launches-outage.json",
            "--from", "2026-12-06T06:00:00-05:00", "--for", "26h", "--summary",
        ])
        #expect(status == .success, "\(console.stderr)")
        let (_, full) = runCLI([
            "run", TestPaths.widgets + "/launches.yaml", "--scenario", TestPaths.widgets + "/scenarios/launches-outage.json",
            "--from", "2026-12-06T06:00:00-05:00", "--for", "26h",
        ])
        let reloads = Self.lines(full.stdout).filter { $0.hasPrefix("2026") }
        #expect(reloads.first?.hasSuffix("launches ok 200") == true)
        #expect(reloads.dropFirst().allSatisfy { $0.contains("launches stale") }, "\(reloads)")
        // Epoch seconds decoded into the widget's zone; the answer of 06:00 shown all along, saying when it came.
        #expect(full.stdout.contains(#"mission="Artemis III" provider="NASA" targetDate="2026-12-08T14:30:00-05:00" status="stale" fetched="2026-12-06T06:00:00-05:00" later="Starlink 12-7""#))
        // The next day's URL names the new day, and still falls back to yesterday's answer.
        #expect(full.stdout.contains("net__gte=2026-12-07") || full.stderr.contains("net__gte=2026-12-07"))
        #expect((full.stdout + full.stderr).contains("connection refused; showing an earlier answer (stale up to forever) [data-stale]"))
        #expect(!full.stdout.contains(#"mission="—""#))
    }

    @Test func beforeAnyAnswerTheAppsCopyStandsIn() throws {
        let (status, console) = runCLI(["run", TestPaths.widgets + "/launches.yaml", "--from", "2026-12-06T06:00:00-05:00", "--for", "1h"])
        #expect(status == .success, "\(console.stderr)")
        #expect(console.stdout.contains(#"mission="Artemis III" provider="NASA" targetDate="2026-12-08T14:30:00-05:00" status="failed""#))
        #expect((console.stdout + console.stderr).contains("showing data source 'appCopy' instead (fallback) [data-fallback]"))
    }

    @Test(arguments: [("city-weather", "city-weather.json", "Paris"), ("launches", "launches-outage.json", "Artemis III")])
    func theFaceIsInThePreview(example: String, scenario: String, shown: String) throws {
        let out = try temporaryDirectory().appendingPathComponent("\(example).html")
        let (status, console) = runCLI([
            "preview", TestPaths.widgets + "/\(example).yaml", "--scenario", TestPaths.widgets + "/scenarios/" + scenario,
            "--from", example == "launches" ? "2026-12-06T06:00:00-05:00" : "2026-12-06T08:00:00+01:00", "--for", "3h",
            "--out", out.path,
        ])
        #expect(status == .success, "\(console.stderr)")
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(page.contains(shown))
    }
}
