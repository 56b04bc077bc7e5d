import WidgetSupport
import WidgetCEL
import WidgetTemplates
import WidgetTime

/// The compiled widget as WidgetKit's timeline provider.
extension CompiledWidget: TimelineProvider {
    package func placeholder(in context: TimelineContext) -> TimelineEntry {
        fixedEntry(placeholderContent, context)
    }

    package func snapshot(in context: TimelineContext) -> TimelineEntry {
        fixedEntry(snapshotContent, context)
    }

    /// An entry of fixed content, its `param.*` and `family` tags rendered (the only ones validate allows there).
    private func fixedEntry(_ content: JSONObject, _ context: TimelineContext) -> TimelineEntry {
        let request = requestScope(context, data: .object(JSONObject()))
        let scope = EntryScope(request: request, date: context.date, index: 0, zone: zone, rule: .none)
        let shown = fixedContentHasTags ? (FixedContent.render(.object(content), scope).object ?? content) : content
        let entry = TimelineEntry(date: context.date, content: shown, url: url?.renderString(scope))
        warnFormatFailures(request, context)
        return entry
    }

    /// A reload with the context's blocking fetcher (a run's network): its URL sources one after another.
    package func timeline(in context: TimelineContext) -> Timeline {
        var reload = Reload()
        beginReload(context, into: &reload)
        // The fetcher taken only for a round: `context.fetcher ?? NoNetwork()` before the loop
        // copied the existential at every reload, with URL sources or not (5 M instructions over
        // run300, callgrind).
        while let round = reload.nextRound(self, context) {
            reload.apply(round, answers: round.fetchInOrder(context.fetcher ?? NoNetwork()), self, context)
        }
        return jittered(timeline(reload, context), context)
    }

    /// A reload as a device makes it: each round's requests sent all at once through `fetcher`
    /// (one round unless a request reads another's answer, docs/network-data.md), cut at
    /// `deadline` (for all the rounds together) or when the calling task is cancelled.
    /// `swift`: what gives the `swift:` sources their values (without one, their fixtures are read).
    package func timeline(
        in context: TimelineContext, fetcher: any AsyncDataFetcher, deadline: Duration, swift: (any SwiftSourceLoader)? = nil
    ) async -> Timeline {
        var context = context
        if let swift, !swiftSources.isEmpty { context.swiftAnswers = await loadSwiftSources(context, loader: swift) }
        var reload = Reload()
        beginReload(context, into: &reload)
        let clock = ContinuousClock()
        let start = clock.now
        while let round = reload.nextRound(self, context) {
            let left = deadline - (clock.now - start)
            let answers = await round.fetchConcurrently(fetcher, deadline: left > .zero ? left : .zero)
            reload.apply(round, answers: answers, self, context)
        }
        return jittered(timeline(reload, context), context)
    }

    /// The timeline with its `after` date moved by the install's jitter offset (docs/fleet.md).
    private func jittered(_ timeline: Timeline, _ context: TimelineContext) -> Timeline {
        let jitter = context.jitter ?? policyJitter
        guard jitter > 0 else { return timeline }
        var moved = timeline
        moved.policy = InstallJitter.applying(jitter, seed: context.installSeed, kind: kind, to: timeline.policy)
        return moved
    }

    /// A reload's start: the container's files and settings, and the instance's parameters.
    /// Filled in place: a `Reload` made here and returned was copied twice on its way out
    /// (~26 retains and 39 releases a reload, callgrind of `run` over 30 generated widgets).
    func beginReload(_ context: TimelineContext, into reload: inout Reload) {
        // A missing file shows the placeholder whatever the URLs answer: none is fetched.
        let (loaded, retry, bytes) = loadData(context)
        reload.param = instanceParameters(context)
        guard var files = loaded?.object else {
            reload.fileRetry = retry
            return
        }
        var entityLists = JSONObject()
        for source in dataSources {
            guard let parameter = source.entityParameter else { continue }
            if let list = files[source.name] { entityLists[parameter] = list }
            files.removeValue(forKey: source.name)
        }
        if !sourceDates.isEmpty { decodeDates(&files, context) }
        reload.files = files
        reload.usedBytes = bytes
        reload.entityLists = entityLists
    }

