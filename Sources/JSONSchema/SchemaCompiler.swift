import ECMARegexEngine
import WidgetSupport

/// Turns schema documents into a `SchemaGraph`: resolves every reference to a node index,
/// compiles regexes, and checks keyword values, so validation does none of that.
struct SchemaCompiler {
    typealias Location = RegistryIndex.Location

    let registry: SchemaRegistry
    var index: RegistryIndex
    var nodes: [SchemaNode?] = []
    /// Where each node's schema is, for compile errors found after the fact.
    var nodeLocations: [Location] = []
    var nodeByLocation: [Location: Int] = [:]
    var resourceByLocation: [Location: Int] = [:]
    var resourceLocations: [Location] = []
    var anchorIDs: [String: Int] = [:]
    var vocabularies: [Location: SchemaVocabulary.Vocabularies] = [:]
    var usesDynamicScope = false
    /// Schemas given a node index but not built yet: built by `drain()`, so compiling never
    /// recurses along references (a long chain of definitions cannot exhaust the stack).
    var pending: [PendingSchema] = []
    var segments: [String] = []
    var segmentIDs: [String: Int] = [:]
    var edgeLists: [Edge] = []
    var applicators: [InPlaceApplicator] = []
    /// References already resolved, by base and reference: most schemas name the same few
    /// definitions many times, and resolving walks URIs and pointers.
    var resolved: [ResolvedKey: Resolution] = [:]
    var parsedBases: [String: URIReference] = [:]
    /// Patterns compiled so far: the widget schema writes four of its 23 twice (compiling them
    /// again was 0.43 M instructions, callgrind).
    var regexes: [String: ECMARegex] = [:]

    /// Structs, not tuples: a tuple of these fields was copied through the runtime's value
    /// witnesses, 0.7 M instructions of the widget schema's compile (callgrind).
    struct PendingSchema {
        var id: Int
        var object: JSONObject
        var location: Location
        var base: String
        var resource: Location
    }

    /// Where a reference leads: the target, its base URI and resource, and the reference's fragment.
    struct Resolution {
        var target: Location
        var base: String
        var resource: Location
        var fragment: String
    }

    struct ResolvedKey: Hashable {
        var reference: String
        var base: String
    }

    init(registry: SchemaRegistry) {
        self.registry = registry
        index = registry.snapshot
    }

    /// Compiles the schema at `root` and everything it reaches.
    static func compile(root: Location, registry: SchemaRegistry) throws(SchemaCompileError) -> SchemaGraph {
        var compiler = SchemaCompiler(registry: registry)
        // Sized once for the document's schemas: grown a doubling at a time, `nodeByLocation`
        // hashed every pointer again at each step (0.48 M instructions of the widget schema's compile).
        if root.document < compiler.index.documents.count {
            let count = compiler.index.documents[root.document].schemaCount
            compiler.nodes.reserveCapacity(count)
            compiler.nodeLocations.reserveCapacity(count)
            compiler.nodeByLocation.reserveCapacity(count)
        }
        guard let context = compiler.index.context(of: root) else {
            throw SchemaCompileError(message: "no schema at this location", schemaPointer: root.pointer, documentURI: compiler.documentURI(root))
        }
        let rootNode = try compiler.node(at: root, base: context.base, resource: context.resource)
        try compiler.drain()
        return try compiler.finish(root: rootNode)
    }

    /// Compiles the schema a URI reference names (resolved as an absolute reference).
    static func compile(reference: String, registry: SchemaRegistry) throws(SchemaCompileError) -> SchemaGraph {
        var compiler = SchemaCompiler(registry: registry)
        let origin = Location(document: 0, pointer: "")
        let target: Resolution
        do {
            target = try compiler.resolve(reference, base: reference, from: origin, keyword: "$ref")
        } catch {
            throw SchemaCompileError(message: error.message, schemaPointer: "", documentURI: reference)
        }
        let rootNode = try compiler.node(at: target.target, base: target.base, resource: target.resource)
        try compiler.drain()
        return try compiler.finish(root: rootNode)
    }

    func documentURI(_ location: Location) -> String {
        location.document < index.documents.count ? index.documents[location.document].uri : "?"
    }

    func error(_ message: String, at location: Location, keyword: String? = nil) -> SchemaCompileError {
        let pointer = keyword.map { location.pointer + "/" + JSONPointer.escape($0) } ?? location.pointer
        return SchemaCompileError(message: message, schemaPointer: pointer, documentURI: documentURI(location))
    }

    // MARK: Nodes

