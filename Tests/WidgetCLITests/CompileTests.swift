import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// `widgetc compile` and `widgetc run` on plans: what a plan runs is what its YAML runs.
@Suite struct CompileTests {
    /// The examples compiled into a fresh directory; the caller removes it.
    func compiledExamples() throws -> URL {
        let out = try temporaryDirectory().appendingPathComponent("plans")
        let (status, console) = runCLI(["compile", TestPaths.widgets, "--out", out.path])
        #expect(status == .success, "\(console.stderr)")
        return out
    }

    func files(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// The example whose YAML declares `kind`.
    func source(ofKind kind: String) throws -> String {
        for name in try FileManager.default.contentsOfDirectory(atPath: TestPaths.widgets) where name.hasSuffix(".yaml") {
            let path = TestPaths.widgets + "/" + name
            if try String(contentsOfFile: path, encoding: .utf8).contains("kind: \(kind)\n") { return path }
        }
        throw TestFailure("no example declares \(kind)")
    }

    @Test func compileWritesOnePlanPerWidgetAndOnePerApp() throws {
        let out = try compiledExamples()
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let names = try files(out)
        // One plan per example widget (other sessions add theirs): the YAML files that are not app manifests.
        let widgets = try FileManager.default.contentsOfDirectory(atPath: TestPaths.widgets).filter { name in
            guard name.hasSuffix(".yaml") else { return false }
            return !(try String(contentsOfFile: TestPaths.widgets + "/" + name, encoding: .utf8)).contains("\napp: ")
        }
        #expect(widgets.count >= 15)
        #expect(names.filter { $0.hasSuffix(".plan.json") }.count == widgets.count)
        #expect(names.filter { $0.hasSuffix(".app.json") } == ["com.example.notebuddy.app.json"])
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(name)))
            let plan = try JSONReader.parse(bytes: bytes).json
            // The format is the first member, so a reader can refuse another version at once.
            #expect(plan.object?.keys.first == "format")
            #expect(plan["format"]?.string == "widgetc-plan/1")
        }
        let app = try JSONReader.parse(bytes: [UInt8](Data(contentsOf: out.appendingPathComponent("com.example.notebuddy.app.json")))).json
        #expect(app["widgets"] == .array([.string("com.example.notebuddy.recent.plan.json")]))
    }

    @Test func plansAreDeterministic() throws {
        let first = try compiledExamples()
        let second = try compiledExamples()
        defer {
            try? FileManager.default.removeItem(at: first.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: second.deletingLastPathComponent())
        }
        #expect(try files(first) == files(second))
        for name in try files(first) {
            let a = try Data(contentsOf: first.appendingPathComponent(name))
            let b = try Data(contentsOf: second.appendingPathComponent(name))
            #expect(a == b, "\(name) differs between two compiles")
        }
    }

    @Test func aManifestCompilesItsBundle() throws {
        let out = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, console) = runCLI(["compile", TestPaths.widgets + "/notes-app.yaml", "--out", out.path])
        #expect(status == .success, "\(console.stderr)")
        #expect(try files(out) == ["com.example.notebuddy.app.json", "com.example.notebuddy.recent.plan.json"])
    }

    /// Every example, 30 days, with a scenario of writes, reloads and a foreground window:
    /// the plan's run is byte-identical to the YAML's.
    @Test func runOnAPlanIsRunOnItsYAML() throws {
        let out = try compiledExamples()
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let scenario = out.deletingLastPathComponent().appendingPathComponent("scenario.yaml")
        try """
            - at: 2026-11-30T10:30:00Z
              write: { file: character.json, value: { name: Power Panda, level: 3, health: 10, updated: "2026-11-30T10:30:00Z" } }
            - at: 2026-11-30T10:30:00Z
              reload: all
            - foreground: { from: 2026-12-02T12:00:00Z, until: 2026-12-02T12:20:00Z }
            - at: 2026-12-03T09:00:00Z
              reload: all
            """.write(to: scenario, atomically: true, encoding: .utf8)
        let plans = try files(out).filter { $0.hasSuffix(".plan.json") }
        #expect(!plans.isEmpty)
        for name in plans {
            let kind = String(name.dropLast(".plan.json".count))
            let yaml = try source(ofKind: kind)
            let common = [
                "--from", "2026-11-29T08:00:00-05:00", "--for", "30d", "--format", "json",
                "--container", TestPaths.widgets + "/container", "--scenario", scenario.path,
            ]
            // Without a locale, and through the String Catalog (docs/localization.md).
            for locale in [[], ["--locale", "de"], ["--locale", "ar"]] {
                let (yamlStatus, fromYAML) = runCLI(["run", yaml] + common + locale)
                let (planStatus, fromPlan) = runCLI(["run", out.appendingPathComponent(name).path] + common + locale)
                #expect(yamlStatus == .success && planStatus == .success, "\(kind): \(fromYAML.stderr) \(fromPlan.stderr)")
                #expect(!fromYAML.stdout.isEmpty)
                #expect(fromPlan.stdout == fromYAML.stdout, "\(kind) \(locale): the plan's run differs from the YAML's")
                #expect(fromPlan.stderr == fromYAML.stderr)
            }
        }
    }

    @Test func aPlanOfAnotherVersionIsRefusedInOneLine() throws {
        let out = try compiledExamples()
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let plan = out.appendingPathComponent("com.example.weather.now.plan.json")
        let text = try String(contentsOf: plan, encoding: .utf8).replacingOccurrences(of: "widgetc-plan/1", with: "widgetc-plan/2")
        try text.write(to: plan, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", plan.path, "--from", "2026-11-29T08:00:00Z"])
        #expect(status == .inputErrors)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr.contains("/format: this is a 'widgetc-plan/2' plan; this runtime reads 'widgetc-plan/1'"))
    }

    @Test func nothingIsWrittenWhenAFileHasErrors() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.yaml")
        try """
            kind: com.example.bad
            displayName: Bad
            description: A default above its max.
            parameters:
              n: { type: integer, title: N, min: 1, max: 10, default: 20 }
            content: { n: "{{param.n}}" }
            timeline: { hourly: true }
            """.write(to: bad, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("plans")
        let (status, console) = runCLI(["compile", TestPaths.widgets + "/weather.yaml", bad.path, "--out", out.path])
        #expect(status == .inputErrors)
        #expect(console.stderr.contains("[param-range]"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func anOutThatIsAFileIsACommandLineError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("taken")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["compile", TestPaths.widgets + "/weather.yaml", "--out", file.path])
        #expect(status == .usage)
        #expect(console.stderr.contains("is not a directory"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }

    /// Issue 19: `--out DIR` holding a plan's name as a link to an input would have the plan
    /// written over the definition (the writer follows links): refused, exit 2, nothing written.
    @Test func aPlanOverAnInputIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.path + "/weather.yaml", out = dir.path + "/plans"
        try FileManager.default.copyItem(atPath: TestPaths.widgets + "/weather.yaml", toPath: source)
        let before = try String(contentsOfFile: source, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/com.example.weather.now.plan.json", withDestinationPath: "../weather.yaml")
        let (status, console) = runCLI(["compile", source, "--out", out])
        #expect(status == .usage)
        let errors = console.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors == ["error: --out '\(out)' would write '\(out)/com.example.weather.now.plan.json' over the input file '\(source)'; write the output to another directory"])
        #expect(try String(contentsOfFile: source, encoding: .utf8) == before)
        #expect(try files(URL(fileURLWithPath: out)) == ["com.example.weather.now.plan.json"])
    }
}
