import WidgetSupport

/// The semantic checks of one widget document, after the schema.
func checkWidget(_ root: SourceNode, _ context: inout CheckContext) {
    let scope = variableScope(of: root)
    if let zone = root["timeZone"], let name = zone.string, !Scalars.isKnownZone(name) {
        context.error("unknown-time-zone", "unknown time zone '\(name)'; use an IANA name such as America/New_York", at: zone, ["timeZone"])
    }
    if let parameters = root["parameters"] { checkParameters(parameters, &context) }
    if let data = root["data"] { checkDataSources(data, ["data"], &context) }
    if let content = root["content"] { checkContentTemplates(content, ["content"], scope: scope, &context) }
    if let url = root["url"] { checkTemplate(url, ["url"], scope: scope, place: .entry, &context) }
    if let familyContent = root["familyContent"] {
        // Only when `families` is well formed: otherwise the schema has already spoken.
        let declared = root["families"].map { $0.items.compactMap(\.string) } ?? WidgetFamilies.defaults
        let wellFormed = root["families"].map { node in
            if case .sequence = node.content { return declared.count == node.items.count && declared.allSatisfy(WidgetFamilies.all.contains) }
            return false
        } ?? true
        let families = declared
        for member in familyContent.members {
            if wellFormed, WidgetFamilies.all.contains(member.key), !families.contains(member.key) {
                context.diagnostics.append(.warning(
                    "family-not-declared",
                    "familyContent for '\(member.key)', which is not in this widget's families (\(families.joined(separator: ", ")))",
                    file: context.file, at: member.keyLocation, pointer: JSONPointer.string(["familyContent", member.key])))
            }
            checkContentTemplates(member.value, ["familyContent", member.key], scope: scope, &context)
        }
    }
    if let timeline = root["timeline"] { checkTimeline(timeline, scope: scope, &context) }
}

/// The variables templates of this widget may name.
func variableScope(of root: SourceNode) -> VariableScope {
    var scope = VariableScope()
    for member in root["parameters"]?.members ?? .empty {
        scope.declareParameter(member.key, type: member.value["type"]?.string ?? "string")
    }
    for member in root["data"]?.members ?? .empty {
        scope.declareDataSource(member.key)
    }
    // The rule when the timeline has exactly one.
    var rules = 0
    for member in root["timeline"]?.members ?? .empty {
        guard let rule = VariableScope.Rule(rawValue: member.key) else { continue }
        rules += 1
        scope.rule = rules == 1 ? rule : nil
    }
    return scope
}

/// WidgetKit's families, and the default when a widget names none.
enum WidgetFamilies {
    static let all = [
        "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
        "accessoryCircular", "accessoryRectangular", "accessoryInline",
    ]
    static let defaults = ["systemSmall", "systemMedium", "systemLarge"]
}
