import Foundation
import Testing
import WidgetTestSupport
import WidgetcRuntime

/// The app's side of the runtime: `AppGroupFile.write` and `AppPlan.quickActions`.
@Suite struct AppPlanTests {
    @Test func aWriteReplacesTheFileWholeMakesItsFoldersAndNeverLeavesTheContainer() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent("group", isDirectory: true)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try AppGroupFile.write(Data("[1]".utf8), to: "notes.json", container: container)
        try AppGroupFile.write(Data("[2]".utf8), to: "notes.json", container: container)
        #expect(try String(contentsOf: container.appendingPathComponent("notes.json"), encoding: .utf8) == "[2]")
        try AppGroupFile.write(Data("{}".utf8), to: "./cache//days/today.json", container: container)
        #expect(try String(contentsOf: container.appendingPathComponent("cache/days/today.json"), encoding: .utf8) == "{}")
        // Nothing but the files: no temporary left beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: container.path).filter { !$0.hasPrefix(".widgetc") }.sorted() == ["cache", "notes.json"])
        do {
            try AppGroupFile.write(Data("x".utf8), to: "../outside.json", container: container)
            Issue.record("a path leaving the container was written")
        } catch {
            #expect(error.description.contains("'..' leaves the container"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("outside.json").path))
        do {
            try AppGroupFile.write(Data(count: (1 << 20) + 1), to: "notes.json", container: container)
            Issue.record("a file over the budget was written")
        } catch {
            #expect(error.description.contains("over the 1048576"), "\(error)")
        }
        #expect(try String(contentsOf: container.appendingPathComponent("notes.json"), encoding: .utf8) == "[2]")
    }

    static let plan = """
        {"format": "widgetc-plan/1", "app": "com.example.a", "displayName": "A", "source": "a.yaml", "appGroup": "group.a",
         "widgets": [], "shortcuts": [{"type": "New", "title": "New"}],
         "dynamicShortcuts": {"data": {"items": {"file": "items.json"}}, "items": "items", "sort": {"by": "n", "order": "descending"},
           "when": "{{#keep}}y{{/keep}}",
           "item": {"type": "Open", "title": "Open {{name}}", "icon": {"type": "{{icon}}"}, "userInfo": {"n": "{{n}}", "tags": ["{{name}}", 1]}}}}
        """

    @Test func quickActionsAreSortedFilteredRenderedAndCutAtFour() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let plan = try AppPlan(data: Data(Self.plan.utf8))
        #expect(plan.quickActions(container: container).warnings == ["data-missing: container file 'items.json' is missing; no dynamic quick actions"])
        try Data("[1,".utf8).write(to: container.appendingPathComponent("items.json"))
        #expect(plan.quickActions(container: container).warnings.first?.hasPrefix("data-malformed: container file 'items.json' is malformed at line 1") == true)
        var records: [String] = []
        for n in 0..<7 { records.append(#"{"n": \#(n), "name": "r\#(n)", "keep": \#(n != 5), "icon": "\#(n == 4 ? "nope" : "task")"}"#) }
        try Data(("[" + records.joined(separator: ",") + "]").utf8).write(to: container.appendingPathComponent("items.json"))
        let actions = plan.quickActions(container: container)
        // Newest first, r5 filtered out, three beside the one static action.
        #expect(actions.items.map(\.title) == ["Open r6", "Open r4", "Open r3"])
        #expect(actions.items.map(\.icon) == [.system("task"), nil, .system("task")])
        #expect(actions.items[0].userInfo.map(\.key) == ["n", "tags"])
        #expect(actions.items[0].userInfo[0].value == .int(6))
        #expect(actions.items[0].userInfo[1].value == .array([.string("r6"), .int(1)]))
        #expect(actions.warnings == [
            "unknown-icon-type: items[4]: icon type 'nope' is not a UIApplicationShortcutIcon.IconType name; the quick action has no icon",
            "quick-action-limit: iOS shows at most 4 quick actions (after the 1 static one): 3 dynamic ones are left out, from items[2] on",
        ])
    }
}
