import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// `widgetc run`'s flags: local --from/--until per widget, --family, --budget 0, --out's mode.
@Suite struct RunFlagTests {
    static let widgets = TestPaths.widgets

    func run(_ args: [String]) -> (ExitCode, CapturingConsole) {
        let console = CapturingConsole()
        let status = WidgetCLI.main(args, console: console)
        return (status, console)
    }

    func runObjects(_ console: CapturingConsole) throws -> [JSONValue] {
        try console.stdout.split(separator: "\n").map { try JSONReader.parse(String($0)).json }
    }

    @Test func aLocalFromIsReadInEachWidgetsZone() throws {
        // weather.yaml is in America/New_York; calendar.yaml has no timeZone, so --tz (Tokyo) is its zone.
        let (status, console) = run([
            "run", Self.widgets + "/weather.yaml", Self.widgets + "/calendar.yaml", "--tz", "Asia/Tokyo",
            "--from", "2026-11-27T11:07", "--until", "2026-11-27T13:00", "--format", "ndjson",
        ])
        #expect(status == .success)
        let objects = try runObjects(console)
        #expect(objects.count == 2)
        // Printed in --tz: 11:07 in New York is 01:07 the next day in Tokyo.
        #expect(objects[0]["from"] == "2026-11-28T01:07:00+09:00")
        #expect(objects[0]["until"] == "2026-11-28T03:00:00+09:00")
        #expect(objects[1]["from"] == "2026-11-27T11:07:00+09:00")
        #expect(objects[1]["until"] == "2026-11-27T13:00:00+09:00")
    }

    @Test func aLocalFromWithoutTzUsesTheWidgetsZone() throws {
        let (status, console) = run(["run", Self.widgets + "/news.yaml", "--from", "2026-11-27T11:07", "--for", "1h", "--format", "json"])
        #expect(status == .success)
        // news.yaml is in Europe/London (UTC+0 in November), printed in its own zone.
        #expect(try JSONReader.parse(console.stdout).json["from"] == "2026-11-27T11:07:00+00:00")
        let (_, ny) = run(["run", Self.widgets + "/stocks.yaml", "--from", "2026-11-27T11:07", "--for", "1h", "--format", "json"])
        #expect(try JSONReader.parse(ny.stdout).json["from"] == "2026-11-27T11:07:00-05:00")
    }

    @Test func aLocalUntilBeforeALocalFromInOneWidgetIsAnError() {
        // 11:07 in New York is 16:07Z, after the --until; read in --tz (Tokyo) it would be 02:07Z, before it.
        let (status, console) = run([
            "run", Self.widgets + "/weather.yaml", "--tz", "Asia/Tokyo", "--from", "2026-11-27T11:07", "--until", "2026-11-27T10:00:00Z",
        ])
        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr.split(separator: "\n").count == 1)
        #expect(console.stderr.contains("--until"))
    }

    @Test func aFamilyTheWidgetDoesNotDeclareIsAnError() {
        let (status, console) = run(["run", Self.widgets + "/weather.yaml", "--family", "systemLarge", "--from", "2026-11-29T09:00:00Z"])
        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        let lines = console.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("'systemLarge'") == true)
        #expect(lines.first?.contains("com.example.weather.now") == true)
        #expect(lines.first?.contains("systemSmall, systemMedium, accessoryRectangular, accessoryInline") == true)
    }

    @Test func withSeveralWidgetsEveryOneMustDeclareTheFamily() {
        // news declares systemLarge; weather does not.
        let args = ["run", Self.widgets + "/news.yaml", Self.widgets + "/weather.yaml", "--from", "2026-11-29T09:00:00Z", "--for", "1h"]
        let (status, console) = run(args + ["--family", "systemLarge"])
        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr.contains("com.example.weather.now"))
        #expect(!console.stderr.contains("com.example.news.headlines"))
        let (ok, _) = run(args + ["--family", "systemMedium"])
        #expect(ok == .success)
    }

    @Test func budgetZeroWarns() {
        let (status, console) = run(["run", Self.widgets + "/weather.yaml", "--budget", "0", "--from", "2026-11-29T09:00:00Z", "--for", "1h"])
        #expect(status == .success)
        let warnings = console.stderr.split(separator: "\n").filter { $0.contains("--budget 0") }
        #expect(warnings.count == 1)
        let (_, quiet) = run(["run", Self.widgets + "/weather.yaml", "--budget", "1", "--from", "2026-11-29T09:00:00Z", "--for", "1h"])
        #expect(!quiet.stderr.contains("--budget"))
    }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func outGetsThePlainModeOrKeepsTheExistingOne() throws {
        let dir = try temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["run", Self.widgets + "/weather.yaml", "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--out"]
        let saved = umask(0o022)
        defer { umask(saved) }
        #expect(run(args + [dir + "/new.txt"]).0 == .success)
        #expect(try mode(dir + "/new.txt") == 0o644)
        umask(0o027)
        #expect(run(args + [dir + "/other.txt"]).0 == .success)
        #expect(try mode(dir + "/other.txt") == 0o640)
        // An existing file keeps its mode, as with a shell's '>'.
        let existing = dir + "/existing.txt"
        try "old".write(toFile: existing, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: existing)
        #expect(run(args + [existing]).0 == .success)
        #expect(try mode(existing) == 0o604)
    }
}
