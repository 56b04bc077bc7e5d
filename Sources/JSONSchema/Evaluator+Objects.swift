import WidgetSupport

extension Evaluator {
    mutating func checkObject(
        _ node: SchemaNode, _ object: JSONObject, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool
    ) -> Bool {
        var ok = true
        if let min = node.object.minProperties, object.count < min {
            ok = false
            if !report { return false }
            fail(node, keyword: "minProperties", message: "must have at least \(FailureText.count(min, "property", plural: "properties"))")
        }
        if let max = node.object.maxProperties, object.count > max {
            ok = false
            if !report { return false }
            fail(node, keyword: "maxProperties", message: "must have at most \(FailureText.count(max, "property", plural: "properties"))")
        }
        guard node.walksMembers else { return checkNamesDirectly(node, object, value, &marks, collect: collect) && ok }
        // Quietly, a missing required name is the cheapest way to fail, and the usual way an
        // alternative of a `oneOf` is told apart: there, look before walking the members.
        // (Elsewhere the walk finds the names anyway: looking first would only repeat it.)
        if !report, node.triesRequiredFirst, !node.object.required.isEmpty {
            let keys = object.keys
            for n in node.object.required {
                let name = node.object.names.names[n]
                if !keys.contains(where: { JSONEquality.sameBytes($0, name) }) { return false }
            }
        }

        // One pass over the members: which known names are present, and each member's schemas.
        var present = IndexMarks()
        let walked = object.keys.withUnsafeBufferPointer { keys in
            object.values.withUnsafeBufferPointer { values in
                walkMembers(node, keys, values, &present, &marks, collect: collect)
            }
        }
        if !walked {
            ok = false
            if !report { return false }
        }
        for n in node.object.required where !present.contains(n, overflow) {
            ok = false
            if !report { return false }
            fail(node, keyword: "required", message: "missing required property '\(node.object.names.names[n])'")
        }
        for (trigger, required) in node.object.dependentRequired where present.contains(trigger, overflow) {
            for n in required where !present.contains(n, overflow) {
                ok = false
                if !report { return false }
                fail(
                    node, keyword: "dependentRequired",
                    message: "missing property '\(node.object.names.names[n])', required when '\(node.object.names.names[trigger])' is present")
            }
        }
        for (trigger, edge) in node.object.dependentSchemas where present.contains(trigger, overflow) {
            if !inPlace(edge, value, &marks, collect: collect) {
                ok = false
                if !report { return false }
            }
        }
        return ok
    }

    /// Applies `properties`, `patternProperties`, `additionalProperties` and `propertyNames`
    /// to every member, noting which known names are present. Members are read in place
    /// from the buffers (passing them on borrowed, not copied).
    @inline(never)  // its own frame: inlined, it makes checkObject retain every key
    private mutating func walkMembers(
        _ node: SchemaNode, _ keys: UnsafeBufferPointer<String>, _ values: UnsafeBufferPointer<JSONValue>,
        _ present: inout IndexMarks, _ marks: inout IndexMarks, collect: Bool
    ) -> Bool {
        var ok = true
        for k in 0..<keys.count {
            var matched = false
            if let n = node.object.names.index(of: keys[k]) {
                present.insert(n, &overflow)
                if let edge = node.object.properties[n] {
                    matched = true
                    if collect { marks.insert(k, &overflow) }
                    if !member(node, edge, keys, values, k, keyword: "properties", allowed: nil) {
                        ok = false
                        if !report { return false }
                    }
                }
            }
            if !node.object.patternProperties.isEmpty {
                for p in node.object.patternProperties where p.regex.matches(keys[k]) {
                    matched = true
                    if collect { marks.insert(k, &overflow) }
                    if !member(node, p.edge, keys, values, k, keyword: "patternProperties", allowed: nil) {
                        ok = false
                        if !report { return false }
                    }
                }
            }
            if !matched, let edge = node.object.additionalProperties {
                if collect { marks.insert(k, &overflow) }
                if !member(node, edge, keys, values, k, keyword: "additionalProperties", allowed: node.object.propertyNames) {
                    ok = false
                    if !report { return false }
                }
            }
            if let edge = node.object.propertyNamesSchema, !checkPropertyName(node, edge, keys[k]) {
                ok = false
                if !report { return false }
            }
        }
        return ok
    }

