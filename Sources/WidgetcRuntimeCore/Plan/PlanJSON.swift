import WidgetCEL
import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars

// The plan format `widgetc-plan/1` (docs/plan-format.md): every member's name, its order
// and its JSON form, both ways. `json` is what `widgetc compile` writes; `init(json:)`
// reads a plan file back, checking each member and naming the JSON Pointer of any it
// refuses. The two sub-formats a plan embeds keep their own owners: `markets` is
// `ExchangeDescription`'s (plan-markets.md), `localization` is `PlanStrings`'.

/// The plan format this runtime reads and the compiler writes.
public enum PlanFormat {
    /// The first member of every plan, `"format": "widgetc-plan/1"`.
    public static let widget = "widgetc-plan/1"
}

// MARK: - Widget plan

extension WidgetPlanModel {
    /// The plan as `compile` writes it: members in the documented order, durations in
    /// seconds, instants in UTC, numbers as the definition wrote them.
    package var json: JSONValue {
        var plan = JSONObject()
        plan.appendNew("format", .string(PlanFormat.widget))
        plan.appendNew("kind", .string(kind))
        plan.appendNew("displayName", .string(displayName))
        plan.appendNew("description", .string(description))
        plan.appendNew("source", .string(source))
        plan.appendNew("families", .array(families.map { .string($0.rawValue) }))
        plan.appendNew("timeZone", timeZone.map { .string($0.identifier) } ?? .null)
        plan.appendNew("parameters", .array(parameters.map(\.json)))
        plan.appendNew("data", .array(data.map { source in
            guard case .object(var object) = source.json else { return source.json }
            if let declared = dates.first(where: { $0.source == source.name }) { declared.write(into: &object) }
            if let typed = schemas.first(where: { $0.source == source.name }) { object.appendNew("schema", typed.schema) }
            return .object(object)
        }))
        if !lets.isEmpty { plan.appendNew("let", .array(lets.map(\.json))) }
        plan.appendNew("content", .object(content))
        plan.appendNew("familyContent", .object(familyContent))
        plan.appendNew("placeholder", placeholder.map(JSONValue.object) ?? .null)
        plan.appendNew("snapshot", snapshot.map(JSONValue.object) ?? .null)
        plan.appendNew("url", url.map { .string($0.source) } ?? .null)
        // Only when true, so the plans of widgets without pushes are unchanged.
        if push { plan.appendNew("push", .bool(true)) }
        if let view { plan.appendNew("view", view) }
        if let familyView { plan.appendNew("familyView", .object(familyView)) }
        if let background { plan.appendNew("background", background) }
        if !intents.isEmpty { plan.appendNew("intents", .array(intents.map(\.json))) }
        // Only when declared, so the plans of widgets without it are unchanged.
        if let relevance {
            plan.appendNew("relevance", .object(JSONObject([("score", .string(relevance.score.expression)), ("duration", relevance.duration.json)])))
        }
        plan.appendNew("timeline", timeline.json)
        if case .market(let calendar, _) = timeline.rule { plan.appendNew("markets", .array([calendar.exchange.planJSON])) }
        if let localization { plan.appendNew("localization", localization) }
        return .object(plan)
    }

