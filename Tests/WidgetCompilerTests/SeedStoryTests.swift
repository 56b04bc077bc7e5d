import Testing
import WidgetTestSupport
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// The model documents' own stories, from YAML through the compiler and the runtime.
@Suite struct SeedStoryTests {
    static let character = """
        kind: com.mygame.character-detail
        displayName: Character Details
        description: Health recovers 25% an hour.
        timeZone: America/New_York
        data:
          character: { file: character.json }
          dragon: { file: dragon.json }
        content:
          name: "{{data.character.name}}"
          health: "{{progress}}"
        timeline:
          progress: { value: "{{data.character.health}}", since: "{{data.character.updated}}", by: 25, every: 1h, to: 100 }
          events:
            - at: "{{data.dragon.at}}"
        """

    static let characterData = #"{"name": "Power Panda", "health": 25, "updated": "2026-11-29T09:00:00-05:00"}"#

    @Test func characterRecoveringHealth() throws {
        let sim = try SimulatedWidget(yaml: Self.character, data: ["character.json": Self.characterData, "dragon.json": "{}"])
        let (reloads, summary) = try sim.run(from: "2026-11-29T09:00:00-05:00", until: "2026-11-29T21:00:00-05:00")
        #expect(reloads.count == 2)
        let first = reloads[0].timeline
        #expect(first.dates == ["09:00", "10:00", "11:00", "12:00"].map { at("2026-11-29T\($0):00-05:00") })
        #expect(first.entries.map { $0.content["health"] } == [25, 50, 75, 100])
        #expect(first.entries[0].content["name"] == "Power Panda")
        #expect(first.policy == .atEnd)
        #expect(reloads[1].at == at("2026-11-29T12:00:00-05:00"))
        #expect(reloads[1].reason == .atEnd)
        #expect(reloads[1].timeline.entries.count == 1)
        #expect(reloads[1].timeline.entries[0].content["health"] == 100)
        #expect(reloads[1].timeline.policy == .never)
        #expect(summary.warnings.isEmpty)
    }

    @Test func dragonInTwoHoursCutsTheTimeline() throws {
        let sim = try SimulatedWidget(yaml: Self.character, data: [
            "character.json": Self.characterData,
            "dragon.json": #"{"at": "2026-11-29T11:00:00-05:00"}"#,
        ])
        let (reloads, _) = try sim.run(from: "2026-11-29T09:00:00-05:00", until: "2026-11-29T12:30:00-05:00")
        let first = reloads[0].timeline
        #expect(first.dates == [at("2026-11-29T09:00:00-05:00"), at("2026-11-29T10:00:00-05:00"), at("2026-11-29T11:00:00-05:00")])
        #expect(first.policy == .after(at("2026-11-29T11:00:00-05:00")))
        #expect(reloads[1].reason == .after)
        #expect(reloads[1].at == at("2026-11-29T11:00:00-05:00"))
    }

    @Test func appWritesStateAndReloadsTheKind() throws {
        let sim = try SimulatedWidget(yaml: Self.character, data: ["character.json": Self.characterData, "dragon.json": "{}"])
        let scenario = Scenario([
            .write(at: at("2026-11-29T10:30:00-05:00"), path: "character.json",
                   value: ["name": "Power Panda", "health": 10, "updated": "2026-11-29T10:30:00-05:00"]),
            .reload(at: at("2026-11-29T10:30:00-05:00"), kind: "com.mygame.character-detail", where: nil),
        ])
        let (reloads, _) = try sim.run(from: "2026-11-29T09:00:00-05:00", until: "2026-11-29T12:00:00-05:00", scenario: scenario)
        let reload = try #require(reloads.first { $0.reason == .reload })
        #expect(reload.at == at("2026-11-29T10:30:00-05:00"))
        #expect(reload.timeline.entries.first?.date == at("2026-11-29T10:30:00-05:00"))
        #expect(reload.timeline.entries.map { $0.content["health"] } == [10, 35, 60, 85, 100])
        // The file on disk is untouched.
        #expect(try sim.text("container/character.json") == Self.characterData)
    }

    static let tutorials = """
        kind: com.example.tutorials
        displayName: Tips
        description: Tips.
        parameters:
          interval: { type: integer, min: 5, max: 3600, default: 5 }
        data:
          tutorials: { file: tutorials.json }
        content:
          title: "{{record.title}}"
          number: "{{index}}"
        timeline:
          sequence: { items: tutorials, every: "{{param.interval}}s" }
        """

