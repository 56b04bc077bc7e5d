import Foundation
import Testing
import WidgetCompiler
import WidgetcRuntime
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
@testable import WidgetcRuntimeCore

/// `dates:` on a data source (docs/data-dates.md): checked at compile time at the value's
/// column, kept in the plan, decoded at every reload into instants that templates, events
/// and lets read; a value that does not decode is absent with a warning naming its pointer.
@Suite struct DataDatesTests {
    static let yaml = """
        kind: com.example.launches
        displayName: Launches
        description: Dates in data.
        timeZone: Europe/Berlin
        data:
          launches:
            file: launches.json
            dates: { "/results/*/net": iso8601, "/results/*/windowEnd": unix, "/results/*/day": "dd.MM.yyyy", "/updated": rfc2822 }
        let:
          hoursToFirst: "(data.launches.results[0].net - entry.date).getHours()"
          isTimestamp: "type(data.launches.results[0].windowEnd) == google.protobuf.Timestamp"
        content:
          net: "{{data.launches.results.0.net}}"
          windowEnd: "{{data.launches.results.0.windowEnd}}"
          day: "{{data.launches.results.0.day}}"
          badDay: "{{data.launches.results.1.day}}"
          updated: "{{data.launches.updated}}"
          hours: "{{let.hoursToFirst}}"
          isTimestamp: "{{let.isTimestamp}}"
        timeline:
          every: 6h
          events: [ { at: "{{data.launches.results.0.net}}" } ]

        """
    static let data = ["launches.json": """
        {"updated": "Sun, 06 Dec 2026 08:00:00 GMT",
         "results": [
           {"net": "2026-12-06T14:30:00Z", "windowEnd": 1796574600, "day": "06.12.2026"},
           {"net": "2026-12-07T09:00:00.000+0100", "windowEnd": null, "day": "31.11.2026"}
         ]}
        """]

