import WidgetSupport
import WidgetcRuntimeCore

/// Decoding a widget document into its `WidgetDefinition`: one pass over each
/// mapping's keys, told apart by their bytes (a lookup per key would scan them again).
/// The first member of each name counts, as `node["key"]` finds it.
extension WidgetDefinition {
    package init(decoding root: SourceNode) {
        self.init(root: root)
        decode()
    }

    /// Decodes `root` into this definition, in place. A large struct made and filled inside a
    /// function is copied whole on its way out (each of its nodes retained and the original
    /// released: ~30 pairs a widget, callgrind), so the stages make an empty definition and fill
    /// it here; its data sources and timeline likewise.
    mutating func decode() {
        guard root.isMapping else { return }
        var faceNodes: (view: SourceNode?, familyView: SourceNode?, background: SourceNode?)
        for i in 0..<root.count {
            guard let key = Self.keys.value(ofText: root.keyBytes(i)) else { continue }
            let node = root.child(i)
            switch key {
            case .kind: if kind == nil { kind = Self.text(node) }
            case .displayName: if displayName == nil { displayName = Self.text(node) }
            case .description: if description == nil { description = Self.text(node) }
            case .families: if families == nil { families = Positioned(value: Self.families(node), node: node) }
            case .timeZone: if timeZone == nil { timeZone = Self.text(node) }
            case .parameters:
                guard parametersNode == nil else { continue }
                parametersNode = node
                parameters = Self.mappings(node, Self.parameter)
            case .data:
                guard dataNode == nil else { continue }
                dataNode = node
                data = Self.mappings(node) { DataSource(name: $0, node: $1) }
                for k in data.indices { Self.decode(&data[k]) }
            case .let:
                guard letNode == nil else { continue }
                letNode = node
                lets = Self.lets(node)
            case .content: if content == nil { content = node }
            case .familyContent: if familyContent == nil { familyContent = node }
            case .placeholder: if placeholder == nil { placeholder = node }
            case .snapshot: if snapshot == nil { snapshot = node }
            case .url: if url == nil { url = node }
            case .push: if push == nil { push = node }
            case .relevance: if relevance == nil { relevance = node }
            case .view: if faceNodes.view == nil { faceNodes.view = node }
            case .familyView: if faceNodes.familyView == nil { faceNodes.familyView = node }
            case .background: if faceNodes.background == nil { faceNodes.background = node }
            case .timeline:
                if timeline == nil, node.isMapping {
                    timeline = Timeline(node: node)
                    Self.decode(&timeline!)
                }
            case .intents:
                guard intentsNode == nil else { continue }
                intentsNode = node
                intents = Self.mappings(node, Self.intent)
            case .localization:
                guard !hasLocalization else { continue }
                hasLocalization = true
                catalog = Self.text(node, "catalog")
            }
        }
        // After the loop, not in a `defer`: the deferred assignment copied the whole definition
        // on return (~30 retains and releases a widget, callgrind).
        if faceNodes.view != nil || faceNodes.familyView != nil || faceNodes.background != nil {
            face = ViewDefinition(view: faceNodes.view, familyView: faceNodes.familyView, background: faceNodes.background)
        }
    }

    private enum Key {
        case kind, displayName, description, families, timeZone, parameters, data, content, familyContent
        case placeholder, snapshot, url, timeline, localization, view, familyView, background, `let`, intents, push, relevance
    }

    private static let keys = WordMap<Key>([
        ("kind", .kind), ("displayName", .displayName), ("description", .description), ("families", .families),
        ("timeZone", .timeZone), ("parameters", .parameters), ("data", .data), ("content", .content),
        ("familyContent", .familyContent), ("placeholder", .placeholder), ("snapshot", .snapshot), ("url", .url), ("push", .push),
        ("timeline", .timeline), ("localization", .localization), ("view", .view), ("familyView", .familyView),
        ("background", .background), ("let", .let), ("intents", .intents),
        ("relevance", .relevance),
    ])

