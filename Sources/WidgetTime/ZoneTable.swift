import Foundation
import WidgetSupport

/// One stretch of UTC time during which a zone's offset does not change:
/// instants `[start, end)` (UTC seconds) are at `offset` seconds east of UTC.
///
/// `start` is `Int64.min` and `end` `Int64.max` where the zone's table is unbounded.
/// A span can end where the offset does not actually change (the edge of the years
/// looked up so far); the next span then has the same offset.
package struct ZoneSpan: Sendable, Hashable {
    package let start: Int64
    package let end: Int64
    package let offset: Int

    package func contains(_ seconds: Int64) -> Bool { start <= seconds && seconds < end }
}

/// An immutable piece of a zone's offset history: sorted span starts and their
/// offsets, covering `[coverStart, coverEnd)`. Tables are replaced whole when a zone
/// needs more years, so a reader can keep one without a lock.
final class ZoneTable: Sendable {
    /// `starts[i]` is where `offsets[i]` begins; `starts[0] == coverStart`.
    let starts: [Int64]
    let offsets: [Int32]
    let coverStart: Int64
    let coverEnd: Int64

    /// Where bucket 0 starts (the first real change), and for each bucket of
    /// `2^bucketShift` seconds the span holding its start: lookups are a bucket read
    /// and a step or two, not a binary search.
    private let bucketBase: Int64
    private let buckets: [Int32]
    private let lastStart: Int64
    private static let bucketShift: Int64 = 22  // about 48 days

    init(starts: [Int64], offsets: [Int32], coverStart: Int64, coverEnd: Int64) {
        self.starts = starts
        self.offsets = offsets
        self.coverStart = coverStart
        self.coverEnd = coverEnd
        lastStart = starts.last ?? Int64.min
        guard starts.count > 1, let last = starts.last else {
            bucketBase = 0
            buckets = []
            return
        }
        bucketBase = starts[1]
        let count = Int((last - starts[1]) >> Self.bucketShift) + 1
        var b = [Int32](repeating: 0, count: count)
        var i = 1
        for k in 0..<count {
            let at = starts[1] + (Int64(k) << Self.bucketShift)
            while i + 1 < starts.count && starts[i + 1] <= at { i += 1 }
            b[k] = Int32(i)
        }
        buckets = b
    }

    /// A table for a zone that is always at one offset.
    convenience init(fixed offset: Int) {
        self.init(starts: [Int64.min], offsets: [Int32(offset)], coverStart: Int64.min, coverEnd: Int64.max)
    }

    /// Whether `u` is inside the table (an unbounded end includes `Int64.max`).
    func covers(_ u: Int64) -> Bool { coverStart <= u && (u < coverEnd || coverEnd == Int64.max) }

    /// The index of the span holding `u` (which must be covered).
    func index(of u: Int64) -> Int {
        guard starts.count > 1, u >= bucketBase else { return 0 }
        guard u < lastStart else { return starts.count - 1 }
        // bucketBase <= u < lastStart: the difference fits, and so does the bucket.
        var i = Int(buckets[Int((u - bucketBase) >> Self.bucketShift)])
        while i + 1 < starts.count && starts[i + 1] <= u { i += 1 }
        return i
    }

    func end(of i: Int) -> Int64 { i + 1 < starts.count ? starts[i + 1] : coverEnd }

    func span(at i: Int) -> ZoneSpan { ZoneSpan(start: starts[i], end: end(of: i), offset: Int(offsets[i])) }
}

/// Reads a Foundation zone's offsets into tables, one year at a time.
///
/// Foundation gives the offset at an instant (~80 ns) but no transition list, so a
/// year is sampled once a day (once a week outside 1900-2099) and each change is
/// bisected to the second: about 400 calls (~30 µs) a year, once per zone and year.
struct ZoneScanner {
    let timeZone: TimeZone

    /// Years outside 0001...9999 take the offset at the nearer edge.
    static let firstYear = 1, lastYear = 9_999
    static let lowestCovered = CivilTime.days(year: firstYear, month: 1, day: 1) * 86_400
    static let highestCovered = CivilTime.days(year: lastYear + 1, month: 1, day: 1) * 86_400

