import WidgetSupport

/// One step of the instance location, kept unformatted until a failure needs it.
enum PathToken {
    case key(String)
    case index(Int)

    var text: String {
        switch self {
        case .key(let k): k
        case .index(let i): String(i)
        }
    }
}

/// Walks a compiled graph over one instance: a node of a `SourceDocument`, read in place
/// through the document's tables (`Instance`). Kinds, numbers and the bytes of strings and
/// member names come straight from the tables, so the quiet walk over a valid document
/// makes no `String` and retains nothing; strings are made only for failure reports.
///
/// In quiet mode (`report == false`) it only answers valid or not and stops at the first
/// failure; in reporting mode it records every failure with its locations and messages.
/// Reporting switches itself off inside `not`, `if`, `contains` and while trying the
/// alternatives of `anyOf`/`oneOf`, whose internal failures are not the instance's.
struct Evaluator {
    let graph: SchemaGraph
    /// The instance's document (kept alive by the caller while the evaluator runs).
    let doc: SourceDocument.Tables
    var report: Bool
    var failures: [SchemaFailure] = []
    var instancePath: [PathToken] = []
    /// Evaluation-path segments from the root schema (`/properties/a`, `/$ref`, ...).
    var schemaPath: [String] = []
    /// Resources entered, outermost first (tracked only when some `$dynamicRef` is dynamic).
    var scope: [Int] = []
    /// `$ref`s followed since the last step into the instance: only a cycle can make it large.
    var refChain = 0
    static let maxRefChain = 256
    /// Positions from 64 on of the marks made during this evaluation.
    var overflow = MarkOverflow()
    /// Schemas evaluated so far. Alternatives nested in alternatives can multiply the work
    /// without bound on some schemas; past the budget evaluation stops and reports that,
    /// rather than running for hours. A widget document takes a few hundred.
    var steps = 0
    var stepBudget = Schema.defaultStepBudget
    var exhausted: Bool { steps > stepBudget || tooDeep }
    /// How deep in the instance evaluation is. Readers bound documents at 512 levels; a value
    /// built by other means is refused past `maxDepth` rather than overflowing the stack.
    var depth = 0
    var tooDeep = false
    static let maxDepth = 600
    /// The room left on this thread's stack, checked at each step into the instance: a
    /// value too deep for it is refused (`tooDeep`) before the stack overflows.
    let stack = StackLimit()
    /// Where the first refusal for depth happened: the value's node, and the depth reached
    /// (for the failure's position and message).
    var deepNode: Int32? = nil
    var deepLevel = 0
    /// The most stack the evaluation used, in bytes, and at which depth (measured for tests).
    var stackHighWater = 0
    var depthHighWater = 0

    init(graph: SchemaGraph, document: SourceDocument, report: Bool) {
        self.graph = graph
        doc = document.tables
        self.report = report
    }

    /// Evaluates schema node `id` against instance `value`. When `collect` is set, adds the
    /// members/items the node evaluated to `marks` (for a parent's `unevaluated*`).
    mutating func evaluate(_ id: Int, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        switch start(id, value, collect: collect) {
        case .answer(let ok):
            return ok
        case .node(let target, let references):
            // The graph owns every node; borrowing one here saves a retain/release per step.
            // Borrowed, with the 2 below: -0.49% instructions on bench/validate (1,000 files; -0.55% on 10,000; one thread, callgrind)
            let ok = graph.unmanaged[target]._withUnsafeGuaranteedRef { node in evaluate(node, value, &marks, collect: collect) }
            refChain -= references
            return ok
        }
    }

