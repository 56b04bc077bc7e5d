import WidgetSupport
import WidgetTemplates
import WidgetTime

/// Why an intent was not performed: the file and the pointer at fault where there is one.
/// Nothing was changed.
public struct IntentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The container file, relative to the container; nil for an argument or a lock.
    public let file: String?
    /// The JSON Pointer as rendered; nil when the file as a whole is at fault.
    public let pointer: String?
    public let message: String

    package init(file: String? = nil, pointer: String? = nil, _ message: String) {
        self.file = file
        self.pointer = pointer
        self.message = message
    }

    public var description: String {
        switch (file, pointer) {
        case (let file?, let pointer?): "\(file) at '\(pointer)': \(message)"
        case (let file?, nil): "\(file): \(message)"
        default: message
        }
    }
}

/// One value an intent changed.
package struct IntentChange: Sendable, Equatable {
    package var file: String
    /// The pointer as rendered.
    package var pointer: String
    /// nil: there was nothing there (a new member or item).
    package var old: JSONValue?
    /// nil: removed.
    package var new: JSONValue?

    package init(file: String, pointer: String, old: JSONValue?, new: JSONValue?) {
        self.file = file
        self.pointer = pointer
        self.old = old
        self.new = new
    }
}

/// What performing an intent did (or, before it is written, would do).
package struct IntentOutcome: Sendable {
    /// The arguments it ran with, defaults filled in.
    package var arguments: JSONObject
    package var changes: [IntentChange] = []
    /// Each file changed and its whole new content, in the order first changed.
    package var files: [(path: String, value: JSONValue)] = []
    /// The kinds its `reload` effects name, in order, without repeats.
    package var reloads: [String] = []
    /// The URL its `open` renders, if it has one (the last, if several).
    package var open: String?
    /// The UserDefaults keys it sets (a value) or removes (nil), in order: a run writes them into
    /// the suite's property list in its container, the generated intent through `UserDefaults(suiteName:)`.
    package var defaults: [(key: PlanDefaultsKey, value: JSONValue?)] = []
    /// Its `swift` effects, their arguments rendered, in order: the extension calls them (docs/swift-hatch.md).
    package var swiftCalls: [SwiftEffectCall] = []
}

extension PlanIntent {
    /// The arguments checked against the parameters (type, bounds, values), the missing ones
    /// taking their defaults, in declaration order.
    package func arguments(_ given: JSONObject) throws(IntentError) -> JSONObject {
        for (name, _) in given where !parameters.contains(where: { $0.name == name }) {
            let names = parameters.map(\.name)
            throw IntentError("intent '\(self.name)' has no parameter '\(name)'" + (names.isEmpty ? " (it takes none)" : " (its parameters: \(names.joined(separator: ", ")))"))
        }
        var resolved = JSONObject()
        for p in parameters {
            resolved.appendNew(p.name, try given[p.name].map { v throws(IntentError) in try p.argument(v, of: self.name) } ?? p.defaultValue)
        }
        return resolved
    }

