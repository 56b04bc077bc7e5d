import WidgetSimulator
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// `--defaults KEY=VALUE`: keys of a widget's `defaults:` sources, each value read as its
/// default's type (docs/data-sources.md), stored as the app would before the run starts.
enum DefaultsValues {
    /// The app's write of the keys `widget` reads (others are another widget's), at `at`; nil when it reads none.
    static func change(for widget: CompiledWidget, _ assignments: [(key: String, value: String)], at: Instant) throws(UsageError) -> ScenarioEvent? {
        var set = JSONObject()
        for (key, text) in assignments {
            guard let source = widget.defaultsSources.first(where: { $0.keys[key] != nil }), let defaultValue = source.keys[key] else { continue }
            set[key] = try value(text, key: key, like: defaultValue, source: source.name)
        }
        guard !set.isEmpty, let suite = widget.defaultsSuite else { return nil }
        return .defaults(at: at, suite: suite, set: set, remove: [])
    }

    /// Every key must be read by at least one widget of the run.
    static func checkKnown(_ assignments: [(key: String, value: String)], _ widgets: [CompiledWidget]) throws(UsageError) {
        let known = Array(Set(widgets.flatMap { $0.defaultsSources.flatMap { $0.keys.map(\.key) } })).sorted()
        for (key, _) in assignments where !known.contains(key) {
            throw UsageError(message: "--defaults: no defaults source reads '\(key)'\(Suggest.hint(for: key, among: known)); keys: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
        }
    }

    /// `text` as the type of `defaultValue`.
    static func value(_ text: String, key: String, like defaultValue: JSONValue, source: String) throws(UsageError) -> JSONValue {
        func fail(_ what: String) -> UsageError {
            UsageError(message: "--defaults \(key)=\(text): '\(text)' is not \(what), as its default \(JSONWriter.string(defaultValue)) in data source '\(source)' is")
        }
        switch defaultValue {
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw fail("a boolean (true or false)")
            }
        case .int:
            guard let i = Int(text) else { throw fail("an integer") }
            return .int(i)
        case .double:
            guard let d = Double(text), d.isFinite else { throw fail("a number") }
            return .double(d)
        case .array, .object:
            let parsed = try? JSONReader.parse(bytes: Array(text.utf8)).json
            if case .array? = parsed, case .array = defaultValue { return parsed! }
            if case .object? = parsed, case .object = defaultValue { return parsed! }
            throw fail(defaultValue.array != nil ? "a JSON list" : "a JSON object")
        case .string, .null:
            return .string(text)
        }
    }
}
