import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars

/// One planned entry: its date, the rule's variables, and its slot's content if any.
struct PlannedEntry {
    let date: Instant
    var variables: RuleVariables = .none
    /// 0 for none, `k + 1` for daily slot `k`'s content (entries with the same id share a layout).
    var contentID = 0
}

struct PlannedTimeline {
    var slots: [PlannedEntry]
    var policy: ReloadPolicy
    /// A `sequence`'s records: slot variables `.record(list of records, index: i)`.
    var records: [JSONValue] = []
    /// The latest instant of the rule's data at or before `now` (a `schedule`'s last `at` or
    /// `end`), which the first entry stands for (`entry.instant`); the clock rules find theirs
    /// in `latestRuleInstant`.
    var latestInstant: Instant? = nil
}

/// Each rule's instants for a timeline requested at `now` (spec "Timeline rules"):
/// an entry at `now`, then the rule's instants in `(now, end]`.
extension CompiledWidget {
    /// How far the search for a rule's next instant goes (a cron date such as
    /// February 29 can be years away; past this the policy is `never`).
    static let nextInstantReach: Int64 = 8 * 366 * 86_400

    /// nil means "no data to show": one placeholder entry and `never`.
    ///
    /// A timeline with no instant after `now` (none in the horizon, or `maxEntries` 1)
    /// whose rule would say `atEnd` asks for `after(the rule's next instant)`
    /// instead, or `never` when it has none within `nextInstantReach`: a reload
    /// at the entry at `now` could only repeat it.
    func plan(request: RequestScope, now: Instant, end: Instant, context: TimelineContext) -> PlannedTimeline? {
        guard var planned = plan(request: request, now: now, end: end, cap: maxEntries, context: context) else { return nil }
        if planned.slots.count == 1, planned.policy == .atEnd {
            planned.policy = nextInstantPolicy(request: request, now: now, context: context)
        }
        return planned
    }

    /// `after(the rule's first instant after now)`, or `never` within `nextInstantReach`.
    private func nextInstantPolicy(request: RequestScope, now: Instant, context: TimelineContext) -> ReloadPolicy {
        // The rule's own planning, two entries long, over the whole reach.
        guard let ahead = plan(request: request, now: now, end: now + Self.nextInstantReach, cap: 2, context: context) else {
            return .never
        }
        if ahead.slots.count > 1 { return .after(ahead.slots[1].date) }
        if case .after = ahead.policy { return ahead.policy }  // a market's next open
        return .never
    }

    private func plan(request: RequestScope, now: Instant, end: Instant, cap: Int, context: TimelineContext) -> PlannedTimeline? {
        // Every rule stops at the cap (maxEntries, the entry at T included), so nothing is planned and dropped.
        switch rule {
        case .once:
            return PlannedTimeline(slots: [PlannedEntry(date: now)], policy: .never)

        case .every(let field, let aligned):
            guard let step = duration(field, "every", request, context) else { return nil }
            var slots = [PlannedEntry(date: now)]
            if aligned, let pattern = AlignedEvery(seconds: step) {
                var it = pattern.instants(after: now, in: zone, before: end + 1)
                while slots.count < cap, let t = it.next() { slots.append(PlannedEntry(date: t)) }
            } else {
                var t = now + step
                while slots.count < cap, t <= end { slots.append(PlannedEntry(date: t)); t = t + step }
            }
            return PlannedTimeline(slots: slots, policy: .atEnd)

        case .cron(let cron):
            var slots = [PlannedEntry(date: now)]
            var it = cron.fireTimes(after: now, in: zone, before: end + 1)
            while slots.count < cap, let t = it.next() { slots.append(PlannedEntry(date: t)) }
            return PlannedTimeline(slots: slots, policy: .atEnd)

        case .daily(let daily):
            let slotsOfDay = DailySlots(minutesOfDay: daily.map(\.minuteOfDay), zone: zone)
            func entry(_ date: Instant, _ k: Int) -> PlannedEntry {
                let slot = daily[k]
                return PlannedEntry(date: date, variables: .slot(slot.variable), contentID: k + 1)
            }
            var slots = [entry(now, slotsOfDay.slotInForce(at: now) ?? 0)]
            var t = now
            while slots.count < cap, let (next, k) = slotsOfDay.next(after: t), next <= end {
                slots.append(entry(next, k))
                t = next
            }
            return PlannedTimeline(slots: slots, policy: .atEnd)

        case .sequence(let source, let every):
            guard let step = duration(every, "sequence every", request, context) else { return nil }
            guard let records = request.data[source]?.array, !records.isEmpty else {
                context.warn(code: "data-empty", message: "sequence data '\(source)' is not a non-empty array; showing the placeholder")
                return nil
            }
            var slots: [PlannedEntry] = []
            slots.reserveCapacity(min(records.count, cap))
            let list = RecordList(records)
            for i in records.indices {
                let date = now + Int64(i) * step
                guard date <= end, slots.count < cap else { break }
                slots.append(PlannedEntry(date: date, variables: .record(list, index: i)))
            }
            return PlannedTimeline(slots: slots, policy: .atEnd, records: records)

        case .progress(let p):
            return planProgress(p, request: request, now: now, end: end, cap: cap, context: context)

        case .schedule(let schedule):
            return planSchedule(schedule, request: request, now: now, end: end, cap: cap, context: context)

        case .market(let calendar, let every):
            guard let step = duration(every, "market every", request, context) else { return nil }
            let plan = MarketTimeline.plan(calendar: calendar, every: step, now: now, horizonEnd: end, maxEntries: cap)
            let slots = plan.entries.map { entry in
                var market = JSONObject([("state", .string(entry.state.rawValue)), ("exchange", .string(calendar.mic))])
                if let session = entry.session {
                    market["open"] = .string(zone.iso8601(session.open))
                    market["close"] = .string(zone.iso8601(session.close))
                }
                return PlannedEntry(date: entry.date, variables: .market(.object(market)))
            }
            let policy: ReloadPolicy
            switch plan.policy {
            case .after(let open): policy = .after(open)
            case .atEnd: policy = .atEnd
            case .never: policy = .never
            }
            return PlannedTimeline(slots: slots, policy: policy)
        }
    }

