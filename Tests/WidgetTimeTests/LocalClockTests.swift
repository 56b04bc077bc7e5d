import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

/// The first `count` instants of a walk, as instants.
func firstInstants<P>(_ it: LocalClockIterator<P>, _ count: Int) -> [Instant] {
    Array(it.prefix(count))
}

@Suite("Cron and aligned every on the local clock")
struct LocalClockTests {
    @Test func everyQuarterHourThroughTheNewYorkFold() throws {
        let cron = try CronExpression("*/15 * * * *")
        let got = firstInstants(cron.fireTimes(after: at("2026-11-01T00:30:00-04:00"), in: zone("America/New_York")), 10)
        let want = [
            "2026-11-01T00:45:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T01:15:00-04:00",
            "2026-11-01T01:30:00-04:00", "2026-11-01T01:45:00-04:00",
            "2026-11-01T01:00:00-05:00", "2026-11-01T01:15:00-05:00", "2026-11-01T01:30:00-05:00",
            "2026-11-01T01:45:00-05:00", "2026-11-01T02:00:00-05:00",
        ].map(at)
        #expect(got == want)
        // The rhythm is kept: every step is 15 minutes of real time.
        #expect(zip(got, got.dropFirst()).allSatisfy { $1 - $0 == 900 })
    }

    @Test func everyQuarterHourThroughTheNewYorkGap() throws {
        let cron = try CronExpression("*/15 * * * *")
        let got = firstInstants(cron.fireTimes(after: at("2026-03-08T01:30:00-05:00"), in: zone("America/New_York")), 3)
        #expect(got == ["2026-03-08T01:45:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-08T03:15:00-04:00"].map(at))
    }

