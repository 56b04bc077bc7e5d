import WidgetSupport
import WidgetTime
import MarketCalendars

/// The timeline: exactly one rule, each rule's values well formed, options
/// parse. Codes: `timeline-rule`, `invalid-duration`, `every-alignment`,
/// `invalid-cron`, `cron-never-fires`, `unknown-exchange`, `unknown-data-source`,
/// `daily-slot`, plus the template codes for templated fields.
func checkTimeline(_ timeline: SourceNode, scope: VariableScope, _ context: inout CheckContext) {
    let members = TimelineMembers(timeline)
    // Pointers are closures: built only for a diagnostic.
    if timeline.isMapping, members.ruleCount != 1 {
        if members.ruleCount == 0 {
            context.error(
                "timeline-rule",
                "the timeline has no rule; add one of: every, hourly, daily, cron, market, progress, sequence, once",
                at: timeline, ["timeline"])
        } else {
            let rules = members.ruleIndices.map { timeline.members[$0.index] }
            let names = rules.map { "'\($0.key)'" }.joined(separator: ", ")
            context.error(
                "timeline-rule", "the timeline has \(rules.count) rules (\(names)); keep exactly one",
                at: rules[1].keyLocation, ["timeline", rules[1].key])
        }
    }
    members.forEachRule { rule, i in
        // Local functions, not closure values: nothing is allocated for a rule without a diagnostic.
        func key() -> String { timeline.key(i) }
        func pointer() -> [String] { ["timeline", key()] }
        checkRule(rule, key, timeline.child(i), pointer, aligned: members.aligned, scope: scope, &context)
    }
    if let horizon = members.horizon {
        checkTypedField(horizon, ["timeline", "horizon"], .duration, scope: scope, &context)
    }
    if let policy = members.policy, let after = policy[word: "after"] {
        checkTypedField(after, ["timeline", "policy", "after"], .durationOrInstant, scope: scope, &context)
    }
    if let events = members.events {
        for (i, event) in events.items.enumerated() {
            if let at = event[word: "at"] {
                checkTypedField(at, ["timeline", "events", String(i), "at"], .instantOrRelative, scope: scope, &context)
            }
        }
    }
}

/// The members of a timeline the checks read, found in one pass over its keys (told
/// by their bytes): where the rules are (a timeline has one, so no list is made for
/// it) and the options.
private struct TimelineMembers {
    private var firstRule: (rule: VariableScope.Rule, index: Int)?
    private var laterRules: [(rule: VariableScope.Rule, index: Int)] = []
    var horizon, policy, events, align: SourceNode?

    /// How many members are rules.
    var ruleCount: Int { firstRule == nil ? 0 : 1 + laterRules.count }

    /// The rules and their member indices, in order.
    var ruleIndices: [(rule: VariableScope.Rule, index: Int)] { (firstRule.map { [$0] } ?? []) + laterRules }

    /// Calls `body` with each rule and its member index, in order.
    func forEachRule(_ body: (VariableScope.Rule, Int) -> Void) {
        guard let firstRule else { return }
        body(firstRule.rule, firstRule.index)
        for later in laterRules { body(later.rule, later.index) }
    }

    /// Whether `every` is aligned to midnight (`align`, true unless set to false).
    var aligned: Bool { align?.bool ?? true }

    private enum Key {
        case rule(VariableScope.Rule)
        case horizon, policy, events, align
    }

    /// The rule names and the options.
    private static let keys = WordMap<Key>(
        VariableScope.Rule.allCases.map { (VariableScope.Rule.word($0), Key.rule($0)) }
            + [("horizon", .horizon), ("policy", .policy), ("events", .events), ("align", .align)])

    init(_ timeline: SourceNode) {
        guard timeline.isMapping else { return }
        for i in 0..<timeline.count {
            guard let key = Self.keys.value(ofText: timeline.keyBytes(i)) else { continue }
            // The first member of each name, as `timeline["key"]` finds it.
            switch key {
            case .rule(let rule):
                if firstRule == nil { firstRule = (rule, i) } else { laterRules.append((rule, i)) }
            case .horizon: if horizon == nil { horizon = timeline.child(i) }
            case .policy: if policy == nil { policy = timeline.child(i) }
            case .events: if events == nil { events = timeline.child(i) }
            case .align: if align == nil { align = timeline.child(i) }
            }
        }
    }
}