    private func planProgress(_ p: ProgressRule, request: RequestScope, now: Instant, end: Instant, cap: Int, context: TimelineContext) -> PlannedTimeline? {
        func number(_ f: Field<Double>, _ name: String) -> Double? {
            switch FieldValues.number(f, request) {
            case .success(let n): return n
            case .failure(let problem):
                context.warn(code: "template-value", message: "progress \(name): \(problem)")
                return nil
            }
        }
        guard let value = number(p.value, "value"), let by = number(p.by, "by"), let to = number(p.to, "to"),
              let step = duration(p.every, "progress every", request, context) else { return nil }
        let since: Instant
        switch FieldValues.instant(p.since, request) {
        case .success(let i?): since = i
        case .success(nil):
            context.warn(code: "template-value", message: "progress since rendered empty")
            return nil
        case .failure(let problem):
            context.warn(code: "template-value", message: "progress since: \(problem)")
            return nil
        }
        // value(t) = min(to, value + by * floor((t - since) / every)); max() when counting down.
        func valueAt(_ t: Instant) -> Double {
            let steps = Double(CivilTime.floorDiv(t - since, step))
            let v = value + by * steps
            return by >= 0 ? min(to, v) : max(to, v)
        }
        func reached(_ v: Double) -> Bool { by >= 0 ? v >= to : v <= to }
        func entry(_ t: Instant, _ v: Double) -> PlannedEntry {
            PlannedEntry(date: t, variables: .progress(Self.number(v)))
        }
        let current = valueAt(now)
        if reached(current) || by == 0 {
            return PlannedTimeline(slots: [entry(now, current)], policy: .never)
        }
        var slots = [entry(now, current)]
        var k = CivilTime.floorDiv(now - since, step) + 1
        while slots.count < cap {
            let t = since + k * step
            guard t <= end else { break }
            let v = valueAt(t)
            slots.append(entry(t, v))
            if reached(v) { break }
            k += 1
        }
        return PlannedTimeline(slots: slots, policy: .atEnd)
    }

    /// `schedule` (docs/language.md): an entry at T, then one at each item's `at` and `end` in
    /// `(T, end]`. Policy: `atEnd` when there are entries after T; else `after` the first `at` or
    /// `end` beyond the horizon; else `never`, or `after(T + horizon)` for a widget with a URL source
    /// (the list may change upstream). An explicit `policy` overrides it (the caller applies it).
    private func planSchedule(
        _ schedule: PlanSchedule, request: RequestScope, now: Instant, end horizonEnd: Instant, cap: Int, context: TimelineContext
    ) -> PlannedTimeline? {
        guard let list = scheduleList(schedule, request: request, context: context) else { return nil }
        var instants = list.starts.filter { $0 > now && $0 <= horizonEnd }
        for case let t? in list.ends where t > now && t <= horizonEnd { instants.append(t) }
        instants.sort()
        var slots = [PlannedEntry(date: now, variables: .schedule(list, date: now))]
        for t in instants where t != slots[slots.count - 1].date {
            guard slots.count < cap else { break }
            slots.append(PlannedEntry(date: t, variables: .schedule(list, date: t)))
        }
        let policy: ReloadPolicy
        if slots.count > 1 {
            policy = .atEnd
        } else if let first = instants.first {
            // maxEntries 1: the timeline holds T alone, and the next instant is within the horizon.
            policy = .after(first)
        } else if let later = (list.starts + list.ends.compactMap { $0 }).filter({ $0 > horizonEnd }).min() {
            policy = .after(later)
        } else {
            policy = urlSources.isEmpty ? .never : .after(horizonEnd)
        }
        // The first entry stands for the latest start or end at or before T (null before the first item).
        let latest = (list.starts + list.ends.compactMap { $0 }).filter { $0 <= now }.max()
        return PlannedTimeline(slots: slots, policy: policy, latestInstant: latest)
    }

