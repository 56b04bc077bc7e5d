import Testing
import WidgetSupport
@testable import WidgetCompiler

/// An app manifest decoded once (`AppDefinition`): tolerant of shapes the schema reports,
/// positioned, and what the plan writes as written.
@Suite struct AppDefinitionTests {
    private func decode(_ yaml: String) throws -> AppDefinition {
        let document = try #require(SourceFiles.documents(of: Array(yaml.utf8), path: "app.yaml").documents.first)
        return AppDefinition(decoding: document)
    }

    @Test func decodesTheFieldsWithTheirPositions() throws {
        let app = try decode("""
            app: com.example.a
            displayName: A
            appGroup: group.a
            localization: { catalog: L.xcstrings }
            widgets: [a.yaml, 3, b.yaml]
            shortcuts:
              - { type: New, title: New Note, icon: { symbol: plus } }
              - 5
            dynamicShortcuts:
              data: { notes: { file: notes.json }, bad: 3 }
              items: notes
              item: { type: Edit, title: "{{title}}" }
            """)
        #expect(app.app?.value == "com.example.a")
        #expect(app.app?.location == SourceLocation(line: 1, column: 6))
        #expect(app.displayName?.value == "A")
        #expect(app.appGroup?.value == "group.a")
        #expect(app.catalogPath(file: "dir/app.yaml") == "dir/L.xcstrings")
        // One entry per item, so indices match the source; a non-string file is absent.
        #expect(app.widgets.map { $0?.value } == ["a.yaml", nil, "b.yaml"])
        #expect(app.widgets[2]?.location == SourceLocation(line: 5, column: 22))
        #expect(app.shortcuts.count == 2)
        #expect(app.shortcuts[0].type?.value == "New")
        #expect(app.shortcuts[0].icon != nil)
        #expect(app.shortcuts[1].type == nil)
        #expect(app.shortcutsNode?.json == .array([
            .object(JSONObject([("type", "New"), ("title", "New Note"), ("icon", .object(JSONObject([("symbol", "plus")])))])), .int(5),
        ]))
        let dynamic = try #require(app.dynamicShortcuts)
        #expect(dynamic.data.map(\.name) == ["notes", "bad"])
        #expect(dynamic.data.map { $0.file?.value } == ["notes.json", nil])
        #expect(dynamic.items?.value == "notes")
        #expect(dynamic.item?.title?.string == "{{title}}")
    }

    @Test func wrongShapesAreAbsent() throws {
        let app = try decode("app: 5\ndisplayName: [x]\nwidgets: a.yaml\nshortcuts: { a: 1 }\ndynamicShortcuts: 7\nlocalization: 3")
        #expect(app.app == nil)
        #expect(app.displayName == nil)
        #expect(app.widgets.isEmpty)
        #expect(app.shortcuts.isEmpty)
        // Kept as written for the plan, with nothing decoded from it.
        #expect(app.shortcutsNode != nil)
        #expect(app.dynamicShortcuts?.node.json == .int(7))
        #expect(app.dynamicShortcuts?.data.isEmpty == true)
        #expect(app.dynamicShortcuts?.item == nil)
        #expect(app.hasLocalization)
        #expect(app.catalog == nil)
    }

    @Test func decodedValuesAreTheDocumentsNodes() throws {
        let document = try #require(SourceFiles.documents(of: Array("app: a\ndisplayName: A".utf8), path: "app.yaml").documents.first)
        let app = AppDefinition(decoding: document)
        #expect(app.app?.node.isSameNode(as: try #require(document["app"])) == true)
        #expect(app.kind == nil)
    }
}
