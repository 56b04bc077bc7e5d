import WidgetSupport
import WidgetTemplates

/// What template variables exist for one widget (spec "Templates", Variables).
struct VariableScope {
    enum Rule: String {
        case every, hourly, daily, cron, market, progress, sequence, once
    }

    /// Where a template stands decides what it may name.
    enum Place {
        /// Entry content, URLs: everything.
        case entry
        /// Timeline options (`every`, `progress.value`, events…): only `param` and `data`,
        /// because they are evaluated when a timeline is requested, before any entry exists.
        case timeline
    }

    var parameters: [String: String] = [:]  // name -> declared type
    var dataSources: Set<String> = []
    var rule: Rule?

    static let entryFields = ["date", "time", "day", "weekday", "index"]
    static let marketFields = ["state", "open", "close", "exchange"]
    static let slotFields = ["name", "at"]

    /// Each rule's own root variables.
    static let ruleRoots: [(root: String, rule: Rule)] = [
        ("slot", .daily), ("progress", .progress), ("record", .sequence), ("index", .sequence), ("market", .market),
    ]

    var roots: [String] {
        var r = ["entry", "family", "param", "data"]
        for (root, owner) in Self.ruleRoots where owner == rule { r.append(root) }
        return r
    }

    /// Nil when `path` may be named here; otherwise the problem.
    func problem(with path: [String], inSection: Bool, place: Place) -> String? {
        guard let first = path.first, first != "." else { return nil }
        let dotted = path.joined(separator: ".")
        switch first {
        case "param":
            guard path.count > 1 else { return nil }
            if parameters[path[1]] == nil {
                let hint = hint(path[1], parameters.keys.sorted())
                return parameters.isEmpty
                    ? "'\(dotted)' names a parameter, but this widget declares no parameters"
                    : "'\(dotted)' names no declared parameter\(hint)"
            }
            return nil
        case "data":
            guard path.count > 1 else { return nil }
            if !dataSources.contains(path[1]) {
                let hint = hint(path[1], dataSources.sorted())
                return dataSources.isEmpty
                    ? "'\(dotted)' names a data source, but this widget declares no data"
                    : "'\(dotted)' names no declared data source\(hint)"
            }
            return nil
        default:
            break
        }
        if place == .timeline {
            if inSection { return nil }
            return "'\(dotted)' is not available in timeline options; only 'param…' and 'data…' are"
        }
        switch first {
        case "entry":
            if path.count > 1, !Self.entryFields.contains(path[1]) {
                return "'\(dotted)' is not an entry variable\(hint(path[1], Self.entryFields)); entry has \(Self.entryFields.joined(separator: ", "))"
            }
            return nil
        case "family":
            return path.count > 1 ? "'family' is a string and has no field '\(path[1])'" : nil
        default:
            break
        }
        if let owner = Self.ruleRoots.first(where: { $0.root == first })?.rule {
            guard owner == rule else {
                if inSection { return nil }
                return "'\(dotted)' exists only for the '\(owner.rawValue)' rule, and this widget's rule is '\(rule?.rawValue ?? "none")'"
            }
            if first == "market", path.count > 1, !Self.marketFields.contains(path[1]) {
                return "'\(dotted)' is not a market variable\(hint(path[1], Self.marketFields))"
            }
            if first == "slot", path.count > 1, !Self.slotFields.contains(path[1]) {
                return "'\(dotted)' is not a slot variable\(hint(path[1], Self.slotFields))"
            }
            if (first == "progress" || first == "index"), path.count > 1 {
                return "'\(first)' is a number and has no field '\(path[1])'"
            }
            return nil
        }
        // Inside a section an unknown name may be a field of the section's item.
        if inSection { return nil }
        return "unknown variable '\(dotted)'\(hint(first, roots))"
    }

    private func hint(_ word: String, _ candidates: [String]) -> String {
        Suggest.closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}

/// Parses a template held in a string node and checks the names it uses.
/// Returns the compiled template, or nil if it does not parse.
@discardableResult
func checkTemplate(
    _ node: SourceNode, _ pointer: [String], scope: VariableScope, place: VariableScope.Place,
    _ context: inout CheckContext
) -> Template? {
    guard let text = node.string, text.isTemplate else { return nil }
    let template: Template
    do {
        template = try Template(text)
    } catch {
        context.error(
            "template-syntax", "template: \(error.message)",
            at: context.location(inside: node, offset: error.offset), pointer)
        return nil
    }
    for reference in template.references {
        if let problem = scope.problem(with: reference.components, inSection: !reference.sections.isEmpty, place: place) {
            context.error(
                "unknown-variable", problem,
                at: context.location(inside: node, offset: reference.offset), pointer)
        }
    }
    return template
}

/// Checks every string in a content mapping (recursively) as a template.
func checkContentTemplates(
    _ node: SourceNode, _ pointer: [String], scope: VariableScope, _ context: inout CheckContext
) {
    switch node.content {
    case .scalar:
        checkTemplate(node, pointer, scope: scope, place: .entry, &context)
    case .sequence(let items):
        for (i, item) in items.enumerated() {
            checkContentTemplates(item, pointer + [String(i)], scope: scope, &context)
        }
    case .mapping(let members):
        for m in members {
            checkContentTemplates(m.value, pointer + [m.key], scope: scope, &context)
        }
    }
}