    /// The node index for the schema at `location`, queueing it for `drain()` on first use.
    /// `base` and `resource` already account for the schema's own `$id`.
    mutating func node(at location: Location, value known: JSONValue? = nil, base: String, resource: Location) throws(SchemaCompileError) -> Int {
        if let existing = nodeByLocation[location] { return existing }
        return try newNode(at: location, value: known, base: base, resource: resource)
    }

    /// The same for a location that has no node yet.
    private mutating func newNode(at location: Location, value known: JSONValue?, base: String, resource: Location) throws(SchemaCompileError) -> Int {
        guard let value = known ?? index.value(at: location) else {
            throw error("reference target does not exist", at: location)
        }
        let id = nodes.count
        nodes.append(nil)
        nodeLocations.append(location)
        nodeByLocation[location] = id
        let resourceIndex = resourceID(resource)
        switch value {
        case .bool(true):
            nodes[id] = SchemaNode(form: .alwaysValid, resource: resourceIndex, location: CanonicalLocation(base, location, resource))
        case .bool(false):
            nodes[id] = SchemaNode(form: .alwaysInvalid, resource: resourceIndex, location: CanonicalLocation(base, location, resource))
        case .object(let object):
            pending.append(PendingSchema(id: id, object: object, location: location, base: base, resource: resource))
        default:
            throw error("a schema must be an object or a boolean, not \(value.typeName)", at: location)
        }
        return id
    }

    /// Builds every queued schema (building one may queue more).
    mutating func drain() throws(SchemaCompileError) {
        while let next = pending.popLast() {
            let vocabulary = try vocabulary(for: next.resource)
            let builder = NodeBuilder(location: next.location, base: next.base, resource: next.resource, object: SchemaKeywords(next.object), vocabulary: vocabulary)
            nodes[next.id] = try builder.build(resourceIndex: resourceByLocation[next.resource] ?? 0, compiler: &self)
        }
    }

    /// The node for a child schema: its own `$id`, if any, starts a new resource.
    mutating func child(_ location: Location, value: JSONValue, base: String, resource: Location) throws(SchemaCompileError) -> Int {
        if let existing = nodeByLocation[location] { return existing }
        var base = base, resource = resource
        if let id = value["$id"]?.string {
            base = URIReference.resolve(id, against: base).withoutFragment.string
            resource = location
        }
        return try newNode(at: location, value: value, base: base, resource: resource)
    }

    mutating func resourceID(_ location: Location) -> Int {
        if let id = resourceByLocation[location] { return id }
        let id = resourceLocations.count
        resourceLocations.append(location)
        resourceByLocation[location] = id
        return id
    }

    mutating func anchorID(_ name: String) -> Int {
        if let id = anchorIDs[name] { return id }
        let id = anchorIDs.count
        anchorIDs[name] = id
        return id
    }

    /// An edge to `node` along the evaluation-path segment `segment` (interned).
    mutating func edge(to node: Int, segment: String) -> Edge {
        if let id = segmentIDs[segment] { return Edge(node: node, segment: id) }
        segments.append(segment)
        segmentIDs[segment] = segments.count - 1
        return Edge(node: node, segment: segments.count - 1)
    }

    /// Stores a list of edges for an `allOf`/`anyOf`/`oneOf`.
    mutating func list(_ edges: [Edge]) -> Range<Int> {
        let start = edgeLists.count
        edgeLists += edges
        return start..<edgeLists.count
    }

    // MARK: References

    /// Resolves a `$ref`/`$dynamicRef` value against `base` to a schema location, loading
    /// documents through the registry when needed (each reference once per base).
    mutating func resolve(_ reference: String, base: String, from location: Location, keyword: String) throws(SchemaCompileError) -> Resolution {
        let key = ResolvedKey(reference: reference, base: base)
        if let known = resolved[key] { return known }
        let resolution = try resolveAnew(reference, base: base, from: location, keyword: keyword)
        resolved[key] = resolution
        return resolution
    }

