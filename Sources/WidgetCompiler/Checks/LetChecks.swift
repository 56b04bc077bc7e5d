import WidgetCEL
import WidgetSupport
import WidgetcRuntimeCore

/// A widget's lets (`let:`, docs/cel.md "Lets"), checked: each expression parsed and
/// type-checked against the widget's variables, in the order of what it reads, with
/// every error at its line and column inside the YAML scalar.
package struct CheckedLets: Sendable {
    /// One let, as the checks leave it.
    package struct Let: Sendable {
        package let name: String
        /// The expression's string node.
        package let node: SourceNode
        /// The checked program; nil when the expression has an error.
        package let program: CELProgram?
        /// The type the checker inferred (`dyn` when it has an error).
        package let type: CELType
        /// Whether it reads `entry`, `family` or a rule's variable, itself or through a let.
        package let perEntry: Bool
        /// The other lets it reads.
        package let reads: Set<String>
        /// What its expression reads (empty when it does not parse), for the reload's order: worked
        /// out once here, where the reload order walked each let's tree twice again (with its names
        /// looked up by root, checkReloadOrder 5.5 M -> 2.9 M instructions on 300 files of
        /// bench/validate's examples shape, callgrind).
        package let namesRead: CELNamesRead
    }

    /// In evaluation order: every let after the lets it reads (declaration order otherwise).
    package var lets: [Let] = []
    /// The names other lets read (cycles included).
    package var readByLets: Set<String> = []

    package subscript(name name: String) -> Let? { lets.last { $0.name == name } }

    /// The names of the lets computed per entry.
    package var perEntryNames: Set<String> { Set(lets.filter(\.perEntry).map(\.name)) }
}

/// What a widget's expressions may name, and their types (spec "Computed values", Types).
package enum LetEnvironment {
    /// The roots that make a let per entry: the entry, the family and the rules' own variables.
    package static let perEntryRoots: Set<String> = [
        "entry", "family", "slot", "progress", "record", "index", "market", "current", "next", "upcoming",
    ]

    /// Every root a widget's expression may start with (for reading plans, where types are not needed).
    package static let allRoots: Set<String> = perEntryRoots.union(["param", "data", "let", "source"])

    /// The parser's options: `let` is reserved in CEL, and is the widgets' name for their lets.
    package static var parserOptions: CELParser.Options {
        var options = CELParser.Options()
        options.allowedReservedWords = ["let"]
        return options
    }

    /// The variables of `definition`'s expressions, `let` holding the lets already typed.
    package static func environment(_ definition: WidgetDefinition, lets: [CELType.Field]) -> CELEnvironment {
        // Sized for every root at once (at most ten): grown from empty, it was made again at 1, 2, 4
        // and 8 entries (this function 16.6 k -> 14.1 k instructions a file on the 304-file examples
        // slice, callgrind).
        var variables = [String: CELType](minimumCapacity: 10)
        variables["param"] = .object("param", definition.parameters.map { CELType.Field($0.name, parameterType($0.type?.value)) })
        variables["data"] = .object("data", definition.data.map { CELType.Field($0.name, sourceType($0)) })
        // Each URL source's outcome at the reload, and the instant of the success shown (null when none).
        // (By index: `filter` copied each URL source, ~20 references retained and released, 1.4 a
        // file of bench/validate's examples slice.)
        var urlSources: [CELType.Field] = []
        for i in definition.data.indices where definition.data[i].request != nil {
            let name = definition.data[i].name
            urlSources.append(CELType.Field(name, .object("source.\(name)", [.init("outcome", .string), .init("fetched", .dyn)])))
        }
        variables["source"] = .object("source", urlSources)
        variables["entry"] = .object("entry", [
            .init("date", .timestamp), .init("time", .string), .init("day", .string), .init("weekday", .string), .init("index", .int),
            // The rule's instant the entry stands for (null when none) and whether it is at it.
            .init("instant", .dyn), .init("isInstant", .bool),
        ])
        variables["family"] = .string
        switch definition.timeline?.rule?.name {
        case .daily?: variables["slot"] = .object("slot", [.init("name", .string), .init("at", .string)])
        case .sequence?:
            variables["record"] = .dyn
            variables["index"] = .int
        case .schedule?:
            // The items are the data's: typed when read (null when none is in force, or later).
            variables["current"] = .dyn
            variables["next"] = .dyn
            variables["upcoming"] = .list(.dyn)
        case .progress?: variables["progress"] = .double
        case .market?:
            variables["market"] = .object("market", [.init("state", .string), .init("exchange", .string), .init("open", .dyn), .init("close", .dyn)])
        default: break
        }
        variables["let"] = .object("let", lets)
        return CELEnvironment(variables: variables, parserOptions: parserOptions)
    }

    /// A source's value in expressions: as its `schema` says; a `defaults:` source's keys as their
    /// defaults are (a stored value of another type is not shown: the default is); else `dyn`.
    package static func sourceType(_ source: WidgetDefinition.DataSource) -> CELType {
        let name = "data." + source.name
        if source.request?.image != nil { return .object(name, [.init("file", .string), .init("width", .int), .init("height", .int)]) }
        if let schema = source.schema, schema.isMapping {
            var timestamps: [[String]] = []
            if let dates = source.dates, dates.isMapping {
                for i in 0..<dates.count { if let tokens = JSONPointer.tokens(dates.key(i)) { timestamps.append(tokens) } }
            }
            return SourceSchema.celType(schema.json, name: name, timestamps: timestamps)
        }
        if let defaults = source.defaults, case .object(let keys) = defaults.json {
            return .object(name, keys.map { key, value in CELType.Field(key, defaultType(value)) })
        }
        return .dyn
    }

    /// A UserDefaults key's type, from its default.
    private static func defaultType(_ value: JSONValue) -> CELType {
        switch value {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .array: .list(.dyn)
        case .object: .map(.string, .dyn)
        default: .dyn
        }
    }

    /// A parameter's type in expressions; one without a type is a string (the schema reports it).
    package static func parameterType(_ type: WidgetDefinition.ParameterType?) -> CELType {
        switch type {
        case .integer?: .int
        case .number?: .double
        case .boolean?: .bool
        case .duration?: .duration
        case .string?, .enum?, nil: .string
        // The chosen record (a list of them with `multiple`): the data's shape, checked when read.
        case .entity?: .dyn
        }
    }
}