    /// The instance's parameter values over the defaults, as the instance holds them (an entity
    /// parameter's chosen id, or nothing): what the response store keys kept answers by.
    func instanceParameters(_ context: TimelineContext) -> JSONObject {
        var params = defaultParameters
        for (k, v) in context.parameters { params[k] = v }
        return params
    }

    private func timeline(_ reload: Reload, _ context: TimelineContext) -> Timeline {
        let now = context.date
        if reload.entityMissing {
            let policy: ReloadPolicy = ruleDoesNotNeedData ? nextGridPolicy(after: now, context) : .never
            return placeholderTimeline(context, policy: applyingRetry(reload.urlRetry, to: policy, now: now, lastEntry: now))
        }
        let retry = reload.files == nil ? reload.fileRetry : reload.urlRetry
        let urlFailed = reload.files != nil && !reload.ok
        guard let files = reload.files, reload.ok else {
            var policy: ReloadPolicy = ruleDoesNotNeedData ? nextGridPolicy(after: now, context) : .never
            // A failed request keeps the widget's own policy (its `.after(1 hour)`): no app write will bring the data.
            if urlFailed, let policyOverride = self.policy {
                policy = resolve(policyOverride, now: now, request: requestScope(context, data: .object(JSONObject())), context: context) ?? policy
            }
            return placeholderTimeline(context, policy: applyingRetry(retry, to: policy, now: now, lastEntry: now))
        }
        let data = JSONValue.object(files)
        let request = requestScope(context, data: data, param: reload.param)
        request.sources = .object(reload.sources)
        // The lets of the reload, before anything that may read them (timeline options, content);
        // those a request or an entity read are already computed (`ReloadOrder`).
        var letsOfReload: LetEvaluator.Reload? = nil
        var letFailures: [(name: String, message: String)] = []
        if let letEvaluator {
            let early = reloadOrder.earlyLets
            let computed = letEvaluator.reload(
                param: request.param, data: data, family: context.family.rawValue, source: request.sources, after: reload.lets,
                only: early.isEmpty ? nil : { !early.contains($0) }, cache: dataCache)
            request.lets = .object(computed.json)
            letFailures = computed.failures
            letsOfReload = computed
        }
        defer { letEvaluator?.warn(letFailures, context) }
        let horizonSeconds: Int64
        switch FieldValues.duration(horizon, request) {
        case .success(let s): horizonSeconds = s
        case .failure(let problem):
            context.warn(code: "template-value", message: "horizon: \(problem); using 24h")
            horizonSeconds = 86_400
        }
        let end = now + horizonSeconds
        guard var planned = plan(request: request, now: now, end: end, context: context) else {
            return placeholderTimeline(context, policy: applyingRetry(retry, to: .never, now: now, lastEntry: now))
        }
        var policy = planned.policy
        if let policyOverride = self.policy {
            policy = resolve(policyOverride, now: now, request: request, context: context) ?? policy
        }
        // Events render with the request and the rule's variables at T (a market's `market.close`).
        let eventTimes = events.isEmpty ? [] : eventInstants(
            now: now, scope: EntryScope(request: request, date: now, index: 0, zone: zone, rule: planned.slots.first?.variables ?? .none), context: context)
        if let last = planned.slots.last?.date, !eventTimes.isEmpty {
            let instants = eventTimes.filter { $0 > now }
            if let cut = instants.filter({ $0 < last }).min() {
                // Events cut the timeline at the first known moment after T and before its last entry.
                planned.slots.removeAll { $0.date > cut }
                policy = .after(cut)
            } else if let later = instants.min() {
                // One at or after the last entry: a reload then, unless the policy already comes sooner.
                let reload: Instant?
                switch policy {
                case .atEnd: reload = last
                case .after(let d): reload = d
                case .never: reload = nil
                }
                if reload.map({ $0 > later }) ?? true { policy = .after(later) }
            }
        }
        var missing: [String] = []
        // Fields that do not change from entry to entry render once per timeline.
        var firstScope = EntryScope(request: request, date: now, index: 0, zone: zone, rule: .none)
        if namesEntryInstant {
            // The entry at T stands for the latest of the rule's instants and the events at or before T.
            let latestEvent = eventTimes.filter { $0 <= now }.max()
            let latestRule = latestRuleInstant(atOrBefore: now, request: request, context: context) ?? planned.latestInstant
            firstScope.startInstant = [latestEvent, latestRule].compactMap { $0 }.max()
        }
        var contents = TimelineContent(
            content: content, slots: slotContents, family: familyContent[context.family.rawValue], firstScope: firstScope,
            records: planned.records, entries: planned.slots.count, renderedLets: letsOfReload?.rendered,
            memo: dataCache?.layouts(of: context.family), missing: &missing)
        let fixedURL = urlVaries ? nil : url.map { $0.renderString(firstScope, missing: &missing) }
        // Each entry's relevance (`relevance:`), its duration rendered once per reload.
        var relevanceSeconds: Int64 = 0
        if let relevanceDuration {
            switch FieldValues.duration(relevanceDuration, request) {
            case .success(let s): relevanceSeconds = s
            case .failure(let problem): context.warn(code: "template-value", message: "relevance duration: \(problem); using 0")
            }
        }
        // The entries' lets evaluated over the reload's with what is set up here, once: the
        // reload's lets bound per entry copied them (three retains and releases an entry), and
        // the entry's lets are one object the scope holds, written entry by entry (with the
        // evaluator kept: 163.2 M -> 155.9 M instructions, bench/let_bench.py's lets on a
        // tutorials copy over 10 days, callgrind).
        // (Without lets, the loop tests only `entryLetEvaluator`: nil.)
        let entryLetEvaluator = letsOfReload == nil ? nil : letEvaluator.flatMap { $0.hasPerEntry || relevanceDuration != nil ? $0 : nil }
        var letBuffers = entryLetEvaluator.map { $0.entries(of: letsOfReload!) }
        var scope = firstScope
        if let letBuffers, letEvaluator?.hasPerEntry == true { scope.entryLets = letBuffers.lets }
        let entries = addEntries(
            planned.slots, to: &contents, from: scope, fixedURL: fixedURL, lets: entryLetEvaluator, &letBuffers, &letFailures,
            relevanceSeconds: relevanceSeconds, missing: &missing)
        let dates = entries.dates
        let table = contents.table(dates: dates, placements: entries.placements, urls: entries.urls, relevance: entries.relevance)
        for path in missing where path.hasPrefix("data.") || path.hasPrefix("record") {
            context.warn(code: "data-path-missing", message: "'\(path)' is missing from the data; it rendered empty")
        }
        warnFormatFailures(request, context)
        policy = applyingRetry(retry, to: policy, now: now, lastEntry: dates.last)
        return Timeline(table: table, policy: policy)
    }

