import Foundation
import Testing
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport

/// A manifest and its container in a fresh temporary directory.
private struct AppFixture {
    let directory: String
    let manifest: AppManifest

    init(_ yaml: String, data: [String: String] = [:]) throws {
        directory = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: directory + "/container", withIntermediateDirectories: true)
        for (name, text) in data {
            try text.write(toFile: directory + "/container/" + name, atomically: true, encoding: .utf8)
        }
        let file = directory + "/app.yaml"
        let document = try #require(SourceFiles.documents(of: Array(yaml.utf8), path: file).documents.first)
        manifest = try AppManifest(document, file: file)
    }

    var container: Container { Container(directory: directory + "/container") }

    func build() -> DynamicQuickActions { manifest.dynamicActions(container: container) }
}

/// A manifest whose dynamic items come from `records.json`, with the given extra keys.
private func recordsApp(_ dynamic: String, item: String = "{ type: Open, title: \"{{name}}\" }") -> String {
    """
    app: com.example.t
    displayName: T
    appGroup: group.com.example.t
    dynamicShortcuts:
      data: { records: { file: records.json } }
      items: records
    \(dynamic.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
      item: \(item)
    """
}

@Suite struct ActionsTests {

    // MARK: The example notes app

    @Test func notesAppBuildsTheSeedsQuickActions() throws {
        let file = TestPaths.root + "/widgets/notes-app.yaml"
        let bytes = try SourceFiles.read(file)
        let document = try #require(SourceFiles.documents(of: bytes, path: file).documents.first)
        let manifest = try AppManifest(document, file: file)
        #expect(manifest.app == "com.example.notebuddy")
        #expect(manifest.widgets == ["notes.yaml"])
        #expect(manifest.shortcuts == [QuickAction(type: "NewNote", title: "New Note", icon: .symbol("square.and.pencil"))])

        let built = manifest.dynamicActions(container: Container(directory: TestPaths.root + "/widgets/container"))
        // iOS shows four in all: three beside the static one; the rest are named.
        #expect(built.warnings.map(\.code.name) == ["quick-action-limit"])
        #expect(built.warnings.first?.message == "iOS shows at most 4 quick actions (after the 1 static one): 2 dynamic ones are left out, from notes[4] on")
        #expect(built.warnings.first?.location.line == 6)
        func edit(_ subtitle: String, _ icon: String, _ id: String) -> QuickAction {
            QuickAction(type: "EditNote", title: "Edit Note", subtitle: subtitle, icon: .symbol(icon), userInfo: JSONObject([("NoteID", .string(id))]))
        }
        // Newest first; the note with neither title nor body (modified last) is skipped.
        #expect(built.actions == [
            edit("Groceries", "star", "5F1C2A9E-0B1D-4C44-9A10-3E2D1B7F6A01"),
            edit("Call the plumber about the kitchen sink", "pencil", "0C7D4E21-6A3B-4F8E-B2D9-71A5C6E0F302"),
            edit("Trip to Lisbon", "star", "A93E6B70-2D4F-4E1A-8C55-0F9B3D2E7403"),
        ])
    }

    // MARK: Sorting

    @Test func sortTiesKeepTheDataOrderInBothDirections() throws {
        let data = #"[{"name":"a","k":2},{"name":"b","k":1},{"name":"c","k":2},{"name":"d","k":1},{"name":"e","k":2}]"#
        // Four are shown; the warning names the first record left out.
        let up = try AppFixture(recordsApp("sort: { by: k }"), data: ["records.json": data]).build()
        #expect(up.actions.map(\.title) == ["b", "d", "a", "c"])
        #expect(up.warnings.map(\.message) == ["iOS shows at most 4 quick actions: 1 dynamic one is left out, from records[4] on"])
        let down = try AppFixture(recordsApp("sort: { by: k, order: descending }"), data: ["records.json": data]).build()
        #expect(down.actions.map(\.title) == ["a", "c", "e", "b"])
        #expect(down.warnings.map(\.message) == ["iOS shows at most 4 quick actions: 1 dynamic one is left out, from records[3] on"])
    }

    @Test func sortOrdersNumbersStringsBooleansAndMissingLast() throws {
        let data = """
            [{"name":"none"},{"name":"t","k":true},{"name":"s10","k":"10"},{"name":"n10","k":10},
             {"name":"null","k":null},{"name":"n2.5","k":2.5},{"name":"f","k":false},{"name":"s9","k":"9"},
             {"name":"obj","k":{}},{"name":"n-3","k":-3}]
            """
        // The whole order, then the four the builder keeps of it.
        let records = try JSONReader.parse(data).json.array ?? []
        func names(_ direction: RecordOrder.Direction) -> [String] {
            RecordOrder(path: ["k"], direction: direction).sortedIndices(records).map { records[$0]["name"]?.string ?? "" }
        }
        #expect(names(.ascending) == ["n-3", "n2.5", "n10", "s10", "s9", "f", "t", "none", "null", "obj"])
        #expect(names(.descending) == ["t", "f", "s9", "s10", "n10", "n2.5", "n-3", "none", "null", "obj"])
        let up = try AppFixture(recordsApp("sort: { by: k }"), data: ["records.json": data]).build()
        #expect(up.actions.map(\.title) == ["n-3", "n2.5", "n10", "s10"])
        let down = try AppFixture(recordsApp("sort: { by: k, order: descending }"), data: ["records.json": data]).build()
        #expect(down.actions.map(\.title) == ["t", "f", "s9", "s10"])
    }

    @Test func sortByADottedPathComparesInstantsAsStrings() throws {
        let data = """
            [{"name":"old","meta":{"at":"2026-11-20T19:45:00Z"}},{"name":"new","meta":{"at":"2026-11-29T09:12:00Z"}},
             {"name":"mid","meta":{"at":"2026-11-27T21:30:00Z"}},{"name":"flat","at":"2030-01-01T00:00:00Z"}]
            """
        let built = try AppFixture(recordsApp("sort: { by: meta.at, order: descending }"), data: ["records.json": data]).build()
        #expect(built.actions.map(\.title) == ["new", "mid", "old", "flat"])
    }

    @Test func integersAndDoublesCompareExactly() {
        let order = RecordOrder(path: ["k"], direction: .ascending)
        let big = 9_007_199_254_740_993  // 2^53 + 1: not a Double
        let records: [JSONValue] = [["k": .int(big)], ["k": .double(9_007_199_254_740_992)], ["k": .int(big - 2)], ["k": 1.5], ["k": 1]]
        #expect(order.sortedIndices(records) == [4, 3, 2, 1, 0])
    }

    @Test func stringsCompareByUnicodeScalars() {
        let order = RecordOrder(path: ["k"], direction: .ascending)
        // U+00E9 sorts after "z"; a decomposed "e\u{301}" is a different, smaller string.
        let records: [JSONValue] = [["k": "\u{E9}"], ["k": "z"], ["k": "e\u{301}"], ["k": "Z"], ["k": "ab"], ["k": "a"]]
        #expect(order.sortedIndices(records) == [3, 5, 4, 2, 1, 0])
    }

    // MARK: Filtering and rendering

    @Test func whenKeepsOnlyRecordsThatRenderNonEmpty() throws {
        let data = #"[{"name":"a","pinned":true},{"name":"b","pinned":false},{"name":"c"},{"name":"d","pinned":"yes"},{"name":"e","pinned":""}]"#
        let built = try AppFixture(recordsApp("when: \"{{#pinned}}x{{/pinned}}\""), data: ["records.json": data]).build()
        #expect(built.actions.map(\.title) == ["a", "d"])
        #expect(built.warnings.isEmpty)
    }

    @Test func dataIsInsertedLiterallyNeverRenderedAgain() throws {
        let data = #"[{"name":"{{secret}}","secret":"leaked","id":"{{#x}}y{{/x}}"}]"#
        let item = "{ type: Open, title: \"{{name}}\", subtitle: \"id {{id}}\", userInfo: { id: \"{{id}}\" } }"
        let built = try AppFixture(recordsApp("", item: item), data: ["records.json": data]).build()
        #expect(built.actions == [QuickAction(type: "Open", title: "{{secret}}", subtitle: "id {{#x}}y{{/x}}", userInfo: JSONObject([("id", "{{#x}}y{{/x}}")]))])
    }

    @Test func userInfoKeepsTypesOfLoneTagsAndReplacesNull() throws {
        let data = #"[{"name":"a","n":42,"r":2.5,"b":false,"tags":["x",null],"gone":null}]"#
        let item = """
            { type: Open, title: "{{name}}", userInfo: { n: "{{n}}", r: "{{r}}", b: "{{b}}", tags: "{{tags}}", gone: "{{gone}}", text: "n={{n}}", fixed: [1, true, { deep: "{{name}}!" }] } }
            """
        let built = try AppFixture(recordsApp("", item: item), data: ["records.json": data]).build()
        let info = try #require(built.actions.first?.userInfo)
        #expect(JSONValue.object(info) == [
            "n": 42, "r": 2.5, "b": false, "tags": ["x", ""], "gone": "", "text": "n=42", "fixed": [1, true, ["deep": "a!"]],
        ])
    }

    @Test func iconsRenderPerRecordAndUnknownTypesWarn() throws {
        let data = #"[{"name":"a","kind":"compose"},{"name":"b","kind":"markLocation"},{"name":"c","kind":"rocket"},{"name":"d","kind":""}]"#
        let built = try AppFixture(recordsApp("", item: "{ type: Open, title: \"{{name}}\", icon: { type: \"{{kind}}\" } }"), data: ["records.json": data]).build()
        #expect(built.actions.map(\.icon) == [.system(.compose), .system(.markLocation), nil, nil])
        #expect(built.warnings.map(\.code.name) == ["unknown-icon-type"])
        #expect(built.warnings.first?.message.contains("records[2]") == true)
        #expect(built.warnings.first?.location == WidgetSupport.SourceLocation(line: 1, column: 67))
    }

    @Test func iconTypeNamesMapToUIKitConstants() {
        #expect(QuickActionIconType.compose.plistName == "UIApplicationShortcutIconTypeCompose")
        #expect(QuickActionIconType.markLocation.plistName == "UIApplicationShortcutIconTypeMarkLocation")
        #expect(QuickActionIconType.taskCompleted.plistName == "UIApplicationShortcutIconTypeTaskCompleted")
        #expect(QuickActionIconType.capturePhoto.plistName == "UIApplicationShortcutIconTypeCapturePhoto")
        #expect(QuickActionIconType.allCases.count == 29)
    }

    @Test func emptySubtitleMeansNoneAndEmptyTitleSkipsTheRecord() throws {
        let data = #"[{"name":"a","note":""},{"name":"","note":"n"},{"name":"c","note":"x"}]"#
        let built = try AppFixture(recordsApp("", item: "{ type: Open, title: \"{{name}}\", subtitle: \"{{note}}\" }"), data: ["records.json": data]).build()
        #expect(built.actions == [QuickAction(type: "Open", title: "a"), QuickAction(type: "Open", title: "c", subtitle: "x")])
        #expect(built.warnings.map(\.code.name) == ["template-value"])
        #expect(built.warnings.first?.message == "records[1]: the quick action's title '{{name}}' rendered empty; the record gives no quick action")
    }

    @Test func missingRecordFieldsWarnOncePerName() throws {
        let data = "[{\"name\":\"a\"},\n {\"name\":\"b\",\"id\":1},\n {\"name\":\"c\"},\n {\"name\":\"d\"}]"
        let built = try AppFixture(recordsApp("", item: "{ type: Open, title: \"{{name}}\", userInfo: { id: \"{{id}}\" } }"), data: ["records.json": data]).build()
        #expect(built.actions.count == 4)
        #expect(built.warnings.count == 1)
        let warning = try #require(built.warnings.first)
        #expect(warning.code.name == "data-path-missing")
        #expect(warning.message == "'id' is missing from records[0] (and 2 more records); it rendered empty")
        #expect(warning.file.hasSuffix("/container/records.json"))
        #expect(warning.location == WidgetSupport.SourceLocation(line: 1, column: 2))
    }

    // MARK: Data problems: a warning and no dynamic items, never an abort

    @Test func missingDataWarnsAtTheManifestsFileKey() throws {
        let fixture = try AppFixture(recordsApp(""))
        let built = fixture.build()
        #expect(built.actions.isEmpty)
        let warning = try #require(built.warnings.first)
        #expect(built.warnings.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.code.name == "data-missing")
        #expect(warning.file == fixture.directory + "/app.yaml")
        #expect(warning.location == WidgetSupport.SourceLocation(line: 5, column: 28))
        #expect(warning.message.contains("'records.json' is missing"))
    }

    @Test func malformedDataWarnsWithTheFileAndLine() throws {
        let fixture = try AppFixture(recordsApp(""), data: ["records.json": "[\n  {\"name\": \"a\"},\n  {\"name\": }\n]"])
        let built = fixture.build()
        #expect(built.actions.isEmpty)
        let warning = try #require(built.warnings.first)
        #expect(warning.code.name == "data-malformed")
        #expect(warning.file == fixture.directory + "/container/records.json")
        #expect(warning.location.line == 3)
        #expect(warning.message.hasPrefix("container file 'records.json' is malformed at line 3, column "))
    }

    @Test func dataThatIsNotAnArrayWarns() throws {
        let built = try AppFixture(recordsApp(""), data: ["records.json": #"{"name": "a"}"#]).build()
        #expect(built.actions.isEmpty)
        #expect(built.warnings.map(\.code.name) == ["data-not-array"])
    }

    @Test func yamlDataWorksToo() throws {
        let yaml = recordsApp("").replacingOccurrences(of: "records.json", with: "records.yaml")
        let built = try AppFixture(yaml, data: ["records.yaml": "- name: a\n- name: b\n"]).build()
        #expect(built.actions.map(\.title) == ["a", "b"])
    }

    @Test func aPathLeavingTheContainerIsRefusedWithAWarning() throws {
        let yaml = recordsApp("").replacingOccurrences(of: "records.json", with: "../app.yaml")
        let built = try AppFixture(yaml).build()
        #expect(built.actions.isEmpty)
        #expect(built.warnings.map(\.code.name) == ["data-path"])
    }

    // MARK: Manifests

    @Test func staticShortcutsKeepEveryField() throws {
        let yaml = """
            app: com.example.t
            displayName: T
            shortcuts:
              - { type: Search, title: Search, subtitle: "Find notes", icon: { type: search }, userInfo: { scope: all, limit: 3, deep: { on: true } } }
              - { type: Pic, title: Picture, icon: { file: camera-icon } }
              - { type: Plain, title: Plain }
            """
        let manifest = try AppFixture(yaml).manifest
        #expect(manifest.shortcuts == [
            QuickAction(type: "Search", title: "Search", subtitle: "Find notes", icon: .system(.search),
                        userInfo: JSONObject([("scope", "all"), ("limit", 3), ("deep", ["on": true])])),
            QuickAction(type: "Pic", title: "Picture", icon: .file("camera-icon")),
            QuickAction(type: "Plain", title: "Plain"),
        ])
        #expect(manifest.dynamicShortcuts == nil)
        #expect(manifest.dynamicActions(container: Container()).actions.isEmpty)
    }

    @Test func staticFieldsAreLiteralNotTemplates() throws {
        let manifest = try AppFixture("app: a\ndisplayName: T\nshortcuts: [{ type: T, title: \"{{x}}\" }]").manifest
        #expect(manifest.shortcuts.first?.title == "{{x}}")
    }

    @Test func aManifestOfTheWrongShapeThrowsAPositionedError() throws {
        let cases: [(String, String, WidgetSupport.SourceLocation)] = [
            ("app: a\ndisplayName: T\nshortcuts: [{ type: T, title: X, icon: { type: rocket } }]", "unknown-icon-type", WidgetSupport.SourceLocation(line: 3, column: 48)),
            ("app: a\ndisplayName: T\nshortcuts: [{ title: X }]", "missing-key", WidgetSupport.SourceLocation(line: 3, column: 13)),
            ("app: a\ndisplayName: T\nshortcuts: [{ type: T, title: X, icon: { symbol: a, file: b } }]", "manifest-shape", WidgetSupport.SourceLocation(line: 3, column: 40)),
            (recordsApp("when: \"{{#a}}\""), "template-syntax", WidgetSupport.SourceLocation(line: 7, column: 9)),
            (recordsApp("").replacingOccurrences(of: "items: records", with: "items: other"), "unknown-data-source", WidgetSupport.SourceLocation(line: 6, column: 10)),
        ]
        for (yaml, code, location) in cases {
            do {
                _ = try AppFixture(yaml)
                Issue.record("\(code): no error")
            } catch let error as Diagnostic {
                #expect(error.code.name == code)
                #expect(error.location == location, "\(code)")
                #expect(error.severity == .error)
            }
        }
    }
}

