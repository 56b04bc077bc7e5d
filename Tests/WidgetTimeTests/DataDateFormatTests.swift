import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

/// `dates:` formats (docs/data-dates.md): each written form decodes to its instant; what
/// does not decode is nil; a pattern that can match nothing is refused with its offset.
@Suite struct DataDateFormatTests {
    let berlin = zone("Europe/Berlin")

    /// The decoded instant in UTC (`…Z`), or nil.
    func decode(_ format: String, _ value: JSONValue) throws -> String? {
        try DataDateFormat.parse(format).decode(value, zone: berlin).map { $0.iso8601(offset: 0).replacingOccurrences(of: "+00:00", with: "Z") }
    }

    @Test(arguments: [
        ("2026-12-06T10:00:00Z", "2026-12-06T10:00:00Z"),
        ("2026-12-06T10:00:00.123Z", "2026-12-06T10:00:00Z"),
        ("2026-12-06T10:00:00+01:00", "2026-12-06T09:00:00Z"),
        ("2026-12-06T10:00:00+0100", "2026-12-06T09:00:00Z"),
        ("2026-12-06T10:00Z", "2026-12-06T10:00:00Z"),
        // No offset: the wall time in the zone; a date alone: local midnight.
        ("2026-12-06T10:00:00", "2026-12-06T09:00:00Z"),
        ("2026-12-06", "2026-12-05T23:00:00Z"),
        ("2026-07-01", "2026-06-30T22:00:00Z"),
    ])
    func iso8601Variants(text: String, utc: String) throws {
        #expect(try decode("iso8601", .string(text)) == utc)
    }

    @Test func epochSecondsAndMillisecondsAsNumbersOrText() throws {
        #expect(try decode("unix", 1_796_551_200) == "2026-12-06T10:00:00Z")
        #expect(try decode("unix", 1_796_551_200.75) == "2026-12-06T10:00:00Z")
        #expect(try decode("unix", "1796551200") == "2026-12-06T10:00:00Z")
        #expect(try decode("unixMillis", 1_796_551_200_999) == "2026-12-06T10:00:00Z")
        #expect(try decode("unixMillis", -1) == "1969-12-31T23:59:59Z")
        #expect(try decode("unixMillis", "1796551200000") == "2026-12-06T10:00:00Z")
        #expect(try decode("unix", "soon") == nil)
        #expect(try decode("unix", 1e300) == nil)
        #expect(try decode("unix", true) == nil)
    }

    @Test(arguments: [
        ("Sun, 06 Dec 2026 10:00:00 GMT", "2026-12-06T10:00:00Z"),
        ("6 Dec 2026 10:00 +0100", "2026-12-06T09:00:00Z"),
        ("Sunday, 06 Dec 2026 10:00:00 EST", "2026-12-06T15:00:00Z"),
        ("Sun, 06 Dec 26 10:00:00 UT", "2026-12-06T10:00:00Z"),
    ])
    func rfc2822(text: String, utc: String) throws {
        #expect(try decode("rfc2822", .string(text)) == utc)
    }

    @Test func rfc2822RefusesWhatIsNotOne() throws {
        for text in ["2026-12-06T10:00:00Z", "Sun, 31 Feb 2026 10:00:00 GMT", "Sun, 06 Dec 2026 10:00:00 XYZ", "06 Decem 2026 10:00 GMT"] {
            #expect(try decode("rfc2822", .string(text)) == nil, "\(text)")
        }
    }

    /// Patterns against Foundation's DateFormatter in the POSIX locale (the device's reading).
    @Test(arguments: [
        ("dd.MM.yyyy", "06.12.2026"),
        ("d.M.yyyy HH:mm", "6.12.2026 10:30"),
        ("d MMM yyyy", "6 Dec 2026"),
        ("EEEE, d MMMM yyyy 'at' h:mm a", "Sunday, 6 December 2026 at 3:05 PM"),
        ("yyyyMMdd'T'HHmmss", "20261206T103000"),
        ("yyyy-MM-dd HH:mm:ss.SSS XXX", "2026-12-06 10:30:00.250 +05:30"),
        ("MM/dd/yy hh:mm a", "12/06/26 12:15 AM"),
    ])
    func patternsAgreeWithFoundation(pattern: String, text: String) throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Berlin")
        formatter.dateFormat = pattern
        let expected = try #require(formatter.date(from: text))
        let decoded = try #require(try DataDateFormat.parse(pattern).decode(.string(text), zone: berlin))
        #expect(decoded.seconds == Int64(expected.timeIntervalSince1970.rounded(.down)))
    }

    @Test func aValueThePatternDoesNotMatchDoesNotDecode() throws {
        for text in ["32.12.2026", "06.13.2026", "6.12.26x", "06-12-2026", "", "29.02.2026"] {
            #expect(try decode("dd.MM.yyyy", .string(text)) == nil, "\(text)")
        }
        #expect(try decode("dd.MM.yyyy", 6_122_026) == nil)
        #expect(try decode("dd.MM.yyyy", "29.02.2028") == "2028-02-28T23:00:00Z")
    }

    @Test func patternsThatCannotMatchAreRefusedWithTheirOffset() {
        func refusal(_ pattern: String) -> (String, Int)? {
            parseError { () throws(TimeParseError) in try DataDateFormat.parse(pattern) }.map { ($0.message, $0.offset) }
        }
        #expect(refusal("dd.MM.yyyy")?.0 == nil)
        let unknown = refusal("dd.MM.yyyy Q")
        #expect(unknown?.1 == 11)
        #expect(unknown?.0.contains("'Q' is not a pattern letter") == true)
        #expect(refusal("dd.MM")?.0 == "date pattern 'dd.MM' has no year (y): it names no instant")
        #expect(refusal("dd.MM.yyyy 'T")?.1 == 11)
        #expect(refusal("dd.MM.yyyy.dd")?.0.contains("the day is written twice") == true)
        #expect(refusal("hh:mm dd.MM.yyyy")?.0.contains("without AM/PM") == true)
        // Numbers run together with a one-letter field: it cannot read back its own text.
        #expect(refusal("yyyyMd")?.0.contains("matches nothing: it cannot read back '2026126'") == true)
        #expect(refusal("today")?.0.contains("'t' is not a pattern letter") == true)
    }
}