    // MARK: - Pieces

    /// Each entry in turn from `scope`: its row added to `contents`, its date, placement, URL and
    /// relevance. A function of its own: inlined in `timeline(_:_:)`, its loop checked `dates` and
    /// `placements` for uniqueness at every append (the compiler hoisted neither check out of the
    /// loop of so large a function), and the loop's code lay among the reload's.
    @inline(never)
    private func addEntries(
        _ slots: [PlannedEntry], to contents: inout TimelineContent, from scope: EntryScope, fixedURL: String?,
        lets entryLetEvaluator: LetEvaluator?, _ letBuffers: inout LetEvaluator.EntryBuffers?,
        _ letFailures: inout [(name: String, message: String)], relevanceSeconds: Int64, missing: inout [String]
    ) -> (dates: [Instant], placements: [EntryTable.Placement], urls: EntryTable.URLs, relevance: [EntryRelevance?]) {
        var scope = scope
        var dates: [Instant] = []
        var placements: [EntryTable.Placement] = []
        dates.reserveCapacity(slots.count)
        placements.reserveCapacity(slots.count)
        var relevance: [EntryRelevance?] = []
        if relevanceDuration != nil { relevance.reserveCapacity(slots.count) }
        var urls: [String?] = []
        // `prefix{{n}}suffix` with an integer n keeps n per entry, and the writers put the
        // digits between the texts: a String rendered per entry was 12.7% of the instructions
        // of a 30-day run of the examples (callgrind, 876.1 M -> see bench/RUN.md).
        var numbers: [Int] = []
        var numbered = urlAroundVariable != nil
        for index in slots.indices {
            scope.date = slots[index].date
            scope.index = index
            scope.rule = slots[index].variables
            if let entryLetEvaluator {
                // As EntryScope.instant: the later entries stand for their own dates.
                let standsFor = index > 0 ? scope.date : scope.startInstant
                let score = entryLetEvaluator.entry(
                    date: scope.date, index: index, standsFor: standsFor, zone: zone, rule: scope.rule, buffers: &letBuffers!,
                    failures: &letFailures)
                if relevanceDuration != nil { relevance.append(score.map { EntryRelevance(score: $0, duration: relevanceSeconds) }) }
            }
            dates.append(scope.date)
            placements.append(contents.add(contentID: slots[index].contentID, index: index, scope: scope, missing: &missing))
            guard urlVaries else { continue }
            if numbered, let parts = urlAroundVariable {
                if case .int(let n) = scope.value(parts.path) {
                    numbers.append(n)
                    continue
                }
                // Not an integer (or missing): every entry's URL as text from here on.
                numbered = false
                urls = numbers.map { parts.prefix + String($0) + parts.suffix }
                numbers = []
            }
            urls.append(url.map { $0.renderString(scope, missing: &missing) })
        }
        let urlColumn: EntryTable.URLs
        if !urlVaries {
            urlColumn = fixedURL.map { .same($0) } ?? .none
        } else if numbered, let parts = urlAroundVariable {
            urlColumn = .numbered(prefix: parts.prefix, suffix: parts.suffix, numbers)
        } else {
            urlColumn = .each(urls)
        }
        return (dates, placements, urlColumn, relevance)
    }


