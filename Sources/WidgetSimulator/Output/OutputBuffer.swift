import WidgetDiagnostics
import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// The appends run output needs, over one `PlainBuffer<UInt8>` (raw memory, no
/// per-append array bookkeeping), written for speed: no intermediate `String`s
/// for integers or instants, and the date part of instants cached per day.
///
/// JSON values come out as `JSONWriter` writes them (same escapes, same
/// doubles), either compact or with a space after `:` and `,` (`spaced`).
/// A reference type so the writer's copies share one buffer; never shared across threads.
final class OutputBuffer {
    /// The bytes. Its room is never given back: a run's writer flushes it at a fixed size.
    private let storage: PlainBuffer<UInt8>

    /// The zone of the instants being written.
    var zone: any UTCOffsetSource = FixedOffset(seconds: 0) {
        didSet { offsetStart = 0; offsetEnd = 0 }
    }
    /// The zone's offset over `[offsetStart, offsetEnd)`: asked once per stretch, not per instant.
    private var offsetStart: Int64 = 0
    private var offsetEnd: Int64 = 0
    private var offsetInForce = 0
    /// `YYYY-MM-DD` of `cachedDay` (up to 24 bytes: years outside 0…9999 are longer).
    private let datePrefix = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
    private var datePrefixCount = 0
    private var cachedDay: Int64 = .min
    /// `±HH:MM` of `cachedOffset`.
    private let offsetSuffix = UnsafeMutablePointer<UInt8>.allocate(capacity: 6)
    private var cachedOffset: Int = .min
    /// A timestamp cell's JSON string at midnight of the day `timestampDay` spans (its
    /// `"YYYY-MM-DDT` is the cells' of that day), and its length.
    private let timestampMidnight = UnsafeMutableRawPointer.allocate(byteCount: EntryTable.timestampLength + 2, alignment: 1)
    private let quotedTimestampLength = EntryTable.timestampLength + 2
    private var timestampDay: Range<Int64> = 0..<0
    /// `00`, `01`, … `99`: two bytes each (`two`).
    private let digitPairs: UnsafeMutableRawPointer = {
        let pairs = UnsafeMutableRawPointer.allocate(byteCount: 200, alignment: 2)
        for v in 0..<100 {
            pairs.storeBytes(of: UInt8(48 + v / 10), toByteOffset: 2 * v, as: UInt8.self)
            pairs.storeBytes(of: UInt8(48 + v % 10), toByteOffset: 2 * v + 1, as: UInt8.self)
        }
        return pairs
    }()

    init(capacity: Int) {
        storage = PlainBuffer(capacity: max(capacity, 64), keptCapacity: .max)
        precondition((16...24).contains(quotedTimestampLength), "`timestamp` copies three words")
    }

    deinit {
        datePrefix.deallocate()
        offsetSuffix.deallocate()
        timestampMidnight.deallocate()
        digitPairs.deallocate()
    }

