import Foundation
import WidgetSupport
import WidgetTime

/// A compiled widget (`KIND.plan.json`, written by `widgetc compile`), as a
/// widget extension bundles it: it answers WidgetKit's three requests with
/// exactly what `widgetc run` shows for a reload at that moment.
///
/// Loading checks the whole plan, so a request never meets a bad one. The plan
/// keeps no state between requests and may be used from any thread.
///
/// ```swift
/// let plan = try WidgetPlan(contentsOf: Bundle.main.url(forResource: "com.example.weather.now.plan", withExtension: "json")!)
/// let answer = await plan.timeline(at: .now, family: "systemSmall", container: groupURL)
/// ```
public struct WidgetPlan: Sendable {
    let widget: CompiledWidget

    /// Loads a plan. `timeZone` is used when the widget declares none (the device's, by default).
    /// The widget's strings (display name, description, parameter titles, content) are shown in
    /// `locale` (the device's, by default) through the String Catalog compiled into the plan:
    /// the exact locale, then its language with script, then its language, else the source text.
    /// `nil` shows the source text.
    public init(data: Data, timeZone: TimeZone = .current, locale: Locale? = .current) throws(PlanError) {
        let value: JSONValue
        do { value = try JSONReader.parse(bytes: [UInt8](data)).json } catch {
            throw PlanError(pointer: "", message: "not a plan: \(error.message) at line \(error.location.line), column \(error.location.column)")
        }
        try self.init(plan: try WidgetPlanModel(json: value), timeZone: timeZone, locale: locale)
    }

    /// A plan already typed (the compiler's own, not yet written to a file).
    package init(plan: WidgetPlanModel, timeZone: TimeZone = .current, locale: Locale? = .current) throws(PlanError) {
        let zone = ZoneRules.named(timeZone.identifier) ?? ZoneRules.current
        widget = try CompiledWidget(plan: plan, defaultZone: zone, locale: locale.map(Self.languageTag))
    }

