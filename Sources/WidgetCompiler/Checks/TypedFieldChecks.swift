import WidgetSupport
import WidgetTemplates
import WidgetTime

/// What a timeline field holds once rendered.
enum FieldType {
    case duration
    case number
    case instant
    /// `policy.after`: a duration after the request (`2h`, or `+2h` as a relative instant), or an instant.
    case durationOrInstant
    /// `events[].at`: an instant or a relative instant (`+2h`).
    case instantOrRelative

    var noun: String {
        switch self {
        case .duration: "a duration"
        case .number: "a number"
        case .instant: "an instant"
        case .durationOrInstant: "a duration or an instant"
        case .instantOrRelative: "an instant or a relative instant"
        }
    }
}

/// Checks a field that holds a literal of `type` or a template rendering to one.
/// A template's parameters are checked against their declared types, since
/// `every: "{{param.interval}}m"` only makes sense for a numeric parameter.
func checkTypedField(
    _ node: SourceNode, _ pointer: @autoclosure () -> [String], _ type: FieldType, scope: VariableScope,
    place: VariableScope.Place = .timeline, _ context: inout CheckContext
) {
    guard let bytes = node.stringBytes else { return }  // numbers: the schema decides
    if bytes.isTemplate {
        // The parameters named, in source order, seen by the same scan that checks the template;
        // and whether it names anything else (data, an item of a section), known only at run time.
        var parameters: [(name: String, offset: Int)] = []
        var namesOthers = false
        let lone = checkTemplateText(bytes, node, pointer, scope: scope, place: place, &context) { name in
            if name.componentCount == 2, name.component(0, is: "param") {
                parameters.append((name.component(1), name.offset))
            } else {
                namesOthers = true
            }
        }
        guard lone != nil, !namesOthers, !parameters.isEmpty else { return }
        checkRenderedType(bytes, parameters: parameters, node, pointer, type, scope: scope, &context)
        return
    }
    // Built for the time parsers (short text is held inline: no allocation).
    let text = String(decoding: bytes, as: UTF8.self)
    switch type {
    case .duration:
        checkDuration(text, node, pointer(), &context)
    case .number:
        break  // the schema admits only numbers or templates here
    case .instant:
        switch Scalars.instant(text) {
        case .success(let instant): context.record(.instant(instant), for: node)
        case .failure(let p):
            context.error(.invalidInstant, "invalid instant \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
        }
    case .durationOrInstant:
        if text.hasPrefix("+") {
            checkRelativeInstant(text, node, pointer, &context)
        } else if case .success(let seconds) = Scalars.duration(text) {
            context.record(.seconds(seconds), for: node)
        } else {
            switch Scalars.instant(text) {
            case .success(let instant): context.record(.instant(instant), for: node)
            case .failure(let p):
                context.error(
                    .invalidInstant, "\(node.shown) is neither a duration (such as 15m) nor an instant: \(p.message)",
                    at: node, pointer())
            }
        }
    case .instantOrRelative:
        if text.hasPrefix("+") {
            checkRelativeInstant(text, node, pointer, &context)
        } else {
            switch Scalars.instant(text) {
            case .success(let instant): context.record(.instant(instant), for: node)
            case .failure(let p):
                context.error(.invalidInstant, "invalid instant \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
            }
        }
    }
}

/// `+2h`: its seconds are kept, or the problem reported.
private func checkRelativeInstant(_ text: String, _ node: SourceNode, _ pointer: () -> [String], _ context: inout CheckContext) {
    switch Scalars.relativeInstant(text) {
    case .success(let seconds): context.record(.relative(seconds), for: node)
    case .failure(let p):
        context.error(.invalidDuration, "invalid relative instant \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
    }
}

/// Parses a literal duration; reports it if it does not parse or is zero.
@discardableResult
func checkDuration(
    _ text: String, _ node: SourceNode, _ pointer: @autoclosure () -> [String], _ context: inout CheckContext
) -> Int64? {
    switch Scalars.duration(text) {
    case .success(let seconds):
        if seconds <= 0 {
            context.error(.invalidDuration, "duration \(node.shown) must be longer than zero", at: node, pointer())
            return nil
        }
        context.record(.seconds(seconds), for: node)
        return seconds
    case .failure(let p):
        context.error(.invalidDuration, "invalid duration \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
        return nil
    }
}

/// Checks what a template naming only parameters renders to, the whole field with its
/// fixed text, against the field's type: `+{{param.d}}` with a duration parameter renders
/// `+12h`, a relative instant. Each parameter takes sample values of its declared type
/// (its default, bounds or values first); the field is well typed when some sample
/// renders to its type. When none does, the parameter's type is at fault if a value of
/// another type would fit the fixed text (`template-type`), else the text is.
/// A string parameter may hold any text: it is refused where a number or a duration is
/// needed, and not guessed at where an instant may stand.
private func checkRenderedType(
    _ text: UnsafeBufferPointer<UInt8>, parameters: [(name: String, offset: Int)], _ node: SourceNode,
    _ pointer: () -> [String], _ type: FieldType, scope: VariableScope, _ context: inout CheckContext
) {
    var samples: [String: [JSONValue]] = [:]
    for parameter in parameters where samples[parameter.name] == nil {
        guard let declaration = scope.parameters.lastValue(named: parameter.name) else { return }  // reported already
        let declared = declaration[word: "type"]?.string ?? "string"
        if declared == "string" {
            guard type == .duration || type == .number else { return }
            let advice = type == .duration ? "; declare it as type 'duration' or use a number with a unit" : ""
            context.error(
                .templateType,
                "parameter '\(parameter.name)' is of type 'string' and may hold any text, but this field needs \(type.noun)\(advice)",
                at: context.location(inside: node, offset: parameter.offset), pointer())
            return
        }
        samples[parameter.name] = sampleValues(declared, declaration)
    }
    let source = String(decoding: text, as: UTF8.self)
    guard let template = try? Template(source) else { return }
    func render(_ value: (String) -> JSONValue) -> JSONValue {
        var values = JSONObject()
        for name in samples.keys { values[name] = value(name) }
        return template.render(JSONValue.object(JSONObject([("param", .object(values))])))
    }
    let rounds = samples.values.map(\.count).max() ?? 0
    var first: (value: JSONValue, problem: ScalarProblem)?
    for k in 0..<rounds {
        let value = render { name in samples[name].map { $0[min(k, $0.count - 1)] } ?? .null }
        guard let problem = renderedProblem(value, type) else { return }
        if first == nil { first = (value, problem) }
    }
    guard let first else { return }
    let shown = first.value.string.map { "'\($0)'" } ?? JSONWriter.string(first.value)
    // Would a value of another type make the field? Then the parameter's type is wrong.
    let others: [JSONValue] = [.int(10), .string("15m"), .string("2026-01-01T00:00:00Z")]
    if others.contains(where: { other in renderedProblem(render { _ in other }, type) == nil }) {
        let parameter = parameters[0]
        let declared = scope.parameterType(parameter.name) ?? "string"
        let advice = parameters.count == 1 && type == .duration && (declared == "integer" || declared == "number") && template.isLoneTag
            ? "; add a unit, as in \"{{param.\(parameter.name)}}m\"" : ""
        context.error(
            .templateType,
            "parameter '\(parameter.name)' is of type '\(declared)': \(node.shown) renders \(shown), which is not \(type.noun)\(advice)",
            at: context.location(inside: node, offset: parameter.offset), pointer())
        return
    }
    let code: DiagnosticCode
    switch type {
    case .duration: code = .invalidDuration
    case .number: code = .invalidNumber
    case .instantOrRelative: code = first.value.string?.hasPrefix("+") == true ? .invalidDuration : .invalidInstant
    case .instant, .durationOrInstant: code = .invalidInstant
    }
    context.error(
        code, "template \(node.shown) cannot render to \(type.noun) (it renders \(shown)): \(first.problem.message)",
        at: node, pointer())
}

/// Values of a parameter's declared type to render a template with: the ones the
/// declaration names first (default, min, max, enum values), then typical ones.
private func sampleValues(_ declared: String, _ declaration: SourceNode) -> [JSONValue] {
    var values: [JSONValue] = []
    for key in ["default", "min", "max"] {
        if let value = declaration[key]?.json, !value.isNull { values.append(value) }
    }
    switch declared {
    case "integer": values += [.int(1), .int(10)]
    case "number": values += [.int(1), .int(10), .double(1.5)]
    case "duration": values += [.string("15m")]
    case "boolean": values = [.bool(true), .bool(false)]
    case "enum": values += (declaration["values"]?.json.array ?? [])
    default: break
    }
    return values.isEmpty ? [.string("")] : values
}

/// Nil when a rendered value is of the field's type (as the runtime reads it), else why not.
private func renderedProblem(_ value: JSONValue, _ type: FieldType) -> ScalarProblem? {
    if type == .number {
        if value.number != nil || value.string.flatMap(Double.init) != nil { return nil }
        return ScalarProblem(message: "\(JSONWriter.string(value)) is not a number", offset: 0)
    }
    guard let text = value.string ?? value.number.map({ String(Int64($0)) }) else {
        return ScalarProblem(message: "\(JSONWriter.string(value)) is not text", offset: 0)
    }
    func problem<T>(_ result: Result<T, ScalarProblem>) -> ScalarProblem? {
        if case .failure(let p) = result { return p }
        return nil
    }
    switch type {
    case .number: return nil
    case .duration: return problem(Scalars.duration(text))
    case .instant: return problem(Scalars.instant(text))
    case .instantOrRelative:
        return text.hasPrefix("+") ? problem(Scalars.relativeInstant(text)) : problem(Scalars.instant(text))
    case .durationOrInstant:
        if text.hasPrefix("+") { return problem(Scalars.relativeInstant(text)) }
        guard let p = problem(Scalars.duration(text)) else { return nil }
        return problem(Scalars.instant(text)).map { _ in p }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let invalidDuration = DiagnosticCode("invalid-duration")
    package static let invalidInstant = DiagnosticCode("invalid-instant")
    package static let invalidNumber = DiagnosticCode("invalid-number")
    package static let templateType = DiagnosticCode("template-type")
}
