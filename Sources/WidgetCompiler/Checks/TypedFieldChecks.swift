import WidgetSupport
import WidgetTemplates

/// What a timeline field holds once rendered.
enum FieldType {
    case duration
    case number
    case instant
    /// `policy.after`: a duration after the request, or an instant.
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
    _ context: inout CheckContext
) {
    guard let bytes = node.stringBytes else { return }  // numbers: the schema decides
    if bytes.isTemplate {
        // The parameters named, in source order, seen by the same scan that checks the template.
        var parameters: [(name: String, offset: Int)] = []
        let lone = checkTemplateText(bytes, node, pointer, scope: scope, place: .timeline, &context) { name in
            if name.componentCount == 2, name.component(0, is: "param") { parameters.append((name.component(1), name.offset)) }
        }
        guard let lone else { return }
        checkTemplateTypes(bytes, lone: lone, parameters: parameters, node, pointer, type, scope: scope, &context)
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
        if case .failure(let p) = Scalars.instant(text) {
            context.error("invalid-instant", "invalid instant \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
        }
    case .durationOrInstant:
        if case .failure = Scalars.duration(text), case .failure(let p) = Scalars.instant(text) {
            context.error(
                "invalid-instant", "\(node.shown) is neither a duration (such as 15m) nor an instant: \(p.message)",
                at: node, pointer())
        }
    case .instantOrRelative:
        if text.hasPrefix("+") {
            if case .failure(let p) = Scalars.relativeInstant(text) {
                context.error("invalid-duration", "invalid relative instant \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
            }
        } else if case .failure(let p) = Scalars.instant(text) {
            context.error("invalid-instant", "invalid instant \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
        }
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
            context.error("invalid-duration", "duration \(node.shown) must be longer than zero", at: node, pointer())
            return nil
        }
        return seconds
    case .failure(let p):
        context.error("invalid-duration", "invalid duration \(node.shown): \(p.message)", at: context.location(inside: node, offset: p.offset), pointer())
        return nil
    }
}

/// The parameters a template (`text`, the bytes of `node`'s string, which compiles) names,
/// against the field's type; then the shape of the text around the tags.
private func checkTemplateTypes(
    _ text: UnsafeBufferPointer<UInt8>, lone: Bool, parameters: [(name: String, offset: Int)], _ node: SourceNode,
    _ pointer: () -> [String], _ type: FieldType, scope: VariableScope, _ context: inout CheckContext
) {
    for parameter in parameters {
        guard let declared = scope.parameterType(parameter.name) else { continue }
        let allowed: [String]
        switch type {
        case .number: allowed = ["integer", "number"]
        case .duration: allowed = lone ? ["duration"] : ["integer", "number"]
        case .durationOrInstant: allowed = lone ? ["duration", "string"] : ["integer", "number"]
        case .instant, .instantOrRelative: allowed = lone ? ["string"] : ["integer", "number", "string"]
        }
        if !allowed.contains(declared) {
            let advice: String
            switch (type, declared) {
            case (.duration, "integer"), (.duration, "number"):
                advice = "; add a unit, as in \"{{param.\(parameter.name)}}m\""
            case (.duration, _), (.durationOrInstant, _):
                advice = "; declare it as type 'duration' or use a number with a unit"
            default:
                advice = ""
            }
            context.error(
                "template-type",
                "parameter '\(parameter.name)' is of type '\(declared)', but this field needs \(type.noun)\(advice)",
                at: context.location(inside: node, offset: parameter.offset), pointer())
        }
    }
    // The text around the tags must still make the right shape: "{{x}}m" is
    // a duration when x is a number, "{{x}}q" never is.
    if type == .duration, !lone {
        let sample = renderWithSample(text)
        if case .failure(let p) = Scalars.duration(sample) {
            context.error("invalid-duration", "template \(node.shown) cannot render to a duration: \(p.message)", at: node, pointer())
        }
    }
}

/// The template's text with every tag replaced by `1`, for shape checks. ASCII text
/// is read as bytes (each byte is then a character); other text as characters.
private func renderWithSample(_ text: UnsafeBufferPointer<UInt8>) -> String {
    guard text.isASCII else { return renderWithSample(String(decoding: text, as: UTF8.self)) }
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var rest = 0
    while let open = firstPair(of: UInt8(ascii: "{"), in: text, from: rest) {
        out.append(contentsOf: text[rest..<open])
        guard let close = firstPair(of: UInt8(ascii: "}"), in: text, from: open + 2) else { break }
        out.append(UInt8(ascii: "1"))
        rest = close + 2
        if rest < text.count, text[rest] == UInt8(ascii: "}") { rest += 1 }
    }
    out.append(contentsOf: text[rest...])
    return String(decoding: out, as: UTF8.self)
}

/// Where the first two bytes `byte` in a row are, from `start` on.
private func firstPair(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var i = start
    while i + 1 < text.count {
        if text[i] == byte, text[i + 1] == byte { return i }
        i += 1
    }
    return nil
}

/// The template's text with every tag replaced by `1`, as characters.
private func renderWithSample(_ text: String) -> String {
    var out = ""
    var rest = text[...]
    while let open = rest.firstRange(of: "{{") {
        out += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
        out += "1"
        rest = rest[close.upperBound...]
        if rest.hasPrefix("}") { rest = rest.dropFirst() }
    }
    out += rest
    return out
}
