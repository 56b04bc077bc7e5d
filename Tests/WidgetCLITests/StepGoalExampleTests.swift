import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// The step-goal example (widgets/steps.yaml): HealthKit through the Swift hatch, read from its
/// fixture in a run, with its scenario and its face in the preview (docs/swift-hatch.md).
@Suite struct StepGoalExampleTests {
    static let example = TestPaths.widgets + "/steps.yaml"
    static let scenario = TestPaths.widgets + "/scenarios/steps-walk.json"

    /// Each reload's first entry's content, in order.
    func contents(_ args: [String]) throws -> [JSONValue] {
        let (status, console) = runCLI(["run", Self.example, "--format", "json", "--tz", "America/New_York"] + args)
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        return (run["reloads"]?.array ?? []).compactMap { $0["entries"]?.array?.first?["content"] }
    }

    @Test func theFixtureIsReadEveryHalfHourAndTheScenarioWalksOn() throws {
        let seen = try contents(["--from", "2026-11-29T11:00:00-05:00", "--until", "2026-11-29T19:00:00-05:00", "--scenario", Self.scenario])
        // 11:00, 11:30, 12:00, the app's reload at 12:10 after its write, then every 30 minutes from there.
        #expect(seen.count == 17, "\(seen.count)")
        #expect(seen.first?["steps"] == 5230)
        #expect(seen.first?["percent"] == 65)
        #expect(seen.first?["left"] == "2770 to go")
        #expect(seen[3]["steps"] == 7480)
        #expect(seen[3]["left"] == "520 to go")
        // The write at 18:40 comes before that instant's reload, which reads it.
        #expect(seen.last?["steps"] == 9120)
        #expect(seen.last?["percent"] == 100)
        #expect(seen.last?["left"] == "Goal reached")
    }

    @Test func aGoalParameterChangesThePercentNotTheCount() throws {
        let seen = try contents(["--from", "2026-11-29T11:00:00-05:00", "--for", "1m", "--param", "goal=10000"])
        #expect(seen.first?["steps"] == 5230)
        #expect(seen.first?["percent"] == 52)
        #expect(seen.first?["goal"] == 10000)
    }

    @Test func thePreviewShowsTheRingAndTheCount() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("steps.html").path
        let (status, console) = runCLI(["preview", Self.example, "--from", "2026-11-29T11:00:00-05:00", "--for", "1m", "--tz", "America/New_York", "--out", out])
        #expect(status == .success, "\(console.stderr)")
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.contains(">5230</span>"))
        // The Lock Screen ring: a closed circle filled to 65% (2π·42 = 263.89).
        #expect(page.contains("stroke-dasharray=\"171.53 263.89\""))
        #expect(page.contains(">65%</text>"))
    }
}
