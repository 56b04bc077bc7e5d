import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars

/// A widget's plan (`KIND.plan.json`, docs/plan-format.md) as typed values: lowering
/// builds it, `compile` writes it (`json`), a plan file reads back into it
/// (`init(json:)`; PlanJSON.swift owns every member's name), and the runtime makes a
/// provider of it (`CompiledWidget(plan:)`).
///
/// Values arrive parsed: durations in seconds, instants as `Instant`s, the cron rule
/// and the daily slots' times parsed, the timeline's templates compiled. Trees of
/// templates (`content` and the like) and the String Catalog's table stay the JSON
/// they are: the runtime compiles them, in the locale it is given.
package struct WidgetPlanModel: Sendable {
    package var kind: String
    package var displayName: String
    package var description: String
    /// The definition it was compiled from, as the compiler was given it.
    package var source: String
    /// The default family first.
    package var families: [WidgetFamily]
    /// The zone of the wall-clock rules; nil: the caller's.
    package var timeZone: ZoneRules?
    package var parameters: [PlanParameter]
    package var data: [PlanDataSource]
    /// Field → literal or template, in declaration order.
    package var content: JSONObject
    /// Family name → content merged over `content`.
    package var familyContent: JSONObject
    /// nil: `content` with every tag rendered empty.
    package var placeholder: JSONObject?
    /// nil: the placeholder.
    package var snapshot: JSONObject?
    /// `widgetURL`: a template, or fixed text.
    package var url: Template?
    /// The face as written (docs/views.md): an element, or `"custom"`; nil when the widget has none.
    package var view: JSONValue? = nil
    /// Family name → element, replacing `view` for that family; nil when not written.
    package var familyView: JSONObject? = nil
    /// The widget's background fill as written; nil when not written.
    package var background: JSONValue? = nil
    package var timeline: PlanTimeline
    /// The catalog's translations of the widget's strings (`localization`), read by `PlanStrings`.
    package var localization: JSONValue?
    /// The computed values (`let:`, docs/cel.md), in evaluation order.
    package var lets: [PlanLet] = []
    /// The data sources' `dates` (docs/data-dates.md), one per source that declares them.
    package var dates: [SourceDates] = []
    /// The data sources' `schema` (docs/data-sources.md), one per source that declares one.
    package var schemas: [SourceSchema] = []
    /// The App Intents its buttons and toggles run (`intents:`, docs/intents.md), in declaration order.
    package var intents: [PlanIntent] = []
    /// Whether the widget takes WidgetKit pushes (`push: true`, docs/pushes.md).
    package var push = false
    /// Each entry's `TimelineEntryRelevance` (`relevance:`, docs/language.md); nil when not declared.
    package var relevance: PlanRelevance? = nil

    /// The intent declared with this name.
    package func intent(named name: String) -> PlanIntent? {
        intents.first { $0.name == name }
    }

    package init(
        kind: String, displayName: String, description: String, source: String, families: [WidgetFamily], timeZone: ZoneRules?,
        parameters: [PlanParameter], data: [PlanDataSource], content: JSONObject, familyContent: JSONObject,
        placeholder: JSONObject?, snapshot: JSONObject?, url: Template?, timeline: PlanTimeline, localization: JSONValue?
    ) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.source = source
        self.families = families
        self.timeZone = timeZone
        self.parameters = parameters
        self.data = data
        self.content = content
        self.familyContent = familyContent
        self.placeholder = placeholder
        self.snapshot = snapshot
        self.url = url
        self.timeline = timeline
        self.localization = localization
    }
}

/// `relevance: { score, duration }`: the score is a CEL expression computed per entry (a let's
/// program, named `relevance`), the duration how long after the entry's date it holds.
package struct PlanRelevance: Sendable {
    package var score: PlanLet
    /// Seconds, or a template rendered once per reload; 0 when not written.
    package var duration: Field<Int64>

    package init(score: PlanLet, duration: Field<Int64>) {
        self.score = score
        self.duration = duration
    }
}

/// An intent parameter, its default resolved.
package struct PlanParameter: Sendable {
    package var name: String
    package var title: String
    /// The edit sheet's help text; nil when the widget gives none.
    package var description: String?
    package var type: ParameterType
    /// An enum's values (empty for the other types).
    package var values: [String]
    /// An enum value → the title the edit sheet shows, in the order written; nil when the widget gives none.
    package var valueTitles: [(value: String, title: String)]?
    /// Bounds; a duration's in seconds.
    package var min: Double?
    package var max: Double?
    /// The default as `param.NAME` holds it (a duration's stays text, `15m`; an entity's is
    /// `entity.defaultChoice`, and null here).
    package var defaultValue: JSONValue
    /// An entity parameter's options (docs/entities.md); nil for the other types.
    package var entity: EntityOptions? = nil

    package init(
        name: String, title: String, description: String? = nil, type: ParameterType, values: [String],
        valueTitles: [(value: String, title: String)]?, min: Double?, max: Double?, defaultValue: JSONValue
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.type = type
        self.values = values
        self.valueTitles = valueTitles
        self.min = min
        self.max = max
        self.defaultValue = defaultValue
    }
}

/// The parameter types a plan may declare.
package enum ParameterType: String, CaseIterable, Sendable {
    case integer, number, boolean, string, `enum`, duration
    /// Records of the app's data (docs/entities.md): an `AppEntity` on the device.
    case entity
}

