import ECMARegexEngine
import WidgetSupport

/// Reads the keywords of one schema object into a `SchemaNode`, checking their values.
struct NodeBuilder {
    typealias Location = RegistryIndex.Location

    let location: Location
    let base: String
    let resource: Location
    let object: SchemaKeywords
    let vocabulary: SchemaVocabulary.Vocabularies

    func has(_ v: SchemaVocabulary.Vocabularies) -> Bool { vocabulary.contains(v) }

    func error(_ message: String, _ keyword: String, _ compiler: SchemaCompiler) -> SchemaCompileError {
        compiler.error(message, at: location, keyword: keyword)
    }

    /// The child schema `value`, reached by `keyword` (and `member` of it) below this object,
    /// and the path segment to it. The callers hand the value they hold: looked up again from the
    /// root, it was 1.2 M instructions of the widget schema's compile (callgrind, validate of one
    /// file). The segment is written at once, not joined from an array of tokens (0.9 M more);
    /// keywords need no escaping.
    func edge(_ keyword: String, _ member: String?, _ value: JSONValue, _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> Edge {
        var segment = "/"
        segment += keyword
        if let member {
            segment += "/"
            segment += JSONPointer.escape(member)
        }
        let child = Location(document: location.document, pointer: location.pointer + segment)
        let node = try compiler.child(child, value: value, base: base, resource: resource)
        return compiler.edge(to: node, segment: segment)
    }

    func schemaEdge(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> Edge? {
        guard let value = object[keyword] else { return nil }
        return try edge(keyword, nil, value, &compiler)
    }

    func schemaList(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> [Edge]? {
        guard let value = object[keyword] else { return nil }
        guard case .array(let items) = value, !items.isEmpty else {
            throw error("'\(keyword)' must be a non-empty array of schemas", keyword, compiler)
        }
        var edges: [Edge] = []
        for k in items.indices { edges.append(try edge(keyword, String(k), items[k], &compiler)) }
        return edges
    }

    func schemaMap(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> [(String, Edge)]? {
        guard let value = object[keyword] else { return nil }
        guard case .object(let members) = value else {
            throw error("'\(keyword)' must be an object whose values are schemas", keyword, compiler)
        }
        var edges: [(String, Edge)] = []
        for (name, schema) in members { edges.append((name, try edge(keyword, name, schema, &compiler))) }
        return edges
    }

    func count(_ keyword: String, _ compiler: SchemaCompiler) throws(SchemaCompileError) -> Int? {
        guard let value = object[keyword] else { return nil }
        switch value {
        case .int(let i) where i >= 0: return i
        case .double(let d) where d >= 0 && d.rounded() == d && d.isFinite: return d < 9e18 ? Int(d) : Int.max
        default: throw error("'\(keyword)' must be a non-negative integer", keyword, compiler)
        }
    }

    func number(_ keyword: String, _ compiler: SchemaCompiler) throws(SchemaCompileError) -> JSONValue? {
        guard let value = object[keyword] else { return nil }
        switch value {
        case .int: return value
        case .double(let d) where d.isFinite: return value
        default: throw error("'\(keyword)' must be a number", keyword, compiler)
        }
    }

    /// The compiled `pattern`, shared by every schema that writes it (its automaton too).
    func regex(_ pattern: String, _ pointerTokens: [String], _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> ECMARegex {
        if let known = compiler.regexes[pattern] { return known }
        do {
            let regex = try ECMARegex(pattern)
            compiler.regexes[pattern] = regex
            return regex
        } catch {
            throw SchemaCompileError(
                message: "invalid regular expression '\(pattern)': \(error.message) (at character \(error.offset + 1))",
                schemaPointer: location.pointer + JSONPointer.string(pointerTokens),
                documentURI: compiler.documentURI(location))
        }
    }

    /// Reads every keyword of the object (those of the vocabularies in force) into a node.
    func build(resourceIndex: Int, compiler: inout SchemaCompiler) throws(SchemaCompileError) -> SchemaNode {
        var inPlace = try references(&compiler)
        try checkCoreKeywords(compiler)
        // Definitions are compiled too, so a broken one is reported even if unused.
        _ = try schemaMap("$defs", &compiler)
        if has(.applicator) { inPlace += try inPlaceApplicators(&compiler) }
        let array = try arrayChecks(&compiler)
        let object = try objectChecks(&compiler)

        var types: TypeSet? = nil
        var enumValues: [JSONValue]? = nil
        var constValue: JSONValue? = nil
        var numeric: NumericChecks? = nil
        var string: StringChecks? = nil
        if has(.validation) {
            types = try typeSet(compiler)
            if let value = self.object["enum"] {
                guard case .array(let values) = value else { throw error("'enum' must be an array", "enum", compiler) }
                enumValues = values
            }
            constValue = self.object["const"]
            numeric = try numericChecks(compiler)
            string = try stringChecks(&compiler)
        }
        var unevaluatedItems: Edge? = nil, unevaluatedProperties: Edge? = nil
        if has(.unevaluated) {
            unevaluatedItems = try schemaEdge("unevaluatedItems", &compiler)
            unevaluatedProperties = try schemaEdge("unevaluatedProperties", &compiler)
        }

        let start = compiler.applicators.count
        compiler.applicators += inPlace
        return SchemaNode(
            form: .checks, resource: resourceIndex, location: CanonicalLocation(base, location, resource), types: types, enumValues: enumValues,
            constValue: constValue, numeric: numeric, string: string, array: array, object: object,
            applicators: start..<compiler.applicators.count, referenceEdge: referenceEdge(inPlace),
            unevaluatedItems: unevaluatedItems, unevaluatedProperties: unevaluatedProperties)
    }

    /// `$ref` and `$dynamicRef`, resolved now to nodes.
    private func references(_ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> [InPlaceApplicator] {
        var out: [InPlaceApplicator] = []
        if let value = object["$ref"] {
            guard case .string(let reference) = value else { throw error("'$ref' must be a string", "$ref", compiler) }
            let target = try compiler.resolve(reference, base: base, from: location, keyword: "$ref")
            let node = try compiler.node(at: target.target, base: target.base, resource: target.resource)
            out.append(.ref(compiler.edge(to: node, segment: "/$ref")))
        }
        if let value = object["$dynamicRef"] {
            guard case .string(let reference) = value else { throw error("'$dynamicRef' must be a string", "$dynamicRef", compiler) }
            let target = try compiler.resolve(reference, base: base, from: location, keyword: "$dynamicRef")
            let node = try compiler.node(at: target.target, base: target.base, resource: target.resource)
            var anchor = -1
            // Dynamic only when the initial target itself bears that `$dynamicAnchor` (the "bookend").
            let name = URIReference.percentDecoded(target.fragment)
            if !name.isEmpty, !name.hasPrefix("/"), compiler.index.value(at: target.target)?["$dynamicAnchor"]?.string == name {
                anchor = compiler.anchorID(name)
                compiler.usesDynamicScope = true
            }
            out.append(.dynamicRef(compiler.edge(to: node, segment: "/$dynamicRef"), anchor: anchor))
        }
        return out
    }

    private func checkCoreKeywords(_ compiler: SchemaCompiler) throws(SchemaCompileError) {
        for keyword in ["$id", "$anchor", "$dynamicAnchor", "$schema", "$comment"] {
            if let value = object[keyword], value.string == nil { throw error("'\(keyword)' must be a string", keyword, compiler) }
        }
        if let id = object["$id"]?.string, let fragment = URIReference(id).fragment, !fragment.isEmpty {
            throw error("'$id' must not have a fragment ('#\(fragment)'); use '$anchor'", "$id", compiler)
        }
    }

    private func inPlaceApplicators(_ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> [InPlaceApplicator] {
        var out: [InPlaceApplicator] = []
        if let edges = try schemaList("allOf", &compiler) { out.append(.allOf(compiler.list(edges))) }
        if let edges = try schemaList("anyOf", &compiler) { out.append(.anyOf(compiler.list(edges))) }
        if let edges = try schemaList("oneOf", &compiler) { out.append(.oneOf(compiler.list(edges))) }
        if let edge = try schemaEdge("not", &compiler) { out.append(.not(edge)) }
        // `then` and `else` do nothing without `if`, but are still compiled (and checked).
        let condition = try schemaEdge("if", &compiler)
        let then = try schemaEdge("then", &compiler), otherwise = try schemaEdge("else", &compiler)
        if let condition { out.append(.conditional(if: condition, then: then, else: otherwise)) }
        return out
    }

    /// The `referenceEdge` of a node that has nothing but one `$ref`.
    private func referenceEdge(_ inPlace: [InPlaceApplicator]) -> Edge? {
        guard inPlace.count == 1, case .ref(let edge) = inPlace[0] else { return nil }
        return edge
    }

    func typeSet(_ compiler: SchemaCompiler) throws(SchemaCompileError) -> TypeSet? {
        guard let value = object["type"] else { return nil }
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let items) where !items.isEmpty: names = items
        default: throw error("'type' must be a type name or a non-empty array of them", "type", compiler)
        }
        var set: TypeSet = []
        for name in names {
            guard let text = name.string, let t = TypeSet.named(text) else {
                throw error("unknown type \(JSONWriter.string(name)) (expected null, boolean, integer, number, string, array or object)", "type", compiler)
            }
            set.formUnion(t)
        }
        return set
    }

    func stringList(_ value: JSONValue?, _ keyword: String, _ compiler: SchemaCompiler) throws(SchemaCompileError) -> [String]? {
        guard let value else { return nil }
        guard case .array(let items) = value else { throw error("'\(keyword)' must be an array of strings", keyword, compiler) }
        var out: [String] = []
        for item in items {
            guard let s = item.string else { throw error("'\(keyword)' must be an array of strings", keyword, compiler) }
            out.append(s)
        }
        return out
    }
}

/// A schema object's members, read by keyword. A node asks for some 50 keywords and has a few:
/// a 64-bit filter of its keys' lengths answers most absent ones without comparing
/// strings (the widget schema's compile looks up 22 k keywords: 3.6 M instructions, callgrind).
/// Exact: keywords are ASCII, and only an ASCII key equals one; a key that is not ASCII sets
/// every bit.
struct SchemaKeywords {
    let members: JSONObject
    private let filter: UInt64

    init(_ members: JSONObject) {
        self.members = members
        var filter: UInt64 = 0
        for key in members.keys {
            guard key.utf8.allSatisfy({ $0 < 0x80 }) else {
                filter = .max
                break
            }
            filter |= 1 << Self.slot(key)
        }
        self.filter = filter
    }

    /// The length alone: reading a byte of a String is a call of some 30 instructions, its
    /// length a few.
    private static func slot(_ key: String) -> UInt64 { UInt64(key.utf8.count & 63) }

    /// The member named `keyword` (ASCII).
    subscript(keyword: String) -> JSONValue? {
        guard filter & (1 << Self.slot(keyword)) != 0 else { return nil }
        return members[keyword]
    }
}
