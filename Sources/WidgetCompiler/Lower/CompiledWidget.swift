import WidgetSupport
import WidgetTemplates
import WidgetTime
import WidgetRuntime
import MarketCalendars

/// A widget definition compiled once: rules parsed, templates compiled, zone
/// resolved. The runtime calls it (as a `TimelineProvider`) at every reload;
/// nothing is parsed again per reload except the container's data files.
public final class CompiledWidget {
    public let kind: String
    public let file: String
    public let families: [WidgetFamily]
    public let zone: ZoneRules
    public let parameters: [ParameterDeclaration]

    let dataSources: [(name: String, path: String)]
    let content: CompiledContent
    let familyContent: [String: CompiledContent]
    let placeholderContent: JSONObject
    let snapshotContent: JSONObject
    let url: Template?
    /// Whether the URL names an entry or rule variable (else it renders once per timeline).
    let urlVaries: Bool
    let rule: TimelineRule
    let horizon: Field<Int64>
    let maxEntries: Int
    let policy: PolicyOverride?
    let events: [EventTime]
    /// The daily slots' contents, by `PlannedEntry.contentID - 1`.
    let slotContents: [CompiledContent]
    /// Parsed container data, reused while a file's bytes stay the same.
    let dataCache = DataCache()

    init(
        kind: String, file: String, families: [WidgetFamily], zone: ZoneRules, parameters: [ParameterDeclaration],
        dataSources: [(name: String, path: String)], content: CompiledContent, familyContent: [String: CompiledContent],
        placeholder: JSONObject, snapshot: JSONObject, url: Template?, rule: TimelineRule, horizon: Field<Int64>,
        maxEntries: Int, policy: PolicyOverride?, events: [EventTime]
    ) {
        self.kind = kind
        self.file = file
        self.families = families
        self.zone = zone
        self.parameters = parameters
        self.dataSources = dataSources
        self.content = content
        self.familyContent = familyContent
        self.placeholderContent = placeholder
        self.snapshotContent = snapshot
        self.url = url
        self.urlVaries = url?.references.contains { $0.components.first.map(CompiledContent.entryRoots.contains) ?? false } ?? false
        self.rule = rule
        if case .daily(let slots) = rule { slotContents = slots.map(\.content) } else { slotContents = [] }
        self.horizon = horizon
        self.maxEntries = maxEntries
        self.policy = policy
        self.events = events
    }

    /// Every parameter's default, as a `param` object.
    public var defaultParameters: JSONObject {
        var o = JSONObject()
        for p in parameters { o[p.name] = p.defaultValue }
        return o
    }
}

/// An intent parameter as declared.
public struct ParameterDeclaration: Sendable {
    public let name: String
    public let type: String
    public let values: [String]
    public let min: Double?
    public let max: Double?
    public let defaultValue: JSONValue
}

/// The one timeline rule, compiled.
enum TimelineRule {
    case every(Field<Int64>, aligned: Bool)
    case daily([DailySlot])
    case cron(CronExpression)
    case progress(ProgressRule)
    case sequence(source: String, every: Field<Int64>)
    case once
    case market(MarketCalendar, every: Field<Int64>)
}

struct DailySlot {
    let minuteOfDay: Int
    let name: String
    let at: String
    let content: CompiledContent
    /// The `slot` variable, built once.
    let variable: JSONValue

    init(minuteOfDay: Int, name: String, at: String, content: CompiledContent) {
        self.minuteOfDay = minuteOfDay
        self.name = name
        self.at = at
        self.content = content
        variable = .object(JSONObject([("name", .string(name)), ("at", .string(at))]))
    }
}

struct ProgressRule {
    let value: Field<Double>
    let since: Field<Instant>
    let by: Field<Double>
    let every: Field<Int64>
    let to: Field<Double>
}

/// `policy:` as written.
enum PolicyOverride {
    case atEnd, never
    case afterDuration(Int64)
    case afterInstant(Instant)
    case afterTemplate(Template)
}

/// One `events[].at`.
enum EventTime {
    case instant(Instant)
    case relative(Int64)
    case template(Template)
}
