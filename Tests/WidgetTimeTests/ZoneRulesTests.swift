import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

@Suite("Zone rules")
struct ZoneRulesTests {
    @Test func knowsIANANamesOnly() {
        for name in ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC", "Etc/UTC", "Etc/GMT-5", "GMT"] {
            #expect(ZoneRules(identifier: name)?.identifier == name, "\(name)")
        }
        for name in ["America/Atlantis", "", "america/new_york", "GMT+5", "UTC+05:00", "+05:00", "Z", "America/New York", "../etc/passwd"] {
            #expect(ZoneRules(identifier: name) == nil, "\(name)")
        }
        #expect(ZoneRules.named("Europe/Berlin") === ZoneRules.named("Europe/Berlin"))
        #expect(ZoneRules.named("America/Atlantis") == nil)
    }

    @Test func fixedAndUTC() throws {
        let k = ZoneRules.fixed(offsetSeconds: 20_700)
        #expect(k.identifier == "UTC+05:45")
        #expect(k.utcOffset(at: Instant(seconds: 0)) == 20_700)
        #expect(k.utcOffset(at: Instant(seconds: -9_000_000_000_000)) == 20_700)
        #expect(ZoneRules.fixed(offsetSeconds: -18_000).identifier == "UTC-05:00")
        #expect(ZoneRules.utc.utcOffset(at: at("2026-06-01T00:00:00Z")) == 0)
        #expect(ZoneRules.fixed(offsetSeconds: 0) === ZoneRules.utc)
        // The machine's zone is read as any zone is: pinned here (RunFlagTests runs widgetc under TZ).
        let kathmandu = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        #expect(ZoneRules(timeZone: kathmandu, identifier: kathmandu.identifier).utcOffset(at: at("2026-06-01T00:00:00Z")) == 20_700)
        #expect(ZoneRules.current.identifier == TimeZone.current.identifier)
    }

    /// The 2026 transitions of the zones the spec names, to the second.
    @Test(arguments: [
        ("America/New_York", "2026-03-08T07:00:00Z", -18_000, -14_400),
        ("America/New_York", "2026-11-01T06:00:00Z", -14_400, -18_000),
        ("Europe/Berlin", "2026-03-29T01:00:00Z", 3_600, 7_200),
        ("Europe/Berlin", "2026-10-25T01:00:00Z", 7_200, 3_600),
        ("Australia/Lord_Howe", "2026-04-04T15:00:00Z", 39_600, 37_800),
        ("Australia/Lord_Howe", "2026-10-03T15:30:00Z", 37_800, 39_600),
        ("Asia/Kathmandu", "1985-12-31T18:30:00Z", 19_800, 20_700),
    ] as [(String, String, Int, Int)])
    func transitionsToTheSecond(name: String, instant: String, before: Int, after: Int) {
        let z = zone(name)
        let t = at(instant)
        #expect(z.utcOffset(at: t - 1) == before)
        #expect(z.utcOffset(at: t) == after)
        let year = z.transitions(from: t - 86_400 * 30, to: t + 86_400 * 30)
        #expect(year == [ZoneRules.Transition(instant: t, offsetBefore: before, offsetAfter: after)])
        let span = z.span(containing: t)
        #expect(span.start == t.seconds)
        #expect(span.offset == after)
    }

    @Test func transitionCountsPerYear() {
        let year = (at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"))
        #expect(zone("America/New_York").transitions(from: year.0, to: year.1).count == 2)
        #expect(zone("Australia/Lord_Howe").transitions(from: year.0, to: year.1).count == 2)
        #expect(zone("Asia/Kathmandu").transitions(from: year.0, to: year.1).isEmpty)
        #expect(ZoneRules.utc.transitions(from: year.0, to: year.1).isEmpty)
        // A transition exactly at `from` is included, one exactly at `to` is not.
        let ny = zone("America/New_York")
        #expect(ny.transitions(from: at("2026-03-08T07:00:00Z"), to: at("2026-11-01T06:00:00Z")).count == 1)
    }

    /// Offsets agree with Foundation at random instants from 1950 to 2080 for a
    /// sample of every zone this machine knows, and every change the table
    /// reports is a real change in Foundation.
    @Test func agreesWithFoundation() {
        var rng = SplitMix(seed: 42)
        let names = TimeZone.knownTimeZoneIdentifiers.enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
            + ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Apia"]
        let lo = at("1950-01-01T00:00:00Z").seconds, hi = at("2080-01-01T00:00:00Z").seconds
        var mismatches: [String] = [], unread: [String] = []
        var instants = 0
        for name in names {
            guard let z = ZoneRules(identifier: name), let tz = TimeZone(identifier: name) else {
                unread.append(name)
                continue
            }
            func foundation(_ u: Int64) -> Int { tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(u))) }
            for _ in 0..<40 {
                let u = lo + Int64(rng.next() % UInt64(hi - lo))
                if z.utcOffset(at: Instant(seconds: u)) != foundation(u) { mismatches.append("\(name) @\(u)") }
                instants += 1
            }
            for t in z.transitions(from: Instant(seconds: lo), to: Instant(seconds: hi)).prefix(400) {
                if foundation(t.instant.seconds - 1) != t.offsetBefore || foundation(t.instant.seconds) != t.offsetAfter {
                    mismatches.append("\(name) transition \(t)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // Every zone Foundation names is one ZoneRules reads: none was left out of the comparison.
        #expect(unread.isEmpty, "not read: \(unread)")
        #expect(instants == names.count * 40)
    }

    @Test func farInstantsDoNotCrashAndUseEdgeOffsets() {
        let ny = zone("America/New_York")
        let tz = TimeZone(identifier: "America/New_York")!
        let y9000 = at("9000-07-01T00:00:00Z")
        #expect(ny.utcOffset(at: y9000) == tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(y9000.seconds))))
        #expect(ny.utcOffset(at: Instant(seconds: Int64.max)) == ny.utcOffset(at: at("9999-12-31T12:00:00Z")))
        #expect(ny.utcOffset(at: Instant(seconds: Int64.min)) == -17_762)  // New York's local mean time
    }

    @Test func aLongWalkBuildsFewTables() throws {
        let z = zone("Europe/Paris")
        let yearly = try CronExpression("@yearly")
        var count = 0
        for t in yearly.fireTimes(after: at("2026-06-01T00:00:00Z"), in: z, before: at("2300-01-01T00:00:00Z")) {
            #expect(z.timeText(t) == "00:00" && z.dayText(t).hasSuffix("-01-01"))
            count += 1
            if count == 150 { break }
        }
        #expect(count == 150)
        // Tables grow by at least their width: a handful, not one per year.
        #expect(z.tablesBuilt <= 10, "\(z.tablesBuilt) tables")
        // And a walk backwards too.
        let back = zone("Europe/Paris")
        var u = at("2026-06-01T00:00:00Z")
        for _ in 0..<150 {
            u = u - 365 * 86_400
            _ = back.utcOffset(at: u)
        }
        #expect(back.tablesBuilt <= 10, "\(back.tablesBuilt) tables")
    }

    @Test func extremeLocalReadingsDoNotTrap() {
        let ny = zone("America/New_York")
        _ = ny.resolve(local: Int64.max)
        _ = ny.resolve(local: Int64.min)
        _ = ny.instant(forLocal: Int64.max)
        _ = ny.wallTimeInstant(day: Int64.min, minuteOfDay: -5)
        let far = ny.wallTimeInstant(day: Int64.max, minuteOfDay: 99_999)
        #expect(far.seconds > 0)
        #expect(ny.localSeconds(of: Instant(seconds: Int64.max - 1_000_000)) > 0)
    }

    @Test func formatsYearsBeforeAThousand() {
        let u = ZoneRules.utc
        #expect(u.dayText(Instant(seconds: CivilTime.days(year: 999, month: 3, day: 4) * 86_400)) == "0999-03-04")
        #expect(u.dayText(Instant(seconds: CivilTime.days(year: 12, month: 11, day: 9) * 86_400 + 100)) == "0012-11-09")
        #expect(u.timeText(Instant(seconds: CivilTime.days(year: 12, month: 11, day: 9) * 86_400 + 3_659)) == "01:00")
    }

    @Test func resolvesLocalReadings() {
        let ny = zone("America/New_York")
        func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) -> Int64 {
            LocalDateTime(year: y, month: m, day: d, hour: h, minute: min).localSeconds
        }
        #expect(ny.resolve(local: local(2026, 11, 29, 9, 0)) == .unique(at("2026-11-29T09:00:00-05:00")))
        #expect(ny.resolve(local: local(2026, 3, 8, 2, 30)) == .gap(shifted: at("2026-03-08T03:30:00-04:00")))
        #expect(ny.resolve(local: local(2026, 3, 8, 2, 0)) == .gap(shifted: at("2026-03-08T03:00:00-04:00")))
        #expect(ny.resolve(local: local(2026, 3, 8, 3, 0)) == .unique(at("2026-03-08T03:00:00-04:00")))
        #expect(ny.resolve(local: local(2026, 3, 8, 1, 59)) == .unique(at("2026-03-08T01:59:00-05:00")))
        #expect(ny.resolve(local: local(2026, 11, 1, 1, 30))
            == .fold(first: at("2026-11-01T01:30:00-04:00"), second: at("2026-11-01T01:30:00-05:00")))
        #expect(ny.resolve(local: local(2026, 11, 1, 1, 0))
            == .fold(first: at("2026-11-01T01:00:00-04:00"), second: at("2026-11-01T01:00:00-05:00")))
        #expect(ny.resolve(local: local(2026, 11, 1, 2, 0)) == .unique(at("2026-11-01T02:00:00-05:00")))
        #expect(ny.resolve(local: local(2026, 11, 1, 0, 59)) == .unique(at("2026-11-01T00:59:00-04:00")))

        let lh = zone("Australia/Lord_Howe")
        #expect(lh.resolve(local: local(2026, 10, 4, 2, 15)) == .gap(shifted: at("2026-10-04T02:45:00+11:00")))
        #expect(lh.resolve(local: local(2026, 4, 5, 1, 45))
            == .fold(first: at("2026-04-05T01:45:00+11:00"), second: at("2026-04-05T01:45:00+10:30")))
        #expect(lh.resolve(local: local(2026, 4, 5, 1, 15)) == .unique(at("2026-04-05T01:15:00+11:00")))
    }

    @Test func dailyWallTimes() {
        let ny = zone("America/New_York")
        let spring = CivilTime.days(year: 2026, month: 3, day: 8)
        let fall = CivilTime.days(year: 2026, month: 11, day: 1)
        // 02:30 in the 02:00-03:00 gap -> 03:30 EDT.
        #expect(ny.wallTimeInstant(day: spring, minuteOfDay: 150) == at("2026-03-08T03:30:00-04:00"))
        // 01:30 in the fold -> its first occurrence, EDT.
        #expect(ny.wallTimeInstant(day: fall, minuteOfDay: 90) == at("2026-11-01T01:30:00-04:00"))
        #expect(ny.wallTimeInstant(day: fall, minuteOfDay: 480) == at("2026-11-01T08:00:00-05:00"))
        let berlin = zone("Europe/Berlin")
        #expect(berlin.wallTimeInstant(day: CivilTime.days(year: 2026, month: 3, day: 29), minuteOfDay: 135)
            == at("2026-03-29T03:15:00+02:00"))
        #expect(berlin.wallTimeInstant(day: CivilTime.days(year: 2026, month: 10, day: 25), minuteOfDay: 150)
            == at("2026-10-25T02:30:00+02:00"))
        #expect(ny.instant(for: LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)) == at("2026-03-08T03:30:00-04:00"))
    }

    @Test func localReadingsAndFormatting() {
        let ny = zone("America/New_York")
        let t = at("2026-11-29T14:05:09Z")
        #expect(ny.timeText(t) == "09:05")
        #expect(ny.dayText(t) == "2026-11-29")
        #expect(ny.weekdayName(t) == "Sunday")
        #expect(ny.iso8601(t) == "2026-11-29T09:05:09-05:00")
        #expect(ny.localSecondOfDay(of: t) == 9 * 3_600 + 5 * 60 + 9)
        #expect(ny.localDay(of: t) == CivilTime.days(year: 2026, month: 11, day: 29))
        #expect(ny.localDateTime(of: t) == LocalDateTime(year: 2026, month: 11, day: 29, hour: 9, minute: 5, second: 9))
        // Just after UTC midnight it is still the previous evening in New York.
        let late = at("2026-11-30T03:00:00Z")
        #expect(ny.dayText(late) == "2026-11-29")
        #expect(ny.weekdayName(late) == "Sunday")
        #expect(zone("Asia/Kathmandu").timeText(late) == "08:45")
        #expect(zone("Asia/Kathmandu").weekdayName(late) == "Monday")
        // Each weekday name, checked against Foundation's calendar.
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "America/New_York")!
        for k in 0..<7 {
            let i = t + Int64(k) * 86_400
            let wd = cal.component(.weekday, from: Date(timeIntervalSince1970: Double(i.seconds)))
            let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
            #expect(ny.weekdayName(i) == names[wd - 1])
        }
    }

    @Test func concurrentLookupsAgree() async {
        let z = zone("Europe/Berlin")
        let tz = TimeZone(identifier: "Europe/Berlin")!
        let start = at("1950-01-01T00:00:00Z").seconds, end = at("2090-01-01T00:00:00Z").seconds
        let results = await withTaskGroup(of: Bool.self) { group in
            for k in 0..<8 {
                group.addTask {
                    var ok = true
                    var u = start + Int64(k) * 3_601
                    while u < end {
                        ok = ok && z.utcOffset(at: Instant(seconds: u)) == tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(u)))
                        u += 86_400 * 13 + 7_777
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 8 && results.allSatisfy { $0 })
    }
}
