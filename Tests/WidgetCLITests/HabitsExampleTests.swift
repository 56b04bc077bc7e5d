import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// The habits example's heat map (widgets/habits.yaml): every day number reads on its cell's
/// shade, in light and dark, because the face gives each cell its ink (the tree carries it, so
/// the generated view and the preview draw the same colour).
@Suite struct HabitsExampleTests {
    /// WCAG 2's contrast ratio of two opaque sRGB colours.
    static func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        func luminance(_ c: (Double, Double, Double)) -> Double {
            func channel(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// `#RRGGBB[AA]` over an opaque ground.
    static func rgb(_ hex: String, over ground: (Double, Double, Double)) -> (Double, Double, Double) {
        let digits = Array(hex.dropFirst())
        func channel(_ i: Int) -> Double { Double(Int(String(digits[(i * 2)..<(i * 2 + 2)]), radix: 16)!) / 255 }
        let alpha = digits.count == 8 ? channel(3) : 1
        return (channel(0) * alpha + ground.0 * (1 - alpha), channel(1) * alpha + ground.1 * (1 - alpha), channel(2) * alpha + ground.2 * (1 - alpha))
    }

    @Test func everyDayNumberReadsOnItsShadeInLightAndDark() throws {
        let (status, console) = runCLI([
            "run", TestPaths.widgets + "/habits.yaml", "--family", "systemLarge", "--view", "--format", "json",
            "--from", "2026-11-29T08:00:00Z", "--for", "1h",
        ])
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        let tree = try #require(run["reloads"]?.array?.first?["entries"]?.array?.first?["view"])
        let grid = try #require(tree["root"]?["children"]?.array?.first { $0["element"]?.string == "grid" })
        let cells = (grid["items"]?.array ?? []).filter { (cell: JSONValue) in cell["text"]?.string?.isEmpty == false }
        #expect(cells.count == 30)
        // The widget's own background in each appearance (the system's), and what `primary` is on it.
        let grounds: [(name: String, ground: (Double, Double, Double), primary: String)] = [
            ("light", (1, 1, 1), "#000000"), ("dark", (28.0 / 255, 28.0 / 255, 30.0 / 255), "#FFFFFF"),
        ]
        let system = ["white": "#FFFFFF", "black": "#000000"]
        for cell in cells {
            let day = cell["text"]?.string ?? ""
            for (name, ground, primary) in grounds {
                let shade = try #require(cell["background"]?["color"]?[name]?.string, "day \(day)")
                let written = cell["color"]?["system"]?.string ?? cell["color"]?[name]?.string ?? "primary"
                let ink = written == "primary" ? primary : system[written] ?? written
                let cellColour = Self.rgb(shade, over: ground)
                let ratio = Self.contrast(Self.rgb(ink, over: cellColour), cellColour)
                #expect(ratio >= 4.5, "day \(day) in \(name): \(ink) on \(shade) is \(ratio):1")
            }
        }
        // The darkest cells' numbers are white in both appearances, in the preview too.
        let darkest = cells.filter { $0["background"]?["color"]?["light"]?.string == "#216E39" }
        #expect(!darkest.isEmpty && darkest.allSatisfy { $0["color"]?["system"]?.string == "white" })
        let page = try temporaryDirectory().appendingPathComponent("habits.html")
        let (previewStatus, previewConsole) = runCLI([
            "preview", TestPaths.widgets + "/habits.yaml", "--family", "systemLarge", "--from", "2026-11-29T08:00:00Z", "--for", "1h", "--out", page.path,
        ])
        #expect(previewStatus == .success, "\(previewConsole.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let three = html.components(separatedBy: ">3</span>").dropLast().map { String($0.suffix(120)) }
        #expect(three.count == 2 && three.allSatisfy { $0.contains("color:#FFFFFF;") }, "\(three)")
    }
}
