import Testing
import WidgetSupport
import WidgetTemplates
@testable import WidgetcRuntimeCore

/// The plan's `intents` member (docs/plan-format.md): read back as written, refused with a pointer.
@Suite("Intents in the plan")
struct IntentPlanTests {
    static let markDone = """
        {"name": "markDone", "title": "Mark done", "description": null,
         "parameters": [{"name": "index", "title": "index", "type": "integer", "min": 0, "max": null, "default": 0}],
         "perform": [
           {"set": {"file": "tasks.json", "at": "/items/{{param.index}}/done", "value": true}},
           {"increment": {"file": "stats.json", "at": "/done", "by": 1, "min": 0}},
           {"remove": {"file": "tasks.json", "at": "/tags", "value": "{{param.index}}"}},
           {"reload": ["com.example.tasks.summary"]},
           {"open": "tasks://item/{{param.index}}"}
         ]}
        """

    static func json(_ text: String) throws -> JSONValue {
        try JSONReader.parse(text).json
    }

    @Test func readsBackAsWritten() throws {
        let written = try Self.json(Self.markDone)
        let intent = try PlanIntent(PlanMember(written))
        #expect(intent.name == "markDone")
        #expect(intent.parameters.map(\.name) == ["index"])
        #expect(intent.effects.map(\.name) == ["set", "increment", "remove", "reload", "open"])
        #expect(intent.json == written)
    }

    @Test func pointerTokensSplitOutsideTags() throws {
        let pointer = try #require(try PointerTemplate("/items/{{param.index}}/a~1b/{{#param.x}}y{{/param.x}}"))
        #expect(pointer.tokens.count == 4)
        #expect(pointer.tokens[2] == .literal("a/b"))
        let scope: JSONValue = .object(JSONObject([("param", .object(JSONObject([("index", .int(2)), ("x", .bool(true))])))]))
        #expect(pointer.render(scope) == ["items", "2", "a/b", "y"])
        // A rendered value is one token: its '/' does not make a step.
        let slash: JSONValue = .object(JSONObject([("param", .object(JSONObject([("index", .string("a/b"))])))]))
        #expect(pointer.render(slash)[1] == "a/b")
        #expect(try PointerTemplate("")?.tokens.isEmpty == true)
        #expect(try PointerTemplate("items") == nil)
    }

    @Test func refusesWhatTheCompilerWouldNeverWrite() throws {
        let cases: [(String, String)] = [
            (#"{"name": "a", "title": "a", "parameters": [], "perform": []}"#, "/perform"),
            (#"{"name": "a", "title": "a", "parameters": [], "perform": [{"set": {"file": "../x.json", "at": "/a", "value": 1}}]}"#, "/perform/0/set/file"),
            (#"{"name": "a", "title": "a", "parameters": [], "perform": [{"toggle": {"file": "x.json", "at": "a"}}]}"#, "/perform/0/toggle/at"),
            (#"{"name": "a", "title": "a", "parameters": [], "perform": [{"flip": {"file": "x.json", "at": "/a"}}]}"#, "/perform/0"),
            (#"{"name": "a", "title": "a", "parameters": [], "perform": [{"set": {"file": "x.json", "at": "/a", "value": "{{#x}}"}}]}"#, "/perform/0/set/value"),
        ]
        for (text, pointer) in cases {
            #expect(throws: PlanError.self, "\(text)") { try PlanIntent(PlanMember(try Self.json(text))) }
            let member = PlanMember(try Self.json(text))
            do throws(PlanError) {
                _ = try PlanIntent(member)
            } catch {
                #expect(error.pointer == pointer, "\(text): \(error)")
            }
        }
    }
}
