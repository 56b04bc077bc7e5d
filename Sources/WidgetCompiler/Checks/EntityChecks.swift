import WidgetSupport
import WidgetTemplates

/// Entity parameters (`type: entity`, docs/entities.md): `options` with `from` naming a list in
/// the widget's data (`data.NAME…`, a declared source, or `let.NAME…`, a let computed once per
/// reload) or `swift` (the Swift hatch, with `args` and a `fixture`), `id` (and `title`,
/// `subtitle`, `image`) templates over `record` only, and a `default` that is `first`, `none` or
/// an id. Code: `param-entity`.
func checkEntityParameters(_ definition: WidgetDefinition, perEntryLets: Set<String>, scope: VariableScope, _ context: inout CheckContext) {
    // Only the entity parameters bound (by index): binding each parameter copied it.
    for p in definition.parameters.indices where definition.parameters[p].declaredType == .entity {
        let parameter = definition.parameters[p]
        let name = parameter.name
        let pointer = ["parameters", name]
        guard let options = parameter.options, options.isMapping else {
            if parameter.options == nil {
                context.error(
                    .paramEntity,
                    "parameter '\(name)': an entity parameter needs options, such as options: { from: data.cities, id: \"{{record.id}}\", title: \"{{record.name}}\" }",
                    at: parameter.type?.node ?? parameter.node, pointer + ["type"])
            }
            continue  // another shape: the schema's
        }
        if let swift = options[word: "swift"] {
            checkEntityHatch(swift, parameter: name, options: options, definition, scope: scope, &context)
        } else {
            checkEntityFrom(options[word: "from"], parameter: name, options: options, definition, perEntryLets: perEntryLets, &context)
        }
        if options[word: "id"] == nil, options[word: "swift"] == nil {
            context.error(
                .paramEntity, "parameter '\(name)': options need an id, a template over record such as \"{{record.id}}\"", at: options,
                pointer + ["options"])
        }
        for key in ["id", "title", "subtitle", "image"] {
            if let template = options[key] { checkRecordTemplate(template, parameter: name, key: key, &context) }
        }
        if let written = parameter.defaultValue, !written.isString {
            context.error(
                .paramDefaultType,
                "parameter '\(name)': default \(written.shown) is not first, none or an option's id (text)", at: written, pointer + ["default"])
        }
    }
}

/// `options: { swift: TYPE, args, fixture }`: the records come from the extension's type, so
/// `from` is not written beside it; the fixture stays in the container (`data-path`), run and
/// preview need one (`swift-fixture`, a warning), and each argument names only the parameters
/// that are not entities (`swift-args`): the options are read before any entity is resolved.
private func checkEntityHatch(
    _ swift: SourceNode, parameter: String, options: SourceNode, _ definition: WidgetDefinition, scope: VariableScope,
    _ context: inout CheckContext
) {
    let pointer = ["parameters", parameter, "options"]
    if let from = options[word: "from"] {
        context.error(
            .paramEntity,
            "parameter '\(parameter)': options take from (a list in the widget's data) or swift (a type of the extension), not both",
            at: from, pointer + ["from"])
    }
    guard let type = swift.string else { return }  // the schema's
    if let fixture = options[word: "fixture"], let path = fixture.string {
        if let problem = containerPathProblem(path) {
            context.error(.dataPath, "parameter '\(parameter)': options' fixture \(problem)", at: fixture, pointer + ["fixture"])
        }
    } else if options[word: "fixture"] == nil {
        context.warning(
            .swiftFixture,
            "parameter '\(parameter)' (options swift: \(type)) has no fixture: off the device run and preview read one instead of calling \(type), so they show the placeholder; add fixture: FILE (a container file holding the list of records as JSON)",
            at: swift, pointer + ["swift"])
    }
    guard let arguments = options[word: "args"], arguments.isMapping else { return }
    let entities = Set(definition.parameters.filter { $0.type?.value == .entity }.map(\.name))
    for i in 0..<arguments.count {
        let node = arguments.child(i)
        let argumentPointer = pointer + ["args", arguments.key(i)]
        checkSwiftArgument(node, argumentPointer, label: "parameter '\(parameter)' options", scope: scope, &context)
        guard let text = node.string, text.contains("{{") else { continue }
        _ = try? Template.scanNames(text) { name in
            guard name.componentCount > 1, name.component(0, is: "param"), entities.contains(name.component(1)) else { return }
            context.error(
                .swiftArgs,
                "parameter '\(parameter)' options: '\(name.name)' cannot be an argument; an entity parameter is resolved from options, after they are read",
                at: context.location(inside: node, offset: name.offset), argumentPointer)
        }
    }
}

