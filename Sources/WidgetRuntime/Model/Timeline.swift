import WidgetSupport

/// One dated state of a widget: shown from `date` until the next entry's date.
public struct TimelineEntry: Sendable, Equatable {
    public var date: Instant
    /// The entry's fields, in the order the widget declares them.
    public var content: JSONObject
    /// The widget URL (`widgetURL`); nil when the widget has none.
    public var url: String?

    public init(date: Instant, content: JSONObject, url: String? = nil) {
        self.date = date
        self.content = content
        self.url = url
    }

    public static func == (a: TimelineEntry, b: TimelineEntry) -> Bool {
        a.date == b.date && a.url == b.url && JSONValue.object(a.content) == JSONValue.object(b.content)
    }
}

/// When WidgetKit should ask for the next timeline.
public enum ReloadPolicy: Sendable, Hashable {
    /// At the date of the timeline's last entry.
    case atEnd
    /// At the given instant.
    case after(Instant)
    /// Not until the app asks (a scenario reload).
    case never

    /// The run object's `policy.type`.
    public var typeName: String {
        switch self {
        case .atEnd: "atEnd"
        case .after: "after"
        case .never: "never"
        }
    }
}

/// What a provider returns for one request: entries in date order and a policy.
public struct Timeline: Sendable, Equatable {
    public var policy: ReloadPolicy
    var storage: Storage

    /// Entries as values, or (from a provider that lays content out) as a table.
    enum Storage: Sendable {
        case entries([TimelineEntry])
        case table(EntryTable)
    }

    public init(entries: [TimelineEntry], policy: ReloadPolicy = .atEnd) {
        self.storage = .entries(entries)
        self.policy = policy
    }

    public init(table: EntryTable, policy: ReloadPolicy = .atEnd) {
        self.storage = .table(table)
        self.policy = policy
    }

    /// The entries in date order (built from the table when there is one).
    public var entries: [TimelineEntry] {
        get {
            switch storage {
            case .entries(let entries): entries
            case .table(let table): table.entries
            }
        }
        set { storage = .entries(newValue) }
    }

    public var count: Int {
        switch storage {
        case .entries(let entries): entries.count
        case .table(let table): table.count
        }
    }

    /// The entries' dates, without building the entries.
    public var dates: [Instant] {
        switch storage {
        case .entries(let entries): entries.map(\.date)
        case .table(let table): table.dates
        }
    }

    public static func == (a: Timeline, b: Timeline) -> Bool {
        a.policy == b.policy && a.entries == b.entries
    }
}
