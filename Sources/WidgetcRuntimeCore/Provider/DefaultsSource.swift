import WidgetSupport
import WidgetTime

/// A `defaults:` data source (docs/data-sources.md): keys of the app group's `UserDefaults`
/// suite, each typed by its default. Read at every reload from the suite's property list
/// in the container (`Library/Preferences/SUITE.plist`), where iOS keeps it.
package struct DefaultsSource: Sendable {
    package var name: String
    /// The suite; nil: the app manifest's `appGroup`.
    package var suite: String?
    /// Each key and its default, in the order written.
    package var keys: JSONObject

    package init(name: String, suite: String?, keys: JSONObject) {
        self.name = name
        self.suite = suite
        self.keys = keys
    }

    /// The stored value when it has its default's type (an integer stands for a number), else nil.
    static func typed(_ value: JSONValue, like defaultValue: JSONValue) -> JSONValue? {
        switch (defaultValue, value) {
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.array, .array), (.object, .object): value
        case (.double, .int(let i)): .double(Double(i))
        default: nil
        }
    }

    /// What a value is, for warnings.
    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "a dictionary"
        }
    }
}

extension CompiledWidget {
    /// The suite the app's defaults changes go to when they name none: the first defaults source's.
    package var defaultsSuite: String? {
        guard let first = defaultsSources.first else { return nil }
        return first.suite ?? appGroup
    }

    /// Each defaults source's keys: the stored value of the default's type, else the default
    /// (a stored value of another type is warned). A missing file is the defaults (the app has
    /// not written yet); a file that is not a property list is warned, naming it, and the defaults shown.
    func loadDefaults(into data: inout JSONObject, _ context: TimelineContext) {
        for source in defaultsSources {
            var stored = JSONObject()
            if let suite = source.suite ?? appGroup {
                stored = storedDefaults(suite: suite, source: source.name, context)
            } else {
                context.warn(
                    code: "defaults-suite",
                    message: "data source '\(source.name)' names no suite and no app manifest gives an appGroup; showing its defaults (write suite: group.…)")
            }
            var object = JSONObject()
            for (key, defaultValue) in source.keys {
                guard let value = stored[key] else {
                    object[key] = defaultValue
                    continue
                }
                if let typed = DefaultsSource.typed(value, like: defaultValue) {
                    object[key] = typed
                } else {
                    object[key] = defaultValue
                    context.warn(
                        code: "defaults-type",
                        message: "data source '\(source.name)': defaults key '\(key)' is \(DefaultsSource.kind(value)) (\(JSONWriter.string(value))), not \(DefaultsSource.kind(defaultValue)) as its default \(JSONWriter.string(defaultValue)); using the default")
                }
            }
            data[source.name] = .object(object)
        }
    }

    private func storedDefaults(suite: String, source: String, _ context: TimelineContext) -> JSONObject {
        let path = Preferences.path(suite: suite)
        switch context.container.read(path) {
        case .found(let bytes):
            if let cached = dataCache?.value(for: path, bytes: bytes)?.object { return cached }
            switch Preferences.read(bytes, zone: zone) {
            case .success(let object):
                dataCache?.store(.object(object), for: path, bytes: bytes)
                return object
            case .failure(let problem):
                context.warn(code: "defaults-malformed", message: "container file '\(path)' (suite '\(suite)') is \(problem.reason); data source '\(source)' shows its defaults")
                return JSONObject()
            }
        case .missing:
            return JSONObject()
        case .refused(let refusal):
            context.warn(code: "data-path", message: "container file \(refusal); data source '\(source)' shows its defaults")
            return JSONObject()
        case .unreadable(let reason):
            context.warn(code: "defaults-malformed", message: "container file '\(path)' cannot be read: \(reason); data source '\(source)' shows its defaults")
            return JSONObject()
        }
    }
}