/// The XML property-list writer, checked by parsing its output with Foundation.
@Suite struct ActionsPropertyListTests {
    func parse(_ text: String) throws -> Any {
        try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
    }

    @Test func valuesRoundTripThroughFoundation() throws {
        let value: JSONValue = [
            "text": "plain", "int": 42, "negative": -7, "real": 2.5, "yes": true, "no": false,
            "list": [1, "two", [], ["nested": "x"]], "empty": [:],
        ]
        let parsed = try #require(try parse(PropertyListXML.document(value)) as? [String: Any])
        #expect(parsed["text"] as? String == "plain")
        #expect((parsed["int"] as? NSNumber)?.intValue == 42)
        #expect((parsed["negative"] as? NSNumber)?.intValue == -7)
        #expect((parsed["real"] as? NSNumber)?.doubleValue == 2.5)
        #expect(parsed["yes"] as? Bool == true)
        #expect(parsed["no"] as? Bool == false)
        let list = try #require(parsed["list"] as? [Any])
        #expect(list.count == 4)
        #expect((list[0] as? NSNumber)?.intValue == 1)
        #expect(list[1] as? String == "two")
        #expect((list[2] as? [Any])?.isEmpty == true)
        #expect((list[3] as? [String: Any])?["nested"] as? String == "x")
        #expect((parsed["empty"] as? [String: Any])?.isEmpty == true)
    }