    /// Each tag whose value its format could not show during the reload, once (`template-format`).
    func warnFormatFailures(_ request: RequestScope, _ context: TimelineContext) {
        for failure in request.formatFailures?.take() ?? [] {
            context.warn(code: "template-format", message: failure.message)
        }
    }

    private var ruleDoesNotNeedData: Bool {
        switch rule {
        case .every, .daily, .cron, .market: true
        case .progress, .sequence, .schedule, .once: false
        }
    }

    /// `param`: the reload's values (entities resolved); nil: the instance's as given.
    func requestScope(_ context: TimelineContext, data: JSONValue, param: JSONObject? = nil) -> RequestScope {
        let scope = RequestScope(param: .object(param ?? instanceParameters(context)), data: data, family: context.family)
        scope.formatting = TemplateFormatting(zone: zone, locale: locale)
        scope.now = context.date
        return scope
    }

    private func renderURL(_ scope: RequestScope, at date: Instant) -> String? {
        guard let url else { return nil }
        return url.renderString(EntryScope(request: scope, date: date, index: 0, zone: zone, rule: .none))
    }

    /// One placeholder entry at T: shown while data is missing or malformed.
    private func placeholderTimeline(_ context: TimelineContext, policy: ReloadPolicy) -> Timeline {
        Timeline(entries: [placeholder(in: context)], policy: policy)
    }

