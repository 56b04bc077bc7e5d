import Testing
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

@Suite("Run output")
struct WriterTests {
    let zone = FixedOffset(seconds: -5 * 3600)
    let start = utc(2026, 11, 29, 14)  // 09:00 in New York

    /// Two reloads, a URL, a string that needs escaping, and a provider warning.
    let provider = ClosureProvider { context in
        if context.date > utc(2026, 11, 29, 14) { context.warn(code: "data-path-missing", message: "data.character.mood is missing") }
        let entries = [
            TimelineEntry(date: context.date, content: object(["name": "Power \"Panda\"", "health": 25]), url: "mygame://character/panda"),
            TimelineEntry(date: context.date + hour, content: object(["name": "Power \"Panda\"", "health": 50.5]), url: "mygame://character/panda"),
        ]
        return Timeline(entries: entries, policy: .after(context.date + 2 * hour))
    }

    func render(_ format: RunOutputFormat, provider: some TimelineProvider, until: Int64 = 3 * hour, arrayOfRuns: Bool = false, runs: Int = 1, flushThreshold: Int = 1 << 16) -> (String, Int) {
        let config = RunConfiguration(
            kind: "com.mygame.character-detail", family: .systemMedium, parameters: object(["character": "panda"]),
            from: start, until: start + until)
        var chunks: [[UInt8]] = []
        var writer = RunWriter(format: format, arrayOfRuns: arrayOfRuns, flushThreshold: flushThreshold) { chunks.append($0) }
        for _ in 0..<runs {
            writer.begin(RunHeader(configuration: config, file: "widgets/character.yaml", timeZone: "America/New_York", zone: zone))
            let summary = WidgetRun(provider: provider, configuration: config, zone: zone).run(into: &writer)
            writer.end(summary)
        }
        writer.finish()
        return (String(decoding: chunks.joined(), as: UTF8.self), chunks.count)
    }

    @Test func jsonGolden() {
        let expected = """
            {
              "kind": "com.mygame.character-detail",
              "file": "widgets/character.yaml",
              "family": "systemMedium",
              "context": "timeline",
              "timeZone": "America/New_York",
              "from": "2026-11-29T09:00:00-05:00",
              "until": "2026-11-29T12:00:00-05:00",
              "parameters": {"character": "panda"},
              "reloads": [
                {
                  "at": "2026-11-29T09:00:00-05:00",
                  "reason": "initial",
                  "counted": true,
                  "deferredFrom": null,
                  "entries": [
                    {"date": "2026-11-29T09:00:00-05:00", "content": {"name": "Power \\"Panda\\"", "health": 25}, "url": "mygame://character/panda"},
                    {"date": "2026-11-29T10:00:00-05:00", "content": {"name": "Power \\"Panda\\"", "health": 50.5}, "url": "mygame://character/panda"}
                  ],
                  "policy": {"type": "after", "date": "2026-11-29T11:00:00-05:00"}
                },
                {
                  "at": "2026-11-29T11:00:00-05:00",
                  "reason": "after",
                  "counted": true,
                  "deferredFrom": null,
                  "entries": [
                    {"date": "2026-11-29T11:00:00-05:00", "content": {"name": "Power \\"Panda\\"", "health": 25}, "url": "mygame://character/panda"},
                    {"date": "2026-11-29T12:00:00-05:00", "content": {"name": "Power \\"Panda\\"", "health": 50.5}, "url": "mygame://character/panda"}
                  ],
                  "policy": {"type": "after", "date": "2026-11-29T13:00:00-05:00"}
                }
              ],
              "budget": {"limit": 70, "used": 2},
              "warnings": [
                {"code": "data-path-missing", "message": "data.character.mood is missing", "at": "2026-11-29T11:00:00-05:00"}
              ]
            }

            """
        #expect(render(.json, provider: provider).0 == expected)
    }

    @Test func jsonGoldenWithoutReloadsOrURL() {
        let quiet = ClosureProvider { Timeline(entries: [TimelineEntry(date: $0.date, content: JSONObject())], policy: .never) }
        let expected = """
            {
              "kind": "com.mygame.character-detail",
              "file": "widgets/character.yaml",
              "family": "systemMedium",
              "context": "timeline",
              "timeZone": "America/New_York",
              "from": "2026-11-29T09:00:00-05:00",
              "until": "2026-11-29T09:00:00-05:00",
              "parameters": {"character": "panda"},
              "reloads": [],
              "budget": {"limit": 70, "used": 0},
              "warnings": []
            }

            """
        #expect(render(.json, provider: quiet, until: 0).0 == expected)
        let one = render(.json, provider: quiet).0
        #expect(one.contains(#"{"date": "2026-11-29T09:00:00-05:00", "content": {}}"#))
        #expect(one.contains(#""policy": {"type": "never"}"#))
    }

