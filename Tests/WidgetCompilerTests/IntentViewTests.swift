import Foundation
import Testing
import WidgetCompiler
import WidgetTestSupport
import WidgetSimulator
import WidgetDiagnostics
import WidgetSupport
@testable import WidgetcRuntimeCore

/// `button` and `toggle` (docs/intents.md, "In the view"): their checks, and their nodes in the render tree.
@Suite struct IntentViewTests {
    static let todo = """
        kind: test.todo
        displayName: To-do
        description: Tasks.
        families: [systemMedium, accessoryInline]
        data:
          tasks: { file: tasks.json }
        content:
          title: "{{data.tasks.title}}"
          items: "{{data.tasks.items}}"
          allDone: "{{data.tasks.allDone}}"
        timeline: { once: true }
        intents:
          markDone:
            title: Mark done
            parameters: { index: { type: integer, min: 0 } }
            perform:
              - toggle: { file: tasks.json, at: "/items/{{param.index}}/done" }
          clear:
            perform:
              - set: { file: tasks.json, at: /items, value: [] }
        view:
          vstack:
            - foreach: "{{items}}"
              item:
                toggle: "{{done}}"
                label: "{{title}}"
                intent: markDone
                with: { index: "{{index}}" }
            - button: Clear
              intent: clear
          families: [systemMedium]
        familyView:
          accessoryInline: { text: "{{title}}" }
        """

    static let data = ["tasks.json": #"{"title": "Today", "items": [{"title": "Milk", "done": true, "index": 0}, {"title": "Bread", "done": false, "index": 1}]}"#]

    @Test func buttonsAndTogglesRenderTheirStateAndArguments() throws {
        let w = try SimulatedWidget(yaml: Self.todo, data: Self.data)
        let (reloads, _) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T09:10:00Z", family: .systemMedium)
        let entry = try #require(reloads.first?.timeline.entries.first)
        let tree = try #require(w.widget.widget.tree(for: entry, index: 0, family: .systemMedium, parameters: w.widget.widget.defaultParameters))
        let items = try #require(tree["v.0"]).items
        #expect(items.map(\.element) == [
            .toggle(isOn: true, label: "Milk", call: RenderIntentCall(intent: "markDone", arguments: [RenderArgument(name: "index", value: .int(0))])),
            .toggle(isOn: false, label: "Bread", call: RenderIntentCall(intent: "markDone", arguments: [RenderArgument(name: "index", value: .int(1))])),
        ])
        #expect(tree["v.1"]?.element == .button(label: "Clear", call: RenderIntentCall(intent: "clear")))
        // The tree's JSON reads back into the same tree, and the simulator's bytes are that JSON.
        #expect(try RenderTree(json: tree.json) == tree)
        #expect(tree.isOn("v.0.item") == true)
        #expect(RenderItem(id: 1, root: items[1]).isOn("v.0.item") == false && tree.label("v.1") == "Clear")
        #expect(RenderItem(id: 1, root: items[1]).argument("v.0.item", "index") == .int(1))
    }

    static func diagnostics(_ view: String, content: String = "", inline: String = "{ text: \"{{title}}\" }") -> [Diagnostic] {
        let header = String(Self.todo[..<Self.todo.range(of: "\nview:\n")!.lowerBound]) + "\n"
        let yaml = header.replacingOccurrences(of: "  allDone: \"{{data.tasks.allDone}}\"\n", with: "  allDone: \"{{data.tasks.allDone}}\"\n" + content)
            + view + "familyView:\n  accessoryInline: \(inline)\n"
        return Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
    }

    @Test func theChecksSayWhatIsWrongWhereItIs() {
        let inline = Self.diagnostics("view:\n  text: a\n", inline: "{ button: Go, intent: clear }")
        #expect(inline.contains { $0.code.name == "view-interactive-inline" && $0.message.contains("a button cannot be shown in accessoryInline") }, "\(inline.map(\.message))")
        let cases: [(view: String, content: String, code: String, words: String)] = [
            ("view:\n  button: Go\n  intent: claer\n  families: [systemMedium]\n", "", "view-intent", "'claer' is not an intent of this widget (did you mean 'clear'?)"),
            ("view:\n  button: Go\n  families: [systemMedium]\n", "", "view-intent", "a button needs 'intent', the intent it runs (this widget's intents: markDone, clear)"),
            ("view:\n  button: Go\n  intent: markDone\n  with: { index: two }\n  families: [systemMedium]\n", "", "view-intent-argument",
             "intent 'markDone': argument index 'two' is not an integer"),
            ("view:\n  button: Go\n  intent: markDone\n  with: { index: -1 }\n  families: [systemMedium]\n", "", "view-intent-argument",
             "argument index -1 is below the parameter's min 0"),
            ("view:\n  button: Go\n  intent: markDone\n  with: { idx: 1 }\n  families: [systemMedium]\n", "", "view-intent-argument",
             "'idx' is not a parameter of intent 'markDone'"),
            ("view:\n  toggle: \"{{count}}\"\n  intent: clear\n  families: [systemMedium]\n", "  count: 3\n", "view-toggle-state",
             "a toggle's state '{{count}}' names field 'count', which holds 3, not a boolean"),
            ("view:\n  toggle: \"{{flag}}\"\n  intent: clear\n  families: [systemMedium]\n", "  flag: \"on: {{data.tasks.on}}\"\n", "view-toggle-state",
             "names field 'flag', which holds 'on: {{data.tasks.on}}', not a boolean"),
            ("view:\n  toggle: \"yes\"\n  intent: clear\n  families: [systemMedium]\n", "", "view-toggle-state", "is fixed text, not a boolean field"),
        ]
        for c in cases {
            let found = Self.diagnostics(c.view, content: c.content)
            let match = found.first { $0.code.name == c.code }
            #expect(match?.message.contains(c.words) == true, "\(c.code): \(found.map { "\($0.location) \($0.code) \($0.message)" })")
        }
        // A toggle on a field that is a lone tag is fine (its type is known at run time).
        let fine = Self.diagnostics("view:\n  toggle: \"{{allDone}}\"\n  intent: clear\n  families: [systemMedium]\n")
        #expect(fine.isEmpty, "\(fine.map(\.message))")
    }
}
