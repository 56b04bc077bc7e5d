import WidgetSupport
import WidgetTime

/// One dated state of a widget: shown from `date` until the next entry's date.
package struct TimelineEntry: Sendable, Equatable {
    package var date: Instant
    /// The entry's fields, in the order the widget declares them.
    package var content: JSONObject
    /// The widget URL (`widgetURL`); nil when the widget has none.
    package var url: String?

    package init(date: Instant, content: JSONObject, url: String? = nil) {
        self.date = date
        self.content = content
        self.url = url
    }

    package static func == (a: TimelineEntry, b: TimelineEntry) -> Bool {
        a.date == b.date && a.url == b.url && JSONValue.object(a.content) == JSONValue.object(b.content)
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