    @Test func valuesDecodeIntoInstantsThatTemplatesEventsAndLetsRead() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: Self.data)
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z")
        let first = try #require(reloads.first)
        let entry = try #require(first.timeline.entries.first)
        // Each value is its instant's ISO 8601 text in the widget's zone.
        #expect(entry.content["net"] == "2026-12-06T15:30:00+01:00")
        #expect(entry.content["windowEnd"] == "2026-12-06T17:30:00+01:00")
        #expect(entry.content["day"] == "2026-12-06T00:00:00+01:00")
        #expect(entry.content["updated"] == "2026-12-06T09:00:00+01:00")
        // In CEL a timestamp: arithmetic against entry.date.
        #expect(entry.content["hours"] == 5)
        #expect(entry.content["isTimestamp"] == true)
        // A day that does not exist is absent, named by its pointer, value and format.
        #expect(entry.content["badDay"] == "")
        // (and the template naming it finds it missing, as any absent value)
        #expect(summary.warnings.map(\.code) == ["data-date", "data-path-missing"])
        #expect(summary.warnings.first?.message
            == "data source 'launches': /results/1/day is '31.11.2026', which does not decode as dd.MM.yyyy; it is absent")
        // The event at the decoded instant cuts the timeline and asks for a reload then.
        #expect(first.timeline.policy == .after(at("2026-12-06T14:30:00Z")))
    }

    @Test func thePlanCarriesTheDatesAndAPlanFileRunsTheSame() throws {
        let w = try SimulatedWidget(yaml: Self.yaml, data: Self.data)
        let json = w.widget.plan.json
        let source = try #require(json["data"]?.array?.first)
        #expect(source["dates"] == ["/results/*/net": "iso8601", "/results/*/windowEnd": "unix", "/results/*/day": "dd.MM.yyyy", "/updated": "rfc2822"])
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(json)), timeZone: TimeZone(identifier: "UTC")!)
        let timeline = plan.timeline(at: Date(timeIntervalSince1970: 1_796_547_600), container: URL(fileURLWithPath: w.directory + "/container"), fetcher: NoNetwork())
        #expect(timeline.entries.first?["net"]?.string == "2026-12-06T15:30:00+01:00")
        #expect(timeline.entries.first?["hours"]?.int == 5)
        // A broken format in a plan file is refused with its pointer.
        var broken = try #require(json.object)
        var data = try #require(broken["data"]?.array)
        var first = try #require(data[0].object)
        first["dates"] = ["/x": "dd.MM"]
        data[0] = .object(first)
        broken["data"] = .array(data)
        #expect {
            try WidgetPlan(data: Data(JSONWriter.pretty(.object(broken))))
        } throws: { error in
            "\(error)".contains("/data/0/dates/~1x") && "\(error)".contains("has no year")
        }
    }

    @Test func formatsAndPointersAreCheckedAtTheirColumn() throws {
        let yaml = """
            kind: k
            displayName: D
            description: d
            data:
              a:
                file: a.json
                zone: Europe/Berlinn
                dates:
                  "/when": "dd.MM.yyyy Q"
                  "/day": "dd.MM"
                  "no-slash": unix
            content: { t: "{{data.a.when}}" }
            timeline: { every: 1h }

            """
        let shown = Compilation().validate(bytes: Array(yaml.utf8), path: "x.yaml")
            .map { "\($0.code) \($0.location.line):\($0.location.column) \($0.message)" }
        #expect(shown.contains("unknown-time-zone 7:11 data source 'a': unknown time zone 'Europe/Berlinn'; use an IANA name such as Europe/Berlin"))
        // The unknown letter at its own column inside the quoted scalar.
        #expect(shown.contains { $0.hasPrefix("data-dates 9:28 data source 'a': date pattern 'dd.MM.yyyy Q': 'Q' is not a pattern letter") })
        #expect(shown.contains { $0.hasPrefix("data-dates 10:16 data source 'a': date pattern 'dd.MM' has no year (y)") })
        #expect(shown.contains { $0.hasPrefix("data-dates 11:7 data source 'a': dates key 'no-slash' is not a JSON Pointer") })
    }

    /// A pointer that reaches no value because the data lacks what it names is warned once, with
    /// where the walk stopped; one that meets only an empty list (no launches today) is not.
    @Test func aPointerThatMatchesNoValueIsWarned() throws {
        let yaml = """
            kind: com.example.unmatched
            displayName: Unmatched
            description: Pointers the data does not have.
            timeZone: UTC
            data:
              launches:
                file: launches.json
                dates: { "/results/*/nett": iso8601, "/results/*/net": iso8601, "/later/*/net": iso8601, "/count/x": unix, "/results/5/net": iso8601 }
            content:
              net: "{{data.launches.results.0.net}}"
            timeline:
              every: 6h

            """
        let data = ["launches.json": #"{"count": 2, "later": [], "results": [{"net": "2026-12-06T14:30:00Z"}, {"net": "2026-12-07T09:00:00Z"}]}"#]
        let w = try SimulatedWidget(yaml: yaml, data: data)
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T20:00:00Z")
        // The pointer that matches still decodes.
        #expect(reloads.first?.timeline.entries.first?.content["net"] == "2026-12-06T14:30:00+00:00")
        let unmatched = summary.warnings.filter { $0.code == "data-dates-unmatched" }
        #expect(unmatched.map(\.message) == [
            "data source 'launches': dates pointer '/results/*/nett' matches no value in the data (/results/0 has no member 'nett'); nothing there is read as a date",
            "data source 'launches': dates pointer '/count/x' matches no value in the data (/count is 2, not a list or a mapping); nothing there is read as a date",
            "data source 'launches': dates pointer '/results/5/net' matches no value in the data (/results is a list of 2 with no item '5'); nothing there is read as a date",
        ])
        // Once per run though the widget reloads, each at the first reload, with its place in the definition.
        #expect(unmatched.allSatisfy { $0.at == at("2026-12-06T09:00:00Z") })
        #expect(unmatched.first?.place == ["data", "launches", "dates", "/results/*/nett"])
    }
}