    @Test func specialCharactersAreEscaped() throws {
        let tricky = "Tom & Jerry's <\"best\"> ]]> a\r\nb\tc é 🎉"
        let text = PropertyListXML.document(["k<&>": .string(tricky)])
        #expect(text.contains("<key>k&lt;&amp;&gt;</key>"))
        #expect(text.contains("Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; ]]&gt; a&#13;\nb\tc é 🎉"))
        let parsed = try #require(try parse(text) as? [String: Any])
        #expect(parsed["k<&>"] as? String == tricky)
    }

    @Test func charactersXMLCannotHoldBecomeReplacementCharacters() throws {
        let text = PropertyListXML.document(.string("a\u{1}b\u{FFFE}"))
        #expect(try parse(text) as? String == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func theDocumentHasApplesHeader() {
        let lines = PropertyListXML.document(.array([])).split(separator: "\n")
        #expect(lines == [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#, "<array/>", "</plist>",
        ])
    }

    @Test func infoPlistUsesTheExactShortcutKeys() throws {
        let actions = [
            QuickAction(type: "A", title: "Symbol", subtitle: "sub", icon: .symbol("star"), userInfo: JSONObject([("id", 7)])),
            QuickAction(type: "B", title: "System", icon: .system(.taskCompleted)),
            QuickAction(type: "C", title: "File", icon: .file("pic")),
            QuickAction(type: "D", title: "Bare"),
        ]
        let parsed = try #require(try parse(QuickActionWriter.infoPlist(actions)) as? [String: Any])
        let items = try #require(parsed["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(items.count == 4)
        #expect(Set(items[0].keys) == [
            "UIApplicationShortcutItemType", "UIApplicationShortcutItemTitle", "UIApplicationShortcutItemSubtitle",
            "UIApplicationShortcutItemIconSymbolName", "UIApplicationShortcutItemUserInfo",
        ])
        #expect(items[0]["UIApplicationShortcutItemIconSymbolName"] as? String == "star")
        #expect(((items[0]["UIApplicationShortcutItemUserInfo"] as? [String: Any])?["id"] as? NSNumber)?.intValue == 7)
        #expect(items[1]["UIApplicationShortcutItemIconType"] as? String == "UIApplicationShortcutIconTypeTaskCompleted")
        #expect(items[2]["UIApplicationShortcutItemIconFile"] as? String == "pic")
        #expect(Set(items[3].keys) == ["UIApplicationShortcutItemType", "UIApplicationShortcutItemTitle"])
        #expect(items.map { $0["UIApplicationShortcutItemType"] as? String } == ["A", "B", "C", "D"])
    }

    @Test func jsonItemsHaveTheDocumentedShape() throws {
        let text = QuickActionWriter.json(
            static: [QuickAction(type: "A", title: "T", icon: .system(.compose))],
            dynamic: [QuickAction(type: "B", title: "U", subtitle: "s", icon: .file("f"), userInfo: JSONObject([("k", true)]))])
        let parsed = try JSONReader.parse(text).json
        #expect(parsed == [
            "static": [["type": "A", "title": "T", "icon": ["type": "compose"], "userInfo": [:]]],
            "dynamic": [["type": "B", "title": "U", "subtitle": "s", "icon": ["file": "f"], "userInfo": ["k": true]]],
        ])
        #expect(QuickActionWriter.json(static: [QuickAction(type: "A", title: "T")], dynamic: []) == """
            {
              "static": [
                {"type":"A","title":"T","icon":null,"userInfo":{}}
              ],
              "dynamic": []
            }

            """)
    }
}