    /// How many bytes are written.
    var count: Int { storage.elementCount }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(storage.elements(from: 0, count: storage.elementCount)) }

    /// The bytes written so far, in place: valid until the next append or `removeAll`.
    var contents: UnsafeBufferPointer<UInt8> { storage.elements(from: 0, count: storage.elementCount) }

    func removeAll() { storage.removeAll() }

    /// The first byte; valid until the next append.
    var start: UnsafePointer<UInt8> { storage.elements(from: 0, count: 0).baseAddress! }

    // The appends are forced inline: called per byte and per piece of every entry,
    // as calls they cost 72 M of 3.41 G instructions (300 widgets, 30 days, ndjson).
    @inline(__always) func byte(_ b: UInt8) {
        storage.append(b)
    }

    @inline(__always) func raw(_ p: UnsafeBufferPointer<UInt8>) {
        storage.appendBytes(p)
    }

    @inline(__always) func ascii(_ s: StaticString) {
        storage.appendBytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    func repeated(_ b: UInt8, _ n: Int) {
        guard n > 0 else { return }
        storage.appendingRoom(n).initialize(repeating: b, count: n)
    }

    /// Text for a terminal (text output): control characters from the widget's files or data
    /// are shown escaped (`\e[31m`), not sent.
    func text(_ s: String) {
        if TerminalText.needsEscape(s.utf8) {
            var copy = TerminalText.escaped(s)
            copy.withUTF8 { raw($0) }
            return
        }
        if s.utf8.withContiguousStorageIfAvailable({ raw($0) }) == nil {
            var copy = s
            copy.withUTF8 { raw($0) }
        }
    }

    func int(_ value: Int) {
        var m = value.magnitude
        if value < 0 { storage.append(UInt8(ascii: "-")) }
        if m < 10 {
            storage.append(48 + UInt8(m))
            return
        }
        var digits = 0
        var probe = m
        while probe > 0 { digits += 1; probe /= 10 }
        let room = storage.appendingRoom(digits)
        var i = digits - 1
        while m > 0 {
            room[i] = 48 + UInt8(m % 10)
            m /= 10
            i -= 1
        }
    }

    /// Two digits of `v` at `p`: its pair in `digitPairs`, so `v` must be in 0…99 (an hour,
    /// minute or second of a day). Digits divided out and range-checked were 193 M instructions
    /// of bench/let_bench.py's corpus with five lets over 365 days (three pairs a timestamp cell
    /// and an instant; callgrind).
    @inline(__always) private func two(_ v: Int, at p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: digitPairs.load(fromByteOffset: 2 * v, as: UInt16.self), as: UInt16.self)
    }

    /// The instant in quotes (JSON).
    func quotedInstant(_ t: Instant) {
        byte(UInt8(ascii: "\""))
        instant(t)
        byte(UInt8(ascii: "\""))
    }

    /// A new line indented by `base` and `indent` (pretty JSON).
    func line(_ base: StaticString, _ indent: StaticString) {
        byte(UInt8(ascii: "\n"))
        ascii(base)
        ascii(indent)
    }

    /// `2026-11-29T09:00:00-05:00` in `zone`: what `Instant.appendISO8601(offset:to:)` writes.
    func instant(_ t: Instant) {
        if t.seconds < offsetStart || t.seconds >= offsetEnd {
            (offsetInForce, offsetStart, offsetEnd) = zone.utcOffsetSpan(at: t)
        }
        let offset = offsetInForce
        let local = t.seconds + Int64(offset)
        let days = CivilTime.floorDiv(local, 86_400)
        if days != cachedDay { cacheDate(days) }
        if offset != cachedOffset { cacheOffset(offset) }
        let secondOfDay = Int(local - days * 86_400)
        let room = storage.appendingRoom(datePrefixCount + 15)
        room.initialize(from: datePrefix, count: datePrefixCount)
        let time = room + datePrefixCount
        time[0] = UInt8(ascii: "T")
        two(secondOfDay / 3600, at: time + 1)
        time[3] = UInt8(ascii: ":")
        two(secondOfDay / 60 % 60, at: time + 4)
        time[6] = UInt8(ascii: ":")
        two(secondOfDay % 60, at: time + 7)
        (time + 9).initialize(from: offsetSuffix, count: 6)
    }

    /// The date part, formatted by WidgetSupport once per day.
    private func cacheDate(_ days: Int64) {
        var formatted: [UInt8] = []
        Instant(seconds: days * 86_400).appendISO8601(offset: 0, to: &formatted)
        datePrefixCount = min(formatted.count - 15, 32)  // without "T00:00:00+00:00"
        for i in 0..<datePrefixCount { datePrefix[i] = formatted[i] }
        cachedDay = days
    }

    private func cacheOffset(_ offset: Int) {
        let a = abs(offset)
        let h = a / 3600 % 100
        let m = a / 60 % 60
        offsetSuffix[0] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        offsetSuffix[1] = UInt8(48 + h / 10)
        offsetSuffix[2] = UInt8(48 + h % 10)
        offsetSuffix[3] = UInt8(ascii: ":")
        offsetSuffix[4] = UInt8(48 + m / 10)
        offsetSuffix[5] = UInt8(48 + m % 10)
        cachedOffset = offset
    }

    /// A timestamp cell's value (`EntryTable.Cell(timestamp:)`), a JSON string, written in place:
    /// `"YYYY-MM-DDTHH:MM:SSZ"`, the day's midnight written by EntryTable once per day and copied,
    /// its time of day put in here. The whole text from the civil date, digit by digit, for every
    /// cell was 390 instructions a cell (callgrind, bench/let_bench.py's per-entry let); the date
    /// part copied into place, its day found by a division and the lengths read through their
    /// accessors, 190; 126 before `two` took its digits from `digitPairs`.
    func timestamp(_ seconds: Int64) {
        if !timestampDay.contains(seconds) {
            let midnight = CivilTime.floorDiv(seconds, 86_400) * 86_400
            timestampMidnight.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
            EntryTable.writeTimestamp(midnight, to: (timestampMidnight + 1).assumingMemoryBound(to: UInt8.self))
            timestampMidnight.storeBytes(of: UInt8(ascii: "\""), toByteOffset: quotedTimestampLength - 1, as: UInt8.self)
            timestampDay = midnight..<midnight + 86_400
        }
        let length = quotedTimestampLength
        let room = storage.appendingRoom(length)
        // As three words, the last overlapping the second: `copyMemory` copied the 22 bytes one
        // by one (7 instructions a cell more, callgrind).
        let from = UnsafeRawPointer(timestampMidnight), to = UnsafeMutableRawPointer(room)
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8, as: UInt64.self)
        // `HH:MM:SS` before `Z"`.
        let time = room + length - 10
        let secondOfDay = Int(seconds - timestampDay.lowerBound)
        two(secondOfDay / 3600, at: time)
        two(secondOfDay / 60 % 60, at: time + 3)
        two(secondOfDay % 60, at: time + 6)
    }

    /// A JSON string literal.
    func string(_ s: String) {
        byte(UInt8(ascii: "\""))
        if s.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            var copy = s
            copy.withUTF8 { escaped($0) }
        }
        byte(UInt8(ascii: "\""))
    }

    /// `string(s)` without the quotes.
    func stringBody(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            var copy = s
            copy.withUTF8 { escaped($0) }
        }
    }

    /// Copies runs of plain bytes at once; escapes the rest one by one.
    private func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let start = utf8.baseAddress else { return }
        // Most strings need no escape: skip them eight bytes at a time.
        var plain = 0
        while plain + 8 <= utf8.count, !Self.needsEscape(UnsafeRawPointer(start + plain).loadUnaligned(as: UInt64.self)) {
            plain += 8
        }
        var runStart = 0
        for i in plain..<utf8.count {
            let b = utf8[i]
            if b >= 0x20, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\"), b != 0x7F { continue }
            if runStart < i { raw(UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
            escape(b)
            runStart = i + 1
        }
        if runStart < utf8.count { raw(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// Whether any of eight bytes is below 0x20, `"`, `\\` or 0x7F (exact for "any":
    /// the classic has-zero-byte and has-byte-less-than tests, byte order aside).
    private static func needsEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (w &- ones &* 0x20) & ~w & highs
        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C), delete = w ^ (ones &* 0x7F)
        let equal = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((delete &- ones) & ~delete)
        return (control | (equal & highs)) != 0
    }

    private func escape(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "\""): ascii("\\\"")
        case UInt8(ascii: "\\"): ascii("\\\\")
        case 0x0A: ascii("\\n")
        case 0x0D: ascii("\\r")
        case 0x09: ascii("\\t")
        case 0x08: ascii("\\b")
        case 0x0C: ascii("\\f")
        default:
            let hex: StaticString = "0123456789abcdef"
            ascii("\\u00")
            byte(hex.utf8Start[Int(b >> 4)])
            byte(hex.utf8Start[Int(b & 0xF)])
        }
    }

    func double(_ d: Double) {
        guard d.isFinite else { ascii("null"); return }
        if d == d.rounded(.towardZero), abs(d) < 1e15 {
            int(Int(d))
            ascii(".0")
        } else {
            text(String(d))  // shortest round-trip form, as JSONWriter writes it
        }
    }

    func json(_ value: JSONValue, spaced: Bool) {
        switch value {
        case .null: ascii("null")
        case .bool(let b): b ? ascii("true") : ascii("false")
        case .int(let i): int(i)
        case .double(let d): double(d)
        case .string(let s): string(s)
        case .array(let a):
            byte(UInt8(ascii: "["))
            for i in a.indices {
                if i > 0 { separator(spaced) }
                json(a[i], spaced: spaced)
            }
            byte(UInt8(ascii: "]"))
        case .object(let o): object(o, spaced: spaced)
        }
    }

    func object(_ o: JSONObject, spaced: Bool) {
        byte(UInt8(ascii: "{"))
        for i in 0..<o.keys.count {
            if i > 0 { separator(spaced) }
            string(o.keys[i])
            colon(spaced)
            json(o.values[i], spaced: spaced)
        }
        byte(UInt8(ascii: "}"))
    }

    func separator(_ spaced: Bool) {
        spaced ? ascii(", ") : byte(UInt8(ascii: ","))
    }

    func colon(_ spaced: Bool) {
        spaced ? ascii(": ") : byte(UInt8(ascii: ":"))
    }
}
