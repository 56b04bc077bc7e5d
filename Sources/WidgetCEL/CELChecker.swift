import WidgetSupport

/// Name resolution: a selection that spells a qualified variable (`com.example.x`) or a type
/// (`google.protobuf.Timestamp`) becomes that name; a call on a namespace (`math.least(…)`)
/// becomes the namespaced function. Runs before checking, and alone for unchecked programs.
struct CELResolver {
    let isVariable: (String) -> Bool
    let isFunction: (String) -> Bool
    /// Whether some variable's name has a dot (`com.example.x`). When none has, a chain of
    /// selections can spell a name only from `google` (a type: `google.protobuf.Timestamp`), and
    /// the others are not spelled and split to be tried prefix by prefix (the let checks' resolving,
    /// callgrind on 300 files of bench/validate's examples shape: 7.2 M -> 2.1 M instructions).
    let hasQualifiedVariables: Bool
    var locals: [String] = []

    init(isVariable: @escaping (String) -> Bool, isFunction: @escaping (String) -> Bool, hasQualifiedVariables: Bool = true) {
        self.isVariable = isVariable
        self.isFunction = isFunction
        self.hasQualifiedVariables = hasQualifiedVariables
    }

    /// Whether a name of `variables` has a dot. (Each name's bytes searched in place: `contains`
    /// on the UTF-8 view went byte by byte through its indices; `CELParsed.parse` 6.76 M ->
    /// 6.55 M instructions on 300 files of bench/validate's examples shape, callgrind.)
    static func anyQualified(_ variables: some Sequence<String>) -> Bool {
        variables.contains { name in
            name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) } ?? name.utf8.contains(UInt8(ascii: "."))
        }
    }

    /// The dotted name a chain of plain selections spells (`a.b.c`), if it is one.
    static func dottedName(_ e: CELExpr) -> String? {
        switch e.kind {
        case .ident(let n): return n
        case .select(let operand, let field, test: false): return dottedName(operand).map { $0 + "." + field }
        default: return nil
        }
    }

    /// A chain of selections with its root identifier resolved (the selections are not names);
    /// nil when that changes nothing.
    private mutating func resolvedRoot(_ e: CELExpr) -> CELExpr? {
        guard case .select(let operand, let field, let test) = e.kind else { return resolved(e) }
        guard let root = resolvedRoot(operand) else { return nil }
        var e = e
        e.kind = .select(root, field, test: test)
        return e
    }

    /// Whether `dottedName(e)` is a name (without spelling it).
    private static func isDotted(_ e: CELExpr) -> Bool {
        switch e.kind {
        case .ident: true
        case .select(let operand, _, test: false): isDotted(operand)
        default: false
        }
    }

    static func root(_ e: CELExpr) -> String? {
        switch e.kind {
        case .ident(let n): return n
        case .select(let operand, _, _): return root(operand)
        default: return nil
        }
    }

    mutating func resolve(_ e: CELExpr) -> CELExpr { resolved(e) ?? e }

    /// `e` with its names resolved, nil when that changes nothing: a node is rebuilt only on the
    /// way up from one that changes, and most names are variables or loop variables, so most
    /// trees are kept whole (resolving the lets of 300 files of bench/validate's examples shape,
    /// the rebuilt trees freed with them: 3.4 M -> 2.0 M instructions, callgrind).
    private mutating func resolved(_ e: CELExpr) -> CELExpr? {
        var e = e
        switch e.kind {
        case .literal: return nil
        case .ident(let name):
            if name.hasPrefix(".") {
                let bare = String(name.dropFirst())
                if let t = CELEnvironment.typeDenotations[bare] { e.kind = .literal(.type(CELEnvironment.typeValueName(t))) }
                else { e.kind = .ident(bare) }
                return e
            }
            if locals.contains(name) || isVariable(name) { return nil }
            guard let t = CELEnvironment.typeDenotations[name] else { return nil }
            e.kind = .literal(.type(CELEnvironment.typeValueName(t)))
            return e
        case .select(let operand, let field, let test):
            if !hasQualifiedVariables, let rootName = Self.root(e), rootName != "google", !rootName.utf8.contains(UInt8(ascii: ".")),
                !locals.contains(rootName), Self.isDotted(test ? operand : e)
            {
                // What the search below finds when no prefix names a variable or a type.
                guard let root = resolvedRoot(operand) else { return nil }
                e.kind = .select(root, field, test: test)
                return e
            }
            if let dotted = Self.dottedName(test ? operand : e), let rootName = Self.root(e), !locals.contains(rootName) {
                let name = dotted.hasPrefix(".") ? String(dotted.dropFirst()) : dotted
                let pieces = name.split(separator: ".", omittingEmptySubsequences: false)
                let parts = pieces.map(String.init)
                // The chain's nodes from the outermost: chain[j] spells the first parts.count - j parts.
                var chain: [CELExpr] = []
                var cursor = test ? operand : e
                while true {
                    chain.append(cursor)
                    guard case .select(let inner, _, _) = cursor.kind else { break }
                    cursor = inner
                }
                // The longest prefix of two or more parts that names a variable or a type wins.
                var k = parts.count
                while k >= 2 {
                    // The first k parts with their dots, as written: parts[0..<k].joined(separator: ".").
                    let candidate = String(name[..<pieces[k - 1].endIndex])
                    let isVar = isVariable(candidate)
                    if isVar || CELEnvironment.typeDenotations[candidate] != nil {
                        let replaced = chain[parts.count - k]
                        var result = CELExpr(id: replaced.id, offset: replaced.offset, kind: .ident(candidate))
                        if !isVar, let t = CELEnvironment.typeDenotations[candidate] {
                            result.kind = .literal(.type(CELEnvironment.typeValueName(t)))
                        }
                        for j in stride(from: parts.count - k - 1, through: 0, by: -1) {
                            result = CELExpr(id: chain[j].id, offset: chain[j].offset, kind: .select(result, parts[parts.count - j - 1], test: false))
                        }
                        if test { e.kind = .select(result, field, test: true); return e }
                        return result
                    }
                    k -= 1
                }
                // No prefix of two or more parts names one, so neither does any shorter chain
                // below: resolving the operand would try them all again, level by level (the
                // let checks' resolving, with the prefixes cut from name, callgrind on 300 files of
                // bench/validate's examples shape: 11.0 M -> 7.2 M). Only the root is left to resolve.
                guard let root = resolvedRoot(operand) else { return nil }
                e.kind = .select(root, field, test: test)
                return e
            }
            guard let resolvedOperand = resolved(operand) else { return nil }
            e.kind = .select(resolvedOperand, field, test: test)
            return e
        case .call(let name, let target, let args):
            if let target, let dotted = Self.dottedName(target), let rootName = Self.root(target),
                !locals.contains(rootName), !isVariable(rootName), isFunction(dotted + "." + name)
            {
                e.kind = .call(dotted + "." + name, target: nil, args: args.map { resolve($0) })
                return e
            }
            let resolvedTarget = target.flatMap { resolved($0) }
            let resolvedArgs = resolvedAll(args)
            if resolvedTarget == nil && resolvedArgs == nil { return nil }
            e.kind = .call(name, target: resolvedTarget ?? target, args: resolvedArgs ?? args)
            return e
        case .list(let items):
            guard let resolvedItems = resolvedAll(items) else { return nil }
            e.kind = .list(resolvedItems)
            return e
        case .map(let entries):
            var changed: [(key: CELExpr, value: CELExpr)]? = nil
            for (k, entry) in entries.enumerated() {
                let key = resolved(entry.key), value = resolved(entry.value)
                if key == nil && value == nil { continue }
                if changed == nil { changed = entries }
                changed![k] = (key ?? entry.key, value ?? entry.value)
            }
            guard let changed else { return nil }
            e.kind = .map(changed)
            return e
        case .comprehension(var c):
            let range = resolved(c.range)
            let saved = locals
            var args: [CELExpr]? = nil
            if c.kind == .bind {
                for (k, a) in c.args.enumerated() {
                    locals.append(c.variable)
                    let r = resolved(a)
                    locals = saved
                    if let r {
                        if args == nil { args = c.args }
                        args![k] = r
                    }
                }
            } else {
                locals.append(c.variable)
                if let v2 = c.variable2 { locals.append(v2) }
                args = resolvedAll(c.args)
                locals = saved
            }
            if range == nil && args == nil { return nil }
            if let range { c.range = range }
            if let args { c.args = args }
            e.kind = .comprehension(c)
            return e
        }
    }

    /// `items` resolved, nil when none changes.
    private mutating func resolvedAll(_ items: [CELExpr]) -> [CELExpr]? {
        var changed: [CELExpr]? = nil
        for (k, item) in items.enumerated() {
            guard let r = resolved(item) else { continue }
            if changed == nil { changed = items }
            changed![k] = r
        }
        return changed
    }
}

