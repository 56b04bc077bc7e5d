import WidgetSupport

/// The `daily` rule's wall times on a zone's local clock.
///
/// Each slot happens every local day exactly once, at `ZoneRules.wallTimeInstant`
/// (a time in a spring-forward gap moves forward by the gap, one in a fold takes its
/// first occurrence). When two slots land on one instant (02:30 shifted onto a 03:30
/// slot), the slot in force there is the one with the later wall time.
package struct DailySlots: Sendable {
    /// Minutes since local midnight of each slot, in the definition's order.
    package let minutesOfDay: [Int]
    package let zone: ZoneRules

    package init(minutesOfDay: [Int], zone: ZoneRules) {
        self.minutesOfDay = minutesOfDay
        self.zone = zone
    }

    /// The first slot instant strictly after `after`, with the slot in force from it.
    package func next(after: Instant) -> (instant: Instant, slot: Int)? {
        guard !minutesOfDay.isEmpty else { return nil }
        let today = zone.localDay(of: after)
        var best: (instant: Instant, slot: Int)? = nil
        for (k, minute) in minutesOfDay.enumerated() {
            // A slot's instants rise day by day: take its first one after `after`.
            // (Yesterday's can still be ahead when a whole day is skipped, as Samoa's was.)
            for day in (today - 1)...(today + 2) {
                let at = zone.wallTimeInstant(day: day, minuteOfDay: minute)
                guard at > after else { continue }
                if let b = best, !(at < b.instant || (at == b.instant && laterSlot(k, than: b.slot))) { break }
                best = (at, k)
                break
            }
        }
        return best
    }

    /// The slot in force at `instant`: the one whose most recent occurrence is at or
    /// before it (each day has all slots, so there always is one).
    package func slotInForce(at instant: Instant) -> Int? {
        guard !minutesOfDay.isEmpty else { return nil }
        let today = zone.localDay(of: instant)
        var best: (instant: Instant, slot: Int)? = nil
        for (k, minute) in minutesOfDay.enumerated() {
            // The slot's latest instant at or before `instant`, walking back day by day.
            for day in stride(from: today + 1, through: today - 2, by: -1) {
                let at = zone.wallTimeInstant(day: day, minuteOfDay: minute)
                guard at <= instant else { continue }
                if let b = best, !(at > b.instant || (at == b.instant && laterSlot(k, than: b.slot))) { break }
                best = (at, k)
                break
            }
        }
        return best?.slot
    }

    /// Tie-break between two slots at one instant: the later wall time, then the later slot.
    private func laterSlot(_ a: Int, than b: Int) -> Bool {
        minutesOfDay[a] != minutesOfDay[b] ? minutesOfDay[a] > minutesOfDay[b] : a > b
    }
}
