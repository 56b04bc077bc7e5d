import Testing

@testable import WidgetCEL

/// `CELParsed`: one parse serves both the question of what an expression reads (asked before
/// the types of what it reads are known) and the type check, with `CELProgram.compile`'s results.
@Suite struct CELParsedTests {
    static let texts = [
        "let.a + param.goal", "data.items.filter(x, x.done).map(x, x.title)", "size(let.list) > 2 ? 'many' : 'few'",
        "has(data.train.delay) && data.train.delay > duration('5m')", "[1, 2, 3].exists(n, n == param.goal)",
        "int(param.city) + 1", "let.b.c.d", "math.greatest(1, 2)",
    ]

    static func environment(letType: CELType) -> CELEnvironment {
        var options = CELParser.Options()
        options.allowedReservedWords = ["let"]  // as widgets' expressions allow it
        return CELEnvironment(variables: [
            "data": .dyn, "param": .object("param", [.init("goal", .int), .init("city", .string)]),
            "let": .object("let", [.init("a", letType), .init("list", .list(.string)), .init("b", .dyn)]),
        ], parserOptions: options)
    }

    @Test(arguments: CELParsedTests.texts)
    func checkedIsWhatCompileGives(_ text: String) throws {
        // Parsed while `let.a` is still untyped, checked once it is an int (as the let checks do).
        let parsed = try CELParsed.parse(text, env: Self.environment(letType: .dyn))
        let env = Self.environment(letType: .int)
        let unchecked = try CELProgram.compileUnchecked(text, variables: Set(env.variables.keys), env: env)
        #expect(parsed.namesRead.references == unchecked.references)
        #expect(parsed.namesRead.selections.map { "\($0.variable).\($0.field)" } == unchecked.selections.map { "\($0.variable).\($0.field)" })
        #expect(parsed.namesRead.wholeReferences == unchecked.wholeReferences)
        var compiled: Result<CELProgram, CELProgram.Failure>
        do { compiled = .success(try CELProgram.compile(text, env: env)) } catch { compiled = .failure(error) }
        do {
            let checked = try parsed.checked(env: env)
            let expected = try compiled.get()
            #expect(checked.type == expected.type)
            #expect(checked.nodeTypes == expected.nodeTypes)
            #expect(checked.calls.map { $0.count } == expected.calls.map { $0.count })
        } catch {
            guard case .failure(let expected) = compiled else { Issue.record("checked threw \(error), compile did not"); return }
            #expect(error.errors == expected.errors)
        }
    }

    @Test func aSyntaxErrorIsThrownByTheParse() {
        #expect(throws: CELProgram.Failure.self) { try CELParsed.parse("let.a +", env: Self.environment(letType: .int)) }
        do {
            _ = try CELParsed.parse("param.goal )", env: Self.environment(letType: .int))
            Issue.record("a syntax error was not thrown")
        } catch {
            #expect(error.errors.first?.offset == 11)
        }
    }
}
