/// Parses the spec's duration scalar into whole seconds.
///
/// Two forms:
/// - compact: a number and a unit, units `d h m s`, combinable from the largest
///   down with each unit at most once: `90s`, `15m`, `1h30m`, `2d`, `1d12h`;
/// - ISO 8601: `P[nW][nD][T[nH][nM][nS]]`, e.g. `PT15M`, `PT1H30M`, `P1D`, `P1DT2H`,
///   `PT90S`, `P1W` (designators in either case). Years and months are refused:
///   they have no fixed length.
///
/// A fraction is accepted only when it comes to whole seconds (`1.5h`, `PT0.5M`;
/// not `0.5s`). Zero (`0s`, `PT0S`) parses to 0: whether zero is allowed is the
/// caller's rule. Signs, spaces, unknown units and durations above
/// `maximumSeconds` are errors.
package enum DurationParser {
    /// The longest duration accepted: a million days (about 2,700 years), so that
    /// adding one to any instant a run can hold never overflows.
    package static let maximumSeconds: Int64 = 1_000_000 * 86_400

    /// Seconds of `text`.
    package static func parse(_ text: String) throws(TimeParseError) -> Int64 {
        try withBytes(text) { parse($0, from: 0) }
    }

    /// Parses `text[from...]` as a whole duration (used after a relative instant's `+`).
    static func parse(_ t: ParseText, from start: Int) -> Result<Int64, TimeParseError> {
        let whole = t.text(start, t.count)
        guard start < t.count else {
            return .failure(t.error("empty duration; write a number and a unit such as 15m", at: start))
        }
        switch t[start] {
        case UInt8(ascii: "-"):
            return .failure(t.error("duration '\(whole)' is negative; a duration counts forward, like 15m", at: start))
        case UInt8(ascii: "+"):
            return .failure(t.error("duration '\(whole)' has a sign; write it without '+', like 15m", at: start))
        case UInt8(ascii: "P"), UInt8(ascii: "p"):
            return parseISO(t, from: start, whole: whole)
        default:
            return parseCompact(t, from: start, whole: whole)
        }
    }

    private static func parseCompact(_ t: ParseText, from start: Int, whole: String) -> Result<Int64, TimeParseError> {
        var i = start
        var total: Int64 = 0
        var lastUnit: (name: UInt8, seconds: Int64)? = nil
        while i < t.count {
            let numberStart = i
            let number: Number
            switch readNumber(t, at: &i, whole: whole) {
            case .success(let n): number = n
            case .failure(let e): return .failure(e)
            }
            let unitEnd = t.wordEnd(from: i)
            guard unitEnd > i else {
                if i == t.count {
                    return .failure(t.error("missing unit after '\(t.text(numberStart, i))' in duration '\(whole)'; use s, m, h or d", at: i))
                }
                return .failure(unexpected(t, at: i, whole: whole, numberExpected: false))
            }
            let unitText = t.text(i, unitEnd)
            let seconds: Int64
            switch unitText {
            case "d": seconds = 86_400
            case "h": seconds = 3_600
            case "m": seconds = 60
            case "s": seconds = 1
            default:
                return .failure(t.error("unknown unit '\(unitText)' in duration '\(whole)'; use s, m, h or d", at: i))
            }
            if let last = lastUnit {
                if last.seconds == seconds {
                    return .failure(t.error("unit '\(unitText)' appears twice in duration '\(whole)'; write each unit once", at: i))
                }
                if last.seconds < seconds {
                    return .failure(t.error(
                        "unit '\(unitText)' comes after '\(Character(Unicode.Scalar(last.name)))' in duration '\(whole)'; write larger units first, like 1h30m",
                        at: i))
                }
            }
            lastUnit = (t[i], seconds)
            switch number.seconds(unit: seconds, t, numberStart: numberStart, end: unitEnd, whole: whole) {
            case .success(let s):
                total += s  // both at most maximumSeconds: no overflow
                if total > maximumSeconds { return .failure(tooLong(t, start, whole)) }
            case .failure(let e): return .failure(e)
            }
            i = unitEnd
        }
        return .success(total)
    }

    private static func parseISO(_ t: ParseText, from start: Int, whole: String) -> Result<Int64, TimeParseError> {
        var i = start + 1
        var total: Int64 = 0
        var inTime = false
        var lastSeconds = Int64.max
        var componentsInPart = 0
        guard i < t.count else {
            return .failure(t.error("ISO 8601 duration '\(whole)' has no components; write e.g. PT15M or P1D", at: i))
        }
        while i < t.count {
            let c = t[i] & ~0x20  // upper-case letters
            if c == UInt8(ascii: "T") && t.isLetter(t[i]) {
                if inTime {
                    return .failure(t.error("'T' appears twice in ISO 8601 duration '\(whole)'", at: i))
                }
                inTime = true
                componentsInPart = 0
                i += 1
                if i == t.count {
                    return .failure(t.error("no hours, minutes or seconds after 'T' in ISO 8601 duration '\(whole)'", at: i))
                }
                continue
            }
            let numberStart = i
            let number: Number
            switch readNumber(t, at: &i, whole: whole) {
            case .success(let n): number = n
            case .failure(let e): return .failure(e)
            }
            guard i < t.count else {
                return .failure(t.error("missing designator after '\(t.text(numberStart, i))' in ISO 8601 duration '\(whole)'", at: i))
            }
            let d = t.isLetter(t[i]) ? t[i] & ~0x20 : t[i]
            let seconds: Int64
            switch (inTime, d) {
            case (false, UInt8(ascii: "W")): seconds = 604_800
            case (false, UInt8(ascii: "D")): seconds = 86_400
            case (true, UInt8(ascii: "H")): seconds = 3_600
            case (true, UInt8(ascii: "M")): seconds = 60
            case (true, UInt8(ascii: "S")): seconds = 1
            case (false, UInt8(ascii: "Y")):
                return .failure(t.error("years have no fixed length; write days instead (P365D) in '\(whole)'", at: i))
            case (false, UInt8(ascii: "M")):
                return .failure(t.error("months have no fixed length; write days instead (P30D), or PT\(t.text(numberStart, i))M for minutes, in '\(whole)'", at: i))
            case (false, UInt8(ascii: "H")), (false, UInt8(ascii: "S")):
                return .failure(t.error("hours, minutes and seconds go after 'T' (PT\(t.text(numberStart, i + 1)))", at: i))
            case (true, UInt8(ascii: "D")), (true, UInt8(ascii: "W")):
                return .failure(t.error("days and weeks go before 'T' in ISO 8601 duration '\(whole)'", at: i))
            default:
                return .failure(t.error(
                    "unknown designator \(describeByte(t, at: i)) in ISO 8601 duration '\(whole)'; use W or D, then T with H, M or S", at: i))
            }
            if seconds == lastSeconds {
                return .failure(t.error("designator \(describeByte(t, at: i)) appears twice in ISO 8601 duration '\(whole)'", at: i))
            }
            if seconds > lastSeconds {
                return .failure(t.error("designator \(describeByte(t, at: i)) is out of order in ISO 8601 duration '\(whole)'; the order is W D T H M S", at: i))
            }
            lastSeconds = seconds
            componentsInPart += 1
            switch number.seconds(unit: seconds, t, numberStart: numberStart, end: i + 1, whole: whole) {
            case .success(let s):
                total += s
                if total > maximumSeconds { return .failure(tooLong(t, start, whole)) }
            case .failure(let e): return .failure(e)
            }
            i += 1
        }
        return .success(total)
    }

    /// A decimal number as written: whole part and an optional exact fraction.
    private struct Number {
        var whole: Int64
        var fraction: Int64
        var scale: Int64  // 10^(fraction digits); 1 without a fraction

        /// Seconds of this number of `unit`s; `end` closes the component's text (number and unit).
        func seconds(unit: Int64, _ t: ParseText, numberStart: Int, end: Int, whole text: String) -> Result<Int64, TimeParseError> {
            let (w, overflow) = whole.multipliedReportingOverflow(by: unit)
            if overflow || w > DurationParser.maximumSeconds { return .failure(DurationParser.tooLong(t, numberStart, text)) }
            guard scale > 1 else { return .success(w) }
            let f = fraction * unit  // fraction < 10^9, unit <= 604800: fits
            guard f % scale == 0 else {
                return .failure(t.error("'\(t.text(numberStart, end))' in duration '\(text)' is not a whole number of seconds", at: numberStart))
            }
            return .success(w + f / scale)
        }
    }

    /// The number at `i` (digits, a fraction), or the error for what stands there instead.
    private static func readNumber(_ t: ParseText, at i: inout Int, whole: String) -> Result<Number, TimeParseError> {
        guard t.isDigit(i) || t[i] == UInt8(ascii: ".") else {
            return .failure(unexpected(t, at: i, whole: whole, numberExpected: true))
        }
        let start = i
        var value: Int64 = 0
        while t.isDigit(i) {
            value = value * 10 + Int64(t[i] - 48)
            if value > maximumSeconds { return .failure(tooLong(t, start, whole)) }
            i += 1
        }
        guard t.at(i) == UInt8(ascii: ".") else { return .success(Number(whole: value, fraction: 0, scale: 1)) }
        if i == start {
            return .failure(t.error("missing digits before '.' in duration '\(whole)'", at: i))
        }
        i += 1
        let fractionStart = i
        var fraction: Int64 = 0, scale: Int64 = 1
        while t.isDigit(i) {
            if i - fractionStart >= 9 {
                return .failure(t.error("too many decimals in duration '\(whole)'", at: i))
            }
            fraction = fraction * 10 + Int64(t[i] - 48)
            scale *= 10
            i += 1
        }
        if i == fractionStart {
            return .failure(t.error("missing digits after '.' in duration '\(whole)'", at: i))
        }
        return .success(Number(whole: value, fraction: fraction, scale: scale))
    }

    private static func unexpected(_ t: ParseText, at i: Int, whole: String, numberExpected: Bool) -> TimeParseError {
        let c = t[i]
        if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
            return t.error("unexpected space in duration '\(whole)'; write it without spaces, like 1h30m", at: i)
        }
        if c == UInt8(ascii: "-") {
            return t.error("unexpected '-' in duration '\(whole)'; a duration cannot be negative", at: i)
        }
        if numberExpected && t.isLetter(c) {
            return t.error("missing number before '\(t.text(i, t.wordEnd(from: i)))' in duration '\(whole)'", at: i)
        }
        return t.error("unexpected \(describeByte(t, at: i)) in duration '\(whole)'", at: i)
    }

    fileprivate static func tooLong(_ t: ParseText, _ at: Int, _ whole: String) -> TimeParseError {
        t.error("duration '\(whole)' is too long; the longest is \(maximumSeconds / 86_400)d", at: at)
    }
}
