import Testing
@testable import WidgetTime

@Suite("Durations")
struct DurationTests {
    @Test(arguments: [
        ("90s", 90), ("15m", 900), ("1h30m", 5_400), ("2d", 172_800), ("1d12h", 129_600),
        ("1d2h3m4s", 93_784), ("0s", 0), ("90m", 5_400), ("1h90m", 9_000), ("1.5h", 5_400),
        ("0.5m", 30), ("2.25h", 8_100), ("PT15M", 900), ("PT1H30M", 5_400), ("P1D", 86_400),
        ("P1DT2H", 93_600), ("PT90S", 90), ("P1W", 604_800), ("P1W2D", 777_600), ("pt15m", 900),
        ("PT0S", 0), ("PT1.5H", 5_400), ("P2DT3H4M5S", 183_845), ("1000000d", 86_400_000_000),
    ] as [(String, Int64)])
    func parses(text: String, seconds: Int64) throws {
        #expect(try DurationParser.parse(text) == seconds)
    }

    @Test(arguments: [
        ("", 0, "empty duration"),
        ("15x", 2, "unknown unit 'x' in duration '15x'; use s, m, h or d"),
        ("15min", 2, "unknown unit 'min'"),
        ("500ms", 3, "unknown unit 'ms'"),
        ("15M", 2, "unknown unit 'M'"),
        ("15", 2, "missing unit after '15'"),
        ("-15m", 0, "negative"),
        ("+15m", 0, "sign"),
        ("30m1h", 4, "unit 'h' comes after 'm'"),
        ("1m2m", 3, "unit 'm' appears twice"),
        ("1h 30m", 2, "unexpected space"),
        ("h", 0, "missing number before 'h'"),
        ("0.5s", 0, "not a whole number of seconds"),
        ("1.h", 2, "missing digits after '.'"),
        (".5h", 0, "missing digits before '.'"),
        ("1000001d", 0, "too long"),
        ("99999999999999999999s", 0, "too long"),
        ("P", 1, "no components"),
        ("PT", 2, "no hours, minutes or seconds after 'T'"),
        ("P1Y", 2, "years have no fixed length"),
        ("P1M", 2, "months have no fixed length"),
        ("P1H", 2, "go after 'T'"),
        ("PT1D", 3, "go before 'T'"),
        ("PT1M1H", 5, "out of order"),
        ("PT1H1H", 5, "appears twice"),
        ("PT15", 4, "missing designator"),
        ("PT1X", 3, "unknown designator 'X'"),
        ("PT1HT1M", 4, "'T' appears twice"),
        ("15é", 2, "unknown unit 'é'"),
        ("é5m", 0, "unexpected 'é'"),
        ("1h 2é", 2, "unexpected space"),
        ("1hé", 1, "unknown unit 'hé'"),
    ] as [(String, Int, String)])
    func rejects(text: String, offset: Int, message: String) {
        let e = parseError { () throws(TimeParseError) in try DurationParser.parse(text) }
        #expect(e?.offset == offset, "\(text): \(String(describing: e))")
        #expect(e?.message.contains(message) == true, "\(text): \(String(describing: e))")
    }

    @Test func errorOffsetsCountScalarsNotBytes() {
        // 'é' is two UTF-8 bytes but one column.
        let e = parseError { () throws(TimeParseError) in try DurationParser.parse("ééx") }
        #expect(e?.offset == 0)
        var text = "aéb€c"
        let offsets = text.withUTF8 { buf in (0...buf.count).map { ParseText(bytes: buf).scalarOffset($0) } }
        // Bytes: a é(2) b €(3) c -> scalar index of each byte position.
        #expect(offsets == [0, 1, 2, 2, 3, 4, 4, 4, 5])
    }

    @Test(arguments: [
        (Int64(0), "0s"), (45, "45s"), (5_400, "1h30m"), (172_800, "2d"), (129_600, "1d12h"),
        (93_784, "1d2h3m4s"), (-900, "-15m"), (3_600, "1h"),
    ])
    func formats(seconds: Int64, text: String) throws {
        #expect(DurationFormatter.format(seconds) == text)
        if seconds >= 0 { #expect(try DurationParser.parse(text) == seconds) }
    }

    @Test(arguments: [Int64(0), 1, 59, 60, 61, 3_599, 3_600, 86_399, 86_400, 93_784, 777_600, 86_400_000_000])
    func bothFormsRoundTrip(seconds: Int64) throws {
        #expect(try DurationParser.parse(DurationFormatter.format(seconds)) == seconds)
        #expect(try DurationParser.parse(DurationFormatter.iso8601(seconds)) == seconds)
    }

    @Test func isoFormatting() {
        #expect(DurationFormatter.iso8601(900) == "PT15M")
        #expect(DurationFormatter.iso8601(93_600) == "P1DT2H")
        #expect(DurationFormatter.iso8601(0) == "PT0S")
        #expect(DurationFormatter.iso8601(86_400) == "P1D")
    }

    @Test func relativeInstants() throws {
        #expect(try RelativeInstant.parse("+2h") == 7_200)
        #expect(try RelativeInstant.parse("+PT30M") == 1_800)
        #expect(try RelativeInstant.parse("+0s") == 0)
        let minus = parseError { () throws(TimeParseError) in try RelativeInstant.parse("-2h") }
        #expect(minus?.offset == 0)
        #expect(minus?.message.contains("must start with '+'") == true)
        // Offsets of the duration's errors count the '+'.
        let unit = parseError { () throws(TimeParseError) in try RelativeInstant.parse("+2x") }
        #expect(unit?.offset == 2)
        #expect(unit?.message.contains("unknown unit 'x'") == true)
        let empty = parseError { () throws(TimeParseError) in try RelativeInstant.parse("+") }
        #expect(empty?.offset == 1)
    }
}