/// The type checker: gives every node a type, picks the overloads a call can use, and
/// reports unknown names (with did-you-mean) and type errors naming expected and found types.
struct CELChecker {
    let env: CELEnvironment
    var types: [CELType]
    var overloads: [[CELOverload]]
    var errors: [CELError] = []
    var locals: [(String, CELType)] = []

    init(env: CELEnvironment, nodeCount: Int) {
        self.env = env
        types = Array(repeating: .dyn, count: nodeCount)
        overloads = Array(repeating: [], count: nodeCount)
    }

    mutating func error(_ message: String, at offset: Int) -> CELType {
        errors.append(CELError(message, at: offset))
        return .error
    }

    mutating func check(_ e: CELExpr) -> CELType {
        let t = infer(e)
        if e.id < types.count { types[e.id] = t }
        return t
    }

    func lookup(_ name: String) -> CELType? {
        if let local = locals.last(where: { $0.0 == name }) { return local.1 }
        return env.variables[name]
    }

    var visibleNames: [String] { locals.map(\.0) + Array(env.variables.keys) }

    private mutating func infer(_ e: CELExpr) -> CELType {
        switch e.kind {
        case .literal(let v):
            switch v {
            case .null: return .null
            case .bool: return .bool
            case .int: return .int
            case .uint: return .uint
            case .double: return .double
            case .string: return .string
            case .bytes: return .bytes
            case .type(let name): return .type(CELEnvironment.typeDenotations[name] ?? .dyn)
            default: return .dyn
            }
        case .ident(let name):
            if let t = lookup(name) { return t }
            let bare = name.split(separator: ".").first.map(String.init) ?? name
            return error("undeclared reference to '\(name)'" + Suggest.hint(for: bare, among: visibleNames), at: e.offset)
        case .select(let operand, let field, let test):
            let t = check(operand)
            let fieldType: CELType
            switch t {
            case .error: return .error
            case .dyn: fieldType = .dyn
            case .map(let k, let v):
                guard assignable(k, .string) else {
                    return error("'.\(field)' needs a map with string keys, found \(t)", at: e.offset)
                }
                fieldType = v
            case .object(let name, let fields):
                guard let f = fields.first(where: { $0.name == field }) else {
                    return error("\(name) has no field '\(field)'" + Suggest.hint(for: field, among: fields.map(\.name)), at: e.offset)
                }
                fieldType = f.type
            default:
                return error("'.\(field)' selects a field, but the value is of type \(t) (a map or an object is needed)", at: e.offset)
            }
            return test ? .bool : fieldType
        case .list(let items):
            var element: CELType? = nil
            for item in items { element = join(element, check(item)) }
            return .list(element ?? .dyn)
        case .map(let entries):
            var k: CELType? = nil
            var v: CELType? = nil
            for entry in entries {
                let kt = check(entry.key)
                switch kt {
                case .int, .uint, .bool, .string, .dyn, .error: break
                default: _ = error("a map key must be an int, uint, bool or string, found \(kt)", at: entry.key.offset)
                }
                k = join(k, kt)
                v = join(v, check(entry.value))
            }
            return .map(k ?? .dyn, v ?? .dyn)
        case .call(let name, let target, let args):
            return checkCall(e, name, target, args)
        case .comprehension(let c):
            return checkComprehension(e, c)
        }
    }

