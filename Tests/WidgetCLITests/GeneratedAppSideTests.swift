import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetTime

/// The app's generated side (App/<App>AppData.swift): type-checked against the stub
/// (Tests/AppleSDKStub: UIKit's quick actions, WidgetKit's WidgetCenter) and the built
/// WidgetcRuntime, then run by a driver that plays the app: it writes the notes file through the
/// generated `write`, and the test checks the container's bytes, the kinds reloaded and the
/// quick actions set against what `widgetc actions` prints for the same container.
@Suite struct GeneratedAppSideTests {
    typealias G = GeneratedSwiftTests

    /// main.swift: writes the file named by the first argument through the generated side, then
    /// prints the reloaded kinds and one line per quick action set.
    static let driver = """
        import Foundation
        import UIKit
        import WidgetKit

        func text(_ value: any NSSecureCoding) -> String {
            if let s = value as? NSString { return "\\"" + (s as String) + "\\"" }
            if let n = value as? NSNumber { return n.stringValue }
            return "?"
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
        try NoteBuddyAppData.write(data, to: .notesJson)
        print("kinds " + StubWidgetCenter.reloadedKinds.joined(separator: ","))
        for item in UIApplication.shared.shortcutItems ?? [] {
            let info = (item.userInfo ?? [:]).sorted { $0.key < $1.key }.map { "\\($0.key)=\\(text($0.value))" }.joined(separator: ",")
            print("item \\(item.type)|\\(item.localizedTitle)|\\(item.localizedSubtitle ?? "-")|\\(item.icon?.stubDescription ?? "-")|\\(info)")
        }
        do {
            try NoteBuddyAppData.write(Data(count: 1 << 21), to: .notesJson)
            print("written")
        } catch {
            print("refused \\(error)")
        }
        """

    /// `widgetc actions`' dynamic items as the driver prints them.
    static func actionLines(_ json: JSONValue) -> [String] {
        (json["dynamic"]?.array ?? []).map { item in
            let icon = item["icon"]?.object.flatMap { o in o.first(where: { _ in true }).map { "\($0.key):\($0.value.string ?? "")" } } ?? "-"
            let info = (item["userInfo"]?.object.map { o in o.map { ($0.key, $0.value) } } ?? []).sorted { $0.0 < $1.0 }
                .map { "\($0.0)=\(JSONWriter.string($0.1))" }.joined(separator: ",")
            return "item \(item["type"]?.string ?? "")|\(item["title"]?.string ?? "")|\(item["subtitle"]?.string ?? "-")|\(icon)|\(info)"
        }
    }

