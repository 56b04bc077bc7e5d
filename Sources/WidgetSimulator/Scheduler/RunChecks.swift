import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// The run's own warnings (spec, runtime 3 and 7): entries closer than five minutes,
/// an `after` date at or before its request, and reloads that exceed the budget over a day. Facts are gathered while the
/// run goes and worded once at the end, so each is reported once.
struct RunChecks {
    static let closestUsefulSpacing: Int64 = 300

    /// What a timeline's policy asks of the scheduler (nil for `never`).
    enum Ask {
        /// The next reload this many seconds after the request.
        case spacing(Int64)
        /// `after(date)` with the date at or before the request: again at once.
        case pastAfter(Instant)
        /// `atEnd` with no entry after the request: again at once.
        case atEndNow

        var interval: Int64 {
            if case .spacing(let s) = self { return s }
            return 0
        }
    }

    let budget: Int
    let minGap: Int64
    let zone: any UTCOffsetSource

    private var closeEntries: RunWarning?
    /// The first policy that asked for reloads faster than the budget allows, seen twice in a row.
    private var fastRule: (ask: Ask, at: Instant)?
    private var fastStreak = 0
    private var budgetDeferrals = 0
    private var firstDeferral: (due: Instant, at: Instant, ask: Ask?)?
    /// The first `after` at or before its request, and that reload's instant.
    private var pastAfter: (date: Instant, at: Instant)?

    init(budget: Int, minGap: Int64, zone: any UTCOffsetSource) {
        self.budget = budget
        self.minGap = minGap
        self.zone = zone
    }

    private func text(_ t: Instant) -> String { t.iso8601(offset: zone.utcOffset(at: t)) }

    /// Looks for the first pair of neighbouring entries less than five minutes apart.
    mutating func checkSpacing(_ dates: [Instant], reloadAt: Instant) {
        guard closeEntries == nil, dates.count > 1 else { return }
        var previous = dates[0]
        for date in dates.dropFirst() {
            let gap = date - previous
            if gap.magnitude < Self.closestUsefulSpacing.magnitude {
                closeEntries = RunWarning(
                    code: "entries-too-close",
                    message: "entries at \(text(previous)) and \(text(date)) are \(DurationFormatter.format(Int64(gap.magnitude))) apart; WidgetKit may skip entries closer than 5 minutes",
                    at: reloadAt)
                return
            }
            previous = date
        }
    }

    /// Whether reloads every `interval` seconds would need more than the budget in a day.
    private func exceedsBudget(interval: Int64) -> Bool {
        guard budget > 0 else { return false }  // nothing reloads at all then
        let (product, overflow) = Int64(budget).multipliedReportingOverflow(by: max(interval, minGap))
        return !overflow && product < CountedReloads.day
    }

    /// Notes what the policy of the timeline requested at `at` asks for; nil for `never`.
    mutating func notePolicy(_ ask: Ask?, at: Instant) {
        if case .pastAfter(let date) = ask, pastAfter == nil { pastAfter = (date, at) }
        guard let ask, exceedsBudget(interval: ask.interval) else {
            fastStreak = 0
            return
        }
        fastStreak += 1
        // One short request can be a one-off event; a rule repeats it.
        if fastStreak >= 2, fastRule == nil { fastRule = (ask, at) }
    }

    /// Notes a reload the budget made wait; `ask` is what the policy asked
    /// when a policy request was the one due (nil when the app asked).
    mutating func noteBudgetDeferral(due: Instant, at: Instant, ask: Ask?) {
        budgetDeferrals += 1
        if firstDeferral == nil { firstDeferral = (due, at, ask) }
    }

    private func rate(_ interval: Int64) -> String {
        let effective = max(interval, minGap, 1)
        return "a reload every \(DurationFormatter.format(effective)) (about \(CountedReloads.day / effective) a day)"
    }

    /// Who asks for the reloads, in words: the policy itself when it asks again at once.
    private func asking(_ ask: Ask) -> String {
        switch ask {
        case .spacing(let interval): "the timeline asks for \(rate(interval))"
        case .pastAfter(let date): "the policy after(\(text(date))) is already past, so the timeline asks again at once, \(rate(0))"
        case .atEndNow: "the policy atEnd has no entry after the request, so the timeline asks again at once, \(rate(0))"
        }
    }

    /// The warnings, worded.
    func warnings() -> [RunWarning] {
        var out: [RunWarning] = []
        if let closeEntries { out.append(closeEntries) }
        if let p = pastAfter {
            out.append(RunWarning(
                code: "after-in-past",
                message: "the policy after(\(text(p.date))) is not after the reload at \(text(p.at)) that asked for it: WidgetKit asks again as soon as the budget allows; once that date has passed, ask for a later one or never",
                at: p.at))
        }
        if let d = firstDeferral {
            let asks: String
            if let ask = d.ask ?? fastRule?.ask {
                asks = asking(ask)
            } else {
                asks = "the app's reload requests ask for more"
            }
            let times = budgetDeferrals == 1 ? "1 reload" : "\(budgetDeferrals) reloads"
            out.append(RunWarning(
                code: "budget-exceeded",
                message: "\(asks), more than the budget of \(budget) a day allows: the reload due at \(text(d.due)) waited until \(text(d.at)) (\(times) deferred by the budget in this run)",
                at: d.at))
        } else if let fast = fastRule {
            out.append(RunWarning(
                code: "budget-exceeded",
                message: "\(asking(fast.ask)), more than the budget of \(budget) a day allows: over a full day reloads would be deferred",
                at: fast.at))
        }
        return out
    }
}
