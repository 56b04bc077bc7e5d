import Testing
import WidgetCompiler
import WidgetSupport

/// Found by the `validate` fuzz target: `maxEntries: 1e30` beside a URL data source trapped
/// converting the double to Int64 in the request-rate check. Any number there is the schema's
/// to report, never a crash.
@Suite struct MaxEntriesTrapTests {
    @Test(arguments: ["1e30", "-1e30", ".nan", ".inf", "-.inf", "9223372036854775807", "2.5"])
    func aMaxEntriesOfAnySizeIsADiagnosticNotATrap(_ written: String) throws {
        let text = """
            kind: fix
            content: { title: hi }
            data:
              feed: { url: "https://example.com/feed.json" }
            timeline:
              every: 5m
              maxEntries: \(written)

            """
        let validator = Compilation(purpose: .compile)
        let diagnostics = validator.validate(bytes: Array(text.utf8), path: "fix.yaml")
        #expect(diagnostics.contains { $0.pointer == "/timeline/maxEntries" && $0.severity == .error }, "\(diagnostics)")
    }

    /// The fuzzer's own input, minimized by hand: `hourly` misspelled into a value, then maxEntries.
    @Test func theFuzzersInputIsRefusedInWords() throws {
        let text = "kind: fix\ncontent: { title: hi }\ntimeline:\n  hourly: truenume\n  maxEntries: 1e30\n"
        let validator = Compilation(purpose: .compile)
        let diagnostics = validator.validate(bytes: Array(text.utf8), path: "fix.yaml")
        #expect(diagnostics.contains { $0.severity == .error })
    }
}
