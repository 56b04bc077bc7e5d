import WidgetSupport
import WidgetTime

/// Why a calendar in a plan could not be read: where (an RFC 6901 pointer into
/// the calendar's JSON, `""` for the calendar as a whole) and what was expected,
/// so the plan loader can prefix the calendar's own place in the plan.
package struct ExchangeDescriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    package let pointer: String
    package let message: String

    package var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}

// MARK: - Writing

extension ExchangeDescription {
    /// The description as a compiled plan carries it (docs/plan-markets.md), so a
    /// plan needs no calendar outside itself. Members are always written in the
    /// same order: equal descriptions give byte-identical JSON.
    package var planJSON: JSONValue {
        var o = JSONObject()
        o.reserveCapacity(11)
        o.appendNew("mic", .string(mic))
        o.appendNew("name", .string(name))
        o.appendNew("timeZone", .string(timeZone))
        o.appendNew("weekend", PlanWords.json(weekend))
        o.appendNew("hours", .array(hours.map(\.planJSON)))
        o.appendNew("holidays", .array(holidays.map(\.planJSON)))
        o.appendNew("earlyCloses", .array(earlyCloses.map(\.planJSON)))
        o.appendNew("closures", .array(closures.map(\.planJSON)))
        o.appendNew("specialHours", .array(specialHours.map(\.planJSON)))
        o.appendNew("bridgesDaysBetweenHolidays", .bool(bridgesDaysBetweenHolidays))
        o.appendNew("notes", .string(notes))
        return .object(o)
    }
}

extension TradingHours {
    var planJSON: JSONValue {
        var o = JSONObject()
        if let from { o.appendNew("from", .string(from.description)) }
        o.appendNew("open", PlanWords.wallJSON(open))
        o.appendNew("close", PlanWords.wallJSON(close))
        if breakStart != nil || breakEnd != nil {
            var lunch = JSONObject()
            if let breakStart { lunch.appendNew("start", PlanWords.wallJSON(breakStart)) }
            if let breakEnd { lunch.appendNew("end", PlanWords.wallJSON(breakEnd)) }
            o.appendNew("lunch", .object(lunch))
        }
        return .object(o)
    }
}

extension HolidayRule {
    var planJSON: JSONValue {
        .object(JSONObject(distinctKeys: ["name", "day", "observance", "years", "marketOnly"], values: [
            .string(name), date.planJSON, .string(PlanWords.observances[observance.planIndex]), years.planJSON, .bool(marketOnly),
        ]))
    }
}

extension EarlyCloseRule {
    var planJSON: JSONValue {
        .object(JSONObject(distinctKeys: ["name", "day", "close", "onlyOn", "shift", "years"], values: [
            .string(name), date.planJSON, PlanWords.wallJSON(close), PlanWords.json(onlyOn),
            .string(PlanWords.shifts[shift.planIndex]), years.planJSON,
        ]))
    }
}

extension DatedClosure {
    var planJSON: JSONValue {
        .object(JSONObject(distinctKeys: ["date", "name"], values: [.string(date.description), .string(name)]))
    }
}

extension SpecialHours {
    var planJSON: JSONValue {
        var o = JSONObject()
        o.appendNew("date", .string(date.description))
        if let open { o.appendNew("open", PlanWords.wallJSON(open)) }
        if let close { o.appendNew("close", PlanWords.wallJSON(close)) }
        o.appendNew("name", .string(name))
        return .object(o)
    }
}

extension YearRange {
    var planJSON: JSONValue {
        var o = JSONObject()
        if let from { o.appendNew("from", .int(from)) }
        if let through { o.appendNew("through", .int(through)) }
        if !except.isEmpty { o.appendNew("except", .array(except.map { .int($0) })) }
        return .object(o)
    }
}

extension DayRule {
    var planJSON: JSONValue {
        let anchorJSON: JSONValue
        switch anchor {
        case .fixed(let month, let day):
            anchorJSON = .object(JSONObject(distinctKeys: ["month", "day"], values: [.int(month), .int(day)]))
        case .nthWeekday(let n, let weekday, let month):
            anchorJSON = .object(JSONObject(distinctKeys: ["n", "weekday", "month"],
                                            values: [.int(n), .string(PlanWords.weekdays[weekday.rawValue]), .int(month)]))
        case .lastWeekday(let weekday, let month):
            anchorJSON = .object(JSONObject(distinctKeys: ["weekday", "month"],
                                            values: [.string(PlanWords.weekdays[weekday.rawValue]), .int(month)]))
        case .easterSunday, .marchEquinoxJapan, .septemberEquinoxJapan:
            anchorJSON = .object(JSONObject())
        }
        var o = JSONObject()
        o.appendNew(PlanWords.anchors[anchor.planIndex], anchorJSON)
        if offsetDays != 0 { o.appendNew("offsetDays", .int(offsetDays)) }
        return .object(o)
    }
}