    @Test func aReadingInTheGapIsSkippedThatDay() throws {
        let ny = zone("America/New_York")
        let cron = try CronExpression("30 2 * * *")
        let got = firstInstants(cron.fireTimes(after: at("2026-03-07T12:00:00-05:00"), in: ny), 2)
        #expect(got == ["2026-03-09T02:30:00-04:00", "2026-03-10T02:30:00-04:00"].map(at))
        // 02:30 on fall-back day is after the fold: once.
        #expect(cron.next(after: at("2026-11-01T00:00:00-04:00"), in: ny) == at("2026-11-01T02:30:00-05:00"))
        // 01:30 on fall-back day happens twice.
        let fold = try CronExpression("30 1 * * *")
        #expect(firstInstants(fold.fireTimes(after: at("2026-11-01T00:00:00-04:00"), in: ny), 3)
            == ["2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00", "2026-11-02T01:30:00-05:00"].map(at))
    }

    @Test func berlinTransitions() throws {
        let berlin = zone("Europe/Berlin")
        let hourly = try CronExpression("0 * * * *")
        #expect(firstInstants(hourly.fireTimes(after: at("2026-03-29T00:30:00+01:00"), in: berlin), 3)
            == ["2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T04:00:00+02:00"].map(at))
        #expect(firstInstants(hourly.fireTimes(after: at("2026-10-25T01:30:00+02:00"), in: berlin), 4)
            == ["2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00", "2026-10-25T04:00:00+01:00"].map(at))
    }

    @Test func lordHoweHoursStayOnTheLocalClock() throws {
        let lh = zone("Australia/Lord_Howe")
        let hourly = try CronExpression("0 * * * *")
        // April: 02:00 (+11:00) becomes 01:30 (+10:30); 01:30-02:00 happens twice, no full hour in it.
        let april = firstInstants(hourly.fireTimes(after: at("2026-04-04T23:30:00+11:00"), in: lh), 4)
        #expect(april == ["2026-04-05T00:00:00+11:00", "2026-04-05T01:00:00+11:00", "2026-04-05T02:00:00+10:30", "2026-04-05T03:00:00+10:30"].map(at))
        #expect(april[2] - april[1] == 5_400)  // 90 minutes of real time between 01:00 and 02:00
        // October: 02:00 (+10:30) becomes 02:30 (+11:00); 02:00 never happens.
        let october = firstInstants(hourly.fireTimes(after: at("2026-10-03T23:30:00+10:30"), in: lh), 4)
        #expect(october == ["2026-10-04T00:00:00+10:30", "2026-10-04T01:00:00+10:30", "2026-10-04T03:00:00+11:00", "2026-10-04T04:00:00+11:00"].map(at))
        // Half hours through the April fold: 01:30 twice.
        let halves = firstInstants(try CronExpression("*/30 * * * *").fireTimes(after: at("2026-04-05T00:45:00+11:00"), in: lh), 4)
        #expect(halves == ["2026-04-05T01:00:00+11:00", "2026-04-05T01:30:00+11:00", "2026-04-05T01:30:00+10:30", "2026-04-05T02:00:00+10:30"].map(at))
        // Aligned every 1h gives the same local-clock hours.
        let every = firstInstants(AlignedEvery(seconds: 3_600)!.instants(after: at("2026-10-03T23:30:00+10:30"), in: lh), 4)
        #expect(every == october)
    }

    @Test func kathmanduQuarterHours() throws {
        let k = zone("Asia/Kathmandu")
        let every = AlignedEvery(seconds: 900)!
        let got = firstInstants(every.instants(after: at("2026-06-01T10:07:00+05:45"), in: k), 4)
        #expect(got == ["2026-06-01T10:15:00+05:45", "2026-06-01T10:30:00+05:45", "2026-06-01T10:45:00+05:45", "2026-06-01T11:00:00+05:45"].map(at))
        #expect(got.map { k.timeText($0) } == ["10:15", "10:30", "10:45", "11:00"])
        // The 1986 change from +05:30 to +05:45 skips 00:00-00:15 on the local clock.
        let change = firstInstants(every.instants(after: at("1985-12-31T23:30:00+05:30"), in: k), 3)
        #expect(change == ["1985-12-31T23:45:00+05:30", "1986-01-01T00:15:00+05:45", "1986-01-01T00:30:00+05:45"].map(at))
        // Hourly cron is on the local hour, i.e. at :15 UTC.
        #expect(try CronExpression("0 * * * *").next(after: at("2026-06-01T10:07:00+05:45"), in: k) == at("2026-06-01T05:15:00Z"))
    }

    @Test func alignedEveryThroughNewYorkTransitions() {
        let ny = zone("America/New_York")
        let hour = AlignedEvery(seconds: 3_600)!
        #expect(firstInstants(hour.instants(after: at("2026-11-01T00:00:00-04:00"), in: ny), 3)
            == ["2026-11-01T01:00:00-04:00", "2026-11-01T01:00:00-05:00", "2026-11-01T02:00:00-05:00"].map(at))
        #expect(firstInstants(hour.instants(after: at("2026-03-08T00:30:00-05:00"), in: ny), 3)
            == ["2026-03-08T01:00:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-08T04:00:00-04:00"].map(at))
        let ninety = AlignedEvery(seconds: 5_400)!
        #expect(firstInstants(ninety.instants(after: at("2026-11-29T00:00:00-05:00"), in: ny), 3)
            == ["2026-11-29T01:30:00-05:00", "2026-11-29T03:00:00-05:00", "2026-11-29T04:30:00-05:00"].map(at))
        let seconds = AlignedEvery(seconds: 90)!
        #expect(seconds.next(after: at("2026-11-29T09:00:00-05:00"), in: ny) == at("2026-11-29T09:01:30-05:00"))
        let day = AlignedEvery(seconds: 86_400)!
        #expect(day.next(after: at("2026-11-29T09:00:00-05:00"), in: ny) == at("2026-11-30T00:00:00-05:00"))
        // A whole day is exactly the next local midnight, even across a short day.
        #expect(day.next(after: at("2026-03-08T00:00:00-05:00"), in: ny) == at("2026-03-09T00:00:00-04:00"))
        #expect(day.next(after: at("2026-03-07T23:59:59-05:00"), in: ny) == at("2026-03-08T00:00:00-05:00"))
    }

    @Test(arguments: [
        (Int64(0), "longer than 0s"), (-60, "longer than 0s"), (420, "7m does not divide 24h evenly"),
        (172_800, "2d is longer than a day"), (25_200, "7h does not divide 24h"),
    ])
    func alignmentProblems(seconds: Int64, problem: String) {
        #expect(AlignedEvery.alignmentProblem(seconds: seconds)?.contains(problem) == true)
        #expect(AlignedEvery(seconds: seconds) == nil)
    }

    @Test(arguments: [Int64(1), 90, 900, 3_600, 5_400, 28_800, 43_200, 86_400])
    func alignableIntervals(seconds: Int64) {
        #expect(AlignedEvery.alignmentProblem(seconds: seconds) == nil)
        #expect(AlignedEvery(seconds: seconds)?.seconds == seconds)
    }

    @Test func unalignedEvery() {
        let t = at("2026-11-29T09:03:17Z")
        #expect(AlignedEvery.unaligned(start: t, step: 420, after: t) == t + 420)
        #expect(AlignedEvery.unaligned(start: t, step: 420, after: t + 419) == t + 420)
        #expect(AlignedEvery.unaligned(start: t, step: 420, after: t + 420) == t + 840)
        #expect(AlignedEvery.unaligned(start: t, step: 420, after: t - 1) == t)
        #expect(AlignedEvery.unaligned(start: t, step: 420, after: t - 500) == t - 420)
    }

    @Test func vixieDayRuleInAction() throws {
        // Day-of-month 1 or Mondays.
        let either = try CronExpression("0 0 1 * MON")
        #expect(firstInstants(either.fireTimes(after: at("2026-06-30T12:00:00Z"), in: .utc), 7)
            == ["2026-07-01", "2026-07-06", "2026-07-13", "2026-07-20", "2026-07-27", "2026-08-01", "2026-08-03"].map { at($0 + "T00:00:00Z") })
        // */2 starts with '*': odd days that are also Mondays.
        let both = try CronExpression("0 0 */2 * MON")
        #expect(firstInstants(both.fireTimes(after: at("2026-06-30T12:00:00Z"), in: .utc), 4)
            == ["2026-07-13", "2026-07-27", "2026-08-03", "2026-08-17"].map { at($0 + "T00:00:00Z") })
        // Weekdays in a zone.
        let workdays = try CronExpression("30 9 * * MON-FRI")
        let ny = zone("America/New_York")
        let got = firstInstants(workdays.fireTimes(after: at("2026-11-27T10:00:00-05:00"), in: ny), 3)  // a Friday
        #expect(got == ["2026-11-30T09:30:00-05:00", "2026-12-01T09:30:00-05:00", "2026-12-02T09:30:00-05:00"].map(at))
        #expect(got.map { ny.weekdayName($0) } == ["Monday", "Tuesday", "Wednesday"])
    }

    @Test func rareAndBoundedSearches() throws {
        // Feb 29 only in leap years.
        let leap = try CronExpression("0 12 29 2 *")
        #expect(firstInstants(leap.fireTimes(after: at("2026-01-01T00:00:00Z"), in: .utc), 3)
            == ["2028-02-29T12:00:00Z", "2032-02-29T12:00:00Z", "2036-02-29T12:00:00Z"].map(at))
        // '*/1' starts with '*': February days that are also Mondays.
        let februaryMondays = try CronExpression("0 0 */1 2 MON")
        #expect(februaryMondays.dayOfMonthStar)
        #expect(firstInstants(februaryMondays.fireTimes(after: at("2026-01-01T00:00:00Z"), in: .utc), 4)
            == ["2026-02-02", "2026-02-09", "2026-02-16", "2026-02-23"].map { at($0 + "T00:00:00Z") })
        // '*/29' is {1, 30}; with Mondays: February 1sts that are Mondays.
        let firstMonday = try CronExpression("0 0 */29 2 1")
        #expect(firstMonday.next(after: at("2026-01-01T00:00:00Z"), in: .utc) == at("2027-02-01T00:00:00Z"))
        // A limit ends the walk.
        let yearly = try CronExpression("@yearly")
        #expect(yearly.next(after: at("2026-01-01T00:00:00Z"), in: .utc, before: at("2026-12-31T23:59:59Z")) == nil)
        #expect(yearly.next(after: at("2026-01-01T00:00:00Z"), in: .utc, before: at("2027-01-01T00:00:01Z")) == at("2027-01-01T00:00:00Z"))
        // The limit is exclusive.
        #expect(yearly.next(after: at("2026-01-01T00:00:00Z"), in: .utc, before: at("2027-01-01T00:00:00Z")) == nil)
        // Extreme instants end quietly.
        #expect(yearly.next(after: Instant(seconds: Int64.max - 10), in: .utc) == nil)
        #expect(yearly.next(after: Instant(seconds: Int64.min), in: zone("America/New_York")) != nil)
    }

    @Test func feb29OnAMondayIsFoundDecadesAhead() throws {
        // dom '29' and dow '*/7' (= Sunday only, starts with '*'): Feb 29 that is a Sunday.
        let c = try CronExpression("0 0 29 2 */7")
        #expect(c.canFire)
        var got: [Int] = []
        for t in c.fireTimes(after: at("2026-01-01T00:00:00Z"), in: .utc).prefix(3) {
            got.append(ZoneRules.utc.localDateTime(of: t).year)
        }
        #expect(got == [2032, 2060, 2088])
    }
}
