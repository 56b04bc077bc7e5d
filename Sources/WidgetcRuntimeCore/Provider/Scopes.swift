import WidgetSupport
import WidgetTemplates
import WidgetTime

/// What a timeline request sees: parameter values, container data, family.
/// Timeline options (`every`, `progress.value`, events) render against it.
final class RequestScope: TemplateScope {
    let param: JSONValue
    let data: JSONValue
    let family: JSONValue
    /// The lets computed once per reload (`let.NAME`), set once they are.
    var lets: JSONValue = .object(JSONObject())
    /// `{{name | format}}`: the widget's zone and locale; nil, no formats.
    var formatting: TemplateFormatting? = nil
    /// The tags whose value a format could not show during the reload, made at the first: most
    /// reloads have none, and one made per reload (an object and its lock) cost ~600
    /// instructions and ~12 L1 instruction-cache misses a reload (callgrind).
    private(set) var formatFailures: FormatFailures? = nil
    /// The request's instant, which `relative` counts from in timeline options.
    var now: Instant? = nil
    /// A section over a list shows at most this many items in the family (`MemoryBudget.listItems`).
    let sectionItemLimit: Int?
    /// Each URL source's `outcome` and `fetched` at this reload (`source.NAME`), set once known.
    var sources: JSONValue = .object(JSONObject())

    /// A class, so each entry's scope holds one reference rather than copies.
    init(param: JSONValue, data: JSONValue, family: WidgetFamily) {
        self.param = param
        self.data = data
        self.family = .string(family.rawValue)
        sectionItemLimit = MemoryBudget.listItems(family)
    }

    func lookup(_ name: String) -> JSONValue? {
        switch name.utf8.first {
        case UInt8(ascii: "d") where name == "data": data
        case UInt8(ascii: "p") where name == "param": param
        case UInt8(ascii: "f") where name == "family": family
        case UInt8(ascii: "l") where name == "let": lets
        case UInt8(ascii: "s") where name == "source": sources
        case UInt8(ascii: "r") where name == "request": request
        default: nil
        }
    }

    /// `request.date` (the reload's instant, ISO 8601 in the widget's zone) and `request.day` (its
    /// local day, YYYY-MM-DD): what a URL built from today's date reads (docs/network-data.md).
    var request: JSONValue? {
        guard let now, let zone = formatting?.zone else { return nil }
        return .object(JSONObject([("date", .string(zone.iso8601(now))), ("day", .string(zone.dayText(now)))]))
    }

    func format(_ value: JSONValue, _ reference: TemplateReference) -> String? {
        guard let now else { return nil }
        return formatText(value, reference, now: now)
    }

    /// `value` as the reference's format shows it (`relative` counting from `now`), a failure noted.
    func formatText(_ value: JSONValue, _ reference: TemplateReference, now: Instant) -> String? {
        formatting?.text(value, reference, now: now, failures: failuresToNote())
    }

    private func failuresToNote() -> FormatFailures {
        if let formatFailures { return formatFailures }
        let made = FormatFailures()
        formatFailures = made
        return made
    }
}

/// What a `schedule`'s `at` and `end` see: one item as `record`, its position in the list as
/// `index`, and the request (`param`, `data`, `let` of the reload).
struct ScheduleItemScope: TemplateScope {
    let request: RequestScope
    let record: JSONValue
    let index: Int

    func lookup(_ name: String) -> JSONValue? {
        switch name {
        case "record": record
        case "index": .int(index)
        default: request.lookup(name)
        }
    }

    func format(_ value: JSONValue, _ reference: TemplateReference) -> String? {
        request.format(value, reference)
    }
}

/// A `sequence`'s records, shared by its planned entries: an entry's variables hold this one
/// reference and an index, not a copy of its record (an object: its keys and values arrays),
/// copied into the slot, the entry scope and back: -3.6% instructions on bench/run's examples
/// x2, 30 days (callgrind, 534.6 M -> 515.6 M).
final class RecordList {
    let items: [JSONValue]

    init(_ items: [JSONValue]) { self.items = items }
}

