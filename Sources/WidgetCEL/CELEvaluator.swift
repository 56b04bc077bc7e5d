/// A compiled node: evaluates its subtree.
///
/// A program's tree is turned into these closures once, when it is compiled: evaluating then
/// calls each node's closure, with what the node needs (its overloads, its operator, its field
/// name) captured, instead of matching the node's kind, its function's name against the three
/// operators that are not overloads and reading its overloads from a table at every evaluation.
/// With the two-operand calls below and the entry's own lets (Lets.swift): bench/let_bench.py's
/// lets, callgrind on one tutorials copy over 10 days, 343 M -> 289 M instructions.
typealias CELCode = @Sendable (inout CELEvaluator) throws(CELError) -> CELValue

/// One evaluation: the bound variables, the loop variables in scope, and the budget spent.
/// A host that evaluates many times over the same variables keeps one and writes its bindings
/// and fields in place between evaluations (`CELProgram.Evaluation.evaluate(in:)`).
package struct CELEvaluator {
    let variables: [String: CELValue]
    var limits: CELLimits
    /// Loop variables, innermost last; below them what the host bound over `variables` (a name
    /// there hides the same name in `variables`). An evaluation leaves them as it found them.
    package var locals: [(String, CELValue)] = []
    /// The host's values of the selections its `Evaluation` reads by position
    /// (`CELProgram.evaluation(fields:)`), in that order.
    package var fields: [CELValue] = []
    var iterations = 0

    package init(variables: [String: CELValue], limits: CELLimits = CELLimits()) {
        self.variables = variables
        self.limits = limits
    }

    /// A name's value: the innermost loop variable of that name, else the bound variable.
    @inline(__always)
    func lookup(_ name: String) -> CELValue? {
        var i = locals.count
        while i > 0 {
            i -= 1
            if locals[i].0 == name { return locals[i].1 }
        }
        return variables[name]
    }

    mutating func spend(_ count: Int, at offset: Int) throws(CELError) {
        if count > limits.comprehensionIterations {
            throw CELError("comprehension stopped after \(limits.comprehensionIterations) iterations (the list or map is too large)", at: offset)
        }
        iterations += 1
        if iterations > limits.totalIterations {
            throw CELError("evaluation stopped after \(limits.totalIterations) loop iterations in all", at: offset)
        }
    }
}

/// Turns a (folded) expression tree into `CELCode`, with the semantics of cel-spec: the same
/// values and the same errors, at the same offsets, as walking the tree.
enum CELCodegen {
    /// What the closures are made with: the overloads per node, and the `variable.field`
    /// selections the host binds by position (`CELEvaluator.fields`), with the loop variables in
    /// scope that hide such a variable.
    struct Context {
        let calls: [[CELOverload]]
        var fields: [(variable: String, field: String)] = []
        var hidden: [String] = []

        /// The position of `variable.field` among the host's fields, unless a loop variable hides it.
        func field(_ variable: String, _ field: String) -> Int? {
            if fields.isEmpty || hidden.contains(variable) { return nil }
            return fields.firstIndex { $0.variable == variable && $0.field == field }
        }

        /// The context inside a comprehension, whose loop variables hide the host's.
        func hiding(_ variable: String, _ variable2: String?) -> Context {
            var inner = self
            inner.hidden.append(variable)
            if let variable2 { inner.hidden.append(variable2) }
            return inner
        }
    }

