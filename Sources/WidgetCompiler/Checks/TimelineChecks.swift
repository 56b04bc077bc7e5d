import WidgetSupport
import WidgetTime
import MarketCalendars

/// The timeline: exactly one rule, each rule's values well formed, options
/// parse. Codes: `timeline-rule`, `invalid-duration`, `every-alignment`,
/// `invalid-cron`, `cron-never-fires`, `unknown-exchange`, `unknown-data-source`,
/// `daily-slot`, plus the template codes for templated fields.
func checkTimeline(_ timeline: SourceNode, scope: VariableScope, _ context: inout CheckContext) {
    let pointer = ["timeline"]
    let members = TimelineMembers(timeline)
    let rules = members.rules
    // Pointers below are autoclosures: built only for a diagnostic.
    if timeline.isMapping {
        if rules.isEmpty {
            context.error(
                "timeline-rule",
                "the timeline has no rule; add one of: every, hourly, daily, cron, market, progress, sequence, once",
                at: timeline, pointer)
        } else if rules.count > 1 {
            let names = rules.map { "'\($0.member.key)'" }.joined(separator: ", ")
            context.error(
                "timeline-rule", "the timeline has \(rules.count) rules (\(names)); keep exactly one",
                at: rules[1].member.keyLocation, pointer + [rules[1].member.key])
        }
    }
    for (rule, member) in rules {
        checkRule(rule, member.key, member.value, pointer + [member.key], aligned: members.aligned, scope: scope, &context)
    }
    if let horizon = members.horizon {
        checkTypedField(horizon, pointer + ["horizon"], .duration, scope: scope, &context)
    }
    if let policy = members.policy, let after = policy["after"] {
        checkTypedField(after, pointer + ["policy", "after"], .durationOrInstant, scope: scope, &context)
    }
    if let events = members.events {
        for (i, event) in events.items.enumerated() {
            if let at = event["at"] {
                checkTypedField(at, pointer + ["events", String(i), "at"], .instantOrRelative, scope: scope, &context)
            }
        }
    }
}

/// The members of a timeline the checks read, found in one pass over its keys:
/// the rules (only those become `Member`s) and the options.
private struct TimelineMembers {
    var rules: [(rule: VariableScope.Rule, member: SourceNode.Member)] = []
    var horizon, policy, events, align: SourceNode?

    /// Whether `every` is aligned to midnight (`align`, true unless set to false).
    var aligned: Bool { align?.bool ?? true }

    /// The rule names, then the options.
    private static let words = WordTable(VariableScope.Rule.names + ["horizon", "policy", "events", "align"])

    init(_ timeline: SourceNode) {
        guard case .object(let object) = timeline.json else { return }
        let rulesCount = VariableScope.Rule.names.count
        let keys = object.keys
        for i in keys.indices {
            guard let n = Self.words.index(of: keys[i]) else { continue }
            if n < rulesCount {
                rules.append((VariableScope.Rule.allCases[n], timeline.members[i]))
                continue
            }
            // The first member of each name, as `timeline["key"]` finds it.
            switch n - rulesCount {
            case 0: if horizon == nil { horizon = timeline.child(i) }
            case 1: if policy == nil { policy = timeline.child(i) }
            case 2: if events == nil { events = timeline.child(i) }
            default: if align == nil { align = timeline.child(i) }
            }
        }
    }
}

private func checkRule(
    _ rule: VariableScope.Rule, _ name: String, _ node: SourceNode, _ pointer: [String], aligned: Bool,
    scope: VariableScope, _ context: inout CheckContext
) {
    switch rule {
    case .every:
        checkEvery(node, pointer, aligned: aligned, scope: scope, &context)
    case .hourly, .once:
        if node.bool == false {
            context.error("timeline-rule", "'\(name): false' is not a rule; write '\(name): true' or use another rule", at: node, pointer)
        }
    case .daily:
        checkDaily(node, pointer, scope: scope, &context)
    case .cron:
        guard let text = node.string else { return }
        checkCron(text, node, pointer, &context)
    case .market:
        if let exchange = node["exchange"], let code = exchange.string, MarketCalendar.named(code) == nil {
            context.error("unknown-exchange", MarketCalendar.unknownMICMessage(code), at: exchange, pointer + ["exchange"])
        }
        if let every = node["every"] {
            checkTypedField(every, pointer + ["every"], .duration, scope: scope, &context)
        }
    case .progress:
        for key in ["value", "by", "to"] {
            if let field = node[key] { checkTypedField(field, pointer + [key], .number, scope: scope, &context) }
        }
        if let since = node["since"] { checkTypedField(since, pointer + ["since"], .instant, scope: scope, &context) }
        if let every = node["every"] { checkTypedField(every, pointer + ["every"], .duration, scope: scope, &context) }
        if let by = node["by"]?.number, by == 0 {
            context.error("invalid-number", "progress 'by' must not be zero: the value would never change", at: node["by"]!, pointer + ["by"])
        }
    case .sequence:
        if let items = node["items"], let source = items.string, !source.isTemplate, !scope.hasDataSource(source) {
            let hint = Suggest.hint(for: source, among: scope.sortedDataSources)
            context.error(
                "unknown-data-source", "sequence items '\(source)' is not a declared data source\(hint)",
                at: items, pointer + ["items"])
        }
        if let every = node["every"] { checkTypedField(every, pointer + ["every"], .duration, scope: scope, &context) }
    }
}

private func checkEvery(_ node: SourceNode, _ pointer: [String], aligned: Bool, scope: VariableScope, _ context: inout CheckContext) {
    guard let text = node.string else { return }
    if text.isTemplate {
        checkTypedField(node, pointer, .duration, scope: scope, &context)
        return
    }
    guard let seconds = checkDuration(text, node, pointer, &context) else { return }
    if aligned, let problem = AlignedEvery.alignmentProblem(seconds: seconds) {
        context.error("every-alignment", "every \(node.shown): \(problem); or set 'align: false'", at: node, pointer)
    }
}

private func checkDaily(_ node: SourceNode, _ pointer: [String], scope: VariableScope, _ context: inout CheckContext) {
    var seen: [String: Int] = [:]
    for (i, slot) in node.items.enumerated() {
        var slotPointer: [String] { pointer + [String(i)] }
        if let at = slot["at"], let text = at.string {
            if let first = seen[text] {
                context.error("daily-slot", "two slots at \(text) (the first is slot \(first)); a slot happens once a day", at: at, slotPointer + ["at"])
            } else {
                seen[text] = i
            }
        }
        if let content = slot["content"] {
            checkContentTemplates(content, slotPointer + ["content"], scope: scope, &context)
        }
    }
}

private func checkCron(_ text: String, _ node: SourceNode, _ pointer: [String], _ context: inout CheckContext) {
    do {
        let cron = try CronExpression(text)
        if let reason = cron.neverFiresReason {
            context.error("cron-never-fires", "cron \(node.shown) can never fire: \(reason)", at: node, pointer)
        }
    } catch {
        context.error("invalid-cron", "cron \(node.shown): \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
    }
}