    @Test(.enabled(if: GeneratedSwiftTests.ready, "needs swiftc and the package's build directory"))
    func theAppWritesWholeReloadsTheKindsThatReadAndSetsTheQuickActionsAsActionsShows() throws {
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let stub = work.appendingPathComponent("stub")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        let stubObjects = try G.buildStub(into: stub)
        let out = work.appendingPathComponent("out")
        try G.generate(TestPaths.widgets + "/notes-app.yaml", into: out)
        let app = G.files(out, under: "App", ext: ".swift")
        #expect(app.map { URL(fileURLWithPath: $0).lastPathComponent } == ["NoteBuddyAppData.swift"])
        let source = try String(contentsOfFile: app[0], encoding: .utf8)
        #expect(source.contains("case notesJson = \"notes.json\""))
        #expect(source.contains("case .notesJson: [\"com.example.notebuddy.recent\"]"))
        #expect(FileManager.default.fileExists(atPath: out.path + "/App/Resources/com.example.notebuddy.app.json"))

        // Type-checked on its own: the app target has none of the extension's files.
        let diagnostics = try G.shell([G.swiftc!, "-swift-version", "6", "-typecheck", "-parse-as-library", "-module-name", "NoteBuddy",
                                       "-I", stub.path, "-I", G.buildDirectory! + "/Modules"] + app)
        #expect(diagnostics.isEmpty, "\(diagnostics)")

        // Linked with the driver and run against a copy of the example's container.
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Self.driver.write(to: bin.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let executable = bin.appendingPathComponent("app").path
        try G.shell([G.swiftc!, "-swift-version", "6", "-module-name", "NoteBuddy", "-I", stub.path, "-I", G.buildDirectory! + "/Modules"]
                    + app + [bin.path + "/main.swift"] + stubObjects + (try RuntimeModules.objects(inBuildDirectory: G.buildDirectory!))
                    + G.sanitizerFlags + ["-lm", "-o", executable])
        try FileManager.default.copyItem(atPath: out.path + "/App/Resources/com.example.notebuddy.app.json", toPath: bin.path + "/com.example.notebuddy.app.json")
        let container = work.appendingPathComponent("container")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        // Six notes, sorted differently from their order, one with neither title nor body.
        var notes: [String] = []
        for i in 0..<6 {
            let title = i == 2 ? "" : "Note \(i)"
            let body = i == 2 ? "" : "Body \(i)"
            notes.append(#"{"id": "n\#(i)", "title": "\#(title)", "body": "\#(body)", "isFavorite": \#(i % 2 == 0), "modified": "2026-11-2\#(i)T08:00:00Z"}"#)
        }
        let bytes = "[\n" + notes.joined(separator: ",\n") + "\n]\n"
        let input = work.appendingPathComponent("notes-input.json")
        try bytes.write(to: input, atomically: true, encoding: .utf8)
        let output = try G.shell([executable, input.path], environment: [
            "TZ": "UTC", "WIDGETC_STUB_CONTAINERS": "group.com.example.notebuddy=" + container.path,
        ])
        let lines = output.split(separator: "\n").map(String.init)
        // The bytes as given, in place; the one kind that reads notes.json reloaded.
        #expect(try String(contentsOf: container.appendingPathComponent("notes.json"), encoding: .utf8) == bytes)
        #expect(lines.first == "kinds com.example.notebuddy.recent")
        // The quick actions: what widgetc actions prints for that container, newest first, the
        // empty note filtered out, three beside the one static action.
        let (status, console) = runCLI(["actions", TestPaths.widgets + "/notes-app.yaml", "--format", "json", "--container", container.path])
        #expect(status == .success)
        let expected = Self.actionLines(try JSONReader.parse(console.stdout).json)
        #expect(expected.count == 3)
        #expect(expected.first == "item EditNote|Edit Note|Note 5|symbol:pencil|NoteID=\"n5\"")
        #expect(Array(lines.dropFirst().prefix { $0.hasPrefix("item ") }) == expected)
        #expect(console.stderr.contains("quick-action-limit"), "\(console.stderr)")
        // Over the 1 MiB a widget reads: refused, the file left as it was.
        #expect(lines.last?.hasPrefix("refused") == true, "\(output)")
        #expect(try String(contentsOf: container.appendingPathComponent("notes.json"), encoding: .utf8) == bytes)
    }

    @Test func eachFileReloadsExactlyTheKindsThatReadIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func widget(_ name: String, _ data: String) throws {
            try """
                kind: k.\(name)
                displayName: \(name)
                description: "A widget reading \(data.isEmpty ? "nothing" : "files")"
                \(data.isEmpty ? "" : "data: { \(data) }")
                content: { title: "x" }
                timeline: { once: true }

                """.write(toFile: dir.path + "/\(name).yaml", atomically: true, encoding: .utf8)
        }
        try widget("a", "shared: { file: shared.json }")
        try widget("b", "other: { file: data/other.json }, shared: { file: ./shared.json }")
        try widget("c", "")
        try widget("d", "shared: { file: shared.json }")
        try "app: com.example.x\ndisplayName: X\nappGroup: group.x\nwidgets: [a.yaml, b.yaml, c.yaml, d.yaml]\n"
            .write(toFile: dir.path + "/x-app.yaml", atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        try G.generate(dir.path + "/x-app.yaml", into: out)
        let source = try String(contentsOfFile: out.path + "/App/XAppData.swift", encoding: .utf8)
        #expect(source.contains("case .sharedJson: [\"k.a\", \"k.b\", \"k.d\"]\n"), "\(source)")
        #expect(source.contains("case .dataOtherJson: [\"k.b\"]\n"), "\(source)")
        // No dynamic quick actions: no app plan and no shortcut items.
        #expect(!source.contains("shortcutItems"))
        #expect(!FileManager.default.fileExists(atPath: out.path + "/App/Resources"))
        // Without an app group there is nothing to write into: no app side.
        try "app: com.example.y\ndisplayName: Y\nwidgets: [a.yaml]\n".write(toFile: dir.path + "/y-app.yaml", atomically: true, encoding: .utf8)
        let noGroup = dir.appendingPathComponent("no-group")
        try G.generate(dir.path + "/y-app.yaml", into: noGroup)
        #expect(!FileManager.default.fileExists(atPath: noGroup.path + "/App"))
    }
}