    /// Loads a plan from a file (a bundle resource in the extension).
    public init(contentsOf url: URL, timeZone: TimeZone = .current, locale: Locale? = .current) throws(PlanError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PlanError(pointer: "", message: "cannot read the plan at \(url.path): \(error.localizedDescription)")
        }
        try self.init(data: data, timeZone: timeZone, locale: locale)
    }

    /// Loads the plan of `kind` from a file holding several (`WidgetcPlans.json`, which widgetc's
    /// build-tool plugin bundles: a JSON object whose members are the widgets' plans by kind).
    public init(contentsOf url: URL, kind: String, timeZone: TimeZone = .current, locale: Locale? = .current) throws(PlanError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PlanError(pointer: "", message: "cannot read the plans at \(url.path): \(error.localizedDescription)")
        }
        let value: JSONValue
        do { value = try JSONReader.parse(bytes: [UInt8](data)).json } catch {
            throw PlanError(pointer: "", message: "\(url.lastPathComponent) is not a plans file: \(error.message) at line \(error.location.line), column \(error.location.column)")
        }
        guard case .object(let plans) = value, let plan = plans[kind] else {
            throw PlanError(pointer: "", message: "\(url.lastPathComponent) holds no plan for the kind '\(kind)'")
        }
        try self.init(plan: try WidgetPlanModel(json: plan), timeZone: timeZone, locale: locale)
    }

    /// A locale's BCP 47 tag (`zh-Hans-CN` for `zh-Hans_CN`), as the catalog's languages are named.
    static func languageTag(_ locale: Locale) -> String {
        locale.identifier(.bcp47)
    }

    /// The BCP 47 tag the strings are shown in (nil: the source text).
    public var locale: String? { widget.locale }

    public var kind: String { widget.kind }
    public var displayName: String { widget.displayName }
    public var description: String { widget.description }
    /// WidgetKit family names (`systemSmall` …), the first being the default.
    public var families: [String] { widget.families.map(\.rawValue) }
    /// The intent parameters, with their defaults.
    public var parameters: [WidgetParameter] {
        widget.parameters.map {
            WidgetParameter(
                name: $0.name, title: $0.title, type: $0.type, values: $0.values, min: $0.min, max: $0.max,
                defaultValue: WidgetValue($0.defaultValue), valueTitles: $0.valueTitles)
        }
    }
    /// The zone the widget's wall-clock rules use.
    public var timeZoneIdentifier: String { widget.zone.identifier }

    /// The time a reload may spend on its URL sources by default: WidgetKit publishes no figure
    /// for a provider's time; an extension's background work is cut after about 30 seconds, so the
    /// requests end 5 seconds before that, leaving time to render (docs/network-data-notes.md).
    public static let reloadDeadline: Duration = .seconds(25)

    /// The timeline for a request at `date`: entries from `date` on, and when to ask again.
    /// - Parameters:
    ///   - family: a WidgetKit family name; nil (or one the widget does not declare) means its first family.
    ///   - parameters: the instance's intent values; the others keep their defaults.
    ///   - container: the app group container (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`);
    ///     nil when the app has none (data sources are then missing, and the placeholder shows).
    ///   - fetcher: performs URL data sources' requests, all of a reload at once; the
    ///     `WidgetcRuntime` library adds this method without it, requesting through URLSession.
    ///   - responses: successful answers kept for `maxAge` and `stale`: pass the same store to every
    ///     request (a `static let` of the provider); nil keeps none.
    ///   - deadline: when the requests still unanswered are cancelled (they fail, and `stale`
    ///     answers or the placeholder stand in). Cancelling the calling task cancels them too.
    ///   - secrets: where header and body templates find `secret.NAME` before the container file
    ///     `secrets/NAME` (a Keychain reader of the app's); nil: the container file only.
    ///   - swiftSources: gives the `swift:` data sources their values (the generated code passes
    ///     one calling the extension's types); nil: their fixtures are read from the container.
    ///   - imageScaler: scales remote images down to the family's pixels (the `WidgetcRuntime`
    ///     library passes ImageIO's); nil keeps them as downloaded.
    public func timeline(
        at date: Date, family: String? = nil, parameters: [String: WidgetValue] = [:], container: URL? = nil,
        fetcher: any AsyncDataFetcher, responses: ResponseStore? = nil, deadline: Duration = reloadDeadline,
        secrets: (any SecretSource)? = nil, swiftSources: (any SwiftSourceLoader)? = nil, imageScaler: (any ImageScaler)? = nil
    ) async -> WidgetTimeline {
        var (context, warnings, log) = timelineContext(date, family, parameters, container, fetcher: nil, responses: responses)
        context.secrets = secrets
        context.imageScaler = imageScaler
        let timeline = await widget.timeline(in: context, fetcher: fetcher, deadline: deadline, swift: swiftSources)
        return answer(timeline, context, warnings, log)
    }

    /// The same, with a fetcher that answers on the calling thread (the tools': a run's scripted
    /// network, none): its requests one after another.
    package func timeline(
        at date: Date, family: String? = nil, parameters: [String: WidgetValue] = [:], container: URL? = nil,
        fetcher: any DataFetcher, responses: ResponseStore? = nil
    ) -> WidgetTimeline {
        let (context, warnings, log) = timelineContext(date, family, parameters, container, fetcher: fetcher, responses: responses)
        return answer(widget.timeline(in: context), context, warnings, log)
    }

    private func timelineContext(
        _ date: Date, _ family: String?, _ parameters: [String: WidgetValue], _ container: URL?, fetcher: (any DataFetcher)?,
        responses: ResponseStore?
    ) -> (TimelineContext, WarningCollector, RequestLog) {
        let (base, warnings) = self.context(date, family, parameters, container, preview: false)
        let log = RequestLog()
        var context = TimelineContext(
            family: base.family, isPreview: false, date: base.date, parameters: base.parameters, container: base.container,
            warnings: warnings, fetcher: fetcher, responses: responses, requests: log)
        // Only a widget with a jitter needs the install's number (and the file it lives in).
        if widget.policyJitter > 0 { context.installSeed = InstallSeed.seed(inContainer: container?.path) }
        // Remote images are written into the container, where the face reads them.
        if let container { context.images = ContainerImageFiles(directory: container.path) }
        return (context, warnings, log)
    }

    private func answer(_ timeline: Timeline, _ context: TimelineContext, _ warnings: WarningCollector, _ log: RequestLog) -> WidgetTimeline {
        let table = timeline.table
        var fixed = [[WidgetValue?]?](repeating: nil, count: table.layouts.count)
        return WidgetTimeline(
            entries: table.entries.enumerated().map { i, entry in
                WidgetEntry(
                    date: Date(entry.date), content: Self.content(table, i, fixed: &fixed), url: entry.url,
                    view: widget.tree(for: entry, index: i, family: context.family, parameters: context.parameters),
                    relevance: entry.relevance.map(WidgetRelevance.init))
            },
            policy: WidgetReloadPolicy(timeline.policy),
            warnings: warnings.warnings.map(\.message), requests: log.requests)
    }

    /// Entry `i`'s content as values. A layout's fixed values (the same in every entry) are
    /// converted once, into `fixed`, and shared by the entries: converted per entry, a list of
    /// 1 MiB in content took 173 MB over a day of 97 entries (bench/memory-budget, release).
    private static func content(_ table: EntryTable, _ i: Int, fixed: inout [[WidgetValue?]?]) -> [(key: String, value: WidgetValue)] {
        let placement = table.placements[i]
        guard placement.layout >= 0 else { return (table.objects[i] ?? JSONObject()).map { (key: $0.key, value: WidgetValue($0.value)) } }
        let layout = table.layouts[placement.layout]
        let converted = fixed[placement.layout] ?? layout.members.map { member -> WidgetValue? in
            if case .fixed(let value) = member { WidgetValue(value) } else { nil }
        }
        fixed[placement.layout] = converted
        return layout.members.indices.map { k in
            switch layout.members[k] {
            case .fixed: (key: layout.keys[k], value: converted[k] ?? .null)
            case .row(let r): (key: layout.keys[k], value: WidgetValue(table.value(table.cells[placement.row + r])))
            }
        }
    }

    /// The extension types its `swift:` data sources name (docs/swift-hatch.md), in declaration order.
    public var swiftSourceTypes: [String] { widget.swiftSources.map(\.source.type) }

    /// Whether the widget fetches data from a URL at each timeline request.
    public var fetchesURLs: Bool { widget.fetchesURLs }

    /// The widget gallery's entry.
    public func snapshot(at date: Date, family: String? = nil, parameters: [String: WidgetValue] = [:], container: URL? = nil) -> WidgetEntry {
        let context = context(date, family, parameters, container, preview: true).context
        return faced(widget.snapshot(in: context), context)
    }

    /// The entry shown while the widget loads.
    public func placeholder(at date: Date, family: String? = nil, parameters: [String: WidgetValue] = [:], container: URL? = nil) -> WidgetEntry {
        let context = context(date, family, parameters, container, preview: false).context
        return faced(widget.placeholder(in: context), context)
    }

    /// The entry with its render tree.
    private func faced(_ entry: TimelineEntry, _ context: TimelineContext) -> WidgetEntry {
        WidgetEntry(entry, view: widget.tree(for: entry, index: 0, family: context.family, parameters: context.parameters))
    }

    private func context(
        _ date: Date, _ family: String?, _ parameters: [String: WidgetValue], _ container: URL?, preview: Bool
    ) -> (context: TimelineContext, warnings: WarningCollector) {
        let chosen = family.flatMap(WidgetFamily.init(rawValue:)).flatMap { widget.families.contains($0) ? $0 : nil }
            ?? widget.families[0]
        var values = JSONObject()
        // In declaration order, so a plan answers the same whatever order a dictionary has.
        for p in widget.parameters {
            if let v = parameters[p.name] { values[p.name] = v.json }
        }
        let warnings = WarningCollector()
        let context = TimelineContext(
            family: chosen, isPreview: preview, date: Instant(date), parameters: values,
            container: container.map { Container(directory: $0.path) } ?? Container(), warnings: warnings)
        return (context, warnings)
    }
}

