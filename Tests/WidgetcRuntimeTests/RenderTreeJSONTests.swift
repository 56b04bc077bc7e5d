import Foundation
import Testing
import WidgetSupport
@testable import WidgetcRuntimeCore

@Suite("Render tree JSON")
struct RenderTreeJSONTests {
    static let noon = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z

    /// A tree using every element and every option once.
    static var everything: RenderTree {
        let text = RenderNode(
            id: "v.0", element: .text("Brooklyn"),
            options: RenderOptions(
                font: .style("headline"), weight: "bold", color: .system("yellow"), lineLimit: 2, minimumScaleFactor: 0.5,
                textAlignment: "center", monospacedDigit: true, padding: .edges(top: 1, leading: 2, bottom: 3, trailing: 4),
                frame: RenderFrame(width: 10, maxWidth: .infinity, alignment: "leading"),
                background: .gradient(colors: [.rgb(light: "#1E3A8A", dark: "#0EA5E9")], from: "top", to: "bottom"),
                cornerRadius: 6, opacity: 0.75, accentable: true, privacySensitive: true, link: "app://x",
                accessibilityLabel: "Where"))
        let leaves: [RenderNode] = [
            text,
            RenderNode(id: "v.1", element: .date(RenderDate(date: noon, style: "relative"))),
            RenderNode(id: "v.2", element: .date(RenderDate(date: noon, format: "time", text: "12:00 PM"))),
            RenderNode(id: "v.3", element: .timer(from: noon, to: noon.addingTimeInterval(3600), countsDown: true)),
            RenderNode(id: "v.4", element: .symbol("cloud.rain"), options: RenderOptions(font: .system(size: 34, weight: "bold", design: "rounded"))),
            RenderNode(id: "v.5", element: .image(.asset("Logo"))),
            RenderNode(id: "v.6", element: .image(.file("images/a.png")), options: RenderOptions(padding: .all(12))),
            RenderNode(
                id: "v.7",
                element: .gauge(RenderGauge(value: 25, min: 0, max: 100, label: "HP", currentValueLabel: "25", style: "accessoryCircularCapacity"))),
            RenderNode(id: "v.8", element: .progress(RenderProgress(kind: .value(0.5, total: 1), label: "Half"))),
            RenderNode(id: "v.9", element: .progress(RenderProgress(kind: .interval(from: noon, to: noon.addingTimeInterval(60), countsDown: false)))),
            RenderNode(id: "v.10", element: .spacer(minLength: 4)),
            RenderNode(id: "v.11", element: .divider),
            RenderNode(
                id: "v.12", element: .foreach,
                items: [
                    RenderNode(id: "v.12.item", element: .hstack(RenderStack(alignment: "top")), children: [RenderNode(id: "v.12.item.0", element: .text("a"))]),
                    RenderNode(id: "v.12.item", element: .hstack(RenderStack(alignment: "top")), children: [RenderNode(id: "v.12.item.0", element: .text("b"))]),
                ]),
            RenderNode(id: "v.13", element: .group, children: [RenderNode(id: "v.13.0", element: .zstack(RenderStack()))]),
        ]
        return RenderTree(
            family: "systemMedium",
            root: RenderNode(id: "v", element: .vstack(RenderStack(alignment: "leading", spacing: 4)), children: leaves, hidden: ["v.14"]),
            background: .image(.file("bg.png")))
    }

    @Test func everyElementAndOptionRoundTrips() throws {
        let tree = Self.everything
        let json = tree.json
        #expect(try RenderTree(json: json) == tree)
        // Through text too: what `run --view --format json` prints is what a reader gets back.
        let reread = try JSONReader.parse(bytes: Array(JSONWriter.string(json).utf8)).json
        #expect(try RenderTree(json: reread) == tree)
    }

    @Test func documentedShapeAndKeyOrder() {
        let tree = RenderTree(
            family: "systemSmall",
            root: RenderNode(
                id: "v", element: .vstack(RenderStack(alignment: "leading", spacing: 4)),
                children: [RenderNode(id: "v.0", element: .text("Brooklyn"), options: RenderOptions(font: .style("headline")))]),
            background: .color(.rgb(light: "#1E3A8A", dark: "#1E3A8A")))
        #expect(
            JSONWriter.string(tree.json)
                == ##"{"family":"systemSmall","background":{"color":{"light":"#1E3A8A","dark":"#1E3A8A"}},"root":{"id":"v","element":"vstack","alignment":"leading","spacing":4,"children":[{"id":"v.0","element":"text","text":"Brooklyn","font":{"style":"headline"}}]}}"##
        )
    }

    @Test func instantsAreUTCAndInfinityIsAWord() {
        let node = RenderNode(
            id: "v", element: .timer(from: Self.noon, to: Self.noon.addingTimeInterval(90), countsDown: true),
            options: RenderOptions(frame: RenderFrame(maxWidth: .infinity)))
        #expect(
            JSONWriter.string(node.json)
                == #"{"id":"v","element":"timer","from":"2026-11-29T12:00:00+00:00","to":"2026-11-29T12:01:30+00:00","countsDown":true,"frame":{"maxWidth":"infinity"}}"#
        )
    }

    @Test func lookupByIdFindsNestedNodes() {
        let tree = Self.everything
        #expect(tree["v.12.item.0"]?.element == .text("a"))
        #expect(tree["v.13.0"]?.elementName == "zstack")
        #expect(tree["v.1"]?.elementName == "date")
        #expect(tree["v.99"] == nil)
    }

    @Test func badJSONIsRefusedInWords() {
        #expect(throws: RenderTreeError(message: "node v has an unknown element 'box'")) {
            try RenderTree(json: ["family": "systemSmall", "root": ["id": "v", "element": "box"]])
        }
        #expect(throws: RenderTreeError(message: "node v's text is not a string")) {
            try RenderTree(json: ["family": "systemSmall", "root": ["id": "v", "element": "text", "text": 3]])
        }
    }
}
