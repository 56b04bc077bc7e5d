import WidgetSupport

/// A compiled JSON Schema (draft 2020-12): references resolved, regexes built, keywords
/// in a compact graph. Compile once, validate any number of instances from any thread.
public final class Schema: Sendable {
    let graph: SchemaGraph
    /// The URI the schema document was registered under.
    public let uri: String

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
    public func validate(_ instance: JSONValue) -> [SchemaFailure] {
        var evaluator = Evaluator(graph: graph, report: true)
        var marks = IndexMarks()
        _ = evaluator.evaluate(graph.root, instance, &marks, collect: false)
        return evaluator.failures
    }

    /// Whether `instance` is valid; stops at the first failure and builds no messages.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluator = Evaluator(graph: graph, report: false)
        var marks = IndexMarks()
        return evaluator.evaluate(graph.root, instance, &marks, collect: false)
    }
}
