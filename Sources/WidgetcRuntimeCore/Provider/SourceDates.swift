import WidgetCEL
import WidgetSupport
import WidgetTime

/// `dates:` of one data source (docs/data-dates.md): JSON Pointers into the source's value
/// (after `select`; `*` matches every index or key) and the format each value is written in.
/// A decoded value becomes the instant's ISO 8601 text in the widget's zone, which templates,
/// events and the face read as an instant, and CEL reads as a `timestamp`.
package struct SourceDates: Sendable {
    package struct Rule: Sendable {
        /// The pointer as written, and its tokens.
        package var pointer: String
        package var tokens: [String]
        package var format: DataDateFormat

        package init(pointer: String, tokens: [String], format: DataDateFormat) {
            self.pointer = pointer
            self.tokens = tokens
            self.format = format
        }
    }

    package var source: String
    package var rules: [Rule]
    /// The zone patterns and local ISO dates are read in; nil: the widget's.
    package var zone: ZoneRules?

    package init(source: String, rules: [Rule], zone: ZoneRules?) {
        self.source = source
        self.rules = rules
        self.zone = zone
    }

    /// One value that did not decode: where, what, and in which format.
    struct Failure {
        let pointer: String
        let value: JSONValue
        let format: DataDateFormat
    }

    /// A rule whose pointer reached no value: where the walk first stopped (a member or an index
    /// the data does not have, or a value that is not a list or a mapping where the pointer goes on).
    struct Unmatched {
        let pointer: String
        let stop: String
    }

    /// What walking one rule's pointer found.
    private struct Walk {
        /// Some value was at the pointer's end (decoded or not).
        var reached = false
        /// The first place where the data lacked what the pointer names (nil: the walk only met
        /// empty lists or mappings under `*`, or nulls: no data, not a wrong pointer).
        var stop: String?
    }

    /// Decodes every value the rules point at in `value`; each that does not decode is made absent
    /// (removed from its object, null in its array) and returned. Nulls, empty text and missing members are no date, and stay.
    /// A rule that reaches no value where the data lacks what its pointer names is returned in `unmatched`.
    func decode(_ value: inout JSONValue, widgetZone: ZoneRules, unmatched: inout [Unmatched]) -> [Failure] {
        let zone = self.zone ?? widgetZone
        var failures: [Failure] = []
        for rule in rules {
            var walk = Walk()
            if Self.visit(&value, rule.tokens[...], path: [], rule: rule, zone: zone, &failures, &walk) {
                value = .null
            }
            if !walk.reached, let stop = walk.stop { unmatched.append(Unmatched(pointer: rule.pointer, stop: stop)) }
        }
        return failures
    }

    /// Returns true when the value at the end of `tokens` did not decode (the caller drops it).
    private static func visit(
        _ value: inout JSONValue, _ tokens: ArraySlice<String>, path: [String], rule: Rule, zone: ZoneRules, _ failures: inout [Failure],
        _ walk: inout Walk
    ) -> Bool {
        guard let token = tokens.first else {
            walk.reached = true
            // No date: null or empty text stays as it is, without a warning.
            if value.isNull || value == .string("") { return false }
            if let instant = rule.format.decode(value, zone: zone) {
                value = .string(zone.iso8601(instant))
                return false
            }
            failures.append(Failure(pointer: JSONPointer.string(path), value: value, format: rule.format))
            return true
        }
        let rest = tokens.dropFirst()
        switch value {
        case .object(var object):
            let keys = token == "*" ? object.map(\.key) : (object[token] == nil ? [] : [token])
            if keys.isEmpty, token != "*", walk.stop == nil { walk.stop = "\(place(path)) has no member '\(token)'" }
            for key in keys {
                guard var child = object[key] else { continue }
                if visit(&child, rest, path: path + [key], rule: rule, zone: zone, &failures, &walk) {
                    object.removeValue(forKey: key)
                } else {
                    object[key] = child
                }
            }
            value = .object(object)
        case .array(var items):
            let indices: [Int] = token == "*" ? Array(items.indices) : (Int(token).flatMap { items.indices.contains($0) ? [$0] : nil } ?? [])
            if indices.isEmpty, token != "*", walk.stop == nil { walk.stop = "\(place(path)) is a list of \(items.count) with no item '\(token)'" }
            for i in indices {
                var child = items[i]
                items[i] = visit(&child, rest, path: path + [String(i)], rule: rule, zone: zone, &failures, &walk) ? .null : child
            }
            value = .array(items)
        case .null:
            break
        default:
            if walk.stop == nil { walk.stop = "\(place(path)) is \(JSONWriter.string(value).prefix(40)), not a list or a mapping" }
        }
        return false
    }

    /// A place in the source's value, for a message: its pointer, or "the value" for the whole.
    private static func place(_ path: [String]) -> String {
        path.isEmpty ? "the value" : JSONPointer.string(path)
    }
}

extension CompiledWidget {
    /// Decodes the declared dates of every source in `data`, warning once for each value that does not decode.
    /// `only`: the sources to decode (nil: every one there).
    func decodeDates(_ data: inout JSONObject, _ context: TimelineContext, only: Set<String>? = nil) {
        for dates in sourceDates where only?.contains(dates.source) ?? true {
            guard var value = data[dates.source] else { continue }
            var unmatched: [SourceDates.Unmatched] = []
            let failures = dates.decode(&value, widgetZone: zone, unmatched: &unmatched)
            data[dates.source] = value
            for rule in unmatched {
                context.warn(
                    code: SourceDates.unmatchedCode,
                    message: "data source '\(dates.source)': dates pointer '\(rule.pointer)' matches no value in the data (\(rule.stop)); nothing there is read as a date",
                    place: ["data", dates.source, "dates", rule.pointer])
            }
            for failure in failures {
                let shown = failure.value.string.map { "'\($0)'" } ?? JSONWriter.string(failure.value)
                context.warn(
                    code: "data-date",
                    message: "data source '\(dates.source)': \(failure.pointer.isEmpty ? "its value" : failure.pointer) is \(shown), which does not decode as \(failure.format.text); it is absent")
            }
        }
    }
}

extension SourceDates {
    /// A `dates` pointer that reaches no value because the data lacks what it names (a member
    /// spelled otherwise, a list where a mapping was expected): warned once per run, at its line.
    package static let unmatchedCode = "data-dates-unmatched"
}

extension CELValue {
    /// The value with the text at each rule's pointer read as a `timestamp` (what `decodeDates` wrote).
    func withTimestamps(_ rules: [SourceDates.Rule]) -> CELValue {
        var value = self
        for rule in rules { value = value.timestamps(rule.tokens[...]) }
        return value
    }

    private func timestamps(_ tokens: ArraySlice<String>) -> CELValue {
        guard let token = tokens.first else {
            guard case .string(let text) = self, let (instant, _) = try? InstantParser.parse(text),
                let timestamp = CELTimestamp(seconds: instant.seconds)
            else { return self }
            return .timestamp(timestamp)
        }
        let rest = tokens.dropFirst()
        switch self {
        case .map(let map):
            var copy = CELMap()
            for (key, child) in map {
                let matches: Bool
                if token == "*" { matches = true } else if case .string(let name) = key { matches = name == token } else { matches = false }
                _ = copy.insert(key, matches ? child.timestamps(rest) : child)
            }
            return .map(copy)
        case .list(let items):
            return .list(items.enumerated().map { (i, child) in token == "*" || token == String(i) ? child.timestamps(rest) : child })
        default:
            return self
        }
    }
}
