import Foundation
import Testing
import WidgetCompiler
import WidgetTestSupport
import WidgetSimulator
import WidgetSupport
@testable import WidgetcRuntimeCore

/// A widget's face from YAML to one render tree per entry (docs/views.md, docs/render-tree.md).
@Suite("Views: render trees")
struct ViewRenderTests {
    static let weather = """
        kind: test.face
        displayName: Face
        description: A face.
        families: [systemSmall, systemMedium, accessoryInline]
        timeZone: America/New_York
        parameters:
          showFeelsLike: { type: boolean, title: Feels, default: false }
        data:
          weather: { file: weather.json }
        placeholder: { location: "—", temperature: 0, forecast: [ { time: "--", temp: 0 } ] }
        content:
          location: "{{data.weather.location}}"
          temperature: "{{data.weather.temp}}"
          symbol: "{{data.weather.symbol}}"
          forecast: "{{data.weather.next}}"
          updated: "{{data.weather.updated}}"
          ratio: "{{data.weather.ratio}}"
          steps: "{{data.weather.steps}}"
        timeline:
          every: 30m
        view:
          vstack:
            - hstack:
                - text: "{{location}}"
                  font: headline
                - spacer: {}
                - symbol: "{{symbol}}"
                  color: { light: "#112233", dark: yellow }
              spacing: 4
            - text: "{{temperature}}° at {{entry.time}}"
              font: { size: 34, weight: bold, design: rounded }
            - date: "{{updated}}"
              style: relative
            - date: "{{updated}}"
              format: time
            - text: "{{steps}}"
              format: number
            - text: "{{ratio}}"
              format: percent
            - foreach: "{{forecast}}"
              limit: { systemMedium: 3, default: 1 }
              item:
                hstack: [ { text: "{{time}}" }, { spacer: {} }, { text: "{{temp}}° {{location}}" } ]
            - text: Feels like
              if: "{{param.showFeelsLike}}"
            - divider: {}
              families: [systemMedium]
            - gauge: "{{temperature}}"
              range: [0, 10]
              label: Temp
            - progress: "{{ratio}}"
            - timer: { to: "2026-11-29T12:00:00-05:00" }
          alignment: leading
          padding: 12
        background: { gradient: ["#1E3A8A", "#0ea5e9"] }
        familyView:
          accessoryInline:
            text: "{{location}}"
        """

    static let data = [
        "weather.json": """
            {"location": "Brooklyn", "temp": 4, "symbol": "cloud.rain", "updated": "2026-11-29T08:50:00-05:00",
             "ratio": 0.423, "steps": 12345.5,
             "next": [{"time": "10:00", "temp": 5}, {"time": "11:00", "temp": 5}, {"time": "12:00", "temp": 6}, {"time": "13:00", "temp": 7}]}
            """
    ]

    func trees(family: WidgetFamily, parameters: [String: JSONValue] = [:]) throws -> [RenderTree] {
        let w = try SimulatedWidget(yaml: Self.weather, data: Self.data)
        let (reloads, _) = try w.run(from: "2026-11-29T09:00:00-05:00", until: "2026-11-29T09:10:00-05:00", parameters: parameters, family: family)
        let timeline = try #require(reloads.first).timeline
        var params = w.widget.widget.defaultParameters
        for (k, v) in parameters { params[k] = v }
        return try timeline.entries.enumerated().map { i, entry in
            try #require(w.widget.widget.tree(for: entry, index: i, family: family, parameters: params))
        }
    }

    @Test func everyTemplateIsRenderedPerEntry() throws {
        let trees = try trees(family: .systemMedium)
        #expect(trees.count >= 2)
        let first = trees[0], second = trees[1]
        #expect(first.family == "systemMedium")
        #expect(first["v.0.0"]?.element == .text("Brooklyn"))
        #expect(first["v.0.2"]?.element == .symbol("cloud.rain"))
        #expect(first["v.0.2"]?.options.color == .rgb(light: "#112233", dark: "#FFCC00"))
        // entry.time differs from entry to entry: so does the tree.
        #expect(first["v.1"]?.element == .text("4° at 09:00"))
        #expect(second["v.1"]?.element == .text("4° at 09:30"))
        #expect(first.background == .gradient(colors: [.rgb(light: "#1E3A8A", dark: "#1E3A8A"), .rgb(light: "#0EA5E9", dark: "#0EA5E9")], from: nil, to: nil))
        #expect(first.root.options.padding == .all(12))
    }