    /// Reads a plan file's JSON. Trees of templates are checked when the runtime compiles them.
    package init(json: JSONValue) throws(PlanError) {
        let root = try PlanMember.planRoot(json, of: "widget")
        var zone: ZoneRules? = nil
        if let name = root.optional("timeZone") {
            let identifier = try name.string()
            guard let z = ZoneRules.named(identifier) else { throw name.fail("unknown time zone '\(identifier)'") }
            zone = z
        }
        let families = try root("families").items().map { m throws(PlanError) in try m.word(WidgetFamily.self) }
        guard !families.isEmpty else { throw try root("families").fail("a widget needs at least one family") }
        var dates: [SourceDates] = []
        var schemas: [SourceSchema] = []
        let data = try root("data").items().map { m throws(PlanError) -> PlanDataSource in
            if let declared = try SourceDates(m) { dates.append(declared) }
            if let schema = m.optional("schema") {
                _ = try schema.object()
                schemas.append(SourceSchema(source: try m("name").string(), schema: schema.value))
            }
            if m.optional("url") != nil { return .url(try URLSource(m)) }
            if let keys = m.optional("defaults") {
                return .defaults(DefaultsSource(name: try m("name").string(), suite: try m.optional("suite")?.string(), keys: try keys.object()))
            }
            let retry = try m.optional("retry")?.int(in: 1...DurationParser.maximumSeconds)
            if let type = m.optional("swift") {
                let arguments = try m.optional("args")?.object() ?? JSONObject()
                return .swift(SwiftSource(
                    name: try m("name").string(), type: try type.string(), arguments: arguments, fixture: try m.optional("fixture")?.string(), retry: retry))
            }
            return .file(name: try m("name").string(), path: try m("file").string(), retry: retry)
        }
        let timeline = try root("timeline")
        self.init(
            kind: try root("kind").string(), displayName: try root("displayName").string(), description: try root("description").string(),
            source: try root("source").string(), families: families, timeZone: zone,
            parameters: try root("parameters").items().map(PlanParameter.init), data: data,
            content: try root("content").object(), familyContent: try root.optional("familyContent")?.object() ?? JSONObject(),
            placeholder: try root.optional("placeholder")?.object(), snapshot: try root.optional("snapshot")?.object(),
            url: try root.optional("url")?.urlTemplate(),
            timeline: PlanTimeline(
                rule: try PlanRule(timeline("rule"), markets: root.optional("markets")), horizon: try timeline("horizon").durationField(),
                maxEntries: Int(try timeline("maxEntries").int(in: 1...1000)), policy: try timeline.optional("policy").map(PolicyOverride.init),
                events: try timeline("events").items().map(EventTime.init),
                jitter: try timeline.optional("jitter")?.int(in: 1...DurationParser.maximumSeconds) ?? 0),
            localization: root.optional("localization")?.value)
        view = root.optional("view")?.value
        familyView = try root.optional("familyView")?.object()
        background = root.optional("background")?.value
        lets = try root.optional("let")?.items().map(PlanLet.init) ?? []
        intents = try root.optional("intents")?.items().map(PlanIntent.init) ?? []
        push = try root.optional("push")?.bool() ?? false
        if let member = root.optional("relevance") {
            let score = try member("score")
            let expression = try score.string()
            let duration = try member.optional("duration")?.durationField(minimum: 0) ?? .literal(0)
            do {
                relevance = PlanRelevance(score: try PlanLet(name: "relevance", expression: expression, perEntry: true), duration: duration)
            } catch {
                throw score.fail("'\(expression)' is not a CEL expression: \(error.errors.first?.message ?? "")")
            }
        }
        self.dates = dates
        self.schemas = schemas
    }
}

extension SourceDates {
    /// `"dates": { POINTER: FORMAT }` and `"zone"` when the source has its own, beside its other members.
    func write(into source: inout JSONObject) {
        source.appendNew("dates", .object(JSONObject(rules.map { ($0.pointer, .string($0.format.text)) })))
        if let zone { source.appendNew("zone", .string(zone.identifier)) }
    }

    /// A plan file's source's `dates`; nil when it has none.
    init?(_ m: PlanMember) throws(PlanError) {
        guard let declared = m.optional("dates") else { return nil }
        var rules: [Rule] = []
        for (pointer, format) in try declared.members() {
            guard let tokens = JSONPointer.tokens(pointer) else { throw format.fail("'\(pointer)' is not a JSON Pointer") }
            let text = try format.string()
            do throws(TimeParseError) {
                rules.append(Rule(pointer: pointer, tokens: tokens, format: try DataDateFormat.parse(text)))
            } catch {
                throw format.fail(error.message)
            }
        }
        var zone: ZoneRules? = nil
        if let name = m.optional("zone") {
            let identifier = try name.string()
            guard let z = ZoneRules.named(identifier) else { throw name.fail("unknown time zone '\(identifier)'") }
            zone = z
        }
        self.init(source: try m("name").string(), rules: rules, zone: zone)
    }
}

extension PlanLet {
    /// `{ "name", "expression", "perEntry" }`, in evaluation order.
    var json: JSONValue {
        .object(JSONObject([("name", .string(name)), ("expression", .string(expression)), ("perEntry", .bool(perEntry))]))
    }