    @Test func severalRunsInAnArray() {
        let quiet = ClosureProvider { _ in Timeline(entries: [], policy: .never) }
        let text = render(.json, provider: quiet, until: 0, arrayOfRuns: true, runs: 2).0
        #expect(text.hasPrefix("[\n  {\n    \"kind\": "))
        #expect(text.contains("\n  },\n  {\n    \"kind\": "))
        #expect(text.hasSuffix("\n    \"warnings\": []\n  }\n]\n"))
        let parsed = try? JSONReader.parse(text).json
        #expect(parsed?.array?.count == 2)
        #expect(parsed?.array?.first?["reloads"] == [])
    }

    @Test func jsonOutputIsValidAndChunked() {
        let (text, chunks) = render(.json, provider: provider, until: day, flushThreshold: 256)
        #expect(chunks > 1)
        let parsed = try? JSONReader.parse(text).json
        #expect(parsed?["reloads"]?.array?.count == 12)
        #expect(parsed?["budget"] == ["limit": 70, "used": 12])
        #expect(parsed?["reloads"]?.array?[1]["entries"]?.array?[1]["content"] == ["name": "Power \"Panda\"", "health": 50.5])
    }

    @Test func ndjsonIsTheSameObjectOnOneLine() {
        let text = render(.ndjson, provider: provider, runs: 2).0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines.last == "")
        #expect(lines[0].hasPrefix(#"{"kind":"com.mygame.character-detail","file":"widgets/character.yaml","family":"systemMedium","context":"timeline","timeZone":"America/New_York","from":"2026-11-29T09:00:00-05:00","until":"2026-11-29T12:00:00-05:00","parameters":{"character":"panda"},"reloads":[{"at":"2026-11-29T09:00:00-05:00","reason":"initial","counted":true,"deferredFrom":null,"entries":[{"date":"2026-11-29T09:00:00-05:00","content":{"name":"Power \"Panda\"","health":25},"url":"mygame://character/panda"},"#))
        #expect(lines[0].hasSuffix(#""policy":{"type":"after","date":"2026-11-29T13:00:00-05:00"}}],"budget":{"limit":70,"used":2},"warnings":[{"code":"data-path-missing","message":"data.character.mood is missing","at":"2026-11-29T11:00:00-05:00"}]}"#))
        let pretty = try? JSONReader.parse(render(.json, provider: provider).0).json
        let compact = try? JSONReader.parse(String(lines[0])).json
        #expect(pretty != nil && pretty == compact)
    }

    @Test func textForPeople() {
        let deferring = ClosureProvider { context in
            Timeline(entries: [TimelineEntry(date: context.date, content: object(["n": 1, "s": "a b"]))], policy: .after(context.date + minute))
        }
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + 6 * minute,
            scenario: Scenario([.foreground(from: start + 5 * minute, until: start + hour)]))
        var chunks: [[UInt8]] = []
        var writer = RunWriter(format: .text) { chunks.append($0) }
        writer.begin(RunHeader(configuration: config, file: "w.yaml", timeZone: "America/New_York", zone: zone))
        writer.end(WidgetRun(provider: deferring, configuration: config, zone: zone).run(into: &writer))
        writer.finish()
        let expected = """
            k  w.yaml
              family: systemSmall   context: timeline   zone: America/New_York
              window: 2026-11-29T09:00:00-05:00 to 2026-11-29T09:06:00-05:00
              parameters: none
            2026-11-29T09:00:00-05:00  initial  1/70     policy after 2026-11-29T09:01:00-05:00
                2026-11-29T09:00:00-05:00  n=1 s="a b"
            2026-11-29T09:05:00-05:00  after    fg       deferred from 2026-11-29T09:01:00-05:00  policy after 2026-11-29T09:06:00-05:00
                2026-11-29T09:05:00-05:00  n=1 s="a b"
            budget: 1 counted reloads, limit 70 per 24 h
            warning: 2026-11-29T09:05:00-05:00: the timeline asks for a reload every 5m (about 288 a day), more than the budget of 70 a day allows: over a full day reloads would be deferred [budget-exceeded]

            """
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == expected)
    }

    /// A zone whose offset depends on the instant's last digit, to exercise the writer's caches.
    struct ShiftingZone: UTCOffsetSource {
        static let offsets: [Int] = [-5 * 3600, 0, 20_700, -12_600, 14 * 3600, -11 * 3600, 37_800, -5 * 3600, 0, 3600]
        func utcOffset(at instant: Instant) -> Int {
            let digit = Int(((instant.seconds % 10) + 10) % 10)
            return Self.offsets[digit]
        }
    }

    @Test func instantsMatchWidgetSupportsFormatting() {
        let bases: [Instant] = [
            utc(2026, 11, 29, 4, 59, 50), utc(2026, 11, 29, 5), utc(2026, 11, 29, 23, 59, 50), utc(2026, 12, 31, 23),
            utc(2027, 1, 1), utc(1970, 1, 1), utc(1969, 12, 31, 23, 59, 50), utc(2000, 2, 29, 12), utc(9999, 12, 31, 23),
            utc(999, 3, 1), utc(10_000, 1, 1, 1),
        ]
        var dates: [Instant] = []
        for (i, base) in bases.enumerated() {
            dates.append(base + Int64(i % 10))
            dates.append(base + Int64((i + 3) % 10))
        }
        let provider = ClosureProvider { _ in
            Timeline(entries: dates.map { TimelineEntry(date: $0, content: JSONObject()) }, policy: .never)
        }
        let zone = ShiftingZone()
        let config = RunConfiguration(kind: "k", family: .systemSmall, from: start, until: start + 1)
        var chunks: [[UInt8]] = []
        var writer = RunWriter(format: .ndjson) { chunks.append($0) }
        writer.begin(RunHeader(configuration: config, file: "f", timeZone: "Shifting", zone: zone))
        writer.end(WidgetRun(provider: provider, configuration: config, zone: zone).run(into: &writer))
        writer.finish()
        let parsed = try? JSONReader.parse(String(decoding: chunks.joined(), as: UTF8.self)).json
        let entries = parsed?["reloads"]?.array?.first?["entries"]?.array ?? []
        let written = entries.map { $0["date"]?.string ?? "" }
        let expected = dates.map { $0.iso8601(offset: zone.utcOffset(at: $0)) }
        #expect(written == expected)
        #expect(Set(dates.map { zone.utcOffset(at: $0) }).count > 5)
    }

    @Test func escapesEveryByteAtEveryPositionAsJSONWriterDoes() {
        // The writer skips plain text eight bytes at a time: put each byte that needs
        // escaping (and some that do not) at each place of strings around that size.
        let specials: [Character] = ["\"", "\\", "\u{0}", "\u{1F}", "\u{7F}", "\n", " ", "~", "é", "✓"]
        var strings: [String] = []
        for length in [7, 8, 9, 16, 17, 24] {
            for position in 0..<length {
                for special in specials {
                    var s = String(repeating: "a", count: length)
                    s.replaceSubrange(s.index(s.startIndex, offsetBy: position)...s.index(s.startIndex, offsetBy: position), with: String(special))
                    strings.append(s)
                }
            }
        }
        let many = ClosureProvider { context in
            let content = JSONObject(strings.enumerated().map { ("k\($0.offset)", JSONValue.string($0.element)) })
            return Timeline(entries: [TimelineEntry(date: context.date, content: content)], policy: .never)
        }
        let text = render(.ndjson, provider: many).0
        let content = JSONObject(strings.enumerated().map { ("k\($0.offset)", JSONValue.string($0.element)) })
        #expect(text.contains(#""content":"# + JSONWriter.string(.object(content)) + "}"))
    }

    @Test func escapesControlCharactersAsJSONWriterDoes() {
        let odd = ClosureProvider { context in
            let content = object(["s": "tab\there\nnew \u{1}\u{7F} é ✓", "d": 1e20, "w": 2.0, "neg": -3, "arr": [1, "x", nil, false]])
            return Timeline(entries: [TimelineEntry(date: context.date, content: content)], policy: .never)
        }
        let text = render(.ndjson, provider: odd).0
        let content = object(["s": "tab\there\nnew \u{1}\u{7F} é ✓", "d": 1e20, "w": 2.0, "neg": -3, "arr": [1, "x", nil, false]])
        #expect(text.contains(#""content":"# + JSONWriter.string(.object(content)) + "}"))
    }
}
