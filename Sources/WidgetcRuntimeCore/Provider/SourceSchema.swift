import WidgetCEL
import WidgetSupport

/// A data source's `schema` (docs/data-sources.md "Typing a source"): the JSON Schema subset
/// `type`, `properties` and `items` that types its value for expressions. The compiler's checker
/// reads `celType`, so a misspelt field or a string used as a number is an error at its column;
/// the runtime reads `conform`, so a JSON integer where the schema says `number` is the `double`
/// the checker chose overloads for.
package struct SourceSchema: Sendable {
    /// `data.NAME`.
    package var source: String
    /// The schema as written.
    package var schema: JSONValue

    package init(source: String, schema: JSONValue) {
        self.source = source
        self.schema = schema
    }

    /// The CEL type of a value the schema describes. An object with `properties` is an object type
    /// (its fields exactly those: another one is an error), one without is a map; an `array` is a
    /// list of its `items`; a list of types, or none, is `dyn`. `timestamps` are the source's
    /// `dates` pointers (tokens, `*` for any): a string there is a `timestamp`.
    package static func celType(_ schema: JSONValue, name: String, path: [String] = [], timestamps: [[String]] = []) -> CELType {
        switch schema["type"]?.string {
        case "object"?:
            guard case .object(let properties)? = schema["properties"] else { return .map(.string, .dyn) }
            return .object(name, properties.map { key, value in
                CELType.Field(key, celType(value, name: name + "." + key, path: path + [key], timestamps: timestamps))
            })
        case "array"?:
            guard let items = schema["items"] else { return .list(.dyn) }
            return .list(celType(items, name: name + "[]", path: path + ["*"], timestamps: timestamps))
        case "string"?:
            return timestamps.contains { matches($0, path) } ? .timestamp : .string
        case "integer"?: return .int
        case "number"?: return .double
        case "boolean"?: return .bool
        case "null"?: return .null
        default: return .dyn
        }
    }

    /// Whether a `dates` pointer's tokens name this path (`*` in either matches any one step).
    private static func matches(_ pointer: [String], _ path: [String]) -> Bool {
        pointer.count == path.count && zip(pointer, path).allSatisfy { $0 == "*" || $1 == "*" || $0 == $1 }
    }

    /// Whether anything in the schema says `number` (only then does `conform` change a value).
    package var hasNumbers: Bool { Self.hasNumbers(schema) }

    private static func hasNumbers(_ schema: JSONValue) -> Bool {
        switch schema["type"]?.string {
        case "number"?: return true
        case "object"?: return schema["properties"]?.object?.contains { hasNumbers($0.value) } ?? false
        case "array"?: return schema["items"].map(hasNumbers) ?? false
        default: return false
        }
    }

    /// The value with each integer where the schema says `number` made a double; anything else as it is
    /// (a value of another type than the schema's is left for the expression to fail on, naming it).
    package func conform(_ value: CELValue) -> CELValue { Self.conform(value, schema) }

    private static func conform(_ value: CELValue, _ schema: JSONValue) -> CELValue {
        switch (schema["type"]?.string, value) {
        case ("number"?, .int(let i)): return .double(Double(i))
        case ("number"?, .uint(let u)): return .double(Double(u))
        case ("object"?, .map(let map)):
            guard case .object(let properties)? = schema["properties"] else { return value }
            var copy = map
            for (key, property) in properties where hasNumbers(property) {
                if let member = map[string: key] { copy.set(key, conform(member, property)) }
            }
            return .map(copy)
        case ("array"?, .list(let items)):
            guard let item = schema["items"], hasNumbers(item) else { return value }
            return .list(items.map { conform($0, item) })
        default:
            return value
        }
    }
}