    static func code(_ e: CELExpr, _ cx: Context) -> CELCode {
        let offset = e.offset
        switch e.kind {
        case .literal(let v):
            return { _ throws(CELError) in v }
        case .ident(let name):
            return { ev throws(CELError) in
                if let v = ev.lookup(name) { return v }
                throw CELError("no value for '\(name)'", at: offset)
            }
        case .select(let operand, let field, let test):
            // `name.field` (the most common selection) looks the name up in place.
            if case .ident(let name) = operand.kind {
                // A field the host binds by position: read in place, no map bound and searched
                // (`entry.date` of bench/let_bench.py's per-entry let: 410 instructions an
                // evaluation, the `entry` map made per entry 150 more; callgrind). The host binds
                // every such field, so `has()` of one is true.
                if let k = cx.field(name, field) {
                    if test { return { _ throws(CELError) in .bool(true) } }
                    return { ev throws(CELError) in ev.fields[k] }
                }
                let nameOffset = operand.offset
                return { ev throws(CELError) in
                    guard let target = ev.lookup(name) else { throw CELError("no value for '\(name)'", at: nameOffset) }
                    return try select(target, field, test, offset)
                }
            }
            let target = code(operand, cx)
            return { ev throws(CELError) in try select(target(&ev), field, test, offset) }
        case .list(let items):
            let codes = items.map { code($0, cx) }
            return { ev throws(CELError) in
                var out: [CELValue] = []
                out.reserveCapacity(codes.count)
                for c in codes { out.append(try c(&ev)) }
                return .list(out)
            }
        case .map(let entries):
            let codes = entries.map { (key: code($0.key, cx), value: code($0.value, cx), offset: $0.key.offset) }
            return { ev throws(CELError) in
                var m = CELMap()
                for entry in codes {
                    let k = try entry.key(&ev)
                    let v = try entry.value(&ev)
                    guard CELKey(k) != nil else { throw CELError("a map key must be an int, uint, bool or string, found \(k.kindName)", at: entry.offset) }
                    guard m.insert(k, v) else { throw CELError("repeated map key \(CELFormat.literal(k))", at: entry.offset) }
                }
                return .map(m)
            }
        case .comprehension(let c):
            return comprehension(c, offset, cx)
        case .call(let name, let target, let args):
            switch name {
            case "_&&_", "_||_":
                let isAnd = name == "_&&_"
                let codes = args.map { (code: code($0, cx), offset: $0.offset) }
                return { ev throws(CELError) in try logic(isAnd, codes, &ev) }
            case "_?_:_":
                let condition = code(args[0], cx), then = code(args[1], cx), otherwise = code(args[2], cx)
                let conditionOffset = args[0].offset
                return { ev throws(CELError) in
                    let value = try condition(&ev)
                    guard case .bool(let c) = value else {
                        throw CELError("the condition of '?:' must be a bool, found \(value.kindName)", at: conditionOffset)
                    }
                    return try c ? then(&ev) : otherwise(&ev)
                }
            default:
                break
            }
            let operands = (target.map { [$0] } ?? []) + args
            let candidates = e.id < cx.calls.count ? cx.calls[e.id] : []
            let failure = CallFailure(name: name, offset: offset, unknown: candidates.isEmpty && target == nil && !name.hasPrefix("_"))
            if operands.count == 2 {
                return binaryCall(operand(operands[0], cx), operand(operands[1], cx), candidates.map(BinaryOverload.init), failure)
            }
            let codes = operands.map { code($0, cx) }
            return { ev throws(CELError) in
                var values: [CELValue] = []
                values.reserveCapacity(codes.count)
                for c in codes { values.append(try c(&ev)) }
                for o in candidates where o.accepts(values) {
                    do throws(CELError) { return try o.implementation(values) } catch { throw failure.placed(error) }
                }
                throw failure.error(values)
            }
        }
    }

    /// An operand of a two-operand call: a literal's value is read in place, not through a
    /// closure. And closures are captured one by one, not read from an array, which keeps them
    /// at their most general form and adds a conversion thunk to every call. With
    /// `BinaryOverload`: `entry.date + duration('90m')` of bench/let_bench.py 1,600 -> 1,100
    /// instructions an evaluation (callgrind, a tutorials copy over 10 days).
    enum Operand {
        case value(CELValue)
        /// A field the host binds by position (`CELEvaluator.fields`), read in place, not through a
        /// closure (`entry.date + duration('90m')`: 50 instructions an evaluation, callgrind).
        case field(Int)
        case code(CELCode)

        @inline(__always)
        func evaluate(_ ev: inout CELEvaluator) throws(CELError) -> CELValue {
            switch self {
            case .value(let v): return v
            case .field(let k): return ev.fields[k]
            case .code(let c): return try c(&ev)
            }
        }
    }

    static func operand(_ e: CELExpr, _ cx: Context) -> Operand {
        if case .literal(let v) = e.kind { return .value(v) }
        if case .select(let operand, let field, test: false) = e.kind, case .ident(let name) = operand.kind, let k = cx.field(name, field) {
            return .field(k)
        }
        return .code(code(e, cx))
    }

