import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport
import WidgetcRuntime

/// `generate swift --build-plugin`: the build-tool plugin's fixed files. The Swift, with the
/// team's `@main` bundle and starter views, type-checks against the Apple stub; the plans file
/// holds each plan as `compile` writes it, and the runtime loads each one by kind.
@Suite(.serialized) struct PluginLayoutTests {
    @Test(.enabled(if: GeneratedSwiftTests.ready, "needs swiftc and the package's build directory"))
    func thePluginsFilesTypeCheckWithTheTeamsFilesAndHoldEveryPlan() throws {
        let fm = FileManager.default
        let work = try temporaryDirectory()
        defer { try? fm.removeItem(at: work) }
        let stub = work.appendingPathComponent("stub")
        try fm.createDirectory(at: stub, withIntermediateDirectories: true)
        _ = try GeneratedSwiftTests.buildStub(into: stub)
        let examples = work.appendingPathComponent("examples")
        try fm.createDirectory(at: examples, withIntermediateDirectories: true)
        let manifest = try GeneratedSwiftTests.allExamples(in: examples)
        let yaml = try fm.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".yaml") }.sorted().map { examples.path + "/" + $0 }

        let plugin = work.appendingPathComponent("plugin")
        let (status, console) = runCLI(["generate", "swift", "--build-plugin", "--out", plugin.path] + yaml)
        #expect(status == .success, "\(console.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: plugin.path).sorted() == ["Localizable.xcstrings", "WidgetcGenerated.swift", "WidgetcPlans.json"])

        // The project layout of the same manifest: the team's files (the @main bundle, the starter views) and the plans.
        let project = work.appendingPathComponent("project")
        try GeneratedSwiftTests.generate(manifest, into: project)
        var teams = GeneratedSwiftTests.files(project, under: ".", ext: "WidgetBundle.swift")
        for view in GeneratedSwiftTests.files(project, under: "Views", ext: ".swift") {
            if try String(contentsOfFile: view, encoding: .utf8).hasPrefix("// Generated once") { teams.append(view) }
        }
        #expect(teams.contains { $0.hasSuffix("AllExamplesWidgetBundle.swift") }, "\(teams)")
        // The step goal's HealthKit type (docs/swift-hatch.md) is the team's too.
        teams += GeneratedSwiftTests.teamHatchTypes(project)
        let generated = try String(contentsOf: plugin.appendingPathComponent("WidgetcGenerated.swift"), encoding: .utf8)
        #expect(generated.contains("protocol WidgetcSwiftSource {"))
        // One file: its imports once, at the top; no @main (the team's).
        #expect(!generated.split(separator: "\n").contains { $0.hasPrefix("@main") })
        let imports = generated.split(separator: "\n").filter { $0.hasPrefix("import ") }
        #expect(imports.count == Set(imports).count, "\(imports)")
        #expect(generated.contains("WidgetPlan(contentsOf: url, kind: kind, locale: .current)"))
        let diagnostics = try GeneratedSwiftTests.shell([
            GeneratedSwiftTests.swiftc!, "-swift-version", "6", "-typecheck", "-parse-as-library", "-module-name", "WidgetExtension",
            "-I", stub.path, "-I", GeneratedSwiftTests.buildDirectory! + "/Modules", plugin.path + "/WidgetcGenerated.swift",
        ] + teams)
        #expect(diagnostics.isEmpty, "\(diagnostics)")

        // Every plan, by kind, as `compile` writes it; the runtime finds each.
        let plans = try JSONReader.parse(String(contentsOf: plugin.appendingPathComponent("WidgetcPlans.json"), encoding: .utf8)).json
        let files = GeneratedSwiftTests.files(project, under: "Resources", ext: ".plan.json")
        #expect(plans.object?.count == files.count && files.count >= 14, "\(files)")
        for file in files {
            let single = try JSONReader.parse(String(contentsOfFile: file, encoding: .utf8)).json
            let kind = try #require(single["kind"]?.string)
            #expect(plans[kind] == single, "\(kind)")
            let loaded = try WidgetPlan(contentsOf: plugin.appendingPathComponent("WidgetcPlans.json"), kind: kind, locale: nil)
            #expect(loaded.kind == kind)
        }
        // The same extension catalog as the project layout's.
        #expect(try Data(contentsOf: plugin.appendingPathComponent("Localizable.xcstrings")) == Data(contentsOf: project.appendingPathComponent("Resources/Localizable.xcstrings")))
        do {
            _ = try WidgetPlan(contentsOf: plugin.appendingPathComponent("WidgetcPlans.json"), kind: "com.example.none", locale: nil)
            Issue.record("a kind the file does not hold was loaded")
        } catch {
            #expect(error.message == "WidgetcPlans.json holds no plan for the kind 'com.example.none'")
        }
    }

    @Test func severalFilesOnlyForThePlugin() throws {
        let (status, console) = runCLI(["generate", "swift", "--out", "/tmp/unused", "a.yaml", "b.yaml"])
        #expect(status == .usage)
        #expect(console.stderr.contains("takes exactly one app manifest or widget file"))
    }
}