    /// The schedule's items at this reload, sorted by `at` (as instants; the list's order among
    /// equal ones). An item whose `at` is not an instant is skipped with a warning naming its index.
    private func scheduleList(_ schedule: PlanSchedule, request: RequestScope, context: TimelineContext) -> ScheduleList? {
        let path = schedule.items.joined(separator: ".")
        let root = schedule.items[0] == "let" ? request.lets : request.data
        guard case .array(let records)? = root.lookup(path: schedule.items, from: 1) else {
            context.warn(code: "data-empty", message: "schedule items '\(path)' is not a list; showing the placeholder")
            return nil
        }
        var rows: [(at: Instant, end: Instant?, item: JSONValue)] = []
        rows.reserveCapacity(records.count)
        for (i, record) in records.enumerated() {
            let scope = ScheduleItemScope(request: request, record: record, index: i)
            let at = schedule.at.render(scope)
            guard let start = Self.instant(at) else {
                context.warn(
                    code: "schedule-item",
                    message: "schedule item \(i) of '\(path)': at '\(schedule.at.source)' rendered \(JSONWriter.string(at)), which is not an instant; skipped")
                continue
            }
            var itemEnd: Instant? = nil
            if let endTemplate = schedule.end {
                let value = endTemplate.render(scope)
                if let t = Self.instant(value), t < start {
                    // An item that ends before it starts would never be current: its end is dropped.
                    context.warn(
                        code: "schedule-item",
                        message: "schedule item \(i) of '\(path)': end \(JSONWriter.string(value)) is before its at \(JSONWriter.string(at)); the end is ignored and the item lasts until the next one starts")
                } else if let t = Self.instant(value) {
                    itemEnd = t
                } else if !(value.isNull || value.string == "") {
                    context.warn(
                        code: "schedule-item",
                        message: "schedule item \(i) of '\(path)': end '\(endTemplate.source)' rendered \(JSONWriter.string(value)), which is not an instant; the item lasts until the next one starts")
                }
            }
            rows.append((start, itemEnd, record))
        }
        // A stable sort: items at the same instant keep the list's order.
        let order = rows.indices.sorted { rows[$0].at < rows[$1].at || (rows[$0].at == rows[$1].at && $0 < $1) }
        return ScheduleList(
            items: order.map { rows[$0].item }, starts: order.map { rows[$0].at }, ends: order.map { rows[$0].end },
            upcoming: schedule.upcoming)
    }

    /// An ISO 8601 instant rendered by a template (or a decoded `dates:` value); nil for anything else.
    private static func instant(_ value: JSONValue) -> Instant? {
        guard case .string(let text) = value, !text.isEmpty, let parsed = try? InstantParser.parse(text) else { return nil }
        return parsed.instant
    }

    /// Whole numbers stay integers in the output (`25`, not `25.0`).
    package static func number(_ v: Double) -> JSONValue {
        if v == v.rounded(.towardZero), abs(v) < 9e15 { return .int(Int(v)) }
        return .double(v)
    }

    private func duration(_ field: Field<Int64>, _ name: String, _ request: RequestScope, _ context: TimelineContext) -> Int64? {
        switch FieldValues.duration(field, request) {
        case .success(let s): return s
        case .failure(let problem):
            context.warn(code: "template-value", message: "\(name): \(problem)")
            return nil
        }
    }

    /// The rule's latest instant at or before `now`: what the entry at `now` stands for
    /// (`entry.instant`). Only rules whose instants are fixed on the clock have one (cron, daily,
    /// aligned `every` and `hourly`); nil for the others, or when none is within `nextInstantReach`.
    func latestRuleInstant(atOrBefore now: Instant, request: RequestScope, context: TimelineContext) -> Instant? {
        func last<I: IteratorProtocol>(_ instants: I) -> Instant? where I.Element == Instant {
            var it = instants
            var found: Instant?
            while let t = it.next() { found = t }
            return found
        }
        switch rule {
        case .cron(let cron):
            // Widening windows, so a minute's cron looks back an hour and February 29 up to 8 years.
            for window: Int64 in [3_600, 90_000, 32 * 86_400, 367 * 86_400, Self.nextInstantReach] {
                if let t = last(cron.fireTimes(after: now - window, in: zone, before: now + 1)) { return t }
            }
            return nil
        case .daily(let daily):
            // Every slot happens every local day: the last two days hold the latest one.
            let slots = DailySlots(minutesOfDay: daily.map(\.minuteOfDay), zone: zone)
            var found: Instant?
            var t = now - 2 * 86_400
            while let (next, _) = slots.next(after: t), next <= now {
                found = next
                t = next
            }
            return found
        case .every(let field, let aligned):
            guard aligned, case .success(let step) = FieldValues.duration(field, request), let pattern = AlignedEvery(seconds: step) else { return nil }
            // Aligned instants are at most a step and a clock change apart.
            return last(pattern.instants(after: now - step - 3 * 3_600, in: zone, before: now + 1))
        case .progress, .sequence, .schedule, .once, .market:
            return nil
        }
    }

    /// For grid rules shown as a placeholder: try again at the grid's next instant.
    func nextGridPolicy(after now: Instant, _ context: TimelineContext) -> ReloadPolicy {
        nextInstantPolicy(request: requestScope(context, data: .object(JSONObject())), now: now, context: context)
    }
}