    /// Counts the step; quietly, answers a node by its shortcut (a member test only when no
    /// annotations are collected) or follows its bare `$ref`s.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    private mutating func start(_ id: Int, _ value: Instance, collect: Bool) -> QuietStart {
        steps += 1
        if steps > stepBudget { return .answer(false) }
        if !report && !graph.usesDynamicScope {
            let kind = graph.shortcutKinds[id]
            if kind == .scalar || graph.forms[id] == .reference { return quietStart(id, value, collect: collect) }
            // (A member test is never a bare `$ref`.)
            if kind == .member, !collect, let ok = memberShortcutAnswer(id, value) { return .answer(ok) }
            if kind == .typeConditional, !collect, let ok = typeConditionalAnswer(id, value) { return .answer(ok) }
        }
        return .node(id, references: 0)
    }

    /// The answer of node `id`'s type conditional: the `if` by the value's type (its steps
    /// counted as its shortcut counts them), then the branch that applies; nil near a limit
    /// (then the full evaluation decides). Each content value of a widget is one (13 a file of
    /// bench/validate's corpus): `Schema.validate` 49.5 k -> 47.3 k instructions a file
    /// (callgrind, 300 files, one thread).
    @inline(never)
    private mutating func typeConditionalAnswer(_ id: Int, _ value: Instance) -> Bool? {
        guard let conditional = graph.typeConditionals[id], refChain + conditional.references <= Self.maxRefChain,
              steps + 1 + conditional.references <= stepBudget
        else { return nil }
        steps += 1 + conditional.references
        guard let branch = conditional.types.contains(TypeSet.of(value)) ? conditional.then : conditional.otherwise else { return true }
        var ignored = IndexMarks()
        return evaluate(branch.node, value, &ignored, collect: false)
    }

    private enum QuietStart {
        case answer(Bool)
        /// Evaluate this node; `references` bare `$ref`s led to it (links of the chain until it returns).
        case node(Int, references: Int)
    }

    /// Quietly, before evaluating node `id`: a node that checks only the type and strings is
    /// answered here, and a chain of bare `$ref`s is walked in a loop to the node it ends at,
    /// not through two calls a link. Steps and the reference chain count as `follow` counts
    /// them (near a limit, the full evaluation decides). Out of line, to keep the frame of
    /// the recursive `evaluate` small.
    @inline(never)
    private mutating func quietStart(_ id: Int, _ value: Instance, collect: Bool) -> QuietStart {
        if let ok = shortcutAnswer(id, value) { return .answer(ok) }
        var id = id
        var references = 0
        while graph.forms[id] == .reference {
            references += 1
            refChain += 1
            if refChain > Self.maxRefChain { refChain -= references; return .answer(false) }
            id = graph.referenceTargets[id]
            steps += 1
            if steps > stepBudget { refChain -= references; return .answer(false) }
        }
        // (A content value is reached through its `$ref`.)
        if !collect, graph.shortcutKinds[id] == .typeConditional, let ok = typeConditionalAnswer(id, value) {
            refChain -= references
            return .answer(ok)
        }
        return .node(id, references: references)
    }

    private mutating func evaluate(_ node: SchemaNode, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        switch node.form {
        case .alwaysValid:
            return true
        case .alwaysInvalid:
            if report {
                let message: String =
                    switch instancePath.last {
                    case .key(let k): "property '\(k)' is not allowed here"
                    case .index(let i): "item \(i) is not allowed here"
                    case nil: "no value is allowed here"
                    }
                fail(node, keyword: "false", message: message)
            }
            return false
        case .checks, .reference:
            break
        }
        let pushed = graph.usesDynamicScope && scope.last != node.resource
        if pushed { scope.append(node.resource) }
        let ok: Bool
        if node.form == .reference {
            ok = follow(node, node.target, "$ref", value, &marks, collect: collect)
        } else if node.unevaluatedProperties != nil || node.unevaluatedItems != nil {
            ok = evaluateWithUnevaluated(node, value, &marks, collect: collect)
        } else {
            ok = evaluateChecks(node, value, &marks, collect: collect)
        }
        if pushed { scope.removeLast() }
        return ok
    }

    /// A node with `unevaluatedProperties`/`unevaluatedItems`: its checks collect what they
    /// evaluate, then the rest of the members or items is checked. (Out of line: rare, and
    /// its locals would otherwise be in every level's frame of the recursive `evaluate`.)
    @inline(never)
    private mutating func evaluateWithUnevaluated(_ node: SchemaNode, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        if let edge = node.unevaluatedProperties, value.pointee.kind == .object {
            var local = IndexMarks()
            var valid = evaluateChecks(node, value, &local, collect: true)
            if valid || report { valid = checkUnevaluatedProperties(node, edge, value, &local) && valid }
            if collect { marks.formUnion(local, &overflow) }
            return valid
        }
        if let edge = node.unevaluatedItems, value.pointee.kind == .array {
            var local = IndexMarks()
            var valid = evaluateChecks(node, value, &local, collect: true)
            if valid || report { valid = checkUnevaluatedItems(node, edge, doc.children(of: value), &local) && valid }
            if collect { marks.formUnion(local, &overflow) }
            return valid
        }
        return evaluateChecks(node, value, &marks, collect: collect)
    }

    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)  // into `evaluate`: one call a node, not two
    private mutating func evaluateChecks(_ node: SchemaNode, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        // A wrong type, or a value outside `enum`/`const`, says it all: the node's other
        // keywords would only repeat it, so they are not reported.
        // (Failures are reported by functions of their own: this frame stays small for deep documents.)
        if let types = node.types, !types.contains(TypeSet.of(value)) {
            if report { failType(node, types, value) }
            return false
        }
        if node.enumValues != nil, !isEnumMember(value, of: node) {
            if report { failValue(node, keyword: "enum", value) }
            return false
        }
        if node.constValue != nil, !matchesConst(value, of: node) {
            if report { failValue(node, keyword: "const", value) }
            return false
        }
        var ok = true
        switch value.pointee.kind {
        case .int, .double:
            if node.hasNumeric { ok = checkNumber(node, value.pointee.numberValue) }
        case .string:
            if node.hasString { ok = checkString(node, doc.stringBytes(value)) }
        case .array:
            if node.hasArray { ok = checkArray(node, doc.children(of: value), &marks, collect: collect) }
        case .object:
            if node.hasObject { ok = checkObject(node, value, &marks, collect: collect) }
        default:
            break
        }
        if !ok && !report { return false }
        for k in node.applicators {
            if !apply(node, graph.applicators[k], value, &marks, collect: collect) {
                ok = false
                if !report { return false }
            }
        }
        return ok
    }

    private mutating func failType(_ node: SchemaNode, _ types: TypeSet, _ value: Instance) {
        let shown = doc.scalarShown(value)
        // A null names itself: `got null`, or for a key with nothing after it (mid-typing `timeline:`) `got no value`.
        let typeName = value.pointee.kind == .null && value.pointee.count <= 0 ? "no value" : value.pointee.typeName
        let message = FailureText.typeMismatch(expected: types, got: typeName, value: value.pointee.kind == .null ? nil : shown)
        fail(node, keyword: "type", message: message, value: shown)
    }

    /// Reports a value outside the node's `enum` or `const`.
    private mutating func failValue(_ node: SchemaNode, keyword: String, _ value: Instance) {
        guard keyword == "enum" else {
            let message = "\(doc.subject(value)) is not allowed here: the value must be \(FailureText.render(node.constValue ?? .null))"
            fail(node, keyword: keyword, message: message, value: doc.scalarShown(value))
            return
        }
        let values = node.enumValues ?? []
        let suggestion =
            value.pointee.kind == .string
            ? FailureText.suggestion(for: String(decoding: doc.stringBytes(value), as: UTF8.self), among: values) : nil
        fail(
            node, keyword: keyword, message: FailureText.enumMismatch(doc.subject(value), values, suggestion: suggestion),
            value: doc.scalarShown(value), suggestion: suggestion)
    }

    /// Whether `value` is one of the node's `enum` values (which it has). A list of strings
    /// is one name-table lookup of the string's bytes; `JSONEquality` compares by bytes too.
    private func isEnumMember(_ value: Instance, of node: SchemaNode) -> Bool {
        if let strings = node.enumStrings {
            guard value.pointee.kind == .string else { return false }
            return strings.index(of: doc.stringBytes(value)) != nil
        }
        return node.enumValues?.contains { JSONEquality.equal(value, $0, in: doc) } ?? true
    }

    /// The answer of node `id`'s scalar shortcut, counting its steps; nil when it has none or
    /// is near a limit (then the full evaluation decides).
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    private mutating func shortcutAnswer(_ id: Int, _ value: Instance) -> Bool? {
        guard let shortcut = graph.scalarShortcuts[id], refChain + shortcut.references <= Self.maxRefChain,
              steps + shortcut.references <= stepBudget
        else { return nil }
        steps += shortcut.references
        return scalarAnswer(shortcut, value)
    }

    /// Whether `value` passes a scalar shortcut's checks (its steps counted by the caller).
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    private mutating func scalarAnswer(_ shortcut: ScalarShortcut, _ value: Instance) -> Bool {
        guard shortcut.types.contains(TypeSet.of(value)) else { return false }
        if shortcut.stringNode >= 0, value.pointee.kind == .string {
            let s = doc.stringBytes(value)
            // Borrowed, not retained (with the 2 others): -0.49% instructions on bench/validate (1,000 files; -0.55% on 10,000; one thread, callgrind)
            return graph.unmanaged[shortcut.stringNode]._withUnsafeGuaranteedRef { node in
                (!shortcut.checksStringValues || Self.allows(s, node)) && (!node.hasString || checkString(node, s))
            }
        }
        return true
    }

    /// The answer of node `id`'s member test, or nil near a limit (then the full evaluation
    /// decides). Out of line: the scalar shortcuts, far more common, keep a small frame.
    @inline(never)
    private mutating func memberShortcutAnswer(_ id: Int, _ value: Instance) -> Bool? {
        guard canTestMember(afterSteps: 0), let test = graph.memberTests[id] else { return nil }
        var lookup = MemberLookup()
        return memberTestAnswer(test, value, &lookup)
    }

    /// Whether a member test, and what may precede it within `steps` more steps, is answered
    /// without reaching a limit: the step into the member's value stays within the depth, and
    /// the steps it counts within the budget (else the full evaluation decides).
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func canTestMember(afterSteps extra: Int) -> Bool {
        depth < Self.maxDepth && steps + extra + 1 + ScalarShortcut.maxReferences <= stepBudget
    }

    /// The answer of a member test on `value` (its own step counted by the caller), counting
    /// the steps into the member's value as `descend` and the scalar shortcut count them. The
    /// look for the member is kept in `lookup` for the next test of the same name on the same
    /// value. Needs `canTestMember`.
    mutating func memberTestAnswer(_ test: MemberTest, _ value: Instance, _ lookup: inout MemberLookup) -> Bool {
        guard test.types.contains(TypeSet.of(value)) else { return false }
        guard value.pointee.kind == .object else { return true }
        let members = doc.children(of: value)
        if lookup.nameID != test.nameID { lookup = look(for: test, among: members) }
        guard lookup.index >= 0 else { return !test.required }
        guard let property = test.property else { return true }
        steps += 1 + property.references
        if let key = test.constKey { return lookup.stringKey == key }
        return scalarAnswer(property, doc.node(members[lookup.index]))
    }

    /// Looks for a member test's name among the members.
    private func look(for test: MemberTest, among members: UnsafeBufferPointer<SourceDocument.Child>) -> MemberLookup {
        // Borrowed, not retained (with the 2 others): -0.49% instructions on bench/validate (1,000 files; -0.55% on 10,000; one thread, callgrind)
        let found = graph.unmanaged[test.node]._withUnsafeGuaranteedRef { node in
            members.firstIndex { node.object.names.isName(0, doc.keyBytes($0)) }
        }
        guard let found else { return MemberLookup(nameID: test.nameID) }
        let value = doc.node(members[found])
        let key = value.pointee.kind == .string ? ByteKey(doc.stringBytes(value)) : nil
        return MemberLookup(nameID: test.nameID, index: found, stringKey: key)
    }

    /// Whether the node's string `enum` and string `const`, when it has them, allow the string `s`.
    private static func allows(_ s: UnsafeBufferPointer<UInt8>, _ node: SchemaNode) -> Bool {
        if let strings = node.enumStrings, strings.index(of: s) == nil { return false }
        if let constant = node.constString, !JSONEquality.sameBytes(s, constant) { return false }
        return true
    }

    /// Whether `value` equals the node's `const` (which it has); a string one by its bytes.
    private func matchesConst(_ value: Instance, of node: SchemaNode) -> Bool {
        if let constant = node.constString {
            guard value.pointee.kind == .string else { return false }
            return JSONEquality.sameBytes(doc.stringBytes(value), constant)
        }
        return node.constValue.map { JSONEquality.equal(value, $0, in: doc) } ?? true
    }

    // MARK: Moving through schema and instance

    /// Evaluates a subschema on a member or item of the current instance.
    /// (`token` is an autoclosure: quietly no token, and no key string, is built.)
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    mutating func descend(_ edge: Edge, _ value: Instance, _ token: @autoclosure () -> PathToken) -> Bool {
        if report {
            schemaPath.append(graph.segments[edge.segment])
            instancePath.append(token())
        }
        let savedChain = refChain
        refChain = 0
        depth += 1
        var ok = false
        if depth > depthHighWater { noteStack() }
        if depth > Self.maxDepth || !stack.hasRoom() {
            refuseDepth(value)
        } else if report {
            ok = reportingDescend(edge, value)
        } else {
            var ignored = IndexMarks()
            ok = evaluate(edge.node, value, &ignored, collect: false)
        }
        depth -= 1
        refChain = savedChain
        if report {
            schemaPath.removeLast()
            instancePath.removeLast()
        }
        return ok
    }

    /// Stops the evaluation for a value nested deeper than the depth bound or the stack allows,
    /// remembering where (the instance path as far as it is reported).
    @inline(never)  // out of the recursive frames: it runs once, at the limit
    mutating func refuseDepth(_ value: Instance) {
        if !tooDeep {
            deepNode = Int32(truncatingIfNeeded: value - doc.nodes)
            deepLevel = depth
        }
        tooDeep = true
    }

    /// Notes the stack used at this depth (what `RobustnessTests` measures per level).
    @inline(never)  // its own frame, so the measure is of the caller's frames, not of itself
    mutating func noteStack() {
        let used = stack.used()
        if used > stackHighWater { (stackHighWater, depthHighWater) = (used, depth) }
    }

    /// Reporting, a member or item valid as a whole has nothing to report: it is answered
    /// quietly first, and only an invalid one is evaluated again to report (the steps of its
    /// quiet try not counted, so the budget sees what it saw before).
    @inline(never)  // its saved state stays out of every level's frame of the recursive `evaluate`
    private mutating func reportingDescend(_ edge: Edge, _ value: Instance) -> Bool {
        let saved = steps
        var ignored = IndexMarks()
        report = false
        let valid = evaluate(edge.node, value, &ignored, collect: false)
        report = true
        if valid || exhausted { return valid }
        steps = saved
        return evaluate(edge.node, value, &ignored, collect: false)
    }

    /// Evaluates a subschema on the current instance itself.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    mutating func inPlace(_ edge: Edge, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        if report { schemaPath.append(graph.segments[edge.segment]) }
        let ok = evaluate(edge.node, value, &marks, collect: collect)
        if report { schemaPath.removeLast() }
        return ok
    }

    /// Evaluates a subschema without recording failures.
    mutating func quietly(_ edge: Edge, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        let saved = report
        report = false
        let ok = evaluate(edge.node, value, &marks, collect: collect)
        report = saved
        return ok
    }

    // MARK: Recording

    /// Records a failure of `keyword` of `node` at the current instance location (extended by
    /// `token`). `suffix` replaces `/keyword` in the schema locations when given.
    mutating func fail(
        _ node: SchemaNode, keyword: String, message: String, token: PathToken? = nil, suffix: String? = nil,
        allowed: [String]? = nil, nested: [SchemaFailure] = [], value: String? = nil, suggestion: String? = nil
    ) {
        var tokens = instancePath.map(\.text)
        if let token { tokens.append(token.text) }
        let tail = suffix ?? (keyword == "false" ? "" : "/" + JSONPointer.escape(keyword))
        failures.append(
            SchemaFailure(
                instanceTokens: tokens, keyword: keyword, schemaPointer: schemaPath.joined() + tail,
                absoluteSchemaLocation: node.location + tail, message: message, allowedProperties: allowed, nested: nested,
                value: value, suggestion: suggestion))
    }
}

/// Where a member test found its name among an object's members (readers refuse duplicate
/// names, so the first is the only one): the name's id, and the member's index or -1.
struct MemberLookup {
    var nameID = -1
    var index = -1
    /// The member's value's key when it is a string (compared with a `MemberTest.constKey`).
    var stringKey: ByteKey? = nil
}