    /// Applies the effects in order to the files `read` gives (each read once), in memory: all
    /// of them, or an error and nothing. The caller writes `files`.
    package func apply(arguments given: JSONObject, read: (String) throws(IntentError) -> JSONValue) throws(IntentError) -> IntentOutcome {
        var outcome = IntentOutcome(arguments: try arguments(given))
        let scope = JSONValue.object(JSONObject([("param", .object(outcome.arguments))]))
        var files: [String: JSONValue] = [:]
        for effect in effects {
            switch effect {
            case .reload(let kinds):
                for kind in kinds where !outcome.reloads.contains(kind) { outcome.reloads.append(kind) }
                continue
            case .open(let url):
                outcome.open = url.renderString(scope)
                continue
            case .setDefaults(let key, let value):
                outcome.defaults.append((key, Self.rendered(value, scope)))
                continue
            case .removeDefaults(let key):
                outcome.defaults.append((key, nil))
                continue
            case .swift(let type, let arguments):
                outcome.swiftCalls.append(Self.swiftCall(type, arguments, scope))
                continue
            default:
                break
            }
            guard let target = effect.target else { continue }
            let tokens = target.at.render(scope)
            let pointer = JSONPointer.string(tokens)
            let file = target.file
            // Taken out while it changes, so that it is changed in place.
            var document: JSONValue
            if let known = files.removeValue(forKey: file) { document = known } else { document = try read(file) }
            func fail(_ message: String) -> IntentError { IntentError(file: file, pointer: pointer, message) }
            var changes: [IntentChange] = []
            func record(_ at: String, _ old: JSONValue?, _ new: JSONValue?) {
                changes.append(IntentChange(file: file, pointer: at, old: old, new: new))
            }
            switch effect {
            case .set(_, let value):
                let new = Self.rendered(value, scope)
                try Self.update(&document, tokens[...], walked: [], file: file, pointer: pointer, creating: true) { (slot: inout JSONValue?) throws(IntentError) in
                    record(pointer, slot, new)
                    slot = new
                }
            case .toggle:
                try Self.update(&document, tokens[...], walked: [], file: file, pointer: pointer) { (slot: inout JSONValue?) throws(IntentError) in
                    guard case .bool(let b)? = slot else { throw fail("toggle needs a boolean, found \(Self.describe(slot))") }
                    record(pointer, slot, .bool(!b))
                    slot = .bool(!b)
                }
            case .increment(_, let by, let min, let max):
                let step = try Self.step(by, scope, fail)
                try Self.update(&document, tokens[...], walked: [], file: file, pointer: pointer) { (slot: inout JSONValue?) throws(IntentError) in
                    let new = try Self.incremented(slot, by: step, min: min, max: max, fail)
                    record(pointer, slot, new)
                    slot = new
                }
            case .append(_, let value):
                let new = Self.rendered(value, scope)
                try Self.update(&document, tokens[...], walked: [], file: file, pointer: pointer) { (slot: inout JSONValue?) throws(IntentError) in
                    guard case .array(var list)? = slot else { throw fail("append needs a list, found \(Self.describe(slot))") }
                    record(JSONPointer.string(tokens + [String(list.count)]), nil, new)
                    list.append(new)
                    slot = .array(list)
                }
            case .remove(_, let value?):
                let unwanted = Self.rendered(value, scope)
                try Self.update(&document, tokens[...], walked: [], file: file, pointer: pointer) { (slot: inout JSONValue?) throws(IntentError) in
                    guard case .array(let list)? = slot else { throw fail("remove with a value needs a list, found \(Self.describe(slot))") }
                    for (i, item) in list.enumerated().reversed() where item == unwanted {
                        record(JSONPointer.string(tokens + [String(i)]), item, nil)
                    }
                    slot = .array(list.filter { $0 != unwanted })
                }
            case .remove(_, nil):
                guard !tokens.isEmpty else { throw fail("remove needs a pointer into the file, not the whole file") }
                try Self.update(&document, tokens[...], walked: [], file: file, pointer: pointer) { (slot: inout JSONValue?) throws(IntentError) in
                    record(pointer, slot, nil)
                    slot = nil
                }
            case .reload, .open, .setDefaults, .removeDefaults, .swift:
                break
            }
            outcome.changes += changes
            if !outcome.files.contains(where: { $0.path == file }) { outcome.files.append((file, .null)) }
            files[file] = document
        }
        outcome.files = outcome.files.map { ($0.path, files[$0.path] ?? .null) }
        return outcome
    }

    /// A Swift effect's call with its arguments rendered.
    static func swiftCall(_ type: String, _ arguments: JSONObject, _ scope: JSONValue) -> SwiftEffectCall {
        var values: [String: WidgetValue] = [:]
        for (name, value) in arguments { values[name] = WidgetValue(rendered(value, scope)) }
        return SwiftEffectCall(type: type, arguments: SwiftArguments(values))
    }

    /// The Swift effects of a call, rendered, without reading or changing a file: what the
    /// extension runs before the container effects.
    package func swiftCalls(arguments given: JSONObject) throws(IntentError) -> [SwiftEffectCall] {
        let scope = JSONValue.object(JSONObject([("param", .object(try arguments(given)))]))
        return effects.compactMap { effect in
            if case .swift(let type, let arguments) = effect { Self.swiftCall(type, arguments, scope) } else { nil }
        }
    }

