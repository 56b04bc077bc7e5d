import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Golden outputs for every example in `widgets/`: validate, run (text and JSON over a fixed
/// window), dump, the plans `compile` writes, and for app manifests actions (plist and JSON), compared byte for byte with
/// `Tests/Golden/`. After an intended change: `WIDGETC_UPDATE_GOLDEN=1 swift test --filter Golden`,
/// then review `git diff Tests/Golden`.
@Suite struct GoldenTests {
    /// Every example, by file name (`widgets/*.yaml`).
    static let examples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.widgets)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    /// The fixed window and zone of every run.
    static let window = ["--from", "2026-11-29T08:00:00-05:00", "--for", "24h", "--tz", "America/New_York"]

    /// `widgetc ARGS` in process. Paths under the package are given absolute and shown relative
    /// (as from the package root), so the files do not depend on where the checkout is. Stdout,
    /// then stderr under a `--- stderr` line when there is any, then the exit status when not 0.
    static func widgetc(_ args: [String]) -> String {
        let (status, console) = runCLI(args.map { $0.hasPrefix("widgets/") ? TestPaths.root + "/" + $0 : $0 })
        var text = console.stdout
        if !console.stderr.isEmpty { text += (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + "--- stderr\n" + console.stderr }
        if status != .success { text += "--- exit \(status.rawValue)\n" }
        return text.replacingOccurrences(of: TestPaths.root + "/", with: "")
    }

    @Test func everyExampleIsCovered() {
        #expect(Self.examples.count >= 11)
        #expect(Self.examples.contains("character.yaml") && Self.examples.contains("notes-app.yaml"))
    }

    @Test(arguments: examples)
    func example(_ file: String) throws {
        let name = String(file.dropLast(".yaml".count))
        let path = "widgets/" + file
        let isApp = try String(contentsOfFile: TestPaths.widgets + "/" + file, encoding: .utf8).contains("\napp: ")
        Golden.expect(Self.widgetc(["validate", path]), matches: "\(name)/validate.txt")
        Golden.expect(Self.widgetc(["run", path] + Self.window), matches: "\(name)/run.txt")
        Golden.expect(Self.widgetc(["run", path, "--format", "json"] + Self.window), matches: "\(name)/run.json")
        Golden.expect(Self.widgetc(["dump", path]), matches: "\(name)/dump.ndjson")
        try Self.expectCompiledPlans(path, name)
        if isApp {
            Golden.expect(Self.widgetc(["actions", path]), matches: "\(name)/actions.plist")
            Golden.expect(Self.widgetc(["actions", path, "--format", "json"]), matches: "\(name)/actions.json")
        }
    }

    /// `compile` of the example: each plan it writes, byte for byte (`source` shown relative to the package).
    static func expectCompiledPlans(_ path: String, _ name: String) throws {
        let out = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(Self.widgetc(["compile", path, "--out", out.path]).contains("wrote "))
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(!written.isEmpty)
        for file in written {
            let bytes = try String(contentsOfFile: out.path + "/" + file, encoding: .utf8)
            Golden.expect(bytes.replacingOccurrences(of: TestPaths.root + "/", with: ""), matches: "\(name)/compile/\(file)")
        }
    }

    /// Every file under Tests/Golden belongs to an example that still exists.
    @Test func noStaleGoldenFiles() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: TestPaths.golden).filter { !$0.hasSuffix(".md") }
        let names = Set(Self.examples.map { String($0.dropLast(".yaml".count)) })
        #expect(directories.filter { !names.contains($0) }.isEmpty, "Tests/Golden has directories for no example: remove them")
    }
}
