import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

/// What template variables exist for one widget (spec "Templates", Variables).
struct VariableScope {
    /// The timeline's rules, as the definition names them.
    typealias Rule = WidgetDefinition.RuleName

    /// Where a template stands decides what it may name.
    enum Place {
        /// Entry content, URLs: everything.
        case entry
        /// Timeline options (`every`, `progress.value`, events…): only `param` and `data`,
        /// because they are evaluated when a timeline is requested, before any entry exists.
        case timeline
        /// `events[].at`: a timeline option that also sees the market rule's `market.*` at the
        /// request (the current or next session), so a widget can reload at the close.
        case event
        /// A `schedule`'s `at` and `end`: rendered per item at the reload, with the item as
        /// `record` and its position as `index`, beside `param`, `data` and the reload's lets.
        case scheduleItem
        /// `placeholder` and `snapshot`: only `param` and `family`, because they are shown when
        /// the data is missing or failed (and in the gallery), before any entry exists.
        case fixed
    }

    /// The declared parameters and data sources: the keys of the widget's
    /// `parameters` and `data` mappings, read in place when a name is looked up
    /// (a widget declares a few, so a scan costs less than building a table).
    var parameters = DeclaredNames()
    var dataSources = DeclaredNames()
    var rule: Rule?
    /// The declared lets (the keys of `let`), those computed per entry, and where the
    /// names templates read are gathered (for the unread-let warning).
    var lets = DeclaredNames()
    var perEntryLets: Set<String> = []
    var letUses: LetUses?
    /// The URL sources, in declaration order: what `source.NAME` may name.
    var urlSources: [String] = []
    /// What each `source.NAME` has.
    static let sourceFields = ["outcome", "fetched"]

    /// The declared type of parameter `name`, or nil when there is none. A later
    /// parameter of the same name (as `String ==` decides) wins, as in a dictionary;
    /// one without a string `type` is a string parameter (the schema reports it).
    func parameterType(_ name: String) -> String? {
        guard let parameter = parameters.lastValue(named: name) else { return nil }
        return parameter[word: "type"]?.string ?? "string"
    }

    /// Whether a data source is declared whose name is this text (as `String ==` decides).
    func hasDataSource(_ name: UnsafeBufferPointer<UInt8>) -> Bool { dataSources.contains(name) }

    /// Distinct parameter names, sorted (for hints).
    var sortedParameterNames: [String] { parameters.sortedNames }
    /// Distinct data source names, sorted (for hints).
    var sortedDataSources: [String] { dataSources.sortedNames }

    // Field names as static words (matched in place in a name's bytes) and as strings (for messages).
    static let entryFieldWords = WordTable(["date", "time", "day", "weekday", "index", "instant", "isInstant"])
    static let marketFieldWords = WordTable(["state", "open", "close", "exchange"])
    static let slotFieldWords = WordTable(["name", "at"])
    static let entryFields = entryFieldWords.words.map(\.description)
    static let marketFields = marketFieldWords.words.map(\.description)
    static let slotFields = slotFieldWords.words.map(\.description)

    /// The roots a name can start with (declared once, in the runtime), told apart in one
    /// pass over its first component.
    private static let roots = WordMap<TemplateRoot>(TemplateRoot.allCases.map { ($0.word, $0) })

    /// The roots this widget's templates may start with (for hints): every widget's, then its rule's own.
    var roots: [String] {
        ["entry", "family", "param", "data"] + (lets.isEmpty ? [] : ["let"]) + (urlSources.isEmpty ? [] : ["source"]) + TemplateRoot.allCases.filter { $0.rule != nil && $0.rule == rule?.rawValue }.map(\.rawValue)
    }

