import WidgetSupport

/// A compiled JSON Schema (draft 2020-12): references resolved, regexes built, keywords
/// in a compact graph. Compile once, validate any number of instances from any thread.
/// Instances are nodes of a `SourceDocument` (what the readers make), read in place; a
/// `JSONValue` is validated by making it a document first.
///
///     let registry = SchemaRegistry { uri in loadDocument(uri) }   // optional loader
///     let schema = try Schema(document, uri: "file:///repo/schemas/widget.schema.json", registry: registry)
///     for failure in schema.validate(instance) {
///         print(failure.instancePointer, failure.message, failure.keyword)
///     }
///
/// Vocabularies: core, applicator, unevaluated and validation assert; `format`, content
/// and meta-data keywords are annotations only. Patterns are ECMA-262 (`ECMARegex`).
package final class Schema: Sendable {
    let graph: SchemaGraph
    /// The URI the schema document was registered under.
    package let uri: String
    /// Subschema evaluations allowed per instance before validation gives up (a widget
    /// document needs a few hundred; only multiplying alternatives come near this).
    package static let defaultStepBudget = 20_000_000

    /// Compiles `document`, registering it in `registry` under `uri` (a fresh `urn:` when
    /// nil) so its relative references resolve against that URI.
    package init(_ document: JSONValue, uri: String? = nil, registry: SchemaRegistry = SchemaRegistry()) throws(SchemaCompileError) {
        let (location, registered) = registry.addDocument(document, uri: uri)
        self.uri = registered
        graph = try SchemaCompiler.compile(root: location, registry: registry)
    }

    /// Compiles the schema a URI names (with an optional fragment): a built-in meta-schema,
    /// an added document, or one the registry's loader provides.
    package init(uri: String, registry: SchemaRegistry = SchemaRegistry()) throws(SchemaCompileError) {
        self.uri = uri
        graph = try SchemaCompiler.compile(reference: uri, registry: registry)
    }

    /// Every failure of `instance`, a node of a document (usually its root), in schema
    /// order; empty when it is valid. The document is read in place: a valid one is
    /// answered without making a `String` or a `JSONValue` of any part of it.
    ///
    /// A schema whose nested alternatives would take more than `stepBudget` subschema
    /// evaluations on this instance, or an instance nested more than 600 levels deep (JSON
    /// and YAML readers stop at 512), yields one failure with keyword `$schema` saying so.
    package func validate(_ instance: SourceNode, stepBudget: Int = Schema.defaultStepBudget) -> [SchemaFailure] {
        // Most documents are valid: answer those at quiet speed, report only the others.
        if isValid(instance, stepBudget: stepBudget) { return [] }
        return reportFailures(instance, stepBudget: stepBudget)
    }

    /// Whether `instance` is valid; stops at the first failure and builds no messages.
    /// False also when validation exceeds `stepBudget` (see `validate`).
    package func isValid(_ instance: SourceNode, stepBudget: Int = Schema.defaultStepBudget) -> Bool {
        withExtendedLifetime(instance.document) {
            var evaluator = Evaluator(graph: graph, document: instance.document, report: false)
            evaluator.stepBudget = stepBudget
            var marks = IndexMarks()
            return evaluator.evaluate(graph.root, evaluator.doc.nodes + Int(instance.index), &marks, collect: false)
                && !evaluator.exhausted
        }
    }

    /// The reporting pass alone (what `validate` runs for an invalid instance).
    func reportFailures(_ instance: SourceNode, stepBudget: Int = Schema.defaultStepBudget) -> [SchemaFailure] {
        withExtendedLifetime(instance.document) {
            var evaluator = Evaluator(graph: graph, document: instance.document, report: true)
            evaluator.stepBudget = stepBudget
            var marks = IndexMarks()
            _ = evaluator.evaluate(graph.root, evaluator.doc.nodes + Int(instance.index), &marks, collect: false)
            if evaluator.tooDeep { return [Self.depthFailure(graph, evaluator, instance)] }
            if evaluator.exhausted { return [Self.budgetFailure(stepBudget, graph)] }
            return evaluator.failures
        }
    }

    /// The same for a value that was not read from a file: it is made a document first
    /// (`SourceNode(json:)`, which takes any depth), which the one evaluator
    /// then reads.
    package func validate(_ instance: JSONValue, stepBudget: Int = Schema.defaultStepBudget) -> [SchemaFailure] {
        validate(Self.document(of: instance), stepBudget: stepBudget)
    }

    /// The same for a value that was not read from a file (see `validate(_: JSONValue)`).
    package func isValid(_ instance: JSONValue, stepBudget: Int = Schema.defaultStepBudget) -> Bool {
        isValid(Self.document(of: instance), stepBudget: stepBudget)
    }

    /// The reporting pass alone on a value that was not read from a file.
    func reportFailures(_ instance: JSONValue, stepBudget: Int = Schema.defaultStepBudget) -> [SchemaFailure] {
        reportFailures(Self.document(of: instance), stepBudget: stepBudget)
    }

    private static func document(of value: JSONValue) -> SourceNode {
        SourceNode(json: value)
    }

    /// The tokens of the path from `instance` down to node `target` of its document, found
    /// without recursion (the value is deep); empty if it is not below `instance`.
    static func path(to target: Int32, from instance: SourceNode) -> [String] {
        let doc = instance.document
        var parent: [Int32: (node: Int32, child: Int)] = [:]
        var pending = [instance.index]
        var seen: Set<Int32> = [instance.index]
        while let n = pending.popLast(), n != target {
            let kind = doc.kind(n)
            guard kind == .array || kind == .object else { continue }
            for i in 0..<doc.childCount(n) {
                let c = doc.childNode(n, i)
                guard seen.insert(c).inserted else { continue }
                parent[c] = (n, i)
                pending.append(c)
            }
        }
        guard target == instance.index || parent[target] != nil else { return [] }
        var tokens: [String] = []
        var n = target
        while let (up, i) = parent[n] {
            tokens.append(doc.kind(up) == .object ? doc.key(up, i) : String(i))
            n = up
        }
        return tokens.reversed()
    }

    /// At the value whose check went too deep.
    private static func depthFailure(_ graph: SchemaGraph, _ evaluator: Evaluator, _ instance: SourceNode) -> SchemaFailure {
        let message =
            evaluator.deepLevel > Evaluator.maxDepth
            ? "value nested more than \(Evaluator.maxDepth) levels deep; not validated"
            : "value nested more than \(evaluator.deepLevel - 1) levels deep, too deep for the stack left to validate it; not validated"
        return SchemaFailure(
            instanceTokens: evaluator.deepNode.map { path(to: $0, from: instance) } ?? [], keyword: "$schema", schemaPointer: "",
            absoluteSchemaLocation: graph.nodes[graph.root].location, message: message)
    }

    /// Validates `instance` and answers the most stack the evaluation used and the depth it
    /// was used at (for measuring the stack a level takes).
    func stackUse(_ instance: JSONValue) -> (bytes: Int, depth: Int, valid: Bool) {
        let node = Self.document(of: instance)
        return withExtendedLifetime(node.document) {
            var evaluator = Evaluator(graph: graph, document: node.document, report: true)
            var marks = IndexMarks()
            let ok = evaluator.evaluate(graph.root, evaluator.doc.nodes + Int(node.index), &marks, collect: false)
            return (evaluator.stackHighWater, evaluator.depthHighWater, ok && !evaluator.exhausted)
        }
    }

    private static func budgetFailure(_ budget: Int, _ graph: SchemaGraph) -> SchemaFailure {
        SchemaFailure(
            instanceTokens: [], keyword: "$schema", schemaPointer: "",
            absoluteSchemaLocation: graph.nodes[graph.root].location,
            message: "validation stopped after \(budget) schema evaluations: this schema's nested alternatives multiply the work on this document")
    }
}
