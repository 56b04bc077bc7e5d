/// A compiled expression: parsed, resolved and (unless built unchecked) type-checked once;
/// evaluating it runs closures made from the tree (CELEvaluator.swift) with the overloads the
/// checker chose, without parsing.
package struct CELProgram: Sendable {
    package let source: String
    let root: CELExpr
    /// What `evaluate` runs, made by `prepared()` (a program only checked, as validate's, never
    /// needs it): `root` with the calls over literals already made (`folded`), and that tree
    /// compiled to closures.
    private let compiled: Compiled?
    struct Compiled: Sendable {
        let evaluated: CELExpr
        let code: CELCode
    }
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
        var resolver = CELResolver(
            isVariable: { env.variables[$0] != nil }, isFunction: { env.functions[$0] != nil },
            hasQualifiedVariables: CELResolver.anyQualified(env.variables.keys))
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
        var resolver = CELResolver(
            isVariable: { variables.contains($0) }, isFunction: { env.functions[$0] != nil },
            hasQualifiedVariables: CELResolver.anyQualified(variables))
        let root = resolver.resolve(parsed.0)
        var calls = Array(repeating: [CELOverload](), count: parsed.nodeCount)
        func collect(_ e: CELExpr) {
            switch e.kind {
            case .literal, .ident: break
            case .select(let o, _, _): collect(o)
            case .call(let name, let target, let args):
                let arity = args.count + (target == nil ? 0 : 1)
                calls[e.id] = env.functions.form(name, member: target != nil, arity: arity)?.overloads ?? []
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

    init(
        source: String, root: CELExpr, type: CELType, calls: [[CELOverload]], nodeTypes: [CELType], limits: CELLimits, prepare: Bool = true
    ) {
        self.source = source
        self.root = root
        self.type = type
        self.calls = calls
        self.nodeTypes = nodeTypes
        self.limits = limits
        compiled = prepare ? Self.compiled(root, calls) : nil
    }

    private static func compiled(_ root: CELExpr, _ calls: [[CELOverload]]) -> Compiled {
        let evaluated = folded(root, calls: calls)
        return Compiled(evaluated: evaluated, code: CELCodegen.code(evaluated, CELCodegen.Context(calls: calls)))
    }

    /// The program ready to evaluate many times (its closures made once); evaluating one that is
    /// not makes them at each evaluation.
    package func prepared() -> CELProgram {
        guard compiled == nil else { return self }
        return CELProgram(source: source, root: root, type: type, calls: calls, nodeTypes: nodeTypes, limits: limits, prepare: true)
    }

    /// `root` with the calls over literals already made.
    var evaluated: CELExpr { compiled?.evaluated ?? Self.folded(root, calls: calls) }

    /// `e` with each call whose receiver and arguments are all literals replaced by its value, as
    /// evaluating it would give it (the functions are pure): `duration('90m')` is parsed once, not
    /// at every evaluation (11% of the instructions of bench/let_bench.py's per-entry let). A call
    /// that fails stays a call, so it fails at evaluation with the same error, as if not folded;
    /// `&&`, `||` and `?:` (not overloads) stay as written.
    static func folded(_ e: CELExpr, calls: [[CELOverload]]) -> CELExpr {
        var out = e
        switch e.kind {
        case .literal, .ident: return e
        case .select(let operand, let field, let test):
            out.kind = .select(folded(operand, calls: calls), field, test: test)
        case .list(let items):
            out.kind = .list(items.map { folded($0, calls: calls) })
        case .map(let entries):
            out.kind = .map(entries.map { (folded($0.key, calls: calls), folded($0.value, calls: calls)) })
        case .comprehension(var c):
            c.range = folded(c.range, calls: calls)
            c.args = c.args.map { folded($0, calls: calls) }
            out.kind = .comprehension(c)
        case .call(let name, let target, let args):
            let target = target.map { folded($0, calls: calls) }
            let args = args.map { folded($0, calls: calls) }
            out.kind = .call(name, target: target, args: args)
            if name == "_&&_" || name == "_||_" || name == "_?_:_" || e.id >= calls.count { return out }
            var values: [CELValue] = []
            for operand in (target.map { [$0] } ?? []) + args {
                guard case .literal(let v) = operand.kind else { return out }
                values.append(v)
            }
            // The overload evaluation would choose: the first that accepts the values.
            guard let overload = calls[e.id].first(where: { $0.accepts(values) }),
                let value = try? overload.implementation(values)
            else { return out }
            out.kind = .literal(value)
        }
        return out
    }

    /// Evaluates with `variables` bound (by their full names).
    package func evaluate(_ variables: [String: CELValue]) throws(CELError) -> CELValue {
        try Evaluation.run((compiled ?? Self.compiled(root, calls)).code, limits, variables, overriding: [])
    }

    /// Evaluates with `variables` bound, and `overriding` bound over them (a name there hides the
    /// same name in `variables`): a host that evaluates many times over mostly the same variables
    /// binds what changes there instead of copying the dictionary each time.
    package func evaluate(_ variables: [String: CELValue], overriding: [(String, CELValue)]) throws(CELError) -> CELValue {
        try Evaluation.run((compiled ?? Self.compiled(root, calls)).code, limits, variables, overriding: overriding)
    }

    /// What evaluating needs (the closures and the limits) in one object, for a host that
    /// evaluates the program for every entry: it holds this reference instead of copying the
    /// program (its source, tree and tables) at each evaluation, 390 instructions an entry in
    /// bench/let_bench.py (callgrind).
    package final class Evaluation: Sendable {
        private let code: CELCode
        private let limits: CELLimits

        fileprivate init(code: @escaping CELCode, limits: CELLimits) {
            self.code = code
            self.limits = limits
        }

        /// As `CELProgram.evaluate(_:overriding:)`; `fields`: the values of the selections the
        /// evaluation reads by position (`CELProgram.evaluation(fields:)`), in that order.
        package func evaluate(
            _ variables: [String: CELValue], overriding: [(String, CELValue)], fields: [CELValue] = []
        ) throws(CELError) -> CELValue {
            try Self.run(code, limits, variables, overriding: overriding, fields: fields)
        }

        /// Evaluates in the host's `evaluator`, kept from one evaluation to the next with its
        /// bindings (`locals`, as `overriding`) and `fields` written in place: not an evaluator
        /// set up per evaluation, its variables, bindings and fields retained and released (190
        /// instructions an evaluation of bench/let_bench.py's per-entry let, callgrind).
        package func evaluate(in evaluator: inout CELEvaluator) throws(CELError) -> CELValue {
            evaluator.limits = limits
            evaluator.iterations = 0
            return try code(&evaluator)
        }

        fileprivate static func run(
            _ code: CELCode, _ limits: CELLimits, _ variables: [String: CELValue], overriding: [(String, CELValue)],
            fields: [CELValue] = []
        ) throws(CELError) -> CELValue {
            var evaluator = CELEvaluator(variables: variables, limits: limits)
            // Looked up before `variables`, and below every loop variable, as the outermost locals.
            evaluator.locals = overriding
            evaluator.fields = fields
            return try code(&evaluator)
        }
    }

    /// The program's `Evaluation` (its closures made now when it is not `prepared()`).
    package var evaluation: Evaluation { Evaluation(code: (compiled ?? Self.compiled(root, calls)).code, limits: limits) }

    /// An `Evaluation` that reads each of `fields` (`variable.field`, where no loop variable hides
    /// the variable) from the values the host passes by position (`Evaluation.evaluate(_:overriding:fields:)`)
    /// instead of selecting it from the variable's map: for a host that binds those fields per
    /// evaluation, every one of them (`has()` of one is true), and the variable not at all. The
    /// expression must read the variable only through these fields.
    package func evaluation(fields: [(variable: String, field: String)]) -> Evaluation {
        Evaluation(code: CELCodegen.code(evaluated, CELCodegen.Context(calls: calls, fields: fields)), limits: limits)
    }

    /// The names the expression reads (variables, by their full names), for ordering lets.
    package var references: Set<String> { namesRead.references }

    /// The variables read whole, not only through a field (`size(data)` reads `data` whole;
    /// `data.today` does not): what a host must bind in full.
    package var wholeReferences: Set<String> { namesRead.wholeReferences }

    /// The fields selected from each variable (`let.top` reads field `top` of `let`), for
    /// ordering lets and finding unread ones.
    package var selections: [(variable: String, field: String)] { namesRead.selections }

    /// `references`, `selections` and `wholeReferences` from one walk of the tree: the let checks
    /// need all three of every let (ordering the lets, their entry roots, the reload's order).
    package var namesRead: CELNamesRead {
        var out = CELNamesRead()
        var locals: [String] = []
        func walk(_ e: CELExpr) {
            switch e.kind {
            case .literal: break
            case .ident(let n):
                if !locals.contains(n) {
                    out.references.insert(n)
                    out.wholeReferences.insert(n)
                }
            case .select(let o, let field, _):
                guard case .ident(let n) = o.kind else { walk(o); break }
                // Read through a field, not whole.
                if !locals.contains(n) {
                    out.selections.append((n, field))
                    out.references.insert(n)
                }
            case .call(_, let target, let args):
                if let target { walk(target) }
                for a in args { walk(a) }
            case .list(let items): for item in items { walk(item) }
            case .map(let entries):
                for entry in entries {
                    walk(entry.key)
                    walk(entry.value)
                }
            case .comprehension(let c):
                walk(c.range)
                locals.append(c.variable)
                if let v2 = c.variable2 { locals.append(v2) }
                for a in c.args { walk(a) }
                locals.removeLast(c.variable2 == nil ? 1 : 2)
            }
        }
        walk(root)
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
        Self.walk(root, body)
    }

    /// Every node of `root` in pre-order, with the comprehension variables in scope at it.
    package static func walk(_ root: CELExpr, _ body: (CELExpr, [String]) -> Void) {
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

/// What an expression reads (`CELProgram.namesRead`).
package struct CELNamesRead: Sendable {
    /// The variables it reads (by their full names).
    package var references: Set<String> = []
    /// The fields it selects from each variable (`let.top` reads field `top` of `let`).
    package var selections: [(variable: String, field: String)] = []
    /// The variables it reads whole, not only through a field.
    package var wholeReferences: Set<String> = []

    package init() {}
}
