import WidgetDiagnostics
import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars
import WidgetcRuntimeCore

/// Turns a validated widget definition into its typed plan (`WidgetPlanModel`,
/// docs/plan-format.md): defaults resolved, every rule in one normal form.
///
/// Runs only on definitions that passed the checks, so shapes are known good;
/// anything still unusable is returned as a positioned diagnostic, never skipped.
/// It reads the typed `WidgetDefinition`, not the document, and the values the checks
/// parsed (`ParsedScalars`): no duration, instant or cron expression is parsed again.
/// Trees of templates (`content`…) are carried as the JSON they are.
package enum Lowering {
    /// - Parameter catalog: the String Catalog the widget names (`localization.catalog`), read:
    ///   the plan then carries the translations of the strings the widget uses.
    /// - Parameter parsed: what the checks of this definition parsed.
    package static func plan(
        _ definition: WidgetDefinition, file: String, catalog: StringCatalog? = nil, parsed: ParsedScalars
    ) -> Result<WidgetPlanModel, Diagnostic> {
        let root = definition.root
        var problem: Diagnostic? = nil
        func fail(_ message: String, _ node: SourceNode?, _ pointer: [String]) {
            if problem == nil {
                problem = .error(.compile, message, file: file, at: node?.location ?? root.location, pointer: JSONPointer.string(pointer))
            }
        }
        func template(_ text: String, _ node: SourceNode, _ pointer: [String]) -> Template? {
            do { return try Template(text) } catch {
                fail("template '\(text)': \(error.message)", node, pointer)
                return nil
            }
        }
        /// A duration: the seconds the checks parsed, or the template that renders one.
        func duration(_ node: SourceNode?, _ pointer: [String]) -> Field<Int64> {
            guard let node, let text = node.string else { fail("expected a duration", node, pointer); return .literal(0) }
            if text.isTemplate { return template(text, node, pointer).map(Field.template) ?? .literal(0) }
            guard case .seconds(let seconds)? = parsed.value(of: node) else {
                fail("'\(text)' is not a duration the checks accepted", node, pointer)
                return .literal(0)
            }
            return .literal(seconds)
        }
        /// A number as written, or the template that renders one.
        func number(_ node: SourceNode?, _ pointer: [String]) -> Field<PlanNumber> {
            switch node?.json {
            case .int(let i)?: return .literal(.int(i))
            case .double(let d)?: return .literal(.double(d))
            case .string(let text)? where text.isTemplate: return template(text, node!, pointer).map(Field.template) ?? .literal(.int(0))
            default:
                fail("expected a number or a template", node, pointer)
                return .literal(.int(0))
            }
        }
        /// An instant the checks parsed, or the template that renders one.
        func instant(_ node: SourceNode?, _ pointer: [String]) -> Field<Instant> {
            guard let node, let text = node.string else { fail("expected an instant", node, pointer); return .literal(Instant(seconds: 0)) }
            if text.isTemplate { return template(text, node, pointer).map(Field.template) ?? .literal(Instant(seconds: 0)) }
            guard case .instant(let i)? = parsed.value(of: node) else {
                fail("'\(text)' is not an instant the checks accepted", node, pointer)
                return .literal(Instant(seconds: 0))
            }
            return .literal(i)
        }
        /// A policy's `after` or an event's `at`: seconds after the request (`+2h`, or for `after`
        /// a bare duration), an instant, or a template; nil when it is none of these.
        func moment(_ node: SourceNode, _ pointer: [String]) -> EventTime? {
            guard let text = node.string else { fail("expected an instant or a duration", node, pointer); return nil }
            if text.isTemplate { return template(text, node, pointer).map(EventTime.template) }
            switch parsed.value(of: node) {
            case .seconds(let s)?, .relative(let s)?: return .relative(s)
            case .instant(let i)?: return .instant(i)
            case .cron?, nil:
                fail("'\(text)' is not an instant or a relative instant the checks accepted", node, pointer)
                return nil
            }
        }

        guard let kind = definition.kind?.value else { return .failure(.error(.compile, "a widget needs a 'kind'", file: file, at: root.location, pointer: "/kind")) }
        var zone: ZoneRules? = nil
        if let name = definition.timeZone {
            zone = ZoneRules.named(name.value)  // cached: the checks looked it up
            if zone == nil { fail("unknown time zone '\(name.value)'", name.node, ["timeZone"]) }
        }
        var parameters: [PlanParameter] = []
        for p in definition.parameters {
            switch parameter(p, file: file, parsed: parsed) {
            case .success(let p): parameters.append(p)
            case .failure(let d): if problem == nil { problem = d }
            }
        }
        let data = definition.data.compactMap { source -> PlanDataSource? in
            if let request = source.request { return urlSource(source.name, request, parsed: parsed, fail: fail) }
            if let keys = source.defaults {
                guard case .object(let object) = keys.json else { fail("expected a mapping of keys to defaults", keys, ["data", source.name, "defaults"]); return nil }
                return .defaults(DefaultsSource(name: source.name, suite: source.suite?.value, keys: object))
            }
            var retry: Int64?
            if let member = source.retry {
                if case .seconds(let s)? = parsed.value(of: member) { retry = s } else {
                    fail("\(member.shown) is not a duration the checks accepted", member, ["data", source.name, "retry"])
                }
            }
            if let type = source.swift {
                let arguments = source.arguments?.json.object ?? JSONObject()
                return .swift(SwiftSource(name: source.name, type: type.value, arguments: arguments, fixture: source.fixture?.value, retry: retry))
            }
            return source.file.map { .file(name: source.name, path: $0.value, retry: retry) }
        }
        let dates = definition.data.compactMap { source -> SourceDates? in
            guard let node = source.dates, node.isMapping, node.count > 0 else { return nil }
            var rules: [SourceDates.Rule] = []
            for i in 0..<node.count {
                let pointer = node.key(i)
                guard let tokens = JSONPointer.tokens(pointer), let text = node.child(i).string, let format = try? DataDateFormat.parse(text) else {
                    fail("a date format the checks did not accept", node.child(i), ["data", source.name, "dates", pointer])
                    continue
                }
                rules.append(SourceDates.Rule(pointer: pointer, tokens: tokens, format: format))
            }
            return SourceDates(source: source.name, rules: rules, zone: source.zone.flatMap { ZoneRules.named($0.value) })
        }
        func object(_ node: SourceNode?, _ pointer: [String]) -> JSONObject? {
            guard let node else { return nil }
            guard case .object(let o) = node.json else { fail("expected a mapping", node, pointer); return nil }
            return o
        }
        let url: Template? = definition.url.flatMap { node in
            guard let text = node.string else { fail("expected a URL or a template", node, ["url"]); return nil }
            return template(text, node, ["url"])
        }

        guard let timeline = definition.timeline else { return .failure(.error(.compile, "a widget needs a 'timeline'", file: file, at: root.location, pointer: "/timeline")) }
        guard let ruleEntry = timeline.rule else {
            return .failure(.error(.compile, "the timeline needs exactly one rule", file: file, at: timeline.node.location, pointer: "/timeline"))
        }
        let node = ruleEntry.node
        let pointer = ["timeline", ruleEntry.name.rawValue]
        let rule: PlanRule
        switch ruleEntry.rule {
        case .every(let every):
            rule = .every(duration(every?.node ?? node, pointer), aligned: timeline.align ?? true)
        case .hourly:
            rule = .every(.literal(3_600), aligned: true)
        case .daily(let slots):
            rule = .daily(slots.enumerated().map { (i, slot) in
                let at = slot.at?.value ?? ""
                var minute = 0
                do throws(TimeParseError) { minute = try WallTime.parse(at) } catch {
                    fail("'\(at)' is not a wall time: \(error.message)", slot.at?.node ?? slot.node, pointer + [String(i), "at"])
                }
                return PlanDailySlot(
                    at: at, minuteOfDay: minute, name: slot.name?.value ?? at, content: object(slot.content, pointer + [String(i), "content"]))
            })
        case .cron:
            guard case .cron(let expression)? = parsed.value(of: node) else {
                return .failure(.error(.compile, "the cron expression was not accepted by the checks", file: file, at: node.location, pointer: JSONPointer.string(pointer)))
            }
            rule = .cron(expression)
        case .progress(let progress):
            rule = .progress(PlanProgress(
                value: number(progress.value, pointer + ["value"]), since: instant(progress.since, pointer + ["since"]),
                by: number(progress.by, pointer + ["by"]), every: duration(progress.every, pointer + ["every"]),
                to: number(progress.to, pointer + ["to"])))
        case .sequence(let items, let every):
            guard let items else { return .failure(.error(.compile, "a sequence needs 'items'", file: file, at: node.location, pointer: JSONPointer.string(pointer + ["items"]))) }
            rule = .sequence(items: items.value, every: duration(every, pointer + ["every"]))
        case .schedule(let schedule):
            guard let items = schedule.items, let atNode = schedule.at, let atText = atNode.string else {
                return .failure(.error(.compile, "a schedule needs 'items' and 'at'", file: file, at: node.location, pointer: JSONPointer.string(pointer)))
            }
            guard let at = template(atText, atNode, pointer + ["at"]) else {
                return .failure(problem ?? .error(.compile, "schedule at: not a template", file: file, at: atNode.location, pointer: JSONPointer.string(pointer + ["at"])))
            }
            let end = schedule.end.flatMap { node in node.string.flatMap { template($0, node, pointer + ["end"]) } }
            let upcoming = schedule.upcoming?.number ?? 1
            rule = .schedule(PlanSchedule(
                items: items.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                at: at, end: end, upcoming: upcoming.isFinite ? Int(min(100, max(0, upcoming))) : 1))
        case .market(let exchange, let every):
            let mic = exchange?.value ?? ""
            guard let calendar = MarketCalendar.named(mic) else {
                return .failure(.error(.compile, MarketCalendar.unknownMICMessage(mic), file: file, at: exchange?.location ?? node.location, pointer: JSONPointer.string(pointer + ["exchange"])))
            }
            rule = .market(calendar, every: duration(every, pointer + ["every"]))
        case .once:
            rule = .once
        }
        // Bounded as a double first: converting 1e30 or .nan to Int would trap.
        let maxEntries = timeline.maxEntries ?? 200
        var policy: PolicyOverride? = nil
        switch timeline.policy?.value {
        case .word("atEnd"): policy = .atEnd
        case .word("never"): policy = .never
        case .word(let word): fail("expected atEnd or never, found '\(word)'", timeline.policy?.node, ["timeline", "policy"])
        case .after(let after?):
            switch moment(after, ["timeline", "policy", "after"]) {
            case .relative(let s)?: policy = .afterDuration(s)
            case .instant(let i)?: policy = .afterInstant(i)
            case .template(let t)?: policy = .afterTemplate(t)
            case nil: break
            }
        case .after(nil), .other, nil: break
        }
        let events = timeline.events.enumerated().compactMap { (i, at) in
            at.flatMap { moment($0, ["timeline", "events", String(i), "at"]) }
        }
        let jitter = timeline.policyJitter?.string.flatMap { try? DurationParser.parse($0) } ?? 0
        let planned = PlanTimeline(
            rule: rule, horizon: timeline.horizon.map { duration($0, ["timeline", "horizon"]) } ?? .literal(86_400),
            maxEntries: Int(maxEntries.isFinite ? min(1000, max(1, maxEntries)) : 200), policy: policy, events: events,
            jitter: max(jitter, 0))
        var localization: JSONValue? = nil
        if let catalog, definition.hasLocalization {
            localization = catalog.planStrings(for: LocalizableStrings.of(root))
        }
        var plan = WidgetPlanModel(
            kind: kind, displayName: definition.displayName?.value ?? kind, description: definition.description?.value ?? "", source: PlanFiles.sourceName(file),
            families: definition.families.map { $0.value ?? [] } ?? WidgetDefinition.defaultFamilies, timeZone: zone,
            parameters: parameters, data: data,
            content: object(definition.content, ["content"]) ?? JSONObject(), familyContent: object(definition.familyContent, ["familyContent"]) ?? JSONObject(),
            // nil: the defaults, which the runtime derives from `content` when it compiles the plan.
            placeholder: object(definition.placeholder, ["placeholder"]), snapshot: object(definition.snapshot, ["snapshot"]),
            url: url, timeline: planned, localization: localization)
        // The face as written (docs/plan-format.md): the runtime renders it per entry.
        let face = definition.face
        plan.view = face.view?.json
        plan.familyView = object(face.familyViewNode, ["familyView"])
        plan.background = face.background?.json
        plan.lets = parsed.lets
        if let score = parsed.relevance {
            let duration = definition.relevance?[word: "duration"].map { duration($0, ["relevance", "duration"]) } ?? .literal(0)
            plan.relevance = PlanRelevance(score: score, duration: duration)
        }
        plan.push = definition.push?.bool == true
        plan.dates = dates
        let firstDefaults = definition.data.first { $0.defaults != nil }
        plan.schemas = definition.data.compactMap { source in
            source.schema.flatMap { $0.isMapping ? SourceSchema(source: source.name, schema: $0.json) : nil }
        }
        switch intents(definition.intents, file: file, parsed: parsed, defaultsSuite: firstDefaults?.suite?.value) {
        case .success(let intents): plan.intents = intents
        case .failure(let d): if problem == nil { problem = d }
        }
        if let problem { return .failure(problem) }
        return .success(plan)
    }

    /// An app manifest's plan (`APP.app.json`): the bundle's widget plans by kind,
    /// the static quick actions, and the recipe for the dynamic ones.
    package static func appPlan(_ manifest: AppDefinition, file: String, kinds: [String]) -> Result<AppPlanModel, Diagnostic> {
        guard let app = manifest.app?.value else {
            return .failure(.error(.compile, "an app manifest needs 'app'", file: file, at: manifest.root.location, pointer: "/app"))
        }
        return .success(AppPlanModel(
            app: app, displayName: manifest.displayName?.value ?? app, source: PlanFiles.sourceName(file), appGroup: manifest.appGroup?.value,
            widgets: kinds.map { $0 + PlanFiles.widgetSuffix },
            // The quick actions as written: the app's runtime reads them as the manifest says.
            shortcuts: manifest.shortcutsNode?.json ?? .array([]), dynamicShortcuts: manifest.dynamicShortcuts?.node.json))
    }

    /// A URL data source with every default written out (docs/plan-format.md, `data`).
    private static func urlSource(
        _ name: String, _ request: WidgetDefinition.Request, parsed: ParsedScalars, fail: (String, SourceNode?, [String]) -> Void
    ) -> PlanDataSource? {
        func seconds(_ member: SourceNode?, _ key: String) -> Int64? {
            guard let member else { return nil }
            guard case .seconds(let s)? = parsed.value(of: member) else {
                fail("\(member.shown) is not a duration the checks accepted", member, ["data", name, key])
                return nil
            }
            return s
        }
        func template(_ node: SourceNode?, _ key: [String]) -> Template? {
            guard let node else { return nil }
            guard let text = node.string else { fail("expected text or a template", node, ["data", name] + key); return nil }
            do { return try Template(text) } catch {
                fail("template '\(text)': \(error.message)", node, ["data", name] + key)
                return nil
            }
        }
        var headers: [(name: String, value: Template)] = []
        for h in request.headers {
            if let value = template(h.value, ["headers", h.name]) { headers.append((h.name, value)) }
        }
        let selectText = request.select?.value ?? ""
        guard let url = template(request.url, request.urlPath), let select = JSONPointer.tokens(selectText) else {
            fail("expected a URL and a JSON Pointer", request.url, ["data", name])
            return nil
        }
        var source = URLSource(
            name: name, url: url, method: request.method?.value ?? "GET", headers: headers, body: template(request.body, ["body"]),
            timeout: seconds(request.timeout, "timeout") ?? 15, maxAge: seconds(request.maxAge, "maxAge") ?? 0,
            stale: request.stale?.string == "forever" ? URLSource.forever : seconds(request.stale, "stale") ?? 0, retry: seconds(request.retry, "retry"),
            select: select, selectText: selectText, insecure: request.insecure ?? false)
        source.fallback = request.fallback
        if request.image != nil { source.answer = .image }
        return .url(source)
    }

    /// One parameter's declaration; a duration bound the checks did not parse is an
    /// error here too, never a silent nil.
    /// `under` is where the parameters are declared: the widget's, or an intent's (`intents/NAME/parameters`).
    static func parameter(
        _ parameter: WidgetDefinition.Parameter, file: String, parsed: ParsedScalars, under: [String] = ["parameters"]
    ) -> Result<PlanParameter, Diagnostic> {
        var problem: Diagnostic? = nil
        let type = ParameterType(rawValue: (parameter.type?.value ?? .string).rawValue) ?? .string
        let values = type == .enum ? parameter.enumValues : []
        func fail(_ message: String, _ node: SourceNode, _ key: String) {
            problem = problem ?? .error(.compile, "parameter '\(parameter.name)': \(message)", file: file, at: node.location, pointer: JSONPointer.string(under + [parameter.name, key]))
        }
        func bound(_ key: String, _ b: SourceNode?) -> Double? {
            guard let b else { return nil }
            guard type == .duration else { return b.number }
            guard case .seconds(let seconds)? = parsed.value(of: b) else {
                fail("\(key) \(b.shown) is not a duration the checks accepted", b, key)
                return nil
            }
            return Double(seconds)
        }
        if type == .entity {
            // No default is `first`, as a widget shows something until it is edited (docs/entities.md).
            guard let entity = entityOptions(parameter, fail: fail) else {
                return .failure(problem ?? .error(.compile, "parameter '\(parameter.name)': options the checks did not accept", file: file, at: parameter.node.location, pointer: JSONPointer.string(under + [parameter.name])))
            }
            var declared = PlanParameter(
                name: parameter.name, title: parameter.title?.value ?? parameter.name, description: parameter.description?.value,
                type: type, values: [], valueTitles: nil, min: nil, max: nil, defaultValue: .null)
            declared.entity = entity
            if let problem { return .failure(problem) }
            return .success(declared)
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
            case .string, .entity: defaultValue = .string("")
            }
        }
        var valueTitles: [(value: String, title: String)]? = nil
        if let titles = parameter.valueTitles {
            valueTitles = []
            guard case .object(let written) = titles.json else { return .failure(.error(.compile, "parameter '\(parameter.name)': valueTitles is not a mapping", file: file, at: titles.location, pointer: JSONPointer.string(under + [parameter.name, "valueTitles"]))) }
            for (value, title) in written {
                guard let text = title.string else { fail("the title of '\(value)' is not text", titles, "valueTitles"); continue }
                valueTitles?.append((value, text))
            }
        }
        let declared = PlanParameter(
            name: parameter.name, title: parameter.title?.value ?? parameter.name, description: parameter.description?.value,
            type: type, values: values, valueTitles: valueTitles,
            min: bound("min", parameter.min), max: bound("max", parameter.max), defaultValue: defaultValue)
        if let problem { return .failure(problem) }
        return .success(declared)
    }

    /// An entity parameter's options, its templates compiled (the checks accepted them).
    static func entityOptions(_ parameter: WidgetDefinition.Parameter, fail: (String, SourceNode, String) -> Void) -> EntityOptions? {
        guard let options = parameter.options, options.isMapping else {
            fail("an entity parameter needs options", parameter.options ?? parameter.node, "options")
            return nil
        }
        // Through the hatch (docs/swift-hatch.md): the records are the type's value; id defaults to {{record.id}}.
        var swift: SwiftSource? = nil
        let from: String
        if let type = options[word: "swift"]?.string {
            swift = SwiftSource(
                name: EntityOptions.sourceName(parameter.name), type: type, arguments: options[word: "args"]?.json.object ?? JSONObject(),
                fixture: options[word: "fixture"]?.string, retry: nil)
            from = "swift: \(type)"
        } else if let written = options[word: "from"]?.string {
            from = written
        } else {
            fail("an entity parameter needs options.from or options.swift", options, "options")
            return nil
        }
        func template(_ key: String) -> Template? {
            guard let node = options[key] else {
                return key == "id" && swift != nil ? try? Template("{{record.id}}") : nil
            }
            guard let text = node.string, let template = try? Template(text) else {
                fail("options.\(key) is not a template", node, "options")
                return nil
            }
            return template
        }
        guard let id = template("id") else {
            fail("options need an id", options, "options")
            return nil
        }
        var max: Int? = nil
        if let multiple = parameter.multiple {
            guard let n = multiple[word: "max"]?.number, n >= 1, n <= 1000, n.rounded() == n else {
                fail("multiple needs max, a whole number from 1 to 1000", multiple, "multiple")
                return nil
            }
            max = Int(n)
        }
        let written = parameter.defaultValue?.string ?? "first"
        return EntityOptions(
            from: from, path: swift != nil ? [] : from.split(separator: ".", omittingEmptySubsequences: false).map(String.init), id: id,
            title: template("title") ?? id, subtitle: template("subtitle"), image: template("image"),
            defaultChoice: EntityOptions.DefaultChoice(written: written), multipleMax: max, swift: swift)
    }
}

// The code reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let compile = DiagnosticCode("compile")
}