    /// Nil when `name` may be named here; otherwise the problem.
    /// (Reads only the first two components, compared in place: the checks
    /// never need more, and most names build no string at all.)
    func problem(with name: TemplateName, place: Place) -> String? {
        let count = name.componentCount
        guard count > 0 else { return nil }
        let inSection = name.isInSection
        // A closure, not `.map(Self.roots.value(at:))`: the method reference copied the table
        // (retain and release) per name, 1.3% of bench/validate's instructions (1,000 files, callgrind).
        let root = name.component(0, among: Self.roots.table).map { Self.roots.value(at: $0) }
        if root == .param {
            guard count > 1 else { return nil }
            if !parameters.containsComponent1(of: name) {
                let hint = declaredHint(name.component(1), sortedParameterNames)
                return parameters.isEmpty
                    ? "'\(name.name)' names a parameter, but this widget declares no parameters"
                    : "'\(name.name)' names no declared parameter\(hint)"
            }
            return nil
        }
        if place == .fixed {
            if root == .family { return count > 1 ? "'family' is a string and has no field '\(name.component(1))'" : nil }
            if inSection { return nil }
            return "'\(name.name)' cannot be rendered here: placeholder and snapshot are shown when the data is missing or a fetch "
                + "failed (and in the widget gallery), before any entry exists, so only param.* and family render; write the text to show instead"
        }
        if root == .data {
            guard count > 1 else { return nil }
            if !dataSources.containsComponent1(of: name) {
                let hint = declaredHint(name.component(1), sortedDataSources)
                return dataSources.isEmpty
                    ? "'\(name.name)' names a data source, but this widget declares no data"
                    : "'\(name.name)' names no declared data source\(hint)"
            }
            return nil
        }
        if root == .source {
            guard count > 1 else { return nil }
            let source = name.component(1)
            guard urlSources.contains(source) else {
                return urlSources.isEmpty
                    ? "'\(name.name)' names a URL source's outcome, but this widget has no url: source"
                    : "'\(name.name)' names no URL source\(hint(source, urlSources)); source.NAME is each url: source's outcome and fetched"
            }
            if count > 2, !Self.sourceFields.contains(name.component(2)) {
                return "'\(name.name)' is not a field of a source\(hint(name.component(2), Self.sourceFields)); it has outcome (ok, cached, stale, failed) and fetched (the instant of the answer shown)"
            }
            return nil
        }
        if root == .let {
            guard count > 1 else { return nil }
            let field = name.component(1)
            letUses?.names.insert(field)
            if !lets.containsComponent1(of: name) {
                return lets.isEmpty
                    ? "'\(name.name)' names a let, but this widget declares no let"
                    : "'\(name.name)' names no declared let\(hint(field, lets.sortedNames))"
            }
            if place == .timeline || place == .event || place == .scheduleItem, perEntryLets.contains(field) {
                return "'\(name.name)' is computed per entry (it reads entry, family or a rule's variable); timeline options see only lets computed once per reload"
            }
            return nil
        }
        if place == .scheduleItem {
            if root == .record { return nil }
            if root == .index { return count > 1 ? "'index' is a number and has no field '\(name.component(1))'" : nil }
            if inSection { return nil }
            return "'\(name.name)' is not available in a schedule's at and end; they see the item as 'record…' and its position as 'index', beside 'param…', 'data…' and 'let…'"
        }
        if place == .timeline || (place == .event && root != .market) {
            if inSection { return nil }
            let market = place == .event && rule == .market ? ", and 'market…' in events" : ""
            return "'\(name.name)' is not available in timeline options; only 'param…' and 'data…' are\(market)"
        }
        if root == .entry {
            if count > 1, name.component(1, among: Self.entryFieldWords) == nil {
                let field = name.component(1)
                return "'\(name.name)' is not an entry variable\(hint(field, Self.entryFields)); entry has \(Self.entryFields.joined(separator: ", "))"
            }
            return nil
        }
        if root == .family {
            return count > 1 ? "'family' is a string and has no field '\(name.component(1))'" : nil
        }
        if let root, let owner = root.rule {
            guard owner == rule?.rawValue else {
                if inSection { return nil }
                return "'\(name.name)' exists only for the '\(owner)' rule, and this widget's rule is '\(rule?.rawValue ?? "none")'"
            }
            guard count > 1 else { return nil }
            if root == .market, name.component(1, among: Self.marketFieldWords) == nil {
                return "'\(name.name)' is not a market variable\(hint(name.component(1), Self.marketFields))"
            }
            if root == .slot, name.component(1, among: Self.slotFieldWords) == nil {
                return "'\(name.name)' is not a slot variable\(hint(name.component(1), Self.slotFields))"
            }
            if root == .progress || root == .index {
                return "'\(name.component(0))' is a number and has no field '\(name.component(1))'"
            }
            return nil
        }
        // Inside a section an unknown name may be a field of the section's item.
        if inSection { return nil }
        return "unknown variable '\(name.name)'\(hint(name.component(0), roots))"
    }

