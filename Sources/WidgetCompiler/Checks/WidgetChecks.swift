import WidgetSupport
import WidgetcRuntimeCore

/// The semantic checks of one widget, after the schema, on its decoded definition, in steps.
/// Template text and raw scalars are read in place in the document through the
/// definition's nodes; strings are built for messages and for the time parsers only.
///
/// A batch of widgets goes through each step in turn (`FileStages.examine`), as files go
/// through the stages: the checks run more code than the instruction cache holds, and one
/// widget through all of them fetched it all again for each widget. (Simulated instruction-cache
/// misses on 300 files of bench/validate's examples shape, callgrind: 4,347 -> 3,411 a file; CPU
/// per round 0.884x, 15 rounds in random order at load 8.)
struct WidgetCheck {
    /// The definition, decoded once: the checks, the catalog and the plan read it.
    private(set) var definition: WidgetDefinition
    private var scope = VariableScope()
    /// Between the steps `parseLets` and `lets`.
    private var parsedLets = ParsedLets()
    private var lets = CheckedLets()

    /// The steps, in order; a widget's findings come in the same order as through one function.
    enum Step: CaseIterable {
        case parseLets, lets, parameters, reloadOrder, data, templates, timeline, intents, views, unreadLets
    }

    /// Stage 3: the widget's definition, decoded. (Filled in place by `decode()`: made by
    /// `init(decoding:)`, it was copied on return.)
    init(root: SourceNode) {
        definition = WidgetDefinition(root: root)
        definition.decode()
    }

    mutating func run(_ step: Step, _ context: inout CheckContext) {
        switch step {
        case .parseLets:
            // Filled in place (`declare`): made and returned by `variableScope(of:)`, it was copied on return.
            scope.declare(definition)
            parsedLets = parseLets(definition, &context)
        case .lets: checkLetsAndRelevance(&context)
        case .parameters: checkZoneAndParameters(&context)
        case .reloadOrder: checkReloadOrder(definition, lets: lets, &context)
        case .data: checkData(&context)
        case .templates: checkTemplates(&context)
        // Unwrapped in place: binding the optional copied the timeline (each of its nodes retained).
        case .timeline: if definition.timeline != nil { checkTimeline(definition.timeline!, scope: scope, &context) }
        case .intents: checkIntents(definition, &context)
        case .views: checkViews(definition, scope: scope, &context)
        case .unreadLets: checkUnreadLets(&context)
        }
    }

    private mutating func checkLetsAndRelevance(_ context: inout CheckContext) {
        // Moved out, so that `checkLets` changes its environment in place.
        var taken = ParsedLets()
        swap(&taken, &parsedLets)
        lets = checkLets(consume taken, definition, &context)
        if context.keepsParsed {
            // Lowered only without errors: every let then has its program.
            context.parsed.lets = lets.lets.compactMap { item in
                item.program.map { PlanLet(name: item.name, expression: item.node.string ?? "", perEntry: item.perEntry, program: $0) }
            }
        }
        scope.perEntryLets = lets.perEntryNames
        if !definition.lets.isEmpty { scope.letUses = LetUses() }
        if let relevance = definition.relevance {
            let score = checkRelevance(relevance, definition, lets: lets, scope: scope, &context)
            if context.keepsParsed { context.parsed.relevance = score }
        }
    }

    private func checkZoneAndParameters(_ context: inout CheckContext) {
        if let zone = definition.timeZone, !Scalars.isKnownZone(zone.value) {
            context.error(.unknownTimeZone, "unknown time zone '\(zone.value)'; use an IANA name such as America/New_York", at: zone.node, ["timeZone"])
        }
        checkParameters(definition.parameters, &context)
        // Set by the lets' step (`lets.perEntryNames`, not made again).
        checkEntityParameters(definition, perEntryLets: scope.perEntryLets, scope: scope, &context)
    }

    private func checkData(_ context: inout CheckContext) {
        checkDataSources(definition.data, &context)
        checkURLSources(definition.data, timeline: definition.timeline, scope: scope, &context)
        checkSwiftSources(definition.data, scope: scope, &context)
        checkURLFallbacks(definition, &context)
        checkFetchCadence(definition, &context)
    }

