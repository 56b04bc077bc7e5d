import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// Simulates one widget instance over a window, as WidgetKit would (spec: "The runtime").
///
/// Decisions the spec leaves open, kept here so they are written down once:
/// - Scenario items at an instant come before the system's own request at that
///   instant, so a policy reload due at 10:30 sees a write made at 10:30.
/// - A scenario reload that can happen at its own instant happens right there,
///   before the items listed after it at that instant.
/// - Pending requests (the policy's, the app's) are served by one reload whose
///   reason is the earliest due one's; on a tie the policy's reason wins.
/// - Two reloads are at least one second apart even with a minimum interval of
///   zero (instants are whole seconds), so a run always moves forward.
/// - Uncounted (foreground) reloads skip the budget but keep the minimum interval.
/// - Scenario writes before `from` are applied before the initial request;
///   reloads before `from` or at `until` and later are ignored.
/// - Snapshot and placeholder runs make one reload at `from` (policy `never`),
///   counted unless `from` is in a foreground window, whatever the budget.
/// - A system change (`locale`, `dynamicType`, `appearance`) reloads at its own instant,
///   uncounted and not held by the spacing; it serves a pending app request too (the new
///   timeline is made from the same container), and later reloads keep their spacing from it.
/// - A tap (docs/intents.md) performs its intent on the run's container in every widget's run
///   (the container is the app's), all or nothing; the tapped widget then reloads at once with
///   reason `interaction`, uncounted and not held by the spacing (like a system change), and a
///   run whose kind the intent's `reload` names gets the app's counted request. A tap before
///   `from` changes the container only; a refused one changes nothing and is warned.
/// - A push is the app's request with reason `push` (WidgetKit reloads "similar to when you call
///   reloadAllTimelines()"); to a widget without `push: true` it is not delivered.
package struct WidgetRun {
    package let provider: any TimelineProvider
    package let configuration: RunConfiguration
    package let container: Container
    /// The run's time zone, for the instants in warning messages.
    package let zone: any UTCOffsetSource
    /// Answers URL data sources' requests; nil: the scenario's `respond` and `offline` items.
    package let fetcher: (any DataFetcher)?

    package init(
        provider: any TimelineProvider, configuration: RunConfiguration,
        container: Container = Container(), zone: any UTCOffsetSource = FixedOffset(seconds: 0),
        fetcher: (any DataFetcher)? = nil
    ) {
        self.provider = provider
        self.configuration = configuration
        self.container = container
        self.zone = zone
        self.fetcher = fetcher
    }

    /// Runs the simulation, handing each reload to `sink` as it happens.
    package func run<Sink: ReloadSink>(into sink: inout Sink) -> RunSummary {
        var scheduler = Scheduler(run: self)
        return scheduler.run(into: &sink)
    }

    /// Runs the simulation and keeps every reload.
    package func collect() -> (reloads: [Reload], summary: RunSummary) {
        var list = ReloadList()
        let summary = run(into: &list)
        return (list.reloads, summary)
    }
}

/// The run's state machine; one per run.
private struct Scheduler {
    private enum Item {
        case write(path: String, value: JSONValue)
        case reload(kind: String?, filter: JSONObject?)
        case push(kind: String)
        case system(SystemChange)
        case defaults(suite: String?, set: JSONObject, remove: [String])
        case tap(ScenarioTap)
    }

    private struct Request {
        var due: Instant
        var reason: ReloadReason
        /// What the policy that asked for it asked (nil for the app's and the initial request).
        var ask: RunChecks.Ask?
    }

    private struct Slot {
        var at: Instant
        var budgetBound: Bool
    }

    let provider: any TimelineProvider
    let config: RunConfiguration
    var container: Container
    let foreground: ForegroundWindows
    /// Writes and reloads sorted by instant, file order kept within an instant.
    private let items: [(at: Instant, item: Item)]
    private var cursor = 0
    private var budget: CountedReloads
    private let minGap: Int64
    private var lastReload: Instant?
    private var policyRequest: Request?
    private var appRequest: Request?
    private let collector = WarningCollector()
    private var checks: RunChecks
    private var used = 0
    /// The most counted reloads in one rolling 24 h window (what the budget limits).
    private var peak = 0
    private var reloadCount = 0
    private var entryCount = 0
    /// URL data sources: the run's network, its kept answers, and the current reload's requests.
    private let fetcher: any DataFetcher
    private let responses = ResponseStore()
    private let requestLog: RequestLog?
    private var requestCount = 0
    /// Remote images the reloads download, moved into `container` after each reload.
    private let images = WrittenImages()

