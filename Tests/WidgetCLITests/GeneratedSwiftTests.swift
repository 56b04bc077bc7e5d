import Foundation
import Testing
import WidgetCLI
import WidgetCompiler
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime

/// The Swift `widgetc generate swift` writes, checked without Apple's SDKs: type-checked
/// (Swift 6 language mode) against the stub in Tests/AppleSDKStub and the built
/// WidgetcRuntime, then its providers linked with a driver that plays WidgetKit, and
/// their answers compared with `widgetc run` for a reload at the same instant.
///
/// Needs `swiftc` and the package's build directory (the test runs from it); skipped otherwise.
@Suite(.serialized) struct GeneratedSwiftTests {
    static let swiftc: String? = {
        var dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        dirs.append("/opt/swift/usr/bin")
        return dirs.map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The directory holding `Modules/WidgetcRuntime.swiftmodule` and `WidgetcRuntime.build/*.o`.
    static let buildDirectory = TestPaths.buildDirectory

    static var ready: Bool { swiftc != nil && buildDirectory != nil }

    // MARK: - Helpers

    @discardableResult
    static func shell(_ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil) throws -> String {
        let result = try runProcess(arguments, environment: environment ?? [:], in: directory?.path)
        let text = result.stdout + result.stderr
        guard result.status == 0 else {
            throw TestFailure("\(arguments.prefix(8).joined(separator: " ")) … failed (\(result.status)):\n\(text)")
        }
        return text
    }

    static func files(_ dir: URL, under sub: String, ext: String) -> [String] {
        let path = dir.appendingPathComponent(sub).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(ext) }.sorted().map { path + "/" + $0 }
    }

    /// Compiles the stub's modules into `dir` (UIKit first: SwiftUI's `Image(uiImage:)` needs it); returns their objects.
    /// The package's objects built under a sanitizer (`bench/sanitize` says which in
    /// WIDGETC_SANITIZER) link only with that sanitizer's runtime.
    static var sanitizerFlags: [String] {
        Sanitizer.name.map { ["-sanitize=" + $0] } ?? []
    }

    /// The stub's clock (Tests/AppleSDKStub/Clock) compiled into `dir`: linked into a driver, its
    /// wall clock stands at WIDGETC_STUB_NOW (seconds), so Date() is a pinned instant.
    static func buildClock(into dir: URL) throws -> String {
        let clock = dir.appendingPathComponent("clock.o").path
        let clang = URL(fileURLWithPath: swiftc!).deletingLastPathComponent().appendingPathComponent("clang").path
        try shell([clang, "-c", TestPaths.root + "/Tests/AppleSDKStub/Clock/clock.c", "-o", clock])
        return clock
    }

    static func buildStub(into dir: URL) throws -> [String] {
        let stub = TestPaths.root + "/Tests/AppleSDKStub"
        var objects: [String] = []
        for module in ["UIKit", "os", "SwiftUI", "Charts", "AppIntents", "WidgetKit", "HealthKit"] {
            let sources = files(URL(fileURLWithPath: stub), under: module, ext: ".swift")
            let object = dir.path + "/\(module).o"
            try shell([swiftc!, "-swift-version", "6", "-parse-as-library", "-package-name", "AppleSDKStub", "-I", dir.path,
                       "-module-name", module, "-wmo", "-c"] + sources + ["-o", object,
                       "-emit-module", "-emit-module-path", dir.path + "/\(module).swiftmodule"])
            objects.append(object)
        }
        return objects
    }

    /// `widgetc generate swift manifest --out dir`, in process.
    static func generate(_ manifest: String, into dir: URL) throws {
        let (status, console) = runCLI(["generate", "swift", manifest, "--out", dir.path])
        guard status == .success else { throw TestFailure("generate failed: \(console.stderr)") }
    }

    /// The generated Swift files: the bundle (top level), the widgets and the views.
    static func swiftSources(_ dir: URL, bundle: Bool = true) -> [String] {
        (bundle ? files(dir, under: ".", ext: ".swift") : []) + files(dir, under: "Widgets", ext: ".swift") + files(dir, under: "Views", ext: ".swift")
    }

    static func typeCheck(_ dir: URL, stub: URL) throws -> String {
        try shell([swiftc!, "-swift-version", "6", "-typecheck", "-parse-as-library", "-module-name", "WidgetExtension",
                   "-I", stub.path, "-I", buildDirectory! + "/Modules"] + swiftSources(dir) + teamHatchTypes(dir))
    }

