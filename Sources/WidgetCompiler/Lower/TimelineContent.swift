import WidgetSupport
import WidgetTemplates
import WidgetRuntime

/// Builds the content of one timeline's entries. Fields that do not vary are
/// rendered once and laid out with their keys (`ContentLayout`); an entry only
/// renders its varying fields, into a row of one flat array shared by the timeline.
///
/// An entry's content is `content`, then its slot's content, then the family's,
/// each merged as a JSON merge patch (null removes a key, a present key keeps
/// its place). The layout is that merge done once per slot, assuming row values
/// are not null; an entry with a null row value gets an object of its own.
struct TimelineContent {
    /// Where an entry's content is.
    enum Placement {
        case row(ContentLayout, offset: Int)
        case object(JSONObject)
    }

    private let content: CompiledContent
    private let family: CompiledContent?
    private let scope: EntryScope
    private let contentFixed: [JSONValue?]
    private let familyFixed: [JSONValue?]
    /// Per slot id met so far: the slot's fixed fields and the layout.
    private var layouts: [(id: Int, slotFixed: [JSONValue?], layout: ContentLayout)] = []
    private var values: [JSONValue] = []

    /// `firstScope` renders the fields that do not vary (any entry's scope would do).
    init(content: CompiledContent, family: CompiledContent?, firstScope: EntryScope, missing: inout [String]) {
        self.content = content
        self.family = family
        self.scope = firstScope
        contentFixed = content.renderFixed(scope: firstScope, missing: &missing)
        familyFixed = family?.renderFixed(scope: firstScope, missing: &missing) ?? []
    }

    /// Renders one entry's varying fields and says where its content is.
    mutating func add(_ entry: PlannedEntry, scope: EntryScope, missing: inout [String]) -> Placement {
        let start = values.count
        var sawNull = appendRow(content, scope, &missing)
        if let slot = entry.content { sawNull = appendRow(slot, scope, &missing) || sawNull }
        if let family { sawNull = appendRow(family, scope, &missing) || sawNull }
        let k = layoutIndex(entry, missing: &missing)
        if sawNull {
            let object = merged(slotFixed: layouts[k].slotFixed, slot: entry.content, row: values[start...])
            values.removeSubrange(start...)
            return .object(object)
        }
        return .row(layouts[k].layout, offset: start)
    }

    /// Appends the source's varying fields; true if one rendered null.
    private mutating func appendRow(_ source: borrowing CompiledContent, _ scope: EntryScope, _ missing: inout [String]) -> Bool {
        var sawNull = false
        for box in source.rowTemplates {
            let value = box.template.render(scope, missing: &missing)
            if value.isNull { sawNull = true }
            values.append(value)
        }
        return sawNull
    }

    /// Every row, once all entries are added.
    func rows() -> ContentRows { values.isEmpty ? .none : ContentRows(values) }

    private mutating func layoutIndex(_ entry: PlannedEntry, missing: inout [String]) -> Int {
        if let k = layouts.firstIndex(where: { $0.id == entry.contentID }) { return k }
        let slotFixed = entry.content?.renderFixed(scope: scope, missing: &missing) ?? []
        var keys: [String] = []
        var members: [ContentLayout.Member] = []
        var row = 0
        for (source, fixed) in [(content, contentFixed), (entry.content, slotFixed), (family, familyFixed)] {
            guard let source else { continue }
            for i in source.fields.indices {
                let member: ContentLayout.Member?
                if let value = fixed[i] {
                    member = value.isNull ? nil : .fixed(value)
                } else {
                    member = .row(row)
                    row += 1
                }
                Self.merge(source.fields[i].key, member, keys: &keys, values: &members)
            }
        }
        layouts.append((entry.contentID, slotFixed, ContentLayout(keys: keys, members: members)))
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
                Self.merge(source.fields[i].key, value.isNull ? nil : value, keys: &keys, values: &members)
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
