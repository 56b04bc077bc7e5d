import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Issue 36, "nothing the author wrote is lost": every option that writes (`run --out`,
/// `run --record`, `fetch --record`, `preview --out`, `compile --out`, `generate --out`,
/// `strings --catalog`) refuses a path that names an input of the command, or a directory,
/// with exit 2 and the input untouched; `/dev/null` stays allowed.
@Suite struct InputGuardTests {
    /// A scratch copy of the bundled examples (definitions, container, catalog, scenarios).
    func examples() throws -> String {
        let dir = try temporaryDirectory().path + "/widgets"
        try FileManager.default.copyItem(atPath: TestPaths.widgets, toPath: dir)
        return dir
    }


    /// Runs `args`, expects exit 2 with one line naming `words`, and `file` byte for byte as it was.
    func expectRefused(_ args: [String], keeps file: String, saying words: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let (status, console) = runCLI(args)
        #expect(status == .usage, "\(console.stderr)", sourceLocation: sourceLocation)
        #expect(console.stderr.contains(words), "\(console.stderr)", sourceLocation: sourceLocation)
        #expect(console.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, sourceLocation: sourceLocation)
    }

    static let window = ["--from", "2026-11-29T09:00:00+01:00", "--for", "2h"]

    @Test func recordOntoTheWidgetRunIsRefused() throws {
        let dir = try examples()
        let widget = dir + "/wishes.yaml"
        try expectRefused(["run", widget, "--record", widget] + Self.window, keeps: widget, saying: "--record '\(widget)' is the input file")
        // Through a symlink too.
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.yaml", withDestinationPath: "wishes.yaml")
        try expectRefused(["run", widget, "--record", dir + "/link.yaml"] + Self.window, keeps: widget, saying: "is the input file")
    }

    @Test func recordOntoTheScenarioIsRefused() throws {
        let dir = try examples()
        let scenario = dir + "/scenarios/wishes-outage.json"
        try expectRefused(
            ["run", dir + "/wishes.yaml", "--scenario", scenario, "--record", scenario] + Self.window, keeps: scenario,
            saying: "--record '\(scenario)' is the input file")
    }

    @Test func recordOntoADirectoryIsRefused() throws {
        let dir = try examples()
        let before = try FileManager.default.contentsOfDirectory(atPath: dir + "/scenarios").sorted()
        let (status, console) = runCLI(["run", dir + "/wishes.yaml", "--record", dir + "/scenarios"] + Self.window)
        #expect(status == .usage)
        #expect(console.stderr.contains("is a directory"), "\(console.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/scenarios").sorted() == before)
    }

    @Test func outOntoABundledWidgetOrACatalogIsRefused() throws {
        let dir = try examples()
        try expectRefused(["run", dir + "/notes-app.yaml", "--out", dir + "/notes.yaml"] + Self.window, keeps: dir + "/notes.yaml", saying: "is the input file")
        try expectRefused(
            ["run", dir + "/countdown.yaml", "--out", dir + "/Localizable.xcstrings"] + Self.window, keeps: dir + "/Localizable.xcstrings",
            saying: "is the input file")
        // A container file the widget reads.
        try expectRefused(
            ["run", dir + "/weather.yaml", "--record", dir + "/container/weather.json"] + Self.window, keeps: dir + "/container/weather.json",
            saying: "is the input file")
        try expectRefused(
            ["preview", dir + "/countdown.yaml", "--out", dir + "/Localizable.xcstrings"] + Self.window, keeps: dir + "/Localizable.xcstrings",
            saying: "is the input file")
    }

    @Test func recordToDevNullStaysAllowed() throws {
        let dir = try examples()
        let (status, console) = runCLI(["run", dir + "/wishes.yaml", "--record", "/dev/null", "--format", "json"] + Self.window)
        #expect(status == .success, "\(console.stderr)")
        #expect(!console.stdout.isEmpty)
    }

    @Test func fetchRecordOntoTheWidgetIsRefused() throws {
        let dir = try examples()
        let widget = dir + "/wishes.yaml"
        try expectRefused(["fetch", widget, "--record", widget], keeps: widget, saying: "--record '\(widget)' is the input file")
    }

    @Test func compileAndGenerateOutOntoAnInputAreRefused() throws {
        let dir = try examples()
        try expectRefused(["compile", dir + "/weather.yaml", "--out", dir + "/weather.yaml"], keeps: dir + "/weather.yaml", saying: "is not a directory")
        try expectRefused(
            ["generate", "swift", dir + "/notes-app.yaml", "--out", dir + "/notes.yaml"], keeps: dir + "/notes.yaml", saying: "is not a directory")
    }

    @Test func catalogOntoADefinitionIsRefused() throws {
        let dir = try examples()
        let widget = dir + "/weather.yaml"
        try expectRefused(["strings", widget, "--catalog", widget], keeps: widget, saying: "--catalog '\(widget)' is the input file")
        // A bundled widget, reached through a manifest that names no catalog.
        let manifest = dir + "/app.yaml"
        try "app: com.example.a\ndisplayName: A\nappGroup: group.com.example.a\nwidgets: [weather.yaml]\n".write(toFile: manifest, atomically: true, encoding: .utf8)
        try expectRefused(["strings", manifest, "--catalog", widget], keeps: widget, saying: "--catalog '\(widget)' is the input file")
        // A YAML file that is not an input is no catalog either.
        let other = dir + "/stocks.yaml"
        try expectRefused(["strings", widget, "--catalog", other], keeps: other, saying: "names a YAML file")
        let (status, console) = runCLI(["strings", widget, "--catalog", dir])
        #expect(status == .usage)
        #expect(console.stderr.contains("is a directory"), "\(console.stderr)")
    }

    @Test func stringsSaysWhichDefinitionsItSkipped() throws {
        let dir = try examples()
        let fresh = dir + "/New.xcstrings"
        let (status, console) = runCLI(["strings", dir + "/countdown.yaml", "--catalog", fresh])
        #expect(status == .inputErrors)
        #expect(console.stderr.contains("note: skipped \(dir)/countdown.yaml: widget 'com.example.countdown.launch' names the catalog 'Localizable.xcstrings'"), "\(console.stderr)")
        #expect(console.stderr.contains("no definition in"), "\(console.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh))
        // With one definition that uses it, the catalog is written and the skipped one is still named.
        let (both, bothConsole) = runCLI(["strings", dir + "/countdown.yaml", dir + "/weather.yaml", "--catalog", fresh])
        #expect(both == .success, "\(bothConsole.stderr)")
        #expect(bothConsole.stderr.contains("note: skipped"), "\(bothConsole.stderr)")
        #expect(FileManager.default.fileExists(atPath: fresh))
    }
}
