import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

/// The widget's intents (docs/intents.md): parameters with the widget parameter rules; each
/// effect's file stays in the container, its pointer is a pointer, its templates name only the
/// intent's parameters (`by` a numeric one), clamps are ordered, and where a data source reading
/// the same file declares a `schema`, the pointer names something of the type the effect needs.
/// Codes: `intent-effect`, `intent-file`, `intent-pointer`, `intent-template`, `intent-type`, `intent-range`, `intent-reload`.
func checkIntents(_ definition: WidgetDefinition, _ context: inout CheckContext) {
    for intent in definition.intents {
        let base = ["intents", intent.name]
        checkParameters(intent.parameters, under: base + ["parameters"], &context)
        if let perform = intent.node[word: "perform"], perform.isSequence {
            checkEffectKeys(perform, pointer: base + ["perform"], label: "intent '\(intent.name)'", &context)
        }
        for effect in intent.effects {
            checkEffect(effect, of: intent, in: definition, pointer: base + ["perform", String(effect.index), effect.kind.rawValue], &context)
        }
    }
}

/// Each item of `perform` does one thing: exactly one effect key (an unknown key is the schema's).
private func checkEffectKeys(_ perform: SourceNode, pointer: [String], label: String, _ context: inout CheckContext) {
    let effects = WidgetDefinition.EffectKind.allCases.map(\.rawValue)
    for i in 0..<perform.count {
        let item = perform.child(i)
        guard item.isMapping else { continue }
        let present = (0..<item.count).map(item.key).filter(effects.contains)
        if present.count > 1 {
            context.error(
                .intentEffect,
                "\(label): an effect does one thing, and this one has \(present.map { "'\($0)'" }.joined(separator: " and ")); split it into one item each (they apply in order)",
                at: item, pointer + [String(i)])
        } else if item.count == 0 {
            context.error(.intentEffect, "\(label): an effect needs one of \(effects.joined(separator: ", "))", at: item, pointer + [String(i)])
        }
    }
}

private func checkEffect(
    _ effect: WidgetDefinition.Effect, of intent: WidgetDefinition.Intent, in definition: WidgetDefinition, pointer: [String],
    _ context: inout CheckContext
) {
    let label = "intent '\(intent.name)'"
    switch effect.kind {
    case .reload:
        for (i, item) in effect.node.items.enumerated() where item.string == definition.kind?.value {
            context.warning(
                .intentReload,
                "\(label): reload names this widget's own kind '\(item.string ?? "")', which WidgetKit reloads at once after the tap anyway; the request only spends budget",
                at: item, pointer + [String(i)])
        }
        return
    case .open:
        if effect.node.isString { checkIntentTemplates(effect.node, of: intent, pointer, &context) }
        return
    case .swift:
        // The item's pointer, not its `swift` member's: `args` is beside it.
        let item = Array(pointer.dropLast())
        if let arguments = effect.arguments, arguments.isMapping {
            for i in 0..<arguments.count { checkIntentTemplates(arguments.child(i), of: intent, item + ["args", arguments.key(i)], &context) }
        }
        return
    default:
        break
    }
    if effect.isOnDefaults {
        checkDefaultsEffect(effect, of: intent, in: definition, label: label, pointer: pointer, &context)
        return
    }
    if let file = effect.file, let problem = containerPathProblem(file.value) {
        context.error(.intentFile, "\(label): \(problem)", at: file.node, pointer + ["file"])
    }
    var tokens: [String?] = []
    if let at = effect.at {
        do {
            if let template = try PointerTemplate(at.value) {
                tokens = template.tokens.map { if case .literal(let t) = $0 { t } else { nil } }
                checkIntentTemplates(at.node, of: intent, pointer + ["at"], &context)
            } else {
                context.error(
                    .intentPointer,
                    "\(label): at '\(at.value)' is not a JSON Pointer; it starts with '/' (such as /items/0/done), or is empty for the whole file",
                    at: at.node, pointer + ["at"])
                return
            }
        } catch {
            context.error(.intentTemplate, "\(label): at '\(at.value)': \(error.message)", at: at.node, pointer + ["at"])
            return
        }
    }
    if let value = effect.value { checkIntentTemplates(value, of: intent, pointer + ["value"], &context) }
    if effect.kind == .increment {
        if let by = effect.by, by.isString {
            checkIntentTemplates(by, of: intent, pointer + ["by"], &context)
            if let text = by.string, let name = loneParameterName(text), let type = intent.parameter(named: name)?.type?.value,
               type != .integer, type != .number {
                context.error(
                    .intentType, "\(label): by '\(text)' names parameter '\(name)' of type \(type.rawValue); increment needs an integer or number",
                    at: by, pointer + ["by"])
            }
        }
        if let minNode = effect.min, let maxNode = effect.max, let min = minNode.number, let max = maxNode.number, min > max {
            context.error(.intentRange, "\(label): min \(minNode.shown) is above max \(maxNode.shown)", at: minNode, pointer + ["min"])
        }
    }
    if let file = effect.file, let at = effect.at {
        checkAgainstShape(effect, file: file.value, tokens: tokens, at: at.node, label: label, in: definition, pointer, &context)
    }
}