    /// What a value is, where the checks know it (a parameter's declared type, `entry.*`, the rule's variables).
    enum ValueKind {
        case instant, number, text, boolean

        var words: String {
            switch self {
            case .instant: "an instant"
            case .number: "a number"
            case .text: "text"
            case .boolean: "a boolean"
            }
        }
    }

    /// The kind of value `name` renders, when it is known before any data is read; nil for
    /// data, records, lets and names inside a section (which may be the section item's).
    func valueKind(of name: TemplateName) -> ValueKind? {
        guard !name.isInSection, name.componentCount > 0 else { return nil }
        let root = name.component(0, among: Self.roots.table).map { Self.roots.value(at: $0) }
        let field = name.componentCount == 2 ? name.component(1) : nil
        switch root {
        case .param?:
            guard let field, let type = parameterType(field) else { return nil }
            switch type {
            case "integer", "number": return .number
            case "boolean": return .boolean
            case "entity": return nil  // a record of the app's data
            default: return .text
            }
        case .entry?:
            switch field {
            case "date", "instant": return .instant
            case "index": return .number
            case "isInstant": return .boolean
            case "time", "day", "weekday": return .text
            default: return nil
            }
        case .family?: return name.componentCount == 1 ? .text : nil
        case .source?:
            guard name.componentCount == 3 else { return nil }
            switch name.component(2) {
            case "fetched": return .instant
            case "outcome": return .text
            default: return nil
            }
        case .market?:
            guard rule == .market else { return nil }
            switch field {
            case "open", "close": return .instant
            case "state", "exchange": return .text
            default: return nil
            }
        case .slot?: return rule == .daily && field != nil ? .text : nil
        case .progress?, .index?: return name.componentCount == 1 ? .number : nil
        default: return nil
        }
    }

    /// `{{name | format}}`: a format the runtime has (with did-you-mean), and, where the
    /// name's kind is known, one that takes it. The problem is placed at the format's name.
    func formatProblem(with name: TemplateName) -> (code: DiagnosticCode, message: String, offset: Int)? {
        if let unknown = Self.unknownFormat(name) { return unknown }
        guard let written = name.format, let offset = name.formatOffset, let format = ValueFormat(rawValue: written),
            let kind = valueKind(of: name)
        else { return nil }
        let fits = format.isInstant ? kind == .instant : kind == .number
        guard !fits else { return nil }
        let subject = "'\(name.name)' is \(kind.words)"
        let fix: String
        switch kind {
        case .instant: fix = "for an instant use \(ValueFormat.instantNames.joined(separator: ", "))"
        case .number: fix = "for a number use \(ValueFormat.numberNames.joined(separator: ", "))"
        case .text where name.component(0, is: "entry") && format.isInstant:
            fix = "format the entry's instant instead: {{entry.date | \(written)}}"
        case .text, .boolean: fix = "it shows as it is without '| \(written)'"
        }
        return (.formatType, "format '\(written)' takes \(format.takes), and \(subject); \(fix)", offset)
    }

    /// `{{name | format}}` naming a format the runtime does not have (with did-you-mean), at the format's name.
    static func unknownFormat(_ name: TemplateName) -> (code: DiagnosticCode, message: String, offset: Int)? {
        guard let written = name.format, let offset = name.formatOffset, ValueFormat(rawValue: written) == nil else { return nil }
        let hint = Suggest.hint(for: written, among: ValueFormat.names)
        return (.unknownFormat, "unknown format '\(written)'\(hint); formats: \(ValueFormat.names.joined(separator: ", "))", offset)
    }

    private func hint(_ word: String, _ candidates: [String]) -> String {
        Suggest.hint(for: word, among: candidates)
    }