/// One rule's value; `name` and `pointer` are called only for a diagnostic.
private func checkRule(
    _ rule: VariableScope.Rule, _ name: () -> String, _ node: SourceNode, _ pointer: () -> [String], aligned: Bool,
    scope: VariableScope, _ context: inout CheckContext
) {
    switch rule {
    case .every:
        checkEvery(node, pointer, aligned: aligned, scope: scope, &context)
    case .hourly, .once:
        if node.bool == false {
            let name = name()
            context.error("timeline-rule", "'\(name): false' is not a rule; write '\(name): true' or use another rule", at: node, pointer())
        }
    case .daily:
        checkDaily(node, pointer, scope: scope, &context)
    case .cron:
        guard let text = node.string else { return }
        checkCron(text, node, pointer, &context)
    case .market:
        if let exchange = node[word: "exchange"], let code = exchange.string, MarketCalendar.named(code) == nil {
            context.error("unknown-exchange", MarketCalendar.unknownMICMessage(code), at: exchange, pointer() + ["exchange"])
        }
        if let every = node[word: "every"] {
            checkTypedField(every, pointer() + ["every"], .duration, scope: scope, &context)
        }
    case .progress:
        if let value = node[word: "value"] { checkTypedField(value, pointer() + ["value"], .number, scope: scope, &context) }
        let by = node[word: "by"]
        if let by { checkTypedField(by, pointer() + ["by"], .number, scope: scope, &context) }
        if let to = node[word: "to"] { checkTypedField(to, pointer() + ["to"], .number, scope: scope, &context) }
        if let since = node[word: "since"] { checkTypedField(since, pointer() + ["since"], .instant, scope: scope, &context) }
        if let every = node[word: "every"] { checkTypedField(every, pointer() + ["every"], .duration, scope: scope, &context) }
        if let by, by.number == 0 {
            context.error("invalid-number", "progress 'by' must not be zero: the value would never change", at: by, pointer() + ["by"])
        }
    case .sequence:
        if let items = node[word: "items"], let source = items.stringBytes, !source.isTemplate, !scope.hasDataSource(source) {
            let name = items.string ?? ""
            let hint = Suggest.hint(for: name, among: scope.sortedDataSources)
            context.error(
                "unknown-data-source", "sequence items '\(name)' is not a declared data source\(hint)",
                at: items, pointer() + ["items"])
        }
        if let every = node[word: "every"] { checkTypedField(every, pointer() + ["every"], .duration, scope: scope, &context) }
    }
}

private func checkEvery(_ node: SourceNode, _ pointer: () -> [String], aligned: Bool, scope: VariableScope, _ context: inout CheckContext) {
    guard let bytes = node.stringBytes else { return }
    if bytes.isTemplate {
        checkTypedField(node, pointer(), .duration, scope: scope, &context)
        return
    }
    // Built for the duration parser (a short duration is held inline: no allocation).
    let text = String(decoding: bytes, as: UTF8.self)
    guard let seconds = checkDuration(text, node, pointer(), &context) else { return }
    if aligned, let problem = AlignedEvery.alignmentProblem(seconds: seconds) {
        context.error("every-alignment", "every \(node.shown): \(problem); or set 'align: false'", at: node, pointer())
    }
}

private func checkDaily(_ node: SourceNode, _ pointer: () -> [String], scope: VariableScope, _ context: inout CheckContext) {
    // The first slot at each time, by a scan of the earlier slots in place: a day has a
    // few slots (and `String ==` is transitive, so the earliest equal one is the first).
    let slots = node.items
    for (i, slot) in slots.enumerated() {
        var slotPointer: [String] { pointer() + [String(i)] }
        if let at = slot[word: "at"], at.isString,
           let first = slots[..<i].firstIndex(where: { $0[word: "at"]?.hasSameString(as: at) ?? false }) {
            let text = at.string ?? ""
            context.error("daily-slot", "two slots at \(text) (the first is slot \(first)); a slot happens once a day", at: at, slotPointer + ["at"])
        }
        if let content = slot[word: "content"] {
            checkContentTemplates(content, slotPointer + ["content"], scope: scope, &context)
        }
    }
}

private func checkCron(_ text: String, _ node: SourceNode, _ pointer: () -> [String], _ context: inout CheckContext) {
    do {
        let cron = try CronExpression(text)
        if let reason = cron.neverFiresReason {
            context.error("cron-never-fires", "cron \(node.shown) can never fire: \(reason)", at: node, pointer())
        }
    } catch {
        context.error("invalid-cron", "cron \(node.shown): \(error.message)", at: context.location(inside: node, offset: error.offset), pointer())
    }
}
