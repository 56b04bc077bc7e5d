/// A compiled expression: parsed, resolved and (unless built unchecked) type-checked once;
/// evaluating it walks the tree with the overloads the checker chose, without parsing.
package struct CELProgram: Sendable {
    package let source: String
    let root: CELExpr
    /// The type the checker inferred (`dyn` for an unchecked program).
    package let type: CELType
    /// Per node id: the overloads a call may use (the checker's choice, or every overload of
    /// that name and arity in an unchecked program).
    let calls: [[CELOverload]]
    /// Per node id: the inferred type (for hover).
    package let nodeTypes: [CELType]
    let limits: CELLimits

    /// The errors of a compile, each at an offset in the expression.
    package struct Failure: Error, Sendable {
        package var errors: [CELError]
    }

    /// Parses and type-checks `text` against `env`.
    package static func compile(_ text: String, env: CELEnvironment) throws(Failure) -> CELProgram {
        let parsed: (CELExpr, nodeCount: Int)
        do { parsed = try CELParser.parse(text, options: env.parserOptions) } catch { throw Failure(errors: [error]) }
        var resolver = CELResolver(isVariable: { env.variables[$0] != nil }, isFunction: { env.functions[$0] != nil })
        let root = resolver.resolve(parsed.0)
        var checker = CELChecker(env: env, nodeCount: parsed.nodeCount)
        let type = checker.check(root)
        if !checker.errors.isEmpty { throw Failure(errors: checker.errors) }
        return CELProgram(source: text, root: root, type: type, calls: checker.overloads, nodeTypes: checker.types, limits: env.limits)
    }

    /// Parses without type-checking: names are looked up and overloads chosen at evaluation
    /// (`variables` are the names that will be bound).
    package static func compileUnchecked(_ text: String, variables: Set<String>, env: CELEnvironment = CELEnvironment()) throws(Failure) -> CELProgram {
        let parsed: (CELExpr, nodeCount: Int)
        do { parsed = try CELParser.parse(text, options: env.parserOptions) } catch { throw Failure(errors: [error]) }
        var resolver = CELResolver(isVariable: { variables.contains($0) }, isFunction: { env.functions[$0] != nil })
        let root = resolver.resolve(parsed.0)
        var calls = Array(repeating: [CELOverload](), count: parsed.nodeCount)
        func collect(_ e: CELExpr) {
            switch e.kind {
            case .literal, .ident: break
            case .select(let o, _, _): collect(o)
            case .call(let name, let target, let args):
                let arity = args.count + (target == nil ? 0 : 1)
                calls[e.id] = (env.functions[name] ?? []).filter { $0.member == (target != nil) && $0.params.count == arity }
                if let target { collect(target) }
                args.forEach(collect)
            case .list(let items): items.forEach(collect)
            case .map(let entries): entries.forEach { collect($0.key); collect($0.value) }
            case .comprehension(let c): collect(c.range); c.args.forEach(collect)
            }
        }
        collect(root)
        return CELProgram(source: text, root: root, type: .dyn, calls: calls, nodeTypes: Array(repeating: .dyn, count: parsed.nodeCount), limits: env.limits)
    }

    /// Evaluates with `variables` bound (by their full names).
    package func evaluate(_ variables: [String: CELValue]) throws(CELError) -> CELValue {
        var evaluator = CELEvaluator(program: self, variables: variables)
        return try evaluator.eval(root)
    }

    /// The names the expression reads (variables, by their full names), for ordering lets.
    package var references: Set<String> {
        var names: Set<String> = []
        visit { e, locals in
            if case .ident(let n) = e.kind, !locals.contains(n) { names.insert(n) }
        }
        return names
    }

    /// The variables read whole, not only through a field (`size(data)` reads `data` whole;
    /// `data.today` does not): what a host must bind in full.
    package var wholeReferences: Set<String> {
        var selected: Set<Int> = []
        var names: Set<String> = []
        visit { e, locals in
            // Pre-order: a selection is seen before its operand.
            if case .select(let o, _, _) = e.kind, case .ident = o.kind { selected.insert(o.id) }
            if case .ident(let n) = e.kind, !locals.contains(n), !selected.contains(e.id) { names.insert(n) }
        }
        return names
    }

    /// The fields selected from each variable (`let.top` reads field `top` of `let`), for
    /// ordering lets and finding unread ones.
    package var selections: [(variable: String, field: String)] {
        var out: [(String, String)] = []
        visit { e, locals in
            if case .select(let o, let field, _) = e.kind, case .ident(let n) = o.kind, !locals.contains(n) { out.append((n, field)) }
        }
        return out
    }

    /// The inferred type of the node written nearest before `offset` (a field's node is at its
    /// dot, a call's at its name or dot): what the editor shows on hover. Nil past the last node.
    package func type(near offset: Int) -> CELType? {
        var best: (offset: Int, id: Int)? = nil
        visit { e, _ in
            // Macro expansions put helper nodes at the macro's offset; later nodes in pre-order are inner ones.
            if e.offset <= offset, best.map({ e.offset >= $0.offset }) ?? true { best = (e.offset, e.id) }
        }
        guard let best, best.id < nodeTypes.count else { return nil }
        return nodeTypes[best.id]
    }

    /// Every node in pre-order, with the comprehension variables in scope at it (a name
    /// among them is a loop variable, not a free variable).
    private func visit(_ body: (CELExpr, [String]) -> Void) {
        var locals: [String] = []
        func walk(_ e: CELExpr) {
            body(e, locals)
            switch e.kind {
            case .literal, .ident: break
            case .select(let o, _, _): walk(o)
            case .call(_, let target, let args):
                if let target { walk(target) }
                args.forEach(walk)
            case .list(let items): items.forEach(walk)
            case .map(let entries): entries.forEach { walk($0.key); walk($0.value) }
            case .comprehension(let c):
                walk(c.range)
                locals.append(c.variable)
                if let v2 = c.variable2 { locals.append(v2) }
                c.args.forEach(walk)
                locals.removeLast(c.variable2 == nil ? 1 : 2)
            }
        }
        walk(root)
    }
}

