import WidgetSupport
import WidgetTime
import MarketCalendars

/// The timeline: exactly one rule, each rule's values well formed, options
/// parse. Codes: `timeline-rule`, `invalid-duration`, `every-alignment`,
/// `invalid-cron`, `cron-never-fires`, `unknown-exchange`, `unknown-data-source`,
/// `daily-slot`, plus the template codes for templated fields.
func checkTimeline(_ timeline: WidgetDefinition.Timeline, scope: VariableScope, _ context: inout CheckContext) {
    let node = timeline.node
    if timeline.rules.count != 1 {
        if timeline.rules.isEmpty {
            context.error(
                .timelineRule,
                "the timeline has no rule; add one of: every, hourly, daily, cron, market, progress, sequence, schedule, once",
                at: node, ["timeline"])
        } else {
            let names = timeline.rules.map { "'\($0.name.rawValue)'" }.joined(separator: ", ")
            let second = timeline.rules[1]
            context.error(
                .timelineRule, "the timeline has \(timeline.rules.count) rules (\(names)); keep exactly one",
                at: node.document.keyLocation(node.index, second.index), ["timeline", second.name.rawValue])
        }
    }
    let aligned = timeline.align ?? true
    for i in timeline.rules.indices {
        checkRule(timeline.rules[i], aligned: aligned, scope: scope, &context)
    }
    if let horizon = timeline.horizon {
        checkTypedField(horizon, ["timeline", "horizon"], .duration, scope: scope, &context)
    }
    if case .after(let after?) = timeline.policy?.value {
        checkTypedField(after, ["timeline", "policy", "after"], .durationOrInstant, scope: scope, &context)
    }
    if let jitter = timeline.policyJitter {
        var after: SourceNode? = nil
        if case .after(let node?) = timeline.policy?.value { after = node }
        checkPolicyJitter(jitter, after: after, &context)
    }
    for (i, at) in timeline.events.enumerated() {
        if let at {
            checkTypedField(at, ["timeline", "events", String(i), "at"], .instantOrRelative, scope: scope, place: .event, &context)
        }
    }
}

/// One rule's value. Pointers are local functions: built only for a diagnostic.
private func checkRule(_ entry: WidgetDefinition.RuleEntry, aligned: Bool, scope: VariableScope, _ context: inout CheckContext) {
    let node = entry.node
    // A rule's key is its name's word, so the name is the key as written. Only the name is
    // captured: the pointer closures then copy no rule.
    let ruleName = entry.name
    func name() -> String { ruleName.rawValue }
    func pointer() -> [String] { ["timeline", name()] }
    switch entry.rule {
    case .every:
        checkEvery(node, pointer, aligned: aligned, scope: scope, &context)
    case .hourly(let value), .once(let value):
        if value == false {
            let name = name()
            context.error(.timelineRule, "'\(name): false' is not a rule; write '\(name): true' or use another rule", at: node, pointer())
        }
    case .daily(let slots):
        checkDaily(slots, pointer, scope: scope, &context)
    case .cron(let expression):
        guard let expression else { return }
        checkCron(expression.value, node, pointer, &context)
    case .market(let exchange, let every):
        if let exchange, MarketCalendar.named(exchange.value) == nil {
            context.error(.unknownExchange, MarketCalendar.unknownMICMessage(exchange.value), at: exchange.node, pointer() + ["exchange"])
        }
        if let every {
            checkTypedField(every, pointer() + ["every"], .duration, scope: scope, &context)
        }
    case .progress(let progress):
        if let value = progress.value { checkTypedField(value, pointer() + ["value"], .number, scope: scope, &context) }
        if let by = progress.by { checkTypedField(by, pointer() + ["by"], .number, scope: scope, &context) }
        if let to = progress.to { checkTypedField(to, pointer() + ["to"], .number, scope: scope, &context) }
        if let since = progress.since { checkTypedField(since, pointer() + ["since"], .instant, scope: scope, &context) }
        if let every = progress.every { checkTypedField(every, pointer() + ["every"], .duration, scope: scope, &context) }
        if let by = progress.by, by.number == 0 {
            context.error(.invalidNumber, "progress 'by' must not be zero: the value would never change", at: by, pointer() + ["by"])
        }
    case .sequence(let items, let every):
        if let items, let source = items.node.stringBytes, !source.isTemplate, !scope.hasDataSource(source) {
            let hint = Suggest.hint(for: items.value, among: scope.sortedDataSources)
            context.error(
                .unknownDataSource, "sequence items '\(items.value)' is not a declared data source\(hint)",
                at: items.node, pointer() + ["items"])
        }
        if let every { checkTypedField(every, pointer() + ["every"], .duration, scope: scope, &context) }
    case .schedule(let schedule):
        if let items = schedule.items { checkScheduleItems(items, pointer() + ["items"], scope: scope, &context) }
        if let at = schedule.at { checkTemplate(at, pointer() + ["at"], scope: scope, place: .scheduleItem, &context) }
        if let end = schedule.end { checkTemplate(end, pointer() + ["end"], scope: scope, place: .scheduleItem, &context) }
    }
}

