import WidgetSupport

/// A compiled JSON Schema (draft 2020-12): references resolved, regexes built, keywords
/// in a compact graph. Compile once, validate any number of instances from any thread.
///
///     let registry = SchemaRegistry { uri in loadDocument(uri) }   // optional loader
///     let schema = try Schema(document, uri: "file:///repo/schemas/widget.schema.json", registry: registry)
///     for failure in schema.validate(instance) {
///         print(failure.instancePointer, failure.message, failure.keyword)
///     }
///
/// Vocabularies: core, applicator, unevaluated and validation assert; `format`, content
/// and meta-data keywords are annotations only. Patterns are ECMA-262 (`ECMARegex`).
public final class Schema: Sendable {
    let graph: SchemaGraph
    /// The URI the schema document was registered under.
    public let uri: String
    /// Subschema evaluations allowed per instance before validation gives up (a widget
    /// document needs a few hundred; only multiplying alternatives come near this).
    public static let defaultStepBudget = 20_000_000

    /// Compiles `document`, registering it in `registry` under `uri` (a fresh `urn:` when
    /// nil) so its relative references resolve against that URI.
    public init(_ document: JSONValue, uri: String? = nil, registry: SchemaRegistry = SchemaRegistry()) throws(SchemaCompileError) {
        let (location, registered) = registry.addDocument(document, uri: uri)
        self.uri = registered
        graph = try SchemaCompiler.compile(root: location, registry: registry)
    }

    /// Compiles the schema a URI names (with an optional fragment): a built-in meta-schema,
    /// an added document, or one the registry's loader provides.
    public init(uri: String, registry: SchemaRegistry = SchemaRegistry()) throws(SchemaCompileError) {
        self.uri = uri
        graph = try SchemaCompiler.compile(reference: uri, registry: registry)
    }

    /// Every failure of `instance`, in schema order; empty when it is valid.
    ///
    /// A schema whose nested alternatives would take more than `stepBudget` subschema
    /// evaluations on this instance, or an instance nested more than 600 levels deep (JSON
    /// and YAML readers stop at 512), yields one failure with keyword `$schema` saying so.
    public func validate(_ instance: JSONValue, stepBudget: Int = Schema.defaultStepBudget) -> [SchemaFailure] {
        // Most documents are valid: answer those at quiet speed, report only the others.
        if isValid(instance, stepBudget: stepBudget) { return [] }
        return reportFailures(instance, stepBudget: stepBudget)
    }

    /// The reporting pass alone (what `validate` runs for an invalid instance).
    func reportFailures(_ instance: JSONValue, stepBudget: Int = Schema.defaultStepBudget) -> [SchemaFailure] {
        var evaluator = Evaluator(graph: graph, report: true)
        evaluator.stepBudget = stepBudget
        var marks = IndexMarks()
        _ = evaluator.evaluate(graph.root, instance, &marks, collect: false)
        if evaluator.tooDeep { return [Self.depthFailure(graph)] }
        if evaluator.exhausted { return [Self.budgetFailure(stepBudget, graph)] }
        return evaluator.failures
    }

    /// Whether `instance` is valid; stops at the first failure and builds no messages.
    /// False also when validation exceeds `stepBudget` (see `validate`).
    public func isValid(_ instance: JSONValue, stepBudget: Int = Schema.defaultStepBudget) -> Bool {
        var evaluator = Evaluator(graph: graph, report: false)
        evaluator.stepBudget = stepBudget
        var marks = IndexMarks()
        return evaluator.evaluate(graph.root, instance, &marks, collect: false) && !evaluator.exhausted
    }

    private static func depthFailure(_ graph: SchemaGraph) -> SchemaFailure {
        SchemaFailure(
            instanceTokens: [], keyword: "$schema", schemaPointer: "",
            absoluteSchemaLocation: graph.nodes[graph.root].location,
            message: "value nested more than \(Evaluator.maxDepth) levels deep; not validated")
    }

    private static func budgetFailure(_ budget: Int, _ graph: SchemaGraph) -> SchemaFailure {
        SchemaFailure(
            instanceTokens: [], keyword: "$schema", schemaPointer: "",
            absoluteSchemaLocation: graph.nodes[graph.root].location,
            message: "validation stopped after \(budget) schema evaluations: this schema's nested alternatives multiply the work on this document")
    }
}