    /// An overload as a two-operand call checks and calls it: the kinds of value its parameters
    /// take (nil: any) and its two-operand function, not the overload (its types, a tree of
    /// boxes, and its closures) copied at each call.
    struct BinaryOverload {
        /// False for an overload of another arity, which accepts no two operands.
        let takesTwo: Bool
        let first: CELValue.Kind?
        let second: CELValue.Kind?
        let call: @Sendable (CELValue, CELValue) throws(CELError) -> CELValue

        init(_ o: CELOverload) {
            takesTwo = o.params.count == 2
            first = o.params.count == 2 ? CELOverload.kind(taking: o.params[0]) : nil
            second = o.params.count == 2 ? CELOverload.kind(taking: o.params[1]) : nil
            if let binary = o.binary {
                call = binary
            } else {
                let implementation = o.implementation
                call = { (a: CELValue, b: CELValue) throws(CELError) -> CELValue in try implementation([a, b]) }
            }
        }

        @inline(__always)
        func accepts(_ a: CELValue, _ b: CELValue) -> Bool { accepts(first: a) && accepts(second: b) }

        @inline(__always)
        func accepts(first a: CELValue) -> Bool { takesTwo && (first == nil || first == a.kind) }

        @inline(__always)
        func accepts(second b: CELValue) -> Bool { takesTwo && (second == nil || second == b.kind) }
    }

    /// A call of two operands (the operators): no argument array, the first overload that
    /// accepts the values called (one, in a checked program: then no loop either).
    private static func binaryCall(_ left: Operand, _ right: Operand, _ overloads: [BinaryOverload], _ failure: CallFailure) -> CELCode {
        if overloads.count == 1, let only = overloads.first {
            // A host's field and a literal the overload takes (`entry.date + duration('90m')`):
            // both passed where they are held, not copied out of their `Operand`s and destroyed,
            // and the literal's kind checked here, once (bench/let_bench.py's per-entry let, with
            // the entry's evaluation unretained in Lets.swift: 256 -> 194 instructions, callgrind).
            if case .field(let k) = left, case .value(let b) = right, only.accepts(second: b) {
                return { ev throws(CELError) in
                    guard only.accepts(first: ev.fields[k]) else { throw failure.error([ev.fields[k], b]) }
                    return try call(only, ev.fields[k], b, failure)
                }
            }
            return { ev throws(CELError) in
                let a = try left.evaluate(&ev)
                let b = try right.evaluate(&ev)
                guard only.accepts(a, b) else { throw failure.error([a, b]) }
                return try call(only, a, b, failure)
            }
        }
        return { ev throws(CELError) in
            let a = try left.evaluate(&ev)
            let b = try right.evaluate(&ev)
            for o in overloads where o.accepts(a, b) { return try call(o, a, b, failure) }
            throw failure.error([a, b])
        }
    }

    /// The overload called, its error placed at the call when it has no place of its own.
    @inline(__always)
    private static func call(_ o: BinaryOverload, _ a: CELValue, _ b: CELValue, _ failure: CallFailure) throws(CELError) -> CELValue {
        do throws(CELError) { return try o.call(a, b) } catch { throw failure.placed(error) }
    }

    /// What a call's errors say.
    struct CallFailure: Sendable {
        let name: String
        let offset: Int
        /// No overload at all of a global function: its name is unknown.
        let unknown: Bool

        /// An overload's error, placed at the call when it has no place of its own.
        func placed(_ error: CELError) -> CELError {
            var error = error
            if error.offset == nil { error.offset = offset }
            return error
        }

        func error(_ values: [CELValue]) -> CELError {
            if unknown { return CELError("unknown function '\(name)'", at: offset) }
            return CELError("no matching overload for '\(celDisplayName(name))' applied to (\(values.map(\.kindName).joined(separator: ", ")))", at: offset)
        }
    }

    private static func select(_ target: CELValue, _ field: String, _ test: Bool, _ offset: Int) throws(CELError) -> CELValue {
        guard case .map(let m) = target else {
            throw CELError("'.\(field)' selects a field, but the value is \(target.kindName)", at: offset)
        }
        if test { return .bool(m[string: field] != nil) }
        guard let v = m[string: field] else { throw CELError("no such key: '\(field)'", at: offset) }
        return v
    }