    /// A plan file's let: its expression parsed once, here (the compiler checked it).
    init(_ member: PlanMember) throws(PlanError) {
        let expression = try member("expression").string()
        do {
            try self.init(name: try member("name").string(), expression: expression, perEntry: try member("perEntry").bool())
        } catch let failure as CELProgram.Failure {
            throw (try? member("expression"))?.fail("'\(expression)' is not a CEL expression: \(failure.errors.first?.message ?? "")") ?? member.fail("not a let")
        } catch let error as PlanError {
            throw error
        } catch {
            throw member.fail("\(error)")
        }
    }
}

extension PlanParameter {
    var json: JSONValue {
        var p = JSONObject()
        p.appendNew("name", .string(name))
        p.appendNew("title", .string(title))
        // Only when written, so the plans of widgets without one are unchanged.
        if let description { p.appendNew("description", .string(description)) }
        p.appendNew("type", .string(type.rawValue))
        if type == .enum { p.appendNew("values", .array(values.map(JSONValue.string))) }
        if let valueTitles { p.appendNew("valueTitles", .object(JSONObject(valueTitles.map { ($0.value, .string($0.title)) }))) }
        if let entity {
            // Only for entity parameters, so the plans of the others are unchanged.
            var o = JSONObject()
            if let swift = entity.swift {
                o.appendNew("swift", .string(swift.type))
                o.appendNew("args", .object(swift.arguments))
                o.appendNew("fixture", swift.fixture.map(JSONValue.string) ?? .null)
            } else {
                o.appendNew("from", .string(entity.from))
            }
            o.appendNew("id", .string(entity.id.source))
            o.appendNew("title", .string(entity.title.source))
            o.appendNew("subtitle", entity.subtitle.map { .string($0.source) } ?? .null)
            o.appendNew("image", entity.image.map { .string($0.source) } ?? .null)
            p.appendNew("options", .object(o))
            p.appendNew("multiple", entity.multipleMax.map { .object(JSONObject([("max", .int($0))])) } ?? .null)
            p.appendNew("default", entity.defaultChoice.json)
            return .object(p)
        }
        p.appendNew("min", Self.json(min))
        p.appendNew("max", Self.json(max))
        p.appendNew("default", defaultValue)
        return .object(p)
    }

    /// A bound: whole numbers as integers.
    private static func json(_ d: Double?) -> JSONValue {
        guard let d else { return .null }
        return Int(exactly: d).map(JSONValue.int) ?? .double(d)
    }

    init(_ m: PlanMember) throws(PlanError) {
        let type = try m("type").word(ParameterType.self)
        if type == .entity {
            self.init(
                name: try m("name").string(), title: try m("title").string(), description: try m.optional("description")?.string(),
                type: type, values: [], valueTitles: nil, min: nil, max: nil, defaultValue: .null)
            entity = try EntityOptions(m)
            return
        }
        let values = try m.optional("values")?.items().map { v throws(PlanError) in try v.string() } ?? []
        var valueTitles: [(value: String, title: String)]? = nil
        if let titles = m.optional("valueTitles") {
            valueTitles = try titles.members().map { (value, title) throws(PlanError) in
                guard values.contains(value) else { throw title.fail("'\(value)' is not one of the parameter's values") }
                return (value, try title.string())
            }
        }
        let defaultValue = try m("default").value
        if type == .enum, !values.contains(defaultValue.string ?? "") {
            throw try m("default").fail("the default of an enum parameter must be one of its values")
        }
        self.init(
            name: try m("name").string(), title: try m("title").string(), description: try m.optional("description")?.string(),
            type: type, values: values, valueTitles: valueTitles,
            min: try m.optional("min")?.number(), max: try m.optional("max")?.number(), defaultValue: defaultValue)
    }
}

