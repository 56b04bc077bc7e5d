import WidgetSupport
import WidgetTemplates

/// What a reload computes after the container's files and settings must have an order (docs/
/// network-data.md, "Requests built from data"): a URL source whose request reads a let, an entity
/// parameter or another URL source's answer comes after them; a cycle among URL sources (their
/// templates and `fallback`), lets and entity parameters is an error at each member, naming the
/// cycle (`reload-cycle`). `fallback` names declared sources other than itself (`data-fallback`).
func checkReloadOrder(_ definition: WidgetDefinition, lets: CheckedLets, _ context: inout CheckContext) {
    checkFallbacks(definition, &context)
    // By index into the definition's data, the checked lets and the parameters: holding each
    // source, let and parameter, a member was copied, consumed and destroyed through its
    // references (~2 kcyc a file of bench/validate's examples slice, callgrind).
    enum Member { case url(Int), `let`(Int), entity(Int) }
    // Counted in place first: most widgets have one member or none, and building the members
    // copies each source and parameter (their nodes retained, callgrind).
    var count = 0
    for i in definition.data.indices where definition.data[i].request != nil { count += 1 }
    for i in lets.lets.indices where !lets.lets[i].perEntry { count += 1 }
    for i in definition.parameters.indices where definition.parameters[i].declaredType == .entity { count += 1 }
    guard count > 1 else { return }
    var members: [Member] = []
    // The members by name under each root, not by a "root.NAME" string made per name read.
    var sources: [String: Int] = [:], letIndex: [String: Int] = [:], entities: [String: Int] = [:]
    members.reserveCapacity(count)
    for k in definition.data.indices where definition.data[k].request != nil {
        sources[definition.data[k].name] = members.count
        members.append(.url(k))
    }
    for k in lets.lets.indices where !lets.lets[k].perEntry {
        letIndex[lets.lets[k].name] = members.count
        members.append(.let(k))
    }
    for k in definition.parameters.indices where definition.parameters[k].declaredType == .entity {
        entities[definition.parameters[k].name] = members.count
        members.append(.entity(k))
    }
    func index(_ root: some StringProtocol) -> [String: Int]? {
        switch root {
        case "data", "source": sources
        case "let": letIndex
        case "param": entities
        default: nil
        }
    }
    func target(_ root: some StringProtocol, _ field: some StringProtocol) -> Int? {
        index(root)?[String(field)]
    }
    var reads = [[Int]](repeating: [], count: members.count)
    for (i, member) in members.enumerated() {
        switch member {
        case .url(let k):
            guard let request = definition.data[k].request else { continue }
            for node in [request.url] + request.headers.map(\.value) + (request.body.map { [$0] } ?? []) {
                guard let text = node.string, text.isTemplate else { continue }
                _ = try? Template.scanNames(text) { name in
                    guard name.componentCount >= 2, let t = target(name.component(0), name.component(1)) else { return }
                    reads[i].append(t)
                }
            }
            for fallback in definition.data[k].node[word: "fallback"]?.items ?? .empty {
                if let name = fallback.string, let t = sources[name] { reads[i].append(t) }
            }
        case .let(let k):
            let item = lets.lets[k]
            guard item.program != nil else { continue }
            reads[i] = item.namesRead.selections.compactMap { target($0.variable, $0.field) }
            // A let that reads `data` (or `source`, `param`) whole reads every URL source (or entity) under it, as the
            // reload computes it; `let` whole, the lets above it.
            for whole in item.namesRead.wholeReferences {
                guard let under = index(whole) else { continue }
                reads[i] += under.values.filter { whole == "let" ? $0 < i : $0 != i }.sorted()
            }
        case .entity(let k):
            let parameter = definition.parameters[k]
            guard let from = parameter.options?[word: "from"]?.string else { continue }
            let parts = from.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count >= 2, let t = target(parts[0], parts[1]) { reads[i].append(t) }
        }
    }
    // Cycles among lets alone are `let-cycle`'s (LetChecks).
    let (_, cycles) = letOrder(reads)
    func words(_ m: Member) -> String {
        switch m {
        case .url(let k): "data source '\(definition.data[k].name)'"
        case .let(let k): "let '\(lets.lets[k].name)'"
        case .entity(let k): "parameter '\(definition.parameters[k].name)'"
        }
    }
    for cycle in cycles {
        if cycle.allSatisfy({ if case .let = members[$0] { true } else { false } }) { continue }
        // In the order of the reads, from the first member: a reads b, which reads c, … which reads a.
        var path = [cycle[0]]
        while path.count < cycle.count, let next = reads[path.last!].first(where: { cycle.contains($0) && !path.contains($0) }) { path.append(next) }
        for i in cycle {
            // Told from the member reported: it reads b, which reads … it.
            let start = path.firstIndex(of: i) ?? 0
            let turn = Array(path[start...] + path[..<start])
            let story = turn.map { words(members[$0]) }.joined(separator: " reads ") + " reads " + words(members[turn[0]])
            let (node, pointer): (SourceNode, [String])
            switch members[i] {
            case .url(let k):
                let s = definition.data[k]
                (node, pointer) = (s.request?.url ?? s.node, ["data", s.name] + (s.request?.urlPath ?? ["url"]))
            case .let(let k):
                let l = lets.lets[k]
                (node, pointer) = (l.node, ["let", l.name])
            case .entity(let k):
                let p = definition.parameters[k]
                (node, pointer) = (p.options?[word: "from"] ?? p.node, ["parameters", p.name, "options", "from"])
            }
            context.error(
                .reloadCycle,
                "\(words(members[i])) is part of a cycle: \(story); a reload can compute none of them first",
                at: node, pointer)
        }
    }
}

/// `fallback: [OTHER]` on a URL source: declared sources, not itself, each once.
private func checkFallbacks(_ definition: WidgetDefinition, _ context: inout CheckContext) {
    let names = definition.data.map(\.name)
    // By index: `for source in` copied each source (a retain for each of its nodes); only a
    // source with a fallback list gets a local.
    for k in definition.data.indices {
        guard let list = definition.data[k].node[word: "fallback"], list.isSequence else { continue }
        let source = definition.data[k]
        var seen: Set<String> = []
        for (i, item) in list.items.enumerated() {
            guard let name = item.string else { continue }  // the schema's
            let pointer = ["data", source.name, "fallback", String(i)]
            if name == source.name {
                context.error(.dataFallback, "data source '\(source.name)': its fallback names itself; name another source, such as a container file the app writes", at: item, pointer)
            } else if !names.contains(name) {
                let hint = Suggest.hint(for: name, among: names.filter { $0 != source.name })
                context.error(.dataFallback, "data source '\(source.name)': fallback '\(name)' names no declared data source\(hint)", at: item, pointer)
            } else if !seen.insert(name).inserted {
                context.error(.dataFallback, "data source '\(source.name)': fallback '\(name)' is listed twice", at: item, pointer)
            }
        }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let dataFallback = DiagnosticCode("data-fallback")
    package static let reloadCycle = DiagnosticCode("reload-cycle")
}