/// A `schedule`'s items at one reload, sorted by their `at`, shared by its planned entries: an
/// entry's variables hold this reference and its date, and `current`, `next` and `upcoming` are
/// found when read (a binary search), not copied into each entry.
final class ScheduleList {
    let items: [JSONValue]
    /// Each item's `at`, ascending.
    let starts: [Instant]
    /// Each item's `end`; nil: it is current until a later item starts (the last one, from then on).
    let ends: [Instant?]
    /// How many later items `upcoming` holds.
    let upcoming: Int

    init(items: [JSONValue], starts: [Instant], ends: [Instant?], upcoming: Int) {
        self.items = items
        self.starts = starts
        self.ends = ends
        self.upcoming = upcoming
    }

    /// The index of the first item whose `at` is after `date` (`items.count` when none is).
    func firstAfter(_ date: Instant) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= date { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The item in force at `date` (`at <= date < end`), the latest to start when several are.
    func current(at date: Instant) -> JSONValue? {
        let after = firstAfter(date)
        var i = after - 1
        while i >= 0 {
            if let end = ends[i] {
                if date < end { return items[i] }
            } else if i == after - 1 || starts[i] == starts[after - 1] {
                // Without an end, an item lasts until a later item starts.
                return items[i]
            }
            i -= 1
        }
        return nil
    }

    /// The first item that starts after `date`.
    func next(after date: Instant) -> JSONValue? {
        let i = firstAfter(date)
        return i < items.count ? items[i] : nil
    }

    /// The next `upcoming` items that start after `date`, in order.
    func upcoming(after date: Instant) -> JSONValue {
        let i = firstAfter(date)
        return .array(Array(items[i..<min(items.count, i + upcoming)]))
    }
}

/// The rule's own variables for one entry (`slot`, `record` and `index`,
/// `progress`, `market`): an enum rather than an object, so planning an
/// entry allocates nothing.
enum RuleVariables {
    case none
    case slot(JSONValue)
    /// `record` is `records.items[index]`.
    case record(RecordList, index: Int)
    case progress(JSONValue)
    case market(JSONValue)
    /// `current`, `next` and `upcoming` of the entry at `date`.
    case schedule(ScheduleList, date: Instant)

    func value(_ name: String) -> JSONValue? {
        switch self {
        case .none: nil
        case .slot(let slot): name == "slot" ? slot : nil
        case .record(let records, let index):
            name.utf8.first == UInt8(ascii: "r") ? (name == "record" ? records.items[index] : nil) : (name == "index" ? .int(index) : nil)
        case .progress(let value): name == "progress" ? value : nil
        case .market(let market): name == "market" ? market : nil
        case .schedule(let list, let date):
            switch name {
            case "current": list.current(at: date)
            case "next": list.next(after: date)
            case "upcoming": list.upcoming(after: date)
            default: nil
            }
        }
    }
}

/// A rule variable's name, for paths known at compile time (`DirectPath.rule`).
enum RuleName {
    case slot, record, index, progress, market, current, next, upcoming

    init?(_ name: String) {
        switch name {
        case "slot": self = .slot
        case "record": self = .record
        case "index": self = .index
        case "progress": self = .progress
        case "market": self = .market
        case "current": self = .current
        case "next": self = .next
        case "upcoming": self = .upcoming
        default: return nil
        }
    }
}

extension RuleVariables {
    /// `value(_:)` for a name matched at compile time: the same answers, no String compare.
    func value(_ name: RuleName) -> JSONValue? {
        switch (self, name) {
        case (.slot(let slot), .slot): slot
        case (.record(let records, let index), .record): records.items[index]
        case (.record(_, let index), .index): .int(index)
        case (.progress(let value), .progress): value
        case (.market(let market), .market): market
        case (.schedule(let list, let date), .current): list.current(at: date)
        case (.schedule(let list, let date), .next): list.next(after: date)
        case (.schedule(let list, let date), .upcoming): list.upcoming(after: date)
        default: nil
        }
    }
}

/// What one entry's templates see: the request, the entry's own variables
/// (`entry.*`), and the rule's (`progress`, `slot`, `record`, `index`, `market`).
/// One scope serves a whole timeline, moved from entry to entry.
struct EntryScope: TemplateScope {
    let request: RequestScope
    var sectionItemLimit: Int? { request.sectionItemLimit }
    var date: Instant
    var index: Int
    let zone: ZoneRules
    var rule: RuleVariables
    /// The rule's instant (or event) the entry at T stands for, its latest at or before T; the
    /// later entries stand for their own dates (each is one of the rule's instants).
    var startInstant: Instant? = nil

