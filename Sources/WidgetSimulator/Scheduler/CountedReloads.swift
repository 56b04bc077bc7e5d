import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// The counted reloads of the last 24 hours, oldest first: the budget's memory.
///
/// Times arrive in increasing order, so the window is a queue: old times leave
/// at the front as new ones join at the back. Lookups are binary searches, so a
/// reload costs O(log budget) whatever the run's length.
struct CountedReloads {
    static let day: Int64 = 86_400

    let limit: Int
    private var times: [Instant] = []
    private var head = 0

    init(limit: Int) {
        self.limit = limit
        times.reserveCapacity(min(max(limit, 0), 4096) + 1)
    }

    /// Index of the first kept time after `t`.
    private func firstIndex(after t: Instant) -> Int {
        var low = head
        var high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// How many counted reloads happened in `(t - 24h, t)` (all kept times are before `t`).
    func inWindow(at t: Instant) -> Int {
        times.count - firstIndex(after: t - Self.day)
    }

    /// The earliest moment at or after `t` when a counted reload fits the budget;
    /// nil when none ever does (a budget of zero).
    func earliestAllowed(from t: Instant) -> Instant? {
        guard limit > 0 else { return nil }
        let first = firstIndex(after: t - Self.day)
        let count = times.count - first
        if count < limit { return t }
        // The window must lose `count - limit + 1` of its oldest: the last of those leaves 24 h after it happened.
        return times[first + count - limit] + Self.day
    }

    /// Records a counted reload at `t` (not before any recorded one) and returns
    /// the number of counted reloads in `(t - 24h, t]`, this one included.
    mutating func record(_ t: Instant) -> Int {
        head = firstIndex(after: t - Self.day)
        if head > 1024, head * 2 > times.count {
            times.removeFirst(head)
            head = 0
        }
        times.append(t)
        return times.count - head
    }
}
