import WidgetSupport

/// Schema documents by URI: the draft 2020-12 meta-schemas (built in, so they work offline),
/// documents you add, and documents an optional loader fetches on first reference.
///
/// Shared by any number of `Schema`s and safe to use from several threads; it is only
/// consulted while compiling.
package final class SchemaRegistry: Sendable {
    private let index: Locked<RegistryIndex>
    private let loader: (@Sendable (String) -> JSONValue?)?

    /// - Parameter loader: called with an absolute URI (no fragment) that no added document
    ///   answers; return the document, or nil if there is none.
    package init(loader: (@Sendable (String) -> JSONValue?)? = nil) {
        self.loader = loader
        index = Locked(RegistryIndex())
    }

    /// Adds (or replaces) the document retrievable at `uri`, and every schema resource and
    /// anchor inside it. A relative `uri` is taken as given (it should be absolute).
    package func add(_ document: JSONValue, uri: String) {
        index.withLock { _ = $0.add(document, uri: uri) }
    }

    /// The meta-schema URI of draft 2020-12.
    package static let draft202012 = "https://json-schema.org/draft/2020-12/schema"

    /// Locates the resource `uri` names (absolute, no fragment), asking the loader if needed.
    func resource(_ uri: String) -> (RegistryIndex.Location, RegistryIndex)? {
        if let found = index.withLock({ i in i.resources[uri].map { ($0, i) } }) { return found }
        guard let document = RegistryIndex.builtIn(uri) ?? loader?(uri) else { return nil }
        return index.withLock { i in
            if i.resources[uri] == nil { i.add(document, uri: uri) }
            return i.resources[uri].map { ($0, i) }
        }
    }

    /// A snapshot of everything known now (documents are never removed, so locations stay valid).
    var snapshot: RegistryIndex { index.withLock { $0 } }

    /// Adds a document (under a fresh `urn:` when `uri` is nil) and returns its root and URI.
    func addDocument(_ document: JSONValue, uri: String?) -> (RegistryIndex.Location, String) {
        index.withLock { i in
            var name = uri ?? ""
            if uri == nil {
                i.anonymousCount += 1
                name = "urn:widgetc:anonymous-schema-\(i.anonymousCount)"
            }
            let location = i.add(document, uri: name)
            return (location, name)
        }
    }
}

/// The registry's contents: documents plus the identifiers found in them.
struct RegistryIndex: Sendable {
    /// A place in a stored document: its index and the escaped JSON Pointer from its root.
    struct Location: Hashable, Sendable {
        var document: Int
        var pointer: String
    }

    struct Document: Sendable {
        var uri: String
        var root: JSONValue
        /// The root's base URI: `uri` resolved with the root's `$id`.
        var base: String
        /// Whether a schema below the root has an `$id` (else the whole document is one resource).
        var hasInnerResources = false
        /// How many schema objects the document has (where keywords hold schemas).
        var schemaCount = 0
    }

    private(set) var documents: [Document] = []
    /// Absolute URI (no fragment) -> schema resource root.
    private(set) var resources: [String: Location] = [:]
    /// `uri#name` -> schema carrying `$anchor` or `$dynamicAnchor` `name`.
    private(set) var anchors: [String: Location] = [:]
    /// Resource root -> its `$dynamicAnchor`s.
    private(set) var dynamicAnchors: [Location: [String: Location]] = [:]
    /// Resource root -> its canonical base URI.
    private(set) var resourceBases: [Location: String] = [:]
    var anonymousCount = 0

    /// The built-in meta-schema whose `$id` is `uri`, read when first referenced: a schema
    /// usually needs only `schema.json` (for its `$vocabulary`), and reading all nine at
    /// start-up was 2.7 M instructions of `validate` of one file (callgrind). Each is named
    /// after its `$id` (`…/2020-12/schema` is `schema.json`, `…/2020-12/meta/core` is
    /// `meta-core.json`), and used only if its `$id` is `uri`.
    static func builtIn(_ uri: String) -> JSONValue? {
        let draft = "https://json-schema.org/draft/2020-12/"
        guard uri.hasPrefix(draft) else { return nil }
        let path = uri.dropFirst(draft.count)
        let name = path == "schema" ? "schema.json" : path.hasPrefix("meta/") ? "meta-" + path.dropFirst(5) + ".json" : ""
        guard let text = EmbeddedMetaSchemas.files[name], let root = try? JSONReader.parse(text).json,
            root["$id"]?.string == uri
        else { return nil }
        return root
    }