    /// Reads every data source from the container; nil (after a warning) if any is missing or
    /// malformed, with the earliest `retry` of those.
    func loadData(_ context: TimelineContext) -> (data: JSONValue?, retry: Int64?, bytes: Int) {
        var data = JSONObject()
        var ok = true
        var retry: Int64?
        var total = 0
        for source in dataSources {
            let (name, path) = (source.name, source.path)
            func failed() {
                ok = false
                retry = min(retry ?? source.retry, source.retry)
            }
            let bytesRead: ContainerFile
            if let swift = source.swift {
                if let answers = context.swiftAnswers {
                    // On the device: the extension's type answered (or threw).
                    switch answers[name] {
                    case .success(let bytes)?:
                        bytesRead = .found(bytes)
                    case .failure(let failure)?:
                        context.warn(code: "swift-source", message: "\(source.owner): \(swift.source.type).load threw: \(failure.message); showing the placeholder")
                        failed()
                        continue
                    case nil:
                        context.warn(code: "swift-source", message: "\(source.owner): no answer from \(swift.source.type); showing the placeholder")
                        failed()
                        continue
                    }
                } else if path.isEmpty {
                    context.warn(code: "swift-fixture", message: "\(source.owner) (swift: \(swift.source.type)) has no fixture, which run and preview read instead of calling it; showing the placeholder")
                    failed()
                    continue
                } else {
                    bytesRead = context.container.read(path)
                }
            } else {
                bytesRead = context.container.read(path)
            }
            switch bytesRead {
            case .found(let bytes):
                total += bytes.count
                if total > MemoryBudget.reloadBytes {
                    context.warn(code: "data-budget", message: "\(source.label) brings the reload's data to \(total) bytes, over the \(MemoryBudget.reloadBytes) a reload may hold (docs/memory-budget.md); showing the placeholder")
                    failed()
                    continue
                }
                // The same bytes parse to the same value: reuse it (a scenario write changes the bytes).
                if let cached = dataCache?.value(for: path, bytes: bytes) {
                    data[name] = cached
                    continue
                }
                switch dataDecoder(bytes, path) {
                case .success(let value):
                    data[name] = value
                    dataCache?.store(value, for: path, bytes: bytes)
                case .failure(let error):
                    context.warn(code: "data-malformed", message: "\(source.label) is malformed at line \(error.location.line), column \(error.location.column): \(error.message); showing the placeholder")
                    failed()
                }
            case .missing:
                // A file that only stands in for a URL source (`fallback`) is absent until the app writes it.
                if fallbackOnly.contains(name) { continue }
                if source.swift != nil {
                    context.warn(code: "swift-fixture", message: "\(source.label) is missing from the container (run and preview read it instead of calling the type); showing the placeholder")
                } else {
                    context.warn(code: "data-missing", message: "container file '\(path)' is missing; showing the placeholder")
                }
                failed()
            case .refused(let refusal):
                context.warn(code: "data-path", message: "\(source.swift == nil ? "container file" : "\(source.owner): fixture") \(refusal); showing the placeholder")
                failed()
            case .unreadable(let reason):
                context.warn(code: "data-missing", message: "\(source.label) cannot be read: \(reason); showing the placeholder")
                failed()
            }
        }
        if ok, !defaultsSources.isEmpty { loadDefaults(into: &data, context) }
        return ok ? (.object(data), nil, total) : (nil, retry, total)
    }

    private func resolve(_ override: PolicyOverride, now: Instant, request: RequestScope, context: TimelineContext) -> ReloadPolicy? {
        switch override {
        case .atEnd: return .atEnd
        case .never: return .never
        case .afterDuration(let s): return .after(now + s)
        case .afterInstant(let i): return .after(i)
        case .afterTemplate(let t):
            let value = t.render(request)
            let text = value.string ?? ""
            if text.isEmpty { return nil }
            // A bare duration counts from the request, as `after: 2h` does.
            if let s = try? DurationParser.parse(text) { return .after(now + s) }
            if let moment = try? Moment.parse(text) { return .after(moment.instant(from: now)) }
            context.warn(code: "template-value", message: "policy after: '\(t.source)' rendered '\(text)', neither a duration, a relative instant nor an instant")
            return nil
        }
    }

    /// Each event's instant (templates that render empty are no event), before or after `now`.
    private func eventInstants(now: Instant, scope: EntryScope, context: TimelineContext) -> [Instant] {
        var instants: [Instant] = []
        for event in events {
            let at: Instant
            switch event {
            case .instant(let i): at = i
            case .relative(let s): at = now + s
            case .template(let t):
                let value = t.render(scope)
                guard let text = value.string, !text.isEmpty else { continue }  // no event in the data
                do throws(TimeParseError) {
                    at = try Moment.parse(text).instant(from: now)
                } catch {
                    context.warn(code: "template-value", message: "event at: '\(t.source)' rendered '\(text)', which is not an instant: \(error.message)")
                    continue
                }
            }
            instants.append(at)
        }
        return instants
    }
}

/// A container file source (`data.NAME: { file: PATH }`), or a Swift source, read from its
/// fixture off the device (`path`: empty when it names none).
/// A class: each reload walks the sources, and a struct's copy retained and released each of
/// its strings (`beginReload` 14.42 M -> 14.00 M instructions over 2,195 reloads, callgrind of
/// `run` of 30 generated widgets over 30 days).
final class FileSource: Sendable {
    let name: String
    let path: String
    /// How soon a reload that finds the file missing or malformed asks again: a widget added
    /// before the app first writes its data must not stay blank until the app reloads it.
    let retry: Int64
    /// Set for a `swift:` source (docs/swift-hatch.md).
    let swift: CompiledSwiftSource?
    /// Set for an entity parameter's options through the hatch: the parameter's name. Its value
    /// is the parameter's list of options, not a member of `data`.
    let entityParameter: String?

