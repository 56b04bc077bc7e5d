import Testing
import WidgetSupport
@testable import WidgetCompiler

/// The walk over content templates reaches any depth without recursion: aliases nest
/// content far deeper than a file can (each alias is the whole node it names again).
@Suite struct ContentWalkTests {
    /// Content whose member `x0` is a template, and each `xk` the one before inside
    /// `levels` sequences: `xk`'s template is `k * levels` levels down.
    static func aliasedContent(members: Int, levels: Int) -> String {
        var text = "content:\n  x0: &a0 \"{{param.nope}}\"\n"
        for k in 1..<members {
            text += "  x\(k): &a\(k) " + String(repeating: "[", count: levels) + "*a\(k - 1)"
                + String(repeating: "]", count: levels) + "\n"
        }
        return text
    }

    @Test func templatesFarBelowTheFileNestingAreChecked() throws {
        // 84 members of 250 levels each: the last template is 20,750 levels down, and the
        // file stays within the loader's bound on expanded nodes.
        let text = Self.aliasedContent(members: 84, levels: 250)
        let (documents, error) = SourceFiles.documents(of: Array(text.utf8), path: "w.yaml")
        #expect(error == nil)
        let content = try #require(documents.first?[word: "content"])
        var context = CheckContext(file: "w.yaml", bytes: Array(text.utf8))
        checkContentTemplates(content, ["content"], scope: VariableScope(), &context)
        #expect(context.diagnostics.count == 84)
        #expect(context.diagnostics.allSatisfy { $0.code.name == "unknown-variable" && $0.location.line == 2 })
        // Each one's pointer names the member, then index 0 all the way down.
        let deepest = try #require(context.diagnostics.last)
        #expect(deepest.pointer == "/content/x83" + String(repeating: "/0", count: 83 * 250))
    }
}
