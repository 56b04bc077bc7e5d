import WidgetSupport
import WidgetTemplates

/// The semantic checks of an app manifest's own document (its widget files
/// are checked by the pipeline, which can read them). Codes:
/// `duplicate-shortcut-type`, `data-path`, `unknown-data-source`, `template-syntax`, `unknown-format`.
func checkApp(_ app: AppDefinition, _ context: inout CheckContext) {
    var types: [String: Int] = [:]
    for (i, shortcut) in app.shortcuts.enumerated() {
        guard let typeText = shortcut.type else { continue }
        let type = typeText.value
        if let first = types[type] {
            context.error(
                .duplicateShortcutType, "shortcut type '\(type)' is used twice (first by shortcut \(first)); types identify actions and must be unique",
                at: typeText.node, ["shortcuts", String(i), "type"])
        } else {
            types[type] = i
        }
    }
    guard let dynamic = app.dynamicShortcuts else { return }
    let pointer = ["dynamicShortcuts"]
    for source in dynamic.data {
        // Read in place; a string is built only for a diagnostic.
        guard let file = source.file, let path = file.node.stringBytes, let problem = containerPathProblem(path) else { continue }
        context.error(.dataPath, "data source '\(source.name)': \(problem)", at: file.node, pointer + ["data", source.name, "file"])
    }
    if let items = dynamic.items {
        let name = items.value
        let sources = Set(dynamic.data.map(\.name))
        if !sources.contains(name) {
            let hint = Suggest.hint(for: name, among: sources.sorted())
            context.error(.unknownDataSource, "items '\(name)' is not a data source of dynamicShortcuts\(hint)", at: items.node, pointer + ["items"])
        }
    }
    // Record fields are free, so only the syntax of these templates is checked.
    if let when = dynamic.when { checkTemplateSyntax(when, pointer + ["when"], &context) }
    if let item = dynamic.item { checkTemplateSyntax(item.node, pointer + ["item"], &context) }
}

/// The syntax of every template in `node`, scanned in place (the scan reports what
/// compiling would).
private func checkTemplateSyntax(_ node: SourceNode, _ pointer: [String], _ context: inout CheckContext) {
    switch node.kind {
    case .array:
        for i in 0..<node.count { checkTemplateSyntax(node.child(i), pointer + [String(i)], &context) }
    case .object:
        for i in 0..<node.count { checkTemplateSyntax(node.child(i), pointer + [node.key(i)], &context) }
    default:
        guard let text = node.stringBytes, text.isTemplate else { return }
        var unknown: [(code: DiagnosticCode, message: String, offset: Int)] = []
        do {
            try Template.scanNames(bytes: text) { name in
                // A record's fields are free, so only the format's name is known to be wrong.
                if let problem = VariableScope.unknownFormat(name) { unknown.append(problem) }
            }
        } catch {
            context.error(.templateSyntax, "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
            return
        }
        for problem in unknown {
            context.error(problem.code, problem.message, at: context.location(inside: node, offset: problem.offset), pointer)
        }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let duplicateShortcutType = DiagnosticCode("duplicate-shortcut-type")
}