    init(name: String, path: String, retry: Int64, swift: CompiledSwiftSource? = nil, entityParameter: String? = nil) {
        self.name = name
        self.path = path
        self.retry = retry
        self.swift = swift
        self.entityParameter = entityParameter
    }

    /// What warnings call the source: `data source 'steps'`, `parameter 'city' options`.
    var owner: String { entityParameter.map { "parameter '\($0)' options" } ?? "data source '\(name)'" }

    /// The source as warnings name it.
    var label: String {
        guard let swift else { return "container file '\(path)'" }
        return "\(owner) (swift: \(swift.source.type)): its fixture '\(path)'"
    }

    /// `retry` when the widget says none: an hour, 24 reloads a day at most while the data is
    /// missing, well within WidgetKit's daily budget of 40 to 70 (docs/network-data-notes.md).
    static let defaultRetry: Int64 = 3600
}

/// The last parse of each data file, keyed by its bytes.
final class DataCache {
    private var entries: [String: (bytes: [UInt8], value: JSONValue)] = [:]
    /// The last reload's lets, computed again only when what they read differs (Lets.swift).
    var reloadLets: ReloadLetsMemo?
    /// Per family, the layouts of the last reload (TimelineContent). A list searched by family,
    /// not a dictionary: hashing the family's name was 540 instructions a reload (callgrind,
    /// let_bench's corpora over 365 days: 74.4 M -> 23.3 M), and a widget runs in a few families.
    private var layoutMemos: [(family: WidgetFamily, memo: LayoutMemo)] = []

    func layouts(of family: WidgetFamily) -> LayoutMemo {
        for k in layoutMemos.indices where layoutMemos[k].family == family { return layoutMemos[k].memo }
        let memo = LayoutMemo()
        layoutMemos.append((family, memo))
        return memo
    }

    func value(for path: String, bytes: [UInt8]) -> JSONValue? {
        guard let entry = entries[path], entry.bytes == bytes else { return nil }
        return entry.value
    }

    func store(_ value: JSONValue, for path: String, bytes: [UInt8]) {
        entries[path] = (bytes, value)
    }

    /// Each source's value as the lets read it, with the JSON it was made from (held: no other
    /// value can take its storage's address while it is compared to).
    private var celValues: [String: (json: JSONValue, value: CELValue)] = [:]

    /// Source `name`'s CEL value: the last one made while its JSON is the same value (the same
    /// storage, as this cache hands it out again), else `convert`ed anew. bench/let_bench.py's
    /// `size(data)` converted every source at every reload (`data` read whole).
    func celValue(source name: String, json: JSONValue, convert: (JSONValue) -> CELValue) -> CELValue {
        if let cached = celValues[name], sameStorage(cached.json, json) { return cached.value }
        let value = convert(json)
        celValues[name] = (json, value)
        return value
    }
}

/// Container data as a device reads it: JSON. (The command line reads YAML files too.)
package enum JSONData {
    package static let decoder: DataDecoder = { bytes, _ in
        do throws(SourceError) { return .success(try JSONReader.parse(bytes: bytes).json) } catch { return .failure(error) }
    }
}

/// `placeholder` and `snapshot`: text shown without data, where parameters still render.
enum FixedContent {
    static func hasTags(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.contains("{{")
        case .array(let items): items.contains(where: hasTags)
        case .object(let members): members.values.contains(where: hasTags)
        default: false
        }
    }

    /// Every string with a tag rendered (a lone tag keeps its value's type, as in `content`).
    static func render(_ value: JSONValue, _ scope: EntryScope) -> JSONValue {
        switch value {
        case .string(let text) where text.contains("{{"): (try? Template(text))?.render(scope) ?? value
        case .array(let items): .array(items.map { render($0, scope) })
        case .object(let members): .object(JSONObject(distinctKeys: members.keys, values: members.values.map { render($0, scope) }))
        default: value
        }
    }
}
