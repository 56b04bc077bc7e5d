import Foundation
import Testing
import WidgetCLI
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport

/// `widgetc run`'s flags: local --from/--until per widget, --family, --budget 0, --out's mode.
@Suite struct RunFlagTests {
    static let widgets = TestPaths.widgets

    func runObjects(_ console: CapturingConsole) throws -> [JSONValue] {
        try console.stdout.split(separator: "\n").map { try JSONReader.parse(String($0)).json }
    }

    @Test func aLocalFromIsReadInEachWidgetsZone() throws {
        // weather.yaml is in America/New_York; calendar.yaml has no timeZone, so --tz (Tokyo) is its zone.
        let (status, console) = runCLI([
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
        let (status, console) = runCLI(["run", Self.widgets + "/news.yaml", "--from", "2026-11-27T11:07", "--for", "1h", "--format", "json"])
        #expect(status == .success)
        // news.yaml is in Europe/London (UTC+0 in November), printed in its own zone.
        #expect(try JSONReader.parse(console.stdout).json["from"] == "2026-11-27T11:07:00+00:00")
        let (_, ny) = runCLI(["run", Self.widgets + "/stocks.yaml", "--from", "2026-11-27T11:07", "--for", "1h", "--format", "json"])
        #expect(try JSONReader.parse(ny.stdout).json["from"] == "2026-11-27T11:07:00-05:00")
    }

    /// The machine's zone is `TZ`'s, pinned here: a widget without `timeZone`, run without `--tz`,
    /// reads a local `--from` in it.
    @Test(arguments: [("Asia/Kathmandu", "+05:45"), ("America/New_York", "-05:00")])
    func theMachineZoneIsTZs(zone: String, offset: String) throws {
        let result = try runWidgetc(
            ["run", Self.widgets + "/calendar.yaml", "--from", "2026-11-27T11:07", "--for", "1h", "--format", "json"],
            environment: ["TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONReader.parse(result.stdout).json["from"] == .string("2026-11-27T11:07:00" + offset))
    }

    @Test func aLocalUntilBeforeALocalFromInOneWidgetIsAnError() {
        // 11:07 in New York is 16:07Z, after the --until; read in --tz (Tokyo) it would be 02:07Z, before it.
        let (status, console) = runCLI([
            "run", Self.widgets + "/weather.yaml", "--tz", "Asia/Tokyo", "--from", "2026-11-27T11:07", "--until", "2026-11-27T10:00:00Z",
        ])
        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr.split(separator: "\n").count == 1)
        #expect(console.stderr.contains("--until"))
    }

    @Test func aFamilyTheWidgetDoesNotDeclareIsAnError() {
        let (status, console) = runCLI(["run", Self.widgets + "/weather.yaml", "--family", "systemLarge", "--from", "2026-11-29T09:00:00Z"])
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
        let (status, console) = runCLI(args + ["--family", "systemLarge"])
        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr.contains("com.example.weather.now"))
        #expect(!console.stderr.contains("com.example.news.headlines"))
        let (ok, _) = runCLI(args + ["--family", "systemMedium"])
        #expect(ok == .success)
    }

    @Test func budgetZeroWarns() {
        let (status, console) = runCLI(["run", Self.widgets + "/weather.yaml", "--budget", "0", "--from", "2026-11-29T09:00:00Z", "--for", "1h"])
        #expect(status == .success)
        let warnings = console.stderr.split(separator: "\n").filter { $0.contains("--budget 0") }
        #expect(warnings.count == 1)
        let (_, quiet) = runCLI(["run", Self.widgets + "/weather.yaml", "--budget", "1", "--from", "2026-11-29T09:00:00Z", "--for", "1h"])
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
        #expect(runCLI(args + [dir + "/new.txt"]).0 == .success)
        #expect(try mode(dir + "/new.txt") == 0o644)
        umask(0o027)
        #expect(runCLI(args + [dir + "/other.txt"]).0 == .success)
        #expect(try mode(dir + "/other.txt") == 0o640)
        // An existing file keeps its mode, as with a shell's '>'.
        let existing = dir + "/existing.txt"
        try "old".write(toFile: existing, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: existing)
        #expect(runCLI(args + [existing]).0 == .success)
        #expect(try mode(existing) == 0o604)
    }

    /// Issue 19: five nested sections over a 64-item list. `validate` warns at the inner section;
    /// `run` stops with an error naming the field instead of writing a cut value (or 2 GB).
    @Test func aTemplateBombStopsTheRunNamingTheField() throws {
        let dir = try temporaryDirectory().path
        let open = String(repeating: "{{#data.d.l}}", count: 5), close = String(repeating: "{{/data.d.l}}", count: 5)
        let yaml = """
            kind: com.example.bomb
            displayName: Bomb
            description: Nested sections over one list.
            families: [systemSmall]
            data:
              d: { file: d.json }
            placeholder: { title: "" }
            snapshot: { title: "" }
            content:
              title: "\(open)xxxxxxxx\(close)"
            timeline:
              once: true

            """
        try yaml.write(toFile: dir + "/bomb.yaml", atomically: true, encoding: .utf8)
        let list = (0..<64).map(String.init).joined(separator: ",")
        try "{\"l\": [\(list)]}".write(toFile: dir + "/d.json", atomically: true, encoding: .utf8)

        let (checked, validation) = runCLI(["validate", dir + "/bomb.yaml"])
        #expect(checked == .success)
        #expect(validation.stderr.contains("section 'data.d.l' is nested inside a section over the same name"), "\(validation.stderr)")
        #expect(validation.stderr.contains("[template-nested-section]"))

        let (status, console) = runCLI(["run", dir + "/bomb.yaml", "--container", dir, "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--out", dir + "/out.txt"])
        #expect(status == .inputErrors)
        #expect(console.stderr.contains("error: com.example.bomb: field 'title' rendered more than 256 KiB"), "\(console.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.txt"))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("widgetc-") }
        #expect(left.isEmpty)
    }

    @Test func aRunsOutputHasABound() {
        let bounds = RunBounds(maxOutputBytes: 100)
        #expect(bounds.wrote(60))
        #expect(bounds.problem == nil)
        #expect(!bounds.wrote(60))
        #expect(bounds.problem?.hasPrefix("the run's output passed its bound") == true)
        #expect(bounds.problem?.contains("--max-output") == true)
        #expect(RunBounds.maxOutputBytes == 256 << 20)
    }

    @Test func maxOutputSizes() {
        #expect(RunBounds.parseSize("1073741824") == 1 << 30)
        #expect(RunBounds.parseSize("512M") == 512 << 20)
        #expect(RunBounds.parseSize("4G") == 4 << 30)
        #expect(RunBounds.parseSize("4g") == 4 << 30)
        #expect(RunBounds.parseSize("4GiB") == 4 << 30)
        #expect(RunBounds.parseSize("64K") == 64 << 10)
        #expect(RunBounds.parseSize("2T") == 2 << 40)
        for bad in ["", "0", "0M", "-1", "+5", "G", "1.5G", "4 G", "4GB", "12X", "99999999999T", "99999999999999999999"] {
            #expect(RunBounds.parseSize(bad) == nil, "\(bad)")
        }
        #expect(RunBounds.sizeText(256 << 20) == "256 MiB")
        #expect(RunBounds.sizeText(4 << 30) == "4 GiB")
        #expect(RunBounds.sizeText(1000) == "1000 bytes")
    }

    /// Issue 13: a long run to a file may raise the output bound with --max-output; the default stays.
    @Test func maxOutputRaisesOrLowersTheBound() throws {
        let args = ["run", Self.widgets + "/weather.yaml", "--from", "2026-11-29T09:00:00Z", "--for", "7d", "--format", "ndjson"]
        let (plain, whole) = runCLI(args)
        #expect(plain == .success)
        #expect(whole.stdout.utf8.count > 8 << 10)
        let (stopped, small) = runCLI(args + ["--max-output", "8K"])
        #expect(stopped == .inputErrors)
        #expect(small.stderr.contains("error: the run's output passed its bound of 8 KiB"), "\(small.stderr)")
        #expect(small.stderr.contains("--max-output"))
        let (raised, large) = runCLI(args + ["--max-output", "1G"])
        #expect(raised == .success)
        #expect(large.stdout == whole.stdout)
        #expect(large.stderr.isEmpty)
    }

    @Test func aBadMaxOutputIsAUsageError() throws {
        for bad in ["12X", "0", "1.5G", "-1", "lots"] {
            let result = try runWidgetc(["run", Self.widgets + "/weather.yaml", "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--max-output", bad])
            #expect(result.status == 2, "\(bad)")
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(lines.first?.contains("--max-output '\(bad)'") == true, "\(result.stderr)")
            #expect(lines.first?.contains("512M") == true)
        }
        let (_, help) = runCLI(["run", "--help"])
        #expect((help.stdout + help.stderr).contains("--max-output SIZE"))
    }
}
