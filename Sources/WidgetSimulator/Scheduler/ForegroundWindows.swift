import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// The scenario's foreground windows, merged and sorted, for O(log n) lookups.
struct ForegroundWindows {
    /// Disjoint, sorted `[from, until)` intervals.
    private(set) var intervals: [(from: Instant, until: Instant)] = []

    init(_ windows: [(from: Instant, until: Instant)]) {
        let sorted = windows.filter { $0.from < $0.until }.sorted { $0.from < $1.from }
        for w in sorted {
            if let last = intervals.last, w.from <= last.until {
                intervals[intervals.count - 1].until = max(last.until, w.until)
            } else {
                intervals.append(w)
            }
        }
    }

    /// Index of the first interval starting after `t`.
    private func firstStarting(after t: Instant) -> Int {
        var low = 0
        var high = intervals.count
        while low < high {
            let mid = (low + high) / 2
            if intervals[mid].from <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// True when `t` is inside a window.
    func contains(_ t: Instant) -> Bool {
        let i = firstStarting(after: t)
        return i > 0 && t < intervals[i - 1].until
    }

    /// The start of the first window beginning after `t`.
    func nextStart(after t: Instant) -> Instant? {
        let i = firstStarting(after: t)
        return i < intervals.count ? intervals[i].from : nil
    }
}
