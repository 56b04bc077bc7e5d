import WidgetSupport
import WidgetTemplates

/// The semantic checks of an app manifest's own document (its widget files
/// are checked by the pipeline, which can read them). Codes:
/// `duplicate-shortcut-type`, `data-path`, `unknown-data-source`, `template-syntax`.
func checkApp(_ root: SourceNode, _ context: inout CheckContext) {
    var types: [String: Int] = [:]
    for (i, item) in (root["shortcuts"]?.items ?? .empty).enumerated() {
        guard let typeNode = item["type"], let type = typeNode.string else { continue }
        if let first = types[type] {
            context.error(
                "duplicate-shortcut-type", "shortcut type '\(type)' is used twice (first by shortcut \(first)); types identify actions and must be unique",
                at: typeNode, ["shortcuts", String(i), "type"])
        } else {
            types[type] = i
        }
    }
    guard let dynamic = root["dynamicShortcuts"] else { return }
    let pointer = ["dynamicShortcuts"]
    if let data = dynamic["data"] { checkDataSources(data, pointer + ["data"], &context) }
    let sources = Set(dynamic["data"]?.members.map(\.key) ?? [])
    if let items = dynamic["items"], let name = items.string, !sources.contains(name) {
        let hint = Suggest.hint(for: name, among: sources.sorted())
        context.error("unknown-data-source", "items '\(name)' is not a data source of dynamicShortcuts\(hint)", at: items, pointer + ["items"])
    }
    // Record fields are free, so only the syntax of these templates is checked.
    if let when = dynamic["when"] { checkTemplateSyntax(when, pointer + ["when"], &context) }
    if let item = dynamic["item"] { checkTemplateSyntax(item, pointer + ["item"], &context) }
}

private func checkTemplateSyntax(_ node: SourceNode, _ pointer: [String], _ context: inout CheckContext) {
    switch node.content {
    case .scalar:
        guard let text = node.string, text.isTemplate else { return }
        do {
            _ = try Template(text)
        } catch {
            context.error("template-syntax", "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
        }
    case .sequence(let items):
        for (i, item) in items.enumerated() { checkTemplateSyntax(item, pointer + [String(i)], &context) }
    case .mapping(let members):
        for m in members { checkTemplateSyntax(m.value, pointer + [m.key], &context) }
    }
}
