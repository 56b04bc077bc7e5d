import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// The generated `AppIntent`s (docs/intents.md, "Generated Swift"), linked with the real runtime
/// and run as WidgetKit would: `perform()` changes the container through the runtime and asks
/// WidgetCenter for the other kinds; the view's initializer reads a button's arguments from the
/// entry's render tree; and several processes performing at once lose no update and tear no file.
extension GeneratedSwiftTests {
    /// A widget whose intent counts: each perform adds one and appends its process's mark.
    static let counter = """
        kind: com.example.counter
        displayName: Counter
        description: Counts taps.
        families: [systemSmall]
        data:
          counter: { file: counter.json }
        content: { count: "{{data.counter.count}}" }
        timeline: { once: true }
        intents:
          bump:
            parameters: { mark: { type: string } }
            perform:
              - increment: { file: counter.json, at: /count }
              - append: { file: counter.json, at: /marks, value: "{{param.mark}}" }
        view:
          button: "{{count}}"
          intent: bump

        """

    static let intentDriver = """
        import AppIntents
        import Foundation
        import WidgetKit
        import WidgetcRuntime

        let arguments = CommandLine.arguments
        switch arguments[1] {
        case "bump":
            // Performs the counter's intent N times, as N taps in this process.
            var intent = CounterBumpIntent()
            intent.mark = arguments[2]
            for _ in 0..<Int(arguments[3])! { _ = try await intent.perform() }
        case "read":
            // Parses the file N times while others write it: a torn read does not parse.
            var torn = 0
            for _ in 0..<Int(arguments[3])! {
                guard let data = FileManager.default.contents(atPath: arguments[2]) else { torn += 1; continue }
                if (try? JSONSerialization.jsonObject(with: data)) == nil { torn += 1 }
            }
            print("torn \\(torn)")
        default:
            // A toggle of the to-do list, with the index its tree gives the third task shown: the list is
            // sorted by lets (open tasks by due day), so it is the file's task 3, not its third.
            let timeline = await TodoPlan.timeline(at: Date(), family: .systemMedium, parameters: [:])
            let tree = timeline.entries[0].content.view!
            var toggle = TodoToggleTaskIntent(tree.items("v.1")[2], "v.1.item")
            print("index", toggle.index)
            _ = try await toggle.perform()
            print("reloads", StubWidgetCenter.take())
            // The lamp dimmed past its clamp, then opened at its scenes.
            for _ in 0..<6 { _ = try await LampDimIntent().perform() }
            print("reloads", StubWidgetCenter.take())
            _ = try await LampOpenScenesIntent().perform()
            // An index past the list: an error naming the file and the pointer, nothing changed.
            toggle.index = 7
            do {
                _ = try await toggle.perform()
                print("performed")
            } catch {
                print("error", error)
            }
        }

        """

