import WidgetSupport
import WidgetTemplates
import WidgetTime

/// Builds the content of one timeline's entries. Fields that do not vary are
/// rendered once and laid out with their keys (`ContentLayout`); an entry only
/// renders its varying fields, into a row of one flat array shared by the timeline.
///
/// An entry's content is `content`, then its slot's content, then the family's,
/// each merged as a JSON merge patch (null removes a key, a present key keeps
/// its place). The layout is that merge done once per slot, assuming row values
/// are not null; an entry with a null row value gets an object of its own.
struct TimelineContent {
    private let content: CompiledContent
    /// The daily slots' contents, by content id - 1.
    private let slots: [CompiledContent]
    private let family: CompiledContent?
    /// The family's varying fields (none without a family content).
    private let familyRows: [CompiledContent.RowField]
    private let scope: EntryScope
    private let contentFixed: [JSONValue?]
    /// The reload's lets' rendered fields (`CompiledContent.renderFixed`).
    private let renderedLets: RenderedLetFields?
    private let familyFixed: [JSONValue?]
    /// Per slot id met so far: the slot's fixed fields and the layout.
    private var layouts: [(id: Int, slotFixed: [JSONValue?], layout: ContentLayout)] = []
    /// The rows written so far, apart from the contents, which `add` reads in place while it
    /// writes them: a content that a mutating method of this struct read was copied, three
    /// retains and releases per content and entry (run300 over 30 days: 2,901.7 M -> 2,826.7 M
    /// instructions, 1.6 M fewer retains and releases, callgrind).
    private var rows = Rows()
    /// The widget's layouts in this family as its last reload made them (nil without a `DataCache`).
    private let memo: LayoutMemo?
    /// A `sequence`'s records: `{{record.key}}` refers to the member instead of copying it.
    private let records: [JSONValue]
    /// Contents of entries with a null row value, by entry index.
    private var objects: [Int: JSONObject] = [:]

    /// `firstScope` renders the fields that do not vary (any entry's scope would do).
    init(
        content: CompiledContent, slots: [CompiledContent], family: CompiledContent?, firstScope: EntryScope,
        records: [JSONValue], entries: Int, renderedLets: RenderedLetFields? = nil, memo: LayoutMemo? = nil,
        missing: inout [String]
    ) {
        // Room for every row at once, not grown entry by entry (with the sequence's slots:
        // -3.3% instructions on bench/run's examples x2, 30 days, callgrind 552.6 M -> 534.6 M).
        let width = content.rows.count + (family?.rows.count ?? 0) + (slots.map(\.rows.count).max() ?? 0)
        rows.cells.reserveCapacity(entries * width)
        if records.isEmpty { rows.values.reserveCapacity(entries * width) }
        // And for the timestamp lets' cells (grown entry by entry: 96 instructions an entry, callgrind).
        let lets = { (c: CompiledContent) in c.rows.count { $0.entryLet != nil } }
        rows.timestamps.reserveCapacity(entries * (lets(content) + (family.map(lets) ?? 0) + (slots.map(lets).max() ?? 0)))
        // Cells hold 32-bit positions (a data file has at most 16 MiB).
        self.records = records.count < Int(Int32.max) ? records : []
        self.content = content
        self.slots = slots
        self.family = family
        familyRows = family?.rows ?? []
        self.scope = firstScope
        self.renderedLets = renderedLets
        self.memo = memo
        contentFixed = content.renderFixed(scope: firstScope, missing: &missing, rendered: renderedLets)
        familyFixed = family?.renderFixed(scope: firstScope, missing: &missing, rendered: renderedLets) ?? []
    }

    /// Renders entry `index`'s varying fields and says where its content is.
    mutating func add(contentID: Int, index: Int, scope: EntryScope, missing: inout [String]) -> EntryTable.Placement {
        let start = rows.cells.count, valuesStart = rows.values.count, timestampsStart = rows.timestamps.count
        // The record (`sequence`) whose members the cells may refer to.
        var record: (index: Int, object: JSONObject)?
        rows.lookups = 0
        if !records.isEmpty, case .record(_, let i) = scope.rule, i < records.count, case .object(let object) = records[i] {
            record = (i, object)
        }
        var sawNull = rows.append(content.rows, scope, record, &missing)
        if contentID > 0 { sawNull = rows.append(slots[contentID - 1].rows, scope, record, &missing) || sawNull }
        sawNull = rows.append(familyRows, scope, record, &missing) || sawNull
        let k = layoutIndex(contentID, missing: &missing)
        if sawNull {
            let slot = contentID > 0 ? slots[contentID - 1] : nil
            let row = rows.cells[start...].map { cell in
                switch cell.record {
                case EntryTable.Cell.timestamp: EntryTable.timestampValue(rows.timestamps[Int(cell.index)])
                case ..<0: rows.values[Int(cell.index)]
                default: record!.object.values[Int(cell.index)]
                }
            }
            let object = merged(slotFixed: layouts[k].slotFixed, slot: slot, row: row[...])
            rows.cells.removeSubrange(start...)
            rows.values.removeSubrange(valuesStart...)
            rows.timestamps.removeSubrange(timestampsStart...)
            objects[index] = object
            return EntryTable.Placement(layout: -1, row: 0)
        }
        return EntryTable.Placement(layout: k, row: start)
    }