/// `set`/`remove` of a defaults key: with no `suite`, a key the widget's defaults sources declare
/// (did-you-mean), and a literal value of its default's type (`intent-defaults`).
private func checkDefaultsEffect(
    _ effect: WidgetDefinition.Effect, of intent: WidgetDefinition.Intent, in definition: WidgetDefinition, label: String, pointer: [String],
    _ context: inout CheckContext
) {
    if let value = effect.value { checkIntentTemplates(value, of: intent, pointer + ["value"], &context) }
    guard let key = effect.defaults else { return }  // the schema's
    let sources = definition.data.filter { $0.defaults?.isMapping == true && (effect.suite == nil || $0.suite?.value == effect.suite?.value) }
    guard !sources.isEmpty else { return }  // another suite: nothing declared to compare with
    guard let source = sources.first(where: { $0.defaults?[key.value] != nil }), let declared = source.defaults?[key.value] else {
        let keys = sources.flatMap { s in (0..<(s.defaults?.count ?? 0)).map { s.defaults!.key($0) } }
        context.error(
            .intentDefaults,
            "\(label): defaults key '\(key.value)' is not a key of \(sources.map { "defaults source '\($0.name)'" }.joined(separator: ", "))\(Suggest.hint(for: key.value, among: keys)) (its keys: \(keys.joined(separator: ", ")))",
            at: key.node, pointer + ["defaults"])
        return
    }
    guard effect.kind == .set, let value = effect.value, !(value.string?.isTemplate ?? false), value.kind != .null else { return }
    let fits: Bool
    switch (declared.kind, value.kind) {
    case (.double, .int): fits = true
    case let (a, b): fits = a == b
    }
    if !fits {
        context.error(
            .intentDefaults,
            "\(label): set writes \(value.shown) to defaults key '\(key.value)', whose default \(declared.shown) (data source '\(source.name)') gives it another type; a reload would show the default instead",
            at: value, pointer + ["value"])
    }
}

/// `{{param.NAME}}` alone: the name.
private func loneParameterName(_ text: String) -> String? {
    guard let template = try? Template(text), let tag = template.loneTag, tag.components.count == 2, tag.components[0] == "param" else { return nil }
    return tag.components[1]
}

/// Every template under `node` (a string, or the strings of a list or mapping) compiles and names
/// only `param.NAME` of the intent's parameters (an intent runs with its arguments alone).
private func checkIntentTemplates(_ node: SourceNode, of intent: WidgetDefinition.Intent, _ pointer: [String], _ context: inout CheckContext) {
    switch node.kind {
    case .array:
        for i in 0..<node.count { checkIntentTemplates(node.child(i), of: intent, pointer + [String(i)], &context) }
        return
    case .object:
        for i in 0..<node.count { checkIntentTemplates(node.child(i), of: intent, pointer + [node.key(i)], &context) }
        return
    case .string:
        break
    default:
        return
    }
    guard let text = node.string, text.isTemplate else { return }
    let template: Template
    do { template = try Template(text) } catch {
        context.error(.intentTemplate, "intent '\(intent.name)': template \(node.shown): \(error.message)", at: node, pointer)
        return
    }
    let names = intent.parameters.map(\.name)
    for reference in template.references where !reference.isImplicitIterator {
        let components = reference.components
        // Inside a section over a parameter's list, names may be the list items' own.
        if !reference.sections.isEmpty, components.first != "param" { continue }
        if components.count == 2, components[0] == "param", names.contains(components[1]) { continue }
        let hint: String
        if components.first == "param", components.count == 2 {
            hint = names.isEmpty ? " (the intent declares no parameters)" : Suggest.hint(for: components[1], among: names) + " (its parameters: \(names.joined(separator: ", ")))"
        } else {
            hint = "; an intent's templates see only its own parameters, as param.NAME"
        }
        context.error(
            .intentTemplate, "intent '\(intent.name)': '{{\(reference.name)}}' names no parameter of the intent\(hint)",
            at: context.location(inside: node, offset: reference.offset), pointer)
    }
}