    /// `entry.instant`: the instant this entry stands for (null when it stands for none).
    var instant: JSONValue {
        if index > 0 { return .string(zone.iso8601(date)) }
        return startInstant.map { .string(zone.iso8601($0)) } ?? .null
    }

    /// `entry.isInstant`: whether the entry is at the instant it stands for, not between two.
    var isInstant: JSONValue { .bool(index > 0 || startInstant == date) }
    /// The lets this entry computed (those read per entry), when the widget has some: `let` is
    /// the request's lets with these after them.
    var entryLets: EntryLets? = nil

    func lookup(_ name: String) -> JSONValue? {
        // Dispatch on the first byte, then compare once: a String comparison that
        // fails is a call, one that succeeds is a word compare.
        switch name.utf8.first {
        case UInt8(ascii: "e") where name == "entry":
            return .object(JSONObject([
                ("date", .string(zone.iso8601(date))), ("time", .string(zone.timeText(date))),
                ("day", .string(zone.dayText(date))), ("weekday", .string(zone.weekdayName(date))),
                ("index", .int(index)), ("instant", instant), ("isInstant", isInstant),
            ]))
        case UInt8(ascii: "p") where name == "param", UInt8(ascii: "d") where name == "data",
            UInt8(ascii: "f") where name == "family", UInt8(ascii: "s") where name == "source":
            return request.lookup(name)
        case UInt8(ascii: "l") where name == "let":
            guard let entryLets else { return request.lets }
            var all = request.lets.object ?? JSONObject()
            for (key, value) in entryLets.members { all[key] = value }
            return .object(all)
        default:
            return rule.value(name)
        }
    }

    /// `{{name | format}}`: as the request formats, `relative` counting from the entry's date.
    func format(_ value: JSONValue, _ reference: TemplateReference) -> String? {
        request.formatText(value, reference, now: date)
    }

    /// What `lookup(path:)` gives for a path known at compile time, without matching names.
    func value(_ path: DirectPath) -> JSONValue? {
        switch path {
        case .entryDate: return .string(zone.iso8601(date))
        case .entryTime: return .string(zone.timeText(date))
        case .entryDay: return .string(zone.dayText(date))
        case .entryWeekday: return .string(zone.weekdayName(date))
        case .entryIndex: return .int(index)
        case .entryInstant: return instant
        case .entryIsInstant: return isInstant
        case .rule(let root, let path):
            guard let value = rule.value(root) else { return nil }
            return path.count == 1 ? value : value.lookup(path: path, from: 1)
        case .lets(let path):
            // As `lookup(path:)` answers `let.NAME…`.
            if let entryLets, let value = entryLets.json(path[1]) { return path.count == 2 ? value : value.lookup(path: path, from: 2) }
            return request.lets.lookup(path: path, from: 1)
        }
    }

    /// `entry.time` and friends without building the `entry` object.
    func lookup(path: [String]) -> JSONValue? {
        guard let first = path.first else { return nil }
        if path.count == 2, first.utf8.first == UInt8(ascii: "e"), first == "entry" {
            let name = path[1]
            switch name.utf8.first {
            case UInt8(ascii: "d") where name == "date": return .string(zone.iso8601(date))
            case UInt8(ascii: "d") where name == "day": return .string(zone.dayText(date))
            case UInt8(ascii: "t") where name == "time": return .string(zone.timeText(date))
            case UInt8(ascii: "w") where name == "weekday": return .string(zone.weekdayName(date))
            case UInt8(ascii: "i") where name == "index": return .int(index)
            case UInt8(ascii: "i") where name == "instant": return instant
            case UInt8(ascii: "i") where name == "isInstant": return isInstant
            default: return nil
            }
        }
        // `let.NAME`: in the entry's lets, else the request's, without joining them.
        if path.count >= 2, let entryLets, first.utf8.first == UInt8(ascii: "l"), first == "let" {
            if let value = entryLets.json(path[1]) { return path.count == 2 ? value : value.lookup(path: path, from: 2) }
            return request.lets.lookup(path: path, from: 1)
        }
        guard let value = lookup(first) else { return nil }
        return value.lookup(path: path, from: 1)
    }
}
