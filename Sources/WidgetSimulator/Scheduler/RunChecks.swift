import WidgetSupport
import WidgetcRuntime

/// The run's own warnings (spec, runtime 7): entries closer than five minutes,
/// and reloads that exceed the budget over a day. Facts are gathered while the
/// run goes and worded once at the end, so each is reported once.
struct RunChecks {
    static let closestUsefulSpacing: Int64 = 300

    let budget: Int
    let minGap: Int64
    let zone: any UTCOffsetSource

    private var closeEntries: RunWarning?
    /// The first policy that asked for reloads faster than the budget allows, seen twice in a row.
    private var fastRule: (interval: Int64, at: Instant)?
    private var fastStreak = 0
    private var budgetDeferrals = 0
    private var firstDeferral: (due: Instant, at: Instant, interval: Int64?)?

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
                    message: "entries at \(text(previous)) and \(text(date)) are \(DurationText.string(seconds: Int64(gap.magnitude))) apart; WidgetKit may skip entries closer than 5 minutes",
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

    /// Notes the spacing a policy asks for (`due - requestedAt`); nil for `never`.
    mutating func notePolicy(interval: Int64?, at: Instant) {
        guard let interval, exceedsBudget(interval: interval) else {
            fastStreak = 0
            return
        }
        fastStreak += 1
        // One short request can be a one-off event; a rule repeats it.
        if fastStreak >= 2, fastRule == nil { fastRule = (interval, at) }
    }

    /// Notes a reload the budget made wait; `interval` is the policy's spacing
    /// when a policy request was the one due (nil when the app asked).
    mutating func noteBudgetDeferral(due: Instant, at: Instant, interval: Int64?) {
        budgetDeferrals += 1
        if firstDeferral == nil { firstDeferral = (due, at, interval) }
    }

    private func rate(_ interval: Int64) -> String {
        let effective = max(interval, minGap, 1)
        return "a reload every \(DurationText.string(seconds: effective)) (about \(CountedReloads.day / effective) a day)"
    }

    /// The warnings, worded.
    func warnings() -> [RunWarning] {
        var out: [RunWarning] = []
        if let closeEntries { out.append(closeEntries) }
        if let d = firstDeferral {
            let asks: String
            if let interval = d.interval ?? fastRule?.interval {
                asks = "the timeline asks for \(rate(interval))"
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
                message: "the timeline asks for \(rate(fast.interval)), more than the budget of \(budget) a day allows: over a full day reloads would be deferred",
                at: fast.at))
        }
        return out
    }
}