    /// The timeline's table, once every entry is added.
    func table(dates: [Instant], placements: [EntryTable.Placement], urls: EntryTable.URLs, relevance: [EntryRelevance?] = []) -> EntryTable {
        EntryTable(
            dates: dates, layouts: layouts.map(\.layout), placements: placements, cells: rows.cells, values: rows.values,
            timestamps: rows.timestamps, records: rows.cells.contains { $0.record >= 0 } ? records : [], objects: objects, urls: urls, relevance: relevance)
    }

    private mutating func layoutIndex(_ contentID: Int, missing: inout [String]) -> Int {
        if let k = layouts.firstIndex(where: { $0.id == contentID }) { return k }
        let slot = contentID > 0 ? slots[contentID - 1] : nil
        let slotFixed = slot?.renderFixed(scope: scope, missing: &missing, rendered: renderedLets) ?? []
        if let kept = memo?.layout(contentID, contentFixed, slotFixed, familyFixed) {
            layouts.append((contentID, slotFixed, kept))
            return layouts.count - 1
        }
        var keys: [String] = []
        var members: [ContentLayout.Member] = []
        let most = content.fields.count + (slot?.fields.count ?? 0) + (family?.fields.count ?? 0)
        keys.reserveCapacity(most)
        members.reserveCapacity(most)
        var row = 0
        func apply(_ source: borrowing CompiledContent, _ fixed: [JSONValue?]) {
            // Over no members, a mapping's keys (distinct) just append.
            let fresh = keys.isEmpty
            for i in source.fields.indices {
                let member: ContentLayout.Member?
                if let value = fixed[i] {
                    member = value.isNull ? nil : .fixed(value)
                } else {
                    member = .row(row)
                    row += 1
                }
                if fresh {
                    if let member {
                        keys.append(source.fields[i].key)
                        members.append(member)
                    }
                } else {
                    Self.merge(source.fields[i].key, member, keys: &keys, values: &members)
                }
            }
        }
        apply(content, contentFixed)
        if let slot { apply(slot, slotFixed) }
        if let family { apply(family, familyFixed) }
        let layout = ContentLayout(keys: keys, members: members)
        memo?.keep(contentID, contentFixed, slotFixed, familyFixed, layout)
        layouts.append((contentID, slotFixed, layout))
        return layouts.count - 1
    }

    /// The same merge with the row's actual values, for an entry with a null among them.
    private func merged(slotFixed: [JSONValue?], slot: CompiledContent?, row: ArraySlice<JSONValue>) -> JSONObject {
        var keys: [String] = []
        var members: [JSONValue] = []
        var next = row.startIndex
        for (source, fixed) in [(content, contentFixed), (slot, slotFixed), (family, familyFixed)] {
            guard let source else { continue }
            for i in source.fields.indices {
                let value: JSONValue
                if let v = fixed[i] {
                    value = v
                } else {
                    value = row[next]
                    next += 1
                }
                // Not `nil` in a ternary: JSONValue is nil-literal-expressible, that would be JSON null.
                let patch: JSONValue? = value.isNull ? Optional.none : value
                Self.merge(source.fields[i].key, patch, keys: &keys, values: &members)
            }
        }
        return JSONObject(distinctKeys: keys, values: members)
    }

    /// One member of a JSON merge patch: nil removes the key; a present key keeps its place.
    private static func merge<Value>(_ key: String, _ value: Value?, keys: inout [String], values: inout [Value]) {
        if let at = keys.firstIndex(of: key) {
            if let value {
                values[at] = value
            } else {
                keys.remove(at: at)
                values.remove(at: at)
            }
        } else if let value {
            keys.append(key)
            values.append(value)
        }
    }
}

/// The rows of a timeline's entries (`TimelineContent`): cells, and the values they hold.
private struct Rows {
    var cells: [EntryTable.Cell] = []
    /// The rows' own values (what the cells do not refer to in `records`).
    var values: [JSONValue] = []
    /// The rows' timestamps (`EntryTable.Cell(timestamp:)`).
    var timestamps: [Int64] = []
    /// Per row position: the member index `{{record.key}}` had in the last record (records
    /// of one file mostly share their key order, so one String compare finds it).
    var memberGuess: [Int] = []
    /// `{{record.key}}` fields looked up so far in the entry being added.
    var lookups = 0

