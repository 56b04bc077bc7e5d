import Foundation
import Testing
import WidgetCompiler
import WidgetSimulator
import WidgetDiagnostics
import WidgetSupport
import WidgetTime
@testable import WidgetcRuntimeCore

/// Sizes written as templates in `font`, `padding` and `frame` (docs/views.md, "Sizes from the
/// data"): rendered per entry into the tree, a size that does not render noted and fallen back
/// from, and the names they use checked at the line.
@Suite struct TemplatedSizeTests {
    static let header = """
        kind: test.sizes
        displayName: Sizes
        description: Sizes from the data.
        families: [systemSmall]
        data:
          d: { file: d.json }
        content:
          size: "{{data.d.size}}"
          pad: "{{data.d.pad}}"
          wide: "{{data.d.wide}}"
          bad: "{{data.d.bad}}"
        timeline: { once: true }

        """

    static func tree(_ view: String, data: String) throws -> (RenderTree, [ViewFailures.Failure]) {
        let w = try SimulatedWidget(yaml: header + view, data: ["d.json": data])
        let (reloads, _) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T09:10:00Z", family: .systemSmall)
        let entry = try #require(reloads.first?.timeline.entries.first)
        let failures = ViewFailures()
        let tree = try #require(w.widget.widget.tree(
            for: entry, index: 0, family: .systemSmall, parameters: w.widget.widget.defaultParameters, failures: failures))
        return (tree, failures.take())
    }

    static func diagnostics(_ view: String) -> [Diagnostic] {
        Compilation().validate(bytes: Array((header + view).utf8), path: "w.yaml")
    }

    static let view = """
        view:
          text: Hi
          font: { size: "{{size}}", weight: bold, design: rounded }
          padding: { horizontal: "{{pad}}", top: 2 }
          frame: { width: "{{wide}}", height: 30, maxHeight: "{{bad}}", alignment: leading }

        """

    @Test func sizesFromTheDataAreRenderedIntoTheTree() throws {
        let (tree, failures) = try Self.tree(Self.view, data: #"{"size": 22, "pad": "6", "wide": 120.5, "bad": "infinity"}"#)
        #expect(failures.isEmpty, "\(failures)")
        let options = try #require(tree["v"]?.options)
        #expect(options.font == .system(size: 22, weight: "bold", design: "rounded"))
        #expect(options.padding == .edges(top: 2, leading: 6, bottom: 0, trailing: 6))
        #expect(options.frame == RenderFrame(width: 120.5, height: 30, maxHeight: .infinity, alignment: "leading"))
        // The typed reads the generated view calls.
        #expect(tree.fontSize("v") == 22 && tree.padding("v", \.leading) == 6 && tree.padding("v", \.bottom) == 0)
        #expect(tree.frame("v", \.width) == 120.5 && tree.frame("v", \.maxHeight) == .infinity && tree.frame("v", \.minWidth) == nil)
        // The JSON says the rendered sizes, and reads back into the same tree.
        let json = JSONWriter.string(tree.json)
        #expect(json.contains(#""font":{"size":22,"weight":"bold","design":"rounded"}"#), "\(json)")
        #expect(json.contains(#""padding":{"top":2,"leading":6,"bottom":0,"trailing":6}"#), "\(json)")
        #expect(try RenderTree(json: tree.json) == tree)
        // The preview draws the rendered sizes.
        let (w, h) = DeviceClass.standard.size(of: .systemSmall)
        let face = FaceRenderer(family: .systemSmall, width: w, height: h, dates: FaceDates(zone: FixedOffset(seconds: 0), locale: nil), container: nil, tint: "#FF9F0A")
            .face(tree.json, now: Instant(seconds: 1_795_942_400), appearance: .light, url: nil)
        for css in ["font-size:22px;", "padding-top:2px;", "padding-inline-start:6px;", "padding-inline-end:6px;", "width:120.5px;", "height:30px;"] {
            #expect(face.contains(css), "missing \(css): \(face)")
        }
    }

    @Test func aSizeThatDoesNotRenderIsNotedAndFallsBack() throws {
        let (tree, failures) = try Self.tree(Self.view, data: #"{"size": "big", "pad": -3, "wide": "wide", "bad": true}"#)
        let options = try #require(tree["v"]?.options)
        // The font keeps its weight and design at body's size; the padding edge is 0; the frame drops the size.
        #expect(options.font == .system(size: 17, weight: "bold", design: "rounded"))
        #expect(options.padding == .edges(top: 2, leading: 0, bottom: 0, trailing: 0))
        #expect(options.frame == RenderFrame(height: 30, alignment: "leading"))
        let messages = failures.map(\.message)
        #expect(messages.contains(#"text v: "big" is not a font size in points (above 0); the font is 17 pt (body's size)"#), "\(messages)")
        #expect(messages.contains("text v: -3 is not a padding in points (0 or more); that padding is 0"), "\(messages)")
        #expect(messages.contains(#"text v: "wide" is not a size in points (0 or more); the frame leaves width out"#), "\(messages)")
        #expect(messages.contains("text v: true is not a size in points (0 or more) or infinity; the frame leaves maxHeight out"), "\(messages)")
        #expect(failures.first { $0.value == #""big""# }?.path == ["view", "font", "size"])
    }

    @Test func aSizesNamesAreCheckedAtTheLine() {
        let misspelt = Self.diagnostics("view:\n  text: Hi\n  padding: \"{{padd}}\"\n")
        let unknown = misspelt.first { $0.code == "unknown-variable" }
        #expect(unknown?.message.contains("(did you mean 'pad'?)") == true, "\(misspelt.map(\.message))")
        #expect(unknown.map { "\($0.location.line):\($0.location.column)" } == "15:15")
        let inFrame = Self.diagnostics("view:\n  text: Hi\n  frame: { width: \"{{data.d.wide}}\" }\n")
        #expect(inFrame.contains { $0.code == "unknown-variable" && $0.message.contains("views see the entry's content fields, not data sources") && $0.location.line == 15 },
                "\(inFrame.map(\.message))")
        let fixedText = Self.diagnostics("view:\n  text: Hi\n  font: { size: big }\n")
        #expect(fixedText.contains { $0.location.line == 15 && $0.message.contains("big") }, "\(fixedText.map { "\($0.location) \($0.message)" })")
        #expect(Self.diagnostics(Self.view).isEmpty, "\(Self.diagnostics(Self.view).map(\.message))")
    }
}