    /// One intent: its title, parameters and the items of `perform` that name one known effect.
    private static func intent(_ name: String, _ node: SourceNode) -> Intent {
        var intent = Intent(name: name, node: node)
        intent.title = Self.text(node, "title")
        intent.description = Self.text(node, "description")
        if let parameters = node[word: "parameters"] {
            intent.parametersNode = parameters
            intent.parameters = Self.mappings(parameters, Self.parameter)
        }
        if let perform = node[word: "perform"], perform.isSequence {
            for i in 0..<perform.count {
                let item = perform.child(i)
                if item.isMapping, item[word: "swift"] != nil, (0..<item.count).allSatisfy({ ["swift", "args"].contains(item.key($0)) }) {
                    intent.effects.append(Effect(index: i, kind: .swift, node: item))
                    continue
                }
                guard item.isMapping, item.count == 1, let kind = EffectKind(rawValue: item.key(0)) else { continue }
                intent.effects.append(Effect(index: i, kind: kind, node: item.child(0)))
            }
        }
        return intent
    }

    /// A string value; nil for any other shape.
    private static func text(_ node: SourceNode) -> Text? {
        node.isString ? Text(node: node) : nil
    }

    /// The string member `word` of a mapping, if it is one.
    private static func text(_ mapping: SourceNode, _ word: StaticString) -> Text? {
        guard let node = mapping[word: word], node.isString else { return nil }
        return Text(node: node)
    }

    /// `decode` of each member of a mapping whose value is a mapping, with its key, in order.
    private static func mappings<T>(_ node: SourceNode, _ decode: (String, SourceNode) -> T) -> [T] {
        guard node.isMapping else { return [] }
        var decoded: [T] = []
        decoded.reserveCapacity(node.count)
        for i in 0..<node.count {
            let value = node.child(i)
            if value.isMapping { decoded.append(decode(node.key(i), value)) }
        }
        return decoded
    }

    /// The members of `let` whose value is a string, in order (others are the schema's to report).
    private static func lets(_ node: SourceNode) -> [Let] {
        guard node.isMapping else { return [] }
        var lets: [Let] = []
        for i in 0..<node.count {
            let value = node.child(i)
            if value.isString { lets.append(Let(name: node.key(i), member: i, expression: value)) }
        }
        return lets
    }

    /// The families of a well-formed list (every item a family's name), else nil.
    private static func families(_ node: SourceNode) -> [WidgetFamily]? {
        guard node.isSequence else { return nil }
        var families: [WidgetFamily] = []
        for i in 0..<node.count {
            guard let bytes = node.child(i).stringBytes, let index = WidgetFamilies.words.index(ofText: bytes) else { return nil }
            families.append(WidgetFamily.allCases[index])
        }
        return families
    }

    private static let parameterTypes = WordMap<ParameterType>([
        ("integer", .integer), ("number", .number), ("duration", .duration), ("boolean", .boolean), ("string", .string), ("enum", .enum),
        ("entity", .entity),
    ])

    private enum ParameterKey {
        case type, title, description, min, max, `default`, values, valueTitles, options, multiple
    }

    private static let parameterKeys = WordMap<ParameterKey>([
        ("type", .type), ("title", .title), ("description", .description), ("min", .min), ("max", .max), ("default", .default), ("values", .values),
        ("valueTitles", .valueTitles), ("options", .options), ("multiple", .multiple),
    ])

    /// One parameter, in one pass over its keys (the first member of each name counts).
    private static func parameter(_ name: String, _ node: SourceNode) -> Parameter {
        var p = Parameter(name: name, node: node)
        var typeSeen = false
        for i in 0..<node.count {
            guard let key = parameterKeys.value(ofText: node.keyBytes(i)) else { continue }
            let value = node.document.childNode(node.index, i)
            switch key {
            case .type:
                if !typeSeen, let bytes = node.document.stringBytes(value), let type = parameterTypes.value(ofText: bytes) {
                    p.declaredType = type
                    p.typeIndex = value
                }
                typeSeen = true
            case .title: if p.titleIndex < 0, node.document.kind(value) == .string { p.titleIndex = value }
            case .description: if p.descriptionIndex < 0, node.document.kind(value) == .string { p.descriptionIndex = value }
            case .min: if p.minIndex < 0 { p.minIndex = value }
            case .max: if p.maxIndex < 0 { p.maxIndex = value }
            case .default: if p.defaultIndex < 0 { p.defaultIndex = value }
            case .values: if p.valuesIndex < 0 { p.valuesIndex = value }
            case .valueTitles: if p.valueTitlesIndex < 0 { p.valueTitlesIndex = value }
            case .options: if p.optionsIndex < 0 { p.optionsIndex = value }
            case .multiple: if p.multipleIndex < 0 { p.multipleIndex = value }
            }
        }
        return p
    }

