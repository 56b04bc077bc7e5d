import WidgetSupport

/// The object keywords. An object instance's members are its children in the document;
/// their names are compared as bytes (`ByteTable`), and made into strings only to report.
extension Evaluator {
    mutating func checkObject(_ node: SchemaNode, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        var ok = true
        let members = doc.children(of: value)
        if let min = node.object.minProperties, members.count < min {
            ok = false
            if !report { return false }
            fail(node, keyword: "minProperties", message: "must have at least \(FailureText.count(min, "property", plural: "properties"))")
        }
        if let max = node.object.maxProperties, members.count > max {
            ok = false
            if !report { return false }
            fail(node, keyword: "maxProperties", message: "must have at most \(FailureText.count(max, "property", plural: "properties"))")
        }
        guard node.walksMembers else { return checkNamesDirectly(node, members, value, &marks, collect: collect) && ok }
        // Quietly, a missing required name is the cheapest way to fail, and the usual way an
        // alternative of a `oneOf` is told apart: there, look before walking the members.
        // (Elsewhere the walk finds the names anyway: looking first would only repeat it.)
        if !report, node.triesRequiredFirst, !node.object.required.isEmpty {
            for n in node.object.required where !has(n, node, members) { return false }
        }

        // One pass over the members: which known names are present, and each member's schemas.
        // (Quietly, a few names that only `properties` uses are looked up instead: the same
        // schemas apply, in another order, which changes nothing but where a failure stops.)
        var present = IndexMarks()
        let applied =
            !report && node.looksUpNames
            ? lookUpNames(node, members, &present, &marks, collect: collect)
            : walkMembers(node, members, &present, &marks, collect: collect)
        if !applied {
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

    /// Whether the object has a member named by name `n` of the node's table (a scan
    /// of the names' bytes: cheaper than a lookup of every member's name).
    private func has(_ n: Int, _ node: SchemaNode, _ members: UnsafeBufferPointer<SourceDocument.Child>) -> Bool {
        members.contains { node.object.names.isName(n, doc.keyBytes($0)) }
    }

    /// Applies `properties`, `patternProperties`, `additionalProperties` and `propertyNames`
    /// to every member, noting which known names are present. Names are looked up and
    /// matched as bytes.
    @inline(never)  // its own frame: keeps checkObject's small
    private mutating func walkMembers(
        _ node: SchemaNode, _ members: UnsafeBufferPointer<SourceDocument.Child>,
        _ present: inout IndexMarks, _ marks: inout IndexMarks, collect: Bool
    ) -> Bool {
        var ok = true
        for k in 0..<members.count {
            var matched = false
            let name = doc.keyBytes(members[k])
            if let n = node.object.names.index(of: name) {
                present.insert(n, &overflow)
                if let edge = node.object.properties[n] {
                    matched = true
                    if collect { marks.insert(k, &overflow) }
                    if !member(node, edge, members[k], keyword: "properties", allowed: nil) {
                        ok = false
                        if !report { return false }
                    }
                }
            }
            if !node.object.patternProperties.isEmpty {
                for p in node.object.patternProperties {
                    guard let hit = p.regex.find(name) else {
                        ok = false
                        if !report { return false }
                        fail(node, keyword: "patternProperties", message: Self.tooExpensive(p.regex.pattern, name.count), token: .key(String(decoding: name, as: UTF8.self)))
                        continue
                    }
                    guard hit else { continue }
                    matched = true
                    if collect { marks.insert(k, &overflow) }
                    if !member(node, p.edge, members[k], keyword: "patternProperties", allowed: nil) {
                        ok = false
                        if !report { return false }
                    }
                }
            }
            if !matched, let edge = node.object.additionalProperties {
                if collect { marks.insert(k, &overflow) }
                if !member(node, edge, members[k], keyword: "additionalProperties", allowed: node.object.propertyNames) {
                    ok = false
                    if !report { return false }
                }
            }
            if let edge = node.object.propertyNamesSchema, !checkPropertyName(node, edge, members[k]) {
                ok = false
                if !report { return false }
            }
        }
        return ok
    }

    /// Quietly, `properties` by name: each of the node's few names is looked for among the
    /// members, and the member found, if any, gets its schema (what `walkMembers` would do).
    @inline(never)  // its own frame: inlined, its locals would grow every level of the recursion
    private mutating func lookUpNames(
        _ node: SchemaNode, _ members: UnsafeBufferPointer<SourceDocument.Child>,
        _ present: inout IndexMarks, _ marks: inout IndexMarks, collect: Bool
    ) -> Bool {
        for n in 0..<node.object.names.count {
            // Readers refuse duplicate names: the first member with the name is the only one.
            guard let k = members.firstIndex(where: { node.object.names.isName(n, doc.keyBytes($0)) }) else { continue }
            present.insert(n, &overflow)
            guard let edge = node.object.properties[n] else { continue }
            if collect { marks.insert(k, &overflow) }
            if !member(node, edge, members[k], keyword: "properties", allowed: nil) { return false }
        }
        return true
    }

    /// `required` and the dependent keywords without a member walk: each name is looked
    /// for among the keys (a few byte comparisons, cheaper than hashing every key).
    private mutating func checkNamesDirectly(
        _ node: SchemaNode, _ members: UnsafeBufferPointer<SourceDocument.Child>, _ value: Instance,
        _ marks: inout IndexMarks, collect: Bool
    ) -> Bool {
        var ok = true
        func has(_ n: Int) -> Bool { self.has(n, node, members) }
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

    /// Applies the schema of a member; a `false` schema there means the property is not allowed.
    /// (`allowed` is an autoclosure, and the name is made a string only to report.)
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    private mutating func member(
        _ node: SchemaNode, _ edge: Edge, _ member: SourceDocument.Child, keyword: StaticString, allowed: @autoclosure () -> [String]?
    ) -> Bool {
        if graph.forms[edge.node] == .alwaysInvalid {
            if report {
                let key = doc.key(member)
                fail(
                    node, keyword: keyword.description, message: "property '\(key)' is not allowed", token: .key(key),
                    suffix: graph.segments[edge.segment], allowed: allowed())
            }
            return false
        }
        let doc = doc  // the token's closure reads this copy, not `self`
        return descend(edge, doc.node(member), .key(doc.key(member)))
    }

    /// `propertyNames`: the member's name is evaluated as a string instance (a node made
    /// here whose text is the name's, in the document).
    private mutating func checkPropertyName(_ node: SchemaNode, _ edge: Edge, _ member: SourceDocument.Child) -> Bool {
        var keyNode = SourceDocument.Node.keyNode(member)
        return withUnsafePointer(to: &keyNode) { checkPropertyName(node, edge, $0, member) }
    }

    private mutating func checkPropertyName(_ node: SchemaNode, _ edge: Edge, _ name: Instance, _ member: SourceDocument.Child) -> Bool {
        var ignored = IndexMarks()
        if quietly(edge, name, &ignored, collect: false) { return true }
        guard report else { return false }
        let key = doc.key(member)
        let start = failures.count
        _ = descend(edge, name, .key(key))
        let nested = Array(failures[start...])
        failures.removeSubrange(start...)
        // `property name 'Bad Name' does not match …`, when the name's failure starts with the name.
        let shown = FailureText.quoted(key)
        let message =
            nested.first.map { $0.message.hasPrefix(shown) ? "property name " + $0.message : "property name \(shown) is not allowed: " + $0.message }
            ?? "property name \(shown) is not allowed"
        fail(node, keyword: "propertyNames", message: message, token: .key(key), nested: nested, value: shown)
        return false
    }

    mutating func checkUnevaluatedProperties(_ node: SchemaNode, _ edge: Edge, _ value: Instance, _ marks: inout IndexMarks) -> Bool {
        guard !marks.all else { return true }
        var ok = true
        let doc = doc  // the tokens' closures read this copy, not `self`
        let members = doc.children(of: value)
        let refused = graph.forms[edge.node] == .alwaysInvalid
        for k in members.indices where !marks.contains(k, overflow) {
            marks.insert(k, &overflow)
            if refused {
                ok = false
                if !report { return false }
                let key = doc.key(members[k])
                fail(
                    node, keyword: "unevaluatedProperties", message: "property '\(key)' is not allowed", token: .key(key),
                    allowed: node.knownPropertyNames)
            } else if !descend(edge, doc.node(members[k]), .key(doc.key(members[k]))) {
                ok = false
                if !report { return false }
            }
        }
        return ok
    }
}
