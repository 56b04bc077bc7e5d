import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars
import WidgetcRuntime

/// Turns a validated widget document into its plan (`widgetc-plan/1`,
/// docs/plan-format.md): defaults resolved, every rule in one normal form.
///
/// Runs only on documents that passed the checks, so shapes are known good;
/// anything still unusable is returned as a positioned diagnostic, never skipped.
package enum Lowering {
    package static func plan(_ root: SourceNode, file: String) -> Result<JSONValue, Diagnostic> {
        plan(root, file: file, catalog: nil)
    }

    /// - Parameter catalog: the String Catalog the widget names (`localization.catalog`), read:
    ///   the plan then carries the translations of the strings the widget uses.
    package static func plan(_ root: SourceNode, file: String, catalog: StringCatalog?) -> Result<JSONValue, Diagnostic> {
        var problem: Diagnostic? = nil
        func fail(_ message: String, _ node: SourceNode?, _ pointer: [String]) {
            if problem == nil {
                problem = .error("compile", message, file: file, at: node?.location ?? root.location, pointer: JSONPointer.string(pointer))
            }
        }
        /// A duration: seconds, or the template that renders one.
        func duration(_ node: SourceNode?, _ pointer: [String]) -> JSONValue {
            guard let node, let text = node.string else { fail("expected a duration", node, pointer); return .null }
            if text.isTemplate { return .string(text) }
            do { return .int(Int(try DurationParser.parse(text))) } catch {
                fail("'\(text)' is not a duration: \(error.message)", node, pointer)
                return .null
            }
        }
        /// A number, or the template that renders one.
        func number(_ node: SourceNode?, _ pointer: [String]) -> JSONValue {
            if let node, node.number != nil { return node.json }
            if let text = node?.string, text.isTemplate { return .string(text) }
            fail("expected a number or a template", node, pointer)
            return .null
        }
        /// An instant (written in UTC), or the template that renders one.
        func instant(_ node: SourceNode?, _ pointer: [String]) -> JSONValue {
            guard let node, let text = node.string else { fail("expected an instant", node, pointer); return .null }
            if text.isTemplate { return .string(text) }
            do { return .string(ZoneRules.utc.iso8601(try InstantParser.parse(text).instant)) } catch {
                fail("'\(text)' is not an instant: \(error.message)", node, pointer)
                return .null
            }
        }
        /// `{"in": seconds}` for `+2h` or a duration, `{"at": …}` for an instant or a template.
        func moment(_ node: SourceNode, _ pointer: [String], relativeNeedsPlus: Bool) -> JSONValue {
            guard let text = node.string else { fail("expected an instant or a duration", node, pointer); return .null }
            if text.isTemplate { return .object(JSONObject([("at", .string(text))])) }
            // A policy's `after` may also be a bare duration; what is neither that, an instant
            // nor a relative instant is reported with its position.
            if !relativeNeedsPlus, let seconds = try? DurationParser.parse(text) {
                return .object(JSONObject([("in", .int(Int(seconds)))]))
            }
            do throws(TimeParseError) {
                switch try Moment.parse(text) {
                case .relative(let seconds): return .object(JSONObject([("in", .int(Int(seconds)))]))
                case .instant(let i): return .object(JSONObject([("at", .string(ZoneRules.utc.iso8601(i)))]))
                }
            } catch {
                fail("'\(text)' is not an instant or a relative instant: \(error.message)", node, pointer)
                return .null
            }
        }

        guard let kind = root["kind"]?.string else { return .failure(.error("compile", "a widget needs a 'kind'", file: file, at: root.location, pointer: "/kind")) }
        let families = root["families"].map { $0.items.map(\.json) }
            ?? ["systemSmall", "systemMedium", "systemLarge"]
        let content = root["content"]?.json ?? .object(JSONObject())
        var plan = JSONObject()
        plan.appendNew("format", .string(PlanFormat.widget))
        plan.appendNew("kind", .string(kind))
        plan.appendNew("displayName", root["displayName"]?.json ?? .string(kind))
        plan.appendNew("description", root["description"]?.json ?? "")
        plan.appendNew("source", .string(file))
        plan.appendNew("families", .array(families))
        plan.appendNew("timeZone", root["timeZone"]?.json ?? .null)
        var parameters: [JSONValue] = []
        for member in root["parameters"]?.members ?? .empty {
            switch parameter(member, file: file) {
            case .success(let p): parameters.append(p)
            case .failure(let d): if problem == nil { problem = d }
            }
        }
        plan.appendNew("parameters", .array(parameters))
        plan.appendNew("data", .array((root["data"]?.members ?? .empty).compactMap { m in
            if let url = m.value["url"] { return urlSource(m.key, url, m.value, fail: fail) }
            return m.value["file"].map { .object(JSONObject([("name", .string(m.key)), ("file", $0.json)])) }
        }))
        plan.appendNew("content", content)
        plan.appendNew("familyContent", root["familyContent"]?.json ?? .object(JSONObject()))
        // null: the defaults, which the runtime derives from `content` when it loads the plan.
        plan.appendNew("placeholder", root["placeholder"]?.json ?? .null)
        plan.appendNew("snapshot", root["snapshot"]?.json ?? .null)
        plan.appendNew("url", root["url"]?.json ?? .null)

        guard let timeline = root["timeline"] else { return .failure(.error("compile", "a widget needs a 'timeline'", file: file, at: root.location, pointer: "/timeline")) }
        let ruleKeys: Set<String> = ["every", "hourly", "daily", "cron", "progress", "sequence", "market", "once"]
        let ruleMembers = timeline.members.filter { ruleKeys.contains($0.key) }
        guard ruleMembers.count == 1, let ruleMember = ruleMembers.first else {
            return .failure(.error("compile", "the timeline needs exactly one rule", file: file, at: timeline.location, pointer: "/timeline"))
        }
        let node = ruleMember.value
        let pointer = ["timeline", ruleMember.key]
        var rule = JSONObject()
        var markets: [JSONValue] = []
        switch ruleMember.key {
        case "every":
            rule.appendNew("type", "every")
            rule.appendNew("every", duration(node, pointer))
            rule.appendNew("align", .bool(timeline["align"]?.bool ?? true))
        case "hourly":
            rule.appendNew("type", "every")
            rule.appendNew("every", .int(3_600))
            rule.appendNew("align", true)
        case "daily":
            rule.appendNew("type", "daily")
            rule.appendNew("slots", .array(node.items.enumerated().map { (i, slot) in
                let at = slot["at"]?.string ?? ""
                var s = JSONObject([("at", .string(at)), ("name", slot["name"]?.json ?? .string(at))])
                if let content = slot["content"] { s.appendNew("content", content.json) }
                return .object(s)
            }))
        case "cron":
            rule.appendNew("type", "cron")
            rule.appendNew("expression", node.json)
        case "progress":
            rule.appendNew("type", "progress")
            rule.appendNew("value", number(node["value"], pointer + ["value"]))
            rule.appendNew("since", instant(node["since"], pointer + ["since"]))
            rule.appendNew("by", number(node["by"], pointer + ["by"]))
            rule.appendNew("every", duration(node["every"], pointer + ["every"]))
            rule.appendNew("to", number(node["to"], pointer + ["to"]))
        case "sequence":
            rule.appendNew("type", "sequence")
            rule.appendNew("items", node["items"]?.json ?? .null)
            rule.appendNew("every", duration(node["every"], pointer + ["every"]))
        case "market":
            rule.appendNew("type", "market")
            let mic = node["exchange"]?.string ?? ""
            guard let calendar = MarketCalendar.named(mic) else {
                return .failure(.error("compile", MarketCalendar.unknownMICMessage(mic), file: file, at: node["exchange"]?.location ?? node.location, pointer: JSONPointer.string(pointer + ["exchange"])))
            }
            rule.appendNew("exchange", .string(mic))
            rule.appendNew("every", duration(node["every"], pointer + ["every"]))
            markets.append(MarketCalendarPlanning.json(calendar))
        default:
            rule.appendNew("type", "once")
        }
        var planned = JSONObject()
        planned.appendNew("rule", .object(rule))
        planned.appendNew("horizon", timeline["horizon"].map { duration($0, ["timeline", "horizon"]) } ?? .int(86_400))
        planned.appendNew("maxEntries", .int(min(1000, max(1, Int(timeline["maxEntries"]?.number ?? 200)))))
        var policy: JSONValue = .null
        if let p = timeline["policy"] {
            if let word = p.string { policy = .string(word) }
            else if let after = p["after"] { policy = moment(after, ["timeline", "policy", "after"], relativeNeedsPlus: false) }
        }
        planned.appendNew("policy", policy)
        planned.appendNew("events", .array((timeline["events"]?.items ?? .empty).enumerated().compactMap { (i, event) in
            event["at"].map { moment($0, ["timeline", "events", String(i), "at"], relativeNeedsPlus: true) }
        }))
        plan.appendNew("timeline", .object(planned))
        if !markets.isEmpty { plan.appendNew("markets", .array(markets)) }
        if let catalog, root["localization"] != nil {
            plan.appendNew("localization", catalog.planStrings(keys: LocalizableStrings.of(root).map(\.key)))
        }
        if let problem { return .failure(problem) }
        return .success(.object(plan))
    }

    /// An app manifest's plan (`APP.app.json`): the bundle's widget plans by kind,
    /// the static quick actions, and the recipe for the dynamic ones.
    package static func appPlan(_ root: SourceNode, file: String, kinds: [String]) -> Result<(id: String, plan: JSONValue), Diagnostic> {
        guard let app = root["app"]?.string else {
            return .failure(.error("compile", "an app manifest needs 'app'", file: file, at: root.location, pointer: "/app"))
        }
        var plan = JSONObject()
        plan.appendNew("format", .string(PlanFormat.widget))
        plan.appendNew("app", .string(app))
        plan.appendNew("displayName", root["displayName"]?.json ?? .string(app))
        plan.appendNew("source", .string(file))
        plan.appendNew("appGroup", root["appGroup"]?.json ?? .null)
        plan.appendNew("widgets", .array(kinds.map { .string($0 + PlanFiles.widgetSuffix) }))
        plan.appendNew("shortcuts", root["shortcuts"]?.json ?? .array([]))
        plan.appendNew("dynamicShortcuts", root["dynamicShortcuts"]?.json ?? .null)
        return .success((app, .object(plan)))
    }

    /// A URL data source with every default written out (docs/plan-format.md, `data`).
    private static func urlSource(
        _ name: String, _ url: SourceNode, _ node: SourceNode, fail: (String, SourceNode?, [String]) -> Void
    ) -> JSONValue {
        func seconds(_ key: String, default value: Int?) -> JSONValue {
            guard let member = node[key] else { return value.map(JSONValue.int) ?? .null }
            guard let text = member.string, let s = try? DurationParser.parse(text) else {
                fail("expected a duration", member, ["data", name, key])
                return .null
            }
            return .int(Int(s))
        }
        var source = JSONObject()
        source.appendNew("name", .string(name))
        source.appendNew("url", url.json)
        source.appendNew("method", node["method"]?.json ?? "GET")
        source.appendNew("headers", .array((node["headers"]?.members ?? .empty).map { h in
            .object(JSONObject([("name", .string(h.key)), ("value", h.value.json)]))
        }))
        source.appendNew("body", node["body"]?.json ?? .null)
        source.appendNew("timeout", seconds("timeout", default: 15))
        source.appendNew("maxAge", seconds("maxAge", default: 0))
        source.appendNew("stale", seconds("stale", default: 0))
        source.appendNew("retry", seconds("retry", default: nil))
        source.appendNew("select", node["select"]?.json ?? "")
        source.appendNew("insecure", .bool(node["insecure"]?.bool ?? false))
        return .object(source)
    }

    /// One parameter's declaration; a duration bound that does not parse (the checks refuse
    /// it first) is an error here too, never a silent nil.
    private static func parameter(_ member: SourceNode.Member, file: String) -> Result<JSONValue, Diagnostic> {
        let node = member.value
        var problem: Diagnostic? = nil
        let type = node["type"]?.string ?? "string"
        let values = node["values"]?.items.compactMap(\.string) ?? []
        func bound(_ key: String) -> Double? {
            guard let b = node[key] else { return nil }
            guard type == "duration" else { return b.number }
            do { return Double(try DurationParser.parse(b.string ?? "")) } catch {
                problem = problem ?? .error("compile", "parameter '\(member.key)': \(key) \(b.shown) is not a duration: \(error.message)", file: file, at: b.location, pointer: JSONPointer.string(["parameters", member.key, key]))
                return nil
            }
        }
        func number(_ d: Double?) -> JSONValue {
            guard let d else { return .null }
            return Int(exactly: d).map(JSONValue.int) ?? .double(d)
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
        var p = JSONObject()
        p.appendNew("name", .string(member.key))
        p.appendNew("title", node["title"]?.json ?? .string(member.key))
        p.appendNew("type", .string(type))
        if type == "enum" { p.appendNew("values", .array(values.map(JSONValue.string))) }
        if let titles = node["valueTitles"] { p.appendNew("valueTitles", titles.json) }
        p.appendNew("min", number(bound("min")))
        p.appendNew("max", number(bound("max")))
        p.appendNew("default", defaultValue)
        if let problem { return .failure(problem) }
        return .success(.object(p))
    }
}

/// The calendar a market plan carries: the exchange's whole description
/// (docs/plan-markets.md), so the plan runs with no lookup outside itself.
enum MarketCalendarPlanning {
    static func json(_ calendar: MarketCalendar) -> JSONValue {
        calendar.exchange.planJSON
    }
}
