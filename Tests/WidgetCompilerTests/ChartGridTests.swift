import Foundation
import Testing
import WidgetCompiler
import WidgetTestSupport
import WidgetSimulator
import WidgetDiagnostics
import WidgetSupport
import WidgetTime
@testable import WidgetcRuntimeCore

/// `chart` and `grid` (docs/views.md, "Charts and grids"): their checks at the line, and their
/// nodes in the render tree (points, rows of items), read back from JSON and by the typed reads.
@Suite struct ChartGridTests {
    static let header = """
        kind: test.chart
        displayName: Chart
        description: A chart and a grid.
        families: [systemMedium, systemLarge, accessoryInline]
        data:
          d: { file: d.json }
        content:
          hours: "{{data.d.hours}}"
          days: "{{data.d.days}}"
          low: "{{data.d.low}}"
          title: "{{data.d.title}}"
          count: 3
        timeline: { once: true }

        """

    static let data = ["d.json": #"""
        {"title": "T", "low": -5,
         "hours": [{"h": "09", "t": 4.5, "c": "A"}, {"h": "10", "t": "n/a", "c": "A"}, {"h": "11", "t": 7, "c": "B"}],
         "days": [{"d": 1}, {"d": 2}, {"d": 3}, {"d": 4}, {"d": 5}]}
        """#]

    static func widget(_ view: String) -> String {
        header + view + "familyView:\n  accessoryInline: { text: \"{{title}}\" }\n"
    }

    static func diagnostics(_ view: String) -> [Diagnostic] {
        Compilation().validate(bytes: Array(widget(view).utf8), path: "w.yaml")
    }

    @Test func chartsAndGridsRenderTheirPointsAndRows() throws {
        let view = """
            view:
              vstack:
                - chart: "{{hours}}"
                  mark: line
                  x: "{{h}}"
                  y: "{{t}}"
                  series: "{{c}}"
                  yRange: ["{{low}}", 10]
                - grid: "{{days}}"
                  columns: 2
                  spacing: 3
                  limit: { systemMedium: 3 }
                  item:
                    text: "{{d}}"
                    if: "{{d}}"

            """
        #expect(Self.diagnostics(view).isEmpty, "\(Self.diagnostics(view).map { "\($0.location) \($0.message)" })")
        let w = try SimulatedWidget(yaml: Self.widget(view), data: Self.data)
        let (reloads, _) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T09:10:00Z", family: .systemMedium)
        let entry = try #require(reloads.first?.timeline.entries.first)
        let failures = ViewFailures()
        let tree = try #require(w.widget.widget.tree(
            for: entry, index: 0, family: .systemMedium, parameters: w.widget.widget.defaultParameters, failures: failures))
        // The point whose y is not a number is left out, and noted once.
        #expect(tree["v.0"]?.element == .chart(RenderChart(
            mark: "line", points: [RenderChartPoint(id: 0, x: "09", y: 4.5, series: "A"), RenderChartPoint(id: 1, x: "11", y: 7, series: "B")],
            yRange: -5...10)))
        let noted = failures.take()
        #expect(noted.count == 1 && noted.first?.value == #""n/a""#, "\(noted)")
        // The grid keeps the family's limit (3 of 5) in rows of 2.
        #expect(tree["v.1"]?.element == .grid(RenderGrid(columns: 2, spacing: 3)))
        #expect(tree.rows("v.1").map { $0.items.map { $0.text("v.1.item") } } == [["1", "2"], ["3"]])
        #expect(tree.points("v.0").map(\.y) == [4.5, 7] && tree.yRange("v.0") == -5...10)
        // The JSON reads back into the same tree.
        #expect(try RenderTree(json: tree.json) == tree)
        let json = JSONWriter.string(tree.json)
        #expect(json.contains(#""mark":"line","yRange":[-5,10],"points":[{"x":"09","y":4.5,"series":"A"},{"x":"11","y":7,"series":"B"}]"#), "\(json)")
        #expect(json.contains(#""element":"grid","columns":2,"spacing":3"#))
        // systemLarge has no limit: all five.
        let large = try #require(w.widget.widget.tree(for: entry, index: 0, family: .systemLarge, parameters: w.widget.widget.defaultParameters))
        #expect(large.rows("v.1").map(\.items.count) == [2, 2, 1])
    }

    @Test func numberAndDateAxesAndEachMarksColourAreRenderedIntoTheTree() throws {
        let yaml = """
            kind: test.axes
            displayName: Axes
            description: A date axis and a number axis.
            families: [systemMedium]
            data:
              d: { file: d.json }
            content:
              readings: "{{data.d.readings}}"
            timeline: { once: true }
            view:
              vstack:
                - chart: "{{readings}}"
                  mark: line
                  x: "{{at}}"
                  xType: date
                  y: "{{v}}"
                  color: "{{c}}"
                - chart: "{{readings}}"
                  mark: bar
                  x: "{{n}}"
                  xType: number
                  y: "{{v}}"
                  color: teal

            """
        #expect(Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml").isEmpty)
        let w = try SimulatedWidget(yaml: yaml, data: ["d.json": #"""
            {"readings": [{"at": "2026-11-29T09:00:00Z", "n": 1, "v": 3, "c": "red"},
                          {"at": "2026-11-29T12:00:00+01:00", "n": "2.5", "v": 5, "c": "#00ff00"},
                          {"at": "2026-11-29T18:00:00Z", "n": "x", "v": 4, "c": "nope"},
                          {"at": "noon", "n": 7, "v": 1, "c": "red"}]}
            """#])
        let (reloads, _) = try w.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T09:10:00Z", family: .systemMedium)
        let entry = try #require(reloads.first?.timeline.entries.first)
        let failures = ViewFailures()
        let tree = try #require(w.widget.widget.tree(
            for: entry, index: 0, family: .systemMedium, parameters: w.widget.widget.defaultParameters, failures: failures))
        func date(_ iso: String) throws -> Date { Date(timeIntervalSince1970: TimeInterval(try InstantParser.parse(iso).instant.seconds)) }
        // Dates: each point at its instant, with its own colour; "noon" is not an instant (left out), "nope" not a colour (the chart's).
        #expect(tree["v.0"]?.element == .chart(RenderChart(mark: "line", xType: .date, points: [
            RenderChartPoint(id: 0, x: .date(try date("2026-11-29T09:00:00Z")), y: 3, color: .system("red")),
            RenderChartPoint(id: 1, x: .date(try date("2026-11-29T11:00:00Z")), y: 5, color: .rgb(light: "#00FF00", dark: "#00FF00")),
            RenderChartPoint(id: 2, x: .date(try date("2026-11-29T18:00:00Z")), y: 4),
        ])))
        #expect(tree["v.0"]?.options.color == nil)
        // Numbers: a number or text that reads as one; "x" is left out. A fixed colour stays the chart's.
        #expect(tree.points("v.1").map(\.xNumber) == [1, 2.5, 7] && tree.points("v.1").map(\.x) == ["", "", ""])
        #expect(tree["v.1"]?.options.color == .system("teal") && tree.points("v.1").allSatisfy { $0.color == nil })
        #expect(tree.points("v.0").map(\.xDate) == [try date("2026-11-29T09:00:00Z"), try date("2026-11-29T11:00:00Z"), try date("2026-11-29T18:00:00Z")])
        let noted = failures.take().map(\.message)
        #expect(noted.contains(#"chart v.0: "noon" is not an instant; its point is left out"#), "\(noted)")
        #expect(noted.contains(#"chart v.0: "nope" is not a colour; its mark takes the chart's colour"#), "\(noted)")
        #expect(noted.contains(#"chart v.1: "x" is not a number; its point is left out"#), "\(noted)")
        // The JSON carries the axis and each x as its kind, and reads back into the same tree.
        let json = JSONWriter.string(tree.json)
        #expect(json.contains(#""mark":"line","xType":"date","points":[{"x":"2026-11-29T09:00:00+00:00","y":3,"color":{"system":"red"}}"#), "\(json)")
        #expect(json.contains(#""mark":"bar","xType":"number","points":[{"x":1,"y":3},{"x":2.5,"y":5},{"x":7,"y":1}]"#), "\(json)")
        #expect(try RenderTree(json: tree.json) == tree)
    }

    @Test func aTreeWhoseChartOrGridIsMalformedIsRefused() {
        func node(_ extra: String) -> JSONValue {
            (try? JSONReader.parse(#"{"id": "v", "element": "# + extra + "}").json) ?? .null
        }
        for (text, words) in [
            (#""chart", "mark": "line", "points": [{"x": "a"}]"#, "point's y is not a number"),
            (#""chart", "mark": "line", "points": [], "yRange": [3, 1]"#, "min above its max"),
            (#""chart", "mark": "line""#, "points is not a list"),
            (#""grid", "columns": 0"#, "is not a column count"),
            (#""chart", "mark": "line", "xType": "time", "points": []"#, "'time' is not category, number or date"),
            (#""chart", "mark": "line", "xType": "number", "points": [{"x": "a", "y": 1}]"#, "point's x"),
        ] {
            #expect(throws: RenderTreeError.self, "\(text)") { try RenderNode(json: node(text)) }
            do { _ = try RenderNode(json: node(text)) } catch { #expect(error.message.contains(words), "\(error.message)") }
        }
    }

    @Test func theChecksSayWhatIsWrongWhereItIs() {
        let cases: [(view: String, code: String, line: Int, column: Int, words: String)] = [
            ("view:\n  chart: \"{{hours}}\"\n  mark: lines\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n", "view-chart", 16, 9,
             "'lines' is not a chart mark (did you mean 'line'?); a chart's marks are line, bar, area, point"),
            ("view:\n  chart: \"{{hours}}\"\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n", "view-chart", 15, 3, "a chart needs 'mark': line, bar, area, point"),
            ("view:\n  chart: \"{{hours}}\"\n  mark: bar\n", "view-chart", 15, 3, "a chart needs 'x' and 'y'"),
            ("view:\n  chart: \"{{hours}}\"\n  mark: bar\n  x: \"{{h}}\"\n  y: hot\n", "view-chart", 18, 6, "a chart's y 'hot' is fixed text"),
            ("view:\n  chart: \"{{hours}}\"\n  mark: bar\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n  yRange: [10, 0]\n", "view-chart", 19, 11, "yRange [10, 0] is empty"),
            ("view:\n  chart: \"{{count}}\"\n  mark: bar\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n", "view-list", 15, 10,
             "a chart's list '{{count}}' names field 'count', which holds 3, not a list"),
            ("view:\n  chart: \"hours\"\n  mark: bar\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n", "view-list", 15, 10, "is fixed text, not a list"),
            ("view:\n  grid: \"{{days}}: {{title}}\"\n  columns: 7\n  item: { text: \"{{d}}\" }\n", "view-list", 15, 9, "renders text, not a list"),
            ("view:\n  grid: \"{{days}}\"\n  item: { text: \"{{d}}\" }\n", "view-grid", 15, 3, "a grid needs 'columns'"),
            ("view:\n  grid: \"{{days}}\"\n  columns: 0\n  item: { text: \"{{d}}\" }\n", "view-grid", 16, 12, "a grid's columns 0 is out of range: 1 to 64"),
            ("view:\n  grid: \"{{days}}\"\n  columns: 4444444444444444444444444444444444444444444444447\n  item: { text: \"{{d}}\" }\n",
             "view-grid", 16, 12, "a grid's columns 4444444444444444444444444444444444444444444444447 is out of range: 1 to 64"),
            ("view:\n  grid: \"{{days}}\"\n  columns: 7\n", "view-grid", 15, 3, "a grid needs 'item'"),
            ("view:\n  grid: \"{{dayz}}\"\n  columns: 7\n  item: { text: \"{{d}}\" }\n", "unknown-variable", 15, 12, "(did you mean 'days'?)"),
            ("view:\n  text: a\n  columns: 7\n", "view-option", 16, 3, "'columns' is an option of grid, not of text"),
            ("view:\n  text: a\n  mark: line\n", "view-option", 16, 3, "'mark' is an option of chart, not of text"),
            ("view:\n  chart: \"{{hours}}\"\n  mark: bar\n  x: Mon\n  y: \"{{t}}\"\n", "view-chart", 17, 6,
             "a chart's x 'Mon' is fixed: every point would sit at the same x"),
            ("view:\n  chart: \"{{hours}}\"\n  mark: bar\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n  series: \"{{c}}\"\n  color: red\n", "view-chart", 20, 3,
             "a chart with 'series' gives each series its colour"),
            ("view:\n  chart: \"{{hours}}\"\n  mark: bar\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n  color: \"{{data.d.c}}\"\n", "unknown-variable", 19, 13,
             "views see the entry's content fields, not data sources"),
            ("view:\n  text: a\n  xType: date\n", "view-option", 16, 3, "'xType' is an option of chart, not of text"),
        ]
        for c in cases {
            let found = Self.diagnostics(c.view)
            let match = found.first { $0.code == c.code }
            #expect(match?.message.contains(c.words) == true, "\(c.code): \(found.map { "\($0.location) \($0.code) \($0.message)" })")
            #expect(match.map { "\($0.location.line):\($0.location.column)" } == "\(c.line):\(c.column)", "\(c.code) \(c.words): \(match.map { "\($0.location)" } ?? "none")")
        }
        // A chart in accessoryInline is dropped there: a warning.
        let inline = Compilation().validate(bytes: Array((Self.header + "view:\n  chart: \"{{hours}}\"\n  mark: bar\n  x: \"{{h}}\"\n  y: \"{{t}}\"\n").utf8), path: "w.yaml")
        #expect(inline.contains { $0.code == "view-inline" && $0.message.contains("'chart' is dropped in accessoryInline") }, "\(inline.map(\.message))")
    }
}