extension EntityOptions {
    /// An entity parameter's `options`, `multiple` and `default` in a plan.
    fileprivate init(_ m: PlanMember) throws(PlanError) {
        let options = try m("options")
        var swift: SwiftSource? = nil
        let from: String
        let path: [String]
        if let type = options.optional("swift") {
            // Through the hatch (docs/swift-hatch.md): the list is the type's value, or its fixture.
            let name = try m("name").string()
            swift = SwiftSource(
                name: EntityOptions.sourceName(name), type: try type.string(), arguments: try options.optional("args")?.object() ?? JSONObject(),
                fixture: try options.optional("fixture").flatMap { f throws(PlanError) in f.value.isNull ? nil : try f.string() }, retry: nil)
            from = "swift: \(try type.string())"
            path = []
        } else {
            from = try options("from").string()
            path = from.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard path.count >= 2, path[0] == "data" || path[0] == "let", !path.contains("") else {
                throw try options("from").fail("'\(from)' is not data.NAME… or let.NAME…")
            }
        }
        func template(_ key: String) throws(PlanError) -> Template? {
            guard let member = options.optional(key), !member.value.isNull else { return nil }
            let text = try member.string()
            do throws(TemplateError) { return try Template(text) } catch { throw member.fail("'\(text)' is not a template: \(error.message)") }
        }
        guard let id = try template("id") else { throw try options("id").fail("an entity's options need an id") }
        var multipleMax: Int? = nil
        if let multiple = m.optional("multiple"), !multiple.value.isNull { multipleMax = Int(try multiple("max").int(in: 1...1000)) }
        let choice: DefaultChoice
        switch try m("default").value {
        case .null: choice = .none
        case .string("first"): choice = .first
        case .object(let o) where o["id"]?.string != nil: choice = .id(o["id"]?.string ?? "")
        default: throw try m("default").fail("expected \"first\", null or {\"id\": ID}")
        }
        self.init(
            from: from, path: path, id: id, title: try template("title") ?? id, subtitle: try template("subtitle"),
            image: try template("image"), defaultChoice: choice, multipleMax: multipleMax, swift: swift)
    }
}

extension PlanDataSource {
    var json: JSONValue {
        switch self {
        case .file(let name, let path, let retry?):
            return .object(JSONObject([("name", .string(name)), ("file", .string(path)), ("retry", .int(Int(retry)))]))
        case .file(let name, let path, nil):
            return .object(JSONObject([("name", .string(name)), ("file", .string(path))]))
        case .defaults(let source):
            return .object(JSONObject([("name", .string(source.name)), ("defaults", .object(source.keys)), ("suite", source.suite.map(JSONValue.string) ?? .null)]))
        case .swift(let source):
            var s = JSONObject([("name", .string(source.name)), ("swift", .string(source.type)), ("args", .object(source.arguments))])
            s["fixture"] = source.fixture.map(JSONValue.string) ?? .null
            if let retry = source.retry { s["retry"] = .int(Int(retry)) }
            return .object(s)
        case .url(let source):
            // Every member, defaults resolved (docs/plan-format.md, URL data sources).
            var s = JSONObject()
            s.appendNew("name", .string(source.name))
            s.appendNew("url", .string(source.url.source))
            s.appendNew("method", .string(source.method))
            s.appendNew("headers", .array(source.headers.map { h in
                .object(JSONObject([("name", .string(h.name)), ("value", .string(h.value.source))]))
            }))
            s.appendNew("body", source.body.map { .string($0.source) } ?? .null)
            s.appendNew("timeout", .int(Int(source.timeout)))
            s.appendNew("maxAge", .int(Int(source.maxAge)))
            s.appendNew("stale", source.stale == URLSource.forever ? .string("forever") : .int(Int(source.stale)))
            s.appendNew("retry", source.retry.map { .int(Int($0)) } ?? .null)
            s.appendNew("select", .string(source.selectText))
            s.appendNew("insecure", .bool(source.insecure))
            // Only when written, so the plans of the others are unchanged.
            if !source.fallback.isEmpty { s.appendNew("fallback", .array(source.fallback.map(JSONValue.string))) }
            if source.answer == .image { s.appendNew("image", .bool(true)) }
            return .object(s)
        }
    }
}

extension URLSource {
    /// Seconds, or `"forever"`.
    private static func stale(_ m: PlanMember) throws(PlanError) -> Int64 {
        if case .string(let word) = m.value {
            guard word == "forever" else { throw m.fail("expected seconds or \"forever\", found '\(word)'") }
            return URLSource.forever
        }
        return try m.int(in: 0...DurationParser.maximumSeconds)
    }

