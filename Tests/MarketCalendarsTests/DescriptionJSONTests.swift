import Testing
import WidgetSupport
import WidgetTime
@testable import MarketCalendars

@Suite("Exchange descriptions as plan JSON")
struct DescriptionJSONTests {
    static let builtIn = ExchangeRegistry.descriptions

    /// Written, read back as text, decoded: the same description, the same bytes.
    @Test(arguments: builtIn.map(\.mic))
    func roundTripsThroughText(mic: String) throws {
        let d = try #require(Self.builtIn.first { $0.mic == mic })
        let text = JSONWriter.string(d.planJSON)
        let decoded = try ExchangeDescription(planJSON: JSONReader.parse(text).json)
        #expect(decoded == d)
        #expect(JSONWriter.string(decoded.planJSON) == text)
    }

    /// A calendar built from the decoded description has exactly the built-in sessions.
    @Test(arguments: builtIn.map(\.mic))
    func decodedCalendarHasTheSameSessions(mic: String) throws {
        let builtIn = calendar(mic)
        let decoded = try MarketCalendar(ExchangeDescription(planJSON: JSONReader.parse(JSONWriter.string(builtIn.exchange.planJSON)).json))
        let from = day("2000-01-01"), through = day("2035-12-31")
        let expected = builtIn.sessions(fromDay: from, throughDay: through)
        let actual = decoded.sessions(fromDay: from, throughDay: through)
        #expect(expected.count > 8_000)
        #expect(Self.firstDifference(actual, expected) == nil)
        let years = 2000...2035
        #expect(Self.firstDifference(years.flatMap(decoded.closures(inYear:)), years.flatMap(builtIn.closures(inYear:))) == nil)
    }

    /// Where two long lists first differ, so a failure prints one line, not 9,000 sessions.
    static func firstDifference<T: Equatable>(_ actual: [T], _ expected: [T]) -> String? {
        if let i = (0..<min(actual.count, expected.count)).first(where: { actual[$0] != expected[$0] }) { return "#\(i): \(actual[i]) != \(expected[i])" }
        return actual.count == expected.count ? nil : "\(actual.count) items != \(expected.count)"
    }

    /// Every enum case and every optional field, so nothing the built-in exchanges
    /// happen not to use goes unwritten.
    static let everyCase = ExchangeDescription(
        mic: "XALL", name: "Every \"case\"\n", timeZone: "Asia/Dubai", weekend: [.friday, .saturday],
        hours: [TradingHours(from: CivilDate(1999, 2, 28), open: wall(10), close: wall(14)),
                TradingHours(from: CivilDate(2024, 3, 1), open: wall(0), close: wall(23, 59), breakStart: wall(12), breakEnd: wall(12, 30))],
        holidays: [
            HolidayRule("a", .fixed(2, 29), observance: .none, years: YearRange(from: 1, through: 9_999, except: [3, 2])),
            HolidayRule("b", .nth(5, .sunday, of: 12), observance: .nearestWeekday, marketOnly: true),
            HolidayRule("c", .last(.saturday, of: 1).plus(-366), observance: .sundayToMonday),
            HolidayRule("d", .easter(366), observance: .nextFreeWeekday, years: YearRange(through: 2000)),
            HolidayRule("e", DayRule(.marchEquinoxJapan), observance: .sundayToNextFreeDay),
            HolidayRule("f", DayRule(.septemberEquinoxJapan, offsetDays: 1)),
        ],
        earlyCloses: [
            EarlyCloseRule("g", .fixed(12, 31), close: wall(11), onlyOn: .all, shift: .none),
            EarlyCloseRule("h", .fixed(1, 1), close: wall(11), onlyOn: [.sunday, .wednesday], shift: .previousTradingDay),
            EarlyCloseRule("i", .fixed(1, 2), close: wall(11), onlyOn: .monday, shift: .nextTradingDay, years: YearRange(from: 2000)),
        ],
        closures: [DatedClosure(CivilDate(2000, 1, 3), "j")],
        specialHours: [SpecialHours(CivilDate(2001, 1, 1), open: wall(11), "k"),
                       SpecialHours(CivilDate(2001, 1, 2), close: wall(13), "l"),
                       SpecialHours(CivilDate(2001, 1, 3), open: wall(11), close: wall(13), "m"),
                       SpecialHours(CivilDate(2001, 1, 4), "n")],
        bridgesDaysBetweenHolidays: true, notes: "ü – 日本")

