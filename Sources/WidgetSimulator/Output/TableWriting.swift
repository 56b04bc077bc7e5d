import WidgetDiagnostics
import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// How a layout's members are written.
enum LayoutFlavor {
    /// `{"k":v,"k2":v2}`
    case compact
    /// `{"k": v, "k2": v2}`
    case spaced
    /// ` k=v k2=v2` (the text format's fields, values as compact JSON)
    case text
}

/// One reload's table ready to write: each layout encoded once (keys,
/// punctuation and fixed values as bytes, with the row values to write
/// between them), and the URL written once when all entries share it.
/// Reused from reload to reload, and so are the encodings of the layouts a
/// widget's next reload takes again (`encodings`).
final class TableWriting {
    fileprivate struct Piece {
        /// Copy the layout's bytes up to here, then write row value `row` (none when -1).
        let end: Int
        let row: Int
    }

    fileprivate struct Encoded {
        let bytesStart: Int
        let pieces: Range<Int>
    }

    let flavor: LayoutFlavor
    private let bytes = OutputBuffer(capacity: 1024)
    private var pieces: [Piece] = []
    private var layouts: [Encoded] = []
    /// What follows the content of every entry when all share one URL.
    private let urlBytes = OutputBuffer(capacity: 256)
    /// For `.numbered` URLs: what follows the number (`urlBytes` then holds what precedes it).
    private let urlTail = OutputBuffer(capacity: 64)
    private var hasSameURL = false
    /// Record members (`EntryTable.Cell`) as JSON, each escaped and encoded once and then copied,
    /// kept from reload to reload while the tables refer into the same records (a sequence's
    /// data file, unchanged). With the cells: -13% instructions on bench/run's examples x2,
    /// 30 days (callgrind, 637.2 M -> 552.6 M; the string escaping of those values is gone).
    private let memberBytes = OutputBuffer(capacity: 4096)
    /// The records encoded from: held, so no other array can take their storage's address.
    private var memberRecords: [JSONValue] = []
    /// Per record, its first slot (one slot per member).
    private var memberFirst: [Int] = []
    /// Per slot, where its bytes start and end in `memberBytes` (two numbers); -1 while not encoded.
    private var memberSpans: [Int] = []

    /// Each layout's encoding (in `bytes` and `pieces`) by the layout, kept from reload to reload:
    /// a widget's reloads lay out their content with the same objects while the fixed values are
    /// the same (`LayoutMemo`). Held, so no other layout takes the address of one whose encoding
    /// is kept; all dropped once `bytes` passes `keptBytes`. (TableWriting.encode was 1,157 M
    /// instructions of bench/let_bench.py's corpus with five lets over 365 days, 582 M without;
    /// callgrind.)
    private var encodings: [ObjectIdentifier: (layout: ContentLayout, encoded: Encoded)] = [:]
    private static let keptBytes = 1 << 20

    init(flavor: LayoutFlavor) { self.flavor = flavor }

    /// The table's columns and this reload's encodings, borrowed for writing its entries.
    struct View {
        let table: EntryTable
        let count: Int
        let dates: UnsafeBufferPointer<Instant>
        let placements: UnsafeBufferPointer<EntryTable.Placement>
        let cells: UnsafeBufferPointer<EntryTable.Cell>
        let values: UnsafeBufferPointer<JSONValue>
        let timestamps: UnsafeBufferPointer<Int64>
        fileprivate let layouts: UnsafeBufferPointer<Encoded>
        fileprivate let pieces: UnsafeBufferPointer<Piece>
        fileprivate let bytes: UnsafePointer<UInt8>
        fileprivate let url: UnsafeBufferPointer<UInt8>?
        fileprivate let numberedURL: (head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>, numbers: [Int])?
        // The member cache borrowed for the reload: through the class's arrays, each
        // access was a dynamic exclusivity check (38 M instructions, callgrind).
        fileprivate let memberFirst: UnsafeBufferPointer<Int>
        fileprivate let memberSpans: UnsafeMutableBufferPointer<Int>
    }

