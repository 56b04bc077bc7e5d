import WidgetSupport

/// The fields of an ISO 8601 / RFC 3339 date-time as written, checked for range.
struct DateTimeFields {
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    /// Seconds east of UTC when the text has `Z` or `±HH:MM`; nil for a local date-time.
    var offset: Int?
    /// Byte index where the offset starts (or where it is missing).
    var offsetStart = 0

    /// Seconds since 1970-01-01T00:00 read on the local clock ("local seconds").
    var localSeconds: Int64 {
        CivilTime.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    }
}

/// `YYYY-MM-DD(T|t| )HH:MM[:SS[.fraction]][Z|z|±HH:MM|±HHMM|±HH]`.
///
/// A fraction of a second is read and dropped (instants are whole seconds; dropping
/// is flooring, as the fraction is never negative). Leap seconds (`:60`) and hour 24
/// are refused. `what` names the scalar in messages ("instant", "date-time").
func parseDateTime(_ t: ParseText, from start: Int, what: String) -> Result<DateTimeFields, TimeParseError> {
    let whole = t.text(start, t.count)
    var f = DateTimeFields()
    var i = start

    /// Exactly `digits` digits; `more` allows digits to follow (`+0545`).
    func number(_ digits: Int, _ name: String, more: Bool = false) -> Result<Int, TimeParseError> {
        var n = 0
        while t.isDigit(i + n) { n += 1 }
        if n == 0 {
            return .failure(t.error("expected a \(digits)-digit \(name) in \(what) '\(whole)', found \(describeByte(t, at: i))", at: i))
        }
        if n < digits || (n > digits && !more) {
            return .failure(t.error("\(name) '\(t.text(i, i + n))' in \(what) '\(whole)' must have \(digits) digits", at: i))
        }
        var v = 0
        for k in 0..<digits { v = v * 10 + Int(t[i + k] - 48) }
        i += digits
        return .success(v)
    }
    func expect(_ c: UInt8, _ after: String) -> TimeParseError? {
        if t.at(i) == c { i += 1; return nil }
        return t.error("expected '\(Character(Unicode.Scalar(c)))' after the \(after) in \(what) '\(whole)', found \(describeByte(t, at: i))", at: i)
    }
    func range(_ v: Int, _ lo: Int, _ hi: Int, _ name: String, at p: Int, _ note: String = "") -> TimeParseError? {
        guard v < lo || v > hi else { return nil }
        let pad = { (x: Int) in x < 10 ? "0\(x)" : "\(x)" }
        return t.error("\(name) \(pad(v)) is out of range \(pad(lo))-\(pad(hi)) in \(what) '\(whole)'\(note)", at: p)
    }

    guard start < t.count else {
        return .failure(t.error("empty \(what); write e.g. 2026-11-29T09:00:00-05:00", at: start))
    }
    var p = i
    switch number(4, "year") { case .success(let v): f.year = v; case .failure(let e): return .failure(e) }
    if let e = expect(UInt8(ascii: "-"), "year") { return .failure(e) }
    p = i
    switch number(2, "month") { case .success(let v): f.month = v; case .failure(let e): return .failure(e) }
    if let e = range(f.month, 1, 12, "month", at: p) { return .failure(e) }
    if let e = expect(UInt8(ascii: "-"), "month") { return .failure(e) }
    p = i
    switch number(2, "day") { case .success(let v): f.day = v; case .failure(let e): return .failure(e) }
    let monthLength = CivilTime.daysInMonth(year: f.year, month: f.month)
    if f.day < 1 || f.day > monthLength {
        let names = CivilTime.monthNames
        let which = f.month == 2 && f.day == 29 ? "February \(f.year)" : names[f.month - 1]
        return .failure(t.error("day \(f.day < 10 ? "0" : "")\(f.day) does not exist in \(which) (\(what) '\(whole)')", at: p))
    }
    switch t.at(i) {
    case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " "): i += 1
    default:
        if i == t.count {
            return .failure(t.error("\(what) '\(whole)' has no time; write e.g. \(whole)T09:00:00Z", at: i))
        }
        return .failure(t.error("expected 'T' between the date and the time in \(what) '\(whole)', found \(describeByte(t, at: i))", at: i))
    }
    p = i
    switch number(2, "hour") { case .success(let v): f.hour = v; case .failure(let e): return .failure(e) }
    if let e = range(f.hour, 0, 23, "hour", at: p, f.hour == 24 ? "; midnight is 00:00 of the next day" : "") { return .failure(e) }
    if let e = expect(UInt8(ascii: ":"), "hour") { return .failure(e) }
    p = i
    switch number(2, "minute") { case .success(let v): f.minute = v; case .failure(let e): return .failure(e) }
    if let e = range(f.minute, 0, 59, "minute", at: p) { return .failure(e) }
    if t.at(i) == UInt8(ascii: ":") {
        i += 1
        p = i
        switch number(2, "second") { case .success(let v): f.second = v; case .failure(let e): return .failure(e) }
        if let e = range(f.second, 0, 59, "second", at: p, f.second == 60 ? " (leap seconds are not supported)" : "") { return .failure(e) }
        if t.at(i) == UInt8(ascii: ".") {
            i += 1
            guard t.isDigit(i) else {
                return .failure(t.error("missing digits after '.' in \(what) '\(whole)'", at: i))
            }
            while t.isDigit(i) { i += 1 }
        }
    }
    f.offsetStart = i
    switch t.at(i) {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
        f.offset = 0
        i += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
        let sign = t[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        p = i
        let hours: Int
        switch number(2, "offset hour", more: true) { case .success(let v): hours = v; case .failure(let e): return .failure(e) }
        if let e = range(hours, 0, 23, "offset hour", at: p) { return .failure(e) }
        var minutes = 0
        if t.at(i) == UInt8(ascii: ":") || t.isDigit(i) {
            if t.at(i) == UInt8(ascii: ":") { i += 1 }
            p = i
            switch number(2, "offset minute") { case .success(let v): minutes = v; case .failure(let e): return .failure(e) }
            if let e = range(minutes, 0, 59, "offset minute", at: p) { return .failure(e) }
        }
        f.offset = sign * (hours * 3_600 + minutes * 60)
    default:
        break
    }
    if i < t.count {
        let after = f.offset == nil ? "the time" : "the offset"
        return .failure(t.error("unexpected \(describeByte(t, at: i)) after \(after) in \(what) '\(whole)'", at: i))
    }
    return .success(f)
}

extension CivilTime {
    /// Days in a month of the proleptic Gregorian calendar.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeapYear(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
