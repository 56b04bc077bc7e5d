import WidgetSupport

/// One dated state of a widget: shown from `date` until the next entry's date.
public struct TimelineEntry: Sendable, Equatable {
    public var date: Instant
    /// The widget URL (`widgetURL`); nil when the widget has none.
    public var url: String?
    var body: Body

    /// How the content is held: an object, or a timeline's layout and this entry's row.
    enum Body: Sendable {
        case object(JSONObject)
        case laidOut(ContentLayout, ContentRows, offset: Int)
    }

    public init(date: Instant, content: JSONObject, url: String? = nil) {
        self.date = date
        self.body = .object(content)
        self.url = url
    }

    /// An entry whose content is `layout`, with row values from `rows.values[offset...]`.
    public init(date: Instant, layout: ContentLayout, rows: ContentRows, offset: Int, url: String? = nil) {
        self.date = date
        self.body = .laidOut(layout, rows, offset: offset)
        self.url = url
    }

    /// The entry's fields, in the order the widget declares them.
    public var content: JSONObject {
        get {
            switch body {
            case .object(let object):
                return object
            case .laidOut(let layout, let rows, let offset):
                let values = layout.members.map { member -> JSONValue in
                    switch member {
                    case .fixed(let value): value
                    case .row(let i): rows.values[offset + i]
                    }
                }
                return JSONObject(distinctKeys: layout.keys, values: values)
            }
        }
        set { body = .object(newValue) }
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
    public var entries: [TimelineEntry]
    public var policy: ReloadPolicy

    public init(entries: [TimelineEntry], policy: ReloadPolicy = .atEnd) {
        self.entries = entries
        self.policy = policy
    }
}
