import Testing
import WidgetSupport

@testable import WidgetCEL

/// What the evaluator does ahead of time or instead of the general path (calls over literals
/// made at compile time, variables bound over others, timestamps written digit by digit) gives
/// exactly what the general path gives, errors included.
@Suite("CEL evaluation shortcuts")
struct EvaluationShortcutTests {
    static let env = CELEnvironment(variables: ["data": .dyn, "entry": .dyn, "now": .timestamp])

    /// The evaluated tree's node for the call written at `offset`.
    static func evaluatedNode(_ program: CELProgram, at offset: Int) -> CELExpr.Kind? {
        var found: CELExpr.Kind? = nil
        CELProgram.walk(program.evaluated) { e, _ in
            if e.offset == offset, found == nil { found = e.kind }
        }
        return found
    }

    @Test func callsOverLiteralsAreMadeOnceWhenCompiled() throws {
        let program = try CELProgram.compile("now + duration('90m')", env: Self.env)
        // `duration('90m')` (at offset 6) is a literal in what is evaluated; `+` reads `now`, so it stays a call.
        guard case .literal(.duration(let d))? = Self.evaluatedNode(program, at: 6) else {
            Issue.record("duration('90m') was not folded: \(String(describing: Self.evaluatedNode(program, at: 6)))")
            return
        }
        #expect(d == CELDuration(seconds: 5400)!)
        guard case .call("_+_", _, _)? = Self.evaluatedNode(program, at: 4) else {
            Issue.record("the addition was folded or lost")
            return
        }
        let now = CELValue.timestamp(CELTimestamp(seconds: 1_767_225_600)!)  // 2026-01-01T00:00:00Z
        #expect(try program.evaluate(["now": now]).celEqualTo(.timestamp(CELTimestamp(seconds: 1_767_231_000)!)))
        // Nested calls fold inside out; the tree the editor reads (`root`) keeps what was written.
        let nested = try CELProgram.compile("string(1 + 2) + '!'", env: Self.env)
        guard case .literal(.string("3!")) = nested.evaluated.kind else {
            Issue.record("string(1 + 2) + '!' did not fold to '3!'")
            return
        }
        guard case .call("_+_", _, _) = nested.root.kind else {
            Issue.record("the written tree changed")
            return
        }
        #expect(nested.type(near: 0) == .string)
    }

