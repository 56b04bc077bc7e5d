import Foundation
import Testing
import WidgetcRuntimeCore

/// The typed reads the generated SwiftUI view makes of a render tree, by node id
/// (docs/generated-swift.md): each element's value, hidden nodes, `foreach` items, and the
/// neutral value of a node that is not there.
@Suite struct RenderTreeReadsTests {
    static let start = Date(timeIntervalSince1970: 1_795_942_400)
    static let end = start.addingTimeInterval(3600)

    static let tree = RenderTree(
        family: "systemMedium",
        root: RenderNode(
            id: "v", element: .vstack(RenderStack(alignment: "leading")),
            children: [
                RenderNode(id: "v.0", element: .text("Oslo"), options: RenderOptions(link: "weather://oslo", accessibilityLabel: "City")),
                RenderNode(id: "v.1", element: .date(RenderDate(date: start, style: "relative"))),
                RenderNode(id: "v.2", element: .date(RenderDate(date: start, format: "time", text: "8:53 AM"))),
                RenderNode(id: "v.3", element: .timer(from: start, to: end, countsDown: false)),
                RenderNode(id: "v.4", element: .symbol("cloud.rain")),
                RenderNode(id: "v.5", element: .image(.asset("Logo")), options: RenderOptions(background: .image(.file("sky.png")))),
                RenderNode(id: "v.6", element: .image(.file("images/oslo.png"))),
                RenderNode(id: "v.7", element: .gauge(RenderGauge(value: 4, min: -10, max: 30, label: "Temp", currentValueLabel: "4°"))),
                RenderNode(id: "v.8", element: .progress(RenderProgress(kind: .value(3, total: 12), label: "Steps"))),
                RenderNode(id: "v.9", element: .progress(RenderProgress(kind: .interval(from: start, to: end, countsDown: true)))),
                RenderNode(
                    id: "v.10", element: .foreach,
                    items: [RenderNode(id: "v.10.item", element: .text("9 AM")), RenderNode(id: "v.10.item", element: .text("10 AM"))]),
            ],
            hidden: ["v.11"]),
        background: .image(.asset("Sky")))

    @Test func eachElementReadsItsValueById() {
        let t = Self.tree
        #expect(t.text("v.0") == "Oslo")
        #expect(t.link("v.0") == URL(string: "weather://oslo"))
        #expect(t.accessibilityLabel("v.0") == "City")
        #expect(t.date("v.1") == Self.start)
        #expect(t.text("v.2") == "8:53 AM")
        #expect(t.timerInterval("v.3") == Self.start...Self.end)
        #expect(t.countsDown("v.3") == false)
        #expect(t.symbol("v.4") == "cloud.rain")
        #expect(t.asset("v.5") == "Logo")
        #expect(t.backgroundFile("v.5", in: URL(fileURLWithPath: "/group")) == "/group/sky.png")
        #expect(t.file("v.6", in: URL(fileURLWithPath: "/group")) == "/group/images/oslo.png")
        #expect(t.file("v.6", in: nil) == "")
        #expect(t.value("v.7") == 4 && t.range("v.7") == -10...30)
        #expect(t.label("v.7") == "Temp" && t.currentValueLabel("v.7") == "4°")
        #expect(t.value("v.8") == 3 && t.total("v.8") == 12 && t.label("v.8") == "Steps")
        #expect(t.timerInterval("v.9") == Self.start...Self.end && t.countsDown("v.9"))
        #expect(t.backgroundAsset() == "Sky")
    }

    @Test func foreachItemsAreReadOneByOne() {
        let items = Self.tree.items("v.10")
        #expect(items.map(\.id) == [0, 1])
        #expect(items.map { $0.text("v.10.item") } == ["9 AM", "10 AM"])
    }

    @Test func aNodeThatIsNotThereReadsNeutrally() {
        let t = Self.tree
        #expect(t.shows("v.0"))
        #expect(!t.shows("v.11"))
        #expect(t.text("v.11") == "" && t.symbol("v.11") == "" && t.value("v.11") == 0 && t.range("v.11") == 0...1)
        #expect(t.items("v.11").isEmpty)
        #expect(RenderTree.empty.text("v") == "")
        // A read of the wrong kind is neutral too: a text has no value.
        #expect(t.value("v.0") == 0)
    }
}
