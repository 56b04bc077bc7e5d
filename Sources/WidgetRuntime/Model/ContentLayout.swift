import WidgetSupport

/// The members of entries that share their keys, laid out once per timeline:
/// keys in output order, each value either fixed for the whole timeline or
/// taken from the entry's own row. Writers encode a layout's fixed parts once
/// and copy the bytes for every entry, instead of walking an object per entry.
public final class ContentLayout: Sendable {
    public enum Member: Sendable {
        /// The same value in every entry.
        case fixed(JSONValue)
        /// The value at this position of the entry's row.
        case row(Int)
    }

    public let keys: [String]
    public let members: [Member]

    /// - Precondition: keys are distinct, and `members` has one per key.
    public init(keys: [String], members: [Member]) {
        precondition(keys.count == members.count, "one member per key")
        self.keys = keys
        self.members = members
    }
}

/// The per-entry values of one timeline, stored one row after another
/// (one allocation per timeline, not one object per entry).
public final class ContentRows: Sendable {
    public let values: [JSONValue]

    public init(_ values: [JSONValue]) { self.values = values }

    /// Rows for layouts that are all fixed.
    public static let none = ContentRows([])
}
