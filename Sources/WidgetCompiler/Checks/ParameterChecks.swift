import WidgetSupport

/// Intent parameters: `min <= max`; `default` of the declared type and inside
/// `[min, max]` or in `values`; enum `values` unique and non-empty.
/// Codes: `param-range`, `param-default-type`, `param-enum`.
func checkParameters(_ parameters: SourceNode, _ context: inout CheckContext) {
    for member in parameters.members {
        checkParameter(member.key, member.value, &context)
    }
}

/// A parameter's declared type, recognised by bytes (a `switch` over strings compares each case).
private enum ParameterType: Int {
    case integer, number, duration, boolean, string, `enum`
    static let names = WordTable(["integer", "number", "duration", "boolean", "string", "enum"])
}

private func checkParameter(_ name: String, _ node: SourceNode, _ context: inout CheckContext) {
    // Unknown types are the schema's to report.
    guard let typeName = node["type"]?.string,
          let type = ParameterType.names.index(of: typeName).flatMap(ParameterType.init(rawValue:)) else { return }
    // Built only for a diagnostic: most parameters have none.
    var label: String { "parameter '\(name)'" }
    var pointer: [String] { ["parameters", name] }

    /// A bound or default as a comparable number (durations in seconds).
    func magnitude(_ value: SourceNode, _ key: String) -> Double? {
        if type == .duration {
            guard let text = value.string else { return nil }
            return checkDuration(text, value, pointer + [key], &context).map(Double.init)
        }
        return value.number
    }

    switch type {
    case .integer, .number, .duration:
        let minNode = node["min"], maxNode = node["max"]
        let min = minNode.flatMap { magnitude($0, "min") }
        let max = maxNode.flatMap { magnitude($0, "max") }
        if let min, let max, min > max, let minNode, let maxNode {
            context.error("param-range", "\(label): min \(minNode.shown) is above max \(maxNode.shown)", at: minNode, pointer + ["min"])
        }
        guard let defaultNode = node["default"] else { return }
        if type == .integer, let v = defaultNode.scalar, v.typeName != "integer" {
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not an integer", at: defaultNode, pointer + ["default"])
            return
        }
        if type == .number, defaultNode.number == nil {
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not a number", at: defaultNode, pointer + ["default"])
            return
        }
        if type == .duration, defaultNode.string == nil {
            context.error("param-default-type", "\(label): default \(defaultNode.shown) is not a duration such as 15m", at: defaultNode, pointer + ["default"])
            return
        }
        guard let value = magnitude(defaultNode, "default") else { return }
        if let min, value < min, let minNode {
            context.error("param-range", "\(label): default \(defaultNode.shown) is below min \(minNode.shown)", at: defaultNode, pointer + ["default"])
        } else if let max, value > max, let maxNode {
            context.error("param-range", "\(label): default \(defaultNode.shown) is above max \(maxNode.shown)", at: defaultNode, pointer + ["default"])
        }
    case .boolean:
        if let d = node["default"], d.bool == nil {
            context.error("param-default-type", "\(label): default \(d.shown) is not true or false", at: d, pointer + ["default"])
        }
    case .string:
        if let d = node["default"], d.string == nil {
            context.error("param-default-type", "\(label): default \(d.shown) is not a string", at: d, pointer + ["default"])
        }
    case .enum:
        guard let valuesNode = node["values"] else {
            context.error("param-enum", "\(label): an enum parameter needs 'values'", at: node, pointer)
            return
        }
        let values = valuesNode.items
        if case .sequence = valuesNode.content, values.isEmpty {
            context.error("param-enum", "\(label): 'values' is empty", at: valuesNode, pointer + ["values"])
        }
        // The first index of each distinct scalar, found by a scan (lists are short;
        // a dictionary would hash every value and find the same ones).
        var seen: [(value: JSONValue, index: Int)] = []
        func firstIndex(of scalar: JSONValue) -> Int? { seen.first { $0.value == scalar }?.index }
        for (i, v) in values.enumerated() {
            guard let scalar = v.scalar else { continue }
            if let first = firstIndex(of: scalar) {
                context.error("param-enum", "\(label): value \(v.shown) is listed twice (first at index \(first))", at: v, pointer + ["values", String(i)])
            } else {
                seen.append((scalar, i))
            }
        }
        if let d = node["default"], let scalar = d.scalar, !values.isEmpty, firstIndex(of: scalar) == nil {
            let list = values.map(\.shown).joined(separator: ", ")
            context.error("param-enum", "\(label): default \(d.shown) is not one of its values (\(list))", at: d, pointer + ["default"])
        }
    }
}
