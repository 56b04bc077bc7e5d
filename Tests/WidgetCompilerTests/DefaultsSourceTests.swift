import Foundation
import Testing
import WidgetCLI
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetTime
import WidgetcRuntime
@testable import WidgetcRuntimeCore

/// `defaults:` sources (docs/data-sources.md): the app group's UserDefaults read at every reload
/// from the container's `Library/Preferences/SUITE.plist` (XML or binary, through Foundation's
/// PropertyListSerialization), each key typed by its default; scenario `defaults` items and
/// `--defaults` change them; a file that is not a property list is a warning naming it.
@Suite struct DefaultsSourceTests {
    static let yaml = """
        kind: com.example.steps
        displayName: Steps
        description: Settings from UserDefaults.
        timeZone: Europe/Berlin
        data:
          settings:
            defaults: { units: metric, goal: 10000, showSeconds: false, ratio: 1.5, since: "", tags: [] }
            suite: group.com.example.steps
            dates: { /since: iso8601 }
        let:
          km: "double(param.steps) * 0.0008 * (data.settings.units == 'metric' ? 1.0 : 0.621)"
        parameters:
          steps: { type: integer, default: 5000 }
        content:
          units: "{{data.settings.units}}"
          goal: "{{data.settings.goal}}"
          showSeconds: "{{data.settings.showSeconds}}"
          ratio: "{{data.settings.ratio}}"
          since: "{{data.settings.since}}"
          tags: "{{data.settings.tags}}"
          distance: "{{let.km}}"
        timeline: { every: 1h }

        """
    static let preferences = "Library/Preferences/group.com.example.steps.plist"

    func widget(plist: Any? = nil, bytes: [UInt8]? = nil, format: PropertyListSerialization.PropertyListFormat = .xml) throws -> SimulatedWidget {
        let w = try SimulatedWidget(yaml: Self.yaml)
        let path = w.directory + "/container/" + Self.preferences
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if let plist { try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0).write(to: URL(fileURLWithPath: path)) }
        if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
        return w
    }

    func firstEntry(_ w: SimulatedWidget, scenario: Scenario = Scenario()) throws -> (JSONObject, [RunWarning]) {
        let (reloads, summary) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", scenario: scenario)
        return (try #require(reloads.first?.timeline.entries.first).content, summary.warnings)
    }

    @Test func withoutAFileEveryKeyIsItsDefault() throws {
        let (content, warnings) = try firstEntry(try widget())
        #expect(content["units"] == "metric")
        #expect(content["goal"] == 10000)
        #expect(content["showSeconds"] == false)
        #expect(content["tags"] == [])
        #expect(content["distance"] == 4.0)
        #expect(warnings.isEmpty)
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func storedValuesOfTheDefaultsTypesAreRead(format: PropertyListSerialization.PropertyListFormat) throws {
        let stored: [String: Any] = [
            "units": "imperial", "goal": 8000, "showSeconds": true, "ratio": 2, "tags": ["a", "b"],
            "since": Date(timeIntervalSince1970: 1_796_551_200), "other": "not declared",
        ]
        let (content, warnings) = try firstEntry(try widget(plist: stored, format: format))
        #expect(content["units"] == "imperial")
        #expect(content["goal"] == 8000)
        #expect(content["showSeconds"] == true)
        // An integer stands for a number.
        #expect(content["ratio"] == 2.0)
        #expect(content["tags"] == ["a", "b"])
        // A plist date is an instant (and `dates` on the source reads it as one).
        #expect(content["since"] == "2026-12-06T11:00:00+01:00")
        #expect(content["distance"] == JSONValue.double(5000 * 0.0008 * 0.621))
        #expect(warnings.isEmpty)
    }

    @Test func aValueOfAnotherTypeIsWarnedAndTheDefaultShown() throws {
        let (content, warnings) = try firstEntry(try widget(plist: ["goal": "lots", "showSeconds": 1]))
        #expect(content["goal"] == 10000)
        #expect(content["showSeconds"] == false)
        #expect(warnings.map(\.code) == ["defaults-type", "defaults-type"])
        #expect(warnings.first?.message == "data source 'settings': defaults key 'goal' is a string (\"lots\"), not an integer as its default 10000; using the default")
    }

    @Test(arguments: [
        (Array("<?xml version=\"1.0\"?><plist><dict><key>goal</key>".utf8), "Value missing for key inside <dict>"),
        (Array("bplist00\u{1}\u{2}".utf8), "not a property list"),
        (Array("<plist><array><string>x</string></array></plist>".utf8), "a property list whose root is not a dictionary"),
    ])
    func aMalformedFileIsAWarningNamingItNeverACrash(bytes: [UInt8], words: String) throws {
        let w = try widget(bytes: bytes)
        let before = try Data(contentsOf: URL(fileURLWithPath: w.directory + "/container/" + Self.preferences))
        let (content, warnings) = try firstEntry(w)
        #expect(content["goal"] == 10000)
        #expect(warnings.map(\.code) == ["defaults-malformed"])
        #expect(warnings.first?.message.hasPrefix("container file '\(Self.preferences)' (suite 'group.com.example.steps') is ") == true)
        #expect(warnings.first?.message.contains(words) == true, "\(warnings)")
        // The input file is never changed.
        #expect(try Data(contentsOf: URL(fileURLWithPath: w.directory + "/container/" + Self.preferences)) == before)
    }

    @Test func scenarioDefaultsChangeTheKeysFromTheirInstantOn() throws {
        let w = try widget(plist: ["units": "imperial", "goal": 9000], format: .binary)
        let at = try InstantParser.parse("2026-12-06T09:10:00Z").instant
        let scenario = Scenario([
            .defaults(at: at, suite: nil, set: JSONObject([("goal", 8000), ("showSeconds", true)]), remove: ["units"]),
            .reload(at: at, kind: nil, where: nil),
        ])
        let (reloads, warnings) = try w.run(from: "2026-12-06T09:00:00Z", until: "2026-12-06T09:30:00Z", scenario: scenario)
        #expect(reloads.count == 2)
        let before = try #require(reloads.first?.timeline.entries.first?.content)
        let after = try #require(reloads.last?.timeline.entries.first?.content)
        #expect(before["goal"] == 9000 && before["units"] == "imperial" && before["showSeconds"] == false)
        #expect(after["goal"] == 8000 && after["units"] == "metric" && after["showSeconds"] == true)
        #expect(warnings.warnings.isEmpty)
        // The container on disk is the app's, untouched: the run wrote its private copy.
        let onDisk = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: URL(fileURLWithPath: w.directory + "/container/" + Self.preferences)), options: [], format: nil) as? [String: Any]
        #expect(onDisk?["goal"] as? Int == 9000)
    }

    @Test func thePlanCarriesTheKeysAndAPlanFileReadsTheSame() throws {
        let w = try widget(plist: ["goal": 7000])
        let json = w.widget.plan.json
        let source = try #require(json["data"]?.array?.first)
        #expect(source["defaults"]?["goal"] == 10000)
        #expect(source["suite"] == "group.com.example.steps")
        let plan = try WidgetPlan(data: Data(JSONWriter.pretty(json)), timeZone: TimeZone(identifier: "UTC")!)
        let timeline = plan.timeline(at: Date(timeIntervalSince1970: 1_796_547_600), container: URL(fileURLWithPath: w.directory + "/container"), fetcher: NoNetwork())
        #expect(timeline.entries.first?["goal"]?.int == 7000)
    }
}
