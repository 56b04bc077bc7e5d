import Testing
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

@Suite("Reload budget and minimum interval")
struct BudgetTests {
    let start = utc(2026, 11, 29)

    /// A widget whose timeline always ends five minutes after the request.
    let everyFiveMinutes = ClosureProvider { steps(from: $0.date, every: 5 * minute, count: 2) }

    @Test func seventyReloadsThenWaitUntilMidnight() {
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 2 * day)
        let (reloads, summary) = WidgetRun(provider: everyFiveMinutes, configuration: config).collect()

        let firstDay = reloads.prefix { $0.at < start + day }
        #expect(firstDay.count == 70)
        #expect(firstDay.map(\.at) == (0..<70).map { start + Int64($0) * 5 * minute })
        #expect(firstDay.last?.at == start + 5 * hour + 45 * minute)
        #expect(firstDay.allSatisfy { $0.deferredFrom == nil })

        let waited = reloads[70]
        #expect(waited.at == start + day)
        #expect(waited.reason == .atEnd)
        #expect(waited.deferredFrom == start + 5 * hour + 50 * minute)
        #expect(waited.budgetWindowCount == 70)
        // The window slides: the next one fits as soon as 00:05 leaves it.
        #expect(reloads[71].at == start + day + 5 * minute)
        #expect(reloads[71].deferredFrom == nil)
        #expect(summary.budgetUsed == reloads.count)
        #expect(reloads.count == 140)

        let budget = summary.warnings.filter { $0.code == "budget-exceeded" }
        #expect(budget.count == 1)
        #expect(budget.first?.at == start + day)
        #expect(budget.first?.message.contains("every 5m (about 288 a day)") == true)
        #expect(budget.first?.message.contains("budget of 70") == true)
    }

    @Test func aDayLongRunStopsAtSeventy() {
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + day)
        let (reloads, summary) = WidgetRun(provider: everyFiveMinutes, configuration: config).collect()
        #expect(reloads.count == 70)
        #expect(summary.budgetUsed == 70)
        #expect(summary.budgetLimit == 70)
        #expect(reloads.map(\.budgetWindowCount) == (1...70).map { Optional($0) })
    }

    @Test func customBudget() {
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + day, budget: 3)
        let (reloads, _) = WidgetRun(provider: everyFiveMinutes, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute, start + 10 * minute])
    }

    @Test func zeroBudgetMakesNoReload() {
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + day, budget: 0)
        let (reloads, summary) = WidgetRun(provider: everyFiveMinutes, configuration: config).collect()
        #expect(reloads.isEmpty)
        #expect(summary.budgetUsed == 0)
    }

    @Test func minimumIntervalDefersAnEarlyRequest() {
        let fiveSeconds = ClosureProvider { steps(from: $0.date, every: 5, count: 2) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 12 * minute)
        let (reloads, _) = WidgetRun(provider: fiveSeconds, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + 5 * minute, start + 10 * minute])
        #expect(reloads[1].deferredFrom == start + 5)
        #expect(reloads[1].reason == .atEnd)
        #expect(reloads[2].deferredFrom == start + 5 * minute + 5)
    }

    @Test func customMinimumInterval() {
        let fiveSeconds = ClosureProvider { steps(from: $0.date, every: 5, count: 2) }
        let config = RunConfiguration(
            kind: "w", family: .systemSmall, from: start, until: start + 2 * minute, minInterval: 60)
        let (reloads, _) = WidgetRun(provider: fiveSeconds, configuration: config).collect()
        #expect(reloads.map(\.at) == [start, start + minute])
    }

    @Test func zeroMinimumIntervalStillMovesForward() {
        // A single entry with atEnd asks again at once; instants are whole seconds.
        let immediate = ClosureProvider { steps(from: $0.date, every: 1, count: 1) }
        let config = RunConfiguration(
            kind: "w", family: .systemSmall, from: start, until: start + 10, budget: 1000, minInterval: 0)
        let (reloads, _) = WidgetRun(provider: immediate, configuration: config).collect()
        #expect(reloads.map(\.at) == (0..<10).map { start + Int64($0) })
    }

    @Test func extremeSettingsNeitherTrapNorHang() {
        for (budget, interval) in [(Int.max, Int64(300)), (-5, 300), (70, Int64.max), (70, -10)] {
            let config = RunConfiguration(
                kind: "w", family: .systemSmall, from: start, until: start + day, budget: budget, minInterval: interval)
            let (reloads, summary) = WidgetRun(provider: everyFiveMinutes, configuration: config).collect()
            #expect(reloads.count == (budget <= 0 ? 0 : interval == Int64.max ? 1 : min(288, budget)))
            #expect(summary.budgetUsed == reloads.count)
        }
    }

    @Test func appReloadsBeyondTheBudgetAreDeferredAndReported() {
        let quiet = ClosureProvider { steps(from: $0.date, every: hour, count: 1, policy: .never) }
        let reloads = (1...5).map { ScenarioEvent.reload(at: start + Int64($0) * 10 * minute, kind: nil, where: nil) }
        let config = RunConfiguration(
            kind: "w", family: .systemSmall, from: start, until: start + 2 * day, budget: 3, scenario: Scenario(reloads))
        let (done, summary) = WidgetRun(provider: quiet, configuration: config).collect()
        #expect(done.map(\.at) == [start, start + 10 * minute, start + 20 * minute, start + day])
        #expect(done.last?.reason == .reload)
        #expect(done.last?.deferredFrom == start + 30 * minute)
        let budget = summary.warnings.filter { $0.code == "budget-exceeded" }
        #expect(budget.count == 1)
        #expect(budget.first?.message.contains("the app's reload requests") == true)
    }

    @Test func fastRuleWarnsEvenBeforeTheBudgetBinds() {
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + hour)
        let (reloads, summary) = WidgetRun(provider: everyFiveMinutes, configuration: config).collect()
        #expect(reloads.count == 12)
        #expect(reloads.allSatisfy { $0.deferredFrom == nil })
        let budget = summary.warnings.filter { $0.code == "budget-exceeded" }
        #expect(budget.count == 1)
        #expect(budget.first?.message.contains("about 288 a day") == true)
    }

    @Test func hourlyRuleDoesNotWarn() {
        let hourly = ClosureProvider { steps(from: $0.date, every: hour, count: 2) }
        let config = RunConfiguration(kind: "w", family: .systemSmall, from: start, until: start + 3 * day)
        let (reloads, summary) = WidgetRun(provider: hourly, configuration: config).collect()
        #expect(reloads.count == 72)
        #expect(summary.warnings.isEmpty)
    }
}