    /// The common type of two, or `dyn` when they differ.
    func join(_ a: CELType?, _ b: CELType) -> CELType {
        guard let a else { return b }
        if a == b { return a }
        if case .error = a { return b }
        if case .error = b { return a }
        switch (a, b) {
        case (.list(let x), .list(let y)): return .list(join(x, y))
        case (.map(let k1, let v1), .map(let k2, let v2)): return .map(join(k1, k2), join(v1, v2))
        default: return .dyn
        }
    }

    func assignable(_ p: CELType, _ a: CELType) -> Bool {
        var b: [String: CELType] = [:]
        return assign(p, a, &b)
    }

    /// Whether a value of type `a` can be passed where `p` is expected, binding `p`'s type
    /// parameters in `b`.
    func assign(_ p: CELType, _ a: CELType, _ b: inout [String: CELType]) -> Bool {
        if case .error = a { return true }
        if case .param(let n) = p {
            if let bound = b[n] {
                if case .dyn = bound { return true }
                if assign(bound, a, &b) { return true }
                if assign(a, bound, &b) { b[n] = a; return true }
                return false
            }
            b[n] = a
            return true
        }
        switch p {
        case .dyn, .error: return true
        default: break
        }
        switch a {
        case .dyn, .param: return true
        default: break
        }
        switch (p, a) {
        case (.list(let x), .list(let y)): return assign(x, y, &b)
        case (.map(let k1, let v1), .map(let k2, let v2)): return assign(k1, k2, &b) && assign(v1, v2, &b)
        case (.map(let k, let v), .object): return assign(k, .string, &b) && assign(v, .dyn, &b)
        case (.type, .type): return true  // type values compare at run time (type(1) == type(1u) is false, not an error)
        case (.object(let n1, _), .object(let n2, _)): return n1 == n2
        default: return p == a
        }
    }

