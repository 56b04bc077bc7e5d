import WidgetSupport
import WidgetTemplates
import WidgetTime
import MarketCalendars

/// A widget definition compiled once: rules parsed, templates compiled, zone
/// resolved. The runtime calls it (as a `TimelineProvider`) at every reload;
/// nothing is parsed again per reload except the container's data files.
package final class CompiledWidget: @unchecked Sendable {
    package let kind: String
    package let displayName: String
    package let description: String
    /// The definition the plan was compiled from, as the compiler was given it.
    package let file: String
    package let families: [WidgetFamily]
    package let zone: ZoneRules
    package let parameters: [ParameterDeclaration]
    /// The BCP 47 tag the widget's strings are shown in; nil: the source text.
    package let locale: String?

    /// Container files; `retry`: how soon a reload that finds one missing or malformed asks again.
    let dataSources: [FileSource]
    /// The container files the widget reads, relative to the container (what a run must not write over).
    package var dataFiles: [String] { dataSources.compactMap { $0.path.isEmpty ? nil : $0.path } }
    /// The `swift:` sources (docs/swift-hatch.md), also among `dataSources` (their fixtures).
    var swiftSources: [CompiledSwiftSource] { dataSources.compactMap(\.swift) }
    /// Each Swift source (data sources, then entity options through the hatch): how warnings name
    /// it, its type, its fixture (nil: none) and where the definition writes the fixture.
    package var swiftSourceFixtures: [(owner: String, type: String, fixture: String?, pointer: [String])] {
        dataSources.compactMap { source in
            guard let swift = source.swift else { return nil }
            let pointer = source.entityParameter.map { ["parameters", $0, "options", "fixture"] } ?? ["data", source.name, "fixture"]
            return (source.owner, swift.source.type, swift.source.fixture, pointer)
        }
    }
    /// The data sources fetched from a URL (docs/network-data-notes.md).
    let urlSources: [URLSource]
    /// The order a reload fetches its URL sources, resolves its entity parameters and computes
    /// the lets they read (docs/network-data.md).
    let reloadOrder: ReloadOrder
    /// Container files named by a URL source's `fallback`: missing, they hold nothing up (the URL
    /// source's answer is what the widget shows; the file is absent until the app writes it).
    let fallbackOnly: Set<String>
    /// The `defaults:` sources (docs/data-sources.md), read at every reload.
    package let defaultsSources: [DefaultsSource]
    /// The app group a defaults source without `suite` reads (the app manifest's); set by whoever loads the widget with its manifest.
    package var appGroup: String?
    /// The sources' declared dates (docs/data-dates.md), decoded after every read.
    let sourceDates: [SourceDates]
    /// Whether the widget has a URL data source (its reloads then list their requests).
    package var fetchesURLs: Bool { !urlSources.isEmpty }
    /// Whether a URL source keeps answers between reloads (`maxAge`, `stale`): then a reload's
    /// timeline depends on the instance's earlier reloads, not on its instant alone.
    package var keepsAnswers: Bool { urlSources.contains { $0.maxAge > 0 || $0.stale > 0 } }
    let content: CompiledContent
    let familyContent: [String: CompiledContent]
    let placeholderContent: JSONObject
    let snapshotContent: JSONObject
    /// Whether `placeholder` or `snapshot` holds a tag (`param.*` or `family`, all validate allows there).
    let fixedContentHasTags: Bool
    let url: Template?
    /// Whether the URL names an entry or rule variable (else it renders once per timeline).
    let urlVaries: Bool
    /// A varying URL that is text around one entry or rule variable (`tutorials://tip/{{index}}`):
    /// entries whose variable is an integer keep just the integer (`EntryTable.URLs.numbered`).
    let urlAroundVariable: (prefix: String, path: DirectPath, suffix: String)?
    let rule: TimelineRule
    let horizon: Field<Int64>
    let maxEntries: Int
    /// The widget's lets (docs/cel.md) and relevance score; nil when it has neither.
    let letEvaluator: LetEvaluator?
    /// How long each entry's relevance holds (`relevance.duration`); nil when the widget declares no relevance.
    let relevanceDuration: Field<Int64>?
    /// The App Intents its buttons and toggles run (docs/intents.md).
    package let intents: [PlanIntent]
    /// The widget's face (docs/views.md); nil without a `view`.
    package let view: CompiledView?
    let policy: PolicyOverride?
    /// `policy: {jitter: J}` in seconds (0: none): each install's `after` dates move by its offset.
    package var policyJitter: Int64 = 0
    let events: [EventTime]
    /// The daily slots' contents, by `PlannedEntry.contentID - 1`.
    let slotContents: [CompiledContent]
    /// Whether content names `entry.instant` or `entry.isInstant` (docs/language-notes.md).
    let namesEntryInstant: Bool
    /// Reads a container file's bytes into a value (JSON by default; the
    /// command line adds YAML).
    let dataDecoder: DataDecoder
    /// Parsed container data, reused while a file's bytes stay the same: the
    /// simulator reads the same files at every reload. nil on a device, where
    /// requests come one at a time, maybe from several threads.
    let dataCache: DataCache?

    init(
        kind: String, displayName: String, description: String, file: String, families: [WidgetFamily], zone: ZoneRules, parameters: [ParameterDeclaration],
        dataSources: [FileSource], urlSources: [URLSource] = [], content: CompiledContent, familyContent: [String: CompiledContent],
        placeholder: JSONObject, snapshot: JSONObject, url: Template?, rule: TimelineRule, horizon: Field<Int64>,
        maxEntries: Int, policy: PolicyOverride?, events: [EventTime], dataDecoder: @escaping DataDecoder, cachesData: Bool,
        locale: String?, view: CompiledView? = nil, lets: [PlanLet] = [], dates: [SourceDates] = [], intents: [PlanIntent] = [],
        defaults: [DefaultsSource] = [], relevance: PlanRelevance? = nil, schemas: [SourceSchema] = []
    ) {
        self.intents = intents
        defaultsSources = defaults
        relevanceDuration = relevance?.duration
        let evaluator = lets.isEmpty && relevance == nil
            ? nil : LetEvaluator(lets, parameters: parameters, dates: dates, relevance: relevance?.score, schemas: schemas)
        sourceDates = dates
        letEvaluator = evaluator
        // Fields naming a let computed per entry render per entry.
        let perEntryLets = evaluator?.hasPerEntry ?? false
        let names = lets.filter(\.perEntry).map(\.name)
        let content = perEntryLets ? content.varyingWithLets(perEntry: names) : content
        let familyContent = perEntryLets ? familyContent.mapValues { $0.varyingWithLets(perEntry: names) } : familyContent
        var rule = rule
        if perEntryLets, case .daily(let slots) = rule {
            rule = .daily(slots.map {
                DailySlot(minuteOfDay: $0.minuteOfDay, name: $0.name, at: $0.at, content: $0.content.varyingWithLets(perEntry: names))
            })
        }
        self.locale = locale
        self.view = view
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.dataDecoder = dataDecoder
        self.dataCache = cachesData ? DataCache() : nil
        self.file = file
        self.families = families
        self.zone = zone
        self.parameters = parameters
        var defaultParameters = JSONObject()
        for p in parameters where p.entity == nil { defaultParameters[p.name] = p.defaultValue }
        self.defaultParameters = defaultParameters
        self.dataSources = dataSources
        self.urlSources = urlSources
        reloadOrder = ReloadOrder(urlSources: urlSources, parameters: parameters, lets: lets)
        fallbackOnly = Set(urlSources.flatMap(\.fallback))
        self.content = content
        self.familyContent = familyContent
        self.placeholderContent = placeholder
        self.snapshotContent = snapshot
        fixedContentHasTags = FixedContent.hasTags(.object(placeholder)) || FixedContent.hasTags(.object(snapshot))
        self.url = url
        self.urlVaries = url?.references.contains {
            CompiledContent.variesPerEntry($0) || (perEntryLets && $0.components.first == "let")
        } ?? false
        if urlVaries, let parts = url?.textAroundOneTag, let path = DirectPath(parts.tag.components) {
            urlAroundVariable = (parts.prefix, path, parts.suffix)
        } else {
            urlAroundVariable = nil
        }
        self.rule = rule
        if case .daily(let slots) = rule { slotContents = slots.map(\.content) } else { slotContents = [] }
        self.horizon = horizon
        self.maxEntries = maxEntries
        self.policy = policy
        self.events = events
        namesEntryInstant = ([content] + familyContent.values + slotContents).contains(where: \.namesEntryInstant)
            || (url?.references.contains { $0.components.first == "entry" } ?? false)
            // A let reading `entry` may read its instant: finding the rule's latest instant costs one
            // computation per reload, nothing per entry.
            || (lets + (relevance.map { [$0.score] } ?? [])).contains { $0.program.references.contains("entry") }
    }

    /// Every parameter's default, as a `param` object. An entity parameter has none until its
    /// options are read at a reload (`EntityOptions.resolve`).
    /// Made once: every reload starts from it (made per reload: ~550 instructions, callgrind).
    package let defaultParameters: JSONObject
}

