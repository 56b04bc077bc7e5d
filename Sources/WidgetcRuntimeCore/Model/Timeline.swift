import WidgetSupport
import WidgetTime

/// One dated state of a widget: shown from `date` until the next entry's date.
package struct TimelineEntry: Sendable, Equatable {
    package var date: Instant
    /// The entry's fields, in the order the widget declares them.
    package var content: JSONObject
    /// The widget URL (`widgetURL`); nil when the widget has none.
    package var url: String?
    /// Its `TimelineEntryRelevance`; nil when the widget declares none (or its score failed).
    package var relevance: EntryRelevance?

    package init(date: Instant, content: JSONObject, url: String? = nil, relevance: EntryRelevance? = nil) {
        self.date = date
        self.content = content
        self.url = url
        self.relevance = relevance
    }

    package static func == (a: TimelineEntry, b: TimelineEntry) -> Bool {
        a.date == b.date && a.url == b.url && a.relevance == b.relevance && JSONValue.object(a.content) == JSONValue.object(b.content)
    }
}

/// An entry's `TimelineEntryRelevance`: its score (relative to the widget's other entries) and how
/// many seconds after the entry's date WidgetKit may rotate the widget to the top of a Smart Stack.
package struct EntryRelevance: Sendable, Hashable {
    package var score: Double
    package var duration: Int64

    package init(score: Double, duration: Int64) {
        self.score = score
        self.duration = duration
    }
}

/// When WidgetKit should ask for the next timeline.
package enum ReloadPolicy: Sendable, Hashable {
    /// At the date of the timeline's last entry.
    case atEnd
    /// At the given instant.
    case after(Instant)
    /// Not until the app asks (a scenario reload).
    case never

    /// The run object's `policy.type`.
    package var typeName: String {
        switch self {
        case .atEnd: "atEnd"
        case .after: "after"
        case .never: "never"
        }
    }
}

/// What a provider returns for one request: entries in date order and a policy.
///
/// Entries are held as an `EntryTable`: a provider that lays content out builds
/// one directly; entries given as values become a table whose entries each keep
/// their own object, so writers have one path for both.
package struct Timeline: Sendable, Equatable {
    package var policy: ReloadPolicy
    package private(set) var table: EntryTable

    package init(entries: [TimelineEntry], policy: ReloadPolicy = .atEnd) {
        self.table = EntryTable(entries)
        self.policy = policy
    }

    package init(table: EntryTable, policy: ReloadPolicy = .atEnd) {
        self.table = table
        self.policy = policy
    }

    /// The entries in date order (built from the table when asked).
    package var entries: [TimelineEntry] {
        get { table.entries }
        set { table = EntryTable(newValue) }
    }

    package var count: Int { table.count }

    /// The entries' dates, without building the entries.
    package var dates: [Instant] { table.dates }

    package static func == (a: Timeline, b: Timeline) -> Bool {
        a.policy == b.policy && a.entries == b.entries
    }
}
