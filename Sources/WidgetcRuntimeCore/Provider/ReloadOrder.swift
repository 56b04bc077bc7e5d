import WidgetSupport
import WidgetTemplates

/// The order a reload computes what comes after the container's files and settings
/// (docs/network-data.md, "Requests built from data"): URL sources, entity parameters and the
/// lets the first two read, each after what it reads. URL sources whose inputs are ready are
/// requested together (one round); a step that reads an answer still outstanding waits for its
/// round. The other lets are computed at the end, over all the data, as before.
/// The compiler refuses a cycle; a plan file that has one is read as if the edge that closes
/// it were not there.
struct ReloadOrder {
    enum Step: Equatable {
        /// Indices into the widget's `urlSources`, `parameters` and `letEvaluator.lets`.
        case url(Int), entity(Int), `let`(Int)
    }

    /// Every URL source and entity parameter, and the lets they read, in an order where each
    /// comes after what it reads.
    let steps: [Step]
    /// For each step, the URL sources it reads directly (an answer it must wait for).
    let readsURL: [Set<Int>]
    /// The lets computed within `steps`.
    let earlyLets: Set<Int>

    /// Whether the reload is the plain one: every URL source in one round, the lets after.
    var isPlain: Bool { earlyLets.isEmpty && !steps.contains { if case .entity = $0 { true } else { false } } && readsURL.allSatisfy(\.isEmpty) }

    init(urlSources: [URLSource], parameters: [ParameterDeclaration], lets: [PlanLet]) {
        let urlIndex = Dictionary(urlSources.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let letIndex = Dictionary(lets.enumerated().filter { !$1.perEntry }.map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let entityIndex = Dictionary(
            parameters.enumerated().filter { $1.entity != nil }.map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })

        /// What a name read as `root.field` is, when it is a step.
        func stepFor(_ root: String, _ field: String) -> Step? {
            switch root {
            case "data", "source": urlIndex[field].map(Step.url)
            case "let": letIndex[field].map(Step.let)
            case "param": entityIndex[field].map(Step.entity)
            default: nil
            }
        }
        func all(_ root: String) -> [Step] {
            switch root {
            case "data", "source": urlSources.indices.map(Step.url)
            case "let": letIndex.values.sorted().map(Step.let)
            case "param": entityIndex.values.sorted().map(Step.entity)
            default: []
            }
        }
        func reads(_ step: Step) -> [Step] {
            switch step {
            case .url(let i):
                let source = urlSources[i]
                var found: [Step] = []
                for template in [source.url] + source.headers.map(\.value) + (source.body.map { [$0] } ?? []) {
                    for reference in template.references {
                        let c = reference.components
                        if c.count >= 2, let s = stepFor(c[0], c[1]) { found.append(s) } else if c.count == 1 { found += all(c[0]) }
                    }
                }
                found += source.fallback.compactMap { urlIndex[$0].map(Step.url) }
                return found.filter { $0 != step }
            case .entity(let i):
                guard let root = parameters[i].entity?.root else { return [] }
                return stepFor(root.kind, root.name).map { [$0] } ?? []
            case .let(let i):
                let program = lets[i].program
                var found = program.selections.compactMap { stepFor($0.variable, $0.field) }
                for whole in program.wholeReferences { found += all(whole) }
                return found.filter { $0 != step }
            }
        }

        // Depth first from every URL source and entity: the lets reached are the early ones.
        var order: [Step] = []
        var state: [Step: Bool] = [:]  // false: on the path, true: placed
        func visit(_ s: Step) {
            if state[s] != nil { return }  // placed, or a cycle's closing edge
            state[s] = false
            for r in reads(s) { visit(r) }
            state[s] = true
            order.append(s)
        }
        for i in urlSources.indices { visit(.url(i)) }
        for i in entityIndex.values.sorted() { visit(.entity(i)) }
        steps = order
        readsURL = order.map { s in
            Set(reads(s).compactMap { if case .url(let i) = $0 { i } else { nil } })
        }
        earlyLets = Set(order.compactMap { if case .let(let i) = $0 { i } else { nil } })
    }
}

extension ReloadOrder.Step: Hashable {}

extension CompiledWidget {
    /// One reload's data as it is gathered (`ReloadOrder`): the container's files and settings
    /// first, then round after round of URL answers, entity parameters resolved and the lets
    /// the requests read computed in between.
    struct Reload {
        /// The data so far; nil when a container file is missing or malformed (nothing is fetched).
        var files: JSONObject?
        /// When `files` is nil: how soon to ask again (the earliest `retry` of the files at fault).
        var fileRetry: Int64? = nil
        /// The bytes of the files and answers, counted against `MemoryBudget.reloadBytes`.
        var usedBytes = 0
        /// `param`: the instance's values, each entity parameter's record once it is resolved.
        var param: JSONObject
        /// Each URL source's `outcome` and `fetched` so far (`source.NAME`).
        var sources = JSONObject()
        /// The lets computed so far (those the requests and entities read).
        var lets: LetEvaluator.Reload? = nil
        /// False once a URL source has no value (nor a fallback's): the placeholder shows.
        var ok = true
        /// The earliest `retry` of the URL sources that failed or were stale.
        var urlRetry: Int64? = nil
        /// Each entity parameter's list through the hatch (`options: { swift: … }`), by parameter.
        var entityLists = JSONObject()
        /// An entity parameter resolved to nothing (no choice, no default): the placeholder shows.
        var entityMissing = false
        /// The next step of `reloadOrder`, and the URL sources waiting for the round.
        var cursor = 0
        var pending: [Int] = []
        /// `widgetc fetch`: every request is made even after one fails.
        var continuesAfterFailure = false

