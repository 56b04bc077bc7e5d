/// The five fields of a cron expression, as bitsets (see `CronExpression`).
struct CronFields {
    var minutes: UInt64 = 0, hours: UInt64 = 0, daysOfMonth: UInt64 = 0, months: UInt64 = 0, daysOfWeek: UInt64 = 0
    var dayOfMonthStar = false, dayOfWeekStar = false
}

/// Parses cron text into bitsets; every error names the field and points at the
/// offending item.
enum CronParser {
    struct Field {
        let name: String
        let min: Int
        let max: Int
        let names: [String]  // index + nameBase = value
        let nameBase: Int
    }

    static let fields = [
        Field(name: "minute", min: 0, max: 59, names: [], nameBase: 0),
        Field(name: "hour", min: 0, max: 23, names: [], nameBase: 0),
        Field(name: "day-of-month", min: 1, max: 31, names: [], nameBase: 0),
        Field(name: "month", min: 1, max: 12,
              names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"], nameBase: 1),
        Field(name: "day-of-week", min: 0, max: 7, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"], nameBase: 0),
    ]

    static let macros: [String: String] = [
        "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
        "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
    ]

    static func parse(_ t: ParseText) -> Result<CronFields, TimeParseError> {
        // Control characters would blur the field count: name them first.
        for k in 0..<t.count where (t[k] < 0x20 && t[k] != UInt8(ascii: "\t")) || t[k] == 0x7F {
            return .failure(t.error("unexpected \(describeByte(t, at: k)) in cron expression; write its fields on one line", at: k))
        }
        // Field boundaries, skipping blanks.
        var ranges: [(start: Int, end: Int)] = []
        var i = 0
        while i < t.count {
            while i < t.count, isBlank(t[i]) { i += 1 }
            guard i < t.count else { break }
            let start = i
            while i < t.count, !isBlank(t[i]) { i += 1 }
            ranges.append((start, i))
        }
        guard let first = ranges.first else {
            return .failure(t.error("empty cron expression; write 5 fields: minute hour day-of-month month day-of-week", at: 0))
        }
        if t[first.start] == UInt8(ascii: "@") {
            return parseMacro(t, first, extra: ranges.dropFirst().first)
        }
        if let copied = CopiedCron.refusal(t, ranges) { return .failure(copied) }
        if ranges.count != 5 {
            let expected = "5 fields (minute hour day-of-month month day-of-week)"
            if ranges.count > 5 {
                return .failure(t.error("cron expression has \(ranges.count) fields; expected \(expected)\(CopiedCron.extraFieldsHint(t, ranges))", at: ranges[5].start))
            }
            return .failure(t.error("cron expression has \(ranges.count) field\(ranges.count == 1 ? "" : "s"); expected \(expected)", at: t.count))
        }
        var out = CronFields()
        for (k, r) in ranges.enumerated() {
            let bits: UInt64
            switch parseField(t, r.start, r.end, fields[k]) {
            case .success(let b): bits = b
            case .failure(let e): return .failure(e)
            }
            switch k {
            case 0: out.minutes = bits
            case 1: out.hours = bits
            case 2:
                out.daysOfMonth = bits
                out.dayOfMonthStar = t[r.start] == UInt8(ascii: "*")
            case 3: out.months = bits
            default:
                out.daysOfWeek = (bits | (bits >> 7)) & 0x7F  // 7 is Sunday
                out.dayOfWeekStar = t[r.start] == UInt8(ascii: "*")
            }
        }
        return .success(out)
    }

    private static func parseMacro(_ t: ParseText, _ r: (start: Int, end: Int), extra: (start: Int, end: Int)?) -> Result<CronFields, TimeParseError> {
        let word = t.text(r.start, r.end)
        let key = word.lowercased()
        if key == "@reboot" {
            return .failure(t.error("'@reboot' has no clock time to fire at; use a schedule such as @daily", at: r.start))
        }
        if key == "@every" {
            let interval = extra.map { t.text($0.start, $0.end) } ?? "1h"
            return .failure(t.error("'@every' is an interval, not cron; use the every rule instead of cron: every: \(interval)", at: r.start))
        }
        if key == "@minutely" {
            return .failure(t.error("'@minutely' is not a cron macro; write every minute as '* * * * *'", at: r.start))
        }
        guard let expansion = macros[key] else {
            return .failure(t.error("unknown macro '\(word)'; use @hourly, @daily, @midnight, @weekly, @monthly, @yearly or @annually", at: r.start))
        }
        if let extra {
            return .failure(t.error("unexpected \(describeByte(t, at: extra.start)) after '\(word)'; a macro stands alone", at: extra.start))
        }
        var copy = expansion
        return copy.withUTF8 { parse(ParseText(bytes: $0)) }
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    /// One field: comma-separated items.
    private static func parseField(_ t: ParseText, _ start: Int, _ end: Int, _ f: Field) -> Result<UInt64, TimeParseError> {
        var bits: UInt64 = 0
        var i = start
        while true {
            var itemEnd = i
            while itemEnd < end, t[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
            if itemEnd == i {
                return .failure(t.error("\(f.name) field: empty item in list '\(t.text(start, end))'", at: i))
            }
            switch parseItem(t, i, itemEnd, f) {
            case .success(let b): bits |= b
            case .failure(let e): return .failure(e)
            }
            if itemEnd == end { return .success(bits) }
            i = itemEnd + 1
            if i == end {
                return .failure(t.error("\(f.name) field: empty item after ',' in '\(t.text(start, end))'", at: i))
            }
        }
    }

    /// `*`, `v`, `a-b`, each optionally `/step` (`v/step` runs from v to the maximum).
    private static func parseItem(_ t: ParseText, _ start: Int, _ end: Int, _ f: Field) -> Result<UInt64, TimeParseError> {
        var i = start
        var lo = f.min, hi = f.max
        var single = false
        if t[i] == UInt8(ascii: "*") {
            i += 1
            if f.name == "day-of-week" { hi = 6 }  // `*` is each day once; 7 repeats Sunday
        } else {
            switch value(t, &i, end, f) {
            case .success(let v): lo = v
            case .failure(let e): return .failure(e)
            }
            hi = lo
            single = true
            if i < end, t[i] == UInt8(ascii: "-") {
                i += 1
                let hiStart = i
                guard i < end, t[i] != UInt8(ascii: "/") else {
                    return .failure(t.error("\(f.name) field: range '\(t.text(start, i))' has no end", at: i))
                }
                switch value(t, &i, end, f) {
                case .success(let v): hi = v
                case .failure(let e): return .failure(e)
                }
                single = false
                // `SAT-SUN` (or 6-0): people write weekends so, and widely used crons read Sunday as 7 there.
                if hi == 0, lo > 0, f.name == "day-of-week" { hi = 7 }
                if hi < lo {
                    return .failure(t.error(
                        "\(f.name) field: range '\(t.text(start, i))' goes backwards; write it as two ranges, like \(lo)-\(f.max),\(f.min)-\(hi)",
                        at: hiStart))
                }
            }
        }
        var step = 1
        if i < end, t[i] == UInt8(ascii: "/") {
            i += 1
            let stepStart = i
            step = 0
            while i < end, t.isDigit(i) {
                step = min(step, 1_000) * 10 + Int(t[i] - 48)  // capped: any step past the range is alike
                i += 1
            }
            if i == stepStart {
                return .failure(t.error("\(f.name) field: expected a number after '/', found \(describeByte(t, at: i))", at: i))
            }
            if step == 0 {
                return .failure(t.error("\(f.name) field: step 0 must be at least 1", at: stepStart))
            }
            // `v/step` runs to the field's end; a week's ends on Saturday, as `*` does (croniter reads `1/2` so).
            if single { hi = f.name == "day-of-week" ? 6 : f.max }
        }
        if i < end {
            return .failure(unexpected(t, i, f))
        }
        var bits: UInt64 = 0
        var v = lo
        while v <= hi {
            bits |= 1 << UInt64(v)
            v += step
        }
        return .success(bits)
    }

    /// A number or (in month and day-of-week) a three-letter name, in range.
    private static func value(_ t: ParseText, _ i: inout Int, _ end: Int, _ f: Field) -> Result<Int, TimeParseError> {
        let start = i
        if t.isDigit(i) {
            var v = 0
            while i < end, t.isDigit(i) {
                v = min(v, 100_000) * 10 + Int(t[i] - 48)
                i += 1
            }
            if v < f.min || v > f.max {
                let shown = i - start > 6 ? t.text(start, start + 6) + "…" : t.text(start, i)
                return .failure(t.error("\(f.name) field: \(shown) is out of range \(f.min)-\(f.max)", at: start))
            }
            return .success(v)
        }
        var wordEnd = i
        while wordEnd < end, t.isLetter(t[wordEnd]) || t[wordEnd] >= 0x80 { wordEnd += 1 }
        guard wordEnd > i else { return .failure(unexpected(t, i, f)) }
        let word = t.text(i, wordEnd)
        if let special = unsupported(word.uppercased(), f) {
            return .failure(t.error("\(f.name) field: \(special)", at: start))
        }
        guard !f.names.isEmpty else {
            return .failure(t.error("\(f.name) field: '\(word)' is not a number (\(f.min)-\(f.max))", at: start))
        }
        guard let k = f.names.firstIndex(of: word.uppercased()) else {
            let allowed = "\(f.names[0])-\(f.names[f.names.count - 1]) or \(f.min)-\(f.max)"
            return .failure(t.error("\(f.name) field: unknown name '\(word)'; use \(allowed)", at: start))
        }
        i = wordEnd
        return .success(k + f.nameBase)
    }

    /// Quartz's and AWS's day letters: one set of words wherever they appear (`L`, `5L`, `15W`, `LW`).
    static let lastDayWords = "'L' (last day) is not standard cron and is not supported; list the days (such as 28-31) and test entry.day in content"
    static let weekdayWords = "'W' (nearest weekday) is not standard cron and is not supported; list the days (such as 1-3) with the weekdays (MON-FRI)"
    static let nthWords = "'#' (nth weekday) is not standard cron and is not supported; list the days the nth weekday can fall on (such as 8-14 for the second) and test entry.weekday in content"

    private static func unsupported(_ word: String, _ f: Field) -> String? {
        switch word {
        case "L", "LW": lastDayWords
        case "W": weekdayWords
        default: nil
        }
    }

    private static func unexpected(_ t: ParseText, _ i: Int, _ f: Field) -> TimeParseError {
        switch t[i] {
        case UInt8(ascii: "?"):
            return t.error("\(f.name) field: '?' is not standard cron (Quartz and AWS write it for 'no specific value'); use '*'", at: i)
        case UInt8(ascii: "#"):
            return t.error("\(f.name) field: \(nthWords)", at: i)
        case UInt8(ascii: "L"), UInt8(ascii: "l"):
            return t.error("\(f.name) field: \(lastDayWords)", at: i)
        case UInt8(ascii: "W"), UInt8(ascii: "w"):
            return t.error("\(f.name) field: \(weekdayWords)", at: i)
        case UInt8(ascii: "*"):
            return t.error("\(f.name) field: '*' can only start an item (like */15)", at: i)
        default:
            return t.error("\(f.name) field: unexpected \(describeByte(t, at: i))", at: i)
        }
    }
}
