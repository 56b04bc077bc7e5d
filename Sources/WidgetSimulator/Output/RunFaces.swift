import WidgetSupport
import WidgetcRuntimeCore

/// What `run --view` adds to each entry: its render tree (docs/render-tree.md), for the run's
/// family and parameters, computed by the runtime as the extension computes it.
///
/// A face that names no `entry.*` depends on the entry's content alone, and entries of one
/// timeline laid out alike with the same row (an hourly widget whose data did not change) have
/// the same content: their tree is rendered and encoded once and its bytes copied.
package final class RunFaces {
    let widget: CompiledWidget
    let family: WidgetFamily
    let parameters: JSONObject
    /// The last tree's JSON bytes and what it was made from.
    private let encoded = OutputBuffer(capacity: 4096)
    private var encodedFor: (table: ObjectIdentifier, layout: Int, row: [EntryTable.Cell], spaced: Bool)?

    package init(widget: CompiledWidget, family: WidgetFamily, parameters: JSONObject) {
        self.widget = widget
        self.family = family
        self.parameters = widget.parametersWithDefaults(parameters)
    }

    /// Entry `i`'s tree as JSON; nil when the family has no view.
    func tree(_ table: EntryTable, _ i: Int) -> JSONValue? {
        guard let view = widget.view else { return nil }
        let tree = view.tree(
            content: table.content(at: i), date: table.dates[i], index: i, family: family, parameters: parameters,
            zone: widget.zone, locale: widget.locale)
        return tree?.json
    }

    /// Writes `, "view": TREE` for entry `i` (nothing when the family has no view).
    func write(_ table: EntryTable, _ i: Int, into out: OutputBuffer, spaced: Bool) {
        guard let view = widget.view, view.hasView(for: family) else { return }
        out.separator(spaced); out.ascii("\"view\""); out.colon(spaced)
        let key = view.namesEntry ? nil : Self.key(table, i, spaced)
        if let key, let last = encodedFor, last.table == key.table, last.layout == key.layout, last.spaced == spaced,
            Self.same(last.row, key.row)
        {
            out.raw(encoded.contents)
            return
        }
        encoded.removeAll()
        if let tree = tree(table, i) { encoded.json(tree, spaced: spaced) } else { encoded.ascii("null") }
        encodedFor = key
        out.raw(encoded.contents)
    }

    /// What entry `i`'s content is made of: its table, layout and row (nil: an entry with its own object).
    private static func key(_ table: EntryTable, _ i: Int, _ spaced: Bool) -> (table: ObjectIdentifier, layout: Int, row: [EntryTable.Cell], spaced: Bool)? {
        let placement = table.placements[i]
        guard placement.layout >= 0 else { return nil }
        let width = table.layouts[placement.layout].members.reduce(0) { n, m in if case .row = m { n + 1 } else { n } }
        return (ObjectIdentifier(table), placement.layout, Array(table.cells[placement.row..<placement.row + width]), spaced)
    }

    private static func same(_ a: [EntryTable.Cell], _ b: [EntryTable.Cell]) -> Bool {
        guard a.count == b.count else { return false }
        for k in a.indices where a[k].record != b[k].record || a[k].index != b[k].index { return false }
        return true
    }
}