    private func checkTemplates(_ context: inout CheckContext) {
        if let content = definition.content { checkContentTemplates(content, ["content"], scope: scope, &context) }
        // Fixed text: tags there render only what exists without data (docs/language-notes.md, Content).
        if let placeholder = definition.placeholder { checkContentTemplates(placeholder, ["placeholder"], scope: scope, place: .fixed, &context) }
        if let snapshot = definition.snapshot { checkContentTemplates(snapshot, ["snapshot"], scope: scope, place: .fixed, &context) }
        if let url = definition.url { checkTemplate(url, ["url"], scope: scope, place: .entry, &context) }
        if let familyContent = definition.familyContent {
            checkFamilyContent(familyContent, families: definition.families, scope: scope, &context)
        }
    }

    private func checkUnreadLets(_ context: inout CheckContext) {
        guard let uses = scope.letUses else { return }
        // An entity parameter's options read their let.
        for p in definition.parameters.indices where definition.parameters[p].declaredType == .entity {
            if let from = definition.parameters[p].options?[word: "from"]?.string, from.hasPrefix("let.") {
                uses.names.insert(String(from.dropFirst(4).prefix { $0 != "." }))
            }
        }
        warnUnreadLets(definition, lets, read: uses.names, &context)
    }
}

/// Each `familyContent` member's templates, and a warning for a family the widget
/// does not declare (only when `families` is well formed: otherwise the schema has
/// already spoken). Families are told apart by their index in `WidgetFamilies.words`.
private func checkFamilyContent(
    _ familyContent: SourceNode, families: Positioned<[WidgetFamily]?>?, scope: VariableScope, _ context: inout CheckContext
) {
    let declared = families.map { $0.value.map(WidgetFamilies.set) } ?? WidgetFamilies.defaultSet
    for i in 0..<(familyContent.isMapping ? familyContent.count : 0) {
        // A local function, not a closure value: nothing is allocated for a key never asked for.
        func key() -> String { familyContent.key(i) }
        if let declared, let family = WidgetFamilies.words.index(ofText: familyContent.keyBytes(i)),
           declared & 1 << family == 0 {
            // The message lists the families as written (the defaults when none are).
            let names = (families?.value ?? WidgetDefinition.defaultFamilies).map(\.rawValue)
            context.diagnostics.append(.warning(
                .familyNotDeclared,
                "familyContent for '\(key())', which is not in this widget's families (\(names.joined(separator: ", ")))",
                file: context.file, at: familyContent.document.keyLocation(familyContent.index, i),
                pointer: JSONPointer.string(["familyContent", key()])))
        }
        checkContentTemplates(familyContent.child(i), ["familyContent", key()], scope: scope, &context)
    }
}

/// The variables templates of this widget may name.
func variableScope(of root: SourceNode) -> VariableScope {
    variableScope(of: WidgetDefinition(decoding: root))
}

/// The same, from the decoded definition. The declared names stay in the
/// document (the scope reads them in place); only the rule is worked out now.
func variableScope(of definition: WidgetDefinition) -> VariableScope {
    var scope = VariableScope()
    scope.declare(definition)
    return scope
}

extension VariableScope {
    /// The names `definition` declares, and its rule.
    mutating func declare(_ definition: WidgetDefinition) {
        parameters = DeclaredNames(definition.parametersNode)
        dataSources = DeclaredNames(definition.dataNode)
        lets = DeclaredNames(definition.letNode)
        // (Not `filter` then `map`: the filter copied each URL source, retaining its every node.)
        urlSources = definition.data.indices.compactMap { definition.data[$0].request != nil ? definition.data[$0].name : nil }
        // The rule when the timeline has exactly one.
        if definition.timeline != nil, definition.timeline!.rules.count == 1 { rule = definition.timeline!.rules[0].name }
    }
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

    /// A set of families as bits, one per index in `words` (WidgetFamily's order).
    static func set(_ families: [WidgetFamily]) -> UInt32 {
        var set: UInt32 = 0
        for family in families {
            if let index = WidgetFamily.allCases.firstIndex(of: family) { set |= 1 << index }
        }
        return set
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let familyNotDeclared = DiagnosticCode("family-not-declared", .warning)
    package static let unknownTimeZone = DiagnosticCode("unknown-time-zone")
}