/// A data source: a file in the app group container, or a URL fetched at each reload.
package enum PlanDataSource: Sendable {
    /// `data.NAME` read from `path`, relative to the container; `retry`: how soon a reload that
    /// found it missing or malformed asks again (nil: `FileSource.defaultRetry`).
    case file(name: String, path: String, retry: Int64?)
    case url(URLSource)
    /// Keys of the app group's `UserDefaults` with their defaults (docs/data-sources.md).
    case defaults(DefaultsSource)
    /// A type of the extension gives the value; run and preview read its fixture (docs/swift-hatch.md).
    case swift(SwiftSource)

    /// `data.NAME`.
    package var name: String {
        switch self {
        case .file(let name, _, _): name
        case .url(let source): source.name
        case .defaults(let source): source.name
        case .swift(let source): source.name
        }
    }
}

/// The timeline: one rule and its options, defaults resolved.
package struct PlanTimeline: Sendable {
    package var rule: PlanRule
    /// How far one timeline reaches.
    package var horizon: Field<Int64>
    /// Entries per timeline, 1 to 1000.
    package var maxEntries: Int
    package var policy: PolicyOverride?
    package var events: [EventTime]
    /// `policy: {jitter: J}` in seconds, 0 for none: each install's `after` dates move by its offset.
    package var jitter: Int64

    package init(rule: PlanRule, horizon: Field<Int64>, maxEntries: Int, policy: PolicyOverride?, events: [EventTime], jitter: Int64 = 0) {
        self.jitter = jitter
        self.rule = rule
        self.horizon = horizon
        self.maxEntries = maxEntries
        self.policy = policy
        self.events = events
    }
}

/// The one timeline rule, in its normal form (`hourly` is `every` 3600 s, aligned).
package enum PlanRule: Sendable {
    case every(Field<Int64>, aligned: Bool)
    case daily([PlanDailySlot])
    case cron(CronExpression)
    case progress(PlanProgress)
    /// `items` names the data source whose records are the entries.
    case sequence(items: String, every: Field<Int64>)
    /// Entries at the instants a list of the data names (docs/language.md, `schedule`).
    case schedule(PlanSchedule)
    /// The exchange's whole calendar travels with the plan (`markets`).
    case market(MarketCalendar, every: Field<Int64>)
    case once
}

/// `schedule`: where the list is, each item's instants, how many later items an entry sees.
package struct PlanSchedule: Sendable {
    /// The list as a path from a root: `data.departures` is `["data", "departures"]`, `let.open` is `["let", "open"]`.
    package var items: [String]
    /// Each item's instant, rendered with the item as `record` and its position as `index`.
    package var at: Template
    /// When each item stops being current; nil: at the next item's `at`.
    package var end: Template?
    /// How many later items each entry's `upcoming` holds.
    package var upcoming: Int

    package init(items: [String], at: Template, end: Template?, upcoming: Int) {
        self.items = items
        self.at = at
        self.end = end
        self.upcoming = upcoming
    }
}

/// One daily slot.
package struct PlanDailySlot: Sendable {
    /// `HH:MM` as written, and the minute of the day it names.
    package var at: String
    package var minuteOfDay: Int
    package var name: String
    /// The slot's own content fields, merged over the widget's.
    package var content: JSONObject?

    package init(at: String, minuteOfDay: Int, name: String, content: JSONObject?) {
        self.at = at
        self.minuteOfDay = minuteOfDay
        self.name = name
        self.content = content
    }
}

/// `progress`: numbers as written (an integer stays one in the plan), or templates.
package struct PlanProgress: Sendable {
    package var value: Field<PlanNumber>
    package var since: Field<Instant>
    package var by: Field<PlanNumber>
    package var every: Field<Int64>
    package var to: Field<PlanNumber>

    package init(value: Field<PlanNumber>, since: Field<Instant>, by: Field<PlanNumber>, every: Field<Int64>, to: Field<PlanNumber>) {
        self.value = value
        self.since = since
        self.by = by
        self.every = every
        self.to = to
    }
}

/// A number as the definition writes it: `5` stays an integer in the plan, `5.0` a double.
package enum PlanNumber: Sendable, Equatable {
    case int(Int)
    case double(Double)

    package var value: Double {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        }
    }
}

/// An app manifest's plan (`APP.app.json`): the bundle's widget plans and its quick actions.
package struct AppPlanModel: Sendable {
    /// The bundle identifier.
    package var app: String
    package var displayName: String
    /// The manifest it was compiled from.
    package var source: String
    package var appGroup: String?
    /// The bundle's widget plans (`KIND.plan.json`), in the manifest's order.
    package var widgets: [String]
    /// The static quick actions as the manifest writes them.
    package var shortcuts: JSONValue
    /// The recipe for the dynamic quick actions as written; nil when there is none.
    package var dynamicShortcuts: JSONValue?

    package init(
        app: String, displayName: String, source: String, appGroup: String?, widgets: [String], shortcuts: JSONValue,
        dynamicShortcuts: JSONValue?
    ) {
        self.app = app
        self.displayName = displayName
        self.source = source
        self.appGroup = appGroup
        self.widgets = widgets
        self.shortcuts = shortcuts
        self.dynamicShortcuts = dynamicShortcuts
    }
}
