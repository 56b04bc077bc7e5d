import WidgetSupport
import WidgetTime
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
    /// Whether the family has a face, whether it reads the entry itself, and the content fields
    /// it reads (`FaceReads`), kept apart so no array is copied per entry.
    private let hasFace: Bool
    private let readsEntry: Bool
    private let fields: [String]
    /// Trees encoded for this run, by what they were made from.
    private let cache: FaceCache
    /// Per layout of `sourcesTable`, where each read field's value is (`fields.count` a layout).
    @exclusivity(unchecked) private var sources: [FieldSource] = []
    /// Per layout index and field, where the field was among the last such layout's keys (-1: not there).
    @exclusivity(unchecked) private var positions: [Int] = []
    /// Misses in a row, and how many entries are still to be encoded without the cache. A face
    /// whose every entry shows another value (the character's health) finds nothing in it: after
    /// `missesBeforeUncached` misses in a row its next `uncachedEntries` trees skip the key, the
    /// lookup, the insert and the second copy, then the cache is tried again. The character over
    /// 90 days (2,161 trees, each a miss): `write` 159.9 M -> 149.4 M instructions (callgrind).
    private var misses = 0
    private var uncached = 0
    static let missesBeforeUncached = 64
    static let uncachedEntries = 2048
    /// Whether a tree was made since the last reload ended (only then can something have failed).
    private var madeTrees = false
    private var sourcesTable: EntryTable?
    /// The records that record-member keys point into, held so that no other array takes their address.
    private var records: [JSONValue] = []
    /// Values of the face that did not render, noted while trees are made; warned per reload.
    private let failures = ViewFailures()
    /// The warnings so far (`view-value`, `template-format`), each at the reload that first met it.
    private var warnings: [RunWarning] = []
    /// Where a path of the definition is written (`file:line:column`), when known.
    private let locate: ([String]) -> String?
    /// `run --view` in text: trees are made (for the warnings) and not written.
    private let scratch = OutputBuffer(capacity: 4096)

    private struct FieldSource {
        enum Kind { case absent, fixed, row }
        let kind: Kind
        /// `.row`: the position in the entry's row.
        let row: Int
        /// `.fixed`: the value of every entry of the layout.
        let value: JSONValue?
    }

    /// - Parameter locate: where a path of the widget's definition is written, `file:line:column`.
    package init(widget: CompiledWidget, family: WidgetFamily, parameters: JSONObject, locate: @escaping ([String]) -> String? = { _ in nil }) {
        self.widget = widget
        self.locate = locate
        self.family = family
        self.parameters = widget.parametersWithDefaults(parameters)
        let reads = widget.view?.reads(for: family)
        hasFace = reads != nil
        readsEntry = reads?.entry ?? false
        fields = reads?.fields ?? []
        cache = FaceCache(width: fields.count)
    }

    /// Entry `i`'s tree; nil when the family has no view.
    func tree(_ table: EntryTable, _ i: Int) -> RenderTree? {
        guard let view = widget.view else { return nil }
        madeTrees = true
        return view.tree(
            content: table.content(at: i), date: table.dates[i], index: i, family: family, parameters: parameters,
            zone: widget.zone, locale: widget.locale, failures: failures)
    }

    /// Makes every entry's tree of a reload without writing it (`run --view` in text: the warnings only).
    func check(_ table: EntryTable) {
        for i in 0..<table.count {
            write(table, i, into: scratch, spaced: false)
            scratch.removeAll()
        }
    }

    /// Turns what did not render during the reload at `at` into its warnings.
    func endReload(at: Instant) {
        // Most reloads of a long run copy trees made before: nothing to take (two locks saved per reload).
        guard madeTrees else { return }
        madeTrees = false
        warnings += Self.warnings(failures, at: at, locate: locate)
    }

    /// The run's warnings with the face's, in time order, each once.
    func merged(into summary: [RunWarning]) -> [RunWarning] {
        defer { warnings = [] }
        return Self.merged(summary, warnings)
    }

    /// What did not render since the last call (a reload), as warnings at `at`: `view-value`
    /// naming the element, its id, where the value is written and the value; `template-format`
    /// for a face's formatted tag.
    package static func warnings(_ failures: ViewFailures, at: Instant, locate: ([String]) -> String?) -> [RunWarning] {
        var out: [RunWarning] = []
        for f in failures.take() {
            let place = locate(f.path).map { " (\($0))" } ?? ""
            out.append(RunWarning(code: "view-value", message: "\(f.element) \(f.id)\(place): \(f.value) is not \(f.wanted); \(f.outcome)", at: at))
        }
        for f in failures.formats.take() {
            out.append(RunWarning(code: "template-format", message: "view: \(f.message)", at: at))
        }
        return out
    }

    /// A run's warnings and the face's, in time order, each code and message once (at its first moment).
    package static func merged(_ run: [RunWarning], _ faces: [RunWarning]) -> [RunWarning] {
        guard !faces.isEmpty else { return run }
        var all = run
        for w in faces where !all.contains(where: { $0.code == w.code && $0.message == w.message }) { all.append(w) }
        return all.inTimeOrder()
    }

    /// The columns of a table an entry's key is read from, borrowed for one reload.
    struct Columns {
        let table: EntryTable
        let placements: UnsafeBufferPointer<EntryTable.Placement>
        let cells: UnsafeBufferPointer<EntryTable.Cell>
        let values: UnsafeBufferPointer<JSONValue>
    }

    /// Writes `, "view": TREE` for entry `i` (nothing when the family has no view).
    func write(_ columns: Columns, _ i: Int, into out: OutputBuffer, spaced: Bool) {
        guard hasFace else { return }
        out.separator(spaced); out.ascii("\"view\""); out.colon(spaced)
        guard !readsEntry else {
            if let tree = tree(columns.table, i) { out.renderTree(tree, spaced: spaced) } else { out.ascii("null") }
            return
        }
        if spaced != cache.spaced { cache.startOver(spaced: spaced) }
        if uncached > 0 {
            uncached -= 1
            if let tree = tree(columns.table, i) { out.renderTree(tree, spaced: spaced) } else { out.ascii("null") }
            return
        }
        fillProbe(columns, i)
        if let bytes = cache.find() {
            misses = 0
            out.raw(bytes)
            return
        }
        misses += 1
        if misses >= Self.missesBeforeUncached {
            misses = 0
            uncached = Self.uncachedEntries
        }
        let store = cache.beginInsert()
        if let tree = tree(columns.table, i) { store.renderTree(tree, spaced: spaced) } else { store.ascii("null") }
        out.raw(cache.endInsert())
    }

    /// The same, with the table's columns borrowed here.
    func write(_ table: EntryTable, _ i: Int, into out: OutputBuffer, spaced: Bool) {
        table.placements.withUnsafeBufferPointer { placements in
            table.cells.withUnsafeBufferPointer { cells in
                table.values.withUnsafeBufferPointer { values in
                    write(Columns(table: table, placements: placements, cells: cells, values: values), i, into: out, spaced: spaced)
                }
            }
        }
    }

    /// Sets the cache's probe to what entry `i` shows of the face's fields: a member of a record
    /// by its place (no value copied: most rows refer into a data file's records), a number,
    /// boolean or null by its tag and word, anything else by value. Where each field is in each
    /// layout is worked out once per table (`sources`), with the fixed values' words.
    /// Unsafe columns and flat sources, the words for scalars (`FaceCache.Tag`) and no `FaceReads`
    /// copied per entry: on a year of one tutorials copy with --view (perf, release), fillProbe
    /// went from 8.0% to 4.4% of the run and `find` from 5.0% to 2.3% (RunFaces.write from 17.8%
    /// to 9.4%); bench/view_bench.py --copies 30: 21.51 s -> 21.23 s with --view.
    private func fillProbe(_ columns: Columns, _ i: Int) {
        let placement = columns.placements[i]
        let width = cache.width
        guard placement.layout >= 0 else {
            let object = columns.table.objects[i]
            for (k, name) in fields.enumerated() { cache.setProbe(k, value: object?[name]) }
            return
        }
        if sourcesTable !== columns.table { useSources(of: columns.table) }
        sources.withUnsafeBufferPointer { sources in
            let base = placement.layout * width
            for k in 0..<width {
                let source = sources.baseAddress! + base + k
                switch source.pointee.kind {
                case .absent: cache.setProbe(k, value: nil)
                case .fixed: cache.setProbe(k, value: source.pointee.value)
                case .row:
                    let cell = columns.cells[placement.row + source.pointee.row]
                    if cell.record >= 0 {
                        cache.setProbe(k, member: Int64(cell.record) << 32 | Int64(cell.index))
                    } else if cell.record == EntryTable.Cell.timestamp {
                        cache.setProbe(k, value: columns.table.value(cell))
                    } else {
                        cache.setProbe(k, value: columns.values[Int(cell.index)])
                    }
                }
            }
        }
    }

    /// Where each read field is in each of the table's layouts, `width` a layout. A reload's
    /// layouts have the keys of the last reload's, mostly: each field's last position is tried
    /// first (one comparison of strings that share their storage) before the keys are searched.
    /// With `endReload` skipping its locks when no tree was made: bench/view_bench.py --copies 30,
    /// 21.23 s -> 20.14 s with --view (1.38x -> 1.33x; the two were measured together).
    private func useSources(of table: EntryTable) {
        sourcesTable = table
        sources.removeAll(keepingCapacity: true)
        for (l, layout) in table.layouts.enumerated() {
            for (k, name) in fields.enumerated() {
                let slot = l * fields.count + k
                if slot >= positions.count { positions.append(-1) }
                var p = positions[slot]
                if p < 0 || p >= layout.keys.count || layout.keys[p] != name {
                    p = layout.keys.firstIndex(of: name) ?? -1
                    positions[slot] = p
                }
                guard p >= 0 else {
                    sources.append(FieldSource(kind: .absent, row: 0, value: nil))
                    continue
                }
                switch layout.members[p] {
                case .fixed(let value): sources.append(FieldSource(kind: .fixed, row: 0, value: value))
                case .row(let k): sources.append(FieldSource(kind: .row, row: k, value: nil))
                }
            }
        }
        if !Self.sameStorage(records, table.records) {
            // Member places name other values now: the trees encoded from them no longer apply.
            cache.startOver(spaced: cache.spaced)
            records = table.records
        }
    }

    private static func sameStorage(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
    }
}