    @Test(.enabled(if: ready, "needs swiftc and the package's build directory"))
    func generatedIntentsPerformThroughTheRuntime() throws {
        let fm = FileManager.default
        let work = try temporaryDirectory()
        defer { try? fm.removeItem(at: work) }
        let stub = work.appendingPathComponent("stub")
        try fm.createDirectory(at: stub, withIntermediateDirectories: true)
        let stubObjects = try Self.buildStub(into: stub)
        // The to-do, progress and lamp examples and the counter, in one app.
        let source = work.appendingPathComponent("source")
        try fm.createDirectory(at: source, withIntermediateDirectories: true)
        for name in ["todo.yaml", "todo-progress.yaml", "lamp.yaml"] {
            try fm.copyItem(atPath: TestPaths.widgets + "/" + name, toPath: source.path + "/" + name)
        }
        try Self.counter.write(to: source.appendingPathComponent("counter.yaml"), atomically: true, encoding: .utf8)
        try "app: com.example.tasks\ndisplayName: Tasks\nappGroup: group.com.example.tasks\nwidgets: [todo.yaml, todo-progress.yaml, lamp.yaml, counter.yaml]\n"
            .write(to: source.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        let out = work.appendingPathComponent("out")
        try Self.generate(source.path + "/app.yaml", into: out)
        let diagnostics = try Self.typeCheck(out, stub: stub)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let view = try String(contentsOf: out.appendingPathComponent("Views/TodoView.swift"), encoding: .utf8)
        #expect(view.contains("Toggle(isOn: item.isOn(\"v.1.item\"), intent: TodoToggleTaskIntent(item, \"v.1.item\")) {"), "\(view)")
        #expect(view.contains("Button(intent: TodoClearListIntent(tree, \"v.3\")) {"))
        #expect(view.contains("import AppIntents\n"))
        let lamp = try String(contentsOf: out.appendingPathComponent("Widgets/LampWidget.swift"), encoding: .utf8)
        #expect(lamp.contains("@Parameter(title: \"Step\", default: 10, inclusiveRange: (1, 50))"))
        #expect(lamp.contains("func perform() async throws -> some IntentResult & OpensIntent {"))
        #expect(lamp.contains("return .result(opensIntent: OpenURLIntent(url))"))
        // The intents' titles and parameters are in the extension's String Catalog.
        let catalog = try JSONReader.parse(String(contentsOf: out.appendingPathComponent("Resources/Localizable.xcstrings"), encoding: .utf8)).json
        for key in ["Toggle task", "Ticks a task off, or back on.", "Task", "Clear list", "Brighter", "Step"] {
            #expect(catalog["strings"]?[key] != nil, "\(key) is not in the catalog")
        }

        // Linked with the runtime and a driver that plays WidgetKit.
        let bin = work.appendingPathComponent("bin")
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        let driver = bin.appendingPathComponent("main.swift")
        try Self.intentDriver.write(to: driver, atomically: true, encoding: .utf8)
        let executable = bin.appendingPathComponent("extension").path
        try Self.shell([Self.swiftc!, "-swift-version", "6", "-module-name", "WidgetExtension", "-I", stub.path,
                        "-I", Self.buildDirectory! + "/Modules"] + Self.swiftSources(out, bundle: false) + [driver.path]
                       + stubObjects + [try Self.buildClock(into: bin)] + (try RuntimeModules.objects(inBuildDirectory: Self.buildDirectory!))
                       + Self.sanitizerFlags + ["-lm", "-o", executable])
        for plan in Self.files(out, under: "Resources", ext: ".json") {
            try fm.copyItem(atPath: plan, toPath: bin.path + "/" + URL(fileURLWithPath: plan).lastPathComponent)
        }
        let container = work.appendingPathComponent("container")
        try fm.createDirectory(at: container, withIntermediateDirectories: true)
        for name in ["todo.json", "lamp.json"] {
            try fm.copyItem(atPath: TestPaths.widgets + "/container/" + name, toPath: container.path + "/" + name)
        }
        try #"{"count": 0, "marks": []}"#.write(to: container.appendingPathComponent("counter.json"), atomically: true, encoding: .utf8)
        // The driver's Date() is pinned (the stub's clock), as its zone is.
        let environment = [
            "TZ": "UTC", "WIDGETC_STUB_CONTAINERS": "group.com.example.tasks=" + container.path,
            "WIDGETC_STUB_NOW": String(at("2026-11-29T09:00:00Z").seconds),
        ]

        let output = try Self.shell([executable, "examples"], environment: environment)
        #expect(output.contains("index 3\n"), "\(output)")
        // The toggle asked WidgetCenter for the progress widget; the lamp's intents ask for nothing.
        #expect(output.contains("reloads [\"com.example.todo.progress\"]\nreloads []\n"), "\(output)")
        #expect(output.contains("error todo.json at '/items/7/done': "), "\(output)")
        let todo = try JSONReader.parse(String(contentsOf: container.appendingPathComponent("todo.json"), encoding: .utf8)).json
        #expect(todo["items"]?.array?.map { $0["done"] } == [true, false, false, true])
        let lampState = try JSONReader.parse(String(contentsOf: container.appendingPathComponent("lamp.json"), encoding: .utf8)).json
        #expect(lampState["brightness"] == 10, "60 dimmed six times by 10 stops at the clamp")

        // Four processes tap at once, 40 times each, while a fifth reads the file without pause.
        let taps = 40, performers = 4
        let counterFile = container.appendingPathComponent("counter.json").path
        let results = try runProcessesTogether(
            (0..<performers).map { [executable, "bump", "p\($0)", String(taps)] } + [[executable, "read", counterFile, "2000"]],
            environment: environment)
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        #expect(results.last?.stdout == "torn 0\n")
        let counter = try JSONReader.parse(String(contentsOfFile: counterFile, encoding: .utf8)).json
        #expect(counter["count"] == .int(taps * performers), "lost updates")
        let marks = counter["marks"]?.array?.compactMap(\.string) ?? []
        #expect(marks.count == taps * performers)
        for p in 0..<performers { #expect(marks.filter { $0 == "p\(p)" }.count == taps) }
        #expect(try fm.contentsOfDirectory(atPath: container.path).filter { $0.contains(".json.widgetc-") }.isEmpty, "a temporary file was left")
    }
}