/// Checks the widget's lets; the result types `let.*` for the later ones and for templates.
func checkLets(_ definition: WidgetDefinition, _ context: inout CheckContext) -> CheckedLets {
    checkLets(parseLets(definition, &context), definition, &context)
}

/// A widget's lets parsed, with their order and cycles: `checkLets(_:_:_:)` types them. (Two
/// steps of `WidgetCheck`: the parser's code and the checker's each stay in the instruction cache
/// for a batch of widgets.)
struct ParsedLets {
    fileprivate var environment: CELEnvironment? = nil
    /// By declaration: each let's tree (nil when it does not parse), what it reads, the lets it reads.
    fileprivate var parsed: [CELParsed?] = []
    fileprivate var namesRead: [CELNamesRead] = []
    fileprivate var reads: [Set<String>] = []
    fileprivate var order: [Int] = []
    fileprivate var cyclic: [[Int]] = []
}

/// Parses the widget's lets (their syntax errors and cycles are reported here).
func parseLets(_ definition: WidgetDefinition, _ context: inout CheckContext) -> ParsedLets {
    let lets = definition.lets
    guard !lets.isEmpty else { return ParsedLets() }
    var result = ParsedLets()
    let environment = LetEnvironment.environment(definition, lets: [])
    result.environment = environment
    // What each let reads, from its tree (parsed once: checked by `checkLets`, once the types of
    // the lets it reads are known). The arrays made at their size, and a let's name looked for
    // among the few lets, not in a set of their names (with checkLets' arrays at their size and its
    // per-entry lookup among the lets checked: 446.9 k -> 443.5 k instructions a file on the 304-file
    // examples slice, callgrind).
    result.parsed.reserveCapacity(lets.count)
    result.namesRead.reserveCapacity(lets.count)
    result.reads.reserveCapacity(lets.count)
    for item in lets {
        do {
            let program = try CELParsed.parse(item.expression.string ?? "", env: environment)
            let read = program.namesRead
            result.parsed.append(program)
            result.namesRead.append(read)
            result.reads.append(Set(read.selections.filter { s in s.variable == "let" && lets.contains { $0.name == s.field } }.map(\.field)))
        } catch {
            report(error.errors, .celSyntax, item, &context)
            result.parsed.append(nil)
            result.namesRead.append(CELNamesRead())
            result.reads.append([])
        }
    }
    // Each read let's index (the last of that name), looked for among the widget's few lets: a
    // dictionary of them was two allocations a widget.
    (result.order, result.cyclic) = letOrder(result.reads.map { $0.compactMap { name in lets.lastIndex { $0.name == name } } })
    for cycle in result.cyclic {
        let members = cycle.map { lets[$0].name }
        let path = (members + [members[0]]).joined(separator: " → ")
        for i in cycle {
            context.error(
                .letCycle, "let '\(lets[i].name)' is part of a cycle: \(path); a let may read only lets that do not read it back",
                at: lets[i].expression, ["let", lets[i].name])
        }
    }
    return result
}