/// Encoded trees by what they were made from: per read field, a tag and a 64-bit word, and a
/// value only for what no word holds. A record member is its place (`record << 32 | index`, in
/// the records of the run's tables); an integer, a double (its bits), a boolean, null and an
/// absent field are their tag and word, so most keys are filled and compared without touching a
/// `JSONValue` (no reference counting per entry); text, lists and objects keep their value. An
/// open-addressing table over flat arrays: no key is allocated or hashed by `Hasher` per entry.
/// Hashing reads only what is cheap (a string's length and first and last bytes, a list's count);
/// equality compares values whole (`same`), and values copied from one record share their
/// storage, so that is quick too.
final class FaceCache {
    /// What a key's word is.
    enum Tag: UInt8 {
        case member, absent, null, bool, int, double, value
    }

    /// Fields per key.
    let width: Int
    private(set) var spaced = true
    /// The trees' bytes, one after another.
    private let store = OutputBuffer(capacity: 16 << 10)
    /// Per slot, an entry number or -1; a power of two long, at most half full.
    @exclusivity(unchecked) private var slots: [Int32]
    /// Per entry: its hash, where its bytes are, and its key (`width` tags, words and values each).
    @exclusivity(unchecked) private var hashes: [UInt64] = []
    @exclusivity(unchecked) private var ranges: [Range<Int>] = []
    @exclusivity(unchecked) private var tags: [UInt8] = []
    @exclusivity(unchecked) private var words: [Int64] = []
    @exclusivity(unchecked) private var values: [JSONValue?] = []
    /// The key looked up. Its values are read only where its tag is `.value` (a stale one is
    /// left in place: releasing it per entry would cost what the tags save).
    private let probeTags: UnsafeMutablePointer<UInt8>
    private let probeWords: UnsafeMutablePointer<Int64>
    @exclusivity(unchecked) private var probeValues: [JSONValue?]
    private var insertStart = 0

