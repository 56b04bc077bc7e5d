import WidgetSupport
import WidgetcRuntimeCore

/// What `run --view` adds to each entry: its render tree (docs/render-tree.md), for the run's
/// family and parameters, computed by the runtime as the extension computes it.
///
/// A tree depends only on what its templates read (`FaceReads`): the content fields they name
/// and, for some faces, the entry itself. For a face that does not read the entry, each
/// distinct combination of those fields' values is rendered and encoded once and its bytes
/// copied for every entry that has it: a carousel of 20 tips over a year renders 20 trees,
/// and an entry's other fields (`asOf: "Updated {{entry.time}}"` that the face does not
/// show) do not matter. Faces that read the entry are rendered per entry, written straight
/// into the output.
package final class RunFaces {
    let widget: CompiledWidget
    let family: WidgetFamily
    let parameters: JSONObject
    private let reads: FaceReads?
    /// Encoded trees by the values they were made from, their bytes in `store`.
    private var encoded: [FaceKey: Range<Int>] = [:]
    private let store = OutputBuffer(capacity: 16 << 10)
    private var storeSpaced = true
    /// The key of the entry being written, filled in place, and the previous entry's key and tree:
    /// the two swap their arrays, so no key is allocated per entry.
    @exclusivity(unchecked) private var key = FaceKey()
    @exclusivity(unchecked) private var lastKey = FaceKey()
    private var lastBytes: Range<Int>?
    /// Per layout of `positionsTable`, each read field's position among its keys (-1: absent).
    @exclusivity(unchecked) private var positions: [[Int]] = []
    private var positionsTable: EntryTable?
    /// The records that `FaceKey.members` point into, held so that no other array takes their address.
    private var records: [JSONValue] = []

    /// The most trees kept, and the most bytes: past either, the cache starts over.
    private static let maxTrees = 1024
    private static let maxBytes = 8 << 20

    package init(widget: CompiledWidget, family: WidgetFamily, parameters: JSONObject) {
        self.widget = widget
        self.family = family
        self.parameters = widget.parametersWithDefaults(parameters)
        reads = widget.view?.reads(for: family)
    }

    /// Entry `i`'s tree; nil when the family has no view.
    func tree(_ table: EntryTable, _ i: Int) -> RenderTree? {
        guard let view = widget.view else { return nil }
        return view.tree(
            content: table.content(at: i), date: table.dates[i], index: i, family: family, parameters: parameters,
            zone: widget.zone, locale: widget.locale)
    }

    /// Writes `, "view": TREE` for entry `i` (nothing when the family has no view).
    func write(_ table: EntryTable, _ i: Int, into out: OutputBuffer, spaced: Bool) {
        guard let reads else { return }
        out.separator(spaced); out.ascii("\"view\""); out.colon(spaced)
        guard !reads.entry else {
            if let tree = tree(table, i) { out.renderTree(tree, spaced: spaced) } else { out.ascii("null") }
            return
        }
        if spaced != storeSpaced { startOver(spaced) }
        fillKey(table, i, reads.fields)
        // Entries in a row often show the same values (an hourly widget whose data did not change).
        if let lastBytes, lastKey == key {
            out.raw(UnsafeBufferPointer(rebasing: store.contents[lastBytes]))
            return
        }
        let range: Range<Int>
        if let known = encoded[key] {
            range = known
        } else {
            if encoded.count >= Self.maxTrees || store.count >= Self.maxBytes { startOver(spaced) }
            let start = store.count
            if let tree = tree(table, i) { store.renderTree(tree, spaced: spaced) } else { store.ascii("null") }
            range = start..<store.count
            encoded[key] = range
        }
        swap(&key, &lastKey)
        lastBytes = range
        out.raw(UnsafeBufferPointer(rebasing: store.contents[range]))
    }

    private func startOver(_ spaced: Bool) {
        encoded.removeAll(keepingCapacity: true)
        lastBytes = nil
        store.removeAll()
        storeSpaced = spaced
    }

    /// Fills `key` with what entry `i` shows of `fields`: a member of a record by its place (no
    /// value copied: most rows refer into a data file's records), anything else by its value.
    private func fillKey(_ table: EntryTable, _ i: Int, _ fields: [String]) {
        key.members.removeAll(keepingCapacity: true)
        key.values.removeAll(keepingCapacity: true)
        let placement = table.placements[i]
        guard placement.layout >= 0 else {
            let object = table.objects[i]
            for name in fields {
                key.members.append(-1)
                key.values.append(object?[name])
            }
            return
        }
        if positionsTable !== table {
            positionsTable = table
            positions = table.layouts.map { layout in fields.map { layout.keys.firstIndex(of: $0) ?? -1 } }
            if !Self.sameStorage(records, table.records) {
                // Member places name other values now: the trees encoded from them no longer apply.
                startOver(storeSpaced)
                records = table.records
            }
        }
        let layout = table.layouts[placement.layout]
        for p in positions[placement.layout] {
            guard p >= 0 else {
                key.members.append(-1)
                key.values.append(nil)
                continue
            }
            switch layout.members[p] {
            case .fixed(let value):
                key.members.append(-1)
                key.values.append(value)
            case .row(let k):
                let cell = table.cells[placement.row + k]
                if cell.record >= 0 {
                    key.members.append(Int64(cell.record) << 32 | Int64(cell.index))
                    key.values.append(nil)
                } else {
                    key.members.append(-1)
                    key.values.append(table.values[Int(cell.index)])
                }
            }
        }
    }

    private static func sameStorage(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
    }
}

/// What a tree was made from, as a dictionary key: per read field, a record member's place
/// (`record << 32 | index`, values of the same records) or, where that is -1, the value (nil:
/// absent). Hashing reads only what is cheap (a string's length and first bytes, a list's
/// count); equality compares values whole, and values copied from one record share their
/// storage, so that is quick too.
private struct FaceKey: Hashable {
    var members: [Int64] = []
    var values: [JSONValue?] = []

    func hash(into hasher: inout Hasher) {
        for m in members { hasher.combine(m) }
        for v in values {
            switch v {
            case nil: hasher.combine(0 as UInt8)
            case .null?: hasher.combine(1 as UInt8)
            case .bool(let b)?: hasher.combine(b)
            case .int(let n)?: hasher.combine(n)
            case .double(let d)?: hasher.combine(d)
            case .string(let s)?:
                hasher.combine(s.utf8.count)
                hasher.combine(s.utf8.first ?? 0)
                hasher.combine(s.utf8.last ?? 0)
            case .array(let a)?: hasher.combine(a.count)
            case .object(let o)?: hasher.combine(o.count)
            }
        }
    }
}