extension WidgetPlan {
    /// The options of an entity parameter (`type: entity`, docs/entities.md) as a reload at `date`
    /// reads them from the container, and the one its `default` gives: what the generated
    /// `EntityQuery` answers (`suggestedEntities()`, `entities(for:)`, `defaultResult()`). A URL
    /// source is not requested here: its kept answer stands in when `stale` allows one.
    public func entityOptions(
        _ parameter: String, at date: Date = Date(), container: URL? = nil, responses: ResponseStore? = nil
    ) -> WidgetEntityOptions {
        entityOptions(parameter, entityContext(date, container, responses))
    }

    /// The same on the device, where `swiftSources` gives the `swift:` data sources and the
    /// options through the hatch (`options: { swift: TYPE }`) their values, as at a reload (the
    /// generated `EntityQuery` passes the plan's `SwiftSources()`, docs/swift-hatch.md).
    public func entityOptions(
        _ parameter: String, at date: Date = Date(), container: URL? = nil, responses: ResponseStore? = nil,
        swiftSources: any SwiftSourceLoader
    ) async -> WidgetEntityOptions {
        var context = entityContext(date, container, responses)
        context.swiftAnswers = await widget.loadSwiftSources(context, loader: swiftSources)
        return entityOptions(parameter, context)
    }

