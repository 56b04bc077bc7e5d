import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

@Suite("Instants, local date-times, wall times")
struct InstantParserTests {
    @Test(arguments: [
        ("2026-11-29T09:00:00-05:00", "2026-11-29T14:00:00Z", -18_000),
        ("2026-11-29T09:00:00Z", "2026-11-29T09:00:00Z", 0),
        ("2026-11-29t09:00:00z", "2026-11-29T09:00:00Z", 0),
        ("2026-11-29 09:00:00+01:00", "2026-11-29T08:00:00Z", 3_600),
        ("2026-11-29T09:00Z", "2026-11-29T09:00:00Z", 0),
        ("2026-11-29T09:00:00.999Z", "2026-11-29T09:00:00Z", 0),
        ("2026-11-29T09:00:00.5-05:00", "2026-11-29T14:00:00Z", -18_000),
        ("2026-11-29T09:00:00+0545", "2026-11-29T03:15:00Z", 20_700),
        ("2026-11-29T09:00:00+05", "2026-11-29T04:00:00Z", 18_000),
        ("2024-02-29T23:59:59-00:00", "2024-02-29T23:59:59Z", 0),
        ("2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z", 0),
        ("2026-11-29T00:30:00+10:30", "2026-11-28T14:00:00Z", 37_800),
    ] as [(String, String, Int)])
    func parses(text: String, utc: String, offset: Int) throws {
        let (instant, o) = try InstantParser.parse(text)
        #expect(instant == at(utc))
        #expect(o == offset)
    }

    @Test(arguments: [
        ("", 0, "empty instant"),
        ("2026-11-29T09:00:00", 19, "has no UTC offset; add Z or an offset such as -05:00"),
        ("2026-11-29T09:00", 16, "has no UTC offset"),
        ("2026-13-01T00:00:00Z", 5, "month 13 is out of range 01-12"),
        ("2026-00-01T00:00:00Z", 5, "month 00 is out of range"),
        ("2026-04-31T00:00:00Z", 8, "day 31 does not exist in April"),
        ("2026-02-29T00:00:00Z", 8, "day 29 does not exist in February 2026"),
        ("1900-02-29T00:00:00Z", 8, "February 1900"),
        ("2026-11-00T00:00:00Z", 8, "day 00 does not exist"),
        ("2026-11-29T24:00:00Z", 11, "midnight is 00:00 of the next day"),
        ("2026-11-29T09:60:00Z", 14, "minute 60 is out of range 00-59"),
        ("2026-12-31T23:59:60Z", 17, "leap seconds are not supported"),
        ("2026-11-29", 10, "has no time"),
        ("2026-11-29X09:00Z", 10, "expected 'T' between the date and the time"),
        ("26-11-29T09:00:00Z", 0, "year '26' in instant '26-11-29T09:00:00Z' must have 4 digits"),
        ("20261-11-29T09:00:00Z", 0, "year '20261' in instant"),
        ("2026-1-29T09:00:00Z", 5, "month '1' in instant '2026-1-29T09:00:00Z' must have 2 digits"),
        ("2026-11-29T9:00:00Z", 11, "hour '9' in instant"),
        ("2026-11-29T09:00:00+25:00", 20, "offset hour 25 is out of range"),
        ("2026-11-29T09:00:00+05:60", 23, "offset minute 60"),
        ("2026-11-29T09:00:00+054", 22, "offset minute '4'"),
        ("2026-11-29T09:00:00+05:4", 23, "offset minute '4'"),
        ("2026-11-29T09:00:00Zjunk", 20, "unexpected 'j' after the offset"),
        ("2026-11-29T09:00:00 Z", 19, "unexpected a space after the time"),
        ("2026-11-29T09:00:00.Z", 20, "missing digits after '.'"),
        ("2026/11/29T09:00:00Z", 4, "expected '-' after the year"),
        ("now", 0, "expected a 4-digit year"),
    ] as [(String, Int, String)])
    func rejects(text: String, offset: Int, message: String) {
        let e = parseError { () throws(TimeParseError) in try InstantParser.parse(text) }
        #expect(e?.offset == offset, "\(text): \(String(describing: e))")
        #expect(e?.message.contains(message) == true, "\(text): \(String(describing: e))")
    }

    @Test func writtenFormRoundTrips() throws {
        for text in ["2026-11-29T09:00:00-05:00", "2026-03-08T03:30:00-04:00", "1999-12-31T23:59:59+05:45"] {
            let (i, o) = try InstantParser.parse(text)
            #expect(i.iso8601(offset: o) == text)
        }
    }

    @Test func localDateTimes() throws {
        let l = try LocalDateTime.parse("2026-11-29T09:00")
        #expect(l == LocalDateTime(year: 2026, month: 11, day: 29, hour: 9, minute: 0))
        #expect(l.description == "2026-11-29T09:00:00")
        #expect(try LocalDateTime.parse("2026-11-29T09:00:30").second == 30)
        let withOffset = parseError { () throws(TimeParseError) in try LocalDateTime.parse("2026-11-29T09:00Z") }
        #expect(withOffset?.offset == 16)
        #expect(withOffset?.message.contains("has a UTC offset") == true)
        let bad = parseError { () throws(TimeParseError) in try LocalDateTime.parse("2026-02-30T09:00") }
        #expect(bad?.offset == 8)
    }

    @Test func localTextResolvesThroughAZone() throws {
        let ny = zone("America/New_York")
        let plain = try InstantParser.parse("2026-11-29T09:00", localIn: ny)
        #expect(plain.instant == at("2026-11-29T14:00:00Z"))
        #expect(plain.offset == -18_000)
        // An explicit offset wins over the zone.
        let explicit = try InstantParser.parse("2026-11-29T09:00Z", localIn: ny)
        #expect(explicit.instant == at("2026-11-29T09:00:00Z"))
        #expect(explicit.offset == 0)
        // In the spring-forward gap: moved forward by the gap, reported at the new offset.
        let gap = try InstantParser.parse("2026-03-08T02:30", localIn: ny)
        #expect(gap.instant == at("2026-03-08T03:30:00-04:00"))
        #expect(gap.offset == -14_400)
        // In the fold: the first occurrence (EDT).
        let fold = try InstantParser.parse("2026-11-01T01:30", localIn: ny)
        #expect(fold.instant == at("2026-11-01T01:30:00-04:00"))
    }

    @Test(arguments: [("00:00", 0), ("08:00", 480), ("23:59", 1_439), ("12:30", 750), ("09:05", 545)])
    func wallTimes(text: String, minute: Int) throws {
        #expect(try WallTime.parse(text) == minute)
        #expect(WallTime.format(minuteOfDay: minute) == text)
    }

    @Test(arguments: [
        ("8:00", 0, "needs a two-digit hour: write 08:00"),
        ("24:00", 0, "hour 24 is out of range 00-23"),
        ("08:60", 3, "minute 60 is out of range 00-59"),
        ("08:5", 3, "two-digit minute"),
        ("08:00:00", 5, "has seconds"),
        ("0800", 2, "needs ':' between the hour and the minute: write 08:00"),
        ("08:00am", 5, "unexpected 'a'"),
        ("", 0, "empty wall time"),
        ("noon", 0, "must be HH:MM"),
        ("108:00", 0, "two-digit hour"),
    ] as [(String, Int, String)])
    func rejectsWallTimes(text: String, offset: Int, message: String) {
        let e = parseError { () throws(TimeParseError) in try WallTime.parse(text) }
        #expect(e?.offset == offset, "\(text): \(String(describing: e))")
        #expect(e?.message.contains(message) == true, "\(text): \(String(describing: e))")
    }
}
