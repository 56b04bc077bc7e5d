import Foundation
import Testing
import WidgetTestSupport
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

@Suite("Scenario: app reloads, writes, foreground")
struct ScenarioTests {
    let start = utc(2026, 11, 29, 9)
    let quiet = ClosureProvider { steps(from: $0.date, every: hour, count: 1, policy: .never) }

    func reloadTimes(_ events: [ScenarioEvent], parameters: JSONObject = object(["character": "panda"])) -> [Instant] {
        let config = RunConfiguration(
            kind: "com.mygame.character", family: .systemSmall, parameters: parameters, from: start,
            until: start + day, scenario: Scenario(events))
        return WidgetRun(provider: quiet, configuration: config).collect().reloads.map(\.at)
    }

    @Test func reloadOfThisKind() {
        #expect(reloadTimes([.reload(at: start + hour, kind: "com.mygame.character", where: nil)]) == [start, start + hour])
    }

    @Test func reloadAll() {
        #expect(reloadTimes([.reload(at: start + hour, kind: nil, where: nil)]) == [start, start + hour])
    }

    @Test func reloadOfAnotherKindIsIgnored() {
        #expect(reloadTimes([.reload(at: start + hour, kind: "com.mygame.other", where: nil)]) == [start])
    }

    @Test func reloadWhereMatches() {
        let events: [ScenarioEvent] = [
            .reload(at: start + hour, kind: "com.mygame.character", where: object(["character": "panda"])),
            .reload(at: start + 2 * hour, kind: nil, where: object(["character": "panda", "level": 3.0])),
        ]
        #expect(reloadTimes(events, parameters: object(["character": "panda", "level": 3])) == [start, start + hour, start + 2 * hour])
    }

    @Test func reloadWhereDoesNotMatch() {
        let events: [ScenarioEvent] = [
            .reload(at: start + hour, kind: "com.mygame.character", where: object(["character": "egghead"])),
            .reload(at: start + 2 * hour, kind: nil, where: object(["level": 3])),
        ]
        #expect(reloadTimes(events) == [start])
    }

    @Test func reloadsBeforeFromOrAtUntilAreIgnored() {
        let events: [ScenarioEvent] = [
            .reload(at: start - hour, kind: nil, where: nil),
            .reload(at: start + day, kind: nil, where: nil),
        ]
        #expect(reloadTimes(events) == [start])
    }