/// Types the lets `parseLets` parsed, in their order. (Consumed: its environment is changed in
/// place, not copied.)
func checkLets(_ parsedLets: consuming ParsedLets, _ definition: WidgetDefinition, _ context: inout CheckContext) -> CheckedLets {
    let lets = definition.lets
    guard !lets.isEmpty, var letEnvironment = parsedLets.environment.take() else { return CheckedLets() }
    let (parsed, namesRead, reads, order, cyclic) = (parsedLets.parsed, parsedLets.namesRead, parsedLets.reads, parsedLets.order, parsedLets.cyclic)
    // Made at their size (grown let by let, they were made again as they grew).
    var typed: [CELType.Field] = []
    typed.reserveCapacity(lets.count)
    var checked = CheckedLets()
    checked.lets.reserveCapacity(order.count)
    checked.readByLets = Set(reads.joined())
    let inCycle = Set(cyclic.joined())
    // Lets in a cycle are typed `dyn` for the others: their error is the cycle.
    for i in inCycle { typed.append(.init(lets[i].name, .dyn)) }
    // The environment with `let` holding the lets typed so far: the rest is built once per widget
    // (its data sources' types come from their schemas), and it is changed let by let, in place,
    // not copied per let (checkLets 22.0 M -> 21.6 M instructions on 300 files of bench/validate's
    // examples shape, callgrind); taken from `parsedLets`, not copied once a widget either.
    for i in order {
        let item = lets[i]
        let readsEntry = !namesRead[i].references.isDisjoint(with: LetEnvironment.perEntryRoots)
        // Whether a let it reads is per entry: found among the lets checked so far (the last of that
        // name), not in a dictionary of them.
        let isPerEntry = readsEntry || reads[i].contains { name in checked.lets.last { $0.name == name }?.perEntry ?? false }
        var program: CELProgram? = nil
        var type = CELType.dyn
        if let tree = parsed[i], !inCycle.contains(i) {
            do {
                letEnvironment.variables["let"] = .object("let", typed)
                let compiled = try tree.checked(env: letEnvironment)
                program = compiled
                type = compiled.type
            } catch {
                report(error.errors, .celType, item, &context)
            }
        }
        if !inCycle.contains(i) { typed.append(.init(item.name, type)) }
        checked.lets.append(.init(name: item.name, node: item.expression, program: program, type: type, perEntry: isPerEntry, reads: reads[i],
            namesRead: namesRead[i]))
    }
    return checked
}

/// `relevance`: its score a CEL expression over the entry (as a let computed per entry sees it,
/// every let typed) that gives a number, its duration a duration. Returns the checked score.
func checkRelevance(
    _ node: SourceNode, _ definition: WidgetDefinition, lets: CheckedLets, scope: VariableScope, _ context: inout CheckContext
) -> PlanLet? {
    if let duration = node[word: "duration"] { checkTypedField(duration, ["relevance", "duration"], .duration, scope: scope, &context) }
    guard let score = node[word: "score"], let text = score.string else { return nil }
    func report(_ errors: [CELError], _ code: DiagnosticCode) {
        for error in errors {
            let at = error.offset.map { context.location(inside: score, offset: $0) } ?? score.location
            context.error(code, "relevance score: \(error.message)", at: at, ["relevance", "score"])
        }
    }
    let environment = LetEnvironment.environment(definition, lets: lets.lets.map { CELType.Field($0.name, $0.type) })
    let parsed: CELParsed
    do {
        parsed = try CELParsed.parse(text, env: environment)
    } catch {
        report(error.errors, .celSyntax)
        return nil
    }
    let program: CELProgram
    do {
        program = try parsed.checked(env: environment)
    } catch {
        report(error.errors, .celType)
        return nil
    }
    for selection in program.selections where selection.variable == "let" { scope.letUses?.names.insert(selection.field) }
    switch program.type {
    case .int, .uint, .double, .dyn: break
    default:
        context.error(
            .celType, "relevance score: the score must be a number (int or double), found \(program.type)", at: score,
            ["relevance", "score"])
        return nil
    }
    return PlanLet(name: "relevance", expression: text, perEntry: true, program: program)
}

