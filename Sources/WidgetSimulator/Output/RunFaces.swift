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
    private let reads: FaceReads?
    /// Trees encoded for this run, by what they were made from.
    private let cache: FaceCache
    /// Per layout of `sourcesTable`, where each read field's value is.
    @exclusivity(unchecked) private var sources: [[FieldSource]] = []
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

    private enum FieldSource {
        case absent
        case fixed(JSONValue)
        /// Position in the entry's row.
        case row(Int)
    }

    /// - Parameter locate: where a path of the widget's definition is written, `file:line:column`.
    package init(widget: CompiledWidget, family: WidgetFamily, parameters: JSONObject, locate: @escaping ([String]) -> String? = { _ in nil }) {
        self.widget = widget
        self.locate = locate
        self.family = family
        self.parameters = widget.parametersWithDefaults(parameters)
        reads = widget.view?.reads(for: family)
        cache = FaceCache(width: reads?.fields.count ?? 0)
    }

    /// Entry `i`'s tree; nil when the family has no view.
    func tree(_ table: EntryTable, _ i: Int) -> RenderTree? {
        guard let view = widget.view else { return nil }
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
        // Stable: the run's own order among warnings of one moment; those without a moment last.
        return all.enumerated().sorted { a, b in
            switch (a.element.at, b.element.at) {
            case let (x?, y?) where x != y: x < y
            case (nil, _?): false
            case (_?, nil): true
            default: a.offset < b.offset
            }
        }.map(\.element)
    }

    /// Writes `, "view": TREE` for entry `i` (nothing when the family has no view).
    func write(_ table: EntryTable, _ i: Int, into out: OutputBuffer, spaced: Bool) {
        guard let reads else { return }
        out.separator(spaced); out.ascii("\"view\""); out.colon(spaced)
        guard !reads.entry else {
            if let tree = tree(table, i) { out.renderTree(tree, spaced: spaced) } else { out.ascii("null") }
            return
        }
        if spaced != cache.spaced { cache.startOver(spaced: spaced) }
        fillProbe(table, i, reads.fields)
        if let bytes = cache.find() {
            out.raw(bytes)
            return
        }
        let store = cache.beginInsert()
        if let tree = tree(table, i) { store.renderTree(tree, spaced: spaced) } else { store.ascii("null") }
        out.raw(cache.endInsert())
    }

    /// Sets the cache's probe to what entry `i` shows of `fields`: a member of a record by its
    /// place (no value copied: most rows refer into a data file's records), anything else by value.
    private func fillProbe(_ table: EntryTable, _ i: Int, _ fields: [String]) {
        let placement = table.placements[i]
        guard placement.layout >= 0 else {
            let object = table.objects[i]
            for (k, name) in fields.enumerated() { cache.setProbe(k, value: object?[name]) }
            return
        }
        if sourcesTable !== table {
            sourcesTable = table
            sources = table.layouts.map { layout in
                fields.map { name in
                    guard let p = layout.keys.firstIndex(of: name) else { return .absent }
                    switch layout.members[p] {
                    case .fixed(let value): return .fixed(value)
                    case .row(let k): return .row(k)
                    }
                }
            }
            if !Self.sameStorage(records, table.records) {
                // Member places name other values now: the trees encoded from them no longer apply.
                cache.startOver(spaced: cache.spaced)
                records = table.records
            }
        }
        sources.withUnsafeBufferPointer { sources in
            sources[placement.layout].withUnsafeBufferPointer { fieldSources in
                table.cells.withUnsafeBufferPointer { cells in
                    for k in 0..<fieldSources.count {
                        switch fieldSources[k] {
                        case .absent: cache.setProbe(k, value: nil)
                        case .fixed(let value): cache.setProbe(k, value: value)
                        case .row(let r):
                            let cell = cells[placement.row + r]
                            if cell.record >= 0 {
                                cache.setProbe(k, member: Int64(cell.record) << 32 | Int64(cell.index))
                            } else {
                                cache.setProbe(k, value: table.values[Int(cell.index)])
                            }
                        }
                    }
                }
            }
        }
    }

    private static func sameStorage(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
    }
}