    /// The examples' Swift hatch types (widgets/swift: the team's files, such as StepsToday) when the
    /// generated sources declare the hatch's protocol, which they conform to (docs/swift-hatch.md).
    static func teamHatchTypes(_ dir: URL) -> [String] {
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("Widgets/WidgetcSwiftHatch.swift").path) else { return [] }
        return files(URL(fileURLWithPath: TestPaths.widgets), under: "swift", ext: ".swift")
    }

    /// A manifest bundling every example widget (copied with their container), so every rule and parameter type is covered.
    static func allExamples(in dir: URL) throws -> String {
        let fm = FileManager.default
        var names: [String] = []
        for name in try fm.contentsOfDirectory(atPath: TestPaths.widgets).sorted() where name.hasSuffix(".yaml") {
            let text = try String(contentsOfFile: TestPaths.widgets + "/" + name, encoding: .utf8)
            guard !text.contains("\napp: ") else { continue }
            try fm.copyItem(atPath: TestPaths.widgets + "/" + name, toPath: dir.path + "/" + name)
            names.append(name)
        }
        try fm.copyItem(atPath: TestPaths.widgets + "/container", toPath: dir.path + "/container")
        // The String Catalog the localized examples name.
        try fm.copyItem(atPath: TestPaths.widgets + "/Localizable.xcstrings", toPath: dir.path + "/Localizable.xcstrings")
        let manifest = dir.path + "/all-app.yaml"
        try """
            app: com.example.all
            displayName: All Examples
            appGroup: group.com.example.all
            widgets: [\(names.joined(separator: ", "))]
            shortcuts:
              - { type: NewNote, title: New Note, icon: { symbol: square.and.pencil } }

            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        return manifest
    }

    // MARK: - Tests

    @Test(.enabled(if: ready, "needs swiftc and the package's build directory"))
    func generatedSourcesTypeCheckAndAnswerAsRunDoes() throws {
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let stub = work.appendingPathComponent("stub")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        let stubObjects = try Self.buildStub(into: stub)

        // Note Buddy, as the README shows it.
        let notes = work.appendingPathComponent("notes")
        try Self.generate(TestPaths.widgets + "/notes-app.yaml", into: notes)
        let notesDiagnostics = try Self.typeCheck(notes, stub: stub)
        #expect(notesDiagnostics.isEmpty, "\(notesDiagnostics)")

        // Every example widget in one bundle.
        let examples = work.appendingPathComponent("examples")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        let manifest = try Self.allExamples(in: examples)
        let all = work.appendingPathComponent("all")
        try Self.generate(manifest, into: all)
        let allDiagnostics = try Self.typeCheck(all, stub: stub)
        #expect(allDiagnostics.isEmpty, "\(allDiagnostics)")
        // More than ten widgets: groups of ten, since the stub's builder, as Apple's SDKs before parameter
        // packs, takes at most ten; the same widgets listed in one block do not type-check.
        let exampleCount = try Self.widgets(all).count
        #expect(exampleCount >= 15)
        #expect(try String(contentsOf: all.appendingPathComponent("AllExamplesWidgets.swift"), encoding: .utf8).contains("Widgets1To10().body\n        Widgets11To\(min(20, exampleCount))().body\n"))
        let flat = work.appendingPathComponent("flat")
        try FileManager.default.createDirectory(at: flat, withIntermediateDirectories: true)
        let widgetTypes = Self.files(all, under: "Widgets", ext: "Widget.swift").map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        #expect(widgetTypes.count == exampleCount)
        for sub in ["Widgets", "Views"] { try FileManager.default.copyItem(at: all.appendingPathComponent(sub), to: flat.appendingPathComponent(sub)) }
        try "import SwiftUI\nimport WidgetKit\n\n@main struct Flat: WidgetBundle {\n    var body: some Widget {\n\(widgetTypes.map { "        \($0)()\n" }.joined())    }\n}\n"
            .write(to: flat.appendingPathComponent("Flat.swift"), atomically: true, encoding: .utf8)
        do {
            _ = try Self.typeCheck(flat, stub: stub)
            Issue.record("\(exampleCount) widgets in one block type-checked against the stub's builder")
        } catch let failure as TestFailure {
            #expect(failure.description.contains("extra argument"), "\(failure)")
        }

        // Names that are not Swift identifiers as they stand: keywords, `-` and `.` and leading digits (kinds, enum values), clashes.
        let odd = work.appendingPathComponent("odd")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        try """
            app: com.example.odd
            displayName: 1 Odd-App
            widgets: [a.yaml, b.yaml]

            """.write(to: odd.appendingPathComponent("odd-app.yaml"), atomically: true, encoding: .utf8)
        for (file, kind) in [("a.yaml", "com.one.2-fast.default"), ("b.yaml", "com.two.2-fast.default")] {
            try """
                kind: \(kind)
                displayName: Odd
                description: "Names Swift would refuse as they stand"
                families: [systemSmall]
                parameters:
                  default: { type: enum, title: Default, values: [New York, default, class, new-york, 9lives], default: class }
                  switch: { type: boolean, title: Show it }
                  _1st: { type: integer, title: First, min: 1 }
                  self: { type: duration, title: Every, max: 2h }
                  Self: { type: number, title: Ratio, max: 1.5 }
                  in: { type: string, title: "Quote \\" and \\\\ backslash" }
                content: { "first-field": "{{param.default}}", "2nd": "{{param.in}}" }
                timeline: { once: true }

                """.write(to: odd.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let oddOut = work.appendingPathComponent("odd-out")
        try Self.generate(odd.path + "/odd-app.yaml", into: oddOut)
        #expect(Self.files(oddOut, under: "Widgets", ext: ".swift").map { URL(fileURLWithPath: $0).lastPathComponent }
                == ["One2FastDefaultWidget.swift", "Two2FastDefaultWidget.swift"])
        #expect(FileManager.default.fileExists(atPath: oddOut.path + "/W1OddAppWidgets.swift"))
        let oddDiagnostics = try Self.typeCheck(oddOut, stub: stub)
        #expect(oddDiagnostics.isEmpty, "\(oddDiagnostics)")

        // Link the providers with a driver and run them.
        // The examples that fetch from api.example.com: their providers would go to the network
        // (their sources type-check above; nothing leaves the machine in a test).
        let every = try Self.widgets(all)
        #expect(every.count == exampleCount)
        // The step goal reads HealthKit through StepsToday on a device (its fixture in a run), which
        // the stub's HealthKit does not answer: it type-checks and links, and is not compared.
        let widgets = every.filter { !$0.fetches && $0.kind != "com.example.steps.goal" }
        #expect(every.contains { $0.kind == "com.example.wishes" && $0.fetches })
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let driver = bin.appendingPathComponent("main.swift")
        try Self.driverSource(widgets).write(to: driver, atomically: true, encoding: .utf8)
        let runtimeObjects = try RuntimeModules.objects(inBuildDirectory: Self.buildDirectory!)
        #expect(runtimeObjects.contains { $0.hasSuffix("/WidgetcRuntime.build/WidgetcRuntime.swift.o") }, "\(runtimeObjects)")
        // The driver's wall clock stands at `now` (Tests/AppleSDKStub/Clock): the providers call Date().
        let clock = try Self.buildClock(into: bin)
        let now = at("2026-11-29T09:00:00Z")
        let executable = bin.appendingPathComponent("extension").path
        try Self.shell([Self.swiftc!, "-swift-version", "6", "-module-name", "WidgetExtension", "-I", stub.path,
                        "-I", Self.buildDirectory! + "/Modules"] + Self.swiftSources(all, bundle: false) + Self.teamHatchTypes(all) + [driver.path]
                       + stubObjects + [clock] + runtimeObjects + Self.sanitizerFlags + ["-lm", "-o", executable])
        // The plans are the extension's resources: beside the executable, where Bundle.main finds them on Linux.
        for plan in Self.files(all, under: "Resources", ext: ".json") {
            try FileManager.default.copyItem(atPath: plan, toPath: bin.path + "/" + URL(fileURLWithPath: plan).lastPathComponent)
        }
        let output = try Self.shell([executable], environment: [
            "TZ": "UTC", "WIDGETC_STUB_CONTAINERS": "group.com.example.all=" + examples.path + "/container",
            "WIDGETC_STUB_NOW": String(now.seconds),
        ])

        var compared = 0
        for line in output.split(separator: "\n") where line.hasPrefix("{") {
            let answer = try JSONReader.parse(String(line)).json
            let kind = try #require(answer["kind"]?.string)
            let widget = try #require(widgets.first { $0.kind == kind })
            let entries = try #require(answer["entries"]?.array)
            let first = try #require(entries.first?["date"]?.number)
            // Answered at the pinned instant: the first entry is within a day of it.
            #expect(abs(Int64(first) - now.seconds) <= 86_400, "\(kind): first entry at \(Int64(first)), pinned \(now.seconds)")
            var args = ["run", examples.path + "/" + widget.source, "--from", ZoneRules.utc.iso8601(Instant(seconds: Int64(first))), "--for", "1s",
                        "--tz", "UTC", "--format", "json", "--family", widget.families[0]]
            if answer["configured"] == true { for p in widget.parameters { args += ["--param", "\(p.name)=\(p.configuredText)"] } }
            let (status, console) = runCLI(args)
            #expect(status == .success, "\(console.stderr)")
            let run = try JSONReader.parse(console.stdout).json
            let reload = try #require(run["reloads"]?.array?.first)
            let expected = try #require(reload["entries"]?.array)
            #expect(entries.count == expected.count, "\(kind): \(entries.count) entries, run shows \(expected.count)")
            for (got, want) in zip(entries, expected) {
                #expect(got["date"]?.number == Self.seconds(want["date"]), "\(kind)")
                #expect(got["content"] == want["content"], "\(kind): \(got["content"].map(JSONWriter.string) ?? "-") vs \(want["content"].map(JSONWriter.string) ?? "-")")
                #expect((got["url"] ?? .null) == (want["url"] ?? .null), "\(kind)")
                // The generated entry's TimelineEntryRelevance (a Float score) is the run's relevance.
                if let relevance = want["relevance"], relevance != .null {
                    #expect(abs((got["relevance"]?["score"]?.number ?? .nan) - (relevance["score"]?.number ?? .nan)) < 1e-6, "\(kind)")
                    #expect(got["relevance"]?["duration"]?.number == relevance["duration"]?.number, "\(kind)")
                } else {
                    #expect((got["relevance"] ?? .null) == .null, "\(kind)")
                }
            }
            let policy = try #require(reload["policy"])
            #expect(answer["policy"]?["type"] == policy["type"], "\(kind)")
            if policy["type"] == "after" { #expect(answer["policy"]?["date"]?.number == Self.seconds(policy["date"]), "\(kind)") }
            compared += 1
        }
        // Every widget with its defaults, and each configurable one once more with every parameter changed.
        #expect(compared == widgets.count + widgets.filter { !$0.parameters.isEmpty }.count, "\(output)")
    }

    /// A face using every element and option (docs/views.md), as the plan carries it: the
    /// finished view, with one `switch family` and typed reads of the render tree, type-checks
    /// against the stub and the runtime, and the same plan gives the same bytes.
    static let everyElement = """
        {"vstack": [
           {"hstack": [{"text": "{{city}}", "font": "headline"}, {"spacer": {}},
                       {"symbol": "{{symbol}}", "color": "yellow", "accentable": true}], "alignment": "firstTextBaseline"},
           {"text": "{{temp}}°", "font": {"size": 34, "weight": "bold", "design": "rounded"}, "monospacedDigit": true},
           {"date": "{{entry.date}}", "style": "relative"},
           {"date": "{{entry.date}}", "format": "time"},
           {"timer": {"from": "{{entry.date}}", "to": "{{entry.date}}"}},
           {"progress": "{{temp}}", "total": 40, "label": "Warmth"},
           {"progress": {"from": "{{entry.date}}", "to": "{{entry.date}}"}, "style": "circular"},
           {"foreach": "{{hours}}", "limit": {"systemMedium": 3, "default": 2},
            "item": {"hstack": [{"text": "{{time}}"}, {"spacer": {"minLength": 4}}, {"text": "{{temp}}°"}]}},
           {"text": "Feels like {{temp}}°", "if": "{{param.feels}}", "families": ["systemMedium"]},
           {"image": "Logo", "frame": {"width": 24, "height": 24}, "cornerRadius": 6},
           {"image": {"file": "images/{{city}}.png"}, "contentMode": "fit"},
           {"gauge": "{{temp}}", "range": [0, 40], "label": "Temp", "currentValueLabel": "{{temp}}", "style": "linearCapacity"},
           {"divider": {}, "color": "{{tint}}"},
           {"group": [{"text": "Open", "link": "weather://{{city}}", "accessibilityLabel": "Open {{city}}", "privacySensitive": true}]},
           {"zstack": [{"image": "Sky", "background": {"image": {"asset": "Sky"}}}, {"text": "Hi", "padding": {"top": 4, "leading": 8}}], "alignment": "topLeading"},
           {"text": "{{city}}", "color": {"light": "#1E3A8A", "dark": "#BFDBFE"}, "padding": 12, "weight": "semibold",
            "frame": {"maxWidth": "infinity", "alignment": "leading"}, "background": {"gradient": ["#FFFFFF", "secondary"]},
            "opacity": 0.8, "lineLimit": 1, "minimumScaleFactor": 0.5, "textAlignment": "center"},
           {"text": "{{city}}", "font": {"size": "{{size}}", "weight": "bold"}, "padding": {"horizontal": "{{pad}}", "top": 2},
            "frame": {"width": "{{size}}", "maxHeight": "{{pad}}", "alignment": "leading"}},
           {"chart": "{{hours}}", "mark": "line", "x": "{{at}}", "xType": "date", "y": "{{temp}}", "color": "{{tint}}"},
           {"chart": "{{hours}}", "mark": "bar", "x": "{{n}}", "xType": "number", "y": "{{temp}}", "color": "orange", "yRange": [0, 40]}
         ], "alignment": "leading", "spacing": 4, "padding": true}
        """

    @Test(.enabled(if: ready, "needs swiftc and the package's build directory"))
    func aDeclaredFaceIsTheFinishedViewAndTypeChecks() throws {
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let stub = work.appendingPathComponent("stub")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        _ = try Self.buildStub(into: stub)
        // A widget of the three kinds of family, generated as usual (the plan without a face).
        let source = work.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try """
            app: com.example.faces
            displayName: Faces
            appGroup: group.com.example.faces
            widgets: [faces.yaml]

            """.write(to: source.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        try """
            kind: com.example.faces
            displayName: Faces
            description: Every element
            families: [systemSmall, systemMedium, accessoryCircular]
            parameters:
              feels: { type: boolean, title: Feels like }
            content: { city: Oslo, temp: "4", symbol: cloud.rain, tint: "#FF9F0A", size: 20, pad: 6 }
            timeline: { once: true }

            """.write(to: source.appendingPathComponent("faces.yaml"), atomically: true, encoding: .utf8)
        let plain = work.appendingPathComponent("plain")
        try Self.generate(source.path + "/app.yaml", into: plain)
        let planPath = plain.path + "/Resources/com.example.faces.plan.json"
        var plan = try #require(JSONReader.parse(String(contentsOfFile: planPath, encoding: .utf8)).json.object)
        // The face, as the plan carries the view as written.
        plan["view"] = try JSONReader.parse(Self.everyElement).json
        plan["familyView"] = try JSONReader.parse("""
            {"accessoryCircular": {"gauge": "{{temp}}", "range": [0, 40], "currentValueLabel": "{{temp}}", "style": "accessoryCircularCapacity", "accentable": true}}
            """).json
        plan["background"] = try JSONReader.parse(##"{"gradient": ["#1E3A8A", "#0EA5E9"]}"##).json
        let app = AppPlanModel(
            app: "com.example.faces", displayName: "Faces", source: "app.yaml", appGroup: "group.com.example.faces",
            widgets: ["com.example.faces.plan.json"], shortcuts: .array([]), dynamicShortcuts: nil)
        let typed = try WidgetPlanModel(json: .object(plan))
        let bytes = JSONWriter.string(.object(plan))
        let files = try SwiftGenerator.files(app: app, widgets: [("com.example.faces.plan.json", typed)], planBytes: ["com.example.faces.plan.json": bytes])
        #expect(try SwiftGenerator.files(app: app, widgets: [("com.example.faces.plan.json", typed)], planBytes: ["com.example.faces.plan.json": bytes]) == files)
        let out = work.appendingPathComponent("faces")
        for file in files {
            let url = out.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
        }
        let viewFile = try #require(files.first { $0.path == "Views/FacesView.swift" })
        #expect(viewFile.overwrites)
        let view = viewFile.contents
        #expect(view.hasPrefix("// Generated by widgetc from "))
        #expect(!view.contains("yours to edit"))
        // One switch over the declared families; the medium one has the `families`-limited text.
        #expect(view.components(separatedBy: "switch family {").count == 2)
        // One property per view as written (`view`, `familyView.accessoryCircular`), picked by the switch.
        #expect(view.contains("        case .systemSmall, .systemMedium:\n            sharedFace\n"))
        #expect(view.contains("        case .accessoryCircular:\n            accessoryCircularFace\n"))
        #expect(view.contains("    @ViewBuilder var sharedFace: some View {\n        VStack(alignment: .leading, spacing: 4) {\n"))
        // `families` decided per family, `if` by the runtime.
        #expect(view.contains("if family == .systemMedium, tree.shows(\"v.8\") {"))
        #expect(view.contains("Text(tree.text(\"v.0.0\"))\n                    .font(.headline)\n"))
        // Each element as its SwiftUI counterpart, read by node id.
        for expected in [
            "VStack(alignment: .leading, spacing: 4) {", "HStack(alignment: .firstTextBaseline) {", "Text(tree.text(\"v.0.0\"))",
            ".font(.headline)", "Image(systemName: tree.symbol(\"v.0.2\"))", ".foregroundStyle(.yellow)", ".widgetAccentable()",
            ".font(.system(size: 34, weight: .bold, design: .rounded))", ".monospacedDigit()",
            "Text(tree.date(\"v.2\"), style: .relative)", "Text(tree.text(\"v.3\"))",
            "Text(timerInterval: tree.timerInterval(\"v.4\"), countsDown: tree.countsDown(\"v.4\"))",
            "ProgressView(value: tree.value(\"v.5\"), total: tree.total(\"v.5\")) {", "Text(tree.label(\"v.5\"))",
            "ProgressView(timerInterval: tree.timerInterval(\"v.6\"), countsDown: tree.countsDown(\"v.6\"))", ".progressViewStyle(.circular)",
            "ForEach(tree.items(\"v.7\")) { item in", "Text(item.text(\"v.7.item.0\"))", "Spacer(minLength: 4)",
            "Image(tree.asset(\"v.9\"))", ".frame(width: 24, height: 24)", ".clipShape(RoundedRectangle(cornerRadius: 6))",
            "Image(uiImage: UIImage(contentsOfFile: tree.file(\"v.10\", in: FacesPlan.container)) ?? UIImage())", ".scaledToFit()",
            "Gauge(value: tree.value(\"v.11\"), in: tree.range(\"v.11\")) {", "} currentValueLabel: {", ".gaugeStyle(.linearCapacity)",
            "Divider()", "Group {", "Link(destination: tree.link(\"v.13.0\")) {", ".privacySensitive()",
            ".accessibilityLabel(tree.accessibilityLabel(\"v.13.0\"))", "ZStack(alignment: .topLeading) {",
            "Image(tree.backgroundAsset(\"v.14.0\"))", ".padding(EdgeInsets(top: 4, leading: 8, bottom: 0, trailing: 0))",
            ".foregroundStyle(colorScheme == .dark ? Color(red: 0.749, green: 0.859, blue: 0.996) : Color(red: 0.118, green: 0.227, blue: 0.541))",
            "@Environment(\\.colorScheme) var colorScheme", ".fontWeight(.semibold)", ".padding(12)",
            ".frame(maxWidth: .infinity, alignment: .leading)", ".background(LinearGradient(colors: [Color(red: 1, green: 1, blue: 1), Color.secondary], startPoint: .top, endPoint: .bottom))",
            ".opacity(0.8)", ".lineLimit(1)", ".minimumScaleFactor(0.5)", ".multilineTextAlignment(.center)", ".padding()",
            "Gauge(value: tree.value(\"f.accessoryCircular\"), in: tree.range(\"f.accessoryCircular\")) {", ".gaugeStyle(.accessoryCircularCapacity)",
            ".widgetURL(entry.url)", ".containerBackground(for: .widget) {",
            "LinearGradient(colors: [Color(red: 0.118, green: 0.227, blue: 0.541), Color(red: 0.055, green: 0.647, blue: 0.914)], startPoint: .top, endPoint: .bottom)",
            "import UIKit", ".foregroundStyle(color(tree.color(\"v.12\")))", "func color(_ rendered: RenderColor?) -> Color {",
            // Sizes written as templates are read from the tree; the words beside them stay Swift.
            ".font(.system(size: tree.fontSize(\"v.16\"), weight: .bold))",
            ".padding(EdgeInsets(top: tree.padding(\"v.16\", \\.top), leading: tree.padding(\"v.16\", \\.leading), bottom: tree.padding(\"v.16\", \\.bottom), trailing: tree.padding(\"v.16\", \\.trailing)))",
            ".frame(width: tree.frame(\"v.16\", \\.width))", ".frame(maxHeight: tree.frame(\"v.16\", \\.maxHeight), alignment: .leading)",
            // A date axis plots Dates, a number axis Doubles; `color` is each mark's (a template: the point's own).
            "import Charts", "Chart(tree.points(\"v.17\")) { point in", "LineMark(x: .value(\"x\", point.xDate), y: .value(\"y\", point.y))",
            "        .foregroundStyle(color(point.color))", "BarMark(x: .value(\"x\", point.xNumber), y: .value(\"y\", point.y))",
            "        .foregroundStyle(.orange)\n", ".chartYScale(domain: tree.yRange(\"v.18\"))",
        ] {
            #expect(view.contains(expected), "missing: \(expected)")
        }
        // The chart's colour is on its marks only, not on the chart view.
        #expect(view.components(separatedBy: ".foregroundStyle(.orange)").count == 2)
        let diagnostics = try Self.typeCheck(out, stub: stub)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        if let dump = ProcessInfo.processInfo.environment["FACES_DUMP"] { try view.write(toFile: dump, atomically: true, encoding: .utf8) }
    }

    static func seconds(_ iso: JSONValue?) -> Double? {
        guard let text = iso?.string, let parsed = try? InstantParser.parse(text) else { return nil }
        return Double(parsed.instant.seconds)
    }

    // MARK: - The driver

    struct GeneratedWidget {
        struct Parameter {
            let name: String
            let type: String
            /// A value other than the default: as Swift for the intent, and as `--param` text.
            let configuredSwift: String
            let configuredText: String
        }
        let base: String
        let kind: String
        let source: String
        let families: [String]
        let parameters: [Parameter]
        /// It has a URL data source.
        let fetches: Bool
    }

    /// The generated widgets, read back from the files and their plans.
    static func widgets(_ dir: URL) throws -> [GeneratedWidget] {
        var result: [GeneratedWidget] = []
        for file in files(dir, under: "Widgets", ext: "Widget.swift") {
            let name = URL(fileURLWithPath: file).lastPathComponent
            let base = String(name.dropLast("Widget.swift".count))
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let kindLine = try #require(text.split(separator: "\n").first { $0.contains("let kind: String = ") })
            let kind = String(kindLine.split(separator: "\"")[1])
            let plan = try JSONReader.parse(String(contentsOfFile: dir.path + "/Resources/\(kind).plan.json", encoding: .utf8)).json
            var parameters: [GeneratedWidget.Parameter] = []
            for p in plan["parameters"]?.array ?? [] {
                let name = p["name"]!.string!, type = p["type"]!.string!
                let d = p["default"]!
                let (swift, text): (String, String)
                switch type {
                case "integer":
                    let v = Int(d.number!) + 1
                    (swift, text) = ("\(v)", "\(v)")
                case "number":
                    let v = d.number! + 0.5
                    (swift, text) = ("\(v)", "\(v)")
                case "boolean":
                    (swift, text) = ("\(!d.bool!)", "\(!d.bool!)")
                case "enum":
                    let other = p["values"]!.array!.compactMap(\.string).first { $0 != d.string }!
                    (swift, text) = (".init(rawValue: \"\(other)\")!", other)
                case "duration":
                    let v = try DurationParser.parse(d.string!) + 60
                    (swift, text) = ("\(v)", DurationFormatter.format(v))
                case "entity":
                    // The last option of the examples' container (not the default, the first): an id the query answers.
                    let id = try Self.lastOptionID(p, plan: plan)
                    let type = base + name.prefix(1).uppercased() + name.dropFirst() + "Entity"
                    let entity = "\(type)(WidgetEntityOption(id: \"\(id)\", title: \"\(id)\"))"
                    (swift, text) = (p["multiple"]?.object != nil ? "[\(entity)]" : entity, id)
                default:
                    (swift, text) = ("\"Configured\"", "Configured")
                }
                parameters.append(.init(name: name, type: type, configuredSwift: swift, configuredText: text))
            }
            result.append(GeneratedWidget(
                base: base, kind: kind, source: plan["source"]!.string!, families: plan["families"]!.array!.compactMap(\.string),
                parameters: parameters, fetches: plan["data"]?.array?.contains { $0["url"] != nil } ?? false))
        }
        return result
    }

    /// The id of the last record of an entity parameter's options in the examples' container
    /// (`options.from: data.SOURCE.path`, `id: "{{record.FIELD}}"`).
    static func lastOptionID(_ parameter: JSONValue, plan: JSONValue) throws -> String {
        let from = try #require(parameter["options"]?["from"]?.string).split(separator: ".").map(String.init)
        let source = try #require(plan["data"]?.array?.first { $0["name"]?.string == from[1] })
        let file = try #require(source["file"]?.string)
        var value = try JSONReader.parse(String(contentsOfFile: TestPaths.widgets + "/container/" + file, encoding: .utf8)).json
        for key in from.dropFirst(2) { value = try #require(value[key]) }
        let field = try #require(parameter["options"]?["id"]?.string).dropFirst("{{record.".count).dropLast(2)
        return try #require(value.array?.last?[String(field)]?.string)
    }

    /// main.swift: asks each provider for a timeline as WidgetKit would, and prints one JSON line per answer.
    static func driverSource(_ widgets: [GeneratedWidget]) -> String {
        var s = """
            import AppIntents
            import Foundation
            import WidgetKit
            import WidgetcRuntime

            func json(_ text: String) -> String {
                var out = "\\""
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\\"": out += "\\\\\\""
                    case "\\\\": out += "\\\\\\\\"
                    default:
                        if scalar.value < 0x20 { out += String(format: "\\\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
                    }
                }
                return out + "\\""
            }

            func json(_ value: WidgetValue) -> String {
                switch value {
                case .null: return "null"
                case .bool(let b): return b ? "true" : "false"
                case .int(let i): return String(i)
                case .double(let d): return "\\(d)"
                case .string(let s): return json(s)
                case .array(let a): return "[" + a.map(json).joined(separator: ",") + "]"
                case .object(let o): return "{" + o.map { json($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
                }
            }

            func report(_ kind: String, configured: Bool, _ entries: [(WidgetEntry, TimelineEntryRelevance?)], _ policy: TimelineReloadPolicy) {
                var line = "{\\"kind\\":" + json(kind) + ",\\"configured\\":\\(configured),\\"entries\\":["
                line += entries.map { e, relevance in
                    "{\\"date\\":\\(Int(e.date.timeIntervalSince1970)),\\"content\\":" + json(.object(e.content)) + ",\\"url\\":" + (e.url.map(json) ?? "null")
                        + ",\\"relevance\\":" + (relevance.map { "{\\"score\\":\\(Double($0.score)),\\"duration\\":\\($0.duration)}" } ?? "null") + "}"
                }.joined(separator: ",")
                line += "],\\"policy\\":"
                if policy == .atEnd { line += "{\\"type\\":\\"atEnd\\"}" }
                else if policy == .never { line += "{\\"type\\":\\"never\\"}" }
                else { line += "{\\"type\\":\\"after\\",\\"date\\":\\(Int(policy.stubDate!.timeIntervalSince1970))}" }
                print(line + "}")
            }


            """
        for w in widgets {
            let context = "TimelineProviderContext(stubFamily: .\(w.families[0]))"
            s += "// \(w.kind)\n"
            if w.parameters.isEmpty {
                // The completion comes from the provider's Task: wait for it before the next widget.
                s += "await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in\n"
                s += "    \(w.base)Provider().getTimeline(in: \(context)) { timeline in\n"
                s += "        report(\"\(w.kind)\", configured: false, timeline.entries.map { ($0.content, $0.relevance) }, timeline.policy)\n"
                s += "        done.resume()\n    }\n}\n"
            } else {
                s += "do {\n"
                s += "    let timeline = await \(w.base)Provider().timeline(for: \(w.base)Intent(), in: \(context))\n"
                s += "    report(\"\(w.kind)\", configured: false, timeline.entries.map { ($0.content, $0.relevance) }, timeline.policy)\n"
                s += "    var intent = \(w.base)Intent()\n"
                for p in w.parameters { s += "    intent.\(p.name) = \(p.configuredSwift)\n" }
                s += "    let configured = await \(w.base)Provider().timeline(for: intent, in: \(context))\n"
                s += "    report(\"\(w.kind)\", configured: true, configured.entries.map { ($0.content, $0.relevance) }, configured.policy)\n}\n"
            }
        }
        return s
    }
}
