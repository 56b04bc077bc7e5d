import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars

/// A plan (`widgetc-plan/1`, docs/plan-format.md) made into a provider: every
/// member checked, templates and rules parsed once. The compiler's `run` and a
/// widget extension both get their provider here, so they cannot disagree.
extension CompiledWidget {
    /// - Parameters:
    ///   - defaultZone: the zone of a widget whose plan names none (`--tz`, or the device's).
    ///   - dataDecoder: how container files are read (JSON on a device).
    ///   - cachesData: keep each file's last parse (the simulator reads the same files at every reload).
    ///   - locale: a BCP 47 tag: the widget's strings are its translations (the plan's `localization`),
    ///     looked up as docs/localization.md says; nil shows the source text.
    package convenience init(
        plan: JSONValue, defaultZone: ZoneRules, dataDecoder: @escaping DataDecoder = JSONData.decoder, cachesData: Bool = false,
        locale: String? = nil
    ) throws(PlanError) {
        let root = PlanMember(plan)
        _ = try root.object()
        let format = try root("format").string()
        guard format == PlanFormat.widget else {
            throw try root("format").fail("this is a '\(format)' plan; this runtime reads '\(PlanFormat.widget)' (compile the widget again with this widgetc)")
        }
        let kind = try root("kind").string()
        let zone: ZoneRules
        if let name = root.optional("timeZone") {
            let identifier = try name.string()
            guard let z = ZoneRules.named(identifier) else { throw name.fail("unknown time zone '\(identifier)'") }
            zone = z
        } else {
            zone = defaultZone
        }
        let localizer = try locale.map { tag throws(PlanError) in
            Localizer(locale: tag, table: try root.optional("localization").map(PlanStrings.init) ?? PlanStrings())
        }
        let families = try root("families").items().map { m throws(PlanError) in try m.word(WidgetFamily.self) }
        guard !families.isEmpty else { throw try root("families").fail("a widget needs at least one family") }
        let parameters = try root("parameters").items().map { m throws(PlanError) in try Self.parameter(m, localizer) }
        var dataSources: [(name: String, path: String)] = []
        var urlSources: [URLSource] = []
        for m in try root("data").items() {
            if m.optional("url") != nil {
                urlSources.append(try Self.urlSource(m))
            } else {
                dataSources.append((name: try m("name").string(), path: try m("file").string()))
            }
        }
        let content = try CompiledContent(root("content"), localizer: localizer)
        var familyContent: [String: CompiledContent] = [:]
        for (family, member) in try root.optional("familyContent")?.members() ?? [] {
            _ = try PlanMember(.string(family), path: member.path).word(WidgetFamily.self)
            familyContent[family] = try CompiledContent(member, localizer: localizer)
        }
        // Absent or null: `content` with every tag rendered empty; the snapshot defaults to the placeholder.
        let placeholder = try root.optional("placeholder")?.object().localized(localizer) ?? Self.emptyRendering(of: content)
        let snapshot = try root.optional("snapshot")?.object().localized(localizer) ?? placeholder
        let url = try root.optional("url")?.urlTemplate()

        let timeline = try root("timeline")
        let ruleMember = try timeline("rule")
        let rule = try Self.rule(ruleMember, markets: root.optional("markets"), localizer)
        let horizon = try timeline("horizon").durationField()
        let maxEntries = Int(try timeline("maxEntries").int(in: 1...1000))
        let policy = try timeline.optional("policy").map(Self.policy)
        let events = try timeline("events").items().map(Self.event)
        self.init(
            kind: kind, displayName: try root("displayName").localized(localizer), description: try root("description").localized(localizer),
            file: try root("source").string(), families: families, zone: zone, parameters: parameters, dataSources: dataSources,
            urlSources: urlSources,
            content: content, familyContent: familyContent, placeholder: placeholder, snapshot: snapshot, url: url,
            rule: rule, horizon: horizon, maxEntries: maxEntries, policy: policy, events: events,
            dataDecoder: dataDecoder, cachesData: cachesData, locale: localizer?.locale,
            view: try CompiledView.compile(plan: root, localizer: localizer))
    }

    /// The default placeholder: `content` with every tag rendered empty.
    private static func emptyRendering(of content: CompiledContent) -> JSONObject {
        var object = JSONObject()
        var missing: [String] = []
        content.render(into: &object, scope: JSONValue.object(JSONObject()), missing: &missing)
        return object
    }

    /// A URL data source (docs/plan-format.md, `data`).
    private static func urlSource(_ m: PlanMember) throws(PlanError) -> URLSource {
        let method = try m("method").string()
        guard method == "GET" || method == "POST" else { throw try m("method").fail("expected GET or POST, found '\(method)'") }
        let headers = try m("headers").items().map { h throws(PlanError) in (name: try h("name").string(), value: try h("value").urlTemplate("header")) }
        let body: Template?
        if let b = m.optional("body"), b.value != .null { body = try b.urlTemplate("body") } else { body = nil }
        let selectText = try m("select").string()
        guard let select = JSONPointer.tokens(selectText) else { throw try m("select").fail("'\(selectText)' is not a JSON Pointer") }
        let retry: Int64?
        if let r = m.optional("retry"), r.value != .null { retry = try r.int(in: 1...DurationParser.maximumSeconds) } else { retry = nil }
        return URLSource(
            name: try m("name").string(), url: try m("url").urlTemplate(), method: method, headers: headers, body: body,
            timeout: try m("timeout").int(in: 1...60), maxAge: try m("maxAge").int(in: 0...DurationParser.maximumSeconds),
            stale: try m("stale").int(in: 0...DurationParser.maximumSeconds), retry: retry, select: select, selectText: selectText,
            insecure: try m("insecure").bool())
    }