    /// Encodes the table's layouts (and shared URL) once, then lends `body` a view to write entries with.
    func withView(_ table: EntryTable, _ body: (View) -> Void) {
        if bytes.count > Self.keptBytes {
            bytes.removeAll()
            pieces.removeAll(keepingCapacity: true)
            encodings.removeAll(keepingCapacity: true)
        }
        layouts.removeAll(keepingCapacity: true)
        for layout in table.layouts {
            let id = ObjectIdentifier(layout)
            if let kept = encodings[id] {
                layouts.append(kept.encoded)
            } else {
                let encoded = encode(layout)
                encodings[id] = (layout, encoded)
                layouts.append(encoded)
            }
        }
        urlBytes.removeAll()
        urlTail.removeAll()
        var sameURL: UnsafeBufferPointer<UInt8>?
        var numberedURL: (head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>, numbers: [Int])?
        switch table.urls {
        case .same(let url):
            Self.urlSuffix(url, flavor: flavor, into: urlBytes)
            sameURL = UnsafeBufferPointer(start: urlBytes.start, count: urlBytes.count)
        case .numbered(let prefix, let suffix, let numbers) where Self.urlHead(prefix, suffix, flavor: flavor, head: urlBytes, tail: urlTail):
            numberedURL = (
                UnsafeBufferPointer(start: urlBytes.start, count: urlBytes.count),
                UnsafeBufferPointer(start: urlTail.start, count: urlTail.count), numbers)
        case .none, .each, .numbered: break
        }
        if !table.records.isEmpty { useMembers(of: table.records) }
        // unsafe buffers: the columns lent to the entry writer, -0.8% instructions on the bench/run
        // examples x2, 30 days (callgrind); the member cache as pointers, -7% (594.7 M -> 552.6 M, bench/RUN.md)
        table.dates.withUnsafeBufferPointer { dates in
            table.placements.withUnsafeBufferPointer { placements in
                table.cells.withUnsafeBufferPointer { cells in
                    table.values.withUnsafeBufferPointer { values in
                        table.timestamps.withUnsafeBufferPointer { timestamps in
                            layouts.withUnsafeBufferPointer { layouts in
                                pieces.withUnsafeBufferPointer { pieces in
                                    memberFirst.withUnsafeBufferPointer { memberFirst in
                                        memberSpans.withUnsafeMutableBufferPointer { memberSpans in
                                            body(View(
                                                table: table, count: dates.count, dates: dates, placements: placements, cells: cells,
                                                values: values, timestamps: timestamps, layouts: layouts, pieces: pieces, bytes: bytes.start,
                                                url: sameURL, numberedURL: numberedURL, memberFirst: memberFirst, memberSpans: memberSpans))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Keeps the member encodings when `records` is the array encoded from (same storage), else starts over.
    private func useMembers(of records: [JSONValue]) {
        let same = records.count == memberRecords.count
            && records.withUnsafeBufferPointer { a in memberRecords.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        if same { return }
        memberRecords = records
        memberBytes.removeAll()
        memberFirst.removeAll(keepingCapacity: true)
        var slots = 0
        for record in records {
            memberFirst.append(slots)
            if case .object(let o) = record { slots += o.count }
        }
        memberSpans = Array(repeating: -1, count: 2 * slots)
    }

    /// Writes a member cell's value, encoding it the first time.
    private func member(_ view: View, _ cell: EntryTable.Cell, into out: OutputBuffer) {
        let slot = 2 * (view.memberFirst[Int(cell.record)] + Int(cell.index))
        if view.memberSpans[slot] < 0 {
            view.memberSpans[slot] = memberBytes.count
            memberBytes.json(view.table.value(cell), spaced: flavor == .spaced)
            view.memberSpans[slot + 1] = memberBytes.count
        }
        let start = view.memberSpans[slot]
        out.raw(UnsafeBufferPointer(start: memberBytes.start + start, count: view.memberSpans[slot + 1] - start))
    }

    private func encode(_ layout: ContentLayout) -> Encoded {
        let start = bytes.count
        let firstPiece = pieces.count
        let spaced = flavor == .spaced
        if flavor != .text { bytes.byte(UInt8(ascii: "{")) }
        for (i, member) in layout.members.enumerated() {
            if flavor == .text {
                bytes.byte(UInt8(ascii: " "))
                bytes.text(layout.keys[i])
                bytes.byte(UInt8(ascii: "="))
            } else {
                if i > 0 { bytes.separator(spaced) }
                bytes.string(layout.keys[i])
                bytes.colon(spaced)
            }
            switch member {
            case .fixed(let value): bytes.json(value, spaced: spaced)
            case .row(let r): pieces.append(Piece(end: bytes.count, row: r))
            }
        }
        if flavor != .text { bytes.byte(UInt8(ascii: "}")) }
        pieces.append(Piece(end: bytes.count, row: -1))
        return Encoded(bytesStart: start, pieces: firstPiece..<pieces.count)
    }

    /// `,"url":"…"` (JSON) or `  url …` (text).
    static func urlSuffix(_ url: String, flavor: LayoutFlavor, into out: OutputBuffer) {
        switch flavor {
        case .compact: out.ascii(",\"url\":"); out.string(url)
        case .spaced: out.ascii(", \"url\": "); out.string(url)
        case .text: out.ascii("  url "); out.text(url)
        }
    }

    /// The bytes before and after the number of a `.numbered` URL, as `urlSuffix` writes the whole
    /// URL (JSON escaping and the text format's escaping go character by character, and digits need
    /// none); false when the text format would escape the URL (it is then written whole per entry).
    static func urlHead(_ prefix: String, _ suffix: String, flavor: LayoutFlavor, head: OutputBuffer, tail: OutputBuffer) -> Bool {
        switch flavor {
        case .compact, .spaced:
            head.ascii(flavor == .compact ? ",\"url\":" : ", \"url\": ")
            head.byte(UInt8(ascii: "\""))
            head.stringBody(prefix)
            tail.stringBody(suffix)
            tail.byte(UInt8(ascii: "\""))
        case .text:
            if TerminalText.needsEscape(prefix.utf8) || TerminalText.needsEscape(suffix.utf8) { return false }
            head.ascii("  url ")
            head.text(prefix)
            tail.text(suffix)
        }
        return true
    }

    /// Writes entry `i`'s content: the layout's bytes with the row's values between them.
    func content(_ view: View, _ i: Int, into out: OutputBuffer) {
        let placement = view.placements[i]
        guard placement.layout >= 0 else {
            let object = view.table.objects[i] ?? JSONObject()
            if flavor == .text { out.fields(object) } else { out.object(object, spaced: flavor == .spaced) }
            return
        }
        let spaced = flavor == .spaced
        let encoded = view.layouts[placement.layout]
        var start = encoded.bytesStart
        for k in encoded.pieces {
            let piece = view.pieces[k]
            out.raw(UnsafeBufferPointer(start: view.bytes + start, count: piece.end - start))
            start = piece.end
            guard piece.row >= 0 else { continue }
            let cell = view.cells[placement.row + piece.row]
            if cell.record >= 0 {
                member(view, cell, into: out)
            } else if cell.record == EntryTable.Cell.timestamp {
                out.timestamp(view.timestamps[Int(cell.index)])
            } else {
                out.json(view.values[Int(cell.index)], spaced: spaced)
            }
        }
    }

    /// Writes entry `i`'s URL part, if it has a URL.
    func url(_ view: View, _ i: Int, into out: OutputBuffer) {
        if let same = view.url {
            out.raw(same)
        } else if let numbered = view.numberedURL {
            out.raw(numbered.head)
            out.int(numbered.numbers[i])
            out.raw(numbered.tail)
        } else {
            switch view.table.urls {
            case .each(let urls): if let url = urls[i] { Self.urlSuffix(url, flavor: flavor, into: out) }
            case .numbered: if let url = view.table.url(at: i) { Self.urlSuffix(url, flavor: flavor, into: out) }
            case .none, .same: break
            }
        }
    }
}

extension OutputBuffer {
    /// ` name="Power Panda" health=25`: each field with its compact JSON value.
    func fields(_ o: JSONObject) {
        for (key, value) in o {
            byte(UInt8(ascii: " "))
            text(key)
            byte(UInt8(ascii: "="))
            json(value, spaced: false)
        }
    }
}
