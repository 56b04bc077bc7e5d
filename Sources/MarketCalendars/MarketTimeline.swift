import WidgetSupport
import WidgetTime

/// `market.state`.
package enum MarketState: String, Sendable, Hashable {
    case open, closed
}

/// One timeline entry of the `market` rule. `session` is the current or next
/// session, whose open and close are `market.open` and `market.close`.
package struct MarketEntry: Sendable, Hashable {
    package let date: Instant
    package let state: MarketState
    /// nil only when the calendar has no session within three years.
    package let session: Session?

    package init(date: Instant, state: MarketState, session: Session?) {
        self.date = date
        self.state = state
        self.session = session
    }
}

/// The reload policy the `market` rule asks for.
package enum MarketPolicy: Sendable, Hashable {
    /// Reload at the next session's open (the spec's default).
    case after(Instant)
    /// The timeline was cut by the horizon or maxEntries before the session's
    /// close: reload at its last entry, which continues the same grid. (When not
    /// even one future entry fits, the plan says `after` the first instant left
    /// out instead, so the next request makes progress.)
    case atEnd
    /// No session ahead at all (a calendar with nothing in the next three years).
    case never
}

/// A timeline the `market` rule produces at one request.
package struct MarketPlan: Sendable, Hashable {
    /// The entry at T first, then in date order.
    package let entries: [MarketEntry]
    package let policy: MarketPolicy
}

/// The spec's "Market hours" semantics, on top of `MarketCalendar`.
///
/// At T inside a session `[open, close)`: an entry at T (state `open`, or
/// `closed` during lunch), an entry at each `open + k·every` after T and before
/// the lunch break or the close, and one at `close` (state `closed`); policy
/// after the next session's open. With a lunch break there is one entry at its
/// start (state `closed`), none inside it, and the grid resumes at the break's
/// end as `breakEnd + k·every` (so the market's reopening always has an entry,
/// whatever `every` is; with 15 minutes and a 12:30 reopening after a 09:00 open
/// the two grids coincide). At T outside a session: one entry at T (state
/// `closed`), policy after the next session's open.
///
/// Like every rule, future entries lie in `(T, horizonEnd]` and there are at most
/// `maxEntries` in all (the entry at T included). If that cuts the timeline
/// before the session's close entry, the policy is `atEnd`: the reload at the
/// last entry continues where this timeline stopped. If only the entry at T
/// fits (maxEntries 1, or a horizon shorter than the next step), the policy is
/// `after` the first instant left out, since a reload at T itself would repeat T.
///
/// `market.open`/`market.close` come from each entry's `session`: the session
/// holding the entry (lunch included), else the next one; the entry at the close
/// already carries the next session.
package enum MarketTimeline {
    /// The timeline requested at `t`: `every` in seconds (at least 1), entries
    /// after `t` only up to `horizonEnd` (inclusive), at most `maxEntries` in all.
    package static func plan(calendar: MarketCalendar, every: Int64, now t: Instant, horizonEnd: Instant, maxEntries: Int) -> MarketPlan {
        let limit = max(1, maxEntries)
        guard let session = calendar.session(containing: t) else {
            let next = calendar.nextSession(after: t)
            return MarketPlan(entries: [MarketEntry(date: t, state: .closed, session: next)],
                              policy: next.map { .after($0.open) } ?? .never)
        }
        let next = calendar.nextSession(after: session.open)
        var entries: [MarketEntry] = []
        entries.reserveCapacity(min(limit, 64))
        entries.append(MarketEntry(date: t, state: session.isInBreak(t) ? .closed : .open, session: session))
        var cut = false
        var firstLeftOut: Instant? = nil

        /// Appends if allowed; false once the horizon or the cap stops the timeline.
        func add(_ date: Instant, _ state: MarketState, _ s: Session?) -> Bool {
            if cut { return false }
            guard date <= horizonEnd, entries.count < limit else {
                cut = true
                firstLeftOut = date
                return false
            }
            entries.append(MarketEntry(date: date, state: state, session: s))
            return true
        }

        /// Grid instants `base + k·every` in `[base, end)` after t.
        func grid(from base: Instant, before end: Instant) {
            let step = max(1, every)
            var k: Int64 = t < base ? 0 : (t - base) / step + 1
            while true {
                let (offset, overflow) = k.multipliedReportingOverflow(by: step)
                if overflow { return }
                let date = base + offset
                guard date < end else { return }
                if !add(date, .open, session) { return }
                k += 1
            }
        }

        if let breakStart = session.breakStart, let breakEnd = session.breakEnd {
            grid(from: session.open, before: breakStart)
            if breakStart > t { _ = add(breakStart, .closed, session) }
            grid(from: breakEnd, before: session.close)
        } else {
            grid(from: session.open, before: session.close)
        }
        _ = add(session.close, .closed, next)
        if cut {
            if entries.count == 1, let firstLeftOut { return MarketPlan(entries: entries, policy: .after(firstLeftOut)) }
            return MarketPlan(entries: entries, policy: .atEnd)
        }
        return MarketPlan(entries: entries, policy: next.map { .after($0.open) } ?? .never)
    }
}
