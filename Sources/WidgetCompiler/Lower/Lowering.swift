import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars
import WidgetcRuntimeCore

/// Turns a validated widget definition into its plan (`widgetc-plan/1`,
/// docs/plan-format.md): defaults resolved, every rule in one normal form.
///
/// Runs only on definitions that passed the checks, so shapes are known good;
/// anything still unusable is returned as a positioned diagnostic, never skipped.
/// It reads the typed `WidgetDefinition`, not the document: trees of templates
/// (`content`…) are written out as the JSON they are.
package enum Lowering {
    package static func plan(_ definition: WidgetDefinition, file: String) -> Result<JSONValue, Diagnostic> {
        plan(definition, file: file, catalog: nil)
    }

    /// - Parameter catalog: the String Catalog the widget names (`localization.catalog`), read:
    ///   the plan then carries the translations of the strings the widget uses.
    package static func plan(_ definition: WidgetDefinition, file: String, catalog: StringCatalog?) -> Result<JSONValue, Diagnostic> {
        let root = definition.root
        var problem: Diagnostic? = nil
        func fail(_ message: String, _ node: SourceNode?, _ pointer: [String]) {
            if problem == nil {
                problem = .error("compile", message, file: file, at: node?.location ?? root.location, pointer: JSONPointer.string(pointer))
            }
        }
        /// A duration: seconds, or the template that renders one.
        func duration(_ node: SourceNode?, _ pointer: [String]) -> JSONValue {
            guard let node, let text = node.string else { fail("expected a duration", node, pointer); return .null }
            return duration(text, node, pointer)
        }
        func duration(_ text: String, _ node: SourceNode, _ pointer: [String]) -> JSONValue {
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

        guard let kind = definition.kind?.value else { return .failure(.error("compile", "a widget needs a 'kind'", file: file, at: root.location, pointer: "/kind")) }
        let families = (definition.families.map { $0.value ?? [] } ?? WidgetDefinition.defaultFamilies).map { JSONValue.string($0.rawValue) }
        var plan = JSONObject()
        plan.appendNew("format", .string(PlanFormat.widget))
        plan.appendNew("kind", .string(kind))
        plan.appendNew("displayName", .string(definition.displayName?.value ?? kind))
        plan.appendNew("description", .string(definition.description?.value ?? ""))
        plan.appendNew("source", .string(file))
        plan.appendNew("families", .array(families))
        plan.appendNew("timeZone", definition.timeZone.map { .string($0.value) } ?? .null)
        var parameters: [JSONValue] = []
        for p in definition.parameters {
            switch parameter(p, file: file) {
            case .success(let p): parameters.append(p)
            case .failure(let d): if problem == nil { problem = d }
            }
        }
        plan.appendNew("parameters", .array(parameters))
        plan.appendNew("data", .array(definition.data.compactMap { source in
            if let request = source.request { return urlSource(source.name, request, fail: fail) }
            return source.file.map { .object(JSONObject([("name", .string(source.name)), ("file", .string($0.value))])) }
        }))
        plan.appendNew("content", definition.content?.json ?? .object(JSONObject()))
        plan.appendNew("familyContent", definition.familyContent?.json ?? .object(JSONObject()))
        // null: the defaults, which the runtime derives from `content` when it loads the plan.
        plan.appendNew("placeholder", definition.placeholder?.json ?? .null)
        plan.appendNew("snapshot", definition.snapshot?.json ?? .null)
        plan.appendNew("url", definition.url?.json ?? .null)
        // The face as written (docs/plan-format.md): the runtime renders it per entry.
        let face = definition.face
        if let view = face.view { plan.appendNew("view", view.json) }
        if let familyView = face.familyViewNode { plan.appendNew("familyView", familyView.json) }
        if let background = face.background { plan.appendNew("background", background.json) }

        guard let timeline = definition.timeline else { return .failure(.error("compile", "a widget needs a 'timeline'", file: file, at: root.location, pointer: "/timeline")) }
        guard let ruleEntry = timeline.rule else {
            return .failure(.error("compile", "the timeline needs exactly one rule", file: file, at: timeline.node.location, pointer: "/timeline"))
        }
        let node = ruleEntry.node
        let pointer = ["timeline", ruleEntry.name.rawValue]
        var rule = JSONObject()
        var markets: [JSONValue] = []
        switch ruleEntry.rule {
        case .every(let every):
            rule.appendNew("type", "every")
            rule.appendNew("every", every.map { duration($0.value, $0.node, pointer) } ?? duration(node, pointer))
            rule.appendNew("align", .bool(timeline.align ?? true))
        case .hourly:
            rule.appendNew("type", "every")
            rule.appendNew("every", .int(3_600))
            rule.appendNew("align", true)
        case .daily(let slots):
            rule.appendNew("type", "daily")
            rule.appendNew("slots", .array(slots.map { slot in
                let at = slot.at?.value ?? ""
                var s = JSONObject([("at", .string(at)), ("name", .string(slot.name?.value ?? at))])
                if let content = slot.content { s.appendNew("content", content.json) }
                return .object(s)
            }))
        case .cron(let expression):
            rule.appendNew("type", "cron")
            rule.appendNew("expression", expression.map { .string($0.value) } ?? node.json)
        case .progress(let progress):
            rule.appendNew("type", "progress")
            rule.appendNew("value", number(progress.value, pointer + ["value"]))
            rule.appendNew("since", instant(progress.since, pointer + ["since"]))
            rule.appendNew("by", number(progress.by, pointer + ["by"]))
            rule.appendNew("every", duration(progress.every, pointer + ["every"]))
            rule.appendNew("to", number(progress.to, pointer + ["to"]))
        case .sequence(let items, let every):
            rule.appendNew("type", "sequence")
            rule.appendNew("items", items.map { .string($0.value) } ?? .null)
            rule.appendNew("every", duration(every, pointer + ["every"]))
        case .market(let exchange, let every):
            rule.appendNew("type", "market")
            let mic = exchange?.value ?? ""
            guard let calendar = MarketCalendar.named(mic) else {
                return .failure(.error("compile", MarketCalendar.unknownMICMessage(mic), file: file, at: exchange?.location ?? node.location, pointer: JSONPointer.string(pointer + ["exchange"])))
            }
            rule.appendNew("exchange", .string(mic))
            rule.appendNew("every", duration(every, pointer + ["every"]))
            markets.append(MarketCalendarPlanning.json(calendar))
        case .once:
            rule.appendNew("type", "once")
        }
        var planned = JSONObject()
        planned.appendNew("rule", .object(rule))
        planned.appendNew("horizon", timeline.horizon.map { duration($0, ["timeline", "horizon"]) } ?? .int(86_400))
        // Bounded as a double first: converting 1e30 or .nan to Int would trap.
        let maxEntries = timeline.maxEntries ?? 200
        planned.appendNew("maxEntries", .int(Int(maxEntries.isFinite ? min(1000, max(1, maxEntries)) : 200)))
        var policy: JSONValue = .null
        switch timeline.policy?.value {
        case .word(let word): policy = .string(word)
        case .after(let after?): policy = moment(after, ["timeline", "policy", "after"], relativeNeedsPlus: false)
        case .after(nil), .other, nil: break
        }
        planned.appendNew("policy", policy)
        planned.appendNew("events", .array(timeline.events.enumerated().compactMap { (i, at) in
            at.map { moment($0, ["timeline", "events", String(i), "at"], relativeNeedsPlus: true) }
        }))
        plan.appendNew("timeline", .object(planned))
        if !markets.isEmpty { plan.appendNew("markets", .array(markets)) }
        if let catalog, definition.hasLocalization {
            plan.appendNew("localization", catalog.planStrings(for: LocalizableStrings.of(root)))
        }
        if let problem { return .failure(problem) }
        return .success(.object(plan))
    }

    /// An app manifest's plan (`APP.app.json`): the bundle's widget plans by kind,
    /// the static quick actions, and the recipe for the dynamic ones.
    package static func appPlan(_ manifest: AppDefinition, file: String, kinds: [String]) -> Result<(id: String, plan: JSONValue), Diagnostic> {
        guard let app = manifest.app?.value else {
            return .failure(.error("compile", "an app manifest needs 'app'", file: file, at: manifest.root.location, pointer: "/app"))
        }
        var plan = JSONObject()
        plan.appendNew("format", .string(PlanFormat.widget))
        plan.appendNew("app", .string(app))
        plan.appendNew("displayName", .string(manifest.displayName?.value ?? app))
        plan.appendNew("source", .string(file))
        plan.appendNew("appGroup", manifest.appGroup.map { .string($0.value) } ?? .null)
        plan.appendNew("widgets", .array(kinds.map { .string($0 + PlanFiles.widgetSuffix) }))
        // The quick actions as written: the app's runtime reads them as the manifest says.
        plan.appendNew("shortcuts", manifest.shortcutsNode?.json ?? .array([]))
        plan.appendNew("dynamicShortcuts", manifest.dynamicShortcuts?.node.json ?? .null)
        return .success((app, .object(plan)))
    }

    /// A URL data source with every default written out (docs/plan-format.md, `data`).
    private static func urlSource(
        _ name: String, _ request: WidgetDefinition.Request, fail: (String, SourceNode?, [String]) -> Void
    ) -> JSONValue {
        func seconds(_ member: SourceNode?, _ key: String, default value: Int?) -> JSONValue {
            guard let member else { return value.map(JSONValue.int) ?? .null }
            guard let text = member.string, let s = try? DurationParser.parse(text) else {
                fail("expected a duration", member, ["data", name, key])
                return .null
            }
            return .int(Int(s))
        }
        var source = JSONObject()
        source.appendNew("name", .string(name))
        source.appendNew("url", request.url.json)
        source.appendNew("method", .string(request.method?.value ?? "GET"))
        source.appendNew("headers", .array(request.headers.map { h in
            .object(JSONObject([("name", .string(h.name)), ("value", h.value.json)]))
        }))
        source.appendNew("body", request.body?.json ?? .null)
        source.appendNew("timeout", seconds(request.timeout, "timeout", default: 15))
        source.appendNew("maxAge", seconds(request.maxAge, "maxAge", default: 0))
        source.appendNew("stale", seconds(request.stale, "stale", default: 0))
        source.appendNew("retry", seconds(request.retry, "retry", default: nil))
        source.appendNew("select", .string(request.select?.value ?? ""))
        source.appendNew("insecure", .bool(request.insecure ?? false))
        return .object(source)
    }

    /// One parameter's declaration; a duration bound that does not parse (the checks refuse
    /// it first) is an error here too, never a silent nil.
    private static func parameter(_ parameter: WidgetDefinition.Parameter, file: String) -> Result<JSONValue, Diagnostic> {
        var problem: Diagnostic? = nil
        let type = parameter.type?.value ?? .string
        let values = parameter.enumValues
        func bound(_ key: String, _ b: SourceNode?) -> Double? {
            guard let b else { return nil }
            guard type == .duration else { return b.number }
            do { return Double(try DurationParser.parse(b.string ?? "")) } catch {
                problem = problem ?? .error("compile", "parameter '\(parameter.name)': \(key) \(b.shown) is not a duration: \(error.message)", file: file, at: b.location, pointer: JSONPointer.string(["parameters", parameter.name, key]))
                return nil
            }
        }
        func number(_ d: Double?) -> JSONValue {
            guard let d else { return .null }
            return Int(exactly: d).map(JSONValue.int) ?? .double(d)
        }
        let defaultValue: JSONValue
        if let d = parameter.defaultValue {
            defaultValue = d.json
        } else {
            // No default: what an intent would show first (documented in docs/language-notes.md).
            switch type {
            case .enum: defaultValue = values.first.map(JSONValue.string) ?? .null
            case .integer: defaultValue = .int(Int(bound("min", parameter.min) ?? 0))
            case .number: defaultValue = .double(bound("min", parameter.min) ?? 0)
            case .boolean: defaultValue = .bool(false)
            case .duration: defaultValue = parameter.min?.json ?? .string("15m")
            case .string: defaultValue = .string("")
            }
        }
        var p = JSONObject()
        p.appendNew("name", .string(parameter.name))
        p.appendNew("title", .string(parameter.title?.value ?? parameter.name))
        p.appendNew("type", .string(type.rawValue))
        if type == .enum { p.appendNew("values", .array(values.map(JSONValue.string))) }
        if let titles = parameter.valueTitles { p.appendNew("valueTitles", titles.json) }
        p.appendNew("min", number(bound("min", parameter.min)))
        p.appendNew("max", number(bound("max", parameter.max)))
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
