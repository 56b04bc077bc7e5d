import WidgetSupport

/// How a layout's members are written.
enum LayoutFlavor {
    /// `{"k":v,"k2":v2}`
    case compact
    /// `{"k": v, "k2": v2}`
    case spaced
    /// ` k=v k2=v2` (the text format's fields, values as compact JSON)
    case text
}

/// A content layout written out once: literal byte runs (keys, punctuation and
/// fixed values) with the row values to write between them.
final class EncodedLayout {
    /// Held so the layout cannot be freed and its address reused while cached.
    let layout: ContentLayout
    let bytes: [UInt8]
    /// Each piece: copy `bytes` up to `end`, then write row value `row` (none when -1).
    let pieces: [(end: Int, row: Int)]

    init(_ layout: ContentLayout, flavor: LayoutFlavor, scratch: OutputBuffer) {
        self.layout = layout
        scratch.removeAll()
        var pieces: [(end: Int, row: Int)] = []
        let spaced = flavor == .spaced
        if flavor != .text { scratch.byte(UInt8(ascii: "{")) }
        for (i, member) in layout.members.enumerated() {
            if flavor == .text {
                scratch.byte(UInt8(ascii: " "))
                scratch.text(layout.keys[i])
                scratch.byte(UInt8(ascii: "="))
            } else {
                if i > 0 { scratch.separator(spaced) }
                scratch.string(layout.keys[i])
                scratch.colon(spaced)
            }
            switch member {
            case .fixed(let value): scratch.json(value, spaced: spaced)
            case .row(let r): pieces.append((scratch.count, r))
            }
        }
        if flavor != .text { scratch.byte(UInt8(ascii: "}")) }
        pieces.append((scratch.count, -1))
        self.bytes = scratch.bytes
        self.pieces = pieces
    }
}

/// The layouts a writer met last, encoded in its flavor. Entries of one
/// timeline share a layout (a daily rule's slots have a few), so a handful suffices.
final class LayoutCache {
    private let flavor: LayoutFlavor
    private var recent: [EncodedLayout] = []
    private var next = 0
    private let scratch = OutputBuffer(capacity: 512)
    private static let size = 8

    init(flavor: LayoutFlavor) { self.flavor = flavor }

    func encoded(_ layout: ContentLayout) -> EncodedLayout {
        for e in recent where e.layout === layout { return e }
        let e = EncodedLayout(layout, flavor: flavor, scratch: scratch)
        if recent.count < Self.size {
            recent.append(e)
        } else {
            recent[next] = e
            next = (next + 1) % Self.size
        }
        return e
    }
}

extension OutputBuffer {
    /// One entry's content: the layout's bytes with the row's values between them.
    func laidOut(_ encoded: EncodedLayout, _ rows: ContentRows, offset: Int, spaced: Bool) {
        encoded.bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for piece in encoded.pieces {
                raw(UnsafeBufferPointer(rebasing: bytes[start..<piece.end]))
                start = piece.end
                if piece.row >= 0 { json(rows.values[offset + piece.row], spaced: spaced) }
            }
        }
    }
}