    /// The most trees kept, and the most bytes: past either, the cache starts over.
    static let maxTrees = 1024
    static let maxBytes = 8 << 20

    init(width: Int) {
        self.width = width
        slots = Array(repeating: -1, count: 2 * Self.maxTrees)
        probeTags = .allocate(capacity: max(width, 1))
        probeTags.initialize(repeating: Tag.absent.rawValue, count: max(width, 1))
        probeWords = .allocate(capacity: max(width, 1))
        probeWords.initialize(repeating: 0, count: max(width, 1))
        probeValues = Array(repeating: nil, count: width)
    }

    deinit {
        probeTags.deallocate()
        probeWords.deallocate()
    }

    @inline(__always) func setProbe(_ k: Int, member: Int64) {
        probeTags[k] = Tag.member.rawValue
        probeWords[k] = member
    }

    /// Field `k` of the probe: `value`, or absent (nil).
    @inline(__always) func setProbe(_ k: Int, value: JSONValue?) {
        let (tag, word) = Self.word(of: value)
        probeTags[k] = tag.rawValue
        probeWords[k] = word
        if tag == .value { probeValues[k] = value }
    }

    /// The tag and word a value is keyed by (`.value`: the value itself is compared).
    @inline(__always) static func word(of value: JSONValue?) -> (Tag, Int64) {
        switch value {
        case nil: (.absent, 0)
        case .null?: (.null, 0)
        case .bool(let b)?: (.bool, b ? 1 : 0)
        case .int(let n)?: (.int, Int64(n))
        case .double(let d)?: (.double, Int64(bitPattern: d.bitPattern))
        case .string(let s)?:
            // Not a key by itself: a cheap digest for the hash.
            (.value, Int64(s.utf8.count) << 16 | Int64(s.utf8.first ?? 0) << 8 | Int64(s.utf8.last ?? 0))
        case .array(let a)?: (.value, Int64(a.count) | 1 << 40)
        case .object(let o)?: (.value, Int64(o.count) | 1 << 41)
        }
    }