// MARK: - Words

/// The words the plan format uses for enum cases, indexed as `planIndex` says.
/// Switches (not raw values) tie each case to its word, so a new case fails to
/// compile until it has one.
enum PlanWords {
    /// Indexed by `Weekday.rawValue` (Sunday first).
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let observances = ["none", "nearestWeekday", "sundayToMonday", "nextFreeWeekday", "sundayToNextFreeDay"]
    static let shifts = ["none", "previousTradingDay", "nextTradingDay"]
    static let anchors = ["fixed", "nthWeekday", "lastWeekday", "easterSunday", "marchEquinoxJapan", "septemberEquinoxJapan"]

    /// A weekday set as words, Monday first (ISO order), so `["saturday","sunday"]`.
    static func json(_ set: WeekdaySet) -> JSONValue {
        var out: [JSONValue] = []
        for i in [1, 2, 3, 4, 5, 6, 0] where set.rawValue & (1 << UInt8(i)) != 0 { out.append(.string(weekdays[i])) }
        return .array(out)
    }

    /// `HH:MM` of minutes since midnight (only 0..<1440 reads back).
    static func wallJSON(_ minutes: Int) -> JSONValue { .string(wallText(minutes)) }

    static func wallText(_ minutes: Int) -> String {
        func two(_ v: Int) -> String { (0...9).contains(v) ? "0\(v)" : "\(v)" }
        return two(minutes / 60) + ":" + two(minutes % 60)
    }

    /// "one of a, b, c".
    static func oneOf(_ words: [String]) -> String { "one of " + words.joined(separator: ", ") }
}

extension Observance {
    var planIndex: Int {
        switch self {
        case .none: 0
        case .nearestWeekday: 1
        case .sundayToMonday: 2
        case .nextFreeWeekday: 3
        case .sundayToNextFreeDay: 4
        }
    }
    static let planCases: [Observance] = [.none, .nearestWeekday, .sundayToMonday, .nextFreeWeekday, .sundayToNextFreeDay]
}

extension EarlyCloseShift {
    var planIndex: Int {
        switch self {
        case .none: 0
        case .previousTradingDay: 1
        case .nextTradingDay: 2
        }
    }
    static let planCases: [EarlyCloseShift] = [.none, .previousTradingDay, .nextTradingDay]
}

extension DayRule.Anchor {
    var planIndex: Int {
        switch self {
        case .fixed: 0
        case .nthWeekday: 1
        case .lastWeekday: 2
        case .easterSunday: 3
        case .marchEquinoxJapan: 4
        case .septemberEquinoxJapan: 5
        }
    }
}

// MARK: - Reading

