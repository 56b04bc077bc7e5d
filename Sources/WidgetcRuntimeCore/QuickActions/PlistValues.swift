import WidgetSupport

/// Property lists have no null: what `userInfo` makes of JSON's.
package enum PlistValues {
    /// `value` with every null replaced by the empty string, as a template renders null.
    package static func sanitized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null: return .string("")
        case .array(let items): return .array(items.map(sanitized))
        case .object(let object): return .object(sanitized(object))
        default: return value
        }
    }

    package static func sanitized(_ object: JSONObject) -> JSONObject {
        var out = JSONObject()
        for (key, value) in object { out[key] = sanitized(value) }
        return out
    }
}