    @Test func everyCaseRoundTrips() throws {
        let all = Self.everyCase
        #expect(all.problems().isEmpty)
        let text = JSONWriter.string(all.planJSON)
        let decoded = try ExchangeDescription(planJSON: JSONReader.parse(text).json)
        #expect(decoded == all)
        #expect(JSONWriter.string(decoded.planJSON) == text)
        for word in PlanWords.observances + PlanWords.shifts + PlanWords.anchors where word != "none" {
            #expect(text.contains("\"\(word)\""), "\(word) not written")
        }
    }

    @Test func theShapeIsReadable() {
        let text = JSONWriter.string(ExchangeDescription.xnys.planJSON)
        #expect(text.hasPrefix(#"{"mic":"XNYS","name":"New York Stock Exchange","timeZone":"America/New_York","weekend":["saturday","sunday"],"hours":[{"open":"09:30","close":"16:00"}],"holidays":[{"name":"New Year's Day","day":{"fixed":{"month":1,"day":1}},"observance":"sundayToMonday","years":{},"marketOnly":false},"#))
        #expect(text.contains(#"{"name":"Good Friday","day":{"easterSunday":{},"offsetDays":-2},"observance":"none","years":{"from":1908},"marketOnly":false}"#))
        #expect(text.contains(#"{"name":"Day after Thanksgiving","day":{"nthWeekday":{"n":4,"weekday":"thursday","month":11},"offsetDays":1},"close":"13:00","onlyOn":["monday","tuesday","wednesday","thursday","friday","saturday","sunday"],"shift":"none","years":{"from":1993}}"#))
        #expect(text.contains(#""closures":[{"date":"2001-09-11","name":"September 11 attacks"},"#))
        #expect(text.contains(#""specialHours":[{"date":"2002-09-11","open":"12:00","name":"September 11 anniversary late open"},"#))
        let tokyo = JSONWriter.string(ExchangeDescription.xtks.planJSON)
        #expect(tokyo.contains(#"{"from":"2024-11-05","open":"09:00","close":"15:30","lunch":{"start":"11:30","end":"12:30"}}"#))
        #expect(tokyo.contains(#""bridgesDaysBetweenHolidays":true,"notes":"Holidays are computed"#))
    }

    // MARK: - Refusals

    /// The XNYS JSON with one member changed (or removed, for `nil`).
    static func mutated(_ pointer: String, _ value: JSONValue?, in base: JSONValue = ExchangeDescription.xnys.planJSON) -> JSONValue {
        replacing(base, at: JSONPointer.tokens(pointer)![...], with: value)
    }

    static func replacing(_ v: JSONValue, at tokens: ArraySlice<String>, with new: JSONValue?) -> JSONValue {
        guard let first = tokens.first else { return new ?? .null }
        switch v {
        case .object(var o):
            guard let child = o[first] else {
                if tokens.count == 1, let new { o[first] = new }
                return .object(o)
            }
            if tokens.count == 1, new == nil { o.removeValue(forKey: first) } else { o[first] = replacing(child, at: tokens.dropFirst(), with: new) }
            return .object(o)
        case .array(var a):
            guard let i = Int(first), a.indices.contains(i) else { return v }
            if tokens.count == 1, new == nil { a.remove(at: i) } else { a[i] = replacing(a[i], at: tokens.dropFirst(), with: new) }
            return .array(a)
        default:
            return v
        }
    }

    static func errorText(_ json: JSONValue) -> String {
        do {
            _ = try ExchangeDescription(planJSON: json)
            return "decoded"
        } catch {
            return error.description
        }
    }