extension ExchangeDescription {
    /// Reads what `planJSON` writes. Strict, since a plan is machine-written: every
    /// member the format requires must be there, unknown members are refused, and
    /// the result passes `problems()` (so `MarketCalendar.init` accepts it).
    package init(planJSON: JSONValue) throws(ExchangeDescriptionError) {
        let root = try PlanNode(planJSON, .root).object(allowing: [
            "mic", "name", "timeZone", "weekend", "hours", "holidays", "earlyCloses", "closures", "specialHours",
            "bridgesDaysBetweenHolidays", "notes",
        ])
        let micNode = try root.required("mic")
        let mic = try micNode.string()
        if mic.isEmpty { throw micNode.error(expected: "a market identifier code (XNYS)") }
        let zoneNode = try root.required("timeZone")
        let timeZone = try zoneNode.string()
        if ZoneRules.named(timeZone) == nil { throw zoneNode.error(expected: "an IANA time zone (America/New_York)") }
        let weekendNode = try root.required("weekend")
        let weekend = try weekendNode.weekdays()
        if weekend == .all { throw weekendNode.error(expected: "at least one trading weekday", found: "every day") }

        let hoursNode = try root.required("hours")
        var hours: [TradingHours] = []
        for (i, item) in try hoursNode.items().enumerated() {
            let h = try TradingHours(plan: item, after: hours.last)
            if i > 0, h.from == nil { throw item.at("from").missing(expected: "a date YYYY-MM-DD (only the first period may leave it out)") }
            hours.append(h)
        }
        if hours.isEmpty { throw hoursNode.error(expected: "at least one period of trading hours", found: "[]") }

        var holidays: [HolidayRule] = []
        for item in try root.required("holidays").items() { holidays.append(try HolidayRule(plan: item)) }
        var earlyCloses: [EarlyCloseRule] = []
        for item in try root.required("earlyCloses").items() { earlyCloses.append(try EarlyCloseRule(plan: item)) }
        var closures: [DatedClosure] = []
        for item in try root.required("closures").items() {
            let o = try item.object(allowing: ["date", "name"])
            closures.append(DatedClosure(try o.required("date").date(), try o.required("name").string()))
        }
        var specialHours: [SpecialHours] = []
        for item in try root.required("specialHours").items() {
            let o = try item.object(allowing: ["date", "open", "close", "name"])
            let s = SpecialHours(try o.required("date").date(), open: try o.optional("open")?.wallTime(),
                                 close: try o.optional("close")?.wallTime(), try o.required("name").string())
            if let open = s.open, let close = s.close, open >= close {
                throw try o.required("close").error(expected: "a time after the open (\(PlanWords.wallText(open)))")
            }
            specialHours.append(s)
        }

        self.init(
            mic: mic, name: try root.required("name").string(), timeZone: timeZone, weekend: weekend,
            hours: hours, holidays: holidays, earlyCloses: earlyCloses, closures: closures, specialHours: specialHours,
            bridgesDaysBetweenHolidays: try root.required("bridgesDaysBetweenHolidays").bool(),
            notes: try root.required("notes").string())
        // The checks above give each problem its place; this one guards what they might miss.
        let problems = problems()
        if !problems.isEmpty { throw ExchangeDescriptionError(pointer: "", message: problems.joined(separator: "; ")) }
    }
}

extension TradingHours {
    init(plan node: PlanNode, after previous: TradingHours?) throws(ExchangeDescriptionError) {
        let o = try node.object(allowing: ["from", "open", "close", "lunch"])
        let fromNode = o.optional("from")
        let from = try fromNode?.date()
        if let fromNode, let from, let last = previous?.from, from <= last {
            throw fromNode.error(expected: "a date after the previous period's (\(last))", found: "'\(from)'")
        }
        let open = try o.required("open").wallTime()
        let closeNode = try o.required("close")
        let close = try closeNode.wallTime()
        if close <= open { throw closeNode.error(expected: "a time after the open", found: closeNode.found) }
        var breakStart: Int? = nil, breakEnd: Int? = nil
        if let lunch = try o.optional("lunch")?.object(allowing: ["start", "end"]) {
            let startNode = try lunch.required("start"), endNode = try lunch.required("end")
            let start = try startNode.wallTime(), end = try endNode.wallTime()
            if !(open < start && start < close) { throw startNode.error(expected: "a time between the open and the close", found: startNode.found) }
            if !(start < end && end < close) { throw endNode.error(expected: "a time between the lunch start and the close", found: endNode.found) }
            (breakStart, breakEnd) = (start, end)
        }
        self.init(from: from, open: open, close: close, breakStart: breakStart, breakEnd: breakEnd)
    }
}

extension HolidayRule {
    init(plan node: PlanNode) throws(ExchangeDescriptionError) {
        let o = try node.object(allowing: ["name", "day", "observance", "years", "marketOnly"])
        self.init(try o.required("name").string(), try DayRule(plan: try o.required("day")),
                  observance: Observance.planCases[try o.required("observance").word(PlanWords.observances)],
                  years: try YearRange(plan: try o.required("years")),
                  marketOnly: try o.required("marketOnly").bool())
    }
}

extension EarlyCloseRule {
    init(plan node: PlanNode) throws(ExchangeDescriptionError) {
        let o = try node.object(allowing: ["name", "day", "close", "onlyOn", "shift", "years"])
        let onlyOnNode = try o.required("onlyOn")
        let onlyOn = try onlyOnNode.weekdays()
        if onlyOn.rawValue == 0 { throw onlyOnNode.error(expected: "at least one weekday", found: "[]") }
        self.init(try o.required("name").string(), try DayRule(plan: try o.required("day")),
                  close: try o.required("close").wallTime(), onlyOn: onlyOn,
                  shift: EarlyCloseShift.planCases[try o.required("shift").word(PlanWords.shifts)],
                  years: try YearRange(plan: try o.required("years")))
    }
}