    init(run: WidgetRun) {
        provider = run.provider
        fetcher = run.fetcher ?? ScriptedFetcher(run.configuration.scenario)
        requestLog = (run.provider as? CompiledWidget)?.fetchesURLs == true ? RequestLog() : nil
        config = run.configuration
        container = run.container
        var windows: [(from: Instant, until: Instant)] = []
        var items: [(at: Instant, item: Item)] = []
        for event in run.configuration.scenario.events {
            switch event {
            case let .write(at, path, value): items.append((at, .write(path: path, value: value)))
            case let .reload(at, kind, filter): items.append((at, .reload(kind: kind, filter: filter)))
            case let .push(at, kind): items.append((at, .push(kind: kind)))
            case let .system(at, change, _): items.append((at, .system(change)))
            case let .foreground(from, until): windows.append((from, until))
            case let .defaults(at, suite, set, remove): items.append((at, .defaults(suite: suite, set: set, remove: remove)))
            case let .tap(at, tap): items.append((at, .tap(tap)))
            case .respond, .offline: break  // the fetcher's
            }
        }
        // Stable: equal instants keep file order.
        self.items = items.enumerated().sorted { a, b in
            a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
        }.map(\.element)
        foreground = ForegroundWindows(windows)
        budget = CountedReloads(limit: run.configuration.budget)
        // At least a second (so time moves on), at most a century (so sums cannot overflow).
        minGap = min(max(run.configuration.minInterval, 1), 100 * 366 * CountedReloads.day)
        checks = RunChecks(budget: run.configuration.budget, minGap: minGap, zone: run.zone)
    }

    mutating func run<Sink: ReloadSink>(into sink: inout Sink) -> RunSummary {
        if config.from < config.until {
            switch config.context {
            case .timeline: runTimelines(into: &sink)
            case .snapshot, .placeholder: runPreview(into: &sink)
            }
        }
        for warning in checks.warnings() { collector.report(warning) }
        var summary = RunSummary(
            budgetLimit: config.budget, budgetUsed: used, reloadCount: reloadCount, entryCount: entryCount,
            warnings: collector.warnings)
        if requestLog != nil { summary.requests = requestCount }
        if config.until - config.from > CountedReloads.day { summary.maxIn24h = peak }
        summary.warnings = summary.warnings.inTimeOrder()
        return summary
    }

    // MARK: Timeline runs

    private mutating func runTimelines<Sink: ReloadSink>(into sink: inout Sink) {
        policyRequest = Request(due: config.from, reason: .initial, ask: nil)
        while !sink.isStopped {
            let request = earliestRequest()
            let next = request.flatMap { slot(for: $0.due) }
            if cursor < items.count, items[cursor].at < config.until, next.map({ items[cursor].at <= $0.at }) ?? true {
                let (at, item) = items[cursor]
                cursor += 1
                apply(item, at: at, into: &sink)
                continue
            }
            guard let request, let next, next.at < config.until else { return }
            reload(at: next, serving: request, into: &sink)
        }
    }

