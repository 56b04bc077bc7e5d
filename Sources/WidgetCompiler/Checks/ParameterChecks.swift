import WidgetSupport

/// Intent parameters: `min <= max`; `default` of the declared type and inside
/// `[min, max]` or in `values`; enum `values` unique and non-empty.
/// Codes: `param-range`, `param-default-type`, `param-enum`.
/// `under` is where they are declared: the widget's `parameters`, or an intent's.
func checkParameters(_ parameters: [WidgetDefinition.Parameter], under: [String] = ["parameters"], _ context: inout CheckContext) {
    // By index: the parameter is read where it is, not copied.
    for i in parameters.indices { checkParameter(parameters[i], under: under, &context) }
}

/// One parameter. Its bounds and default are raw scalars (their form matters: an
/// integer written as `1e23`), read in place; the name is used only for a diagnostic.
private func checkParameter(_ declared: WidgetDefinition.Parameter, under: [String], _ context: inout CheckContext) {
    // Unknown types are the schema's to report.
    guard let type = declared.type?.value else { return }
    // Built only for a diagnostic (they capture the name, not the parameter).
    let name = declared.name
    var label: String { under.count == 3 ? "intent '\(under[1])': parameter '\(name)'" : "parameter '\(name)'" }
    var pointer: [String] { under + [name] }

    /// A bound or default as a comparable number (durations in seconds).
    func magnitude(_ value: SourceNode, _ key: String) -> Double? {
        if type == .duration {
            guard let text = value.string else { return nil }
            return checkDuration(text, value, pointer + [key], &context).map(Double.init)
        }
        return value.number
    }

    // An integer parameter's bound or default written as a float (`1e23`) must still fit
    // in 64 bits (one written as an integer is reported by `checkIntegerRange`).
    if type == .integer {
        for (key, written) in [("min", declared.min), ("max", declared.max), ("default", declared.defaultValue)] {
            guard let node = written, node.kind == .double, let value = node.number,
                  value.rounded(.towardZero) == value, IntegerRange.isOutside(value),
                  !(node.stringBytes.map(IntegerRange.isIntegerForm) ?? false),
                  !(node.document.textBytes(node.index).map(IntegerRange.isIntegerForm) ?? false) else { continue }
            context.error(
                .integerRange, "\(label): \(key) \(node.shown) does not fit in a 64-bit integer (\(IntegerRange.shown))",
                at: node, pointer + [key])
            if key == "default" { return }
        }
    }
    switch type {
    case .integer, .number, .duration:
        let minNode = declared.min
        let maxNode = declared.max
        let min = minNode.flatMap { magnitude($0, "min") }
        let max = maxNode.flatMap { magnitude($0, "max") }
        if let minNode, let maxNode, let min, let max, min > max {
            context.error(.paramRange, "\(label): min \(minNode.shown) is above max \(maxNode.shown)", at: minNode, pointer + ["min"])
        }
        guard let defaultNode = declared.defaultValue else { return }
        if type == .integer, defaultNode.isScalar, !defaultNode.isInteger {
            context.error(.paramDefaultType, "\(label): default \(defaultNode.shown) is not an integer", at: defaultNode, pointer + ["default"])
            return
        }
        if type == .number, defaultNode.number == nil {
            context.error(.paramDefaultType, "\(label): default \(defaultNode.shown) is not a number", at: defaultNode, pointer + ["default"])
            return
        }
        if type == .duration, !defaultNode.isString {
            context.error(.paramDefaultType, "\(label): default \(defaultNode.shown) is not a duration such as 15m", at: defaultNode, pointer + ["default"])
            return
        }
        guard let value = magnitude(defaultNode, "default") else { return }
        if let minNode, let min, value < min {
            context.error(.paramRange, "\(label): default \(defaultNode.shown) is below min \(minNode.shown)", at: defaultNode, pointer + ["default"])
        } else if let maxNode, let max, value > max {
            context.error(.paramRange, "\(label): default \(defaultNode.shown) is above max \(maxNode.shown)", at: defaultNode, pointer + ["default"])
        }
    case .boolean:
        if let defaultNode = declared.defaultValue, defaultNode.bool == nil {
            context.error(.paramDefaultType, "\(label): default \(defaultNode.shown) is not true or false", at: defaultNode, pointer + ["default"])
        }
    case .string:
        if let defaultNode = declared.defaultValue, !defaultNode.isString {
            context.error(.paramDefaultType, "\(label): default \(defaultNode.shown) is not a string", at: defaultNode, pointer + ["default"])
        }
    case .enum:
        checkEnumValues(declared, label: label, pointer: pointer, &context)
    case .entity:
        // Its options read the widget's data: checkEntityParameters, with the widget's scope.
        if under.first == "intents" {
            context.error(
                .paramEntity, "\(label): an entity parameter belongs to the widget's parameters (its options come from the widget's data); pass the record's id as a string parameter",
                at: declared.type?.node ?? declared.node, pointer + ["type"])
        }
    }
}