/// `options.from`: `data.NAME` or `let.NAME`, then fields, naming what the widget declares.
private func checkEntityFrom(
    _ from: SourceNode?, parameter: String, options: SourceNode, _ definition: WidgetDefinition, perEntryLets: Set<String>,
    _ context: inout CheckContext
) {
    let pointer = ["parameters", parameter, "options", "from"]
    guard let from else {
        if options[word: "swift"] == nil {
            context.error(
                .paramEntity, "parameter '\(parameter)': options need from, the list its records come from (data.NAME… or let.NAME…)",
                at: options, ["parameters", parameter, "options"])
        }
        return
    }
    guard let text = from.string else { return }  // the schema's
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, !parts.contains(where: { $0.isEmpty || $0.contains(" ") }) else {
        context.error(
            .paramEntity, "parameter '\(parameter)': options.from '\(text)' is not a path such as data.cities or let.cities", at: from, pointer)
        return
    }
    switch parts[0] {
    case "data":
        let names = definition.data.map(\.name)
        guard names.contains(parts[1]) else {
            let hint = Suggest.hint(for: parts[1], among: names)
            context.error(
                .paramEntity,
                names.isEmpty
                    ? "parameter '\(parameter)': options.from '\(text)' names a data source, but this widget declares no data"
                    : "parameter '\(parameter)': options.from '\(text)' names no declared data source\(hint)",
                at: context.location(inside: from, offset: 5), pointer)
            return
        }
    case "let":
        let names = definition.lets.map(\.name)
        guard names.contains(parts[1]) else {
            let hint = Suggest.hint(for: parts[1], among: names)
            context.error(
                .paramEntity,
                names.isEmpty
                    ? "parameter '\(parameter)': options.from '\(text)' names a let, but this widget declares no let"
                    : "parameter '\(parameter)': options.from '\(text)' names no declared let\(hint)",
                at: context.location(inside: from, offset: 4), pointer)
            return
        }
        if perEntryLets.contains(parts[1]) {
            context.error(
                .paramEntity,
                "parameter '\(parameter)': options.from '\(text)' is computed per entry (it reads entry, family or a rule's variable); options are read once per reload",
                at: context.location(inside: from, offset: 4), pointer)
        }
    default:
        let hint = Suggest.hint(for: parts[0], among: ["data", "let"])
        context.error(
            .paramEntity,
            "parameter '\(parameter)': options.from '\(text)' starts with '\(parts[0])'\(hint); options come from data.NAME… or let.NAME…",
            at: from, pointer)
    }
}

/// An option's template: `record` and its fields only.
private func checkRecordTemplate(_ node: SourceNode, parameter: String, key: String, _ context: inout CheckContext) {
    let pointer = ["parameters", parameter, "options", key]
    guard let text = node.string else { return }  // the schema's
    var problems: [(String, Int)] = []
    do {
        try Template.scanNames(text) { name in
            guard name.componentCount > 0, !name.isInSection else { return }
            if !name.component(0, is: "record") {
                let hint = Suggest.hint(for: name.component(0), among: ["record"])
                problems.append(("parameter '\(parameter)': options.\(key) may name only record.* (each option's record), not '\(name.name)'\(hint)", name.offset))
            }
        }
    } catch {
        context.error(.templateSyntax, "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
        return
    }
    for (message, offset) in problems {
        context.error(.paramEntity, message, at: context.location(inside: node, offset: offset), pointer)
    }
}

// The code reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let paramEntity = DiagnosticCode("param-entity")
}