    @Test func aCallThatFailsWhenFoldedFailsAtEvaluationAsWritten() throws {
        // Each of these type-checks and fails when run: folding must leave the error to the run,
        // with the message and the place it had.
        let cases: [(text: String, error: CELError)] = [
            ("duration('soon') > duration('1s')",
             CELError("duration \"soon\" is not a duration (such as 90s, 1h30m, 1.5h)", at: 0)),
            ("1 / 0 == 2", CELError("division by zero", at: 2)),
            ("9223372036854775807 + 1 > 0", CELError("integer overflow", at: 20)),
            ("timestamp('tomorrow') < now", CELError("timestamp \"tomorrow\" is not RFC 3339 (such as 2024-05-01T09:30:00Z)", at: 0)),
        ]
        for (text, error) in cases {
            let program = try CELProgram.compile(text, env: Self.env)
            #expect(throws: error, "\(text)") {
                try program.evaluate(["now": .timestamp(CELTimestamp(seconds: 0)!)])
            }
        }
        // An error a logical operator absorbs is still absorbed.
        let absorbed = try CELProgram.compile("true || 1 / 0 == 2", env: Self.env)
        #expect(try absorbed.evaluate([:]).celEqualTo(.bool(true)))
        // A plan's unchecked program folds with the overload the run would pick.
        let unchecked = try CELProgram.compileUnchecked("entry.date + duration('1h')", variables: ["entry"])
        guard case .literal(.duration)? = Self.evaluatedNode(unchecked, at: 13) else {
            Issue.record("the unchecked program's duration('1h') was not folded")
            return
        }
        let entry = CELMap(distinctKeys: [.string("date")], values: [.timestamp(CELTimestamp(seconds: 0)!)])
        #expect(try unchecked.evaluate(["entry": .map(entry)]).celEqualTo(.timestamp(CELTimestamp(seconds: 3600)!)))
    }

    @Test func boundVariablesHideTheOthersAndLoopVariablesHideThem() throws {
        let program = try CELProgram.compile("[1, 2].map(entry, entry * 10).size() + data.x + entry.y", env: Self.env)
        let variables: [String: CELValue] = [
            "data": CELValue(json: ["x": 100]), "entry": CELValue(json: ["y": 1_000]),
        ]
        #expect(try program.evaluate(variables).celEqualTo(.int(1_102)))
        // `entry` bound over the variables wins over theirs; the loop's `entry` wins inside the loop.
        let over = try program.evaluate(variables, overriding: [("entry", CELValue(json: ["y": 5_000]))])
        #expect(over.celEqualTo(.int(5_102)))
        let loop = try CELProgram.compile("[1, 2].map(entry, entry * 10)", env: Self.env)
        #expect(try loop.evaluate([:], overriding: [("entry", .int(7))]).celEqualTo(.list([.int(10), .int(20)])))
    }

    @Test func fieldsReadByPositionGiveWhatTheirMapGives() throws {
        // `entry.date` read from the host's fields by position, not selected from an `entry` map.
        let fields: [(variable: String, field: String)] = [("entry", "date"), ("entry", "y")]
        let date = CELValue.timestamp(CELTimestamp(seconds: 0)!)
        let map = CELValue.map(CELMap(distinctKeys: [.string("date"), .string("y")], values: [date, .int(5)]))
        let texts = [
            "entry.date + duration('1h')", "has(entry.y) && has(entry.date)", "entry.y * 2",
            // A loop variable named `entry` hides the host's: its field is the element's.
            "[{'y': 1}, {'y': 2}].map(entry, entry.y) + [entry.y]",
            "[{'date': 3}].exists(e, e.date == 3) && [{'y': 7}].all(entry, entry.y == 7)",
        ]
        for text in texts {
            let program = try CELProgram.compile(text, env: Self.env)
            let byMap = try program.evaluate([:], overriding: [("entry", map)])
            let byPosition = try program.prepared().evaluation(fields: fields).evaluate([:], overriding: [], fields: [date, .int(5)])
            #expect(byPosition.celEqualTo(byMap), "\(text)")
        }
        let hidden = try CELProgram.compile("[{'y': 1}, {'y': 2}].map(entry, entry.y)", env: Self.env)
        #expect(try hidden.evaluation(fields: fields).evaluate([:], overriding: [], fields: [date, .int(5)]).celEqualTo(.list([.int(1), .int(2)])))
        // A field not among them is selected from the variable as bound.
        let other = try CELProgram.compile("entry.z", env: Self.env)
        let bound = CELValue.map(CELMap(distinctKeys: [.string("z")], values: [.int(9)]))
        #expect(try other.evaluation(fields: fields).evaluate([:], overriding: [("entry", bound)], fields: [date, .int(5)]).celEqualTo(.int(9)))
    }

    @Test(arguments: [
        (0, 0, "1970-01-01T00:00:00Z"),
        (-1, 0, "1969-12-31T23:59:59Z"),
        (1_767_231_000, 0, "2026-01-01T01:30:00Z"),
        (1_767_231_000, 120_000_000, "2026-01-01T01:30:00.12Z"),
        (1_767_231_000, 1, "2026-01-01T01:30:00.000000001Z"),
        (951_782_400, 500_000_000, "2000-02-29T00:00:00.5Z"),
        (CELTimestamp.minSeconds, 0, "0001-01-01T00:00:00Z"),
        (CELTimestamp.maxSeconds, 999_999_999, "9999-12-31T23:59:59.999999999Z"),
    ] as [(Int64, Int64, String)])
    func timestampsAreWrittenAsRFC3339(seconds: Int64, nanos: Int64, text: String) throws {
        let t = try #require(CELTimestamp(seconds: seconds, nanos: nanos))
        #expect(t.description == text)
        // And read back to the same instant.
        #expect(CELTimestamp.parse(text) == .some(t))
    }
}