/// An enum parameter's `values`: present, not empty, no scalar listed twice, and
/// holding the default. `label` and `pointer` are built only for a diagnostic.
private func checkEnumValues(
    _ parameter: WidgetDefinition.Parameter, label: @autoclosure () -> String, pointer: @autoclosure () -> [String],
    _ context: inout CheckContext
) {
    guard let valuesNode = parameter.values else {
        context.error(.paramEnum, "\(label()): an enum parameter needs 'values'", at: parameter.node, pointer())
        return
    }
    // Anything but a list counts as no values (the schema reports its shape).
    let count = valuesNode.isSequence ? valuesNode.count : 0
    if valuesNode.isSequence, count == 0 {
        context.error(.paramEnum, "\(label()): 'values' is empty", at: valuesNode, pointer() + ["values"])
    }
    // The first index of each distinct scalar, found by a scan over the earlier first
    // indices (lists are short; a dictionary would hash every value and find the same
    // ones). Only first indices are compared, as numbers are not transitively equal:
    // 2^53 + 1 equals the double 2^53, which equals 2^53, yet the two integers differ.
    var isFirst = [Bool](repeating: false, count: count)
    func firstIndex(of scalar: SourceNode, before end: Int) -> Int? {
        for j in 0..<end where isFirst[j] && valuesNode.child(j).hasSameScalar(as: scalar) { return j }
        return nil
    }
    for i in 0..<count {
        let item = valuesNode.child(i)
        guard item.isScalar else { continue }
        if let first = firstIndex(of: item, before: i) {
            context.error(
                .paramEnum, "\(label()): value \(item.shown) is listed twice (first at index \(first))", at: item,
                pointer() + ["values", String(i)])
        } else {
            isFirst[i] = true
        }
    }
    if let defaultNode = parameter.defaultValue, defaultNode.isScalar, count > 0,
       firstIndex(of: defaultNode, before: count) == nil {
        let list = valuesNode.items.map(\.shown).joined(separator: ", ")
        context.error(.paramEnum, "\(label()): default \(defaultNode.shown) is not one of its values (\(list))", at: defaultNode, pointer() + ["default"])
    }
    // `valueTitles` names values the parameter has.
    for title in parameter.valueTitles?.members ?? .empty where !valuesNode.items.contains(where: { $0.string == title.key }) {
        let list = valuesNode.items.map(\.shown).joined(separator: ", ")
        context.error(.paramEnum, "\(label()): valueTitles names '\(title.key)', which is not one of its values (\(list))", at: title.keyLocation, pointer() + ["valueTitles", title.key])
    }
}

extension SourceNode {
    /// Whether a number is an integer as JSON Schema counts them: an integer, or
    /// a finite double with no fractional part.
    var isInteger: Bool {
        switch kind {
        case .int: true
        case .double: number.map { $0.rounded(.towardZero) == $0 && $0.isFinite } ?? false
        default: false
        }
    }

    /// Whether two scalars are equal as JSON values: numbers by value (an integer
    /// and a double alike), strings as `String ==` decides, null and booleans by kind and value.
    func hasSameScalar(as other: SourceNode) -> Bool {
        switch (kind, other.kind) {
        case (.null, .null): return true
        case (.bool, .bool): return bool == other.bool
        case (.int, .int): return document.int(index) == other.document.int(other.index)
        case (.int, .double), (.double, .int), (.double, .double): return number == other.number
        case (.string, .string): return hasSameString(as: other)
        default: return false
        }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let paramDefaultType = DiagnosticCode("param-default-type")
    package static let paramEnum = DiagnosticCode("param-enum")
    package static let paramRange = DiagnosticCode("param-range")
}