    private func entityContext(_ date: Date, _ container: URL?, _ responses: ResponseStore?) -> TimelineContext {
        TimelineContext(
            family: widget.families[0], date: Instant(date), container: container.map { Container(directory: $0.path) } ?? Container(),
            warnings: WarningCollector(), fetcher: NoNetwork(), responses: responses)
    }

    private func entityOptions(_ parameter: String, _ context: TimelineContext) -> WidgetEntityOptions {
        let warnings = context.warnings
        let (options, defaultOption) = widget.entityOptions(parameter, context)
        func option(_ o: EntityOptions.Option) -> WidgetEntityOption {
            WidgetEntityOption(id: o.id, title: o.title, subtitle: o.subtitle, image: o.image)
        }
        return WidgetEntityOptions(
            options: options.map(option), defaultOption: defaultOption.map(option), warnings: warnings.warnings.map(\.message))
    }
}

/// One option of an entity parameter, as the edit sheet shows it.
public struct WidgetEntityOption: Sendable, Equatable {
    /// What the widget instance keeps (the `AppEntity`'s identifier).
    public let id: String
    public let title: String
    public let subtitle: String?
    /// An SF Symbol's name.
    public let image: String?

    public init(id: String, title: String, subtitle: String? = nil, image: String? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
}

/// An entity parameter's options at one moment, and the one its default gives.
public struct WidgetEntityOptions: Sendable, Equatable {
    public let options: [WidgetEntityOption]
    public let defaultOption: WidgetEntityOption?
    /// What reading them warned (a missing file, an id that is gone).
    public let warnings: [String]

    public init(options: [WidgetEntityOption], defaultOption: WidgetEntityOption?, warnings: [String] = []) {
        self.options = options
        self.defaultOption = defaultOption
        self.warnings = warnings
    }
}

/// An intent parameter as the plan declares it.
public struct WidgetParameter: Sendable, Equatable {
    public let name: String
    public let title: String
    /// `integer`, `number`, `boolean`, `string`, `enum` or `duration`.
    public let type: String
    /// An enum's values.
    public let values: [String]
    /// Bounds (a duration's in seconds).
    public let min: Double?
    public let max: Double?
    public let defaultValue: WidgetValue
    /// An enum's values as the edit sheet shows them, translated (`valueTitles`; a value without one shows itself).
    public let valueTitles: [String: String]
}

/// One timeline's answer.
public struct WidgetTimeline: Sendable, Equatable {
    /// In date order; the first is dated at the request.
    public let entries: [WidgetEntry]
    public let policy: WidgetReloadPolicy
    /// What `widgetc run` would warn about for this request (a missing data file…), for logs.
    public let warnings: [String]
    /// What became of each URL data source's request (empty when the widget has none).
    public var requests: [NetworkRequest] = []
}

/// One dated state of the widget.
public struct WidgetEntry: Sendable, Equatable {
    public let date: Date
    /// The content fields, in the order the widget declares them.
    public let content: [(key: String, value: WidgetValue)]
    /// The widget URL (`widgetURL`), if the widget has one.
    public let url: String?
    /// The entry's face (docs/render-tree.md): the widget's `view` for the family, every template
    /// rendered. nil when the widget declares no view (`view: custom` or none).
    public let view: RenderTree?
    /// The entry's relevance (`relevance:`), for `TimelineEntryRelevance`; nil when the widget declares none.
    public let relevance: WidgetRelevance?