/// Encoded trees by what they were made from: per read field, a record member's place
/// (`record << 32 | index`, in the records of the run's tables) or a value. An open-addressing
/// table over flat arrays: no key is allocated or hashed by `Hasher` per entry. Hashing reads
/// only what is cheap (a string's length and first and last bytes, a list's count); equality
/// compares values whole (`same`), and values copied from one record share their storage, so
/// that is quick too.
final class FaceCache {
    /// Fields per key.
    let width: Int
    private(set) var spaced = true
    /// The trees' bytes, one after another.
    private let store = OutputBuffer(capacity: 16 << 10)
    /// Per slot, an entry number or -1; a power of two long, at most half full.
    @exclusivity(unchecked) private var slots: [Int32]
    /// Per entry: its hash, where its bytes are, and its key (`width` members and values each).
    @exclusivity(unchecked) private var hashes: [UInt64] = []
    @exclusivity(unchecked) private var ranges: [Range<Int>] = []
    @exclusivity(unchecked) private var members: [Int64] = []
    @exclusivity(unchecked) private var values: [JSONValue?] = []
    /// The key looked up: a member place, or -1 and the value.
    @exclusivity(unchecked) private var probeMembers: [Int64]
    @exclusivity(unchecked) private var probeValues: [JSONValue?]
    private var insertStart = 0

    /// The most trees kept, and the most bytes: past either, the cache starts over.
    static let maxTrees = 1024
    static let maxBytes = 8 << 20

    init(width: Int) {
        self.width = width
        slots = Array(repeating: -1, count: 2 * Self.maxTrees)
        probeMembers = Array(repeating: -1, count: width)
        probeValues = Array(repeating: nil, count: width)
    }

    func setProbe(_ k: Int, member: Int64) {
        probeMembers[k] = member
        probeValues[k] = nil
    }

    func setProbe(_ k: Int, value: JSONValue?) {
        probeMembers[k] = -1
        probeValues[k] = value
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
        members.append(contentsOf: probeMembers)
        values.append(contentsOf: probeValues)
        return UnsafeBufferPointer(rebasing: store.contents[insertStart..<store.count])
    }

    func startOver(spaced: Bool) {
        for s in slots.indices { slots[s] = -1 }
        hashes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        store.removeAll()
        self.spaced = spaced
    }

    private func probeEquals(_ e: Int) -> Bool {
        let base = e * width
        for k in 0..<width {
            guard members[base + k] == probeMembers[k] else { return false }
            if probeMembers[k] < 0, !Self.same(values[base + k], probeValues[k]) { return false }
        }
        return true
    }

    /// Whether two values render alike: the same case and spelling, where `==` says `4 == 4.0`
    /// and ignores the order of an object's members.
    static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.null?, .null?): return true
        case (.bool(let x)?, .bool(let y)?): return x == y
        case (.int(let x)?, .int(let y)?): return x == y
        case (.double(let x)?, .double(let y)?): return x.bitPattern == y.bitPattern
        case (.string(let x)?, .string(let y)?): return x == y
        case (.array(let x)?, .array(let y)?):
            guard x.count == y.count else { return false }
            for k in x.indices where !same(x[k], y[k]) { return false }
            return true
        case (.object(let x)?, .object(let y)?):
            guard x.keys == y.keys else { return false }
            for k in x.values.indices where !same(x.values[k], y.values[k]) { return false }
            return true
        default: return false
        }
    }

    /// FNV-1a over 64-bit words, then a final mix so the low bits (the slot) depend on all of them.
    private func probeHash() -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ x: UInt64) { h = (h ^ x) &* 0x0000_0100_0000_01b3 }
        for k in 0..<width {
            let m = probeMembers[k]
            if m >= 0 { add(UInt64(bitPattern: m)); continue }
            switch probeValues[k] {
            case nil: add(1)
            case .null?: add(2)
            case .bool(let b)?: add(b ? 3 : 4)
            case .int(let n)?: add(UInt64(bitPattern: Int64(n)))
            case .double(let d)?: add(d.bitPattern)
            case .string(let s)?:
                let utf8 = s.utf8
                add(UInt64(utf8.count) << 16 | UInt64(utf8.first ?? 0) << 8 | UInt64(utf8.last ?? 0))
            case .array(let a)?: add(UInt64(a.count) | 1 << 40)
            case .object(let o)?: add(UInt64(o.count) | 1 << 41)
            }
        }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return h
    }
}
