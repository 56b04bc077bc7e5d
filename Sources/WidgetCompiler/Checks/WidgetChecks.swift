import WidgetSupport

/// The top-level members the widget checks read, found in one pass over the keys,
/// each told by its bytes (each `root["key"]` would scan them again).
struct WidgetMembers {
    var timeZone, parameters, data, content, url, familyContent, families, timeline: SourceNode?

    private enum Key {
        case timeZone, parameters, data, content, url, familyContent, families, timeline
    }

    private static let keys = WordMap<Key>([
        ("timeZone", .timeZone), ("parameters", .parameters), ("data", .data), ("content", .content), ("url", .url),
        ("familyContent", .familyContent), ("families", .families), ("timeline", .timeline),
    ])

    init(_ root: SourceNode) {
        guard root.isMapping else { return }
        for i in 0..<root.count {
            guard let key = Self.keys.value(ofText: root.keyBytes(i)) else { continue }
            set(key, root.child(i))
        }
    }

    /// Keeps the first member of each name, as `root["key"]` finds it.
    private mutating func set(_ key: Key, _ node: SourceNode) {
        switch key {
        case .timeZone: if timeZone == nil { timeZone = node }
        case .parameters: if parameters == nil { parameters = node }
        case .data: if data == nil { data = node }
        case .content: if content == nil { content = node }
        case .url: if url == nil { url = node }
        case .familyContent: if familyContent == nil { familyContent = node }
        case .families: if families == nil { families = node }
        case .timeline: if timeline == nil { timeline = node }
        }
    }
}

/// The semantic checks of one widget document, after the schema. Everything is
/// read in place in the document; strings are built for messages and for the
/// time parsers only.
func checkWidget(_ root: SourceNode, _ context: inout CheckContext) {
    let members = WidgetMembers(root)
    let scope = variableScope(of: members)
    if let zone = members.timeZone, let name = zone.string, !Scalars.isKnownZone(name) {
        context.error("unknown-time-zone", "unknown time zone '\(name)'; use an IANA name such as America/New_York", at: zone, ["timeZone"])
    }
    if let parameters = members.parameters { checkParameters(parameters, &context) }
    if let data = members.data {
        checkDataSources(data, ["data"], &context)
        checkURLSources(data, timeline: members.timeline, scope: scope, &context)
    }
    if let content = members.content { checkContentTemplates(content, ["content"], scope: scope, &context) }
    if let url = members.url { checkTemplate(url, ["url"], scope: scope, place: .entry, &context) }
    if let familyContent = members.familyContent {
        checkFamilyContent(familyContent, families: members.families, scope: scope, &context)
    }
    if let timeline = members.timeline { checkTimeline(timeline, scope: scope, &context) }
}

/// Each `familyContent` member's templates, and a warning for a family the widget
/// does not declare (only when `families` is well formed: otherwise the schema has
/// already spoken). Families are told apart by their index in `WidgetFamilies.words`.
private func checkFamilyContent(
    _ familyContent: SourceNode, families: SourceNode?, scope: VariableScope, _ context: inout CheckContext
) {
    let declared = families.map(WidgetFamilies.declared) ?? WidgetFamilies.defaultSet
    for i in 0..<(familyContent.isMapping ? familyContent.count : 0) {
        // A local function, not a closure value: nothing is allocated for a key never asked for.
        func key() -> String { familyContent.key(i) }
        if let declared, let family = WidgetFamilies.words.index(ofText: familyContent.keyBytes(i)),
           declared & 1 << family == 0 {
            // The message lists the families as written (the defaults when none are).
            let names = families.map { $0.items.compactMap(\.string) } ?? WidgetFamilies.defaults
            context.diagnostics.append(.warning(
                "family-not-declared",
                "familyContent for '\(key())', which is not in this widget's families (\(names.joined(separator: ", ")))",
                file: context.file, at: familyContent.document.keyLocation(familyContent.index, i),
                pointer: JSONPointer.string(["familyContent", key()])))
        }
        checkContentTemplates(familyContent.child(i), ["familyContent", key()], scope: scope, &context)
    }
}

/// The variables templates of this widget may name.
func variableScope(of root: SourceNode) -> VariableScope {
    variableScope(of: WidgetMembers(root))
}

/// The same, from the members already found. The declared names stay in the
/// document (the scope reads them in place); only the rule is worked out now.
func variableScope(of members: WidgetMembers) -> VariableScope {
    var scope = VariableScope()
    scope.parameters = DeclaredNames(members.parameters)
    scope.dataSources = DeclaredNames(members.data)
    // The rule when the timeline has exactly one.
    var rules = 0
    if let timeline = members.timeline, timeline.isMapping {
        for i in 0..<timeline.count {
            guard let rule = VariableScope.Rule.named(timeline.keyBytes(i)) else { continue }
            rules += 1
            scope.rule = rules == 1 ? rule : nil
        }
    }
    return scope
}

/// WidgetKit's families, and the default when a widget names none.
enum WidgetFamilies {
    static let words = WordTable([
        "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
        "accessoryCircular", "accessoryRectangular", "accessoryInline",
    ])
    static let all = words.words.map(\.description)
    static let defaults = ["systemSmall", "systemMedium", "systemLarge"]
    /// The defaults as a set of bits, one per index in `words`.
    static let defaultSet: UInt32? = 0b111

    /// The families a well-formed `families` list declares, as a set of bits (one per
    /// index in `words`), or nil when the list is not well formed: not a list, or an
    /// item that is not a family's name.
    static func declared(_ families: SourceNode) -> UInt32? {
        guard families.isSequence else { return nil }
        var set: UInt32 = 0
        for i in 0..<families.count {
            guard let bytes = families.child(i).stringBytes, let family = words.index(ofText: bytes) else { return nil }
            set |= 1 << family
        }
        return set
    }
}