    /// A hint for a declared name: the close one, else the only one (`param.town` when `city` is
    /// the widget's one parameter), else the few there are.
    private func declaredHint(_ word: String, _ candidates: [String]) -> String {
        let close = hint(word, candidates)
        guard close.isEmpty else { return close }
        if candidates.count == 1 { return " (did you mean '\(candidates[0])', the only one declared?)" }
        return candidates.count <= 8 ? " (declared: \(candidates.joined(separator: ", ")))" : ""
    }
}

/// Declared names: the keys of one mapping of the document, read in place and
/// compared as `String ==` compares them (by bytes when both sides are ASCII).
struct DeclaredNames {
    /// The mapping whose keys are the names (nil: none are declared).
    private let mapping: SourceNode?
    /// Whether every name is ASCII: then bytes alone decide (looked at once, not per lookup).
    private let allASCII: Bool

    /// No names.
    init() { self.init(nil) }

    /// The keys of `mapping` (none when it is not a mapping).
    init(_ mapping: SourceNode?) {
        let mapping = mapping.flatMap { $0.isMapping ? $0 : nil }
        self.mapping = mapping
        allASCII = mapping.map { m in (0..<m.count).allSatisfy { m.keyBytes($0).isASCII } } ?? true
    }

    var isEmpty: Bool { (mapping?.count ?? 0) == 0 }

    /// Whether component 1 of `name` (which has one) is a declared name.
    func containsComponent1(of name: TemplateName) -> Bool {
        guard let mapping else { return false }
        // A component read in place is ASCII: against ASCII names, bytes decide.
        if let component = name.componentBytes(1), allASCII {
            for i in 0..<mapping.count where component.hasSameBytes(as: mapping.keyBytes(i)) { return true }
            return false
        }
        for i in 0..<mapping.count {
            let key = mapping.keyBytes(i)
            if let component = name.componentBytes(1), key.isASCII {
                if component.hasSameBytes(as: key) { return true }
            } else if name.component(1, equals: String(decoding: key, as: UTF8.self)) {
                return true
            }
        }
        return false
    }

    /// Whether a declared name is this text.
    func contains(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let mapping else { return false }
        for i in 0..<mapping.count where sameText(mapping.keyBytes(i), text) { return true }
        return false
    }

    /// The value of the last member whose name is `name`.
    func lastValue(named name: String) -> SourceNode? {
        guard let mapping else { return nil }
        var name = name
        return name.withUTF8 { text in
            var i = mapping.count
            while i > 0 {
                i -= 1
                if sameText(mapping.keyBytes(i), text) { return mapping.child(i) }
            }
            return nil
        }
    }

    /// The distinct names, sorted (for hints).
    var sortedNames: [String] {
        guard let mapping else { return [] }
        return Set((0..<mapping.count).map(mapping.key)).sorted()
    }
}

/// Checks the syntax of a template held in a string node and the names it
/// uses. Returns true when the node holds a template that compiles.
/// (Only scans the template's bytes in place: nothing is compiled or allocated for a valid one.)
@discardableResult
func checkTemplate(
    _ node: SourceNode, _ pointer: @autoclosure () -> [String], scope: VariableScope, place: VariableScope.Place,
    _ context: inout CheckContext
) -> Bool {
    guard let text = node.stringBytes, text.isTemplate else { return false }
    return checkTemplateText(text, node, pointer, scope: scope, place: place, &context) != nil
}

/// `checkTemplate` for text (the bytes of `node`'s string) that usually holds a tag:
/// text without one scans to no names and no error. The node, wanted only for a
/// diagnostic's position, is made on demand. `eachName` sees every name too, so a
/// caller that wants more of them scans the text once. Returns whether the template
/// is a lone tag, or nil when it does not compile.
func checkTemplateText(
    _ text: UnsafeBufferPointer<UInt8>, _ node: @autoclosure () -> SourceNode, _ pointer: () -> [String],
    scope: VariableScope, place: VariableScope.Place, _ context: inout CheckContext,
    eachName: (TemplateName) -> Void = { _ in }
) -> Bool? {
    // Problems wait for the end of the scan: a template with a syntax error gets only that error.
    var problems: [(code: DiagnosticCode, message: String, offset: Int)] = []
    var nestedSection = false
    let lone: Bool
    do {
        lone = try Template.scanNames(bytes: text) { name in
            if let problem = scope.problem(with: name, place: place) {
                // In a placeholder a name that exists elsewhere is refused for where it is, not unknown.
                let misplaced = place == .fixed && !name.component(0, is: "param") && !name.component(0, is: "family")
                problems.append((misplaced ? .placeholderTemplate : .unknownVariable, problem, name.offset))
            }
            if let problem = scope.formatProblem(with: name) { problems.append(problem) }
            if name.kind == .section, name.isInSection { nestedSection = true }
            eachName(name)
        }
    } catch {
        context.error(
            .templateSyntax, "template: \(error.message)",
            at: context.location(inside: node(), offset: error.offset), pointer())
        return nil
    }
    for problem in problems {
        context.error(problem.code, problem.message, at: context.location(inside: node(), offset: problem.offset), pointer())
    }
    if nestedSection { warnSectionsOverOneList(text, node, pointer, &context) }
    return lone
}