    @Test func appReloadTooSoonIsDeferred() {
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + day,
            scenario: Scenario([.reload(at: start + minute, kind: nil, where: nil)]))
        let (reloads, _) = WidgetRun(provider: quiet, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute])
        #expect(reloads[1].reason == .reload)
        #expect(reloads[1].deferredFrom == start + minute)
    }

    @Test func oneReloadServesEveryDueRequestWithTheEarliestReason() {
        // The policy asks at 09:01 (deferred to 09:05); the app asks at 09:03: one reload at 09:05.
        let provider = ClosureProvider { steps(from: $0.date, every: 0, count: 1, policy: .after($0.date + minute)) }
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + 6 * minute,
            scenario: Scenario([.reload(at: start + 3 * minute, kind: nil, where: nil)]))
        let (reloads, _) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute])
        #expect(reloads[1].reason == .after)
        #expect(reloads[1].deferredFrom == start + minute)
    }

    @Test func anAppReloadReplacesThePendingPolicyRequest() {
        // Timelines reach two hours ahead; the app's reload at 10:00 moves the next request to 12:00.
        let provider = ClosureProvider { steps(from: $0.date, every: hour, count: 3) }
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + 4 * hour,
            scenario: Scenario([.reload(at: start + hour, kind: nil, where: nil)]))
        let (reloads, _) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + hour, start + 3 * hour])
        #expect(reloads.map(\.reason) == [.initial, .reload, .atEnd])
    }

    @Test func policyAndAppDueTogetherTakeThePolicyReason() {
        let provider = ClosureProvider { steps(from: $0.date, every: hour, count: 2) }
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + 90 * minute,
            scenario: Scenario([.reload(at: start + hour, kind: nil, where: nil)]))
        let (reloads, _) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + hour])
        #expect(reloads[1].reason == .atEnd)
    }

    // MARK: Writes

    /// Shows the container's `state.json` field `value` (or "missing").
    let reader = ClosureProvider { context in
        let value: JSONValue = json(context.container.read("state.json"))?["value"] ?? "missing"
        return Timeline(entries: [TimelineEntry(date: context.date, content: object(["value": value]))], policy: .never)
    }

    func values(_ events: [ScenarioEvent], container: Container = Container()) -> [(Instant, JSONValue?)] {
        let config = RunConfiguration(kind: "k", family: .systemSmall, from: start, until: start + day, scenario: Scenario(events))
        return WidgetRun(provider: reader, configuration: config, container: container).collect().reloads.map {
            ($0.at, $0.timeline.entries.first?.content["value"])
        }
    }

    @Test func writeThenReloadSeesTheNewDataWhileTheDiskFileStays() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("state.json")
        let original = Data(#"{"value": "on disk"}"#.utf8)
        try original.write(to: file)

        let seen = values(
            [
                .write(at: start + hour, path: "state.json", value: ["value": "written"]),
                .reload(at: start + hour, kind: nil, where: nil),
            ], container: Container(directory: dir.path))
        #expect(seen.map(\.0) == [start, start + hour])
        #expect(seen.map(\.1) == ["on disk", "written"])
        #expect(try Data(contentsOf: file) == original)
        #expect(Container(directory: dir.path).read("state.json") == .found(Array(original)))
    }

    @Test func itemsAtTheSameInstantApplyInFileOrder() {
        let seen = values([
            .reload(at: start + hour, kind: nil, where: nil),
            .write(at: start + hour, path: "state.json", value: ["value": 1]),
            .reload(at: start + 2 * hour, kind: nil, where: nil),
        ])
        #expect(seen.map(\.1) == ["missing", "missing", 1])
    }

    @Test func aPolicyReloadSeesAWriteAtItsInstant() {
        let provider = ClosureProvider { context in
            let value: JSONValue = json(context.container.read("state.json"))?["value"] ?? "missing"
            return Timeline(entries: [TimelineEntry(date: context.date, content: object(["value": value]))], policy: .after(context.date + hour))
        }
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + 90 * minute,
            scenario: Scenario([.write(at: start + hour, path: "state.json", value: ["value": 2])]))
        let reloads = WidgetRun(provider: provider, configuration: config).collect().reloads
        #expect(reloads.map { $0.timeline.entries.first?.content["value"] } == ["missing", 2])
    }

    @Test func writesBeforeFromAreSeenByTheInitialReload() {
        #expect(values([.write(at: start - hour, path: "./state.json", value: ["value": true])]).map(\.1) == [true])
    }

    @Test func writesOutsideTheContainerAreRefusedWithAWarning() {
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + day,
            scenario: Scenario([.write(at: start + hour, path: "../escape.json", value: 1)]))
        let summary = WidgetRun(provider: reader, configuration: config).collect().summary
        #expect(summary.warnings.map(\.code) == ["scenario-write-refused"])
        #expect(summary.warnings.first?.at == start + hour)
    }

    @Test func eachRunHasItsOwnOverlay() {
        let container = Container()
        let events: [ScenarioEvent] = [
            .write(at: start + hour, path: "state.json", value: ["value": "x"]),
            .reload(at: start + hour, kind: nil, where: nil),
        ]
        _ = values(events, container: container)
        #expect(container.read("state.json") == .missing)
        #expect(values([], container: container).map(\.1) == ["missing"])
    }

    // MARK: Foreground

    @Test func reloadsInAForegroundWindowAreNotCounted() {
        let everyFive = ClosureProvider { steps(from: $0.date, every: 5 * minute, count: 2) }
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + 30 * minute,
            scenario: Scenario([.foreground(from: start + 10 * minute, until: start + 20 * minute)]))
        let (reloads, summary) = WidgetRun(provider: everyFive, configuration: config).collect()
        #expect(reloads.map(\.at) == (0..<6).map { start + Int64($0) * 5 * minute })
        #expect(reloads.map(\.counted) == [true, true, false, false, true, true])
        #expect(reloads.map(\.budgetWindowCount) == [1, 2, nil, nil, 3, 4])
        #expect(summary.budgetUsed == 4)
    }

    @Test func aForegroundWindowLetsReloadsThroughAnExhaustedBudget() {
        let everyFive = ClosureProvider { steps(from: $0.date, every: 5 * minute, count: 2) }
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + day, budget: 2,
            scenario: Scenario([.foreground(from: start + hour, until: start + hour + 12 * minute)]))
        let (reloads, summary) = WidgetRun(provider: everyFive, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute, start + hour, start + hour + 5 * minute, start + hour + 10 * minute])
        #expect(reloads[2].deferredFrom == start + 10 * minute)
        #expect(reloads.map(\.counted) == [true, true, false, false, false])
        #expect(summary.budgetUsed == 2)
    }

    @Test func uncountedReloadsKeepTheMinimumInterval() {
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + hour,
            scenario: Scenario([
                .foreground(from: start, until: start + hour),
                .reload(at: start + minute, kind: nil, where: nil),
                .reload(at: start + 7 * minute, kind: nil, where: nil),
            ]))
        let (reloads, summary) = WidgetRun(provider: quiet, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute, start + 10 * minute])
        #expect(reloads.allSatisfy { !$0.counted })
        #expect(summary.budgetUsed == 0)
    }

    // MARK: Pushes and system changes

    @Test func aSystemChangeReloadsAtOnceUncountedAndNotHeldBySpacing() {
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + hour, budget: 1,
            scenario: Scenario([
                .system(at: start + minute, change: .locale, value: "fr-FR"),
                .system(at: start + 2 * minute, change: .dynamicType, value: "xxLarge"),
                .system(at: start + 2 * minute, change: .appearance, value: "dark"),
            ]))
        let (reloads, summary) = WidgetRun(provider: quiet, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + minute, start + 2 * minute, start + 2 * minute])
        #expect(reloads.map(\.reason) == [.initial, .locale, .dynamicType, .appearance])
        #expect(reloads.map(\.counted) == [true, false, false, false])
        #expect(reloads.map(\.deferredFrom) == [nil, nil, nil, nil])
        #expect(summary.budgetUsed == 1)
    }

    @Test func aSystemChangeServesAPendingAppRequestAndLaterOnesKeepTheSpacing() {
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + hour,
            scenario: Scenario([
                .reload(at: start + minute, kind: nil, where: nil),  // held until 09:05 by the spacing
                .system(at: start + 2 * minute, change: .locale, value: "de"),
                .reload(at: start + 3 * minute, kind: nil, where: nil),  // 5 minutes after the system's reload
            ]))
        let (reloads, _) = WidgetRun(provider: quiet, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 2 * minute, start + 7 * minute])
        #expect(reloads.map(\.reason) == [.initial, .locale, .reload])
        #expect(reloads[2].deferredFrom == start + 3 * minute)
    }

    @Test func aPushReloadsItsKindCountedAndSpaced() {
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + hour, budget: 2,
            scenario: Scenario([
                .push(at: start + minute, kind: "k"),
                .push(at: start + 20 * minute, kind: "other"),
                .push(at: start + 30 * minute, kind: "k"),  // over the budget of 2: waits a day, past the run
            ]))
        let (reloads, summary) = WidgetRun(provider: quiet, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute])
        #expect(reloads.map(\.reason) == [.initial, .push])
        #expect(reloads[1].deferredFrom == start + minute)
        #expect(reloads.map(\.counted) == [true, true])
        #expect(summary.budgetUsed == 2)
    }

    @Test func aPushToAWidgetWithoutPushIsNotDelivered() {
        let config = RunConfiguration(
            kind: "k", family: .systemSmall, from: start, until: start + hour,
            scenario: Scenario([.push(at: start + 10 * minute, kind: "k")]), acceptsPushes: false)
        let (reloads, summary) = WidgetRun(provider: quiet, configuration: config).collect()
        #expect(reloads.map(\.at) == [start])
        #expect(summary.warnings.map(\.code) == ["push-not-delivered"])
        #expect(summary.warnings.first?.at == start + 10 * minute)
    }
}
