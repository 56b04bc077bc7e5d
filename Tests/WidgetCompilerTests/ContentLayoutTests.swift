import Testing
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
}