    /// `required` and the dependent keywords without a member walk: each name is looked
    /// for among the keys (a few byte comparisons, cheaper than hashing every key).
    private mutating func checkNamesDirectly(
        _ node: SchemaNode, _ object: JSONObject, _ value: JSONValue, _ marks: inout IndexMarks, collect: Bool
    ) -> Bool {
        var ok = true
        let keys = object.keys
        func has(_ n: Int) -> Bool {
            let name = node.object.names.names[n]
            return keys.contains { JSONEquality.sameBytes($0, name) }
        }
        for n in node.object.required where !has(n) {
            ok = false
            if !report { return false }
            fail(node, keyword: "required", message: "missing required property '\(node.object.names.names[n])'")
        }
        for (trigger, required) in node.object.dependentRequired where has(trigger) {
            for n in required where !has(n) {
                ok = false
                if !report { return false }
                fail(
                    node, keyword: "dependentRequired",
                    message: "missing property '\(node.object.names.names[n])', required when '\(node.object.names.names[trigger])' is present")
            }
        }
        for (trigger, edge) in node.object.dependentSchemas where has(trigger) {
            if !inPlace(edge, value, &marks, collect: collect) {
                ok = false
                if !report { return false }
            }
        }
        return ok
    }

    /// Applies the schema of member `k`; a `false` schema there means the property is not allowed.
    /// (`allowed` is an autoclosure, and the key is read from the buffer only to report: the
    /// quiet walk retains neither.)
    @inline(__always)
    private mutating func member(
        _ node: SchemaNode, _ edge: Edge, _ keys: UnsafeBufferPointer<String>, _ values: UnsafeBufferPointer<JSONValue>,
        _ k: Int, keyword: StaticString, allowed: @autoclosure () -> [String]?
    ) -> Bool {
        if graph.forms[edge.node] == .alwaysInvalid {
            if report {
                fail(
                    node, keyword: keyword.description, message: "property '\(keys[k])' is not allowed", token: .key(keys[k]),
                    suffix: graph.segments[edge.segment], allowed: allowed())
            }
            return false
        }
        return descend(edge, values.address(k), .key(keys[k]))
    }

    private mutating func checkPropertyName(_ node: SchemaNode, _ edge: Edge, _ key: String) -> Bool {
        var ignored = IndexMarks()
        if quietly(edge, .string(key), &ignored, collect: false) { return true }
        guard report else { return false }
        let start = failures.count
        _ = descend(edge, .string(key), .key(key))
        let nested = Array(failures[start...])
        failures.removeSubrange(start...)
        let reason = nested.first.map { ": " + $0.message } ?? ""
        fail(node, keyword: "propertyNames", message: "property name '\(key)' is not allowed\(reason)", token: .key(key), nested: nested)
        return false
    }

    mutating func checkUnevaluatedProperties(_ node: SchemaNode, _ edge: Edge, _ object: JSONObject, _ marks: inout IndexMarks) -> Bool {
        guard !marks.all else { return true }
        var ok = true
        let keys = object.keys, values = object.values
        let refused = graph.forms[edge.node] == .alwaysInvalid
        for k in keys.indices where !marks.contains(k, overflow) {
            marks.insert(k, &overflow)
            if refused {
                ok = false
                if !report { return false }
                fail(
                    node, keyword: "unevaluatedProperties", message: "property '\(keys[k])' is not allowed", token: .key(keys[k]),
                    allowed: node.knownPropertyNames)
            } else if !descend(edge, values[k], .key(keys[k])) {
                ok = false
                if !report { return false }
            }
        }
        return ok
    }
}