    /// Appends a content's varying fields; true if one rendered null.
    mutating func append(
        _ fields: borrowing [CompiledContent.RowField], _ scope: EntryScope, _ record: (index: Int, object: JSONObject)?,
        _ missing: inout [String]
    ) -> Bool {
        var sawNull = false
        for f in fields.indices {
            let row = fields[f]
            let box = row.box
            // `{{record.key}}`: a cell that refers to the record's member, for values no row
            // check needs to see (short strings, numbers, booleans), not a JSONValue looked up,
            // retained, stored and released per entry and field. With the writer's member
            // encodings (TableWriting): -13% instructions on bench/run's examples x2, 30 days
            // (callgrind, 637.2 M -> 552.6 M; see bench/RUN.md).
            if let record, let key = box.recordKey, let at = memberIndex(key, in: record.object) {
                let referable: Bool
                switch record.object.values[at] {
                case .string(let s): referable = s.utf8.count <= Template.maxRenderedBytes
                case .int, .double, .bool: referable = true
                case .null, .array, .object: referable = false
                }
                if referable {
                    cells.append(EntryTable.Cell(record: Int32(record.index), index: Int32(at)))
                    continue
                }
            }
            // `{{let.NAME}}` of an entry's let that is a whole-second timestamp: a cell whose text
            // the writer writes, no String made, kept and freed per entry. With the entry's lets
            // kept as CEL values (`EntryLets`, no object per entry): 1,740 instructions an entry
            // (callgrind, a tutorials copy with bench/let_bench.py's lets, 10 days: 216.0 -> 191.6 M).
            if let position = row.entryLet,
                let seconds = scope.entryLets?.wholeSecondTimestamp(at: position)
            {
                cells.append(EntryTable.Cell(timestamp: timestamps.count))
                timestamps.append(seconds)
                continue
            }
            // A lone variable the scope has is the template's value; otherwise the
            // template runs (and reports the name missing). Not `direct.flatMap(scope.value)`:
            // that partial application copied the whole scope per field and entry (callgrind,
            // 30-day run of the examples x2: see bench/RUN.md).
            let value: JSONValue
            if let found = box.directValue(scope) {
                value = found
            } else {
                value = box.render(scope, missing: &missing)
            }
            if value.isNull { sawNull = true }
            cells.append(EntryTable.Cell(own: values.count))
            values.append(value)
        }
        return sawNull
    }

    /// Where `key` is among the record's members: first where the entry's `lookups`-th such
    /// key was in the last record.
    mutating func memberIndex(_ key: String, in object: JSONObject) -> Int? {
        defer { lookups += 1 }
        if lookups < memberGuess.count {
            let guess = memberGuess[lookups]
            if guess < object.keys.count, object.keys[guess] == key { return guess }
        }
        guard let at = object.keys.firstIndex(of: key) else { return nil }
        if lookups < memberGuess.count { memberGuess[lookups] = at } else { memberGuess.append(at) }
        return at
    }
}

/// A widget's layouts in one family as its last reload made them, by content id, with the fixed
/// values each was laid out from (`DataCache.layouts(of:)`). A reload whose fixed values are the
/// same (`sameJSON`: what writes the same bytes) takes the same object, whose encoding the writers
/// keep (TableWriting): the layouts were merged and encoded again at every reload. With the
/// writer's encodings kept: bench/let_bench.py's two corpora over 365 days 15,554.0 M -> 14,664.4 M
/// instructions with five lets, 12,415.1 M -> 11,936.2 M without (callgrind).
final class LayoutMemo {
    private var kept: [(id: Int, content: [JSONValue?], slot: [JSONValue?], family: [JSONValue?], layout: ContentLayout)] = []

    func layout(_ id: Int, _ content: [JSONValue?], _ slot: [JSONValue?], _ family: [JSONValue?]) -> ContentLayout? {
        for k in kept.indices where kept[k].id == id {
            let m = kept[k]
            // Bits first (`sameElements`), then strictly (`sameOptionalJSON`).
            return sameElements(m.content, content, sameOptionalJSON) && sameElements(m.slot, slot, sameOptionalJSON)
                && sameElements(m.family, family, sameOptionalJSON) ? m.layout : nil
        }
        return nil
    }

    func keep(_ id: Int, _ content: [JSONValue?], _ slot: [JSONValue?], _ family: [JSONValue?], _ layout: ContentLayout) {
        if let k = kept.firstIndex(where: { $0.id == id }) {
            kept[k] = (id, content, slot, family, layout)
        } else {
            kept.append((id, content, slot, family, layout))
        }
    }
}