    /// Sampling step: daily from 1900 to 2100, where zone histories are dense and
    /// runs happen; weekly outside (no offset there changes and changes back within a
    /// week), which keeps a look far into the past or future affordable.
    static func step(at u: Int64) -> Int64 {
        u >= denseStart && u < denseEnd ? 86_400 : 7 * 86_400
    }

    static let denseStart = CivilTime.days(year: 1900, month: 1, day: 1) * 86_400
    static let denseEnd = CivilTime.days(year: 2100, month: 1, day: 1) * 86_400

    func offset(_ u: Int64) -> Int32 {
        Int32(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(u))))
    }

    /// Span starts and offsets for `[a, b)`; the first start is `a`.
    func scan(from a: Int64, to b: Int64) -> (starts: [Int64], offsets: [Int32]) {
        var starts = [a], offsets = [offset(a)]
        var previous = a
        var current = offsets[0]
        while previous < b - 1 {
            let sample = min(previous + Self.step(at: previous), b - 1)
            let sampled = offset(sample)
            var lo = previous
            while sampled != current {
                // Invariant: offset(lo) == current, offset(sample) != current.
                var hi = sample
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2
                    if offset(mid) == current { lo = mid } else { hi = mid }
                }
                current = offset(hi)
                starts.append(hi)
                offsets.append(current)
                lo = hi
            }
            previous = sample
        }
        return (starts, offsets)
    }

    /// A table covering `old` (if any) and the years `years`, contiguous. It grows by
    /// at least the width it already has, so a long walk through the years builds
    /// only a logarithmic number of tables.
    func table(extending old: ZoneTable?, toYears years: ClosedRange<Int>) -> ZoneTable {
        var lo = years.lowerBound, hi = years.upperBound
        if let old {
            let oldLo = old.coverStart == Int64.min ? Self.firstYear : ZoneRules.year(of: old.coverStart)
            let oldHi = old.coverEnd == Int64.max ? Self.lastYear : ZoneRules.year(of: old.coverEnd - 1)
            let width = oldHi - oldLo + 1
            if lo < oldLo { lo = min(lo, oldLo - width) }
            if hi > oldHi { hi = max(hi, oldHi + width) }
        }
        lo = max(Self.firstYear, lo)
        hi = min(Self.lastYear, hi)
        let wantStart = CivilTime.days(year: lo, month: 1, day: 1) * 86_400
        let wantEnd = CivilTime.days(year: hi + 1, month: 1, day: 1) * 86_400
        guard let old else {
            let (s, o) = scan(from: wantStart, to: wantEnd)
            return bounded(starts: s, offsets: o, coverStart: wantStart, coverEnd: wantEnd)
        }
        var starts: [Int64] = [], offsets: [Int32] = []
        var coverStart = old.coverStart, coverEnd = old.coverEnd
        if wantStart < old.coverStart && old.coverStart != Int64.min {
            (starts, offsets) = scan(from: wantStart, to: old.coverStart)
            coverStart = wantStart
        }
        append(&starts, &offsets, old.starts, old.offsets)
        if wantEnd > old.coverEnd && old.coverEnd != Int64.max {
            let (s, o) = scan(from: old.coverEnd, to: wantEnd)
            append(&starts, &offsets, s, o)
            coverEnd = wantEnd
        }
        return bounded(starts: starts, offsets: offsets, coverStart: coverStart, coverEnd: coverEnd)
    }

    /// Joins two adjacent pieces, dropping the seam when the offset does not change there.
    private func append(_ starts: inout [Int64], _ offsets: inout [Int32], _ s: [Int64], _ o: [Int32]) {
        for k in s.indices {
            if k == 0, let last = offsets.last, last == o[0] { continue }
            starts.append(s[k])
            offsets.append(o[k])
        }
    }

    /// Opens the table's ends to infinity once they reach the supported years.
    private func bounded(starts: [Int64], offsets: [Int32], coverStart: Int64, coverEnd: Int64) -> ZoneTable {
        var starts = starts
        var start = coverStart, end = coverEnd
        if start <= Self.lowestCovered {
            start = Int64.min
            starts[0] = Int64.min
        }
        if end >= Self.highestCovered { end = Int64.max }
        return ZoneTable(starts: starts, offsets: offsets, coverStart: start, coverEnd: end)
    }
}
