import WidgetSupport

/// Reads the keywords of one schema object into a `SchemaNode`, checking their values.
struct NodeBuilder {
    typealias Location = RegistryIndex.Location

    let location: Location
    let base: String
    let resource: Location
    let object: JSONObject
    let vocabulary: SchemaVocabulary.Set

    private func has(_ v: SchemaVocabulary.Set) -> Bool { vocabulary.contains(v) }

    private func error(_ message: String, _ keyword: String, _ compiler: SchemaCompiler) -> SchemaCompileError {
        compiler.error(message, at: location, keyword: keyword)
    }

    /// The child schema reached by `tokens` below this object, and the path segment to it.
    private func edge(_ tokens: [String], _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> Edge {
        let segment = JSONPointer.string(tokens)
        let child = Location(document: location.document, pointer: location.pointer + segment)
        let node = try compiler.child(child, base: base, resource: resource)
        return compiler.edge(to: node, segment: segment)
    }

    private func schemaEdge(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> Edge? {
        guard object[keyword] != nil else { return nil }
        return try edge([keyword], &compiler)
    }

    private func schemaList(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> [Edge]? {
        guard let value = object[keyword] else { return nil }
        guard case .array(let items) = value, !items.isEmpty else {
            throw error("'\(keyword)' must be a non-empty array of schemas", keyword, compiler)
        }
        var edges: [Edge] = []
        for k in items.indices { edges.append(try edge([keyword, String(k)], &compiler)) }
        return edges
    }

    private func schemaMap(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> [(String, Edge)]? {
        guard let value = object[keyword] else { return nil }
        guard case .object(let members) = value else {
            throw error("'\(keyword)' must be an object whose values are schemas", keyword, compiler)
        }
        var edges: [(String, Edge)] = []
        for (name, _) in members { edges.append((name, try edge([keyword, name], &compiler))) }
        return edges
    }

    private func count(_ keyword: String, _ compiler: SchemaCompiler) throws(SchemaCompileError) -> Int? {
        guard let value = object[keyword] else { return nil }
        switch value {
        case .int(let i) where i >= 0: return i
        case .double(let d) where d >= 0 && d.rounded() == d && d.isFinite: return d < 9e18 ? Int(d) : Int.max
        default: throw error("'\(keyword)' must be a non-negative integer", keyword, compiler)
        }
    }

    private func number(_ keyword: String, _ compiler: SchemaCompiler) throws(SchemaCompileError) -> JSONValue? {
        guard let value = object[keyword] else { return nil }
        switch value {
        case .int: return value
        case .double(let d) where d.isFinite: return value
        default: throw error("'\(keyword)' must be a number", keyword, compiler)
        }
    }

    private func regex(_ pattern: String, _ pointerTokens: [String], _ compiler: SchemaCompiler) throws(SchemaCompileError) -> ECMARegex {
        do {
            return try ECMARegex(pattern)
        } catch {
            throw SchemaCompileError(
                message: "invalid regular expression '\(pattern)': \(error.message) (at character \(error.offset + 1))",
                schemaPointer: location.pointer + JSONPointer.string(pointerTokens),
                documentURI: compiler.documentURI(location))
        }
    }

    mutating func build(resourceIndex: Int, canonical: String, compiler: inout SchemaCompiler) throws(SchemaCompileError) -> SchemaNode {
        var inPlace: [InPlaceApplicator] = []

        // Core.
        if let value = object["$ref"] {
            guard case .string(let reference) = value else { throw error("'$ref' must be a string", "$ref", compiler) }
            let target = try compiler.resolve(reference, base: base, from: location, keyword: "$ref")
            let node = try compiler.node(at: target.0, base: target.base, resource: target.resource)
            inPlace.append(.ref(compiler.edge(to: node, segment: "/$ref")))
        }
        if let value = object["$dynamicRef"] {
            guard case .string(let reference) = value else { throw error("'$dynamicRef' must be a string", "$dynamicRef", compiler) }
            let target = try compiler.resolve(reference, base: base, from: location, keyword: "$dynamicRef")
            let node = try compiler.node(at: target.0, base: target.base, resource: target.resource)
            var anchor = -1
            // Dynamic only when the initial target itself bears that `$dynamicAnchor` (the "bookend").
            if !target.fragment.isEmpty, !target.fragment.hasPrefix("/"),
                compiler.index.value(at: target.0)?["$dynamicAnchor"]?.string == URIReference.percentDecoded(target.fragment)
            {
                anchor = compiler.anchorID(URIReference.percentDecoded(target.fragment))
                compiler.usesDynamicScope = true
            }
            inPlace.append(.dynamicRef(compiler.edge(to: node, segment: "/$dynamicRef"), anchor: anchor))
        }
        for keyword in ["$id", "$anchor", "$dynamicAnchor", "$schema", "$comment"] {
            if let value = object[keyword], value.string == nil { throw error("'\(keyword)' must be a string", keyword, compiler) }
        }
        if let id = object["$id"]?.string, let fragment = URIReference(id).fragment, !fragment.isEmpty {
            throw error("'$id' must not have a fragment ('#\(fragment)'); use '$anchor'", "$id", compiler)
        }
        // Definitions are compiled too, so a broken one is reported even if unused.
        _ = try schemaMap("$defs", &compiler)

        var array: ArrayChecks? = nil
        var objectChecks: ObjectChecks? = nil
        var unevaluatedItems: Edge? = nil, unevaluatedProperties: Edge? = nil

        if has(.applicator) {
            if let edges = try schemaList("allOf", &compiler) { inPlace.append(.allOf(compiler.list(edges))) }
            if let edges = try schemaList("anyOf", &compiler) { inPlace.append(.anyOf(compiler.list(edges))) }
            if let edges = try schemaList("oneOf", &compiler) { inPlace.append(.oneOf(compiler.list(edges))) }
            if let edge = try schemaEdge("not", &compiler) { inPlace.append(.not(edge)) }
            if let condition = try schemaEdge("if", &compiler) {
                inPlace.append(.conditional(if: condition, then: try schemaEdge("then", &compiler), else: try schemaEdge("else", &compiler)))
            } else {
                _ = try schemaEdge("then", &compiler)
                _ = try schemaEdge("else", &compiler)
            }
            var a = ArrayChecks()
            a.prefixItems = try schemaList("prefixItems", &compiler) ?? []
            a.items = try schemaEdge("items", &compiler)
            a.contains = try schemaEdge("contains", &compiler)
            if !a.prefixItems.isEmpty || a.items != nil || a.contains != nil { array = a }

            var o = ObjectChecks()
            var names: [String] = []
            var propertyEdges: [(String, Edge)] = []
            if let edges = try schemaMap("properties", &compiler) {
                propertyEdges = edges
                o.propertyNames = edges.map(\.0)
                names += o.propertyNames
            }
            let dependentSchemas = try schemaMap("dependentSchemas", &compiler) ?? []
            names += dependentSchemas.map(\.0)
            if let patterns = object["patternProperties"] {
                guard case .object(let members) = patterns else {
                    throw error("'patternProperties' must be an object whose values are schemas", "patternProperties", compiler)
                }
                for (pattern, _) in members {
                    let regex = try regex(pattern, ["patternProperties", pattern], compiler)
                    o.patternProperties.append(PatternProperty(regex: regex.compiled, edge: try edge(["patternProperties", pattern], &compiler)))
                }
            }
            o.additionalProperties = try schemaEdge("additionalProperties", &compiler)
            o.propertyNamesSchema = try schemaEdge("propertyNames", &compiler)
            o.names = NameTable(names)
            o.properties = Array(repeating: nil, count: o.names.count)
            for (name, edge) in propertyEdges { if let k = o.names.index(of: name) { o.properties[k] = edge } }
            for (name, edge) in dependentSchemas {
                if let k = o.names.index(of: name) { o.dependentSchemas.append((k, edge)) }
            }
            objectChecks = o
        }
        if has(.unevaluated) {
            unevaluatedItems = try schemaEdge("unevaluatedItems", &compiler)
            unevaluatedProperties = try schemaEdge("unevaluatedProperties", &compiler)
        }

        var types: TypeSet? = nil
        var enumValues: [JSONValue]? = nil
        var constValue: JSONValue? = nil
        var numeric: NumericChecks? = nil
        var string: StringChecks? = nil
        if has(.validation) {
            types = try typeSet(compiler)
            if let value = object["enum"] {
                guard case .array(let values) = value else { throw error("'enum' must be an array", "enum", compiler) }
                enumValues = values
            }
            constValue = object["const"]

            var n = NumericChecks()
            n.minimum = try number("minimum", compiler)
            n.exclusiveMinimum = try number("exclusiveMinimum", compiler)
            n.maximum = try number("maximum", compiler)
            n.exclusiveMaximum = try number("exclusiveMaximum", compiler)
            if let m = try number("multipleOf", compiler) {
                guard (m.number ?? 0) > 0, let decimal = NumberMath.Decimal(m) else {
                    throw error("'multipleOf' must be a number greater than 0", "multipleOf", compiler)
                }
                n.multipleOf = (m, decimal)
            }
            if n.minimum != nil || n.exclusiveMinimum != nil || n.maximum != nil || n.exclusiveMaximum != nil || n.multipleOf != nil {
                numeric = n
            }

            var s = StringChecks()
            s.minLength = try count("minLength", compiler)
            s.maxLength = try count("maxLength", compiler)
            if let value = object["pattern"] {
                guard case .string(let pattern) = value else { throw error("'pattern' must be a string", "pattern", compiler) }
                s.pattern = try regex(pattern, ["pattern"], compiler).compiled
                s.patternText = pattern
            }
            if s.minLength != nil || s.maxLength != nil || s.pattern != nil { string = s }

            var a = array ?? ArrayChecks()
            a.minItems = try count("minItems", compiler)
            a.maxItems = try count("maxItems", compiler)
            if let value = object["uniqueItems"] {
                guard case .bool(let b) = value else { throw error("'uniqueItems' must be a boolean", "uniqueItems", compiler) }
                a.uniqueItems = b
            }
            if a.contains != nil {
                if let m = try count("minContains", compiler) {
                    a.minContains = m
                    a.minContainsGiven = true
                }
                a.maxContains = try count("maxContains", compiler)
            } else {
                _ = try count("minContains", compiler)
                _ = try count("maxContains", compiler)
            }
            if a.minItems != nil || a.maxItems != nil || a.uniqueItems || array != nil { array = a }

            var o = objectChecks ?? ObjectChecks()
            o.minProperties = try count("minProperties", compiler)
            o.maxProperties = try count("maxProperties", compiler)
            let required = try stringList(object["required"], "required", compiler) ?? []
            var dependentRequired: [(String, [String])] = []
            if let value = object["dependentRequired"] {
                guard case .object(let members) = value else {
                    throw error("'dependentRequired' must be an object of string arrays", "dependentRequired", compiler)
                }
                for (name, list) in members {
                    dependentRequired.append((name, try stringList(list, "dependentRequired", compiler) ?? []))
                }
            }
            if !required.isEmpty || !dependentRequired.isEmpty {
                // One name table for everything, so the instance's keys are looked up once.
                let propertyEdges = zip(o.names.names, o.properties).compactMap { name, edge in edge.map { (name, $0) } }
                let dependentSchemaNames = o.dependentSchemas.map { (o.names.names[$0.trigger], $0.edge) }
                var all = o.names.names + required
                for (name, list) in dependentRequired { all += [name] + list }
                o.names = NameTable(all)
                o.properties = Array(repeating: nil, count: o.names.count)
                for (name, edge) in propertyEdges { if let k = o.names.index(of: name) { o.properties[k] = edge } }
                o.dependentSchemas = dependentSchemaNames.compactMap { name, edge in o.names.index(of: name).map { ($0, edge) } }
                o.required = required.compactMap { o.names.index(of: $0) }
                o.dependentRequired = dependentRequired.compactMap { name, list in
                    o.names.index(of: name).map { ($0, list.compactMap { o.names.index(of: $0) }) }
                }
            }
            objectChecks = o
        }
        if let o = objectChecks, o.isEmpty { objectChecks = nil }

        return SchemaNode(
            form: .checks, resource: resourceIndex, location: canonical, types: types, enumValues: enumValues,
            constValue: constValue, numeric: numeric, string: string, array: array, object: objectChecks,
            inPlace: inPlace, unevaluatedItems: unevaluatedItems, unevaluatedProperties: unevaluatedProperties)
    }

    private func typeSet(_ compiler: SchemaCompiler) throws(SchemaCompileError) -> TypeSet? {
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

    private func stringList(_ value: JSONValue?, _ keyword: String, _ compiler: SchemaCompiler) throws(SchemaCompileError) -> [String]? {
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
