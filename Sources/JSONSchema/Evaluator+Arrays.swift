import WidgetSupport

extension Evaluator {
    /// The array keywords on an array instance's items (its children in the document).
    mutating func checkArray(
        _ node: SchemaNode, _ items: UnsafeBufferPointer<SourceDocument.Child>, _ marks: inout IndexMarks, collect: Bool
    ) -> Bool {
        var ok = true
        let count = items.count
        if let min = node.array.minItems, count < min {
            ok = false
            if !report { return false }
            fail(node, keyword: "minItems", message: "must have at least \(FailureText.count(min, "item"))")
        }
        if let max = node.array.maxItems, count > max {
            ok = false
            if !report { return false }
            fail(node, keyword: "maxItems", message: "must have at most \(FailureText.count(max, "item"))")
        }
        if node.array.uniqueItems, count > 1, let (first, second) = Self.firstDuplicate(items, in: doc) {
            ok = false
            if !report { return false }
            fail(node, keyword: "uniqueItems", message: "item \(second) repeats item \(first); items must be unique", token: .index(second))
        }
        let prefixCount = min(node.array.prefixItems.count, count)
        for k in 0..<prefixCount where !descend(node.array.prefixItems[k], doc.node(items[k]), .index(k)) {
            ok = false
            if !report { return false }
        }
        if collect { marks.insert(upTo: prefixCount, &overflow) }
        if let edge = node.array.items, count > prefixCount {
            if collect { marks.all = true }
            if graph.forms[edge.node] == .alwaysInvalid {
                ok = false
                if !report { return false }
                fail(
                    node, keyword: "items",
                    message: "unexpected item at index \(prefixCount): at most \(FailureText.count(prefixCount, "item")) allowed",
                    token: .index(prefixCount))
            } else {
                for k in prefixCount..<count where !descend(edge, doc.node(items[k]), .index(k)) {
                    ok = false
                    if !report { return false }
                }
            }
        }
        if let edge = node.array.contains {
            var matches = 0
            for k in 0..<count {
                // `contains` looks into items quietly: the same depth guard as `descend`.
                var ignored = IndexMarks()
                let saved = refChain
                refChain = 0
                depth += 1
                if depth > Self.maxDepth || !stack.hasRoom() { refuseDepth(doc.node(items[k])) }
                let hit = !tooDeep && quietly(edge, doc.node(items[k]), &ignored, collect: false)
                depth -= 1
                refChain = saved
                guard hit else { continue }
                matches += 1
                if collect { marks.insert(k, &overflow) }
                // Without annotations to collect or a maximum to check, enough is enough.
                if !collect, node.array.maxContains == nil, matches >= node.array.minContains { break }
            }
            if matches < node.array.minContains {
                ok = false
                if !report { return false }
                let message =
                    node.array.minContains == 1
                    ? "must contain at least one item matching the 'contains' schema"
                    : "must contain at least \(FailureText.count(node.array.minContains, "item")) matching the 'contains' schema, found \(matches)"
                fail(node, keyword: node.array.minContainsGiven ? "minContains" : "contains", message: message)
            }
            if let max = node.array.maxContains, matches > max {
                ok = false
                if !report { return false }
                fail(
                    node, keyword: "maxContains",
                    message: "must contain at most \(FailureText.count(max, "item")) matching the 'contains' schema, found \(matches)")
            }
        }
        return ok
    }

    mutating func checkUnevaluatedItems(
        _ node: SchemaNode, _ edge: Edge, _ items: UnsafeBufferPointer<SourceDocument.Child>, _ marks: inout IndexMarks
    ) -> Bool {
        guard !marks.all else { return true }
        var ok = true
        let refused = graph.forms[edge.node] == .alwaysInvalid
        for k in items.indices where !marks.contains(k, overflow) {
            if refused {
                if report {
                    fail(node, keyword: "unevaluatedItems", message: "unexpected item at index \(k): no schema here allows it", token: .index(k))
                }
                return false
            }
            if !descend(edge, doc.node(items[k]), .index(k)) {
                ok = false
                if !report { return false }
            }
        }
        marks.all = true
        return ok
    }

    /// Whether items `i` and `j` are equal. Two strings (the usual unique items) are
    /// compared by their bytes directly.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    private static func sameItem(_ items: UnsafeBufferPointer<SourceDocument.Child>, _ i: Int, _ j: Int, in doc: SourceDocument.Tables) -> Bool {
        let a = doc.node(items[i]), b = doc.node(items[j])
        if a.pointee.kind == .string {
            guard b.pointee.kind == .string else { return false }
            return doc.stringBytes(a).hasSameBytes(as: doc.stringBytes(b))
        }
        return JSONEquality.equal(a, b, in: doc)
    }

    /// The first pair of equal items (by JSON Schema's equality), if any.
    static func firstDuplicate(_ items: UnsafeBufferPointer<SourceDocument.Child>, in doc: SourceDocument.Tables) -> (Int, Int)? {
        if items.count <= 24 {
            for j in 1..<items.count {
                for i in 0..<j where sameItem(items, i, j, in: doc) { return (i, j) }
            }
            return nil
        }
        var buckets: [UInt64: [Int]] = [:]
        for j in items.indices {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            JSONEquality.hash(doc.node(items[j]), in: doc, into: &h)
            for i in buckets[h] ?? [] where JSONEquality.equal(doc.node(items[i]), doc.node(items[j]), in: doc) { return (i, j) }
            buckets[h, default: []].append(j)
        }
        return nil
    }
}
