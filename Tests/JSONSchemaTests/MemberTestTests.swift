import Testing
import WidgetSupport

@testable import JSONSchema

/// Schemas that only test one member (`{"required": ["kind"], "properties": {"kind": {"const": "a"}}}`)
/// are answered quietly by one look for the name; in an `allOf` of conditionals on such tests
/// the look is shared and only the branches that apply are evaluated. The answers, the steps
/// counted and the failures reported are those of the full evaluation: each schema is checked
/// against the same schema with the tests made ordinary (a `minProperties: 0` added, which
/// changes nothing but defeats the shortcut).
@Suite("Member tests")
struct MemberTestTests {
    /// A member test, made ordinary when `plain`.
    static func test(_ pairs: [(String, JSONValue)], plain: Bool) -> JSONValue {
        .object(JSONObject(pairs + (plain ? [("minProperties", 0)] : [])))
    }

    /// A union told apart by `kind`, with the test shapes the shortcut takes: `const`, `enum`,
    /// a `const` longer than a key holds, `type: object`, presence only; and members of the
    /// `allOf` it does not take.
    static func union(plain: Bool) -> JSONValue {
        func kind(_ value: JSONValue, required: Bool = true) -> JSONValue {
            test([("properties", ["kind": value])] + (required ? [("required", ["kind"])] : []), plain: plain)
        }
        return [
            "type": "object",
            "properties": ["kind": ["type": "string"]],
            "allOf": [
                ["if": kind(["const": "a"]), "then": ["required": ["x"], "properties": ["x": ["type": "integer"]]]],
                [
                    "if": kind(["enum": ["b", "c"]], required: false), "then": ["properties": ["x": ["type": "string"]]],
                    "else": ["properties": ["y": false]],
                ],
                ["if": kind(["const": "a-discriminator-longer-than-sixteen"]), "then": ["required": ["z"]]],
                [
                    "if": test([("type", "object"), ("required", ["kind"]), ("properties", ["kind": ["const": "d"]])], plain: plain),
                    "then": ["properties": ["x": ["type": "boolean"]]],
                ],
                ["if": test([("required", ["other"])], plain: plain), "then": ["required": ["kind"]]],
                ["not": ["required": ["forbidden"]]],
                ["if": kind(["const": "e"]), "then": ["required": ["x"]], "properties": ["y": ["type": "integer"]]],
            ],
        ]
    }

    static let instances = [
        #"{"kind": "a", "x": 1}"#, #"{"kind": "a"}"#, #"{"kind": "a", "x": "s"}"#, #"{"kind": "b", "x": "s"}"#,
        #"{"kind": "c", "x": 1}"#, #"{"kind": "f", "y": 1}"#, #"{"y": 1}"#, #"{}"#, #"{"other": 1}"#,
        #"{"other": 1, "kind": "b"}"#, #"{"kind": "a-discriminator-longer-than-sixteen"}"#,
        #"{"kind": "a-discriminator-longer-than-sixteen", "z": 0}"#, #"{"kind": "a-discriminator-longer-than-sixteem", "z": 0}"#,
        #"{"kind": "d", "x": true}"#, #"{"kind": "d", "x": 1}"#, #"{"kind": 1}"#, #"{"kind": ["a"], "x": 1}"#,
        #"{"kind": "e"}"#, #"{"kind": "e", "x": 1, "y": "s"}"#, #"{"kind": "b", "forbidden": 1}"#, "1", "null", #""a""#,
    ]

    @Test func theShortcutsApplyToTheTestShapes() throws {
        let graph = try Schema(Self.union(plain: false)).graph
        // The six `if`s, and the `then`s and `not` of one name (`{"required": ["x"], ...}`).
        #expect(graph.memberTests.compactMap { $0 }.count == 13)
        #expect(graph.memberConditionals.compactMap { $0 }.count == 5)  // the last member has `properties` too
        let plain = try Schema(Self.union(plain: true)).graph
        #expect(plain.memberTests.compactMap { $0 }.count == 7)
        #expect(plain.memberConditionals.allSatisfy { $0 == nil })
    }

    @Test func answersStepsAndFailuresAreTheFullEvaluations() throws {
        try ShortcutEquivalence.expectSameEvaluation(
            Schema(Self.union(plain: false)), Schema(Self.union(plain: true)), on: Self.instances)
    }