    private mutating func apply<Sink: ReloadSink>(_ item: Item, at: Instant, into sink: inout Sink) {
        switch item {
        case let .write(path, value):
            do {
                try container.write(path, value: value)
            } catch {
                collector.report(RunWarning(code: "scenario-write-refused", message: "scenario write refused: \(error)", at: at))
            }
        case let .defaults(suite, set, remove):
            guard let suite = suite ?? (provider as? CompiledWidget)?.defaultsSuite else {
                collector.report(RunWarning(code: "scenario-write-refused", message: "scenario defaults refused: no suite named and the widget reads none", at: at))
                return
            }
            let path = Preferences.path(suite: suite)
            var current: [UInt8]? = nil
            if case .found(let bytes) = container.read(path) { current = bytes }
            switch Preferences.updating(current, set: set, remove: remove) {
            case .success(let bytes):
                do { try container.write(path, bytes: bytes) } catch {
                    collector.report(RunWarning(code: "scenario-write-refused", message: "scenario defaults refused: \(error)", at: at))
                }
            case .failure(let problem):
                collector.report(RunWarning(code: "scenario-write-refused", message: "scenario defaults refused: '\(path)' is \(problem.reason)", at: at))
            }
        case let .reload(kind, filter):
            guard at >= config.from,
                reloadReaches(kind: kind, where: filter, runningKind: config.kind, parameters: config.parameters)
            else { return }
            request(.reload, at: at, into: &sink)
        case let .push(kind):
            guard at >= config.from, kind == config.kind else { return }
            guard config.acceptsPushes else {
                collector.report(RunWarning(
                    code: "push-not-delivered",
                    message: "push for kind '\(kind)' not delivered: the widget has no 'push: true', so WidgetKit gives it no push token",
                    at: at))
                return
            }
            request(.push, at: at, into: &sink)
        case let .system(change):
            guard at >= config.from else { return }
            reload(at: Slot(at: at, budgetBound: false), serving: Request(due: at, reason: change.reason, ask: nil), uncounted: true, into: &sink)
        case let .tap(tap):
            var record = perform(tap, at: at)
            guard at >= config.from, record.error == nil else {
                sink.receive(tap: record)
                return
            }
            if tap.kind == config.kind { record.effect = .interaction } else if record.reloads.contains(config.kind) { record.effect = .requested }
            sink.receive(tap: record)
            // The tapped widget first (WidgetKit's one immediate reload), then the intent's requests.
            if tap.kind == config.kind {
                reload(at: Slot(at: at, budgetBound: false), serving: Request(due: at, reason: .interaction, ask: nil), uncounted: true, into: &sink)
            }
            if record.reloads.contains(config.kind) { request(.reload, at: at, into: &sink) }
        }
    }

    /// Performs a tap's intent on the run's container: every change recorded, or none and a
    /// warning naming the file and the pointer.
    private mutating func perform(_ tap: ScenarioTap, at: Instant) -> TapRecord {
        var record = TapRecord(
            at: at, kind: tap.kind, intent: tap.intent.name, arguments: tap.arguments, changes: [], reloads: [], open: nil,
            error: nil, effect: .none)
        do {
            let outcome = try container.perform(tap.intent, arguments: tap.arguments, suite: (provider as? CompiledWidget)?.appGroup)
            record.arguments = outcome.arguments
            record.changes = outcome.changes
            record.reloads = outcome.reloads
            record.open = outcome.open
            if !outcome.swiftCalls.isEmpty {
                // The extension's Swift cannot run here: said once per tap, with what it would be given.
                let calls = outcome.swiftCalls.map { call in
                    call.type + "(" + call.arguments.values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + ")"
                }
                collector.report(RunWarning(
                    code: "swift-effect",
                    message: "tap \(record.call) on \(tap.kind): its Swift effect \(calls.joined(separator: ", ")) runs on the device only; the container effects were applied",
                    at: at))
            }
        } catch {
            record.error = error.description
            collector.report(RunWarning(
                code: "tap-refused", message: "tap \(record.call) on \(tap.kind) refused, nothing changed: \(error.description)", at: at))
        }
        return record
    }

    /// The app's request (a WidgetCenter call, or a push): pending until the spacing and the
    /// budget allow it; if that is now, it happens before the items listed after it.
    private mutating func request<Sink: ReloadSink>(_ reason: ReloadReason, at: Instant, into sink: inout Sink) {
        if appRequest == nil { appRequest = Request(due: at, reason: reason, ask: nil) }
        if let request = earliestRequest(), let next = slot(for: request.due), next.at == at {
            reload(at: next, serving: request, into: &sink)
        }
    }

    /// The pending request due first; on a tie, the policy's.
    private func earliestRequest() -> Request? {
        guard let app = appRequest else { return policyRequest }
        guard let policy = policyRequest else { return app }
        return app.due < policy.due ? app : policy
    }