/// A section inside a section over the same name renders its body once per pair of items
/// (five over a 64-item list: 64⁵ times), so it is warned about. Rare: the template is
/// compiled only when a section is nested.
private func warnSectionsOverOneList(
    _ text: UnsafeBufferPointer<UInt8>, _ node: () -> SourceNode, _ pointer: () -> [String], _ context: inout CheckContext
) {
    guard let template = try? Template(String(decoding: text, as: UTF8.self)) else { return }
    for reference in template.references where reference.kind == .section {
        let open = reference.sections.filter { !$0.isInverted && $0.name == reference.name }
        guard !open.isEmpty, reference.name != "." else { continue }
        context.warning(
            .templateNestedSection,
            "section '\(reference.name)' is nested inside a section over the same name: each item renders the whole list "
                + "again (\(open.count + 1) levels over an n-item list render n^\(open.count + 1) times, and a rendered value stops at "
                + "\(Template.maxRenderedBytes >> 10) KiB); use {{.}} or the item's fields inside",
            at: context.location(inside: node(), offset: reference.offset), pointer())
        return
    }
}

/// Checks every string in a content mapping (recursively) as a template.
func checkContentTemplates(
    _ node: SourceNode, _ pointer: @autoclosure () -> [String], scope: VariableScope, place: VariableScope.Place = .entry,
    _ context: inout CheckContext
) {
    switch node.kind {
    case .string:
        checkTemplate(node, pointer(), scope: scope, place: place, &context)
    case .array, .object:
        if node.kind == .object {
            // By index, not `for member in node.members`: that made each member's key a `String` and
            // went through unspecialized Collection calls: -10.9 k instructions a file of
            // bench/validate's generated corpus (-4%; callgrind, 300 files, one thread).
            for i in 0..<node.count {
                let value = node.child(i)
                if value.kind == .object, value[word: "key"] != nil {
                    checkFormatArguments(value, pointer() + [node.key(i)], scope: scope, &context)
                }
            }
        }
        checkContentChildren(of: node.index, in: node.document, pointer: pointer, scope: scope, place: place, &context)
    default:
        break
    }
}

/// The walk below collection `top`, by node numbers in its document (a node is made
/// only for a diagnostic, and so is a pointer): a template is checked at once, more
/// values are walked, anything else is skipped. A loop, not recursion: aliases nest
/// content far deeper than a file can (an alias is the whole node it names again),
/// deep enough to overflow the stack.
private func checkContentChildren(
    of top: Int32, in document: SourceDocument, pointer: () -> [String], scope: VariableScope, place: VariableScope.Place,
    _ context: inout CheckContext
) {
    // The collection being walked and its next child; the ones around it wait in
    // `outer`, outermost first, with their next child (no allocation until content nests).
    var parent = top, next = 0, count = document.childCount(top)
    var outer: [(node: Int32, next: Int)] = []
    /// The pointer of child `i` of `parent` below the collections `outer`, through the
    /// child each took. (It captures no variable of the walk: those would be boxed and
    /// checked for exclusive access at every step.)
    func childPointer(_ outer: [(node: Int32, next: Int)], _ parent: Int32, _ i: Int) -> [String] {
        func token(_ collection: Int32, _ i: Int) -> String {
            document.kind(collection) == .object ? document.key(collection, i) : String(i)
        }
        return pointer() + outer.map { token($0.node, $0.next - 1) } + [token(parent, i)]
    }
    while true {
        guard next < count else {
            guard let up = outer.popLast() else { return }
            (parent, next, count) = (up.node, up.next, document.childCount(up.node))
            continue
        }
        let child = document.childNode(parent, next)
        next += 1
        switch document.kind(child) {
        case .string:
            // Not asked `isTemplate` first: text without a tag scans to no names and no error.
            guard let text = document.textBytes(child) else { continue }
            let (path, owner, i) = (outer, parent, next - 1)
            _ = checkTemplateText(
                text, SourceNode(document: document, index: child), { childPointer(path, owner, i) }, scope: scope,
                place: place, &context)
        case .array, .object:
            outer.append((parent, next))
            (parent, next, count) = (child, 0, document.childCount(child))
        default:
            break
        }
    }
}