    fileprivate init(_ m: PlanMember) throws(PlanError) {
        let method = try m("method").string()
        guard method == "GET" || method == "POST" else { throw try m("method").fail("expected GET or POST, found '\(method)'") }
        let headers = try m("headers").items().map { h throws(PlanError) in (name: try h("name").string(), value: try h("value").urlTemplate("header")) }
        let body: Template?
        if let b = m.optional("body") { body = try b.urlTemplate("body") } else { body = nil }
        let selectText = try m("select").string()
        guard let select = JSONPointer.tokens(selectText) else { throw try m("select").fail("'\(selectText)' is not a JSON Pointer") }
        let retry: Int64?
        if let r = m.optional("retry") { retry = try r.int(in: 1...DurationParser.maximumSeconds) } else { retry = nil }
        self.init(
            name: try m("name").string(), url: try m("url").urlTemplate(), method: method, headers: headers, body: body,
            timeout: try m("timeout").int(in: 1...60), maxAge: try m("maxAge").int(in: 0...DurationParser.maximumSeconds),
            stale: try Self.stale(m("stale")), retry: retry, select: select, selectText: selectText,
            insecure: try m("insecure").bool())
        fallback = try m.optional("fallback")?.items().map { f throws(PlanError) in try f.string() } ?? []
        if try m.optional("image")?.bool() == true { answer = .image }
    }
}

// MARK: - Timeline

extension PlanTimeline {
    var json: JSONValue {
        var t = JSONObject()
        t.appendNew("rule", rule.json)
        t.appendNew("horizon", horizon.json)
        t.appendNew("maxEntries", .int(maxEntries))
        t.appendNew("policy", policy?.json ?? .null)
        // Only when declared, so plans without it stay as they were.
        if jitter > 0 { t.appendNew("jitter", .int(Int(jitter))) }
        t.appendNew("events", .array(events.map(\.json)))
        return .object(t)
    }
}

/// The rule kinds a plan may hold (`timeline.rule.type`).
private enum RuleType: String, CaseIterable {
    case every, daily, cron, progress, sequence, schedule, market, once
}

extension PlanRule {
    /// `type` first, then the rule's own members.
    var json: JSONValue {
        var r = JSONObject()
        switch self {
        case .every(let every, let aligned):
            r.appendNew("type", .string(RuleType.every.rawValue))
            r.appendNew("every", every.json)
            r.appendNew("align", .bool(aligned))
        case .daily(let slots):
            r.appendNew("type", .string(RuleType.daily.rawValue))
            r.appendNew("slots", .array(slots.map { slot in
                var s = JSONObject([("at", .string(slot.at)), ("name", .string(slot.name))])
                if let content = slot.content { s.appendNew("content", .object(content)) }
                return .object(s)
            }))
        case .cron(let expression):
            r.appendNew("type", .string(RuleType.cron.rawValue))
            r.appendNew("expression", .string(expression.text))
        case .progress(let progress):
            r.appendNew("type", .string(RuleType.progress.rawValue))
            r.appendNew("value", progress.value.json)
            r.appendNew("since", progress.since.json)
            r.appendNew("by", progress.by.json)
            r.appendNew("every", progress.every.json)
            r.appendNew("to", progress.to.json)
        case .sequence(let items, let every):
            r.appendNew("type", .string(RuleType.sequence.rawValue))
            r.appendNew("items", .string(items))
            r.appendNew("every", every.json)
        case .schedule(let schedule):
            r.appendNew("type", .string(RuleType.schedule.rawValue))
            r.appendNew("items", .string(schedule.items.joined(separator: ".")))
            r.appendNew("at", .string(schedule.at.source))
            if let end = schedule.end { r.appendNew("end", .string(end.source)) }
            r.appendNew("upcoming", .int(schedule.upcoming))
        case .market(let calendar, let every):
            r.appendNew("type", .string(RuleType.market.rawValue))
            r.appendNew("exchange", .string(calendar.mic))
            r.appendNew("every", every.json)
        case .once:
            r.appendNew("type", .string(RuleType.once.rawValue))
        }
        return .object(r)
    }

