import Testing
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport
import WidgetcRuntimeCore
@testable import WidgetCompiler

/// `intents:` (docs/intents.md): what validate says, where, and what the plan carries.
@Suite struct IntentCheckTests {
    static func widget(_ intents: String, data: String = "  tasks: { file: tasks.json }") -> String {
        """
        kind: com.x.tasks
        displayName: Tasks
        description: x
        data:
        \(data)
        content: { a: "{{data.tasks.title}}" }
        timeline: { once: true }
        intents:
        \(intents)
        """
    }

    static func diagnostics(_ yaml: String) -> [Diagnostic] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
    }

    static let valid = widget("""
          markDone:
            title: Mark done
            parameters: { index: { type: integer, min: 0 } }
            perform:
              - set: { file: tasks.json, at: "/items/{{param.index}}/done", value: true }
              - increment: { file: stats.json, at: /done, by: 1, min: 0, max: 100 }
              - append: { file: log.json, at: /done, value: { index: "{{param.index}}" } }
              - remove: { file: tasks.json, at: /tags, value: urgent }
              - reload: [com.example.tasks.summary]
              - open: "tasks://item/{{param.index}}"
              - swift: Tasks.MarkInDatabase
                args: { index: "{{param.index}}", source: widget }
          flip:
            perform:
              - toggle: { file: lamp.json, at: /on }
        """)

    @Test func aValidWidgetLowersItsIntents() throws {
        #expect(Self.diagnostics(Self.valid).isEmpty, "\(Self.diagnostics(Self.valid).map(\.message))")
        let plan = try TypedPlanTests.lowered(Self.valid)
        #expect(plan.intents.map(\.name) == ["markDone", "flip"])
        #expect(plan.intents[1].title == "flip")
        let markDone = try #require(plan.intent(named: "markDone"))
        #expect(markDone.parameters.first?.defaultValue == .int(0))
        #expect(markDone.effects.map(\.name) == ["set", "increment", "append", "remove", "reload", "open", "swift"])
        // The plan's effect keys (the runtime's `PlanEffect.name`) are the checks' `EffectKind` names:
        // the two modules spell them separately, so this ties them, and `valid` uses every kind.
        let planKeys = Set(plan.intents.flatMap { $0.effects.map(\.name) })
        #expect(planKeys == Set(WidgetDefinition.EffectKind.allCases.map(\.rawValue)))
        guard case .increment(let target, let by, let min, let max) = markDone.effects[1] else { Issue.record("not increment"); return }
        guard case .literal(.int(1)) = by else { Issue.record("by \(by)"); return }
        #expect(target.file == "stats.json" && target.at.source == "/done" && min == 0 && max == 100)
        // The plan reads back into the same plan.
        let written = JSONWriter.pretty(plan.json)
        let read = try WidgetPlanModel(json: JSONReader.parse(bytes: written).json)
        #expect(JSONWriter.pretty(read.json) == written)
    }

    /// A widget without intents has no `intents` member (every example's plan is unchanged).
    @Test func noIntentsNoMember() throws {
        let plan = try TypedPlanTests.lowered(TypedPlanTests.definitions[0])
        #expect(plan.json["intents"] == nil)
    }

    @Test(arguments: [
        // (intents, code, line, column, words in the message)
        ("""
          a:
            perform:
              - toggle: { file: lamp.json, at: on }
        """, "intent-pointer", 11, 40, "at 'on' is not a JSON Pointer"),
        ("""
          a:
            parameters: { index: { type: integer } }
            perform:
              - set: { file: t.json, at: "/items/{{param.idx}}/done", value: true }
        """, "intent-template", 12, 44, "'{{param.idx}}' names no parameter of the intent (its parameters: index)"),
        ("""
          a:
            perform:
              - set: { file: ../t.json, at: /a, value: "{{data.tasks}}" }
        """, "intent-file", 11, 22, "'../t.json' uses '..'"),
        ("""
          a:
            perform:
              - set: { file: t.json, at: /a, value: "{{data.tasks}}" }
        """, "intent-template", 11, 48, "'{{data.tasks}}' names no parameter of the intent; an intent's templates see only its own parameters"),
        ("""
          a:
            parameters: { step: { type: string } }
            perform:
              - increment: { file: t.json, at: /n, by: "{{param.step}}" }
        """, "intent-type", 12, 48, "by '{{param.step}}' names parameter 'step' of type string"),
        ("""
          a:
            perform:
              - increment: { file: t.json, at: /n, min: 10, max: 1 }
        """, "intent-range", 11, 49, "min 10 is above max 1"),
        ("""
          a:
            parameters: { n: { type: integer, min: 5, default: 1 } }
            perform:
              - increment: { file: t.json, at: /n }
        """, "param-range", 10, 56, "intent 'a': parameter 'n': default 1 is below min 5"),
        ("""
          a:
            perform:
              - reload: [com.x.tasks]
        """, "intent-reload", 11, 18, "reload names this widget's own kind 'com.x.tasks'"),
    ] as [(String, String, Int, Int, String)])
    func mistakesAreReportedWhereTheyAre(_ intents: String, _ code: String, _ line: Int, _ column: Int, _ words: String) {
        let found = Self.diagnostics(Self.widget(intents))
        let match = found.first { $0.code.name == code }
        #expect(match != nil, "\(code) not in \(found.map { "\($0.code) \($0.message)" })")
        guard let match else { return }
        #expect(match.location.line == line && match.location.column == column, "\(match.location) \(match.message)")
        #expect(match.message.contains(words), "\(match.message)")
    }

    @Test func anUnknownEffectAndTwoInOneItemAreNamed() {
        let found = Self.diagnostics(Self.widget("""
              a:
                perform:
                  - flip: { file: t.json, at: /a }
                  - { toggle: { file: t.json, at: /a }, open: "x://y" }
            """))
        let messages = found.map { "\($0.location) \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("11:9 ") && $0.contains("'flip'") && $0.contains("set, toggle, increment, append, remove, reload, open") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("12:9 ") && $0.contains("an effect does one thing, and this one has 'toggle' and 'open'") }, "\(messages)")
    }

    /// Where a data source reading the file declares a schema, the pointer is checked against it.
    @Test func pointersAreCheckedAgainstADeclaredShape() {
        let data = """
              lamp:
                file: lamp.json
                schema: { type: object, additionalProperties: false, properties: { on: { type: boolean }, level: { type: integer } } }
            """
        let found = Self.diagnostics(Self.widget("""
              a:
                perform:
                  - toggle: { file: lamp.json, at: /level }
                  - increment: { file: lamp.json, at: /brightness }
                  - set: { file: lamp.json, at: /on, value: 3 }
                  - toggle: { file: lamp.json, at: /on }
            """, data: data)).filter { $0.code.name.hasPrefix("intent") }
        #expect(found.map(\.code.name) == ["intent-type", "intent-pointer", "intent-type"], "\(found.map(\.message))")
        #expect(found[0].message.contains("toggle needs a boolean at '/level', but the schema of data source 'lamp' declares integer"))
        #expect(found[1].message.contains("'brightness' is not a member the schema of data source 'lamp' declares"))
        #expect(found[2].message.contains("set writes 3 (integer) where the schema of data source 'lamp' declares boolean"))
    }
}