// MARK: - Pointers against a declared shape

/// Where a data source reading `file` declares a JSON Schema (`schema`), the literal part of
/// the pointer must name something the schema allows, of the type the effect needs.
private func checkAgainstShape(
    _ effect: WidgetDefinition.Effect, file: String, tokens: [String?], at: SourceNode, label: String, in definition: WidgetDefinition,
    _ pointer: [String], _ context: inout CheckContext
) {
    guard let source = definition.data.first(where: { $0.file?.value == file }), source.node.isMapping,
          let schema = source.node[word: "schema"], schema.isMapping else { return }
    var current: SourceNode? = schema
    var walked: [String] = []
    for token in tokens {
        guard let node = current else { return }
        let properties = node[word: "properties"]
        if let token, let properties, properties.isMapping, let named = properties[token] {
            current = named
        } else if let items = node[word: "items"], items.isMapping, token.map({ Int($0) != nil }) ?? true {
            current = items
        } else if let additional = node[word: "additionalProperties"] {
            if additional.bool == false {
                let known = properties.map { (0..<$0.count).map($0.key) } ?? []
                context.error(
                    .intentPointer,
                    "\(label): at '\(at.string ?? "")': '\(token ?? "{{…}}")' is not a member the schema of data source '\(source.name)' declares at '\(JSONPointer.string(walked))'\(Suggest.hint(for: token ?? "", among: known)) (members: \(known.joined(separator: ", ")))",
                    at: at, pointer + ["at"])
                return
            }
            current = additional.isMapping ? additional : nil
        } else {
            current = nil  // not declared: anything goes
        }
        walked.append(token ?? "{{…}}")
    }
    guard let target = current, let declared = target[word: "type"]?.string else { return }
    let needed: (types: Set<String>, noun: String)?
    switch effect.kind {
    case .toggle: needed = (["boolean"], "a boolean")
    case .increment: needed = (["integer", "number"], "a number")
    case .append: needed = (["array"], "a list")
    case .remove where effect.value != nil: needed = (["array"], "a list")
    case .set:
        guard let value = effect.value, !(value.string?.isTemplate ?? false) else { return }
        let written: String
        switch value.kind {
        case .bool: written = "boolean"
        case .int: written = "integer"
        case .double: written = "number"
        case .string: written = "string"
        case .array: written = "array"
        case .object: written = "object"
        case .null: written = "null"
        }
        if written == declared || (written == "integer" && declared == "number") { return }
        context.error(
            .intentType,
            "\(label): set writes \(value.shown) (\(written)) where the schema of data source '\(source.name)' declares \(declared) at '\(at.string ?? "")'",
            at: value, pointer + ["value"])
        return
    default: needed = nil
    }
    if let needed, !needed.types.contains(declared) {
        context.error(
            .intentType,
            "\(label): \(effect.kind.rawValue) needs \(needed.noun) at '\(at.string ?? "")', but the schema of data source '\(source.name)' declares \(declared) there",
            at: at, pointer + ["at"])
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let intentDefaults = DiagnosticCode("intent-defaults")
    package static let intentEffect = DiagnosticCode("intent-effect")
    package static let intentFile = DiagnosticCode("intent-file")
    package static let intentPointer = DiagnosticCode("intent-pointer")
    package static let intentRange = DiagnosticCode("intent-range")
    package static let intentReload = DiagnosticCode("intent-reload", .warning)
    package static let intentTemplate = DiagnosticCode("intent-template")
    package static let intentType = DiagnosticCode("intent-type")
}