    fileprivate init(_ m: PlanMember, markets: PlanMember?) throws(PlanError) {
        switch try m("type").word(RuleType.self) {
        case .every:
            self = .every(try m("every").durationField(), aligned: try m("align").bool())
        case .daily:
            let slots = try m("slots").items().map { slot throws(PlanError) -> PlanDailySlot in
                let at = try slot("at").string()
                let minute: Int
                do throws(TimeParseError) { minute = try WallTime.parse(at) } catch { throw try slot("at").fail("'\(at)' is not a wall time: \(error.message)") }
                return PlanDailySlot(at: at, minuteOfDay: minute, name: try slot("name").string(), content: try slot.optional("content")?.object())
            }
            guard !slots.isEmpty else { throw try m("slots").fail("a daily rule needs at least one slot") }
            self = .daily(slots)
        case .cron:
            let text = try m("expression").string()
            do throws(TimeParseError) { self = .cron(try CronExpression(text)) } catch { throw try m("expression").fail("cron '\(text)': \(error.message)") }
        case .progress:
            self = .progress(PlanProgress(
                value: try m("value").numberField(), since: try m("since").instantField(), by: try m("by").numberField(),
                every: try m("every").durationField(), to: try m("to").numberField()))
        case .sequence:
            self = .sequence(items: try m("items").string(), every: try m("every").durationField())
        case .schedule:
            let items = try m("items").string().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard items.count >= 2, items[0] == "data" || items[0] == "let", !items.contains("") else {
                throw try m("items").fail("expected data.NAME or let.NAME, with keys after it, found '\(items.joined(separator: "."))'")
            }
            self = .schedule(PlanSchedule(
                items: items, at: try m("at").template(), end: try m.optional("end")?.template(),
                upcoming: Int(try m("upcoming").int(in: 0...100))))
        case .market:
            let mic = try m("exchange").string()
            self = .market(try Self.calendar(mic, markets: markets, at: m("exchange")), every: try m("every").durationField())
        case .once:
            self = .once
        }
    }

    /// The exchange's calendar, from the plan's own `markets` (so a plan needs no lookup outside itself).
    private static func calendar(_ mic: String, markets: PlanMember?, at member: PlanMember) throws(PlanError) -> MarketCalendar {
        for described in try markets?.items() ?? [] where try described("mic").string() == mic {
            return try MarketCalendarPlan.calendar(described)
        }
        throw member.fail("the plan's 'markets' has no calendar for '\(mic)'")
    }
}

extension PolicyOverride {
    /// `"atEnd"`, `"never"`, `{"in": seconds}` or `{"at": instant or template}`.
    var json: JSONValue {
        switch self {
        case .atEnd: .string("atEnd")
        case .never: .string("never")
        case .afterDuration(let seconds): .object(JSONObject([("in", .int(Int(seconds)))]))
        case .afterInstant(let instant): .object(JSONObject([("at", .string(ZoneRules.utc.iso8601(instant)))]))
        case .afterTemplate(let template): .object(JSONObject([("at", .string(template.source))]))
        }
    }

    fileprivate init(_ m: PlanMember) throws(PlanError) {
        if case .string(let word) = m.value {
            switch word {
            case "atEnd": self = .atEnd
            case "never": self = .never
            default: throw m.fail("expected atEnd, never, {\"in\": seconds} or {\"at\": instant or template}, found '\(word)'")
            }
            return
        }
        if let seconds = m.optional("in") { self = .afterDuration(try seconds.int(in: 0...DurationParser.maximumSeconds)); return }
        let at = try m("at")
        if case .string(let text) = at.value, text.isTemplate { self = .afterTemplate(try at.template()); return }
        self = .afterInstant(try at.instant())
    }
}

extension EventTime {
    /// `{"in": seconds}` for a relative instant, `{"at": instant or template}` otherwise.
    var json: JSONValue {
        switch self {
        case .relative(let seconds): .object(JSONObject([("in", .int(Int(seconds)))]))
        case .instant(let instant): .object(JSONObject([("at", .string(ZoneRules.utc.iso8601(instant)))]))
        case .template(let template): .object(JSONObject([("at", .string(template.source))]))
        }
    }

    fileprivate init(_ m: PlanMember) throws(PlanError) {
        if let seconds = m.optional("in") { self = .relative(try seconds.int(in: 0...DurationParser.maximumSeconds)); return }
        let at = try m("at")
        if case .string(let text) = at.value, text.isTemplate { self = .template(try at.template()); return }
        self = .instant(try at.instant())
    }
}

