import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Issue 36, a long window's preview stays readable and small: past 200 entries a widget with a
/// face gets one card per distinct face, not per distinct content.
@Suite struct LongPreviewTests {
    /// The page `widgetc preview ARGS` writes.
    func preview(_ args: [String]) throws -> String {
        let out = try temporaryDirectory().path + "/page.html"
        let (status, console) = runCLI(["preview"] + args + ["--out", out])
        #expect(status == .success, "\(console.stderr)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// The cards of one family's section.
    func cards(_ page: String, family: String) -> Int {
        guard let start = page.range(of: "<section class=\"family\" id=\"\(family)\"") else { return -1 }
        let rest = page[start.upperBound...]
        let end = rest.range(of: "</section>")?.lowerBound ?? rest.endIndex
        return rest[..<end].components(separatedBy: "<figure class=\"card\"").count - 1
    }

    /// A month of the stocks example: each session's `session` text differs, but the faces only
    /// draw open and closed (the Lock Screen line not even that), so a family shows one or two
    /// cards, not one per session.
    @Test func aMonthOfStocksIsOneCardPerFace() throws {
        let page = try preview([TestPaths.widgets + "/stocks.yaml", "--from", "2026-11-01T00:00:00-04:00", "--for", "30d"])
        #expect(page.contains("one card per distinct face"))
        #expect(cards(page, family: "systemSmall") == 2)
        #expect(cards(page, family: "systemMedium") == 2)
        #expect(cards(page, family: "accessoryInline") == 1)
        #expect(page.contains("<div class=\"calendar\">"))
    }
}
