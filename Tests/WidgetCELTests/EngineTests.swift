import Testing
import WidgetSupport

@testable import WidgetCEL

/// The engine as a widget uses it: typed variables, errors with positions, budgets.
@Suite("CEL engine")
struct EngineTests {
    static let param = CELType.object("param", [.init("goal", .int), .init("city", .string)])
    static let env = CELEnvironment(variables: ["data": .dyn, "param": param, "now": .timestamp])

    static func compileError(_ text: String, env: CELEnvironment = EngineTests.env) -> CELError? {
        do {
            _ = try CELProgram.compile(text, env: env)
            return nil
        } catch {
            return error.errors.first
        }
    }

    static func eval(_ text: String, _ vars: [String: CELValue] = [:], env: CELEnvironment = EngineTests.env) throws -> CELValue {
        try CELProgram.compile(text, env: env).evaluate(vars)
    }

    @Test func syntaxErrorsArePlacedAtTheirCharacter() throws {
        let e = try #require(Self.compileError("param.goal + "))
        #expect(e.offset == 13)
        #expect(e.message.contains("expected a value"))
        let missing = try #require(Self.compileError("[1, 2"))
        #expect(missing.offset == 5)
        #expect(missing.message.contains("']'"))
        // On the second line of a multi-line expression, after a non-ASCII character.
        let text = "size('é') +\n  (1 * )"
        let later = try #require(Self.compileError(text))
        #expect(celLineColumn(of: later.offset!, in: text) == (2, 8))
    }

    @Test func unknownNamesSuggestTheClosest() throws {
        let field = try #require(Self.compileError("param.gaol * 2"))
        #expect(field.message == "param has no field 'gaol' (did you mean 'goal'?)")
        #expect(field.offset == 5)
        let variable = try #require(Self.compileError("dta.items"))
        #expect(variable.message.contains("undeclared reference to 'dta'"))
        #expect(variable.message.contains("did you mean 'data'?"))
        let function = try #require(Self.compileError("sise([1])"))
        #expect(function.message == "unknown function 'sise' (did you mean 'size'?)")
    }

    @Test func typeErrorsNameExpectedAndFoundTypes() throws {
        let e = try #require(Self.compileError("param.goal + param.city"))
        #expect(e.message.hasPrefix("no matching overload for '+' applied to (int, string); it takes (int, int)"))
        #expect(e.offset == 11)
        let condition = try #require(Self.compileError("param.goal ? 1 : 2"))
        #expect(condition.message == "the condition of '?:' must be a bool, found int")
        // dyn data is checked when read, not at compile time.
        #expect(Self.compileError("data.steps + 1") == nil)
    }

    /// The checker passes over an overload by its parameters' kind codes only where `assign` would
    /// refuse the operands too, for every pair of these types (and as the first or the second of two).
    @Test func overloadsPassedOverByKindAreThoseAssignRefuses() {
        let param = CELType.param("A")
        let types: [CELType] = [
            .int, .uint, .double, .bool, .string, .bytes, .null, .timestamp, .duration, .dyn, .error, param,
            .list(.int), .list(.dyn), .list(param), .map(.string, .int), .map(.dyn, .dyn), .map(param, CELType.param("B")),
            .type(nil), .type(.int), Self.param, .object("other", []),
        ]
        let checker = CELChecker(env: Self.env, nodeCount: 0)
        for p in types {
            for a in types {
                var b = [String: CELType]()
                let assigns = checker.assign(p, a, &b)
                let mayFit = CELFunctionTable.kindsMayFit(CELFunctionTable.kindCodes([p]), CELFunctionTable.kindCodes([a]))
                #expect(mayFit || !assigns, "\(p) <- \(a)")
                let mayFitSecond = CELFunctionTable.kindsMayFit(
                    CELFunctionTable.kindCodes([.dyn, p]), CELFunctionTable.kindCodes([.int, a]))
                #expect(mayFitSecond == mayFit, "\(p) <- \(a) second")
            }
        }
        // A mismatch of either operand is enough; any kind fits `dyn` and a parameter.
        #expect(!CELFunctionTable.kindsMayFit(CELFunctionTable.kindCodes([.int, .int]), CELFunctionTable.kindCodes([.int, .string])))
        #expect(CELFunctionTable.kindsMayFit(CELFunctionTable.kindCodes([param, .dyn]), CELFunctionTable.kindCodes([.string, .list(.int)])))
    }

