import WidgetCEL
import WidgetSupport
import WidgetTemplates
import WidgetTime

/// The members of entries that share their keys, laid out once per timeline:
/// keys in output order, each value either fixed for the whole timeline or
/// taken from the entry's own row. Writers encode a layout's fixed parts once
/// and copy the bytes for every entry, instead of walking an object per entry.
package final class ContentLayout: Sendable {
    package enum Member: Sendable {
        /// The same value in every entry.
        case fixed(JSONValue)
        /// The value at this position of the entry's row.
        case row(Int)
    }

    package let keys: [String]
    package let members: [Member]
    /// Whether a fixed value has a string that rendering cut (`Template.anyCut`): what the run's
    /// bound on a rendered value looks for, found once for a layout kept over many reloads.
    package let fixedCut: Bool

    /// - Precondition: keys are distinct, and `members` has one per key.
    package init(keys: [String], members: [Member]) {
        precondition(keys.count == members.count, "one member per key")
        self.keys = keys
        self.members = members
        fixedCut = members.contains {
            if case .fixed(let value) = $0 { Template.anyCut(value) } else { false }
        }
    }
}

/// A timeline's entries stored by column: dates, where each entry's content is,
/// and the varying values of all entries in one flat array of cells. A timeline of
/// hundreds of entries is then a few allocations, and writers stream it
/// without reference counting per entry.
package final class EntryTable: Sendable {
    /// Where one entry's content is.
    package struct Placement: Sendable {
        /// Index into `layouts`; -1 when `objects` holds the content.
        package var layout: Int
        /// Where the entry's row starts in `rows`.
        package var row: Int

        package init(layout: Int, row: Int) {
            self.layout = layout
            self.row = row
        }
    }

    /// The entries' URLs.
    package enum URLs: Sendable {
        case none
        /// The same URL for every entry.
        case same(String)
        case each([String?])
        /// Entry i's URL is `prefix`, `numbers[i]` in decimal, `suffix`.
        case numbered(prefix: String, suffix: String, [Int])
    }

    /// One value of a row: the table's own (`values[index]`), member `index` of the
    /// object `records[record]`, a value of the data the table refers into instead of copying,
    /// or a timestamp (`timestamps[index]`, its RFC 3339 text the value).
    /// Plain integers: a row costs no reference counting to fill, keep or free.
    package struct Cell: Sendable {
        /// -1 for the table's own value, -2 (`Cell.timestamp`) for a timestamp.
        package var record: Int32
        package var index: Int32

        package static let timestamp: Int32 = -2

        /// Entry `position` of `timestamps`.
        package init(timestamp position: Int) {
            record = Self.timestamp
            index = Int32(position)
        }

        package init(record: Int32, index: Int32) {
            self.record = record
            self.index = index
        }

        package init(own position: Int) {
            record = -1
            index = Int32(position)
        }
    }

    package let dates: [Instant]
    package let layouts: [ContentLayout]
    package let placements: [Placement]
    /// The rows, one after another.
    package let cells: [Cell]
    /// The values of the cells that are the table's own.
    package let values: [JSONValue]
    /// The timestamps of the timestamp cells: seconds of whole-second CEL timestamps, whose
    /// value is their text (`2026-01-01T01:30:00Z`, `CELTimestamp.description`). An entry's
    /// `{{let.NAME}}` of a timestamp is one, written by the writers without a String.
    package let timestamps: [Int64]
    /// The records member cells point into (a `sequence`'s items), or empty. Only short
    /// strings, numbers and booleans are referred to: nothing a row check needs to see.
    package let records: [JSONValue]
    /// The contents that fit no layout, by entry index.
    package let objects: [Int: JSONObject]
    package let urls: URLs
    /// Each entry's relevance (`relevance:`); empty when the widget declares none.
    package let relevance: [EntryRelevance?]

    /// - Precondition: one placement per date; each placement's layout and row are in range;
    ///   every cell is in range of `values` or of an object of `records`.
    package init(
        dates: [Instant], layouts: [ContentLayout], placements: [Placement], cells: [Cell], values: [JSONValue],
        timestamps: [Int64] = [], records: [JSONValue] = [], objects: [Int: JSONObject] = [:], urls: URLs = .none,
        relevance: [EntryRelevance?] = []
    ) {
        precondition(dates.count == placements.count, "one placement per entry")
        precondition(relevance.isEmpty || relevance.count == dates.count, "a relevance per entry, or none")
        self.relevance = relevance
        self.dates = dates
        self.layouts = layouts
        self.placements = placements
        self.cells = cells
        self.values = values
        self.timestamps = timestamps
        self.records = records
        self.objects = objects
        self.urls = urls
    }

    /// A table whose rows hold their own values.
    package convenience init(
        dates: [Instant], layouts: [ContentLayout], placements: [Placement], rows: [JSONValue],
        objects: [Int: JSONObject] = [:], urls: URLs = .none, relevance: [EntryRelevance?] = []
    ) {
        self.init(
            dates: dates, layouts: layouts, placements: placements, cells: rows.indices.map { Cell(own: $0) }, values: rows,
            objects: objects, urls: urls, relevance: relevance)
    }

    /// A cell's value.
    package func value(_ cell: Cell) -> JSONValue {
        if cell.record == Cell.timestamp { return Self.timestampValue(timestamps[Int(cell.index)]) }
        guard cell.record >= 0 else { return values[Int(cell.index)] }
        guard case .object(let record) = records[Int(cell.record)] else { preconditionFailure("a member cell's record is an object") }
        return record.values[Int(cell.index)]
    }

    /// A table of entries given as values: each keeps its own object (no layout).
    package convenience init(_ entries: [TimelineEntry]) {
        var objects: [Int: JSONObject] = [:]
        for (i, entry) in entries.enumerated() { objects[i] = entry.content }
        self.init(
            dates: entries.map(\.date), layouts: [],
            placements: Array(repeating: Placement(layout: -1, row: 0), count: entries.count), rows: [],
            objects: objects, urls: .each(entries.map(\.url)),
            relevance: entries.contains { $0.relevance != nil } ? entries.map(\.relevance) : [])
    }

    package var count: Int { dates.count }

    /// A timestamp cell's value: its text.
    package static func timestampValue(_ seconds: Int64) -> JSONValue {
        .string(CELTimestamp(seconds: seconds)!.description)
    }

    /// A timestamp cell's text (`timestampLength` bytes) at `p`, as `timestampValue` has it.
    package static let timestampLength = CELTimestamp.wholeSecondLength
    @inline(__always) package static func writeTimestamp(_ seconds: Int64, to p: UnsafeMutablePointer<UInt8>) {
        CELTimestamp.writeWholeSecond(seconds, to: p)
    }

    package func url(at i: Int) -> String? {
        switch urls {
        case .none: nil
        case .same(let url): url
        case .each(let list): list[i]
        case .numbered(let prefix, let suffix, let numbers): prefix + String(numbers[i]) + suffix
        }
    }

    /// Entry `i`'s content as an object.
    package func content(at i: Int) -> JSONObject {
        let placement = placements[i]
        guard placement.layout >= 0 else { return objects[i] ?? JSONObject() }
        let layout = layouts[placement.layout]
        let values = layout.members.map { member -> JSONValue in
            switch member {
            case .fixed(let value): value
            case .row(let k): value(cells[placement.row + k])
            }
        }
        return JSONObject(distinctKeys: layout.keys, values: values)
    }

    /// Every entry as a `TimelineEntry`.
    package var entries: [TimelineEntry] {
        dates.indices.map {
            TimelineEntry(date: dates[$0], content: content(at: $0), url: url(at: $0), relevance: relevance.isEmpty ? nil : relevance[$0])
        }
    }
}
