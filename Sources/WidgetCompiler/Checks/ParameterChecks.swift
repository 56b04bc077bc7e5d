import WidgetSupport

/// Intent parameters: `min <= max`; `default` of the declared type and inside
/// `[min, max]` or in `values`; enum `values` unique and non-empty.
/// Codes: `param-range`, `param-default-type`, `param-enum`.
func checkParameters(_ parameters: SourceNode, _ context: inout CheckContext) {
    guard case .object(let object) = parameters.json else { return }
    for i in object.keys.indices {
        // Values are read as JSON; a parameter becomes a node only for a diagnostic.
        guard case .object(let fields) = object.values[i] else { continue }
        checkParameter(object.keys[i], fields, parameters.child(i), &context)
    }
}

/// A parameter's declared type, recognised by bytes (a `switch` over strings compares each case).
private enum ParameterType: Int {
    case integer, number, duration, boolean, string, `enum`
    static let names = WordTable(["integer", "number", "duration", "boolean", "string", "enum"])
}

/// One parameter, whose members are `fields`; `parameter` is built only for a diagnostic.
private func checkParameter(
    _ name: String, _ fields: JSONObject, _ parameter: @autoclosure () -> SourceNode, _ context: inout CheckContext
) {
    // Unknown types are the schema's to report.
    guard case .string(let typeName)? = fields["type"],
          let type = ParameterType.names.index(of: typeName).flatMap(ParameterType.init(rawValue:)) else { return }
    // Built only for a diagnostic: most parameters have none.
    var label: String { "parameter '\(name)'" }
    var pointer: [String] { ["parameters", name] }
    /// The node of member `key` (which `fields` has), for a diagnostic's position and text.
    func node(_ key: String) -> SourceNode { parameter()[key] ?? parameter() }

    /// A bound or default as a comparable number (durations in seconds).
    func magnitude(_ value: JSONValue, _ key: String) -> Double? {
        if type == .duration {
            guard case .string(let text) = value else { return nil }
            return checkDuration(text, node(key), pointer + [key], &context).map(Double.init)
        }
        return value.number
    }

    switch type {
    case .integer, .number, .duration:
        let min = fields["min"].flatMap { magnitude($0, "min") }
        let max = fields["max"].flatMap { magnitude($0, "max") }
        if let min, let max, min > max {
            let minNode = node("min")
            context.error("param-range", "\(label): min \(minNode.shown) is above max \(node("max").shown)", at: minNode, pointer + ["min"])
        }
        guard let defaultValue = fields["default"] else { return }
        var defaultNode: SourceNode { node("default") }
        if type == .integer, defaultValue.isScalar, defaultValue.typeName != "integer" {
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not an integer", at: defaultNode, pointer + ["default"])
            return
        }
        if type == .number, defaultValue.number == nil {
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not a number", at: defaultNode, pointer + ["default"])
            return
        }
        if type == .duration, defaultValue.string == nil {
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not a duration such as 15m", at: defaultNode, pointer + ["default"])
            return
        }
        guard let value = magnitude(defaultValue, "default") else { return }
        if let min, value < min {
            context.error("param-range", "\(label): default \(defaultNode.shown) is below min \(node("min").shown)", at: defaultNode, pointer + ["default"])
        } else if let max, value > max {
            context.error("param-range", "\(label): default \(defaultNode.shown) is above max \(node("max").shown)", at: defaultNode, pointer + ["default"])
        }
    case .boolean:
        if let d = fields["default"], d.bool == nil {
            let defaultNode = node("default")
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not true or false", at: defaultNode, pointer + ["default"])
        }
    case .string:
        if let d = fields["default"], d.string == nil {
            let defaultNode = node("default")
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not a string", at: defaultNode, pointer + ["default"])
        }
    case .enum:
        guard let valuesValue = fields["values"] else {
            context.error("param-enum", "\(label): an enum parameter needs 'values'", at: parameter(), pointer)
            return
        }
        let values = valuesValue.array ?? []
        if case .array = valuesValue, values.isEmpty {
            context.error("param-enum", "\(label): 'values' is empty", at: node("values"), pointer + ["values"])
        }
        // The first index of each distinct scalar, found by a scan (lists are short;
        // a dictionary would hash every value and find the same ones).
        var seen: [(value: JSONValue, index: Int)] = []
        func firstIndex(of scalar: JSONValue) -> Int? { seen.first { $0.value == scalar }?.index }
        for (i, v) in values.enumerated() where v.isScalar {
            if let first = firstIndex(of: v) {
                let item = node("values").items[i]
                context.error("param-enum", "\(label): value \(item.shown) is listed twice (first at index \(first))", at: item, pointer + ["values", String(i)])
            } else {
                seen.append((v, i))
            }
        }
        if let d = fields["default"], d.isScalar, !values.isEmpty, firstIndex(of: d) == nil {
            let list = node("values").items.map(\.shown).joined(separator: ", ")
            let defaultNode = node("default")
            context.error("param-enum", "\(label): default \(defaultNode.shown) is not one of its values (\(list))", at: defaultNode, pointer + ["default"])
        }
    }
}
