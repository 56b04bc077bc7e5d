import WidgetSupport

extension Evaluator {
    mutating func apply(_ node: SchemaNode, _ applicator: InPlaceApplicator, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        switch applicator {
        case .ref(let edge):
            return follow(node, edge, "$ref", value, &marks, collect: collect)
        case .dynamicRef(let edge, let anchor):
            var target = edge
            if anchor >= 0 {
                // The outermost resource in the dynamic scope that has this `$dynamicAnchor` wins.
                search: for resource in scope {
                    for entry in graph.resources[resource].dynamicAnchors where entry.anchor == anchor {
                        target.node = entry.node
                        break search
                    }
                }
            }
            return follow(node, target, "$dynamicRef", value, &marks, collect: collect)
        case .allOf(let range):
            if !report && !collect && !graph.usesDynamicScope { return quietAllOf(range, value, &marks) }
            var ok = true
            for k in range where !inPlace(graph.edgeLists[k], value, &marks, collect: collect) {
                ok = false
                if !report { return false }
            }
            return ok
        case .anyOf(let range):
            var matched = false
            for k in range {
                var branch = IndexMarks()
                guard quietly(graph.edgeLists[k], value, &branch, collect: collect) else { continue }
                matched = true
                if !collect { break }
                marks.formUnion(branch, &overflow)
            }
            if matched || !report { return matched }
            reportNoMatch(node, "anyOf", range, value, &marks, collect: collect)
            return false
        case .oneOf(let range):
            var matchCount = 0
            var matchedMask: UInt64 = 0  // which alternatives matched (the first 64), for the message
            var first = IndexMarks()
            for k in range {
                var branch = IndexMarks()
                guard quietly(graph.edgeLists[k], value, &branch, collect: collect) else { continue }
                if matchCount == 0 { first = branch } else { first.formUnion(branch, &overflow) }
                matchCount += 1
                if k - range.lowerBound < 64 { matchedMask |= 1 << UInt64(k - range.lowerBound) }
                if matchCount > 1 && !report { return false }
            }
            if matchCount == 1 {
                if collect { marks.formUnion(first, &overflow) }
                return true
            }
            guard report else { return false }
            if matchCount == 0 {
                reportNoMatch(node, "oneOf", range, value, &marks, collect: collect)
            } else {
                if collect { marks.formUnion(first, &overflow) }
                let which = (0..<min(range.count, 64)).filter { matchedMask & (1 << UInt64($0)) != 0 }.map(String.init)
                fail(
                    node, keyword: "oneOf",
                    message: "\(doc.subject(value)) matches \(matchCount) of the allowed forms (\(which.joined(separator: ", "))), exactly one is required",
                    value: doc.scalarShown(value))
            }
            return false
        case .not(let edge):
            var ignored = IndexMarks()
            guard quietly(edge, value, &ignored, collect: false) else { return true }
            if report { fail(node, keyword: "not", message: "\(doc.subject(value)) is not allowed here (it matches the 'not' schema)", value: doc.scalarShown(value)) }
            return false
        case .conditional(let condition, let then, let otherwise):
            var branch = IndexMarks()
            if quietly(condition, value, &branch, collect: collect) {
                if collect { marks.formUnion(branch, &overflow) }
                return then.map { inPlace($0, value, &marks, collect: collect) } ?? true
            }
            return otherwise.map { inPlace($0, value, &marks, collect: collect) } ?? true
        }
    }

    /// Quietly and collecting nothing, an `allOf`: a member that is only a conditional on a
    /// member test is answered without evaluating the member and its `if` (their steps
    /// counted all the same), one look for the tested name serving every such member; only
    /// the branch that applies is evaluated.
    private mutating func quietAllOf(_ range: Range<Int>, _ value: Instance, _ marks: inout IndexMarks) -> Bool {
        var lookup = MemberLookup()
        for k in range {
            if let conditional = graph.memberConditionals[k], canTestMember(afterSteps: 2) {
                steps += 2  // the member and its `if`
                let holds = memberTestAnswer(conditional.test, value, &lookup)
                if let branch = holds ? conditional.then : conditional.otherwise, !inPlace(branch, value, &marks, collect: false) {
                    return false
                }
            } else if !inPlace(graph.edgeLists[k], value, &marks, collect: false) {
                return false
            }
        }
        return true
    }

    mutating func follow(_ node: SchemaNode, _ edge: Edge, _ keyword: String, _ value: Instance, _ marks: inout IndexMarks, collect: Bool) -> Bool {
        refChain += 1
        defer { refChain -= 1 }
        guard refChain <= Self.maxRefChain else {
            if report {
                fail(
                    node, keyword: keyword,
                    message: "reference cycle: more than \(Self.maxRefChain) nested references without descending into the value")
            }
            return false
        }
        return inPlace(edge, value, &marks, collect: collect)
    }

    /// Reports an `anyOf`/`oneOf` that no alternative satisfies, with the failures of the
    /// alternative that came closest as `nested`.
    private mutating func reportNoMatch(
        _ node: SchemaNode, _ keyword: String, _ range: Range<Int>, _ value: Instance, _ marks: inout IndexMarks, collect: Bool
    ) {
        var best: (failures: [SchemaFailure], marks: IndexMarks, rank: BranchRank)? = nil
        // An alternative's enum may know the value meant even when another alternative is closer.
        var suggestion: String? = nil
        for k in range {
            let edge = graph.edgeLists[k]
            let start = failures.count
            var branch = IndexMarks()
            _ = inPlace(edge, value, &branch, collect: collect)
            let found = Array(failures[start...])
            failures.removeSubrange(start...)
            if suggestion == nil {
                suggestion = found.first { $0.suggestion != nil && $0.instanceTokens.count == instancePath.count }?.suggestion
            }
            let rank = BranchRank(found, baseDepth: instancePath.count)
            if let current = best, !(rank < current.rank) { continue }
            best = (found, branch, rank)
        }
        // Keep what the closest alternative evaluated, so `unevaluatedProperties` does not
        // repeat its findings as "not allowed".
        if collect, let best { marks.formUnion(best.marks, &overflow) }
        let subject = doc.subject(value)
        let message =
            range.count == 1
            ? "\(subject) does not match the allowed form"
            : "\(subject) matches none of the \(range.count) allowed forms"
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        fail(
            node, keyword: keyword, message: message + hint, nested: best?.failures ?? [], value: doc.scalarShown(value),
            suggestion: suggestion)
    }
}

/// Orders failed alternatives by how likely they are the one the author meant: an
/// alternative refused at once for its type or a discriminating `const`/`enum` is the
/// wrong kind; then fewer failures; then failures deeper in the instance.
struct BranchRank: Comparable {
    var mismatches: Int
    var count: Int
    var negativeDepth: Int

    init(_ failures: [SchemaFailure], baseDepth: Int) {
        mismatches = failures.filter { f in
            ["type", "const", "enum", "false"].contains(f.keyword) && f.instanceTokens.count <= baseDepth + 1
        }.count
        count = failures.count
        negativeDepth = -(failures.map(\.instanceTokens.count).max() ?? 0)
    }

    static func < (a: BranchRank, b: BranchRank) -> Bool {
        (a.mismatches, a.count, a.negativeDepth) < (b.mismatches, b.count, b.negativeDepth)
    }
}