    private mutating func checkCall(_ e: CELExpr, _ name: String, _ target: CELExpr?, _ args: [CELExpr]) -> CELType {
        // `math.leest(…)`: a call on a namespace (not a variable) names a function of it that does not exist.
        // (The root first: spelling the dotted name makes strings.)
        if let target, let root = CELResolver.root(target), lookup(root) == nil, let dotted = CELResolver.dottedName(target),
            env.functions.names.contains(where: { $0.hasPrefix(dotted + ".") })
        {
            let full = dotted + "." + name
            return error("unknown function '\(full)'" + Suggest.hint(for: full, among: env.functions.names.filter { $0.hasPrefix(dotted + ".") }), at: e.offset)
        }
        let targetType = target.map { check($0) }
        let argTypes = args.map { check($0) }
        switch name {
        case "_&&_", "_||_":
            for (t, a) in zip(argTypes, args) where !assignable(.bool, t) {
                _ = error("'\(celDisplayName(name))' takes bool operands, found \(t)", at: a.offset)
            }
            return .bool
        case "_?_:_":
            if !assignable(.bool, argTypes[0]) { _ = error("the condition of '?:' must be a bool, found \(argTypes[0])", at: args[0].offset) }
            return join(argTypes[1], argTypes[2])
        default: break
        }
        var all = argTypes
        if let targetType { all.insert(targetType, at: 0) }
        let form = env.functions.form(name, member: target != nil, arity: all.count)
        let candidates = form?.overloads ?? []
        // Matched by case: `==` with `.error` copied and compared whole types.
        if all.contains(where: { if case .error = $0 { true } else { false } }) { overloads[e.id] = candidates; return .dyn }
        if candidates.isEmpty {
            if env.functions[name] == nil {
                return error("unknown function '\(name)'" + Suggest.hint(for: name, among: env.functions.names), at: e.offset)
            }
            let how = target != nil ? "as a method" : "as a function"
            let counts = Set((env.functions[name] ?? []).map { $0.params.count - ($0.member ? 1 : 0) }).sorted()
            let memberNote = (env.functions[name] ?? []).allSatisfy { $0.member != (target != nil) }
                ? " ('\(name)' is called \(target != nil ? "as a function: \(name)(x)" : "as a method: x.\(name)()"))" : ""
            return error("'\(name)' \(how) does not take \(args.count) argument\(args.count == 1 ? "" : "s")\(memberNote.isEmpty ? " (it takes \(counts.map(String.init).joined(separator: " or ")))" : memberNote)", at: e.offset)
        }
        if name == "math.greatest" || name == "math.least" {
            return checkExtreme(e, name, argTypes, args)
        }
        // Operands all `dyn` (a source without a schema): every candidate takes them, and the
        // form knows the type (what the loop below finds, without a copy of each overload).
        if let form, all.allSatisfy({ if case .dyn = $0 { true } else { false } }) {
            overloads[e.id] = candidates
            return form.dynResult
        }
        // The overloads that take these operands: nearly always one, or all of them (then the
        // candidates' array is shared, not each overload copied). With the tests above by case
        // and the root looked up first: `CELParsed.checked` 7.24 M -> 6.14 M instructions on 300
        // files of bench/validate's examples shape (callgrind).
        var matched: [CELOverload] = []
        var allMatch = true
        var result: CELType? = nil
        // An overload whose parameters take other kinds of value than the operands are (`_+_` has
        // nine overloads, `_<_` fourteen) is passed over by the kinds' codes, not by `assign` on each
        // pair of types with its bindings (`CELParsed.checked` 34.1 k -> 29.5 k instructions a file
        // on the 304-file examples slice, callgrind).
        let paramKinds = form?.paramKinds ?? []
        let operandKinds = CELFunctionTable.kindCodes(all)
        // (By index: `for o in candidates` copied each overload, its five references retained.)
        for k in candidates.indices {
            if k < paramKinds.count, !CELFunctionTable.kindsMayFit(paramKinds[k], operandKinds) {
                if allMatch {
                    allMatch = false
                    matched = Array(candidates[..<k])
                }
                continue
            }
            var b: [String: CELType] = [:]
            if zip(candidates[k].params, all).allSatisfy({ assign($0.0, $0.1, &b) }) {
                if !allMatch { matched.append(candidates[k]) }
                let r = candidates[k].result.substituting(b, finish: true)
                if let first = result { if first != r { result = .dyn } } else { result = r }
            } else if allMatch {
                allMatch = false
                matched = Array(candidates[..<k])
            }
        }
        if allMatch { matched = candidates }
        guard let result, !matched.isEmpty else {
            let found = "(" + all.map(\.description).joined(separator: ", ") + ")"
            let takes = candidates.map { "(" + $0.params.map(\.description).joined(separator: ", ") + ")" }
            let shown = takes.count > 8 ? takes.prefix(8).joined(separator: ", ") + ", …" : takes.joined(separator: ", ")
            return error("no matching overload for '\(celDisplayName(name))' applied to \(found); it takes \(shown)", at: e.offset)
        }
        overloads[e.id] = matched
        return result
    }

