import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// The editor inside lets (docs/cel.md): the compiler's diagnostics at their place in the
/// expression, hover with the inferred type, completion of variables and functions.
@Suite struct LetFeatureTests {
    static let text = """
        kind: com.example.lets
        displayName: Lets
        description: Computed values.
        parameters:
          goal: { type: integer, default: 100 }
        data:
          today: { file: today.json }
        let:
          percent: "math.least(100, data.today.steps * 100 / param.goal)"
          label: "string(let.percent) + '%'"
          bad: "param.gaol + 1"
        content:
          title: "{{let.label}}"
          bad: "{{let.bad}}"
        timeline: { every: 1h }

        """

    func open(_ session: InProcessSession) throws -> (uri: String, diagnostics: [JSONValue]) {
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/lets-editor.yaml")
        session.client.open(uri: uri, text: Self.text)
        return (uri, try session.client.diagnostics(uri: uri))
    }

    func hoverText(_ result: JSONValue) -> String { result["contents"]?["value"]?.string ?? "" }

    @Test func diagnosticsInsideTheExpression() throws {
        let session = InProcessSession()
        let (_, diagnostics) = try open(session)
        let bad = try #require(diagnostics.first { $0["code"]?.string == "cel-type" })
        #expect(bad["message"]?.string == "let 'bad': param has no field 'gaol' (did you mean 'goal'?)")
        // Line 11 (zero-based 10), the dot before `gaol`: character 13.
        #expect(bad["range"]?["start"] == ["line": 10, "character": 13])
    }

    @Test func hoverShowsTheInferredType() throws {
        let session = InProcessSession()
        let (uri, _) = try open(session)
        // On `math.least(`: the call's type; on `param.goal`: int; on the let's name: its type and when it is computed.
        #expect(hoverText(try session.client.at("hover", uri: uri, line: 8, character: 18)).hasPrefix("`int`\n\nin **let.percent**: `int`"))
        #expect(hoverText(try session.client.at("hover", uri: uri, line: 9, character: 23)).hasPrefix("`int`\n\nin **let.label**: `string`"))
        #expect(hoverText(try session.client.at("hover", uri: uri, line: 9, character: 11)).hasPrefix("`string`\n\nin **let.label**"))
        #expect(hoverText(try session.client.at("hover", uri: uri, line: 9, character: 4)) == "**let.label**: `string`, computed once per reload")
        #expect(hoverText(try session.client.at("hover", uri: uri, line: 12, character: 14)).contains("computed by `string(let.percent) + '%'`"))
    }

    @Test func completionOfVariablesAndFunctions() throws {
        let session = InProcessSession()
        let (uri, _) = try open(session)
        // After `string(` (nothing typed): everything; after `let.p`: the lets starting so.
        let inLet = (try session.client.at("completion", uri: uri, line: 9, character: 17)["items"]?.array ?? [])
        let labels = inLet.compactMap { $0["label"]?.string }
        #expect(labels.contains("param.goal") && labels.contains("data.today") && labels.contains("entry.date") && labels.contains("let.percent"))
        #expect(labels.contains("math.least") && labels.contains("size"))
        #expect(!labels.contains("let.label"))  // a let does not complete itself
        #expect(inLet.first { $0["label"]?.string == "let.percent" }?["detail"]?.string == "int")
        let typed = (try session.client.at("completion", uri: uri, line: 9, character: 22)["items"]?.array ?? []).compactMap { $0["label"]?.string }
        #expect(typed == ["let.percent"])
        let inTemplate = (try session.client.at("completion", uri: uri, line: 12, character: 12)["items"]?.array ?? []).compactMap { $0["label"]?.string }
        #expect(inTemplate.contains("let.label") && inTemplate.contains("param.goal"))
    }
}