extension YearRange {
    init(plan node: PlanNode) throws(ExchangeDescriptionError) {
        let o = try node.object(allowing: ["from", "through", "except"])
        var except: [Int] = []
        if let list = o.optional("except") {
            for item in try list.items() { except.append(try item.integer(in: PlanNode.years, what: "a year")) }
        }
        self.init(from: try o.optional("from")?.integer(in: PlanNode.years, what: "a year"),
                  through: try o.optional("through")?.integer(in: PlanNode.years, what: "a year"), except: except)
    }
}

extension DayRule {
    init(plan node: PlanNode) throws(ExchangeDescriptionError) {
        let o = try node.object(allowing: PlanWords.anchors + ["offsetDays"])
        let present = PlanWords.anchors.indices.filter { o.optional(PlanWords.anchors[$0]) != nil }
        guard present.count == 1, let kind = present.first else {
            throw node.error(expected: "exactly one of the members " + PlanWords.anchors.joined(separator: ", "),
                             found: present.isEmpty ? "none" : present.map { PlanWords.anchors[$0] }.joined(separator: " and "))
        }
        let a = try o.required(PlanWords.anchors[kind])
        let month = { () throws(ExchangeDescriptionError) -> Int in try a.required("month").integer(in: 1...12, what: "a month") }
        let weekday = { () throws(ExchangeDescriptionError) -> Weekday in
            Weekday(rawValue: try a.required("weekday").word(PlanWords.weekdays))!
        }
        let anchor: Anchor
        switch kind {
        case 0:
            _ = try a.object(allowing: ["month", "day"])
            let m = try month()
            let dayNode = try a.required("day")
            let d = try dayNode.integer(in: 1...31, what: "a day of the month")
            // February 29 exists in leap years; 2000 is one.
            if !CivilDate(2000, m, d).isValid { throw dayNode.error(expected: "a day that month has", found: dayNode.found) }
            anchor = .fixed(month: m, day: d)
        case 1:
            _ = try a.object(allowing: ["n", "weekday", "month"])
            anchor = .nthWeekday(n: try a.required("n").integer(in: 1...5, what: "a count"), weekday: try weekday(), month: try month())
        case 2:
            _ = try a.object(allowing: ["weekday", "month"])
            anchor = .lastWeekday(weekday: try weekday(), month: try month())
        default:
            _ = try a.object(allowing: [])
            anchor = kind == 3 ? .easterSunday : kind == 4 ? .marchEquinoxJapan : .septemberEquinoxJapan
        }
        // Bounded so day arithmetic cannot overflow; a year is more than any rule needs.
        let offset = try o.optional("offsetDays")?.integer(in: -366...366, what: "a number of days") ?? 0
        self.init(anchor, offsetDays: offset)
    }
}

/// A JSON value and where it is in the calendar, for errors that point at it.
struct PlanNode {
    let value: JSONValue
    let path: PlanPath

    init(_ value: JSONValue, _ path: PlanPath) {
        self.value = value
        self.path = path
    }

    /// Years a rule may name (four digits, as dates have).
    static let years = 1...9_999

    var pointer: String { path.pointer }