    /// A value whose strings may be templates over `param.*`; a lone tag keeps its type.
    static func rendered(_ value: JSONValue, _ scope: JSONValue) -> JSONValue {
        switch value {
        case .string(let text) where text.isTemplate:
            guard let template = try? Template(text) else { return value }  // the plan's loading checked it
            return template.render(scope)
        case .array(let items):
            return .array(items.map { rendered($0, scope) })
        case .object(let members):
            return .object(JSONObject(members.map { ($0.key, rendered($0.value, scope)) }))
        default:
            return value
        }
    }

    private static func step(_ by: Field<PlanNumber>, _ scope: JSONValue, _ fail: (String) -> IntentError) throws(IntentError) -> PlanNumber {
        switch by {
        case .literal(let n): return n
        case .template(let t):
            switch t.render(scope) {
            case .int(let i): return .int(i)
            case .double(let d): return .double(d)
            case .string(let s):
                if let i = Int(s) { return .int(i) }
                if let d = Double(s), d.isFinite { return .double(d) }
                throw fail("increment by '\(s)' (from \(t.source)) is not a number")
            case let other: throw fail("increment by \(t.source) is \(Self.describe(other)), not a number")
            }
        }
    }

    /// `value + by`, clamped to `[min, max]`; integers stay integers when the step is one.
    private static func incremented(
        _ value: JSONValue?, by step: PlanNumber, min: Double?, max: Double?, _ fail: (String) -> IntentError
    ) throws(IntentError) -> JSONValue {
        if case .int(let i)? = value, case .int(let s) = step {
            let (sum, overflow) = i.addingReportingOverflow(s)
            guard !overflow else { throw fail("\(i) + \(s) does not fit in a 64-bit integer") }
            var result = Double(sum)
            if let max, result > max { result = max.rounded(.down) }
            if let min, result < min { result = min.rounded(.up) }
            return Double(sum) == result ? .int(sum) : .int(Int(result))
        }
        guard let current = value?.number else { throw fail("increment needs a number, found \(Self.describe(value))") }
        var result = current + step.value
        if let max, result > max { result = max }
        if let min, result < min { result = min }
        return .double(result)
    }

    /// Calls `change` with what `tokens` names inside `value` (nil when the last token names a
    /// member or item that is not there and `creating` allows it) and stores what it leaves (nil
    /// removes it). A step through something missing or of the wrong kind is an error.
    static func update(
        _ value: inout JSONValue, _ tokens: ArraySlice<String>, walked: [String], file: String, pointer: String, creating: Bool = false,
        _ change: (inout JSONValue?) throws(IntentError) -> Void
    ) throws(IntentError) {
        func fail(_ message: String) -> IntentError { IntentError(file: file, pointer: pointer, message) }
        guard let token = tokens.first else {
            var slot: JSONValue? = value
            try change(&slot)
            guard let slot else { throw fail("the whole file cannot be removed") }
            value = slot
            return
        }
        let rest = tokens.dropFirst()
        let here = walked.isEmpty ? "the file" : "'\(JSONPointer.string(walked))'"
        switch value {
        case .object(var members):
            value = .null  // the members are changed in place, not copied
            defer { value = .object(members) }
            guard var child = members[token] else {
                guard rest.isEmpty, creating else {
                    let names = members.map(\.key)
                    throw fail("\(here) has no member '\(token)'" + (names.isEmpty ? " (it is empty)" : " (its members: \(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : ""))"))
                }
                var slot: JSONValue? = nil
                try change(&slot)
                if let slot { members.appendNew(token, slot) }
                return
            }
            if rest.isEmpty {
                var slot: JSONValue? = child
                try change(&slot)
                if let slot { members[token] = slot } else { members.removeValue(forKey: token) }
            } else {
                members[token] = .null  // the child is changed in place, not copied
                try update(&child, rest, walked: walked + [token], file: file, pointer: pointer, creating: creating, change)
                members[token] = child
            }
        case .array(var items):
            value = .null
            defer { value = .array(items) }
            if token == "-", rest.isEmpty, creating {
                var slot: JSONValue? = nil
                try change(&slot)
                if let slot { items.append(slot) }
                return
            }
            guard let index = Self.index(token), index < items.count else {
                throw fail("\(here) is a list of \(items.count) item\(items.count == 1 ? "" : "s"); '\(token)' is not one of its indices" + (items.isEmpty ? "" : " (0 to \(items.count - 1))"))
            }
            if rest.isEmpty {
                var slot: JSONValue? = items[index]
                try change(&slot)
                if let slot { items[index] = slot } else { items.remove(at: index) }
            } else {
                try update(&items[index], rest, walked: walked + [token], file: file, pointer: pointer, creating: creating, change)
            }
        default:
            throw fail("\(here) is \(describe(value)), so '\(token)' names nothing in it")
        }
    }