/// An intent parameter as declared.
package struct ParameterDeclaration: Sendable {
    package let name: String
    package let title: String
    package let type: String
    package let values: [String]
    /// Bounds; a duration's in seconds.
    package let min: Double?
    package let max: Double?
    package let defaultValue: JSONValue
    /// An enum's values as the edit sheet shows them (`valueTitles`), where the widget gives one.
    package let valueTitles: [String: String]
    /// An entity parameter's options (docs/entities.md); nil for the other types.
    package let entity: EntityOptions?

    package init(
        name: String, title: String, type: String, values: [String], min: Double?, max: Double?, defaultValue: JSONValue,
        valueTitles: [String: String] = [:], entity: EntityOptions? = nil
    ) {
        self.valueTitles = valueTitles
        self.entity = entity
        self.name = name
        self.title = title
        self.type = type
        self.values = values
        self.min = min
        self.max = max
        self.defaultValue = defaultValue
    }
}

/// Turns a container file's bytes into a value, or says where it is malformed.
package typealias DataDecoder = @Sendable (_ bytes: [UInt8], _ path: String) -> Result<JSONValue, SourceError>

/// The one timeline rule, compiled.
enum TimelineRule {
    case every(Field<Int64>, aligned: Bool)
    case daily([DailySlot])
    case cron(CronExpression)
    case progress(ProgressRule)
    case sequence(source: String, every: Field<Int64>)
    case schedule(PlanSchedule)
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
package enum PolicyOverride: Sendable {
    case atEnd, never
    case afterDuration(Int64)
    case afterInstant(Instant)
    case afterTemplate(Template)
}

/// One `events[].at`.
package enum EventTime: Sendable {
    case instant(Instant)
    case relative(Int64)
    case template(Template)
}