    /// The value in a few words, for "found …".
    var found: String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .string(let s): "'" + (s.count > 40 ? String(s.prefix(40)) + "…" : s) + "'"
        case .array: "an array"
        case .object: "an object"
        }
    }

    func error(expected: String, found: String? = nil) -> ExchangeDescriptionError {
        ExchangeDescriptionError(pointer: pointer, message: "expected \(expected), found \(found ?? self.found)")
    }

    func missing(expected: String) -> ExchangeDescriptionError {
        ExchangeDescriptionError(pointer: pointer, message: "expected \(expected), found no member")
    }

    func at(_ key: String) -> PlanNode { PlanNode(.null, .member(path, key)) }

    /// The members of an object, refusing any not in `allowed`.
    func object(allowing allowed: [String]) throws(ExchangeDescriptionError) -> PlanObject {
        guard case .object(let o) = value else { throw error(expected: "an object") }
        for key in o.keys where !allowed.contains(key) {
            let known = allowed.isEmpty ? "no members" : "only the members " + allowed.joined(separator: ", ")
            throw ExchangeDescriptionError(pointer: PlanPath.member(path, key).pointer, message: "unknown member; expected \(known)")
        }
        return PlanObject(object: o, path: path)
    }

    /// Member lookup on a node already known to be an object (`object(allowing:)` checked it).
    func required(_ key: String) throws(ExchangeDescriptionError) -> PlanNode {
        try PlanObject(object: value.object ?? JSONObject(), path: path).required(key)
    }

    func items() throws(ExchangeDescriptionError) -> [PlanNode] {
        guard case .array(let a) = value else { throw error(expected: "an array") }
        return a.enumerated().map { PlanNode($1, .index(path, $0)) }
    }

    func string() throws(ExchangeDescriptionError) -> String {
        guard case .string(let s) = value else { throw error(expected: "a string") }
        return s
    }

    func bool() throws(ExchangeDescriptionError) -> Bool {
        guard case .bool(let b) = value else { throw error(expected: "true or false") }
        return b
    }

    /// An integer in `range` (a whole double like `3.0` counts, as JSON equality says).
    func integer(in range: ClosedRange<Int>, what: String) throws(ExchangeDescriptionError) -> Int {
        let expected = "\(what) \(range.lowerBound) to \(range.upperBound)"
        let n: Int
        switch value {
        case .int(let i): n = i
        case .double(let d) where d.rounded(.towardZero) == d && abs(d) < 1e15: n = Int(d)
        default: throw error(expected: expected)
        }
        guard range.contains(n) else { throw error(expected: expected) }
        return n
    }

    /// The index of the word in `words`.
    func word(_ words: [String]) throws(ExchangeDescriptionError) -> Int {
        guard case .string(let s) = value, let i = words.firstIndex(of: s) else { throw error(expected: PlanWords.oneOf(words)) }
        return i
    }

    func weekdays() throws(ExchangeDescriptionError) -> WeekdaySet {
        var set: WeekdaySet = []
        for item in try items() {
            let day = WeekdaySet(Weekday(rawValue: try item.word(PlanWords.weekdays))!)
            if set.contains(day) { throw item.error(expected: "each weekday once", found: item.found + " again") }
            set.insert(day)
        }
        return set
    }

    /// `YYYY-MM-DD`, a real date.
    func date() throws(ExchangeDescriptionError) -> CivilDate {
        guard case .string(let s) = value else { throw error(expected: "a date YYYY-MM-DD") }
        let b = Array(s.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let y = Self.digits(b[0..<4]), let m = Self.digits(b[5..<7]), let d = Self.digits(b[8..<10])
        else { throw error(expected: "a date YYYY-MM-DD") }
        let date = CivilDate(y, m, d)
        guard date.isValid else { throw error(expected: "a date that exists") }
        return date
    }

    /// `HH:MM`, 00:00 to 23:59, as minutes since midnight.
    func wallTime() throws(ExchangeDescriptionError) -> Int {
        let expected = "a wall time HH:MM, 00:00 to 23:59"
        guard case .string(let s) = value else { throw error(expected: expected) }
        let b = Array(s.utf8)
        guard b.count == 5, b[2] == UInt8(ascii: ":"), let h = Self.digits(b[0..<2]), let m = Self.digits(b[3..<5]),
              h < 24, m < 60
        else { throw error(expected: expected) }
        return h * 60 + m
    }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var n = 0
        for c in bytes {
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int(c - UInt8(ascii: "0"))
        }
        return n
    }
}

/// An object's members with their place.
struct PlanObject {
    let object: JSONObject
    let path: PlanPath

    func optional(_ key: String) -> PlanNode? { object[key].map { PlanNode($0, .member(path, key)) } }

    func required(_ key: String) throws(ExchangeDescriptionError) -> PlanNode {
        guard let v = object[key] else {
            throw ExchangeDescriptionError(pointer: PlanPath.member(path, key).pointer, message: "missing member '\(key)'")
        }
        return PlanNode(v, .member(path, key))
    }
}

/// Where a node is, built as decoding descends and spelled out only for an error.
indirect enum PlanPath {
    case root
    case member(PlanPath, String)
    case index(PlanPath, Int)

    /// The RFC 6901 pointer (`/holidays/3/observance`).
    var pointer: String {
        switch self {
        case .root: ""
        case .member(let parent, let key): parent.pointer + "/" + JSONPointer.escape(key)
        case .index(let parent, let i): parent.pointer + "/" + String(i)
        }
    }
}