    /// The earliest moment at or after `due` that keeps the minimum interval and,
    /// outside foreground windows, the budget; nil when there is none.
    private func slot(for due: Instant) -> Slot? {
        var t = due
        if let last = lastReload, t < last + minGap { t = last + minGap }
        if foreground.contains(t) { return Slot(at: t, budgetBound: false) }
        let allowed = budget.earliestAllowed(from: t)
        if let allowed, allowed <= t { return Slot(at: t, budgetBound: false) }
        // The budget binds: wait for it, or for a foreground window that comes sooner.
        if let start = foreground.nextStart(after: t), allowed.map({ start < $0 }) ?? true {
            return Slot(at: start, budgetBound: true)
        }
        return allowed.map { Slot(at: $0, budgetBound: true) }
    }

    private mutating func reload<Sink: ReloadSink>(at slot: Slot, serving request: Request, uncounted: Bool = false, into sink: inout Sink) {
        let t = slot.at
        let counted = !uncounted && !foreground.contains(t)
        let windowCount = counted ? budget.record(t) : nil
        if counted { used += 1 }
        peak = max(peak, windowCount ?? 0)
        lastReload = t
        if slot.budgetBound {
            checks.noteBudgetDeferral(due: request.due, at: t, ask: request.ask)
        }
        appRequest = nil

        requestLog?.removeAll()
        var context = TimelineContext(
            family: config.family, isPreview: false, date: t, parameters: config.parameters,
            container: container, warnings: collector, fetcher: fetcher, responses: responses, requests: requestLog)
        context.installSeed = config.installSeed
        context.jitter = config.jitter
        context.images = images
        let timeline = provider.timeline(in: context)
        // The images go to the run's private copy of the container, never to the files on disk.
        var written: [(path: String, bytes: [UInt8])] = []
        for (path, bytes) in images.take() {
            guard let bytes else { container.removeWritten(path); continue }
            do { try container.write(path, bytes: bytes) } catch {
                collector.report(RunWarning(code: "image-write", message: "remote image \(path) not written: \(error)", at: t))
                continue
            }
            written.append((path, bytes))
        }
        let requests = requestLog?.requests
        requestCount += requests?.filter(\.wasSent).count ?? 0
        let dates = timeline.dates
        checks.checkSpacing(dates, reloadAt: t)

        // A reload replaces whatever the policy had asked for.
        switch timeline.policy {
        case .atEnd:
            var last = t
            for date in dates where date > last { last = date }
            policyRequest = Request(due: last, reason: .atEnd, ask: last > t ? .spacing(last - t) : .atEndNow)
        case .after(let date):
            // A date at or before the request is due at once (spec, runtime 3).
            policyRequest = Request(due: max(date, t), reason: .after, ask: date > t ? .spacing(date - t) : .pastAfter(date))
        case .never:
            policyRequest = nil
        }
        checks.notePolicy(policyRequest?.ask, at: t)

        reloadCount += 1
        entryCount += dates.count
        sink.receive(Reload(
            at: t, reason: request.reason, counted: counted, deferredFrom: request.due < t ? request.due : nil,
            budgetWindowCount: windowCount, timeline: timeline, requests: requests, images: written))
    }

    // MARK: Snapshot and placeholder runs

    private mutating func runPreview<Sink: ReloadSink>(into sink: inout Sink) {
        let t = config.from
        for (at, item) in items where at <= t {
            switch item {
            case .write, .defaults: apply(item, at: at, into: &sink)
            case let .tap(tap): sink.receive(tap: perform(tap, at: at))
            case .reload, .push, .system: break
            }
        }
        let counted = !foreground.contains(t)
        let windowCount = counted ? budget.record(t) : nil
        if counted { used += 1 }
        peak = max(peak, windowCount ?? 0)
        let isSnapshot = config.context == .snapshot
        let context = TimelineContext(
            family: config.family, isPreview: isSnapshot, date: t, parameters: config.parameters,
            container: container, warnings: collector)
        let entry = isSnapshot ? provider.snapshot(in: context) : provider.placeholder(in: context)
        reloadCount = 1
        entryCount = 1
        sink.receive(Reload(
            at: t, reason: .initial, counted: counted, deferredFrom: nil, budgetWindowCount: windowCount,
            timeline: Timeline(entries: [entry], policy: .never)))
    }
}
