import Testing
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

@Suite("Reload policies and the run window")
struct PolicyTests {
    let start = utc(2026, 11, 29, 9)

    @Test func atEndRequestsAtTheLastEntry() {
        let provider = ClosureProvider { steps(from: $0.date, every: 15 * minute, count: 5) }
        let config = RunConfiguration(kind: "w", family: .systemMedium, from: start, until: start + 3 * hour)
        let (reloads, _) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + hour, start + 2 * hour])
        #expect(reloads.map(\.reason) == [.initial, .atEnd, .atEnd])
        #expect(reloads[0].entryDates == (0..<5).map { start + Int64($0) * 15 * minute })
    }

    @Test func afterRequestsAtItsDate() {
        let provider = ClosureProvider { steps(from: $0.date, every: 0, count: 1, policy: .after($0.date + 2 * hour)) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 5 * hour)
        let (reloads, _) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 2 * hour, start + 4 * hour])
        #expect(reloads.map(\.reason) == [.initial, .after, .after])
        #expect(reloads.allSatisfy { $0.deferredFrom == nil })
    }

    @Test func afterInThePastIsDueAtOnce() {
        let provider = ClosureProvider { steps(from: $0.date, every: 0, count: 1, policy: .after($0.date - hour)) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 6 * minute)
        let (reloads, _) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute])
        #expect(reloads[1].deferredFrom == start)
    }

    @Test func neverMakesOneReload() {
        let provider = ClosureProvider { steps(from: $0.date, every: hour, count: 3, policy: .never) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 7 * day)
        let (reloads, summary) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.count == 1)
        #expect(reloads[0].timeline.policy == .never)
        #expect(summary.budgetUsed == 1)
        #expect(summary.entryCount == 3)
    }

    @Test func untilIsExclusive() {
        let provider = ClosureProvider { steps(from: $0.date, every: 0, count: 1, policy: .after($0.date + hour)) }
        let config = RunConfiguration(
            kind: "w", family: .systemSmall, from: start, until: start + 2 * hour,
            scenario: Scenario([.reload(at: start + 2 * hour, kind: nil, where: nil)]))
        let (reloads, _) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + hour])

        let oneSecondMore = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 2 * hour + 1)
        #expect(WidgetRun(provider: provider, configuration: oneSecondMore).collect().reloads.count == 3)
    }

    @Test func emptyWindowHasNoReload() {
        let provider = ClosureProvider { steps(from: $0.date, every: hour, count: 2) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start)
        let (reloads, summary) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.isEmpty)
        #expect(summary.budgetUsed == 0)
    }

    @Test func entriesCloserThanFiveMinutesWarnOnce() {
        let provider = ClosureProvider { steps(from: $0.date, every: minute, count: 3, policy: .after($0.date + hour)) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 3 * hour)
        let (reloads, summary) = WidgetRun(provider: provider, configuration: config, zone: FixedOffset(seconds: -5 * 3600)).collect()
        #expect(reloads.count == 3)
        let close = summary.warnings.filter { $0.code == "entries-too-close" }
        #expect(close.count == 1)
        #expect(close.first?.at == start)
        #expect(close.first?.message.contains("2026-11-29T04:00:00-05:00 and 2026-11-29T04:01:00-05:00 are 1m apart") == true)
    }

    @Test func providerWarningsAreReportedOnceWithTheFirstMoment() {
        let provider = ClosureProvider { context in
            context.warn(code: "data-missing", message: "data file 'x.json' is missing")
            return steps(from: context.date, every: hour, count: 2)
        }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 5 * hour)
        let (reloads, summary) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(reloads.count == 5)
        #expect(summary.warnings == [RunWarning(code: "data-missing", message: "data file 'x.json' is missing", at: start)])
    }

    @Test func snapshotContextMakesOnePreviewReload() {
        let provider = ClosureProvider { steps(from: $0.date, every: 5 * minute, count: 2) }
        for (kind, state, preview) in [(RunContextKind.snapshot, "snapshot", true), (.placeholder, "placeholder", false)] {
            let config = RunConfiguration(
                kind: "w", family: .accessoryInline, from: start, until: start + day, context: kind,
                scenario: Scenario([.reload(at: start + hour, kind: nil, where: nil)]))
            let (reloads, summary) = WidgetRun(provider: provider, configuration: config).collect()
            #expect(reloads.count == 1)
            #expect(reloads.first?.timeline.entries.count == 1)
            #expect(reloads.first?.timeline.policy == .never)
            #expect(reloads.first?.reason == .initial)
            #expect(reloads.first?.timeline.entries.first?.content["state"] == .string(state))
            #expect(reloads.first?.timeline.entries.first?.content["preview"] == .bool(preview))
            #expect(summary.budgetUsed == 1)
        }
    }

    @Test func contextCarriesTheInstance() {
        nonisolated(unsafe) var seen: [(WidgetFamily, Bool, JSONObject)] = []
        let provider = ClosureProvider { context in
            seen.append((context.family, context.isPreview, context.parameters))
            return steps(from: context.date, every: hour, count: 1, policy: .never)
        }
        let config = RunConfiguration(
            kind: "w", family: .systemLarge, parameters: object(["city": "Paris"]), from: start, until: start + day)
        _ = WidgetRun(provider: provider, configuration: config).collect()
        #expect(seen.count == 1)
        #expect(seen.first?.0 == .systemLarge)
        #expect(seen.first?.1 == false)
        #expect(seen.first.map { JSONValue.object($0.2) } == ["city": "Paris"])
    }

    @Test func afterInThePastWarnsOnceAndTheBudgetWarningNamesIt() {
        // Fine for two hours, then a launch date that has passed (11:00) forever after.
        let launch = start + 2 * hour
        let provider = ClosureProvider { steps(from: $0.date, every: 0, count: 1, policy: .after(launch)) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 2 * day)
        let (reloads, summary) = WidgetRun(provider: provider, configuration: config, zone: FixedOffset(seconds: -5 * 3600)).collect()
        #expect(reloads.map(\.at).prefix(3) == [start, launch, launch + 5 * minute])
        let past = summary.warnings.filter { $0.code == "after-in-past" }
        #expect(past.count == 1)
        // The first reload whose policy was at or before it: the one at the launch itself.
        #expect(past.first?.at == launch)
        #expect(past.first?.message.contains("after(2026-11-29T06:00:00-05:00)") == true)
        #expect(past.first?.message.contains("reload at 2026-11-29T06:00:00-05:00") == true)
        let budget = summary.warnings.filter { $0.code == "budget-exceeded" }
        #expect(budget.count == 1)
        // No rule asks for a reload every 5 minutes: the past date does.
        #expect(budget.first?.message.contains("the timeline asks for") == false)
        #expect(budget.first?.message.contains("after(2026-11-29T06:00:00-05:00)") == true)
    }

    @Test func afterInTheFutureDoesNotWarn() {
        let provider = ClosureProvider { steps(from: $0.date, every: 0, count: 1, policy: .after($0.date + hour)) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + day)
        let (_, summary) = WidgetRun(provider: provider, configuration: config).collect()
        #expect(summary.warnings.isEmpty)
    }
}