/// One evaluation: the bound variables, the loop variables in scope, and the budget spent.
struct CELEvaluator {
    let program: CELProgram
    let variables: [String: CELValue]
    var locals: [(String, CELValue)] = []
    var iterations = 0

    init(program: CELProgram, variables: [String: CELValue]) {
        self.program = program
        self.variables = variables
    }

    mutating func eval(_ e: CELExpr) throws(CELError) -> CELValue {
        switch e.kind {
        case .literal(let v): return v
        case .ident(let name):
            if let local = locals.last(where: { $0.0 == name }) { return local.1 }
            if let v = variables[name] { return v }
            throw CELError("no value for '\(name)'", at: e.offset)
        case .select(let operand, let field, let test):
            let target = try eval(operand)
            switch target {
            case .map(let m):
                if test { return .bool(m[string: field] != nil) }
                guard let v = m[string: field] else { throw CELError("no such key: '\(field)'", at: e.offset) }
                return v
            default:
                throw CELError("'.\(field)' selects a field, but the value is \(target.kindName)", at: e.offset)
            }
        case .list(let items):
            var out: [CELValue] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(try eval(item)) }
            return .list(out)
        case .map(let entries):
            var m = CELMap()
            for entry in entries {
                let k = try eval(entry.key)
                let v = try eval(entry.value)
                guard CELKey(k) != nil else { throw CELError("a map key must be an int, uint, bool or string, found \(k.kindName)", at: entry.key.offset) }
                guard m.insert(k, v) else { throw CELError("repeated map key \(CELFormat.literal(k))", at: entry.key.offset) }
            }
            return .map(m)
        case .call(let name, let target, let args):
            switch name {
            case "_&&_", "_||_": return try logic(name == "_&&_", args, at: e.offset)
            case "_?_:_":
                let condition = try eval(args[0])
                guard case .bool(let c) = condition else {
                    throw CELError("the condition of '?:' must be a bool, found \(condition.kindName)", at: args[0].offset)
                }
                return try eval(c ? args[1] : args[2])
            default: break
            }
            var values: [CELValue] = []
            values.reserveCapacity(args.count + 1)
            if let target { values.append(try eval(target)) }
            for a in args { values.append(try eval(a)) }
            let candidates = program.calls[e.id]
            for o in candidates where o.accepts(values) {
                do { return try o.implementation(values) } catch {
                    var error = error
                    if error.offset == nil { error.offset = e.offset }
                    throw error
                }
            }
            if candidates.isEmpty && target == nil && !name.hasPrefix("_") {
                throw CELError("unknown function '\(name)'", at: e.offset)
            }
            throw CELError("no matching overload for '\(celDisplayName(name))' applied to (\(values.map(\.kindName).joined(separator: ", ")))", at: e.offset)
        case .comprehension(let c):
            return try comprehension(c, at: e.offset)
        }
    }

    /// `&&` and `||` as CEL defines them: commutative, an error or a non-bool on one side is
    /// absorbed when the other side decides.
    private mutating func logic(_ isAnd: Bool, _ args: [CELExpr], at offset: Int) throws(CELError) -> CELValue {
        var firstError: CELError? = nil
        for a in args {
            do {
                let v = try eval(a)
                if case .bool(let b) = v {
                    if b != isAnd { return .bool(b) }
                } else if firstError == nil {
                    firstError = CELError("no matching overload for '\(isAnd ? "&&" : "||")' applied to \(v.kindName)", at: a.offset)
                }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
        return .bool(isAnd)
    }

    private mutating func spend(_ count: Int, at offset: Int) throws(CELError) {
        if count > program.limits.comprehensionIterations {
            throw CELError("comprehension stopped after \(program.limits.comprehensionIterations) iterations (the list or map is too large)", at: offset)
        }
        iterations += 1
        if iterations > program.limits.totalIterations {
            throw CELError("evaluation stopped after \(program.limits.totalIterations) loop iterations in all", at: offset)
        }
    }

    private mutating func comprehension(_ c: CELComprehension, at offset: Int) throws(CELError) -> CELValue {
        let range = try eval(c.range)
        if c.kind == .bind {
            locals.append((c.variable, range))
            defer { locals.removeLast() }
            return try eval(c.args[0])
        }
        // The pairs iterated: (index or key, element or value), made one at a time.
        let pairs: CELPairs
        let isMap: Bool
        switch range {
        case .list(let l):
            pairs = CELPairs(keys: nil, values: l)
            isMap = false
        case .map(let m):
            pairs = CELPairs(keys: m.keys, values: m.values)
            isMap = true
        default:
            throw CELError("\(c.kind.rawValue)() iterates over a list or a map, found \(range.kindName)", at: c.range.offset)
        }
        let twoVariables = c.variable2 != nil
        var count = 0
        func bind(_ pair: (CELValue, CELValue), into locals: inout [(String, CELValue)]) {
            if twoVariables {
                locals.append((c.variable, pair.0))
                locals.append((c.variable2!, pair.1))
            } else {
                locals.append((c.variable, isMap ? pair.0 : pair.1))
            }
        }
        func unbind(_ locals: inout [(String, CELValue)]) { locals.removeLast(twoVariables ? 2 : 1) }
        func predicate(_ e: CELExpr, _ evaluator: inout CELEvaluator) throws(CELError) -> Bool {
            let v = try evaluator.eval(e)
            guard case .bool(let b) = v else { throw CELError("the condition of \(c.kind.rawValue)() must give a bool, gave \(v.kindName)", at: e.offset) }
            return b
        }
        switch c.kind {
        case .all, .exists:
            let decisive = c.kind == .exists
            var firstError: CELError? = nil
            for pair in pairs {
                count += 1
                try spend(count, at: offset)
                bind(pair, into: &locals)
                defer { unbind(&locals) }
                do {
                    if try predicate(c.args[0], &self) == decisive { return .bool(decisive) }
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
            if let firstError { throw firstError }
            return .bool(!decisive)
        case .existsOne:
            var found = 0
            for pair in pairs {
                count += 1
                try spend(count, at: offset)
                bind(pair, into: &locals)
                defer { unbind(&locals) }
                if try predicate(c.args[0], &self) { found += 1 }
            }
            return .bool(found == 1)
        case .map, .filter, .transformList:
            var out: [CELValue] = []
            for pair in pairs {
                count += 1
                try spend(count, at: offset)
                bind(pair, into: &locals)
                defer { unbind(&locals) }
                if c.kind == .filter {
                    if try predicate(c.args[0], &self) { out.append(twoVariables ? pair.1 : (isMap ? pair.0 : pair.1)) }
                    continue
                }
                if c.args.count == 2, try !predicate(c.args[0], &self) { continue }
                out.append(try eval(c.args.last!))
            }
            return .list(out)
        case .transformMap, .transformMapEntry:
            var out = CELMap()
            for pair in pairs {
                count += 1
                try spend(count, at: offset)
                bind(pair, into: &locals)
                defer { unbind(&locals) }
                if c.args.count == 2, try !predicate(c.args[0], &self) { continue }
                let v = try eval(c.args.last!)
                if c.kind == .transformMap {
                    out.insert(pair.0, v)
                } else {
                    guard case .map(let entry) = v else { throw CELError("transformMapEntry() must give a map, gave \(v.kindName)", at: c.args.last!.offset) }
                    for (k, value) in entry {
                        guard out.insert(k, value) else { throw CELError("transformMapEntry(): repeated key \(CELFormat.literal(k))", at: offset) }
                    }
                }
            }
            return .map(out)
        case .sortBy:
            var keys: [CELValue] = []
            for pair in pairs {
                count += 1
                try spend(count, at: offset)
                bind(pair, into: &locals)
                defer { unbind(&locals) }
                keys.append(try eval(c.args[0]))
            }
            do { return .list(try CELListsExtension.sorted(isMap ? pairs.keys! : pairs.values, keys: keys)) } catch {
                throw CELError(error.message, at: offset)
            }
        case .bind:
            return .null
        }
    }
}

/// A list's (index, element) or a map's (key, value) pairs, without copying them.
struct CELPairs: Sequence {
    let keys: [CELValue]?
    let values: [CELValue]

    func makeIterator() -> AnyIterator<(CELValue, CELValue)> {
        var k = 0
        return AnyIterator {
            guard k < values.count else { return nil }
            defer { k += 1 }
            return (keys?[k] ?? .int(Int64(k)), values[k])
        }
    }
}
