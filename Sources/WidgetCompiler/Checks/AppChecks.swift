import WidgetSupport
import WidgetTemplates

/// The semantic checks of an app manifest's own document (its widget files
/// are checked by the pipeline, which can read them). Codes:
/// `duplicate-shortcut-type`, `data-path`, `unknown-data-source`, `template-syntax`.
func checkApp(_ root: SourceNode, _ context: inout CheckContext) {
    var types: [String: Int] = [:]
    for (i, item) in (root[word: "shortcuts"]?.items ?? .empty).enumerated() {
        guard let typeNode = item[word: "type"], let type = typeNode.string else { continue }
        if let first = types[type] {
            context.error(
                "duplicate-shortcut-type", "shortcut type '\(type)' is used twice (first by shortcut \(first)); types identify actions and must be unique",
                at: typeNode, ["shortcuts", String(i), "type"])
        } else {
            types[type] = i
        }
    }
    guard let dynamic = root[word: "dynamicShortcuts"] else { return }
    let pointer = ["dynamicShortcuts"]
    let data = dynamic[word: "data"]
    if let data { checkDataSources(data, pointer + ["data"], &context) }
    let sources = Set(data?.members.map(\.key) ?? [])
    if let items = dynamic[word: "items"], let name = items.string, !sources.contains(name) {
        let hint = Suggest.hint(for: name, among: sources.sorted())
        context.error("unknown-data-source", "items '\(name)' is not a data source of dynamicShortcuts\(hint)", at: items, pointer + ["items"])
    }
    // Record fields are free, so only the syntax of these templates is checked.
    if let when = dynamic[word: "when"] { checkTemplateSyntax(when, pointer + ["when"], &context) }
    if let item = dynamic[word: "item"] { checkTemplateSyntax(item, pointer + ["item"], &context) }
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
        do {
            try Template.scanNames(bytes: text) { _ in }
        } catch {
            context.error("template-syntax", "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
        }
    }
}
