import Foundation
import Testing
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// The character-detail widget, written by hand: health recovers `by` percent
/// every `every` seconds from `since`, up to `to` (spec: the `progress` rule).
struct CharacterProvider: TimelineProvider {
    let by = 25
    let every = hour
    let to = 100
    let horizon = day

    func placeholder(in context: TimelineContext) -> TimelineEntry {
        TimelineEntry(date: context.date, content: object(["name": "—", "health": 0]))
    }

    func snapshot(in context: TimelineContext) -> TimelineEntry {
        TimelineEntry(date: context.date, content: object(["name": "Power Panda", "health": 75]))
    }

    func timeline(in context: TimelineContext) -> Timeline {
        guard let character = json(context.container.read("character.json")),
            let name = character["name"]?.string, let health = character["health"]?.number,
            let since = character["updated"]?.number
        else {
            context.warn(code: "data-missing", message: "data file 'character.json' is missing or incomplete")
            return Timeline(entries: [placeholder(in: context)], policy: .never)
        }
        let sinceInstant = Instant(seconds: Int64(since))
        func value(at t: Instant) -> Int {
            let steps = max(0, CivilTime.floorDiv(t - sinceInstant, every))
            return min(to, Int(health) + by * Int(steps))
        }
        func entry(_ t: Instant) -> TimelineEntry {
            TimelineEntry(date: t, content: object(["name": .string(name), "health": .int(value(at: t))]), url: "mygame://character/\(name)")
        }
        let t = context.date
        if value(at: t) >= to { return Timeline(entries: [entry(t)], policy: .never) }
        var entries = [entry(t)]
        // The next step boundary after T, then one a step until the value is full.
        var next = sinceInstant + (CivilTime.floorDiv(t - sinceInstant, every) + 1) * every
        while next <= t + horizon {
            entries.append(entry(next))
            if value(at: next) >= to { break }
            next = next + every
        }
        return Timeline(entries: entries, policy: .atEnd)
    }
}

/// A widget that counts down to a dragon event read from `dragon.json`; the
/// event cuts the timeline and sets `after(event)` (spec: timeline `events`).
struct DragonProvider: TimelineProvider {
    func placeholder(in context: TimelineContext) -> TimelineEntry {
        TimelineEntry(date: context.date, content: object(["event": "none"]))
    }

    func snapshot(in context: TimelineContext) -> TimelineEntry { placeholder(in: context) }

    func timeline(in context: TimelineContext) -> Timeline {
        let t = context.date
        let grid = (0...48).map { t + Int64($0) * 30 * minute }  // every 30 minutes for 24 h
        let event = json(context.container.read("dragon.json"))?["at"]?.number.map { Instant(seconds: Int64($0)) }
        func entry(_ d: Instant) -> TimelineEntry {
            let left = event.map { $0 - d } ?? 0
            return TimelineEntry(date: d, content: object(["minutesLeft": .int(Int(max(left, 0) / 60))]))
        }
        if let event, event > t, event < grid[grid.count - 1] {
            return Timeline(entries: grid.filter { $0 <= event }.map(entry), policy: .after(event))
        }
        return Timeline(entries: grid.map(entry), policy: .atEnd)
    }
}

@Suite("Seed stories")
struct SeedStoryTests {
    let start = utc(2026, 11, 29, 9)

    func container(_ files: [String: JSONValue]) -> Container {
        var c = Container()
        for (path, value) in files { try? c.write(path, value: value) }
        return c
    }

    @Test func characterRecoversToFullThenStops() {
        let data = container([
            "character.json": ["name": "panda", "health": 25, "updated": .int(Int(start.seconds))]
        ])
        let config = RunConfiguration(kind: "com.mygame.character-detail", family: .systemMedium, from: start, until: start + day)
        let (reloads, summary) = WidgetRun(provider: CharacterProvider(), configuration: config, container: data).collect()

        #expect(reloads.count == 2)
        let first = reloads[0]
        #expect(first.reason == .initial)
        #expect(first.entryDates == [start, start + hour, start + 2 * hour, start + 3 * hour])
        #expect(first.timeline.entries.map { $0.content["health"] } == [25, 50, 75, 100])
        #expect(first.timeline.policy == .atEnd)
        #expect(first.timeline.entries.first?.url == "mygame://character/panda")

        let full = reloads[1]
        #expect(full.at == start + 3 * hour)
        #expect(full.reason == .atEnd)
        #expect(full.timeline.entries.count == 1)
        #expect(full.timeline.entries.first?.content["health"] == 100)
        #expect(full.timeline.policy == .never)
        #expect(summary.warnings.isEmpty)
    }

    @Test func theAppWritesNewHealthAndReloads() {
        let data = container([
            "character.json": ["name": "panda", "health": 25, "updated": .int(Int(start.seconds))]
        ])
        let hit = start + 90 * minute
        let config = RunConfiguration(
            kind: "com.mygame.character-detail", family: .systemMedium, from: start, until: start + day,
            scenario: Scenario([
                .write(at: hit, path: "character.json", value: ["name": "panda", "health": 10, "updated": .int(Int(hit.seconds))]),
                .reload(at: hit, kind: "com.mygame.character-detail", where: nil),
            ]))
        let (reloads, _) = WidgetRun(provider: CharacterProvider(), configuration: config, container: data).collect()
        #expect(reloads.map(\.at) == [start, hit, hit + 4 * hour])
        #expect(reloads[1].reason == .reload)
        #expect(reloads[1].timeline.entries.map { $0.content["health"] } == [10, 35, 60, 85, 100])
        #expect(reloads[2].timeline.policy == .never)
    }

    @Test func missingDataShowsThePlaceholderAndWarns() {
        let config = RunConfiguration(kind: "com.mygame.character-detail", family: .systemMedium, from: start, until: start + day)
        let (reloads, summary) = WidgetRun(provider: CharacterProvider(), configuration: config).collect()
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.entries.first?.content["name"] == "—")
        #expect(summary.warnings.map(\.code) == ["data-missing"])
    }

    @Test func dragonEventInTwoHoursCutsTheTimeline() {
        let event = start + 2 * hour
        let data = container(["dragon.json": ["at": .int(Int(event.seconds))]])
        let config = RunConfiguration(kind: "com.mygame.dragon", family: .systemSmall, from: start, until: start + 3 * hour)
        let (reloads, _) = WidgetRun(provider: DragonProvider(), configuration: config, container: data).collect()
        #expect(reloads.count == 2)
        #expect(reloads[0].timeline.policy == .after(event))
        #expect(reloads[0].entryDates == (0...4).map { start + Int64($0) * 30 * minute })
        #expect(reloads[0].timeline.entries.map { $0.content["minutesLeft"] } == [120, 90, 60, 30, 0])
        #expect(reloads[1].at == event)
        #expect(reloads[1].reason == .after)
        #expect(reloads[1].timeline.policy == .atEnd)
    }
}
