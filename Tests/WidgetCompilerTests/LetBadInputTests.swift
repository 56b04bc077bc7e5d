import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetcRuntimeCore

/// A let whose comprehension runs over a list of the app's data too large to finish (spec: it stops
/// after 10,000 iterations): the run warns naming the let, shows the others, and the container
/// file is never changed.
@Suite struct LetBadInputTests {
    @Test func aComprehensionOverAHundredThousandItemsIsAWarningNeverACrash() throws {
        let items = (0..<100_000).map(String.init).joined(separator: ",")
        let file = "{\"items\": [\(items)]}"
        let w = try SimulatedWidget(
            yaml: """
                kind: com.example.big
                displayName: Big
                description: A list too large for a comprehension.
                data:
                  big: { file: big.json }
                let:
                  allPositive: "data.big.items.all(x, x >= 0)"
                  count: "size(data.big.items)"
                content: { ok: "{{let.allPositive}}", count: "{{let.count}}" }
                timeline: { every: 1h }

                """, data: ["big.json": file])
        let before = try Data(contentsOf: URL(fileURLWithPath: w.directory + "/container/big.json"))
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T12:00:00Z")
        let entry = try #require(reloads.first?.timeline.entries.first)
        #expect(entry.content["count"] == 100_000)
        #expect(entry.content["ok"] == nil || entry.content["ok"] == "")
        let warning = try #require(summary.warnings.first { $0.code == "let-error" })
        #expect(warning.message.hasPrefix("let 'allPositive' (data.big.items.all(x, x >= 0)): comprehension stopped after 10000 iterations"), "\(warning.message)")
        #expect(summary.warnings.filter { $0.code == "let-error" }.count == 1, "once, not at every reload")
        #expect(try Data(contentsOf: URL(fileURLWithPath: w.directory + "/container/big.json")) == before)
    }
}