    @Test func datesKeepTheirInstantAndFormatsAreRenderedByTheRuntime() throws {
        let tree = try trees(family: .systemMedium)[0]
        let updated = Date(timeIntervalSince1970: 1_795_960_200)  // 2026-11-29T13:50:00Z
        #expect(tree["v.2"]?.element == .date(RenderDate(date: updated, style: "relative")))
        guard case .date(let formatted)? = tree["v.3"]?.element else { Issue.record("v.3 is not a date"); return }
        #expect(formatted.format == "time" && formatted.style == nil)
        // 8:50 in New York, whatever space ICU puts before AM.
        #expect(formatted.text?.hasPrefix("8:50") == true && formatted.text?.hasSuffix("AM") == true)
        #expect(tree["v.4"]?.element == .text("12,345.5"))
        #expect(tree["v.5"]?.element == .text("42%"))
    }

    @Test func foreachWalksTheListAndIsLimitedPerFamily() throws {
        let medium = try trees(family: .systemMedium)[0]
        let items = try #require(medium["v.6"]).items
        #expect(items.count == 3)
        #expect(items.map { $0.children[0].element } == [.text("10:00"), .text("11:00"), .text("12:00")])
        // An item's templates see its own fields first, then the entry's content.
        #expect(items[2].children[2].element == .text("6° Brooklyn"))
        #expect(items.allSatisfy { $0.id == "v.6.item" })
        let small = try trees(family: .systemSmall)[0]
        #expect(try #require(small["v.6"]).items.count == 1)
    }

    @Test func ifAndFamiliesLeaveNodesOutAndListThemAsHidden() throws {
        let small = try trees(family: .systemSmall)[0]
        #expect(small.root.hidden == ["v.7", "v.8"])
        #expect(small["v.7"] == nil)
        let medium = try trees(family: .systemMedium, parameters: ["showFeelsLike": true])[0]
        #expect(medium.root.hidden.isEmpty)
        #expect(medium["v.7"]?.element == .text("Feels like"))
        #expect(medium["v.8"]?.element == .divider)
    }

    @Test func gaugeProgressAndTimerCarryTheirValues() throws {
        let tree = try trees(family: .systemMedium)[0]
        #expect(tree["v.9"]?.element == .gauge(RenderGauge(value: 4, min: 0, max: 10, label: "Temp")))
        #expect(tree["v.10"]?.element == .progress(RenderProgress(kind: .value(0.423, total: 1))))
        let entryDate = Date(timeIntervalSince1970: 1_795_960_800)  // 09:00 in New York
        let noon = Date(timeIntervalSince1970: 1_795_971_600)
        #expect(tree["v.11"]?.element == .timer(from: entryDate, to: noon, countsDown: true))
    }

    @Test func aFamilyViewReplacesTheView() throws {
        let inline = try trees(family: .accessoryInline)[0]
        #expect(inline.root.id == "f.accessoryInline")
        #expect(inline.root.element == .text("Brooklyn"))
    }

    @Test func thePlaceholderMayHoldAListForForeach() throws {
        let w = try SimulatedWidget(yaml: Self.weather, data: Self.data)
        let (reloads, _) = try w.run(
            from: "2026-11-29T09:00:00-05:00", until: "2026-11-29T09:10:00-05:00", context: .placeholder, family: .systemMedium)
        let entry = try #require(reloads.first?.timeline.entries.first)
        let tree = try #require(w.widget.widget.tree(for: entry, index: 0, family: .systemMedium, parameters: w.widget.widget.defaultParameters))
        #expect(tree["v.6"]?.items.count == 1)
        #expect(tree["v.6.item.0"]?.element == .text("--"))
    }

    @Test func thePlanCarriesTheViewAsWritten() throws {
        let w = try SimulatedWidget(yaml: Self.weather, data: Self.data)
        let plan = try #require(w.widget.plan.json.object)
        #expect(plan["view"]?["alignment"] == "leading")
        #expect(plan["view"]?["vstack"]?.array?.count == 12)
        #expect(plan["familyView"]?["accessoryInline"]?["text"] == "{{location}}")
        #expect(plan["background"]?["gradient"] == ["#1E3A8A", "#0ea5e9"])
    }

    @Test func aCustomViewHasNoTree() throws {
        let yaml = Self.weather.components(separatedBy: "view:\n")[0] + "view: custom\n"
        let w = try SimulatedWidget(yaml: yaml, data: Self.data)
        #expect(w.widget.widget.view == nil)
        #expect(w.widget.plan.json.object?["view"] == "custom")
    }
}
