import WidgetSupport

/// The top-level members the widget checks read, found in one pass over the keys
/// (each `root["key"]` would scan them again, comparing strings).
struct WidgetMembers {
    var timeZone, parameters, data, content, url, familyContent, families, timeline: SourceNode?

    private static let names = WordTable([
        "timeZone", "parameters", "data", "content", "url", "familyContent", "families", "timeline",
    ])

    init(_ root: SourceNode) {
        guard case .object(let object) = root.json else { return }
        let keys = object.keys
        for i in keys.indices {
            guard let n = Self.names.index(of: keys[i]) else { continue }
            set(n, root.child(i))
        }
    }

    /// Keeps the first member of each name, as `root["key"]` finds it.
    private mutating func set(_ n: Int, _ node: SourceNode) {
        switch n {
        case 0: if timeZone == nil { timeZone = node }
        case 1: if parameters == nil { parameters = node }
        case 2: if data == nil { data = node }
        case 3: if content == nil { content = node }
        case 4: if url == nil { url = node }
        case 5: if familyContent == nil { familyContent = node }
        case 6: if families == nil { families = node }
        default: if timeline == nil { timeline = node }
        }
    }
}

/// The semantic checks of one widget document, after the schema.
func checkWidget(_ root: SourceNode, _ context: inout CheckContext) {
    let members = WidgetMembers(root)
    let scope = variableScope(of: members)
    if let zone = members.timeZone, let name = zone.string, !Scalars.isKnownZone(name) {
        context.error("unknown-time-zone", "unknown time zone '\(name)'; use an IANA name such as America/New_York", at: zone, ["timeZone"])
    }
    if let parameters = members.parameters { checkParameters(parameters, &context) }
    if let data = members.data { checkDataSources(data, ["data"], &context) }
    if let content = members.content { checkContentTemplates(content, ["content"], scope: scope, &context) }
    if let url = members.url { checkTemplate(url, ["url"], scope: scope, place: .entry, &context) }
    if let familyContent = members.familyContent {
        // Only when `families` is well formed: otherwise the schema has already spoken.
        let declared = members.families.map { $0.items.compactMap(\.string) } ?? WidgetFamilies.defaults
        let wellFormed = members.families.map { node in
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
    if let timeline = members.timeline { checkTimeline(timeline, scope: scope, &context) }
}

/// The variables templates of this widget may name.
func variableScope(of root: SourceNode) -> VariableScope {
    variableScope(of: WidgetMembers(root))
}

/// The same, from the members already found. Names and values are read as JSON:
/// no positions are needed.
func variableScope(of members: WidgetMembers) -> VariableScope {
    var scope = VariableScope()
    scope.reserveCapacity(
        parameters: members.parameters?.json.object?.count ?? 0, dataSources: members.data?.json.object?.count ?? 0)
    if case .object(let parameters)? = members.parameters?.json {
        for i in parameters.keys.indices {
            scope.declareParameter(parameters.keys[i], type: parameters.values[i]["type"]?.string ?? "string")
        }
    }
    if case .object(let data)? = members.data?.json {
        for name in data.keys { scope.declareDataSource(name) }
    }
    // The rule when the timeline has exactly one.
    var rules = 0
    if case .object(let timeline)? = members.timeline?.json {
        for key in timeline.keys {
            guard let rule = VariableScope.Rule.named(key) else { continue }
            rules += 1
            scope.rule = rules == 1 ? rule : nil
        }
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