/// Each error of `item`'s expression at its own position inside the scalar.
private func report(_ errors: [CELError], _ code: DiagnosticCode, _ item: WidgetDefinition.Let, _ context: inout CheckContext) {
    for error in errors {
        let at = error.offset.map { context.location(inside: item.expression, offset: $0) } ?? item.expression.location
        context.error(code, "let '\(item.name)': \(error.message)", at: at, ["let", item.name])
    }
}

/// The lets in an order where each comes after the lets it reads (`reads[i]`: indices),
/// declaration order kept where it can be; and the cycles (each in declaration order),
/// whose members are left out of the order.
func letOrder(_ reads: [[Int]]) -> (order: [Int], cycles: [[Int]]) {
    // Every let reading only lets declared before it (as every example's do): declaration order and
    // no cycle, what the search below finds then (each let's reads are finished when it is visited),
    // without its arrays and the boxes its recursive function's captures take (letOrder 5.7 k -> 0.1 k
    // instructions a file on the 304-file examples slice, callgrind).
    if reads.indices.allSatisfy({ v in reads[v].allSatisfy { $0 < v } }) { return (Array(reads.indices), []) }
    // Tarjan's strongly connected components: a component of more than one let, or a let
    // that reads itself, is a cycle.
    var indexOf = [Int?](repeating: nil, count: reads.count)
    var low = [Int](repeating: 0, count: reads.count)
    var onStack = [Bool](repeating: false, count: reads.count)
    var stack: [Int] = []
    var next = 0
    var cycles: [[Int]] = []
    var order: [Int] = []
    func visit(_ v: Int) {
        indexOf[v] = next
        low[v] = next
        next += 1
        stack.append(v)
        onStack[v] = true
        for w in reads[v] {
            if indexOf[w] == nil {
                visit(w)
                low[v] = min(low[v], low[w])
            } else if onStack[w] {
                low[v] = min(low[v], indexOf[w]!)
            }
        }
        guard low[v] == indexOf[v] else { return }
        var component: [Int] = []
        while let w = stack.popLast() {
            onStack[w] = false
            component.append(w)
            if w == v { break }
        }
        if component.count > 1 || reads[v].contains(v) {
            cycles.append(component.sorted())
        } else {
            // A component is finished after every component it reads: post-order is dependency order.
            order.append(v)
        }
    }
    // The depth is the number of lets (a widget declares a few).
    for v in reads.indices where indexOf[v] == nil { visit(v) }
    return (order, cycles.sorted { $0[0] < $1[0] })
}

/// The lets no template, view and other let reads: a warning at each one's name.
func warnUnreadLets(_ definition: WidgetDefinition, _ lets: CheckedLets, read: Set<String>, _ context: inout CheckContext) {
    guard let node = definition.letNode else { return }
    for item in definition.lets where !read.contains(item.name) && !lets.readByLets.contains(item.name) {
        context.diagnostics.append(.warning(
            .letUnused, "let '\(item.name)' is never read; use it as {{let.\(item.name)}} in content or the view, or remove it",
            file: context.file, at: node.document.keyLocation(node.index, item.member), pointer: JSONPointer.string(["let", item.name])))
    }
}

/// The names of lets templates read, gathered while the checks scan them (the scope is
/// copied into each check; this one box is shared).
final class LetUses {
    var names: Set<String> = []
}

/// The lets of a widget document for the editor (hover, completion): checked as validation
/// checks them (their diagnostics are validation's to report).
package enum LetsOfWidget {
    package static func check(_ root: SourceNode, bytes: [UInt8], file: String) -> (lets: CheckedLets, definition: WidgetDefinition) {
        let definition = WidgetDefinition(decoding: root)
        var context = CheckContext(file: file, bytes: bytes)
        return (checkLets(definition, &context), definition)
    }

    /// The offset, in Unicode scalars of `node`'s string value, of the character written at
    /// `line` and `column` (1-based; the column in scalars); nil when the value is not there.
    package static func offset(in node: SourceNode, line: Int, column: Int, bytes: [UInt8]) -> Int? {
        guard let value = node.string, let positions = ScalarPositions.map(value: value, start: node.location, in: bytes) else { return nil }
        return positions.firstIndex { $0.line == line && $0.column >= column }
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let celSyntax = DiagnosticCode("cel-syntax")
    package static let celType = DiagnosticCode("cel-type")
    package static let letCycle = DiagnosticCode("let-cycle")
    package static let letUnused = DiagnosticCode("let-unused", .warning)
}
