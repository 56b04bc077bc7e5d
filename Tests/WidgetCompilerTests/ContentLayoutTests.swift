import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// Entry content laid out once per timeline (fixed fields, per-entry rows) must
/// mean what merging objects entry by entry means, and print the same.
@Suite struct ContentLayoutTests {
    let yaml = """
        kind: test.layout
        displayName: Layout
        description: Content laid out per timeline.
        families: [systemSmall, systemMedium]
        timeZone: Europe/Berlin
        data:
          notes: { file: notes.json }
        content:
          title: "{{record.title}}"
          note: "fixed \\"quoted\\""
          n: "{{index}}"
          at: "{{entry.time}}"
        familyContent:
          systemMedium: { note: null, title: "T{{index}}", extra: "{{record.tag}}" }
        url: "notes://note/{{index}}"
        timeline:
          sequence:
            items: notes
            every: 1h
        """
    let notes = """
        [{"title": "a", "tag": "x"}, {"title": null, "tag": null}, {"title": "c\\nd", "tag": [1, {"k": true}]}]
        """

    func run(_ family: WidgetFamily) throws -> (config: RunConfiguration, zone: ZoneRules, reloads: [Reload], summary: RunSummary) {
        let w = try SimulatedWidget(yaml: yaml, data: ["notes.json": notes])
        let config = RunConfiguration(
            kind: w.widget.widget.kind, family: family, parameters: w.widget.widget.defaultParameters,
            from: at("2026-11-29T08:00:00Z"), until: at("2026-11-29T12:00:00Z"))
        let run = WidgetRun(
            provider: w.widget.widget, configuration: config,
            container: Container(directory: w.widget.containerDirectory), zone: w.widget.widget.zone)
        let (reloads, summary) = run.collect()
        return (config, w.widget.widget.zone, reloads, summary)
    }

    @Test func aNullRowValueDropsItsKeyInThatEntryOnly() throws {
        let entries = try #require(try run(.systemSmall).reloads.first).timeline.entries
        #expect(entries.map { $0.content.keys } == [["title", "note", "n", "at"], ["note", "n", "at"], ["title", "note", "n", "at"]])
        #expect(entries.map { $0.content["title"] } == ["a", nil, "c\nd"])
        #expect(entries.map { $0.content["n"] } == [0, 1, 2])
        #expect(entries.map { $0.content["at"] } == ["09:00", "10:00", "11:00"])
        #expect(entries.map(\.url) == ["notes://note/0", "notes://note/1", "notes://note/2"])
    }

    @Test func familyContentMergesInPlaceRemovesAndAppends() throws {
        let entries = try #require(try run(.systemMedium).reloads.first).timeline.entries
        // Entry 1's title is null in `content`, so the family's title is a new key: it goes last.
        #expect(entries.map { $0.content.keys } == [["title", "n", "at", "extra"], ["n", "at", "title"], ["title", "n", "at", "extra"]])
        #expect(entries.map { $0.content["title"] } == ["T0", "T1", "T2"])
        #expect(entries[2].content["extra"] == [1, ["k": true]])
    }

    @Test func tablesPrintAsTheirEntriesWould() throws {
        for family in [WidgetFamily.systemSmall, .systemMedium] {
            let (config, zone, reloads, summary) = try run(family)
            for format in [RunOutputFormat.ndjson, .json, .text] {
                func printed(_ reloads: [Reload]) -> String {
                    var chunks: [[UInt8]] = []
                    var writer = RunWriter(format: format) { chunks.append($0) }
                    writer.begin(RunHeader(configuration: config, file: "widget.yaml", timeZone: zone.identifier, zone: zone))
                    for r in reloads { writer.receive(r) }
                    writer.end(summary)
                    writer.finish()
                    return String(decoding: chunks.joined(), as: UTF8.self)
                }
                // Setting `entries` stores them as values: the writer's other path.
                let asValues = reloads.map { r -> Reload in
                    var copy = r
                    copy.timeline.entries = r.timeline.entries
                    return copy
                }
                let table = printed(reloads)
                #expect(table == printed(asValues), "\(family) \(format)")
                #expect(table.contains(format == .text ? "url notes://note/2" : "notes://note/2"))
            }
        }
    }

    /// `{{record.key}}` cells refer into the records (issue 13), and the writer keeps each member's
    /// encoding while the records stay the same: with keys in other orders, a key some records
    /// lack, values of every kind, and a second run's other records through the same writer.
    @Test func recordCellsPrintAsCopiedValuesWould() throws {
        let yaml = """
            kind: test.cells
            displayName: Cells
            description: Record members referred to.
            families: [systemSmall]
            data:
              notes: { file: notes.json }
            content:
              title: "{{record.title}}"
              tag: "{{record.tag}}"
              n: "{{index}}"
            timeline:
              sequence:
                items: notes
                every: 10m
            """
        let first = """
            [{"title": "a \\"q\\"", "tag": 1}, {"tag": 2.5, "title": "b\\u0001"}, {"title": true},
             {"tag": "t", "title": null}, {"title": "é\\\\", "tag": [1]}, {"tag": {"k": "v"}, "title": "z", "other": 0}]
            """
        let second = """
            [{"tag": "x", "title": "y"}, {"title": "only"}]
            """
        var runs: [(config: RunConfiguration, zone: ZoneRules, reloads: [Reload], summary: RunSummary)] = []
        for data in [first, second] {
            let w = try SimulatedWidget(yaml: yaml, data: ["notes.json": data])
            let config = RunConfiguration(
                kind: w.widget.widget.kind, family: .systemSmall, parameters: w.widget.widget.defaultParameters,
                from: at("2026-11-29T08:00:00Z"), until: at("2026-11-29T12:00:00Z"))
            let run = WidgetRun(
                provider: w.widget.widget, configuration: config,
                container: Container(directory: w.widget.containerDirectory), zone: w.widget.widget.zone)
            let (reloads, summary) = run.collect()
            #expect(reloads.count > 2)
            runs.append((config, w.widget.widget.zone, reloads, summary))
        }
        let table = try #require(runs[0].reloads.first).timeline.table
        #expect(table.cells.contains { $0.record >= 0 })
        #expect(table.count == 6)
        let entries = table.entries
        #expect(entries.map { $0.content["title"] } == ["a \"q\"", "b\u{1}", true, nil, "é\\", "z"])
        // A record without the key renders it empty (and warns), as a template does.
        #expect(entries.map { $0.content["tag"] } == [1, 2.5, "", "t", [1], ["k": "v"]])
        for format in [RunOutputFormat.ndjson, .json, .text] {
            func printed(_ copyValues: Bool) -> String {
                var chunks: [[UInt8]] = []
                var writer = RunWriter(format: format) { chunks.append($0) }
                for run in runs {
                    writer.begin(RunHeader(configuration: run.config, file: "widget.yaml", timeZone: run.zone.identifier, zone: run.zone))
                    for r in run.reloads {
                        var copy = r
                        if copyValues { copy.timeline.entries = r.timeline.entries }
                        writer.receive(copy)
                    }
                    writer.end(run.summary)
                }
                writer.finish()
                return String(decoding: chunks.joined(), as: UTF8.self)
            }
            let cells = printed(false)
            #expect(cells == printed(true), "\(format)")
            #expect(cells.contains("only"))
        }
    }
}
