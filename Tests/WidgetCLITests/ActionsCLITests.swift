import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// `widgetc actions`: the Info.plist and JSON outputs, data problems, and mistakes.
@Suite struct ActionsCLITests {
    static let notesApp = TestPaths.widgets + "/notes-app.yaml"

    /// A fresh directory holding `app.yaml` and, for each data file, `container/NAME`.
    func app(_ yaml: String, data: [String: String] = [:]) throws -> String {
        let directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        try yaml.write(toFile: directory + "/app.yaml", atomically: true, encoding: .utf8)
        for (name, text) in data {
            try text.write(toFile: directory + "/container/" + name, atomically: true, encoding: .utf8)
        }
        return directory
    }

    static let notesYAML = """
        app: com.example.n
        displayName: N
        appGroup: group.com.example.n
        dynamicShortcuts:
          data: { notes: { file: notes.json } }
          items: notes
          item: { type: Edit, title: "{{title}}" }
        """

    @Test func notesAppJSONIsExact() {
        let (status, console) = runCLI(["actions", Self.notesApp, "--format", "json"])
        #expect(status == .success)
        // Four in all: the static one and three dynamic ones; the warning points at the first left out.
        #expect(console.stderr.hasPrefix(TestPaths.widgets + "/container/notes.json:6:3: warning: iOS shows at most 4 quick actions (after the 1 static one): 2 dynamic ones are left out, from notes[4] on [quick-action-limit]\n"), "\(console.stderr)")
        #expect(console.stdout == """
            {
              "static": [
                {"type":"NewNote","title":"New Note","icon":{"symbol":"square.and.pencil"},"userInfo":{}}
              ],
              "dynamic": [
                {"type":"EditNote","title":"Edit Note","subtitle":"Groceries","icon":{"symbol":"star"},"userInfo":{"NoteID":"5F1C2A9E-0B1D-4C44-9A10-3E2D1B7F6A01"}},
                {"type":"EditNote","title":"Edit Note","subtitle":"Call the plumber about the kitchen sink","icon":{"symbol":"pencil"},"userInfo":{"NoteID":"0C7D4E21-6A3B-4F8E-B2D9-71A5C6E0F302"}},
                {"type":"EditNote","title":"Edit Note","subtitle":"Trip to Lisbon","icon":{"symbol":"star"},"userInfo":{"NoteID":"A93E6B70-2D4F-4E1A-8C55-0F9B3D2E7403"}}
              ]
            }

            """)
    }

    @Test func notesAppPlistParsesBackWithFoundation() throws {
        let (status, console) = runCLI(["actions", Self.notesApp])
        #expect(status == .success)
        #expect(console.stderr.isEmpty)
        #expect(console.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC"))
        let plist = try PropertyListSerialization.propertyList(from: Data(console.stdout.utf8), options: [], format: nil)
        let root = try #require(plist as? [String: Any])
        #expect(Array(root.keys) == ["UIApplicationShortcutItems"])
        let items = try #require(root["UIApplicationShortcutItems"] as? [[String: String]])
        #expect(items == [[
            "UIApplicationShortcutItemType": "NewNote",
            "UIApplicationShortcutItemTitle": "New Note",
            "UIApplicationShortcutItemIconSymbolName": "square.and.pencil",
        ]])
        // The plist is static only, with or without --format plist.
        #expect(runCLI(["actions", "--format", "plist", Self.notesApp]).1.stdout == console.stdout)
    }

    @Test func plistEscapesXMLInTitlesAndKeepsEveryField() throws {
        let dir = try app("""
            app: com.example.x
            displayName: X
            shortcuts:
              - { type: "a&b", title: "<&>", icon: { file: "a'b" } }
              - { type: Fav, title: "Tom & Jerry's <\\"best\\">", subtitle: "1 < 2", icon: { type: taskCompleted }, userInfo: { n: 3, ok: true, list: [x, 2.5] } }
            """)
        let (status, console) = runCLI(["actions", dir + "/app.yaml"])
        #expect(status == .success, "\(console.stderr)")
        #expect(console.stdout.contains("<string>Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt;</string>"))
        let plist = try PropertyListSerialization.propertyList(from: Data(console.stdout.utf8), options: [], format: nil)
        let items = try #require((plist as? [String: Any])?["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items[0]["UIApplicationShortcutItemType"] as? String == "a&b")
        #expect(items[0]["UIApplicationShortcutItemTitle"] as? String == "<&>")
        #expect(items[0]["UIApplicationShortcutItemIconFile"] as? String == "a'b")
        #expect(items[1]["UIApplicationShortcutItemTitle"] as? String == "Tom & Jerry's <\"best\">")
        #expect(items[1]["UIApplicationShortcutItemSubtitle"] as? String == "1 < 2")
        #expect(items[1]["UIApplicationShortcutItemIconType"] as? String == "UIApplicationShortcutIconTypeTaskCompleted")
        let info = try #require(items[1]["UIApplicationShortcutItemUserInfo"] as? [String: Any])
        #expect((info["n"] as? NSNumber)?.intValue == 3)
        #expect(info["ok"] as? Bool == true)
        let list = try #require(info["list"] as? [Any])
        #expect(list[0] as? String == "x")
        #expect((list[1] as? NSNumber)?.doubleValue == 2.5)
    }

    @Test func jsonUsesTheContainerGiven() throws {
        let dir = try app(Self.notesYAML, data: ["notes.json": #"[{"title":"beside"}]"#])
        let other = try app("unused: true", data: ["notes.json": #"[{"title":"given"},{"title":"{{title}}"}]"#])
        let (_, beside) = runCLI(["actions", dir + "/app.yaml", "--format", "json"])
        #expect(beside.stdout.contains(#"{"type":"Edit","title":"beside","icon":null,"userInfo":{}}"#))
        let (status, given) = runCLI(["actions", dir + "/app.yaml", "--format=json", "--container", other + "/container"])
        #expect(status == .success)
        #expect(given.stderr.isEmpty)
        let object = try JSONReader.parse(given.stdout).json
        #expect(object["dynamic"] == [
            ["type": "Edit", "title": "given", "icon": nil, "userInfo": [:]],
            ["type": "Edit", "title": "{{title}}", "icon": nil, "userInfo": [:]],
        ])
    }

    @Test func sortingTiesAndWhenThroughTheCommandLine() throws {
        let yaml = Self.notesYAML.replacingOccurrences(
            of: "  items: notes\n", with: "  items: notes\n  sort: { by: rank, order: descending }\n  when: \"{{#show}}y{{/show}}\"\n")
        let data = #"[{"title":"a","rank":1,"show":true},{"title":"b","rank":2,"show":true},{"title":"c","rank":1,"show":true},{"title":"hidden","rank":9,"show":false},{"title":"d","rank":2,"show":1}]"#
        let dir = try app(yaml, data: ["notes.json": data])
        let (status, console) = runCLI(["actions", dir + "/app.yaml", "--format", "json"])
        #expect(status == .success)
        let titles = try JSONReader.parse(console.stdout).json["dynamic"]?.array?.compactMap { $0["title"]?.string }
        #expect(titles == ["b", "d", "a", "c"])
    }

    @Test func missingDataIsAWarningAndNoDynamicItems() throws {
        let dir = try app(Self.notesYAML)
        let (status, console) = runCLI(["actions", dir + "/app.yaml", "--format", "json"])
        #expect(status == .success)
        #expect(try JSONReader.parse(console.stdout).json["dynamic"] == [])
        #expect(console.stderr.hasPrefix("\(dir)/app.yaml:5:26: warning: container file 'notes.json' is missing (looked in \(dir)/container); no dynamic quick actions [data-missing]\n"))
        #expect(console.stderr.contains("  data: { notes: { file: notes.json } }\n" + String(repeating: " ", count: 25) + "^\n"))
    }

    @Test func malformedDataIsAWarningNamingTheFileAndLine() throws {
        let dir = try app(Self.notesYAML, data: ["notes.json": "[\n  {\"title\": \"a\"},\n  {\"title\" \"b\"}\n]\n"])
        let (status, console) = runCLI(["actions", dir + "/app.yaml", "--format", "json"])
        #expect(status == .success)
        #expect(try JSONReader.parse(console.stdout).json["dynamic"] == [])
        #expect(console.stderr.hasPrefix("\(dir)/container/notes.json:3:"))
        #expect(console.stderr.contains("warning: container file 'notes.json' is malformed at line 3, column "))
        #expect(console.stderr.contains("[data-malformed]\n  {\"title\" \"b\"}\n"))
    }

    @Test func anInvalidManifestPrintsDiagnosticsAndExitsOne() {
        let file = TestPaths.root + "/Tests/WidgetCompilerTests/Fixtures/invalid/duplicate-shortcut-type.yaml"
        for format in ["plist", "json"] {
            let (status, console) = runCLI(["actions", file, "--format", format])
            #expect(status == .inputErrors)
            #expect(console.stdout.isEmpty)
            #expect(console.stderr.hasPrefix("\(file):5:13: error: shortcut type 'NewNote' is used twice"))
            #expect(console.stderr.hasSuffix("error: the manifest has errors; fix them first (see widgetc validate)\n"))
        }
    }

    @Test func iconsAreExactlyOneOfSymbolTypeOrFile() throws {
        let dir = try app("""
            app: com.example.x
            displayName: X
            shortcuts:
              - { type: A, title: A, icon: { symbol: a, file: b } }
              - { type: B, title: B, icon: { type: rocket } }
              - { type: C, title: C, icon: {} }
              - { type: D, title: D, icon: { type: markLocation } }
            """)
        let (status, console) = runCLI(["validate", "--format", "json", dir + "/app.yaml"])
        #expect(status == .inputErrors)
        let diagnostics = try JSONReader.parse(console.stdout).json["diagnostics"]?.array ?? []
        let found = diagnostics.map { "\(Int($0["line"]?.number ?? 0)):\(Int($0["column"]?.number ?? 0)) \($0["pointer"]?.string ?? "")" }
        #expect(found == ["4:32 /shortcuts/0/icon", "5:40 /shortcuts/1/icon/type", "6:32 /shortcuts/2/icon"])
        #expect(diagnostics[1]["message"]?.string?.hasPrefix("unknown icon type 'rocket' (icon types: compose, play") == true)
        let (actionsStatus, actions) = runCLI(["actions", dir + "/app.yaml"])
        #expect(actionsStatus == .inputErrors)
        #expect(actions.stdout.isEmpty)
    }

    @Test func commandLineMistakesExitTwoWithOneLine() throws {
        let widget = TestPaths.root + "/widgets/weather.yaml"
        let cases: [([String], String)] = [
            (["actions"], "'actions' takes exactly one app manifest"),
            (["actions", Self.notesApp, Self.notesApp], "'actions' takes exactly one app manifest"),
            (["actions", Self.notesApp, "--format", "xml"], "unknown --format 'xml' for 'actions'; use 'plist' or 'json'"),
            (["actions", Self.notesApp, "--container", TestPaths.root + "/widgets/container"], "--container needs --format json"),
            (["actions", Self.notesApp, "--format", "json", "--container", Self.notesApp], "is not a directory"),
            (["actions", "/no/such/app.yaml"], "cannot read '/no/such/app.yaml'"),
            (["actions", widget], "holds no app manifest"),
            (["actions", Self.notesApp, "--contianer", "x"], "did you mean '--container'?"),
        ]
        for (args, message) in cases {
            let (status, console) = runCLI(args)
            #expect(status == .usage, "\(args)")
            #expect(console.stdout.isEmpty, "\(args)")
            #expect(console.stderr.hasPrefix("error: "), "\(args)")
            #expect(console.stderr.contains(message), "\(args): \(console.stderr)")
            #expect(console.stderr.filter { $0 == "\n" }.count == 1, "\(args): \(console.stderr)")
        }
    }

    @Test func actionsIsListedInHelp() {
        let (_, overview) = runCLI(["help"])
        #expect(overview.stdout.contains("  actions     Print an app manifest's Home Screen quick actions.\n"))
        let (status, help) = runCLI(["actions", "--help"])
        #expect(status == .success)
        #expect(help.stdout.contains("USAGE: widgetc actions [--format plist|json] [--container DIR] [--locale LANG] APP.yaml"))
    }

    @Test func runOnAManifestRunsItsBundleWithTheManifestsContainer() throws {
        let (status, console) = runCLI(["run", Self.notesApp, "--format", "json", "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--tz", "UTC"])
        #expect(status == .success, "\(console.stderr)")
        let object = try JSONReader.parse(console.stdout).json
        #expect(object["kind"] == "com.example.notebuddy.recent")
        #expect(object["warnings"] == [])
        let entry = object["reloads"]?.array?.first?["entries"]?.array?.first
        let list = entry?["content"]?["list"]?.string ?? ""
        #expect(list.hasPrefix("★ Groceries\n• Call the plumber about the kitchen sink\n"))
    }
}