    @Test func errorsNameTheMemberAndWhatWasExpected() {
        let cases: [(String, JSONValue?, String)] = [
            ("/holidays/3/observance", "x", "/holidays/3/observance: expected one of none, nearestWeekday, sundayToMonday, nextFreeWeekday, sundayToNextFreeDay, found 'x'"),
            ("/holidays/3/observance", nil, "/holidays/3/observance: missing member 'observance'"),
            ("/holidays/0/day/fixed/month", 13, "/holidays/0/day/fixed/month: expected a month 1 to 12, found 13"),
            ("/holidays/0/day/fixed/day", 31.0, "decoded"),  // a whole double is an integer, as JSON equality says
            ("/holidays/0/day/fixed", ["month": 2, "day": 30], "/holidays/0/day/fixed/day: expected a day that month has, found 30"),
            ("/holidays/0/day/fixed/day", "1", "/holidays/0/day/fixed/day: expected a day of the month 1 to 31, found '1'"),
            ("/holidays/1/day/nthWeekday/n", 6, "/holidays/1/day/nthWeekday/n: expected a count 1 to 5, found 6"),
            ("/holidays/1/day/nthWeekday/weekday", "Monday", "/holidays/1/day/nthWeekday/weekday: expected one of sunday, monday, tuesday, wednesday, thursday, friday, saturday, found 'Monday'"),
            ("/holidays/1/day/lastWeekday", ["weekday": "monday", "month": 5], "/holidays/1/day: expected exactly one of the members fixed, nthWeekday, lastWeekday, easterSunday, marchEquinoxJapan, septemberEquinoxJapan, found nthWeekday and lastWeekday"),
            ("/holidays/1/day/nthWeekday", nil, "/holidays/1/day: expected exactly one of the members fixed, nthWeekday, lastWeekday, easterSunday, marchEquinoxJapan, septemberEquinoxJapan, found none"),
            ("/holidays/3/day/easterSunday", ["n": 1], "/holidays/3/day/easterSunday/n: unknown member; expected no members"),
            ("/holidays/3/day/offsetDays", 1_000_000_000_000, "/holidays/3/day/offsetDays: expected a number of days -366 to 366, found 1000000000000"),
            ("/holidays/3/years/from", 1e300, "/holidays/3/years/from: expected a year 1 to 9999, found 1e+300"),
            ("/holidays/3/years/except", [2000, "2001"], "/holidays/3/years/except/1: expected a year 1 to 9999, found '2001'"),
            ("/holidays/3/marketOnly", "no", "/holidays/3/marketOnly: expected true or false, found 'no'"),
            ("/holidays/3/colour", "red", "/holidays/3/colour: unknown member; expected only the members name, day, observance, years, marketOnly"),
            ("/hours/0/open", "9:30", "/hours/0/open: expected a wall time HH:MM, 00:00 to 23:59, found '9:30'"),
            ("/hours/0/close", "24:00", "/hours/0/close: expected a wall time HH:MM, 00:00 to 23:59, found '24:00'"),
            ("/hours/0/close", "09:00", "/hours/0/close: expected a time after the open, found '09:00'"),
            ("/hours/0/lunch", ["start": "12:00"], "/hours/0/lunch/end: missing member 'end'"),
            ("/hours/0/lunch", ["start": "12:00", "end": "16:30"], "/hours/0/lunch/end: expected a time between the lunch start and the close, found '16:30'"),
            ("/hours/0/from", "2023-02-29", "/hours/0/from: expected a date that exists, found '2023-02-29'"),
            ("/hours", [], "/hours: expected at least one period of trading hours, found []"),
            ("/hours", [["open": "09:30", "close": "16:00"], ["open": "09:30", "close": "16:00"]], "/hours/1/from: expected a date YYYY-MM-DD (only the first period may leave it out), found no member"),
            ("/hours", [["from": "2001-01-01", "open": "09:30", "close": "16:00"], ["from": "2001-01-01", "open": "09:30", "close": "16:00"]], "/hours/1/from: expected a date after the previous period's (2001-01-01), found '2001-01-01'"),
            ("/closures/0/date", "2001-9-11", "/closures/0/date: expected a date YYYY-MM-DD, found '2001-9-11'"),
            ("/closures/0/date", "2001-13-11", "/closures/0/date: expected a date that exists, found '2001-13-11'"),
            ("/specialHours/1/open", "14:00", "/specialHours/1/close: expected a time after the open (14:00), found '13:00'"),
            ("/earlyCloses/0/shift", "previous", "/earlyCloses/0/shift: expected one of none, previousTradingDay, nextTradingDay, found 'previous'"),
            ("/earlyCloses/0/onlyOn", [], "/earlyCloses/0/onlyOn: expected at least one weekday, found []"),
            ("/earlyCloses/0/onlyOn", ["monday", "monday"], "/earlyCloses/0/onlyOn/1: expected each weekday once, found 'monday' again"),
            ("/weekend", ["saturday", "sunday", "monday", "tuesday", "wednesday", "thursday", "friday"], "/weekend: expected at least one trading weekday, found every day"),
            ("/weekend", "saturday", "/weekend: expected an array, found 'saturday'"),
            ("/timeZone", "Mars/Olympus", "/timeZone: expected an IANA time zone (America/New_York), found 'Mars/Olympus'"),
            ("/mic", "", "/mic: expected a market identifier code (XNYS), found ''"),
            ("/mic", nil, "/mic: missing member 'mic'"),
            ("/bridgesDaysBetweenHolidays", 0, "/bridgesDaysBetweenHolidays: expected true or false, found 0"),
            ("/notes", .null, "/notes: expected a string, found null"),
            ("/format", "widgetc-plan/1", "/format: unknown member; expected only the members mic, name, timeZone, weekend, hours, holidays, earlyCloses, closures, specialHours, bridgesDaysBetweenHolidays, notes"),
            ("", [1], "expected an object, found an array"),
        ]
        for (pointer, value, expected) in cases {
            #expect(Self.errorText(Self.mutated(pointer, value)) == expected, "\(pointer)")
        }
    }

