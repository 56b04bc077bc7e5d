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

/// Walks a compiled graph over one instance.
///
/// In quiet mode (`report == false`) it only answers valid or not and stops at the first
/// failure; in reporting mode it records every failure with its locations and messages.
/// Reporting switches itself off inside `not`, `if`, `contains` and while trying the
/// alternatives of `anyOf`/`oneOf`, whose internal failures are not the instance's.
struct Evaluator {
    let graph: SchemaGraph
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

    init(graph: SchemaGraph, report: Bool) {
        self.graph = graph
        self.report = report
    }

    /// Evaluates node `id` against `value`. When `collect` is set, adds the members/items
    /// the node evaluated to `marks` (for a parent's `unevaluated*`).
    mutating func evaluate(_ id: Int, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        steps += 1
        if steps > stepBudget { return false }
        if !report && !graph.usesDynamicScope && graph.forms[id] == .reference {
            return followQuietly(from: id, value, &marks, collect: collect)
        }
        // The graph owns every node; borrowing one here saves a retain/release per step.
        return graph.unmanaged[id]._withUnsafeGuaranteedRef { node in evaluate(node, value, &marks, collect: collect) }
    }

    /// Quietly, a chain of bare `$ref` nodes is walked in a loop: no schema path or scope to
    /// keep, so each hop costs a few integer updates, not two calls. Counts steps and the
    /// reference chain exactly as `follow` does.
    private mutating func followQuietly(from id: Int, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        var id = id
        var hops = 0
        defer { refChain -= hops }
        while graph.forms[id] == .reference {
            hops += 1
            refChain += 1
            if refChain > Self.maxRefChain { return false }
            id = graph.referenceTargets[id]
            steps += 1
            if steps > stepBudget { return false }
        }
        return graph.unmanaged[id]._withUnsafeGuaranteedRef { node in evaluate(node, value, &marks, collect: collect) }
    }

    private mutating func evaluate(_ node: SchemaNode, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        switch node.form {
        case .alwaysValid:
            return true
        case .alwaysInvalid:
            if report { fail(node, keyword: "false", message: "no value is allowed here") }
            return false
        case .checks, .reference:
            break
        }
        let pushed = graph.usesDynamicScope && scope.last != node.resource
        if pushed { scope.append(node.resource) }
        let ok: Bool
        if node.form == .reference {
            ok = follow(node, node.target, "$ref", value, &marks, collect: collect)
        } else if let edge = node.unevaluatedProperties, case .object(let object) = value {
            var local = IndexMarks()
            var valid = evaluateChecks(node, value, &local, collect: true)
            if valid || report { valid = checkUnevaluatedProperties(node, edge, object, &local) && valid }
            if collect { marks.formUnion(local) }
            ok = valid
        } else if let edge = node.unevaluatedItems, case .array(let items) = value {
            var local = IndexMarks()
            var valid = evaluateChecks(node, value, &local, collect: true)
            if valid || report { valid = checkUnevaluatedItems(node, edge, items, &local) && valid }
            if collect { marks.formUnion(local) }
            ok = valid
        } else {
            ok = evaluateChecks(node, value, &marks, collect: collect)
        }
        if pushed { scope.removeLast() }
        return ok
    }

    private mutating func evaluateChecks(_ node: SchemaNode, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        // A wrong type, or a value outside `enum`/`const`, says it all: the node's other
        // keywords would only repeat it, so they are not reported.
        if let types = node.types, !types.contains(TypeSet.of(value)) {
            if report { fail(node, keyword: "type", message: FailureText.typeMismatch(expected: types, got: value)) }
            return false
        }
        if let values = node.enumValues, !values.contains(where: { JSONEquality.equal(value, $0) }) {
            if report { fail(node, keyword: "enum", message: FailureText.enumMismatch(values)) }
            return false
        }
        if let constant = node.constValue, !JSONEquality.equal(value, constant) {
            if report { fail(node, keyword: "const", message: "value must be \(FailureText.render(constant))") }
            return false
        }
        var ok = true
        switch value {
        case .int, .double:
            if node.hasNumeric { ok = checkNumber(node, value) }
        case .string(let s):
            if node.hasString { ok = checkString(node, s) }
        case .array(let items):
            if node.hasArray { ok = checkArray(node, items, &marks, collect: collect) }
        case .object(let object):
            if node.hasObject { ok = checkObject(node, object, value, &marks, collect: collect) }
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

    // MARK: Moving through schema and instance

    /// Evaluates a subschema on a member or item of the current instance.
    /// (`token` is an autoclosure: quietly no token, and no retained key, is built.)
    @inline(__always)
    mutating func descend(_ edge: Edge, _ value: JSONValue, _ token: @autoclosure () -> PathToken) -> Bool {
        if report {
            schemaPath.append(graph.segments[edge.segment])
            instancePath.append(token())
        }
        let savedChain = refChain
        refChain = 0
        depth += 1
        var ok = false
        if depth > Self.maxDepth {
            tooDeep = true
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

    /// Evaluates a subschema on the current instance itself.
    @inline(__always)
    mutating func inPlace(_ edge: Edge, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        if report { schemaPath.append(graph.segments[edge.segment]) }
        let ok = evaluate(edge.node, value, &marks, collect: collect)
        if report { schemaPath.removeLast() }
        return ok
    }

    /// Evaluates a subschema without recording failures.
    mutating func quietly(_ edge: Edge, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool) -> Bool {
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
        allowed: [String]? = nil, nested: [SchemaFailure] = []
    ) {
        var tokens = instancePath.map(\.text)
        if let token { tokens.append(token.text) }
        let tail = suffix ?? (keyword == "false" ? "" : "/" + JSONPointer.escape(keyword))
        failures.append(
            SchemaFailure(
                instanceTokens: tokens, keyword: keyword, schemaPointer: schemaPath.joined() + tail,
                absoluteSchemaLocation: node.location + tail, message: message, allowedProperties: allowed, nested: nested))
    }
}