    /// A content field's value.
    public subscript(key: String) -> WidgetValue? {
        content.first { $0.key == key }?.value
    }

    /// An entry made by hand: the generated provider's answer when its plan cannot be loaded
    /// (no content), or a preview's sample.
    public init(
        date: Date, content: [(key: String, value: WidgetValue)] = [], url: String? = nil, view: RenderTree? = nil,
        relevance: WidgetRelevance? = nil
    ) {
        self.date = date
        self.content = content
        self.url = url
        self.view = view
        self.relevance = relevance
    }

    init(_ entry: TimelineEntry, view: RenderTree? = nil) {
        date = Date(entry.date)
        content = entry.content.map { (key: $0.key, value: WidgetValue($0.value)) }
        url = entry.url
        self.view = view
        relevance = entry.relevance.map(WidgetRelevance.init)
    }

    public static func == (a: WidgetEntry, b: WidgetEntry) -> Bool {
        a.date == b.date && a.url == b.url && a.view == b.view && a.relevance == b.relevance && a.content.map(\.key) == b.content.map(\.key)
            && a.content.map(\.value) == b.content.map(\.value)
    }
}

/// An entry's relevance, as `TimelineEntryRelevance(score:duration:)` takes it.
public struct WidgetRelevance: Sendable, Equatable {
    /// The score, relative to the widget's other entries.
    public let score: Double
    /// Seconds after the entry's date that WidgetKit may rotate the widget to the top of a Smart Stack.
    public let duration: TimeInterval

    init(_ relevance: EntryRelevance) {
        score = relevance.score
        duration = TimeInterval(relevance.duration)
    }
}

/// When WidgetKit should ask again (`TimelineReloadPolicy`).
public enum WidgetReloadPolicy: Sendable, Equatable {
    case atEnd
    case after(Date)
    case never

    init(_ policy: ReloadPolicy) {
        switch policy {
        case .atEnd: self = .atEnd
        case .after(let instant): self = .after(Date(instant))
        case .never: self = .never
        }
    }
}

/// A content value, typed as the plan renders it, so a view reads
/// `entry["health"]?.int` without parsing text.
public enum WidgetValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([WidgetValue])
    case object([(key: String, value: WidgetValue)])

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// An integer, or a double with no fractional part.
    public var int: Int? {
        switch self {
        case .int(let i): i
        case .double(let d): Int(exactly: d)
        default: nil
        }
    }
    /// Any number.
    public var double: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// The value as text a label can show (numbers as `widgetc run` prints them).
    public var text: String {
        switch self {
        case .string(let s): s
        case .null: ""
        default: JSONWriter.string(json)
        }
    }

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(WidgetValue.init))
        case .object(let o): self = .object(o.map { (key: $0.key, value: WidgetValue($0.value)) })
        }
    }

    package var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .array(let a): .array(a.map(\.json))
        case .object(let o): .object(JSONObject(o.map { ($0.key, $0.value.json) }))
        }
    }

    public static func == (a: WidgetValue, b: WidgetValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }
}

extension Instant {
    /// Whole seconds, as the runtime schedules (a request at 09:00:00.7 is one at 09:00:00).
    package init(_ date: Date) {
        self.init(seconds: Int64((date.timeIntervalSince1970).rounded(.down)))
    }
}

extension Date {
    init(_ instant: Instant) {
        self.init(timeIntervalSince1970: TimeInterval(instant.seconds))
    }
}