    /// Each member of the every-case calendar replaced by values of every type, by
    /// out-of-range numbers and unknown words, or removed: decoding either gives a
    /// clean description or throws an error pointing at (or above) the change;
    /// never a crash. (The every-case calendar has each shape the built-in ones
    /// have, in a twentieth of the members.)
    @Test func mutationsAreRefusedOrClean() throws {
        let base = Self.everyCase.planJSON
        let replacements: [JSONValue?] = [nil, .null, true, 0, -1, 13, 32, 1e300, 2.5, "", "x", "25:00", "2024-02-30", [], ["x"], [:], ["x": 1]]
        var pointers: [[String]] = []
        func walk(_ v: JSONValue, _ path: [String]) {
            pointers.append(path)
            switch v {
            case .object(let o): for (k, child) in o { walk(child, path + [k]) }
            case .array(let a): for (i, child) in a.enumerated() { walk(child, path + [String(i)]) }
            default: break
            }
        }
        walk(base, [])
        var refused = 0
        for path in pointers {
            let at = JSONPointer.string(path), parent = JSONPointer.string(path.dropLast())
            for new in replacements {
                let json = Self.replacing(base, at: path[...], with: new)
                do {
                    let d = try ExchangeDescription(planJSON: json)
                    #expect(d.problems().isEmpty, "\(at) = \(String(describing: new))")
                } catch {
                    refused += 1
                    let p = error.pointer
                    let near = p == at || p.hasPrefix(at + "/") || (new == nil && p == parent) || p.isEmpty
                    #expect(near, "\(at) = \(String(describing: new)): \(error)")
                }
            }
        }
        #expect(refused > pointers.count)
    }

    /// Text cut short or with a byte changed is refused by the reader or by the
    /// decoder, never a crash.
    @Test func damagedTextIsRefused() throws {
        let text = Array(JSONWriter.string(Self.everyCase.planJSON).utf8)
        for cut in stride(from: 0, to: text.count, by: 5) {
            #expect(throws: (any Error).self) {
                try ExchangeDescription(planJSON: JSONReader.parse(bytes: Array(text[..<cut])).json)
            }
        }
        var decoded = 0
        for i in stride(from: 0, to: text.count, by: 2) {
            for byte in [UInt8(ascii: "9"), UInt8(ascii: "x"), UInt8(ascii: "\"")] where text[i] != byte {
                var damaged = text
                damaged[i] = byte
                guard let json = try? JSONReader.parse(bytes: damaged).json,
                      let d = try? ExchangeDescription(planJSON: json) else { continue }
                decoded += 1
                #expect(d.problems().isEmpty)
            }
        }
        #expect(decoded > 0)  // a changed name or note still decodes
    }
}
