/// An expression parsed and its names resolved against an environment's variables, not yet
/// type-checked: what it reads (`namesRead`) is known before the types of what
/// it reads are (a let's type comes from the lets it reads), and `checked(env:)` type-checks
/// the same tree. So an expression is parsed once, not once to order lets and again to check
/// them (validate's let checks: 197 k instructions a parse of widgets/'s lets, callgrind).
package struct CELParsed: Sendable {
    /// The resolved tree, as an unchecked program with no overloads: only walked, never evaluated.
    private let tree: CELProgram
    private let nodeCount: Int

    /// Parses `text` and resolves its names against `env`'s variables and functions (as
    /// `CELProgram.compile` does); throws the syntax error.
    package static func parse(_ text: String, env: CELEnvironment) throws(CELProgram.Failure) -> CELParsed {
        let parsed: (CELExpr, nodeCount: Int)
        do { parsed = try CELParser.parse(text, options: env.parserOptions) } catch { throw CELProgram.Failure(errors: [error]) }
        // The closures capture the two tables they read, not the environment: a copy of it each
        // (every table it holds retained, and released with the closures' context).
        let variables = env.variables, overloads = env.functions.overloads
        var resolver = CELResolver(
            isVariable: { variables[$0] != nil }, isFunction: { overloads[$0] != nil },
            hasQualifiedVariables: CELResolver.anyQualified(variables.keys))
        let root = resolver.resolve(parsed.0)
        return CELParsed(
            tree: CELProgram(source: text, root: root, type: .dyn, calls: [], nodeTypes: [], limits: env.limits, prepare: false),
            nodeCount: parsed.nodeCount)
    }

    /// What the expression reads: variables (by their full names), the fields selected from each
    /// (`let.top` reads field `top` of `let`), the variables read whole; from one walk.
    package var namesRead: CELNamesRead { tree.namesRead }

    /// The program, type-checked against `env`, which must name the same variables as the
    /// environment it was parsed with (their types may differ): `CELProgram.compile`'s result.
    package func checked(env: CELEnvironment) throws(CELProgram.Failure) -> CELProgram {
        var checker = CELChecker(env: env, nodeCount: nodeCount)
        let type = checker.check(tree.root)
        if !checker.errors.isEmpty { throw CELProgram.Failure(errors: checker.errors) }
        return CELProgram(
            source: tree.source, root: tree.root, type: type, calls: checker.overloads, nodeTypes: checker.types, limits: env.limits,
            prepare: false)
    }
}
