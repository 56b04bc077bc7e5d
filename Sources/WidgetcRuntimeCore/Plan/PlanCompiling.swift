import WidgetSupport
import WidgetTemplates
import WidgetTime

/// A typed plan made into a provider: its trees of templates compiled, its strings in
/// the locale asked for. The compiler's `run` (straight from lowering), a plan file
/// (`WidgetPlanModel(json:)`) and a widget extension all get their provider here, so
/// they cannot disagree.
extension CompiledWidget {
    /// - Parameters:
    ///   - defaultZone: the zone of a widget whose plan names none (`--tz`, or the device's).
    ///   - dataDecoder: how container files are read (JSON on a device).
    ///   - cachesData: keep each file's last parse (the simulator reads the same files at every reload).
    ///   - locale: a BCP 47 tag: the widget's strings are its translations (the plan's `localization`),
    ///     looked up as docs/localization.md says; nil shows the source text.
    package convenience init(
        plan: WidgetPlanModel, defaultZone: ZoneRules, dataDecoder: @escaping DataDecoder = JSONData.decoder, cachesData: Bool = false,
        locale: String? = nil
    ) throws(PlanError) {
        // Errors in the JSON the plan carries name its member, as in a plan file.
        var localizer: Localizer? = nil
        if let locale {
            var table = PlanStrings()
            if let localization = plan.localization { table = try PlanStrings(PlanMember(localization, path: ["localization"])) }
            localizer = Localizer(locale: locale, table: table)
        }
        let parameters = plan.parameters.map { p in
            var valueTitles: [String: String] = [:]
            for (value, title) in p.valueTitles ?? [] { valueTitles[value] = localizer?.text(title) ?? title }
            return ParameterDeclaration(
                name: p.name, title: localizer?.text(p.title) ?? p.title, type: p.type.rawValue, values: p.values,
                min: p.min, max: p.max, defaultValue: p.defaultValue, valueTitles: valueTitles, entity: p.entity)
        }
        var dataSources: [FileSource] = []
        var urlSources: [URLSource] = []
        var defaultsSources: [DefaultsSource] = []
        for source in plan.data {
            switch source {
            case .file(let name, let path, let retry):
                dataSources.append(FileSource(name: name, path: path, retry: retry ?? FileSource.defaultRetry))
            case .url(let source): urlSources.append(source)
            case .defaults(let source): defaultsSources.append(source)
            case .swift(let source):
                dataSources.append(FileSource(
                    name: source.name, path: source.fixture ?? "", retry: source.retry ?? FileSource.defaultRetry, swift: try CompiledSwiftSource(source, pointer: "/data/\(source.name)/args")))
            }
        }
        // Entity options through the hatch are read as a Swift source is, kept apart from `data` (`Reload.entityLists`).
        for (i, p) in plan.parameters.enumerated() {
            guard let swift = p.entity?.swift else { continue }
            dataSources.append(FileSource(
                name: swift.name, path: swift.fixture ?? "", retry: FileSource.defaultRetry,
                swift: try CompiledSwiftSource(swift, pointer: "/parameters/\(i)/options/args"), entityParameter: p.name))
        }
        let content = try CompiledContent(PlanMember(.object(plan.content), path: ["content"]), localizer: localizer)
        var familyContent: [String: CompiledContent] = [:]
        for (family, member) in try PlanMember(.object(plan.familyContent), path: ["familyContent"]).members() {
            _ = try PlanMember(.string(family), path: member.path).word(WidgetFamily.self)
            familyContent[family] = try CompiledContent(member, localizer: localizer)
        }
        // Absent: `content` with every tag rendered empty; the snapshot defaults to the placeholder.
        let placeholder = plan.placeholder?.localized(localizer) ?? Self.emptyRendering(of: content)
        let snapshot = plan.snapshot?.localized(localizer) ?? placeholder
        self.init(
            kind: plan.kind, displayName: localizer?.text(plan.displayName) ?? plan.displayName,
            description: localizer?.text(plan.description) ?? plan.description, file: plan.source, families: plan.families,
            zone: plan.timeZone ?? defaultZone, parameters: parameters, dataSources: dataSources, urlSources: urlSources,
            content: content, familyContent: familyContent, placeholder: placeholder, snapshot: snapshot, url: plan.url,
            rule: try Self.rule(plan.timeline.rule, localizer), horizon: plan.timeline.horizon, maxEntries: plan.timeline.maxEntries,
            policy: plan.timeline.policy, events: plan.timeline.events,
            dataDecoder: dataDecoder, cachesData: cachesData, locale: localizer?.locale,
            view: try CompiledView.compile(plan, localizer: localizer), lets: plan.lets, dates: plan.dates, intents: plan.intents,
            defaults: defaultsSources, relevance: plan.relevance, schemas: plan.schemas)
        policyJitter = plan.timeline.jitter
    }

    /// The default placeholder: `content` with every tag rendered empty.
    private static func emptyRendering(of content: CompiledContent) -> JSONObject {
        var object = JSONObject()
        var missing: [String] = []
        content.render(into: &object, scope: JSONValue.object(JSONObject()), missing: &missing)
        return object
    }

    private static func rule(_ rule: PlanRule, _ localizer: Localizer?) throws(PlanError) -> TimelineRule {
        switch rule {
        case .every(let every, let aligned): return .every(every, aligned: aligned)
        case .daily(let slots):
            var compiled: [DailySlot] = []
            for (i, slot) in slots.enumerated() {
                let member = slot.content.map { PlanMember(.object($0), path: ["timeline", "rule", "slots", String(i), "content"]) }
                compiled.append(DailySlot(
                    minuteOfDay: slot.minuteOfDay, name: slot.name, at: slot.at, content: try CompiledContent(member, localizer: localizer)))
            }
            return .daily(compiled)
        case .cron(let expression): return .cron(expression)
        case .progress(let p):
            return .progress(ProgressRule(value: p.value.number, since: p.since, by: p.by.number, every: p.every, to: p.to.number))
        case .sequence(let items, let every): return .sequence(source: items, every: every)
        case .schedule(let schedule): return .schedule(schedule)
        case .market(let calendar, let every): return .market(calendar, every: every)
        case .once: return .once
        }
    }
}

extension Field where Value == PlanNumber {
    /// The number as the rule computes with it.
    fileprivate var number: Field<Double> {
        switch self {
        case .literal(let n): .literal(n.value)
        case .template(let t): .template(t)
        }
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