/// A schedule's `items`: `data.NAME` of a declared source (a path into it may follow), or
/// `let.NAME` of a let computed once per reload. (The schema refuses any other shape.)
private func checkScheduleItems(_ items: Text, _ pointer: [String], scope: VariableScope, _ context: inout CheckContext) {
    let parts = items.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, !parts.contains("") else { return }
    // Where the name is inside the scalar: after the root and its dot.
    let at = context.location(inside: items.node, offset: parts[0].count + 1)
    let name = parts[1]
    switch parts[0] {
    case "data":
        let declared = scope.sortedDataSources
        guard !declared.contains(name) else { return }
        let hint = Suggest.hint(for: name, among: declared)
        context.error(
            .unknownDataSource,
            declared.isEmpty
                ? "schedule items '\(items.value)' names a data source, but this widget declares no data"
                : "schedule items '\(items.value)' names no declared data source\(hint); items is data.NAME (a path into it may follow) or let.NAME",
            at: at, pointer)
    case "let":
        let declared = scope.lets.sortedNames
        guard declared.contains(name) else {
            let hint = Suggest.hint(for: name, among: declared)
            context.error(
                .unknownVariable,
                declared.isEmpty
                    ? "schedule items '\(items.value)' names a let, but this widget declares no let"
                    : "schedule items '\(items.value)' names no declared let\(hint)",
                at: at, pointer)
            return
        }
        scope.letUses?.names.insert(name)
        if scope.perEntryLets.contains(name) {
            context.error(
                .unknownVariable,
                "schedule items 'let.\(name)' is computed per entry (it reads entry, family or a rule's variable); the items are read once per reload, before any entry exists",
                at: at, pointer)
        }
    default:
        return
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
        context.error(.everyAlignment, "every \(node.shown): \(problem); or set 'align: false'", at: node, pointer())
    }
}

private func checkDaily(_ slots: [WidgetDefinition.DailySlot], _ pointer: () -> [String], scope: VariableScope, _ context: inout CheckContext) {
    // The first slot at each time, by a scan of the earlier slots in place: a day has a
    // few slots (and `String ==` is transitive, so the earliest equal one is the first).
    for (i, slot) in slots.enumerated() {
        var slotPointer: [String] { pointer() + [String(i)] }
        if let at = slot.at,
           let first = slots[..<i].firstIndex(where: { $0.at?.node.hasSameString(as: at.node) ?? false }) {
            context.error(.dailySlot, "two slots at \(at.value) (the first is slot \(first)); a slot happens once a day", at: at.node, slotPointer + ["at"])
        }
        if let content = slot.content {
            checkContentTemplates(content, slotPointer + ["content"], scope: scope, &context)
        }
    }
}

private func checkCron(_ text: String, _ node: SourceNode, _ pointer: () -> [String], _ context: inout CheckContext) {
    do {
        let cron = try CronExpression(text)
        context.record(.cron(cron), for: node)
        if let reason = cron.neverFiresReason {
            context.error(.cronNeverFires, "cron \(node.shown) can never fire: \(reason)", at: node, pointer())
        }
    } catch {
        context.error(.invalidCron, "cron \(node.shown): \(error.message)", at: context.location(inside: node, offset: error.offset), pointer())
    }
}

/// `policy: {jitter: J}` (docs/fleet.md): above zero, and below a duration `after`: an install whose
/// offset reached the interval would reload after its next reload was due.
private func checkPolicyJitter(_ jitter: SourceNode, after: SourceNode?, _ context: inout CheckContext) {
    guard let text = jitter.string, let seconds = try? DurationParser.parse(text) else { return }  // the schema's
    let pointer = ["timeline", "policy", "jitter"]
    guard seconds > 0 else {
        context.error(.policyJitter, "policy jitter '\(text)' moves no reload; give a duration above zero, such as 5m, or leave jitter out", at: jitter, pointer)
        return
    }
    guard let afterText = after?.string, !afterText.contains("{{"),
        let interval = try? DurationParser.parse(afterText.hasPrefix("+") ? String(afterText.dropFirst()) : afterText)
    else { return }  // an instant or a template: known only at the reload
    if seconds >= interval {
        context.error(
            .policyJitter,
            "policy jitter '\(text)' is not shorter than after '\(afterText)': an install's reload would move past the next one; keep the jitter below \(afterText)",
            at: jitter, pointer)
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let cronNeverFires = DiagnosticCode("cron-never-fires")
    package static let dailySlot = DiagnosticCode("daily-slot")
    package static let everyAlignment = DiagnosticCode("every-alignment")
    package static let invalidCron = DiagnosticCode("invalid-cron")
    package static let policyJitter = DiagnosticCode("policy-jitter")
    package static let timelineRule = DiagnosticCode("timeline-rule")
    package static let unknownDataSource = DiagnosticCode("unknown-data-source")
    package static let unknownExchange = DiagnosticCode("unknown-exchange")
}