    /// The probe's tree, when encoded before.
    func find() -> UnsafeBufferPointer<UInt8>? {
        let hash = probeHash()
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s] >= 0 {
            let e = Int(slots[s])
            if hashes[e] == hash, probeEquals(e) { return UnsafeBufferPointer(rebasing: store.contents[ranges[e]]) }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Where to encode the probe's tree; then `endInsert()`.
    func beginInsert() -> OutputBuffer {
        if hashes.count >= Self.maxTrees || store.count >= Self.maxBytes { startOver(spaced: spaced) }
        insertStart = store.count
        return store
    }

    /// Keeps the tree just encoded under the probe; its bytes.
    func endInsert() -> UnsafeBufferPointer<UInt8> {
        let hash = probeHash()
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = Int32(hashes.count)
        hashes.append(hash)
        ranges.append(insertStart..<store.count)
        for k in 0..<width {
            tags.append(probeTags[k])
            words.append(probeWords[k])
            values.append(probeTags[k] == Tag.value.rawValue ? probeValues[k] : nil)
        }
        return UnsafeBufferPointer(rebasing: store.contents[insertStart..<store.count])
    }

    func startOver(spaced: Bool) {
        for s in slots.indices { slots[s] = -1 }
        hashes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        store.removeAll()
        self.spaced = spaced
    }

    private func probeEquals(_ e: Int) -> Bool {
        let base = e * width
        for k in 0..<width {
            guard tags[base + k] == probeTags[k], words[base + k] == probeWords[k] else { return false }
            if probeTags[k] == Tag.value.rawValue, !sameOptionalJSON(values[base + k], probeValues[k]) { return false }
        }
        return true
    }

    /// FNV-1a over the tags and words, then a final mix so the low bits (the slot) depend on all of them.
    private func probeHash() -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<width {
            h = (h ^ UInt64(probeTags[k])) &* 0x0000_0100_0000_01b3
            h = (h ^ UInt64(bitPattern: probeWords[k])) &* 0x0000_0100_0000_01b3
        }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return h
    }
}