    private static func parameter(_ m: PlanMember, _ localizer: Localizer?) throws(PlanError) -> ParameterDeclaration {
        let type = try m("type").word(ParameterType.self)
        let values = try m.optional("values")?.items().map { v throws(PlanError) in try v.string() } ?? []
        var valueTitles: [String: String] = [:]
        for (value, title) in try m.optional("valueTitles")?.members() ?? [] {
            guard values.contains(value) else { throw title.fail("'\(value)' is not one of the parameter's values") }
            valueTitles[value] = try title.localized(localizer)
        }
        let declaration = ParameterDeclaration(
            name: try m("name").string(), title: try m("title").localized(localizer), type: type.rawValue, values: values,
            min: try m.optional("min")?.number(), max: try m.optional("max")?.number(), defaultValue: try m("default").value,
            valueTitles: valueTitles)
        if type == .enum, !values.contains(declaration.defaultValue.string ?? "") {
            throw try m("default").fail("the default of an enum parameter must be one of its values")
        }
        return declaration
    }

    private static func rule(_ m: PlanMember, markets: PlanMember?, _ localizer: Localizer?) throws(PlanError) -> TimelineRule {
        switch try m("type").word(RuleType.self) {
        case .every:
            return .every(try m("every").durationField(), aligned: try m("align").bool())
        case .daily:
            let slots = try m("slots").items().map { slot throws(PlanError) -> DailySlot in
                let at = try slot("at").string()
                let minute: Int
                do throws(TimeParseError) { minute = try WallTime.parse(at) } catch { throw try slot("at").fail("'\(at)' is not a wall time: \(error.message)") }
                return DailySlot(minuteOfDay: minute, name: try slot("name").string(), at: at, content: try CompiledContent(slot.optional("content"), localizer: localizer))
            }
            guard !slots.isEmpty else { throw try m("slots").fail("a daily rule needs at least one slot") }
            return .daily(slots)
        case .cron:
            let text = try m("expression").string()
            do throws(TimeParseError) { return .cron(try CronExpression(text)) } catch { throw try m("expression").fail("cron '\(text)': \(error.message)") }
        case .progress:
            return .progress(ProgressRule(
                value: try m("value").numberField(), since: try m("since").instantField(), by: try m("by").numberField(),
                every: try m("every").durationField(), to: try m("to").numberField()))
        case .sequence:
            return .sequence(source: try m("items").string(), every: try m("every").durationField())
        case .market:
            let mic = try m("exchange").string()
            return .market(try calendar(mic, markets: markets, at: m("exchange")), every: try m("every").durationField())
        case .once:
            return .once
        }
    }

    /// The exchange's calendar, from the plan's own `markets` (so a plan needs no lookup outside itself).
    private static func calendar(_ mic: String, markets: PlanMember?, at member: PlanMember) throws(PlanError) -> MarketCalendar {
        for described in try markets?.items() ?? [] where try described("mic").string() == mic {
            return try MarketCalendarPlan.calendar(described)
        }
        throw member.fail("the plan's 'markets' has no calendar for '\(mic)'")
    }

    private static func policy(_ m: PlanMember) throws(PlanError) -> PolicyOverride {
        if case .string(let word) = m.value {
            switch word {
            case "atEnd": return .atEnd
            case "never": return .never
            default: throw m.fail("expected atEnd, never, {\"in\": seconds} or {\"at\": instant or template}, found '\(word)'")
            }
        }
        if let seconds = m.optional("in") { return .afterDuration(try seconds.int(in: 0...DurationParser.maximumSeconds)) }
        let at = try m("at")
        if case .string(let text) = at.value, text.isTemplate { return .afterTemplate(try at.template()) }
        return .afterInstant(try at.instant())
    }

    private static func event(_ m: PlanMember) throws(PlanError) -> EventTime {
        if let seconds = m.optional("in") { return .relative(try seconds.int(in: 0...DurationParser.maximumSeconds)) }
        let at = try m("at")
        if case .string(let text) = at.value, text.isTemplate { return .template(try at.template()) }
        return .instant(try at.instant())
    }
}

extension PlanMember {
    /// Text shown as it is (a display name, a title), in the localizer's language.
    fileprivate func localized(_ localizer: Localizer?) throws(PlanError) -> String {
        let text = try string()
        return localizer?.text(text) ?? text
    }

    /// A widget URL: a template, or fixed text (which renders to itself).
    fileprivate func urlTemplate(_ what: String = "url") throws(PlanError) -> Template {
        let text = try string()
        do { return try Template(text) } catch { throw fail("\(what) '\(text)': \(error.message)") }
    }
}

extension JSONObject {
    /// Placeholder and snapshot values with their strings translated.
    fileprivate func localized(_ localizer: Localizer?) -> JSONObject {
        guard let localizer else {
            // A key with its arguments renders in the source language all the same.
            return JSONObject(map { ($0.key, FormattedField.text(literal: $0.value, localizer: nil).map(JSONValue.string) ?? $0.value) })
        }
        return JSONObject(map { ($0.key, localizer.literal($0.value)) })
    }
}

/// The parameter types a plan may declare.
enum ParameterType: String, CaseIterable {
    case integer, number, boolean, string, `enum`, duration
}

/// The rule kinds a plan may hold (`timeline.rule.type`).
enum RuleType: String, CaseIterable {
    case every, daily, cron, progress, sequence, market, once
}