    static var twentyRecords: String {
        "[" + (1...20).map { #"{"title": "Tip \#($0)"}"# }.joined(separator: ",") + "]"
    }

    @Test func tutorialsFiveSecondsApartWarnAndDefer() throws {
        let sim = try SimulatedWidget(yaml: Self.tutorials, data: ["tutorials.json": Self.twentyRecords])
        let (reloads, summary) = try sim.run(from: "2026-11-29T09:00:00Z", until: "2026-11-29T10:00:00Z")
        let first = reloads[0].timeline
        #expect(first.entries.count == 20)
        #expect(first.entries[1].date - first.entries[0].date == 5)
        #expect(first.entries[19].content["title"] == "Tip 20")
        #expect(first.entries[19].content["number"] == 19)
        #expect(reloads[1].at == at("2026-11-29T09:05:00Z"))
        #expect(reloads[1].deferredFrom == at("2026-11-29T09:01:35Z"))
        #expect(summary.warnings.contains { $0.code == "entries-too-close" })
    }

    @Test func tutorialsAtFiveMinutesDoNotWarn() throws {
        let sim = try SimulatedWidget(yaml: Self.tutorials, data: ["tutorials.json": Self.twentyRecords])
        let (reloads, summary) = try sim.run(from: "2026-11-29T09:00:00Z", until: "2026-11-30T09:00:00Z", parameters: ["interval": 300])
        #expect(reloads[0].timeline.entries.count == 20)
        #expect(reloads[1].at == at("2026-11-29T10:35:00Z"))
        #expect(reloads.allSatisfy { $0.deferredFrom == nil })
        #expect(summary.warnings.isEmpty)
    }

    @Test func dailySlotsHaveTheirOwnContent() throws {
        let sim = try SimulatedWidget(yaml: """
            kind: com.mygame.daily
            displayName: Daily
            description: Quests.
            timeZone: Europe/Berlin
            content: { slot: "{{slot.name}}", title: "Default", day: "{{entry.weekday}}" }
            timeline:
              daily:
                - { at: "08:00", name: morning, content: { title: "Daily quest" } }
                - { at: "13:00", name: afternoon, content: { title: "Battle" } }
                - { at: "19:00", name: evening, content: { title: "Summary" } }
            """)
        let (reloads, _) = try sim.run(from: "2026-11-29T10:00:00+01:00", until: "2026-11-29T20:00:00+01:00")
        let first = reloads[0].timeline
        let times = ["10:00", "13:00", "19:00", "08:00"]
        #expect(first.dates.prefix(3) == times.prefix(3).map { at("2026-11-29T\($0):00+01:00") }[...])
        #expect(first.dates[3] == at("2026-11-30T08:00:00+01:00"))
        #expect(first.entries.map { $0.content["slot"] } == ["morning", "afternoon", "evening", "morning"])
        #expect(first.entries.map { $0.content["title"] } == ["Daily quest", "Battle", "Summary", "Daily quest"])
        #expect(first.entries[3].content["day"] == "Monday")
    }

    @Test func missingDataShowsThePlaceholderAndWarnsNamingTheFile() throws {
        let sim = try SimulatedWidget(yaml: Self.character, data: ["character.json": "{ \"name\": \n oops"])
        let (reloads, summary) = try sim.run(from: "2026-11-29T09:00:00-05:00", until: "2026-11-29T10:00:00-05:00")
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.entries.count == 1)
        #expect(reloads[0].timeline.entries[0].content["name"] == "")
        // Missing data asks again in an hour (the default retry), never a silent `never`.
        #expect(reloads[0].timeline.policy == .after(reloads[0].at + 3600))
        #expect(summary.warnings.contains { $0.code == "data-malformed" && $0.message.contains("character.json") && $0.message.contains("line 2") })
        #expect(summary.warnings.contains { $0.code == "data-missing" && $0.message.contains("dragon.json") })
    }

    @Test func snapshotAndPlaceholderContexts() throws {
        let sim = try SimulatedWidget(yaml: Self.character + "\nsnapshot: { name: Gallery, health: 75 }\n",
                                      data: ["character.json": Self.characterData, "dragon.json": "{}"])
        let (snap, _) = try sim.run(from: "2026-11-29T09:00:00-05:00", until: "2026-11-30T09:00:00-05:00", context: .snapshot)
        #expect(snap.count == 1)
        #expect(snap[0].timeline.entries.map { $0.content["name"] } == ["Gallery"])
        let (placeholder, _) = try sim.run(from: "2026-11-29T09:00:00-05:00", until: "2026-11-30T09:00:00-05:00", context: .placeholder)
        #expect(placeholder[0].timeline.entries.map { $0.content["name"] } == [""])
    }
}