    private mutating func checkExtreme(_ e: CELExpr, _ name: String, _ argTypes: [CELType], _ args: [CELExpr]) -> CELType {
        overloads[e.id] = candidates(name, member: false, arity: args.count)
        var items = argTypes
        if argTypes.count == 1, case .list(let el) = argTypes[0] { items = [el] }
        for (t, a) in zip(items, args) {
            switch t {
            case .int, .uint, .double, .dyn, .error: continue
            default: _ = error("\(name)() takes numbers (or one list of numbers), found \(t)", at: a.offset)
            }
        }
        let first = items.first ?? .dyn
        return items.allSatisfy { $0 == first } ? first : .dyn
    }

    func candidates(_ name: String, member: Bool, arity: Int) -> [CELOverload] {
        env.functions.form(name, member: member, arity: arity)?.overloads ?? []
    }

    private mutating func checkComprehension(_ e: CELExpr, _ c: CELComprehension) -> CELType {
        let rangeType = check(c.range)
        if c.kind == .bind {
            locals.append((c.variable, rangeType))
            defer { locals.removeLast() }
            return check(c.args[0])
        }
        var v1: CELType = .dyn
        var v2: CELType = .dyn
        var isMap = false
        switch rangeType {
        case .list(let el): (v1, v2) = c.variable2 == nil ? (el, .dyn) : (.int, el)
        case .map(let k, let v): (v1, v2) = (k, v); isMap = true
        case .object: (v1, v2) = (.string, .dyn); isMap = true
        case .dyn, .error: break
        default:
            return error("\(c.kind.rawValue)() iterates over a list or a map, found \(rangeType)", at: c.range.offset)
        }
        locals.append((c.variable, v1))
        if let name = c.variable2 { locals.append((name, v2)) }
        defer {
            locals.removeLast()
            if c.variable2 != nil { locals.removeLast() }
        }
        let argTypes = c.args.map { check($0) }
        func requireBool(_ i: Int) {
            if !assignable(.bool, argTypes[i]) {
                _ = error("the condition of \(c.kind.rawValue)() must be a bool, found \(argTypes[i])", at: c.args[i].offset)
            }
        }
        switch c.kind {
        case .all, .exists, .existsOne:
            requireBool(0)
            return .bool
        case .filter:
            requireBool(0)
            return .list(v1)
        case .map, .transformList:
            if argTypes.count == 2 { requireBool(0) }
            return .list(argTypes.last!)
        case .transformMap:
            if argTypes.count == 2 { requireBool(0) }
            return .map(v1, argTypes.last!)
        case .transformMapEntry:
            if argTypes.count == 2 { requireBool(0) }
            return .map(.dyn, .dyn)
        case .sortBy:
            switch argTypes[0] {
            case .int, .uint, .double, .string, .bool, .bytes, .timestamp, .duration, .dyn, .error: break
            default: _ = error("sortBy() needs a key that can be ordered (a number, string, bool, bytes, timestamp or duration), found \(argTypes[0])", at: c.args[0].offset)
            }
            return isMap ? .list(v1) : rangeType
        case .bind: return .dyn
        }
    }
}