    /// A data source's members, into the source (in place: see `decode()`).
    private static func decode(_ source: inout DataSource) {
        let node = source.node
        source.file = Self.text(node, "file")
        source.dates = node[word: "dates"]
        source.zone = Self.text(node, "zone")
        source.defaults = node[word: "defaults"]
        source.suite = Self.text(node, "suite")
        source.swift = Self.text(node, "swift")
        source.arguments = node[word: "args"]
        source.fixture = Self.text(node, "fixture")
        if source.file != nil || source.swift != nil { source.retry = node[word: "retry"] }
        source.schema = node[word: "schema"]
        // A remote image is fetched as a URL source is: its url inside `image`, the options beside it.
        let image = node[word: "image"].flatMap { $0.isMapping ? $0 : nil }
        if let url = image?[word: "url"] ?? node[word: "url"] {
            var request = Request(url: url)
            request.image = image
            request.method = Self.text(node, "method")
            if let headers = node[word: "headers"], headers.isMapping {
                request.headers = (0..<headers.count).map { (headers.key($0), headers.child($0)) }
            }
            request.body = node[word: "body"]
            request.timeout = node[word: "timeout"]
            request.maxAge = node[word: "maxAge"]
            request.stale = node[word: "stale"]
            request.retry = node[word: "retry"]
            request.select = Self.text(node, "select")
            request.insecure = node[word: "insecure"]?.bool
            request.fallback = (node[word: "fallback"]?.items ?? .empty).compactMap(\.string)
            source.request = request
        }
    }

    private enum TimelineKey {
        case rule(RuleName)
        case horizon, policy, events, align, maxEntries
    }

    private static let timelineKeys = WordMap<TimelineKey>(
        RuleName.allCases.map { (RuleName.word($0), TimelineKey.rule($0)) }
            + [("horizon", .horizon), ("policy", .policy), ("events", .events), ("align", .align), ("maxEntries", .maxEntries)])

    /// A timeline's members, into the timeline (in place: see `decode()`).
    private static func decode(_ timeline: inout Timeline) {
        let node = timeline.node
        var seen: (horizon: Bool, policy: Bool, events: Bool, align: Bool, maxEntries: Bool) = (false, false, false, false, false)
        for i in 0..<node.count {
            guard let key = timelineKeys.value(ofText: node.keyBytes(i)) else { continue }
            let value = node.child(i)
            switch key {
            case .rule(let name):
                timeline.rules.append(RuleEntry(index: i, rule: rule(name, value), node: value))
            case .horizon:
                if !seen.horizon { timeline.horizon = value }
                seen.horizon = true
            case .policy:
                if !seen.policy {
                    timeline.policy = Positioned(value: policy(value), node: value)
                    if value.isMapping { timeline.policyJitter = value[word: "jitter"] }
                }
                seen.policy = true
            case .events:
                if !seen.events { timeline.events = value.items.map { $0[word: "at"] } }
                seen.events = true
            case .align:
                if !seen.align { timeline.align = value.bool }
                seen.align = true
            case .maxEntries:
                if !seen.maxEntries { timeline.maxEntries = value.number }
                seen.maxEntries = true
            }
        }
    }

    private static func rule(_ name: RuleName, _ node: SourceNode) -> Rule {
        switch name {
        case .every: return .every(text(node))
        case .hourly: return .hourly(node.bool)
        case .once: return .once(node.bool)
        case .cron: return .cron(text(node))
        case .daily:
            return .daily(node.items.map { slot in
                DailySlot(
                    node: slot, at: Self.text(slot, "at"), name: Self.text(slot, "name"),
                    content: slot[word: "content"])
            })
        case .market:
            return .market(exchange: Self.text(node, "exchange"), every: node[word: "every"])
        case .sequence:
            return .sequence(items: Self.text(node, "items"), every: node[word: "every"])
        case .schedule:
            return .schedule(Schedule(
                items: Self.text(node, "items"), at: node[word: "at"], end: node[word: "end"], upcoming: node[word: "upcoming"]))
        case .progress:
            return .progress(Progress(
                value: node[word: "value"], since: node[word: "since"], by: node[word: "by"],
                every: node[word: "every"], to: node[word: "to"]))
        }
    }

    private static func policy(_ node: SourceNode) -> Policy {
        if let word = node.string { return .word(word) }
        if node.isMapping { return .after(node[word: "after"]) }
        return .other
    }
}