    @Test func freeVariablesAndTheirFieldsLeaveLoopVariablesOut() throws {
        // `c` is the comprehension's own variable; `data` and `param` are free.
        let program = try CELProgram.compile("[param.city].map(c, c.size() + data.steps)", env: Self.env)
        #expect(program.references == ["param", "data"])
        #expect(program.selections.map { "\($0.variable).\($0.field)" } == ["param.city", "data.steps"])
        // A loop variable named like a free one hides it inside the loop only.
        let shadowed = try CELProgram.compile("[1].exists(data, data > 0) || data.ok", env: Self.env)
        #expect(shadowed.references == ["data"])
        #expect(shadowed.selections.map { "\($0.variable).\($0.field)" } == ["data.ok"])
        #expect(program.wholeReferences.isEmpty && shadowed.wholeReferences.isEmpty)
        // Read whole: a variable not under a selection (a loop variable's name outside its loop is the free one).
        let whole = try CELProgram.compile("size(data) + data.steps + [1].map(param, param + 1).size() + size(param.city)", env: Self.env)
        #expect(whole.wholeReferences == ["data"])
        #expect(whole.references == ["data", "param"])
        #expect(whole.selections.map { "\($0.variable).\($0.field)" } == ["data.steps", "param.city"])
    }

    @Test func typesAreInferred() throws {
        #expect(try CELProgram.compile("param.goal * 100 / 3", env: Self.env).type == .int)
        #expect(try CELProgram.compile("[param.city].map(c, c.size())", env: Self.env).type == .list(.int))
        #expect(try CELProgram.compile("data.x", env: Self.env).type == .dyn)
        #expect(try CELProgram.compile("now - duration('1h')", env: Self.env).type == .timestamp)
    }

    @Test func reservedWordsNeedTheHostsPermission() throws {
        var env = CELEnvironment(variables: ["let": .object("let", [.init("x", .int)])])
        #expect(Self.compileError("let.x + 1", env: env)?.message == "'let' is a reserved word in CEL")
        env.parserOptions.allowedReservedWords = ["let"]
        #expect(try Self.eval("let.x + 1", ["let": .map(Self.map(["x": .int(2)]))], env: env).celEqualTo(.int(3)))
    }

    static func map(_ entries: [String: CELValue]) -> CELMap {
        var m = CELMap()
        for (k, v) in entries.sorted(by: { $0.key < $1.key }) { m.set(k, v) }
        return m
    }

    @Test func evaluatesOverJSONData() throws {
        let json: JSONValue = ["tasks": ["items": [["name": "b", "done": false, "due": 2], ["name": "a", "done": true, "due": 1], ["name": "c", "done": false, "due": 0]]]]
        let data = CELValue(json: json)
        let program = try CELProgram.compile("data.tasks.items.filter(t, !t.done).sortBy(t, t.due).map(t, t.name)", env: Self.env)
        #expect(try program.evaluate(["data": data]).celEqualTo(.list([.string("c"), .string("b")])))
        // The same compiled program, other data: nothing is parsed again.
        let other = CELValue(json: ["tasks": ["items": [["name": "z", "done": false, "due": 5]]]])
        #expect(try program.evaluate(["data": other]).celEqualTo(.list([.string("z")])))
        // A JSON number without a fraction is an int; with one, a double.
        #expect(try Self.eval("type(data.a) == int && type(data.b) == double", ["data": CELValue(json: ["a": 3, "b": 3.5])]).celEqualTo(.bool(true)))
    }

