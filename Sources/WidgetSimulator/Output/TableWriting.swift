import WidgetSupport
import WidgetcRuntimeCore

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
/// Reused from reload to reload; its buffers only grow.
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

    init(flavor: LayoutFlavor) { self.flavor = flavor }

    /// The table's columns and this reload's encodings, borrowed for writing its entries.
    struct View {
        fileprivate let table: EntryTable
        let count: Int
        let dates: UnsafeBufferPointer<Instant>
        fileprivate let placements: UnsafeBufferPointer<EntryTable.Placement>
        fileprivate let rows: UnsafeBufferPointer<JSONValue>
        fileprivate let layouts: UnsafeBufferPointer<Encoded>
        fileprivate let pieces: UnsafeBufferPointer<Piece>
        fileprivate let bytes: UnsafePointer<UInt8>
        fileprivate let url: UnsafeBufferPointer<UInt8>?
        fileprivate let numberedURL: (head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>, numbers: [Int])?
    }

    /// Encodes the table's layouts (and shared URL) once, then lends `body` a view to write entries with.
    func withView(_ table: EntryTable, _ body: (View) -> Void) {
        bytes.removeAll()
        pieces.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
        for layout in table.layouts { encode(layout) }
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
        // unsafe buffers: -0.8% instructions on the bench/run examples x2, 30 days (callgrind)
        table.dates.withUnsafeBufferPointer { dates in
            table.placements.withUnsafeBufferPointer { placements in
                table.rows.withUnsafeBufferPointer { rows in
                    layouts.withUnsafeBufferPointer { layouts in
                        pieces.withUnsafeBufferPointer { pieces in
                            body(View(
                                table: table, count: dates.count, dates: dates, placements: placements, rows: rows,
                                layouts: layouts, pieces: pieces, bytes: bytes.start, url: sameURL, numberedURL: numberedURL))
                        }
                    }
                }
            }
        }
    }

    private func encode(_ layout: ContentLayout) {
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
        layouts.append(Encoded(bytesStart: start, pieces: firstPiece..<pieces.count))
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
            if piece.row >= 0 { out.json(view.rows[placement.row + piece.row], spaced: spaced) }
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