// MARK: - Fields: a literal, or a template (a string holding a tag, the language's own rule)

extension Field where Value == Int64 {
    /// Seconds, or the template.
    var json: JSONValue {
        switch self {
        case .literal(let seconds): .int(Int(seconds))
        case .template(let t): .string(t.source)
        }
    }
}

extension Field where Value == PlanNumber {
    var json: JSONValue {
        switch self {
        case .literal(.int(let i)): .int(i)
        case .literal(.double(let d)): .double(d)
        case .template(let t): .string(t.source)
        }
    }
}

extension Field where Value == Instant {
    /// ISO 8601 in UTC, or the template.
    var json: JSONValue {
        switch self {
        case .literal(let instant): .string(ZoneRules.utc.iso8601(instant))
        case .template(let t): .string(t.source)
        }
    }
}

extension PlanMember {
    func template() throws(PlanError) -> Template {
        let text = try string()
        guard text.isTemplate else { throw fail("expected a template (text with a {{tag}}), found '\(text)'") }
        do { return try Template(text) } catch { throw fail("template '\(text)': \(error.message)") }
    }

    /// Seconds, or a template that renders a duration.
    fileprivate func durationField(minimum: Int64 = 1) throws(PlanError) -> Field<Int64> {
        if case .string = value { return .template(try template()) }
        return .literal(try int(in: minimum...DurationParser.maximumSeconds))
    }

    /// A number, or a template that renders one.
    fileprivate func numberField() throws(PlanError) -> Field<PlanNumber> {
        switch value {
        case .string: return .template(try template())
        case .int(let i): return .literal(.int(i))
        default: return .literal(.double(try number()))
        }
    }

    /// An instant (ISO 8601 with an offset), or a template that renders one.
    fileprivate func instantField() throws(PlanError) -> Field<Instant> {
        let text = try string()
        if text.isTemplate { return .template(try template()) }
        return .literal(try instant())
    }

    func instant() throws(PlanError) -> Instant {
        let text = try string()
        do { return try InstantParser.parse(text).instant } catch { throw fail("'\(text)' is not an instant: \(error.message)") }
    }

    /// A widget URL or a request's text: a template, or fixed text (which renders to itself).
    fileprivate func urlTemplate(_ what: String = "url") throws(PlanError) -> Template {
        let text = try string()
        do { return try Template(text) } catch { throw fail("\(what) '\(text)': \(error.message)") }
    }
}

// MARK: - App plan

extension AppPlanModel {
    package var json: JSONValue {
        var plan = JSONObject()
        plan.appendNew("format", .string(PlanFormat.widget))
        plan.appendNew("app", .string(app))
        plan.appendNew("displayName", .string(displayName))
        plan.appendNew("source", .string(source))
        plan.appendNew("appGroup", appGroup.map(JSONValue.string) ?? .null)
        plan.appendNew("widgets", .array(widgets.map(JSONValue.string)))
        plan.appendNew("shortcuts", shortcuts)
        plan.appendNew("dynamicShortcuts", dynamicShortcuts ?? .null)
        return .object(plan)
    }

    package init(json: JSONValue) throws(PlanError) {
        let root = try PlanMember.planRoot(json, of: "app")
        let shortcuts = try root("shortcuts")
        _ = try shortcuts.items()
        self.init(
            app: try root("app").string(), displayName: try root("displayName").string(), source: try root("source").string(),
            appGroup: try root.optional("appGroup")?.string(), widgets: try root("widgets").items().map { m throws(PlanError) in try m.string() },
            shortcuts: shortcuts.value, dynamicShortcuts: root.optional("dynamicShortcuts")?.value)
    }
}

extension PlanMember {
    /// A plan file's root object, its `format` one this runtime reads; `what` (widget, app)
    /// names what to compile again when it is not.
    static func planRoot(_ json: JSONValue, of what: String) throws(PlanError) -> PlanMember {
        let root = PlanMember(json)
        _ = try root.object()
        let format = try root("format").string()
        guard format == PlanFormat.widget else {
            throw try root("format").fail("this is a '\(format)' plan; this runtime reads '\(PlanFormat.widget)' (compile the \(what) again with this widgetc)")
        }
        return root
    }
}
