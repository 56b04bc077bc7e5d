import WidgetSupport
import WidgetTemplates
import WidgetTime
import WidgetRuntime
import MarketCalendars

/// Turns a validated widget document into a `CompiledWidget`.
///
/// Runs only on documents that passed `DefinitionValidator`, so shapes are
/// known good; anything still unusable is returned as a diagnostic.
public enum Lowering {
    public static func compile(_ root: SourceNode, file: String, defaultZone: ZoneRules) -> Result<CompiledWidget, Diagnostic> {
        func fail(_ message: String, _ node: SourceNode?, _ pointer: [String]) -> Result<CompiledWidget, Diagnostic> {
            .failure(.error("compile", message, file: file, at: node?.location ?? root.location, pointer: JSONPointer.string(pointer)))
        }
        guard let kind = root["kind"]?.string else { return fail("a widget needs a 'kind'", root, ["kind"]) }
        let zone: ZoneRules
        if let name = root["timeZone"]?.string {
            guard let z = ZoneRules.named(name) else { return fail("unknown time zone '\(name)'", root["timeZone"], ["timeZone"]) }
            zone = z
        } else {
            zone = defaultZone
        }
        let families = (root["families"]?.items.compactMap { $0.string.flatMap(WidgetFamily.init(rawValue:)) })
            ?? [.systemSmall, .systemMedium, .systemLarge]

        let parameters = (root["parameters"]?.members ?? .empty).map(parameter)
        let dataSources = (root["data"]?.members ?? .empty).compactMap { m in m.value["file"]?.string.map { (m.key, $0) } }
        let content = CompiledContent(root["content"])
        var familyContent: [String: CompiledContent] = [:]
        for m in root["familyContent"]?.members ?? .empty { familyContent[m.key] = CompiledContent(m.value) }
        let placeholder = root["placeholder"]?.json.object ?? emptyRendering(of: content)
        let snapshot = root["snapshot"]?.json.object ?? placeholder
        let url = root["url"]?.string.flatMap { try? Template($0) }

        guard let timeline = root["timeline"] else { return fail("a widget needs a 'timeline'", root, ["timeline"]) }
        let ruleMembers = timeline.members.filter { VariableScope.Rule(rawValue: $0.key) != nil }
        guard ruleMembers.count == 1, let ruleMember = ruleMembers.first else {
            return fail("the timeline needs exactly one rule", timeline, ["timeline"])
        }
        let node = ruleMember.value
        let pointer = ["timeline", ruleMember.key]
        let rule: TimelineRule
        switch ruleMember.key {
        case "every":
            guard let every = FieldValues.compileDuration(node) else { return fail("every: not a duration", node, pointer) }
            rule = .every(every, aligned: timeline["align"]?.bool ?? true)
        case "hourly":
            rule = .every(.literal(3_600), aligned: true)
        case "daily":
            var slots: [DailySlot] = []
            for slot in node.items {
                guard let at = slot["at"]?.string, let minute = try? WallTime.parse(at) else {
                    return fail("daily: a slot needs 'at' as HH:MM", slot, pointer)
                }
                slots.append(DailySlot(minuteOfDay: minute, name: slot["name"]?.string ?? at, at: at, content: CompiledContent(slot["content"])))
            }
            rule = .daily(slots)
        case "cron":
            guard let text = node.string, let cron = try? CronExpression(text) else { return fail("cron: invalid expression", node, pointer) }
            rule = .cron(cron)
        case "progress":
            guard let value = FieldValues.compileNumber(node["value"]), let since = FieldValues.compileInstant(node["since"]),
                  let by = FieldValues.compileNumber(node["by"]), let every = FieldValues.compileDuration(node["every"]),
                  let to = FieldValues.compileNumber(node["to"]) else {
                return fail("progress needs value, since, by, every and to", node, pointer)
            }
            rule = .progress(ProgressRule(value: value, since: since, by: by, every: every, to: to))
        case "sequence":
            guard let source = node["items"]?.string, let every = FieldValues.compileDuration(node["every"]) else {
                return fail("sequence needs items and every", node, pointer)
            }
            rule = .sequence(source: source, every: every)
        case "market":
            guard let exchange = node["exchange"]?.string, let every = FieldValues.compileDuration(node["every"]) else {
                return fail("market needs exchange and every", node, pointer)
            }
            guard let calendar = MarketCalendar.named(exchange) else {
                return fail(MarketCalendar.unknownMICMessage(exchange), node["exchange"], pointer + ["exchange"])
            }
            rule = .market(calendar, every: every)
        default:
            rule = .once
        }

        let horizon = FieldValues.compileDuration(timeline["horizon"]) ?? .literal(86_400)
        let maxEntries = min(1000, max(1, Int(timeline["maxEntries"]?.number ?? 200)))
        var policy: PolicyOverride? = nil
        if let p = timeline["policy"] {
            if p.string == "atEnd" { policy = .atEnd }
            else if p.string == "never" { policy = .never }
            else if let after = p["after"]?.string {
                if after.isTemplate, let t = try? Template(after) { policy = .afterTemplate(t) }
                else if let s = try? DurationParser.parse(after) { policy = .afterDuration(s) }
                else if after.hasPrefix("+"), let s = try? RelativeInstant.parse(after) { policy = .afterDuration(s) }
                else if let i = try? InstantParser.parse(after) { policy = .afterInstant(i.instant) }
            }
        }
        var events: [EventTime] = []
        for event in timeline["events"]?.items ?? .empty {
            guard let at = event["at"]?.string else { continue }
            if at.isTemplate, let t = try? Template(at) { events.append(.template(t)) }
            else if at.hasPrefix("+"), let s = try? RelativeInstant.parse(at) { events.append(.relative(s)) }
            else if let i = try? InstantParser.parse(at) { events.append(.instant(i.instant)) }
        }
        return .success(CompiledWidget(
            kind: kind, file: file, families: families, zone: zone, parameters: parameters, dataSources: dataSources,
            content: content, familyContent: familyContent, placeholder: placeholder, snapshot: snapshot, url: url,
            rule: rule, horizon: horizon, maxEntries: maxEntries, policy: policy, events: events))
    }

    /// The default placeholder: `content` with every tag rendered empty.
    private static func emptyRendering(of content: CompiledContent) -> JSONObject {
        var object = JSONObject()
        var missing: [String] = []
        content.render(into: &object, scope: JSONValue.object(JSONObject()), missing: &missing)
        return object
    }

    private static func parameter(_ member: SourceNode.Member) -> ParameterDeclaration {
        let node = member.value
        let type = node["type"]?.string ?? "string"
        let values = node["values"]?.items.compactMap(\.string) ?? []
        func bound(_ key: String) -> Double? {
            guard let b = node[key] else { return nil }
            if type == "duration" { return b.string.flatMap { try? DurationParser.parse($0) }.map(Double.init) }
            return b.number
        }
        let defaultValue: JSONValue
        if let d = node["default"] {
            defaultValue = d.json
        } else {
            // No default: what an intent would show first (documented in docs/language-notes.md).
            switch type {
            case "enum": defaultValue = values.first.map(JSONValue.string) ?? .null
            case "integer": defaultValue = .int(Int(bound("min") ?? 0))
            case "number": defaultValue = .double(bound("min") ?? 0)
            case "boolean": defaultValue = .bool(false)
            case "duration": defaultValue = node["min"]?.json ?? .string("15m")
            default: defaultValue = .string("")
            }
        }
        return ParameterDeclaration(name: member.key, type: type, values: values, min: bound("min"), max: bound("max"), defaultValue: defaultValue)
    }
}
