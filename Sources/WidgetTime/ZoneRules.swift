import Foundation
import WidgetSupport

/// A time zone's rules, fast: the UTC offset at any instant, spans of constant
/// offset, and local-clock resolution, from a table of offset changes read from
/// Foundation once per year asked for and cached.
///
/// Thread-safe: the table is immutable and swapped whole under a lock when a
/// lookup needs years not read yet (years 0001 to 9999; instants outside them use
/// the offset at the nearer edge).
package final class ZoneRules: UTCOffsetSource, Sendable, CustomStringConvertible {
    /// The name as given (`America/New_York`, `UTC`), or a description for fixed offsets.
    package let identifier: String
    /// nil for a fixed-offset zone, whose table is complete from the start.
    let scanner: ZoneScanner?
    /// The newest table, published for lock-free reads (an unretained reference's
    /// bits; 0 before the first lookup). Every table published stays alive in
    /// `tables` until the zone is freed, so a reader's table cannot vanish under it.
    private let published = PublishedWord(0)
    private let tables: Locked<[ZoneTable]>

    /// The rules of an IANA zone; nil for a name this machine's zone database does
    /// not know (`America/Atlantis`), for an empty name, and for Foundation's
    /// non-IANA `GMT+5`-style names (`Etc/GMT-5` is the IANA spelling).
    /// `UTC` and `Etc/UTC` are always known. Cheap: no table is read until used.
    package init?(identifier: String) {
        guard Self.isPlausibleName(identifier) else { return nil }
        if identifier == "UTC" || identifier == "Etc/UTC" {
            self.identifier = identifier
            scanner = nil
            tables = Locked([])
            publish(ZoneTable(fixed: 0))
            return
        }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        scanner = ZoneScanner(timeZone: zone)
        tables = Locked([])
    }

    init(timeZone: TimeZone, identifier: String) {
        self.identifier = identifier
        scanner = ZoneScanner(timeZone: timeZone)
        tables = Locked([])
    }

    init(fixedOffset: Int, identifier: String) {
        self.identifier = identifier
        scanner = nil
        tables = Locked([])
        publish(ZoneTable(fixed: fixedOffset))
    }

    private func publish(_ t: ZoneTable) {
        tables.withLock { $0.append(t) }
        published.store(UInt(bitPattern: Unmanaged.passUnretained(t).toOpaque()))
    }

    /// A zone that is always `offsetSeconds` east of UTC (named `UTC` or `UTC+05:45`).
    package static func fixed(offsetSeconds: Int) -> ZoneRules {
        if offsetSeconds == 0 { return utc }
        let a = abs(offsetSeconds)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var name = "UTC" + (offsetSeconds < 0 ? "-" : "+") + two(a / 3_600) + ":" + two(a / 60 % 60)
        if a % 60 != 0 { name += ":" + two(a % 60) }
        return ZoneRules(fixedOffset: offsetSeconds, identifier: name)
    }

    /// UTC.
    package static let utc = ZoneRules(fixedOffset: 0, identifier: "UTC")

    /// The machine's zone (the `TZ` variable, else /etc/localtime, as Foundation reads them),
    /// read once per process.
    package static let current: ZoneRules = {
        let zone = TimeZone.current
        return ZoneRules(timeZone: zone, identifier: zone.identifier)
    }()

    /// Shared rules for a name: the same instance (and so the same cached table)
    /// every time in this process. nil for an unknown name, as `init?(identifier:)`.
    package static func named(_ identifier: String) -> ZoneRules? {
        if let known = registry.withLock({ $0[identifier] }) { return known }
        guard let made = ZoneRules(identifier: identifier) else { return nil }
        return registry.withLock { shared in
            if let raced = shared[identifier] { return raced }
            shared[identifier] = made
            return made
        }
    }

    private static let registry = Locked<[String: ZoneRules]>([:])

    package var description: String { identifier }

    /// Whether the name could be an IANA zone name (Foundation alone also accepts
    /// `GMT+0500`-style names, which are not IANA names).
    private static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 100 else { return false }
        for b in name.utf8 {
            let ok = (b | 0x20) &- 97 < 26 || b &- 48 < 10 || b == UInt8(ascii: "/") || b == UInt8(ascii: "_")
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            if !ok { return false }
        }
        for prefix in ["GMT+", "GMT-", "UTC+", "UTC-"] where name.hasPrefix(prefix) {
            return name == "GMT+0" || name == "GMT-0"
        }
        return true
    }

    // MARK: - Table access

    /// Runs `body` on the newest table (the hot path).
    func withPublished<R>(_ body: (ZoneTable) -> R?) -> R? {
        let bits = published.load()
        guard let p = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return body(Unmanaged<ZoneTable>.fromOpaque(p).takeUnretainedValue())
    }

    /// A table covering `u` (reading more years from Foundation if needed).
    func table(covering u: Int64) -> ZoneTable {
        table(covering: u, u)
    }

    /// A table covering `[lo, hi]`.
    func table(covering lo: Int64, _ hi: Int64) -> ZoneTable {
        if let t = withPublished({ t in t.covers(lo) && t.covers(hi) ? t : nil }) { return t }
        return extendedTable(covering: lo, hi)
    }

    private func extendedTable(covering lo: Int64, _ hi: Int64) -> ZoneTable {
        tables.withLock { all in
            let current = all.last
            if let t = current, t.covers(lo), t.covers(hi) { return t }
            // Fixed-offset tables cover every instant, so only Foundation zones get here.
            guard let scanner else { return current ?? ZoneTable(fixed: 0) }
            // One spare year either side: runs near a year's edge need the next one soon.
            let years = (Self.year(of: lo) - 1)...(Self.year(of: hi) + 1)
            let next = scanner.table(extending: current, toYears: years)
            all.append(next)
            published.store(UInt(bitPattern: Unmanaged.passUnretained(next).toOpaque()))
            return next
        }
    }

    /// How many tables this zone has built (they are kept until it is freed).
    var tablesBuilt: Int { tables.withLock { $0.count } }

    static func year(of u: Int64) -> Int {
        let y = CivilTime.date(days: CivilTime.floorDiv(u, 86_400)).year
        return min(max(y, ZoneScanner.firstYear), ZoneScanner.lastYear)
    }

    // MARK: - Offsets

    /// Seconds east of UTC in force at `instant`.
    package func utcOffset(at instant: Instant) -> Int {
        let u = instant.seconds
        if let o = withPublished({ t in t.covers(u) ? Int(t.offsets[t.index(of: u)]) : nil }) { return o }
        let t = extendedTable(covering: u, u)
        return Int(t.offsets[t.index(of: u)])
    }

    package func utcOffsetSpan(at instant: Instant) -> (offset: Int, start: Int64, end: Int64) {
        let s = span(containing: instant)
        return (s.offset, s.start, s.end)
    }

    /// The stretch of constant offset holding `instant`.
    package func span(containing instant: Instant) -> ZoneSpan {
        let u = instant.seconds
        if let s = withPublished({ t in t.covers(u) ? t.span(at: t.index(of: u)) : nil }) { return s }
        let t = extendedTable(covering: u, u)
        return t.span(at: t.index(of: u))
    }

    /// A change of a zone's UTC offset at `instant`, from `offsetBefore` to `offsetAfter`.
    package struct Transition: Sendable, Hashable {
        package let instant: Instant
        package let offsetBefore: Int
        package let offsetAfter: Int
    }

    /// The offset changes at instants in `[from, to)`, in order.
    package func transitions(from: Instant, to: Instant) -> [Transition] {
        guard from < to else { return [] }
        // From one second early, so a change exactly at `from` has its predecessor in the table.
        let t = table(covering: from.seconds - 1, to.seconds - 1)
        var out: [Transition] = []
        var i = t.index(of: from.seconds - 1) + 1
        while i < t.starts.count, t.starts[i] < to.seconds {
            out.append(Transition(instant: Instant(seconds: t.starts[i]), offsetBefore: Int(t.offsets[i - 1]), offsetAfter: Int(t.offsets[i])))
            i += 1
        }
        return out
    }
}
