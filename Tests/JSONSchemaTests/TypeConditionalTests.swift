import Testing
import WidgetSupport

@testable import JSONSchema

/// Schemas that are nothing but `if`/`then`/`else` whose `if` checks only the type (a widget's
/// content value: a format key if an object, else a scalar) are answered quietly by the value's
/// type and the branch that applies. The answers, the steps counted and the failures reported
/// are those of the full evaluation: each schema is checked against the same schema with the
/// conditionals made ordinary (a `minProperties: 0` added, which changes nothing but defeats
/// the shortcut).
@Suite("Type conditionals")
struct TypeConditionalTests {
    static func schema(plain: Bool) -> JSONValue {
        func conditional(_ pairs: [(String, JSONValue)]) -> JSONValue {
            .object(JSONObject(pairs + (plain ? [("minProperties", 0)] : [])))
        }
        return [
            "type": "object",
            "properties": [
                // `then` only, and an `if` behind a `$ref`.
                "only": conditional([("if", ["type": ["string", "number"]]), ("then", ["minLength": 2])]),
                "behind": conditional([("if", ["$ref": "#/$defs/isObject"]), ("then", ["$ref": "#/$defs/key"]), ("else", false)]),
                // Not taken: the `if` checks a string's pattern.
                "pattern": conditional([("if", ["type": "string", "pattern": "^a"]), ("then", ["maxLength": 3])]),
            ],
            // Behind a `$ref`, as a widget's content values are.
            "additionalProperties": ["$ref": "#/$defs/value"],
            "$defs": [
                "value": conditional([
                    ("if", ["type": "object"]), ("then", ["$ref": "#/$defs/key"]), ("else", ["$ref": "#/$defs/scalar"]),
                ]),
                "isObject": ["type": "object"],
                "key": ["type": "object", "required": ["key"], "properties": ["key": ["type": "string"]], "additionalProperties": false],
                "scalar": ["type": ["string", "number", "boolean"]],
            ],
        ]
    }

    static let instances = [
        #"{"a": 1, "b": "s", "c": true}"#, #"{"a": {"key": "k"}}"#, #"{"a": {"nokey": 1}}"#, #"{"a": null}"#,
        #"{"a": [1]}"#, #"{"a": {"key": 1}, "b": null}"#, #"{"only": "ab"}"#, #"{"only": "a"}"#, #"{"only": 1}"#,
        #"{"only": null}"#, #"{"behind": {"key": "k"}}"#, #"{"behind": {"key": "k", "x": 1}}"#, #"{"behind": 1}"#,
        #"{"pattern": "abcd"}"#, #"{"pattern": "bcde"}"#, #"{}"#, "1",
    ]

    @Test func theShortcutAppliesToTypeOnlyConditions() throws {
        #expect(try Schema(Self.schema(plain: false)).graph.typeConditionals.compactMap { $0 }.count == 3)
        #expect(try Schema(Self.schema(plain: true)).graph.typeConditionals.allSatisfy { $0 == nil })
    }

    @Test func answersStepsAndFailuresAreTheFullEvaluations() throws {
        try ShortcutEquivalence.expectSameEvaluation(
            Schema(Self.schema(plain: false)), Schema(Self.schema(plain: true)), on: Self.instances)
    }

    @Test func answersAreTheSchemasMeaning() throws {
        let schema = try Schema(Self.schema(plain: false))
        let valid = Self.instances.filter { (try? schema.isValid(JSONReader.parse($0))) == true }
        #expect(
            valid == [
                #"{"a": 1, "b": "s", "c": true}"#, #"{"a": {"key": "k"}}"#, #"{"only": "ab"}"#, #"{"only": 1}"#,
                #"{"only": null}"#, #"{"behind": {"key": "k"}}"#, #"{"pattern": "bcde"}"#, #"{}"#,
            ])
    }

    /// Near the step budget the full evaluation decides, with and without the shortcut.
    @Test func theBudgetIsMetAtTheSameStep() throws {
        let fast = try Schema(Self.schema(plain: false)), plain = try Schema(Self.schema(plain: true))
        for text in [#"{"a": 1, "b": {"key": "k"}, "behind": {"key": "k"}}"#, #"{"a": {"nokey": 1}}"#] {
            try ShortcutEquivalence.expectSameVerdictsNearTheBudget(fast, plain, on: text, below: 12)
        }
    }
}