    @Test func runTimeErrorsSayWhatAndWhere() throws {
        let text = "data.goal * 100 / data.done"
        let program = try CELProgram.compile(text, env: Self.env)
        #expect(throws: CELError("division by zero", at: 16)) {
            try program.evaluate(["data": CELValue(json: ["goal": 10, "done": 0])])
        }
        #expect(throws: CELError("no such key: 'delay'", at: 10)) {
            try Self.eval("data.train.delay > 0", ["data": CELValue(json: ["train": ["id": 1]])])
        }
        // has() tells, and && absorbs the error on the side that does not decide.
        #expect(try Self.eval("has(data.train.delay) && data.train.delay > 0", ["data": CELValue(json: ["train": ["id": 1]])]).celEqualTo(.bool(false)))
        #expect(throws: CELError.self) { try Self.eval("timestamp(data.when)", ["data": CELValue(json: ["when": "tomorrow"])]) }
        #expect(throws: CELError("integer overflow", at: 9)) {
            try Self.eval("data.big * data.big", ["data": CELValue(json: ["big": 5_000_000_000])])
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        #expect(Self.compileError(deep)?.message == "expression nested deeper than 100 levels")
        let deepList = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(Self.compileError(deepList)?.message == "expression nested deeper than 100 levels")
        #expect(Self.compileError(String(repeating: "!", count: 5000) + "true")?.message == "expression nested deeper than 100 levels")
        // The deepest allowed nesting evaluates.
        let allowed = String(repeating: "(", count: 95) + "7" + String(repeating: ")", count: 95)
        #expect(try Self.eval(allowed).celEqualTo(.int(7)))
        // A long chain of && is kept shallow.
        let chain = Array(repeating: "true", count: 10_000).joined(separator: " && ")
        #expect(try Self.eval(chain).celEqualTo(.bool(true)))
        #expect(Self.compileError(String(repeating: "a", count: 100_001))?.message == "expression longer than 100000 characters")
    }

    @Test func runawayEvaluationStops() throws {
        let big = CELValue.list((0..<100_000).map { .int(Int64($0)) })
        #expect(throws: CELError("comprehension stopped after 10000 iterations (the list or map is too large)", at: 4)) {
            try Self.eval("data.all(x, x >= 0)", ["data": big])
        }
        let ok = CELValue.list((0..<10_000).map { .int(Int64($0)) })
        #expect(try Self.eval("data.all(x, x >= 0)", ["data": ok]).celEqualTo(.bool(true)))
        // Nested loops multiply: the total is bounded too.
        let thousand = CELValue.list((0..<2000).map { .int(Int64($0)) })
        #expect(throws: CELError.self) { try Self.eval("data.map(x, data.map(y, x + y))", ["data": thousand]) }
        #expect(throws: CELError.self) { try Self.eval("lists.range(2000000)") }
    }

    @Test func referencesAndSelectionsListWhatIsRead() throws {
        let program = try CELProgram.compile("data.items.filter(t, t.done).size() + param.goal", env: Self.env)
        #expect(program.references == ["data", "param"])
        #expect(program.selections.map { "\($0.variable).\($0.field)" }.sorted() == ["data.items", "param.goal"])
    }

    @Test func timestampsInZones() throws {
        let t = CELValue.timestamp(CELTimestamp(seconds: 1_717_200_000)!)  // 2024-06-01T00:00:00Z
        #expect(try Self.eval("now.getHours('Europe/Paris')", ["now": t]).celEqualTo(.int(2)))
        #expect(try Self.eval("(timestamp('2024-06-11T00:00:00Z') - now).getHours() / 24", ["now": t]).celEqualTo(.int(10)))
        #expect(throws: CELError.self) { try Self.eval("now.getHours('Mars/Olympus')", ["now": t]) }
    }
}

extension CELValue {
    func celEqualTo(_ other: CELValue) -> Bool { CELValue.celEqual(self, other) && kindName == other.kindName }
}