    @discardableResult
    mutating func add(_ root: JSONValue, uri: String) -> Location {
        let retrieval = URIReference(uri).withoutFragment.string
        var base = retrieval
        if let id = root["$id"]?.string {
            base = URIReference.resolve(id, against: retrieval).withoutFragment.string
        }
        let doc = documents.count
        documents.append(Document(uri: retrieval, root: root, base: base))
        let rootLocation = Location(document: doc, pointer: "")
        resources[retrieval] = rootLocation
        resources[base] = rootLocation
        resourceBases[rootLocation] = base
        dynamicAnchors[rootLocation] = [:]
        var path: [String] = []
        scan(root, path: &path, base: base, resource: rootLocation, document: doc)
        return rootLocation
    }

    /// Records `$id`, `$anchor` and `$dynamicAnchor` of every schema (only where keywords
    /// hold schemas: an `$id` inside `const` or an unknown keyword identifies nothing).
    /// `path` holds the schema's reference tokens; its pointer is made only where one of
    /// them is found (made for each of the widget schema's schemas, pointers were 1.1 M
    /// instructions of `validate` of one file, callgrind).
    private mutating func scan(_ value: JSONValue, path: inout [String], base: String, resource: Location, document: Int) {
        guard case .object(let object) = value else { return }
        documents[document].schemaCount += 1
        var base = base, resource = resource
        let id = path.isEmpty ? nil : object["$id"]?.string
        let anchor = object["$anchor"]?.string, dynamicAnchor = object["$dynamicAnchor"]?.string
        if id != nil || anchor != nil || dynamicAnchor != nil {
            let here = Location(document: document, pointer: JSONPointer.string(path))
            if let id {
                base = URIReference.resolve(id, against: base).withoutFragment.string
                documents[document].hasInnerResources = true
                resource = here
                resources[base] = here
                resourceBases[here] = base
                dynamicAnchors[here] = dynamicAnchors[here] ?? [:]
            }
            if let anchor {
                anchors[base + "#" + anchor] = here
            }
            if let dynamicAnchor {
                anchors[base + "#" + dynamicAnchor] = here
                dynamicAnchors[resource, default: [:]][dynamicAnchor] = here
            }
        }
        for (key, child) in object {
            guard let shape = SchemaVocabulary.shapes[key] else { continue }
            path.append(key)
            switch shape {
            case .single:
                scan(child, path: &path, base: base, resource: resource, document: document)
            case .array:
                for (k, item) in (child.array ?? []).enumerated() {
                    path.append(String(k))
                    scan(item, path: &path, base: base, resource: resource, document: document)
                    path.removeLast()
                }
            case .map:
                for (name, item) in child.object ?? JSONObject() {
                    path.append(name)
                    scan(item, path: &path, base: base, resource: resource, document: document)
                    path.removeLast()
                }
            }
            path.removeLast()
        }
    }

    /// The value at a location, or nil if the pointer leads nowhere.
    func value(at location: Location) -> JSONValue? {
        guard location.document < documents.count, let tokens = JSONPointer.tokens(location.pointer) else { return nil }
        return documents[location.document].root.value(at: tokens)
    }

    /// The base URI and resource root in effect at a location, found by walking from the
    /// document root and applying each `$id` met at a schema position on the way.
    func context(of location: Location) -> (base: String, resource: Location)? {
        guard location.document < documents.count, let tokens = JSONPointer.tokens(location.pointer) else { return nil }
        let doc = documents[location.document]
        // One resource: no walk looking for `$id`s (for the widget schema's 42 references, 0.40 M
        // instructions with the walk, 0.24 M without, callgrind).
        if !doc.hasInnerResources {
            return doc.root.value(at: tokens) == nil ? nil : (doc.base, Location(document: location.document, pointer: ""))
        }
        var base = doc.base
        var resource = Location(document: location.document, pointer: "")
        var value = doc.root
        var pointer = ""
        var atSchema = true
        var k = 0
        while k < tokens.count {
            let token = tokens[k]
            var step = [token]
            var nextIsSchema = false
            if atSchema, let shape = SchemaVocabulary.shapes[token] {
                if shape == .single {
                    nextIsSchema = true
                } else if k + 1 < tokens.count {
                    step.append(tokens[k + 1])
                    nextIsSchema = true
                }
            }
            guard let next = value.value(at: step) else { return nil }
            value = next
            for t in step { pointer += "/" + JSONPointer.escape(t) }
            k += step.count
            atSchema = nextIsSchema
            if atSchema, let id = value["$id"]?.string {
                base = URIReference.resolve(id, against: base).withoutFragment.string
                resource = Location(document: location.document, pointer: pointer)
            }
        }
        return (base, resource)
    }
}