    /// `&&` and `||` as CEL defines them: commutative, an error or a non-bool on one side is
    /// absorbed when the other side decides.
    private static func logic(_ isAnd: Bool, _ args: [(code: CELCode, offset: Int)], _ ev: inout CELEvaluator) throws(CELError) -> CELValue {
        var firstError: CELError? = nil
        for a in args {
            do throws(CELError) {
                let v = try a.code(&ev)
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

    private static func comprehension(_ c: CELComprehension, _ offset: Int, _ cx: Context) -> CELCode {
        let range = code(c.range, cx)
        let rangeOffset = c.range.offset
        let inner = cx.hiding(c.variable, c.variable2)
        let args = c.args.map { (code: code($0, inner), offset: $0.offset) }
        let kind = c.kind
        let variable = c.variable
        let variable2 = c.variable2
        if kind == .bind {
            return { ev throws(CELError) in
                let value = try range(&ev)
                ev.locals.append((variable, value))
                defer { ev.locals.removeLast() }
                return try args[0].code(&ev)
            }
        }
        return { ev throws(CELError) in
            let value = try range(&ev)
            // The pairs iterated: (index or key, element or value), made one at a time.
            let pairs: CELPairs
            let isMap: Bool
            switch value {
            case .list(let l):
                pairs = CELPairs(keys: nil, values: l)
                isMap = false
            case .map(let m):
                pairs = CELPairs(keys: m.keys, values: m.values)
                isMap = true
            default:
                throw CELError("\(kind.rawValue)() iterates over a list or a map, found \(value.kindName)", at: rangeOffset)
            }
            let twoVariables = variable2 != nil
            var count = 0
            func bind(_ pair: (CELValue, CELValue), into locals: inout [(String, CELValue)]) {
                if let variable2 {
                    locals.append((variable, pair.0))
                    locals.append((variable2, pair.1))
                } else {
                    locals.append((variable, isMap ? pair.0 : pair.1))
                }
            }
            func unbind(_ locals: inout [(String, CELValue)]) { locals.removeLast(twoVariables ? 2 : 1) }
            func predicate(_ arg: (code: CELCode, offset: Int), _ ev: inout CELEvaluator) throws(CELError) -> Bool {
                let v = try arg.code(&ev)
                guard case .bool(let b) = v else { throw CELError("the condition of \(kind.rawValue)() must give a bool, gave \(v.kindName)", at: arg.offset) }
                return b
            }
            switch kind {
            case .all, .exists:
                let decisive = kind == .exists
                var firstError: CELError? = nil
                for pair in pairs {
                    count += 1
                    try ev.spend(count, at: offset)
                    bind(pair, into: &ev.locals)
                    defer { unbind(&ev.locals) }
                    do throws(CELError) {
                        if try predicate(args[0], &ev) == decisive { return .bool(decisive) }
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
                    try ev.spend(count, at: offset)
                    bind(pair, into: &ev.locals)
                    defer { unbind(&ev.locals) }
                    if try predicate(args[0], &ev) { found += 1 }
                }
                return .bool(found == 1)
            case .map, .filter, .transformList:
                var out: [CELValue] = []
                for pair in pairs {
                    count += 1
                    try ev.spend(count, at: offset)
                    bind(pair, into: &ev.locals)
                    defer { unbind(&ev.locals) }
                    if kind == .filter {
                        if try predicate(args[0], &ev) { out.append(twoVariables ? pair.1 : (isMap ? pair.0 : pair.1)) }
                        continue
                    }
                    if args.count == 2, try !predicate(args[0], &ev) { continue }
                    out.append(try args[args.count - 1].code(&ev))
                }
                return .list(out)
            case .transformMap, .transformMapEntry:
                var out = CELMap()
                for pair in pairs {
                    count += 1
                    try ev.spend(count, at: offset)
                    bind(pair, into: &ev.locals)
                    defer { unbind(&ev.locals) }
                    if args.count == 2, try !predicate(args[0], &ev) { continue }
                    let last = args[args.count - 1]
                    let v = try last.code(&ev)
                    if kind == .transformMap {
                        out.insert(pair.0, v)
                    } else {
                        guard case .map(let entry) = v else { throw CELError("transformMapEntry() must give a map, gave \(v.kindName)", at: last.offset) }
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
                    try ev.spend(count, at: offset)
                    bind(pair, into: &ev.locals)
                    defer { unbind(&ev.locals) }
                    keys.append(try args[0].code(&ev))
                }
                do throws(CELError) { return .list(try CELListsExtension.sorted(isMap ? pairs.keys! : pairs.values, keys: keys)) } catch {
                    throw CELError(error.message, at: offset)
                }
            case .bind:
                return .null
            }
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