        /// Empty, for `beginReload` to fill.
        init() {
            param = JSONObject()
        }

        /// The next round of requests, after every step that does not wait for one; nil when
        /// nothing is left to fetch (or the reload already shows the placeholder).
        mutating func nextRound(_ widget: CompiledWidget, _ context: TimelineContext) -> URLRound? {
            guard let files, ok || continuesAfterFailure, !entityMissing else { return nil }
            let order = widget.reloadOrder
            while cursor < order.steps.count {
                if !pending.isEmpty, order.readsURL[cursor].contains(where: pending.contains) { return flush(widget, context) }
                switch order.steps[cursor] {
                case .url(let i):
                    pending.append(i)
                case .entity(let i):
                    let parameter = widget.parameters[i]
                    guard let entity = parameter.entity else { break }
                    let options = widget.entityOptions(
                        entity, parameter: parameter.name, data: files, lets: lets?.json, own: entityLists[parameter.name], context)
                    guard let value = entity.resolve(parameter: parameter.name, choice: context.parameters[parameter.name], options: options, warn: context.warn) else {
                        entityMissing = true
                        return nil
                    }
                    param[parameter.name] = value
                case .let(let i):
                    guard let evaluator = widget.letEvaluator else { break }
                    lets = evaluator.reload(
                        param: .object(param), data: .object(files), family: context.family.rawValue, source: .object(sources), after: lets,
                        only: { $0 == i }, cache: widget.dataCache)
                }
                cursor += 1
            }
            return pending.isEmpty ? nil : flush(widget, context)
        }

        /// The waiting URL sources' requests, rendered over what the reload has so far.
        private mutating func flush(_ widget: CompiledWidget, _ context: TimelineContext) -> URLRound {
            let scope = widget.requestScope(context, data: .object(files ?? JSONObject()), param: param)
            scope.lets = .object(lets?.json ?? JSONObject())
            scope.sources = .object(sources)
            let round = widget.prepareURLSources(context, only: pending, scope: scope)
            pending = []
            return round
        }

        /// A round's answers put into the data (dates decoded), their outcomes recorded.
        mutating func apply(_ round: URLRound, answers: [FetchResult], _ widget: CompiledWidget, _ context: TimelineContext) {
            guard var data = files else { return }
            let (ok, retry, outcomes, used) = widget.applyURLSources(round, answers: answers, into: &data, context, usedBytes: usedBytes)
            usedBytes = used
            var answered = Set<String>()
            for (name, outcome) in outcomes {
                sources[name] = outcome
                // A fallback's value was decoded as that source's.
                if outcome["outcome"]?.string != "failed" { answered.insert(name) }
            }
            if ok, !widget.sourceDates.isEmpty { widget.decodeDates(&data, context, only: answered) }
            files = data
            self.ok = self.ok && ok
            if let retry { urlRetry = min(urlRetry ?? retry, retry) }
        }
    }

    /// The options of entity parameter `name` as a reload at `context.date` reads them (what the
    /// generated `EntityQuery` lists), and the option its default gives; empty when the data is missing.
    package func entityOptions(_ name: String, _ context: TimelineContext) -> (options: [EntityOptions.Option], defaultOption: EntityOptions.Option?) {
        guard let entity = parameters.first(where: { $0.name == name })?.entity else { return ([], nil) }
        var reload = Reload()
        beginReload(context, into: &reload)
        let fetcher = context.fetcher ?? NoNetwork()
        while let round = reload.nextRound(self, context) {
            reload.apply(round, answers: round.fetchInOrder(fetcher), self, context)
        }
        guard let files = reload.files else { return ([], nil) }
        let options = entityOptions(entity, parameter: name, data: files, lets: reload.lets?.json, own: reload.entityLists[name], context)
        return (options, entity.defaultOption(options))
    }

    /// An entity parameter's options at this point of the reload; a `from` that names no list
    /// is warned (`entity-options`) and gives none.
    func entityOptions(
        _ entity: EntityOptions, parameter: String, data: JSONObject, lets: JSONObject?, own: JSONValue? = nil, _ context: TimelineContext
    ) -> [EntityOptions.Option] {
        if let options = entity.options(data: .object(data), lets: .object(lets ?? JSONObject()), own: own) { return options }
        let base: JSONValue = entity.path.first == "let" ? .object(lets ?? JSONObject()) : .object(data)
        let list = entity.swift != nil ? own : base.lookup(path: entity.path, from: 1)
        let found = list.map { JSONWriter.string($0) } ?? "nothing"
        context.warn(code: "entity-options", message: "parameter '\(parameter)': \(entity.listLabel) is not a list (found \(found.count > 60 ? String(found.prefix(60)) + "…" : found)); it has no options")
        return []
    }
}
