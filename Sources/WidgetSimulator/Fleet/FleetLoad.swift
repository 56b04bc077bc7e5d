import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// A rule instant behind a minute's load: the minute the reloads were due in on the devices'
/// clocks (before their jitter), why, and of which widget.
package struct FleetCause: Sendable, Hashable {
    package var instant: Instant
    package var reason: ReloadReason
    /// Index in the fleet's widgets.
    package var widget: Int
}

/// What the app's server sees: requests per minute of true time over the window.
package struct FleetLoad: Sendable {
    package let from: Instant
    package let until: Instant
    package let options: FleetOptions
    /// Per minute from `from` (the last one may be partial).
    package private(set) var perMinute: [Int]
    /// Runs of the scheduler (groups of alike devices, per widget), and calls of the widgets.
    package var groupRuns = 0
    package var providerCalls = 0
    /// The heaviest causes per minute, `causeSlots` each: a minute's counts are exact while it has
    /// no more distinct causes than slots, else they are lower bounds (Misra-Gries), flagged.
    private var causes: [FleetCause?]
    private var causeCounts: [Int]
    private var causesTrimmed: [Bool]
    static let causeSlots = 4

    init(from: Instant, until: Instant, options: FleetOptions) {
        self.from = from
        self.until = until
        self.options = options
        let minutes = Int(max(0, until - from + 59) / 60)
        perMinute = Array(repeating: 0, count: minutes)
        causes = Array(repeating: nil, count: minutes * Self.causeSlots)
        causeCounts = Array(repeating: 0, count: minutes * Self.causeSlots)
        causesTrimmed = Array(repeating: false, count: minutes)
    }

    /// Counts `count` at `at` (true time); outside the window nothing is counted.
    mutating func add(_ count: Int, at: Instant, cause: FleetCause) {
        guard at >= from, at < until else { return }
        let minute = Int((at - from) / 60)
        perMinute[minute] += count
        let base = minute * Self.causeSlots
        var free: Int? = nil
        for slot in base..<(base + Self.causeSlots) {
            if causes[slot] == cause {
                causeCounts[slot] += count
                return
            }
            if free == nil, causes[slot] == nil { free = slot }
        }
        if let free {
            causes[free] = cause
            causeCounts[free] = count
            return
        }
        // Misra-Gries: every kept cause and the newcomer lose the smallest count.
        causesTrimmed[minute] = true
        let smallest = min(count, causeCounts[base..<(base + Self.causeSlots)].min() ?? 0)
        for slot in base..<(base + Self.causeSlots) {
            causeCounts[slot] -= smallest
            if causeCounts[slot] == 0 { causes[slot] = nil }
        }
        if count > smallest, let slot = (base..<(base + Self.causeSlots)).first(where: { causes[$0] == nil }) {
            causes[slot] = cause
            causeCounts[slot] = count - smallest
        }
    }

    package var total: Int { perMinute.reduce(0, +) }

    /// The mean per minute over the window.
    package var mean: Double { perMinute.isEmpty ? 0 : Double(total) / Double(perMinute.count) }

    /// A minute's instant.
    package func instant(ofMinute minute: Int) -> Instant { from + Int64(minute) * 60 }

    /// The busiest minute (the first of equals); nil for an empty window or no load.
    package var peakMinute: Int? {
        guard let top = perMinute.max(), top > 0 else { return nil }
        return perMinute.firstIndex(of: top)
    }

    /// The peak against the mean (0 without load).
    package func ratio(_ count: Int) -> Double { mean > 0 ? Double(count) / mean : 0 }

    /// A busy minute and what caused it.
    package struct Peak: Sendable {
        package var minute: Int
        package var count: Int
        /// Heaviest first; counts are lower bounds when `approximate`.
        package var causes: [(cause: FleetCause, count: Int)]
        package var approximate: Bool
    }

    /// The busiest minutes, busiest first, each at least `apart` minutes from a busier one listed,
    /// and above the mean: the peaks a chart shows.
    package func peaks(limit: Int = 5, apart: Int = 30) -> [Peak] {
        let mean = self.mean
        let order = perMinute.indices.filter { Double(perMinute[$0]) > mean }.sorted {
            perMinute[$0] != perMinute[$1] ? perMinute[$0] > perMinute[$1] : $0 < $1
        }
        var chosen: [Int] = []
        for minute in order where chosen.count < limit {
            if chosen.allSatisfy({ abs($0 - minute) >= apart }) { chosen.append(minute) }
        }
        return chosen.map { minute in
            let base = minute * Self.causeSlots
            var list: [(cause: FleetCause, count: Int)] = []
            for slot in base..<(base + Self.causeSlots) {
                if let cause = causes[slot], causeCounts[slot] > 0 { list.append((cause, causeCounts[slot])) }
            }
            list.sort { $0.count != $1.count ? $0.count > $1.count : $0.cause.instant < $1.cause.instant }
            return Peak(minute: minute, count: perMinute[minute], causes: list, approximate: causesTrimmed[minute])
        }
    }

    /// The load summed per `minutes` minutes (a chart's bars), from `from`.
    package func binned(_ minutes: Int) -> [Int] {
        stride(from: 0, to: perMinute.count, by: max(1, minutes)).map { start in
            perMinute[start..<min(perMinute.count, start + max(1, minutes))].reduce(0, +)
        }
    }
}
