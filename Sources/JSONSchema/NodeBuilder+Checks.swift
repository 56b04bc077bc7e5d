import WidgetSupport

/// The keyword groups that apply to one instance type.
extension NodeBuilder {
    func numericChecks(_ compiler: SchemaCompiler) throws(SchemaCompileError) -> NumericChecks? {
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
        return n.isEmpty ? nil : n
    }

    func stringChecks(_ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> StringChecks? {
        var s = StringChecks()
        s.minLength = try count("minLength", compiler)
        s.maxLength = try count("maxLength", compiler)
        if let value = object["pattern"] {
            guard case .string(let pattern) = value else { throw error("'pattern' must be a string", "pattern", compiler) }
            s.pattern = try regex(pattern, ["pattern"], &compiler)
        }
        return s.isEmpty ? nil : s
    }

    func arrayChecks(_ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> ArrayChecks? {
        var a = ArrayChecks()
        if has(.applicator) {
            a.prefixItems = try schemaList("prefixItems", &compiler) ?? []
            a.items = try schemaEdge("items", &compiler)
            a.contains = try schemaEdge("contains", &compiler)
        }
        if has(.validation) {
            a.minItems = try count("minItems", compiler)
            a.maxItems = try count("maxItems", compiler)
            if let value = object["uniqueItems"] {
                guard case .bool(let b) = value else { throw error("'uniqueItems' must be a boolean", "uniqueItems", compiler) }
                a.uniqueItems = b
            }
            // Checked even without `contains`, where they do nothing.
            let minContains = try count("minContains", compiler)
            let maxContains = try count("maxContains", compiler)
            if a.contains != nil {
                a.minContains = minContains ?? 1
                a.minContainsGiven = minContains != nil
                a.maxContains = maxContains
            }
        }
        return a.isEmpty ? nil : a
    }

    func objectChecks(_ compiler: inout SchemaCompiler) throws(SchemaCompileError) -> ObjectChecks? {
        var o = ObjectChecks()
        var propertyEdges: [(String, Edge)] = [], dependentSchemas: [(String, Edge)] = []
        var required: [String] = [], dependentRequired: [(String, [String])] = []
        if has(.applicator) {
            propertyEdges = try schemaMap("properties", &compiler) ?? []
            o.propertyNames = propertyEdges.map(\.0)
            dependentSchemas = try schemaMap("dependentSchemas", &compiler) ?? []
            if let patterns = object["patternProperties"] {
                guard case .object(let members) = patterns else {
                    throw error("'patternProperties' must be an object whose values are schemas", "patternProperties", compiler)
                }
                for (pattern, schema) in members {
                    let regex = try regex(pattern, ["patternProperties", pattern], &compiler)
                    o.patternProperties.append(PatternProperty(regex: regex, edge: try edge("patternProperties", pattern, schema, &compiler)))
                }
            }
            o.additionalProperties = try schemaEdge("additionalProperties", &compiler)
            o.propertyNamesSchema = try schemaEdge("propertyNames", &compiler)
        }
        if has(.validation) {
            o.minProperties = try count("minProperties", compiler)
            o.maxProperties = try count("maxProperties", compiler)
            required = try stringList(object["required"], "required", compiler) ?? []
            if let value = object["dependentRequired"] {
                guard case .object(let members) = value else {
                    throw error("'dependentRequired' must be an object of string arrays", "dependentRequired", compiler)
                }
                for (name, list) in members {
                    dependentRequired.append((name, try stringList(list, "dependentRequired", compiler) ?? []))
                }
            }
        }
        // One table for every name mentioned, so an instance's keys are looked up once.
        var names = o.propertyNames + dependentSchemas.map(\.0) + required
        for (name, list) in dependentRequired { names += [name] + list }
        if !names.isEmpty { o.names = ByteTable(names) }
        func index(_ name: String) -> Int { o.names.index(of: name) ?? 0 }  // every name is in the table
        o.properties = Array(repeating: nil, count: o.names.count)
        for (name, edge) in propertyEdges { o.properties[index(name)] = edge }
        o.dependentSchemas = dependentSchemas.map { (index($0.0), $0.1) }
        o.required = required.map(index)
        o.dependentRequired = dependentRequired.map { (index($0.0), $0.1.map(index)) }
        return o.isEmpty ? nil : o
    }
}