    private mutating func resolveAnew(_ reference: String, base: String, from location: Location, keyword: String) throws(SchemaCompileError) -> Resolution {
        let absolute = URIReference(reference).resolved(against: parsedBase(base))
        let documentPart = absolute.withoutFragment.string
        var resourceRoot = index.resources[documentPart]
        if resourceRoot == nil, let (found, newIndex) = registry.resource(documentPart) {
            index = newIndex
            resourceRoot = found
        }
        guard let resourceRoot else {
            throw error("cannot resolve \(keyword) '\(reference)': no schema is known at \(documentPart)", at: location, keyword: keyword)
        }
        let fragment = absolute.fragment ?? ""
        var target = resourceRoot
        if fragment.hasPrefix("/") {
            guard let tokens = JSONPointer.tokens(URIReference.percentDecoded(fragment)) else {
                throw error("invalid JSON Pointer in \(keyword) '\(reference)'", at: location, keyword: keyword)
            }
            target = Location(document: resourceRoot.document, pointer: resourceRoot.pointer + JSONPointer.string(tokens))
        } else if !fragment.isEmpty {
            guard let anchored = index.anchors[documentPart + "#" + URIReference.percentDecoded(fragment)] else {
                throw error("cannot resolve \(keyword) '\(reference)': no anchor '\(fragment)' in \(documentPart)", at: location, keyword: keyword)
            }
            target = anchored
        }
        // (`context` is nil also when nothing is at the pointer.)
        guard let context = index.context(of: target) else {
            throw error("cannot resolve \(keyword) '\(reference)': nothing at that pointer", at: location, keyword: keyword)
        }
        return Resolution(target: target, base: context.base, resource: context.resource, fragment: fragment)
    }

    /// `base` parsed, once for all the references resolved against it.
    private mutating func parsedBase(_ base: String) -> URIReference {
        if let known = parsedBases[base] { return known }
        let parsed = URIReference(base)
        parsedBases[base] = parsed
        return parsed
    }

    // MARK: Vocabularies

    /// The vocabularies in force for a resource: from its `$schema` (or the document root's),
    /// read from the meta-schema's `$vocabulary`; all of them by default.
    mutating func vocabulary(for resource: Location) throws(SchemaCompileError) -> SchemaVocabulary.Vocabularies {
        if let known = vocabularies[resource] { return known }
        var holder = resource
        var metaURI = index.value(at: resource)?["$schema"]?.string
        if metaURI == nil, !resource.pointer.isEmpty {
            holder = Location(document: resource.document, pointer: "")
            metaURI = index.value(at: holder)?["$schema"]?.string
        }
        var result = SchemaVocabulary.Vocabularies.all
        if let metaURI {
            let uri = URIReference(metaURI).withoutFragment.string
            var metaRoot = index.resources[uri]
            if metaRoot == nil, let (found, newIndex) = registry.resource(uri) {
                index = newIndex
                metaRoot = found
            }
            guard let metaRoot, let meta = index.value(at: metaRoot) else {
                throw error(
                    "unknown meta-schema '\(metaURI)': only draft 2020-12 (\(SchemaRegistry.draft202012)) and meta-schemas built on it are supported",
                    at: holder, keyword: "$schema")
            }
            if let declared = meta["$vocabulary"]?.object {
                result = .core
                for (vocabURI, required) in declared {
                    if let known = SchemaVocabulary.vocabularyURIs[vocabURI] {
                        result.insert(known)
                    } else if required.bool == true {
                        throw error("meta-schema '\(metaURI)' requires vocabulary '\(vocabURI)', which is not supported", at: holder, keyword: "$schema")
                    }
                }
            }
        }
        vocabularies[resource] = result
        return result
    }

    // MARK: Finishing

    private mutating func finish(root: Int) throws(SchemaCompileError) -> SchemaGraph {
        // `$dynamicRef` may land on any `$dynamicAnchor` of any resource in scope: compile them all.
        var resources: [ResourceInfo] = []
        if usesDynamicScope {
            var done = 0
            while done < resourceLocations.count {
                let location = resourceLocations[done]
                var info = ResourceInfo(dynamicAnchors: [])
                for (name, anchorLocation) in (index.dynamicAnchors[location] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard let context = index.context(of: anchorLocation) else { continue }
                    let target = try node(at: anchorLocation, base: context.base, resource: context.resource)
                    info.dynamicAnchors.append((anchorID(name), target))
                }
                try drain()
                resources.append(info)
                done += 1
            }
        } else {
            resources = Array(repeating: ResourceInfo(dynamicAnchors: []), count: resourceLocations.count)
        }
        var built: [SchemaNode] = []
        built.reserveCapacity(nodes.count)
        for (k, node) in nodes.enumerated() {
            guard let node else { throw error("internal: schema left uncompiled", at: nodeLocations[k]) }
            built.append(node)
        }
        let graph = SchemaGraph(
            nodes: built, root: root, segments: segments, edgeLists: edgeLists, applicators: applicators, resources: resources,
            usesDynamicScope: usesDynamicScope)
        if let cycle = SchemaGraphAnalysis.inPlaceCycle(in: graph) {
            throw error("reference cycle: this schema reaches itself through $ref/applicators without descending into the instance, so validation would never end", at: nodeLocations[cycle])
        }
        SchemaGraphAnalysis.fillKnownPropertyNames(graph)
        SchemaGraphAnalysis.markAlternatives(graph)
        return graph
    }
}
