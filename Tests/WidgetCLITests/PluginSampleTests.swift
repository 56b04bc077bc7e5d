import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetcRuntime

/// Examples/PluginSample, built by `swift build` as a team would build its extension's package:
/// widgetc's build-tool plugin turns the target's YAML into Swift and plans, the runtime and the
/// Apple stub (Tests/AppleSDKStub, in place of Apple's SDKs) compile with them; a YAML error fails
/// the build at its line; nothing changed, nothing runs again; the command plugin runs widgetc.
///
/// It uses SwiftPM's native build system, the one `swift build` uses unless told otherwise (widgetc
/// has no build plugin of its own, so that system also rebuilds it as the plugin's tool:
/// docs/xcode.md). The first build compiles widgetc and its modules from scratch in the sample's
/// own build directory (five minutes or more on two cores): it runs in CI's full run
/// (`CI_FULL=1 .ci/run` sets WIDGETC_PLUGIN_SAMPLE=1 for the whole suite) or when asked, and is
/// skipped, saying so, otherwise.
@Suite(.serialized) struct PluginSampleTests {
    static let asked = ProcessInfo.processInfo.environment["WIDGETC_PLUGIN_SAMPLE"] == "1"

    static var swift: String? {
        GeneratedSwiftTests.swiftc.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("swift").path }
    }

    @Test(.enabled(if: asked && GeneratedSwiftTests.ready, "builds widgetc from scratch for the sample package (minutes): set WIDGETC_PLUGIN_SAMPLE=1, as CI_FULL=1 .ci/run does"))
    func theSampleBuildsAndAYAMLErrorFailsTheBuildAtItsLine() throws {
        let fm = FileManager.default
        let work = try temporaryDirectory()
        defer { try? fm.removeItem(at: work) }
        let sample = work.appendingPathComponent("PluginSample").path
        try fm.createDirectory(atPath: sample, withIntermediateDirectories: true)
        let original = TestPaths.root + "/Examples/PluginSample"
        for item in try fm.contentsOfDirectory(atPath: original) where item != ".build" && item != ".swiftpm" {
            try fm.copyItem(atPath: original + "/" + item, toPath: sample + "/" + item)
        }
        let stub = work.appendingPathComponent("stub")
        try fm.createDirectory(at: stub, withIntermediateDirectories: true)
        _ = try GeneratedSwiftTests.buildStub(into: stub)
        let environment = ["WIDGETC_PACKAGE": TestPaths.root, "WIDGETC_APPLE_STUB": stub.path]
        // WIDGETC_PLUGIN_SAMPLE_ENGINE=swiftbuild builds with Swift Build (Xcode's engine) instead.
        let engine = ProcessInfo.processInfo.environment["WIDGETC_PLUGIN_SAMPLE_ENGINE"].map { ["--build-system", $0] } ?? []
        func build() throws -> ProcessResult {
            try runProcess([Self.swift!, "build", "--package-path", sample] + engine, environment: environment)
        }
        // What widgetc's generate says when the plugin's command runs.
        let generating = "wrote 3 files to "

        // 1. It builds: the generated Swift compiled with the team's @main bundle, the plans a resource.
        let first = try build()
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect((first.stdout + first.stderr).contains(generating), "\(first.stdout)\(first.stderr)")
        // The target's resource bundle (not the plugin's work directory) holds the plans.
        let bundles = try fm.subpathsOfDirectory(atPath: sample + "/.build").filter {
            $0.hasSuffix("/WidgetcPlans.json") && $0.contains("PluginSample_TasksWidgets") && !$0.contains("plugins/outputs")
        }
        let plans = sample + "/.build/" + (try #require(bundles.first, "no WidgetcPlans.json resource in \(sample)/.build"))
        let plan = try WidgetPlan(contentsOf: URL(fileURLWithPath: plans), kind: "com.example.tasks.today", locale: nil)
        #expect(plan.displayName == "Today")
        #expect(plan.families == ["systemSmall", "systemMedium"])
        #expect(throws: PlanError.self) { try WidgetPlan(contentsOf: URL(fileURLWithPath: plans), kind: "com.example.tasks.other") }

        // 2. It builds again (SwiftPM's native build system once failed here: docs/xcode.md). That
        // system relinks a plugin's tool once more on the build after a clean one (its plugin-tool
        // pass and its main pass each link it), so the command may run once more here.
        let second = try build()
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        // Nothing changed: from then on the plugin's command does not run again.
        let third = try build()
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        #expect(!(third.stdout + third.stderr).contains(generating), "\(third.stdout)\(third.stderr)")

        // 3. A YAML error fails the build with the diagnostic at its line and column, as Xcode reads it.
        let widget = sample + "/Sources/TasksWidgets/today.yaml"
        let text = try String(contentsOfFile: widget, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.hasPrefix("families: [systemSmall, systemMedium]") }) + 1
        let column = lines[line - 1].distance(from: lines[line - 1].startIndex, to: lines[line - 1].range(of: "systemMedium")!.lowerBound) + 1
        try text.replacingOccurrences(of: "families: [systemSmall, systemMedium]", with: "families: [systemSmall, systemMedum]  ")
            .write(toFile: widget, atomically: true, encoding: .utf8)
        let broken = try build()
        #expect(broken.status != 0)
        let output = broken.stdout + broken.stderr
        #expect(output.contains("\(widget):\(line):\(column): error: "), "\(output)")
        #expect(output.contains("error: nothing written; fix the errors first"), "\(output)")
        #expect(output.contains("systemMedum"), "\(output)")

        // 4. The command plugin runs widgetc in the package's directory, with its exit status.
        let allow = "--allow-writing-to-package-directory"
        let failed = try runProcess([Self.swift!, "package", "--package-path", sample] + engine + [allow, "widgetc", "validate", "Sources/TasksWidgets"], environment: environment)
        #expect(failed.status != 0)
        #expect((failed.stdout + failed.stderr).contains("Sources/TasksWidgets/today.yaml:\(line):\(column): error: "), "\(failed.stdout)\(failed.stderr)")
        // docs/ci.md's workflow step: the same error as a GitHub annotation, a line of its own on stdout
        // (without a terminal SwiftPM asks for the plugin's declared permission with an error: hence `allow`).
        let annotated = try runProcess([Self.swift!, "package", "--package-path", sample] + engine + [allow, "widgetc", "validate", "--format", "github", "Sources/TasksWidgets"], environment: environment)
        #expect(annotated.status != 0)
        #expect(
            annotated.stdout.split(separator: "\n").contains { $0.hasPrefix("::error file=Sources/TasksWidgets/today.yaml,line=\(line),col=\(column),") && $0.contains("systemMedum") },
            "\(annotated.stdout)\(annotated.stderr)")
        try text.write(toFile: widget, atomically: true, encoding: .utf8)
        let clean = try runProcess([Self.swift!, "package", "--package-path", sample] + engine + [allow, "widgetc", "validate", "Sources/TasksWidgets"], environment: environment)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        // The manifest, the widget and the scenario beside them.
        #expect((clean.stdout + clean.stderr).contains("3 files, 0 errors, 0 warnings"), "\(clean.stdout)\(clean.stderr)")

        // 5. Fixed again, it builds again, running the plugin's command.
        let fourth = try build()
        #expect(fourth.status == 0, "\(fourth.stdout)\(fourth.stderr)")
        #expect((fourth.stdout + fourth.stderr).contains(generating), "\(fourth.stdout)\(fourth.stderr)")
    }

    /// widgetc's manifest as `swift package dump-package` prints it.
    static func dumpedPackage() throws -> JSONValue {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Its own scratch directory: `swift test` holds the package's.
        let dump = try runProcess([swift!, "package", "--package-path", TestPaths.root, "--scratch-path", scratch.path, "dump-package"])
        #expect(dump.status == 0, "\(dump.stderr)")
        return try JSONReader.parse(dump.stdout).json
    }

    /// The libyaml system library names Homebrew's package as well as Debian's (the Mac build).
    @Test(.enabled(if: swift != nil, "needs swift"))
    func libyamlHasAnAptAndABrewProvider() throws {
        let package = try Self.dumpedPackage()
        let cyaml = try #require(package["targets"]?.array?.first { $0["name"] == "CYAML" })
        #expect(cyaml["pkgConfig"] == "yaml-0.1")
        let providers = try #require(cyaml["providers"]?.array)
        // Each provider as the manifest dumps it: {"apt": [["libyaml-dev"]]}.
        #expect(providers.contains { $0["apt"]?.array?.first?.array?.first == "libyaml-dev" }, "\(providers)")
        #expect(providers.contains { $0["brew"]?.array?.first?.array?.first == "libyaml" }, "\(providers)")
    }

    /// No target that an app's build uses (the library and plugin products and every target they
    /// depend on) has unsafe flags: SwiftPM refuses such a product from a package another depends on
    /// ("contains unsafe build flags"). The plugins run `widgetc-tool`; `widgetc` keeps its Linux
    /// linker flags.
    @Test(.enabled(if: swift != nil, "needs swift"))
    func nothingAnAppBuildsHasUnsafeFlags() throws {
        let package = try Self.dumpedPackage()
        var targets: [String: JSONValue] = [:]
        for target in package["targets"]?.array ?? [] { if let name = target["name"]?.string { targets[name] = target } }
        let used = (package["products"]?.array ?? []).filter { $0["type"]?["library"] != nil || $0["type"]?["plugin"] != nil }
        var queue = used.flatMap { $0["targets"]?.array?.compactMap(\.string) ?? [] }
        var seen = Set<String>()
        while let name = queue.popLast() {
            guard seen.insert(name).inserted else { continue }
            for dependency in targets[name]?["dependencies"]?.array ?? [] {
                if let target = (dependency["byName"] ?? dependency["target"])?.array?.first?.string { queue.append(target) }
            }
        }
        func hasUnsafeFlags(_ name: String) -> Bool {
            targets[name]?["settings"]?.array?.contains { $0["kind"]?["unsafeFlags"] != nil } == true
        }
        #expect(seen.isSuperset(of: ["WidgetcRuntime", "WidgetcGenerate", "WidgetcCommand", "widgetc-tool", "WidgetCLI"]), "\(seen.sorted())")
        #expect(seen.filter(hasUnsafeFlags).isEmpty, "\(seen.filter(hasUnsafeFlags).sorted())")
        #expect(!seen.contains("widgetc") && hasUnsafeFlags("widgetc"))
    }
}
