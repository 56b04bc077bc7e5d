import WidgetSupport
import WidgetTemplates

/// `swift:` data sources (docs/swift-hatch.md): the fixture stays in the container (`data-path`),
/// run and preview need one (`swift-fixture`, a warning: without it they show the placeholder), and
/// each argument's template names only `param.*` (`swift-args`): the type is called before any
/// data or entry exists, as a request is made.
func checkSwiftSources(_ sources: [WidgetDefinition.DataSource], scope: VariableScope, _ context: inout CheckContext) {
    // Only the Swift sources bound (by index): binding every source copied it.
    for i in sources.indices where sources[i].swift != nil {
        let source = sources[i]
        let type = source.swift!
        let base = ["data", source.name]
        if let fixture = source.fixture {
            if let problem = containerPathProblem(fixture.value) {
                context.error(.dataPath, "data source '\(source.name)': fixture \(problem)", at: fixture.node, base + ["fixture"])
            }
        } else {
            context.warning(
                .swiftFixture,
                "data source '\(source.name)' (swift: \(type.value)) has no fixture: off the device run and preview read one instead of calling \(type.value), so they show the placeholder; add fixture: FILE (a container file holding the value as JSON)",
                at: type.node, base + ["swift"])
        }
        if let arguments = source.arguments, arguments.isMapping {
            for i in 0..<arguments.count {
                checkSwiftArgument(arguments.child(i), base + ["args", arguments.key(i)], label: "data source '\(source.name)'", scope: scope, &context)
            }
        }
    }
}

/// One argument of a Swift source or effect: a template over `param.*` only.
func checkSwiftArgument(_ node: SourceNode, _ pointer: [String], label: String, scope: VariableScope, _ context: inout CheckContext) {
    guard let text = node.string, text.contains("{{") else { return }
    var problems: [(code: DiagnosticCode, message: String, offset: Int)] = []
    do {
        try Template.scanNames(text) { name in
            guard name.componentCount > 0, name.component(0, is: "param") else {
                problems.append((.swiftArgs, "\(label): '\(name.name)' cannot be an argument; only param.* can (the Swift type is called before any data or entry exists)", name.offset))
                return
            }
            if let problem = scope.problem(with: name, place: .timeline) { problems.append((.unknownVariable, "\(label): \(problem)", name.offset)) }
        }
    } catch {
        context.error(.templateSyntax, "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
        return
    }
    for p in problems {
        context.error(p.code, p.message, at: context.location(inside: node, offset: p.offset), pointer)
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let swiftArgs = DiagnosticCode("swift-args")
    package static let swiftFixture = DiagnosticCode("swift-fixture", .warning)
}