    @Test func answersAreTheSchemasMeaning() throws {
        let schema = try Schema(Self.union(plain: false))
        let valid = Self.instances.filter { (try? schema.isValid(JSONReader.parse($0))) == true }
        #expect(
            valid == [
                #"{"kind": "a", "x": 1}"#, #"{"kind": "b", "x": "s"}"#, #"{"y": 1}"#, #"{}"#,
                #"{"other": 1, "kind": "b"}"#, #"{"kind": "a-discriminator-longer-than-sixteen", "z": 0}"#,
                #"{"kind": "a-discriminator-longer-than-sixteem", "z": 0}"#, #"{"kind": "d", "x": true}"#,
            ])
    }

    /// Near the step budget the full evaluation decides, with and without the shortcuts, and the
    /// verdict turns exactly at the steps the evaluation needs.
    @Test func theBudgetIsMetAtTheSameStep() throws {
        let fast = try Schema(Self.union(plain: false)), plain = try Schema(Self.union(plain: true))
        let text = #"{"kind": "a", "x": 1}"#
        let needed = try ShortcutEquivalence.expectSameVerdictsNearTheBudget(fast, plain, on: text, below: 14)
        let document = try JSONReader.parse(text)
        for budget in max(0, needed - 14)...(needed + 2) {
            #expect(fast.isValid(document, stepBudget: budget) == (budget >= needed), "\(budget)")
        }
    }

    /// A member test outside an `allOf` (an alternative, a lone `if`) is answered the same way.
    @Test func alternativesAndLoneConditionals() throws {
        func schema(plain: Bool) -> JSONValue {
            [
                "oneOf": [
                    Self.test([("required", ["kind"]), ("properties", ["kind": ["const": "a"]])], plain: plain),
                    Self.test([("required", ["kind"]), ("properties", ["kind": ["enum": ["a", "b"]]])], plain: plain),
                    ["type": ["number", "null"]],
                ],
                "if": Self.test([("properties", ["n": ["type": "string", "minLength": 2]])], plain: plain),
                "then": ["required": ["n"]],
            ]
        }
        let fast = try Schema(schema(plain: false)), plain = try Schema(schema(plain: true))
        #expect(fast.graph.memberTests.compactMap { $0 }.count == 4)  // and `then`
        let texts = [
            #"{"kind": "a", "n": "xy"}"#, #"{"kind": "b", "n": "xy"}"#, #"{"kind": "b"}"#, #"{"kind": "b", "n": "x"}"#,
            #"{"kind": "c", "n": "xy"}"#, "1", "null", #"{"n": 2, "kind": "b"}"#,
        ]
        try ShortcutEquivalence.expectSameEvaluation(fast, plain, on: texts)
        #expect(try fast.isValid(JSONReader.parse(#"{"kind": "b", "n": "xy"}"#)))
        #expect(try !fast.isValid(JSONReader.parse(#"{"kind": "b"}"#)))  // the `if` holds without `n`
        #expect(try !fast.isValid(JSONReader.parse(#"{"kind": "a", "n": "xy"}"#)))  // two alternatives match
        #expect(try !fast.isValid(JSONReader.parse("null")))  // every alternative matches a non-object
    }

    /// Under `unevaluatedProperties` the tests collect what they evaluate: a passing `if`
    /// evaluated the discriminator, a failing one did not.
    @Test func annotationsOfTestsStillCount() throws {
        let schema = try Schema([
            "allOf": [
                [
                    "if": ["required": ["kind"], "properties": ["kind": ["const": "a"]]],
                    "then": ["properties": ["x": true]],
                ]
            ],
            "unevaluatedProperties": false,
        ])
        #expect(try schema.isValid(JSONReader.parse(#"{"kind": "a", "x": 1}"#)))
        #expect(try !schema.isValid(JSONReader.parse(#"{"kind": "b"}"#)))
        #expect(try ShortcutEquivalence.report(schema, #"{"kind": "b", "x": 1}"#).map { $0.components(separatedBy: " ")[0] } == ["/kind", "/x"])
    }

    /// Tests of canonically equivalent names (é as one code point, and as e with a combining
    /// accent) are tests of two names: JSON Schema compares names code point by code point, so
    /// the look for one must not answer for the other.
    @Test func equivalentNamesAreNotOneName() throws {
        func schema(plain: Bool) -> JSONValue {
            [
                "allOf": [
                    ["if": Self.test([("properties", ["e\u{301}": [:]])], plain: plain)],
                    ["if": Self.test([("required", ["\u{E9}"])], plain: plain), "else": false],
                ]
            ]
        }
        let fast = try Schema(schema(plain: false)), plain = try Schema(schema(plain: true))
        try ShortcutEquivalence.expectSameEvaluation(fast, plain, on: [#"{"e\u0301": 1}"#, #"{"\u00e9": 1}"#, #"{"e": 1}"#])
        // Only the second name makes the `else` not apply.
        #expect(try !fast.isValid(JSONReader.parse(#"{"e\u0301": 1}"#)))
        #expect(try fast.isValid(JSONReader.parse(#"{"\u00e9": 1}"#)))
    }
}
