import WidgetSupport
import WidgetTemplates
import WidgetTime

/// What a timeline request sees: parameter values, container data, family.
/// Timeline options (`every`, `progress.value`, events) render against it.
final class RequestScope: TemplateScope {
    let param: JSONValue
    let data: JSONValue
    let family: JSONValue

    /// A class, so each entry's scope holds one reference rather than copies.
    init(param: JSONValue, data: JSONValue, family: String) {
        self.param = param
        self.data = data
        self.family = .string(family)
    }

    func lookup(_ name: String) -> JSONValue? {
        switch name {
        case "param": param
        case "data": data
        case "family": family
        default: nil
        }
    }
}

/// The rule's own variables for one entry (`slot`, `record` and `index`,
/// `progress`, `market`): an enum rather than an object, so planning an
/// entry allocates nothing.
enum RuleVariables {
    case none
    case slot(JSONValue)
    case record(JSONValue, index: Int)
    case progress(JSONValue)
    case market(JSONValue)

    func value(_ name: String) -> JSONValue? {
        switch self {
        case .none: nil
        case .slot(let slot): name == "slot" ? slot : nil
        case .record(let record, let index): name == "record" ? record : name == "index" ? .int(index) : nil
        case .progress(let value): name == "progress" ? value : nil
        case .market(let market): name == "market" ? market : nil
        }
    }
}

/// What one entry's templates see: the request, the entry's own variables
/// (`entry.*`), and the rule's (`progress`, `slot`, `record`, `index`, `market`).
/// One scope serves a whole timeline, moved from entry to entry.
struct EntryScope: TemplateScope {
    let request: RequestScope
    var date: Instant
    var index: Int
    let zone: ZoneRules
    var rule: RuleVariables

    func lookup(_ name: String) -> JSONValue? {
        switch name {
        case "entry":
            return .object(JSONObject([
                ("date", .string(zone.iso8601(date))), ("time", .string(zone.timeText(date))),
                ("day", .string(zone.dayText(date))), ("weekday", .string(zone.weekdayName(date))),
                ("index", .int(index)),
            ]))
        case "param", "data", "family":
            return request.lookup(name)
        default:
            return rule.value(name)
        }
    }

    /// `entry.time` and friends without building the `entry` object.
    func lookup(path: [String]) -> JSONValue? {
        if path.count == 2, path[0] == "entry" {
            switch path[1] {
            case "date": return .string(zone.iso8601(date))
            case "time": return .string(zone.timeText(date))
            case "day": return .string(zone.dayText(date))
            case "weekday": return .string(zone.weekdayName(date))
            case "index": return .int(index)
            default: return nil
            }
        }
        guard let first = path.first, let value = lookup(first) else { return nil }
        return value.lookup(path: path, from: 1)
    }
}