/// `{ key: "Followers %lld", args: [...] }` (docs/localization.md "Keys with arguments"):
/// one argument for each argument the key's specifiers read, and a literal argument of
/// the kind its specifier shows (a number for `%lld` and `%.1f`), and so a lone
/// `{{param.NAME}}` of a parameter whose type is not a number. The arguments' templates
/// are checked as any content's.
func checkFormatArguments(_ node: SourceNode, _ pointer: [String], scope: VariableScope, _ context: inout CheckContext) {
    guard let key = node["key"]?.string else { return }
    let format = FormatString(key)
    let args = Array(node["args"]?.items ?? .empty)
    let needed = format.argumentCount
    let spelled = format.specifiers.map(\.text).joined(separator: ", ")
    if args.count != needed {
        let at = node["args"] ?? node
        let wanted = needed == 0 ? "no specifier, so no argument" : "\(needed) argument\(needed == 1 ? "" : "s") (\(spelled))"
        context.error(
            .l10nArguments,
            "'\(key)' takes \(wanted), but \(args.count) \(args.count == 1 ? "is" : "are") given" + (needed > 0 ? "; one argument per specifier, in order (`%2$@` reads the second)" : ""),
            at: at, pointer + (node["args"] == nil ? [] : ["args"]))
        return
    }
    for spec in format.specifiers where spec.isNumeric && spec.argument < args.count {
        let arg = args[spec.argument]
        // A number is a number; a template renders at run time; anything else is text.
        let literal: String? = arg.number != nil ? nil : arg.string.map { $0.isTemplate ? nil : $0 } ?? arg.sourceText ?? arg.shown
        if let text = arg.string, let name = loneParameter(text), let type = scope.parameterType(name),
           !["integer", "number", "duration"].contains(type) {
            context.error(
                .l10nArguments,
                "argument \(spec.argument + 1) of '\(key)' is parameter '\(name)', of type \(type), but its specifier \(spec.text) shows a number; pass a number (an integer or number parameter, a numeric data field)",
                at: arg, pointer + ["args", String(spec.argument)])
            continue
        }
        if let literal, FormatString.number(.string(literal)) == nil {
            context.error(
                .l10nArguments,
                "argument \(spec.argument + 1) of '\(key)' is '\(literal)', but its specifier \(spec.text) shows a number; give a number or a template that renders one",
                at: arg, pointer + ["args", String(spec.argument)])
        }
    }
}

/// `NAME` of a template that is exactly `{{param.NAME}}` (spaces allowed inside the braces).
private func loneParameter(_ text: String) -> String? {
    guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return nil }
    var inner = text.dropFirst(2).dropLast(2)
    while inner.first == " " { inner = inner.dropFirst() }
    while inner.last == " " { inner = inner.dropLast() }
    guard inner.hasPrefix("param."), !inner.contains("{"), !inner.contains("}") else { return nil }
    let name = inner.dropFirst("param.".count)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    return String(name)
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let formatType = DiagnosticCode("format-type")
    package static let placeholderTemplate = DiagnosticCode("placeholder-template")
    package static let templateNestedSection = DiagnosticCode("template-nested-section", .warning)
    package static let templateSyntax = DiagnosticCode("template-syntax")
    package static let unknownFormat = DiagnosticCode("unknown-format")
    package static let unknownVariable = DiagnosticCode("unknown-variable")
}