    /// An array index as RFC 6901 writes it: digits, no leading zero.
    private static func index(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), first != 0x30 || token.utf8.count == 1 else { return nil }
        return Int(token)
    }

    /// A value in words, for errors: `the number 3`, `a list`, `nothing`.
    static func describe(_ value: JSONValue?) -> String {
        switch value {
        case nil: "nothing"
        case .null?: "null"
        case .bool(let b)?: "the boolean \(b)"
        case .int(let i)?: "the number \(i)"
        case .double(let d)?: "the number \(JSONWriter.string(.double(d)))"
        case .string(let s)?: "the text '\(s)'"
        case .array?: "a list"
        case .object?: "an object"
        }
    }
}

extension PlanParameter {
    /// A passed value, checked as the intent's `@Parameter` would take it: numbers and booleans
    /// may come as their text (a template rendered to text), bounds and enum values hold.
    func argument(_ value: JSONValue, of intent: String) throws(IntentError) -> JSONValue {
        let label = "intent '\(intent)': argument \(name)"
        func bounded(_ n: Double, shown: String) throws(IntentError) {
            if let min, n < min { throw IntentError("\(label) \(shown) is below min \(PlanIntent.number(min))") }
            if let max, n > max { throw IntentError("\(label) \(shown) is above max \(PlanIntent.number(max))") }
        }
        let shown = PlanIntent.describe(value)
        switch type {
        case .integer:
            let i: Int?
            switch value {
            case .int(let v): i = v
            case .double(let d): i = Int(exactly: d)
            case .string(let s): i = Int(s)
            default: i = nil
            }
            guard let i else { throw IntentError("\(label) is \(shown), not an integer") }
            try bounded(Double(i), shown: String(i))
            return .int(i)
        case .number:
            let n: Double?
            switch value {
            case .int, .double: n = value.number
            case .string(let s): n = Double(s).flatMap { $0.isFinite ? $0 : nil }
            default: n = nil
            }
            guard let n else { throw IntentError("\(label) is \(shown), not a number") }
            try bounded(n, shown: JSONWriter.string(value.string == nil ? value : .double(n)))
            return value.string == nil ? value : .double(n)
        case .boolean:
            switch value {
            case .bool: return value
            case .string("true"): return .bool(true)
            case .string("false"): return .bool(false)
            default: throw IntentError("\(label) is \(shown), not true or false")
            }
        case .string:
            switch value {
            case .string: return value
            case .int, .double, .bool: return .string(JSONWriter.string(value))
            default: throw IntentError("\(label) is \(shown), not text")
            }
        case .enum:
            guard let s = value.string, values.contains(s) else {
                throw IntentError("\(label) is \(shown), not one of its values (\(values.joined(separator: ", ")))")
            }
            return value
        case .duration:
            guard let text = value.string else { throw IntentError("\(label) is \(shown), not a duration such as 15m") }
            let seconds: Int64
            do { seconds = try DurationParser.parse(text) } catch { throw IntentError("\(label) '\(text)' is not a duration: \(error.message)") }
            try bounded(Double(seconds), shown: "'\(text)'")
            return value
        case .entity:
            // The compiler refuses entity parameters in intents (`param-entity`); a plan file that has one passes ids.
            guard value.string != nil else { throw IntentError("\(label) is \(shown), not an entity's id") }
            return value
        }
    }
}

extension PlanIntent {
    /// A bound as written: whole numbers without a fraction.
    static func number(_ d: Double) -> String {
        Int(exactly: d).map(String.init) ?? JSONWriter.string(.double(d))
    }
}
