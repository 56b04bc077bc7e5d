import Testing
import WidgetSupport

@testable import JSONSchema

/// Deep, cyclic and pathological inputs end with an answer, never a crash or a hang.
@Suite("Robustness")
struct RobustnessTests {
    /// `[[[...[value]...]]]` nested `depth` times.
    static func nested(_ depth: Int, _ innermost: JSONValue) -> JSONValue {
        var value = innermost
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    @Test func deepInstancesThroughRecursiveSchemas() throws {
        let schema = try Schema(["anyOf": [["type": "integer"], ["type": "array", "items": ["$ref": "#"]]]])
        let good = Self.nested(JSONReader.maxDepth, 1)
        let bad = Self.nested(JSONReader.maxDepth, "x")
        #expect(schema.isValid(good))
        #expect(schema.validate(good).isEmpty)
        #expect(!schema.isValid(bad))
        let failures = schema.validate(bad)
        #expect(failures.count == 1)
        // The nested cause is followed down to the innermost value.
        var deepest = failures.first
        while let next = deepest?.nested.max(by: { $0.instanceTokens.count < $1.instanceTokens.count }) { deepest = next }
        #expect(deepest?.instanceTokens.count == JSONReader.maxDepth)
    }

    @Test func valuesNestedBeyondAnyReaderAreRefused() throws {
        let schema = try Schema(["items": ["$ref": "#"]])
        let tooDeep = Self.nested(5_000, 1)
        #expect(!schema.isValid(tooDeep))
        #expect(schema.validate(tooDeep).map(\.message) == ["value nested more than 600 levels deep; not validated"])
        let contains = try Schema(["contains": ["$ref": "#"]])
        #expect(contains.validate(Self.nested(5_000, [])).map(\.keyword) == ["$schema"])
    }

    @Test func multiplyingAlternativesStopWithAClearFailure() throws {
        // Both alternatives descend into the same child before failing: 2^depth evaluations.
        let branch: JSONValue = ["properties": ["a": ["$ref": "#"]], "propertyNames": ["maxLength": 1], "minProperties": 0]
        let schema = try Schema(["anyOf": [branch, branch], "not": ["type": "integer", "const": 0]])
        var instance: JSONValue = 0
        for _ in 0..<40 { instance = ["a": instance] }
        #expect(!schema.isValid(instance, stepBudget: 100_000))
        let failures = schema.validate(instance, stepBudget: 100_000)
        #expect(failures.map(\.keyword) == ["$schema"])
        #expect(failures.first?.message.hasPrefix("validation stopped after 100000 schema evaluations") == true)
    }

    @Test func dynamicReferenceCyclesAreCaughtWhileValidating() throws {
        // A `$dynamicRef` that resolves, through the dynamic scope, to the schema containing it.
        let schema = try Schema([
            "$id": "https://example.com/root", "$dynamicAnchor": "loop",
            "$defs": ["inner": ["$id": "inner", "$dynamicAnchor": "loop", "type": "integer"]],
            "allOf": [["$dynamicRef": "inner#loop"]],
        ])
        #expect(!schema.isValid(1))
        #expect(schema.validate(1).first?.message.hasPrefix("reference cycle") == true)
    }

    @Test func longDefinitionChains() throws {
        func chain(_ length: Int) -> JSONValue {
            var defs = JSONObject()
            for k in 0..<length { defs["d\(k)"] = ["$ref": .string("#/$defs/d\(k + 1)")] }
            defs["d\(length)"] = ["type": "integer"]
            return ["$defs": .object(defs), "$ref": "#/$defs/d0"]
        }
        let short = try Schema(chain(200))
        #expect(short.isValid(3))
        #expect(short.validate("x").map(\.keyword) == ["type"])
        // Compiling a long chain needs no deep recursion; following it in one place is refused.
        let long = try Schema(chain(20_000))
        #expect(!long.isValid(3))
        #expect(long.validate(3).first?.message.hasPrefix("reference cycle: more than 256 nested references") == true)
    }

    @Test func longStringsAndPatterns() throws {
        let schema = try Schema(["pattern": "^(a|aa)+$", "maxLength": 200_000])
        let long = String(repeating: "a", count: 100_000)
        #expect(schema.isValid(.string(long)))
        #expect(!schema.isValid(.string(long + "b")))
    }

    @Test func annotationsPastSixtyFourPositions() throws {
        func object(_ keys: [String]) -> JSONValue {
            var o = JSONObject()
            for key in keys { o[key] = true }
            return .object(o)
        }
        let named = (0..<70).map { "k\($0)" }
        var known = JSONObject()
        for key in named { known[key] = true }
        // Members from two alternatives, both past position 64, are evaluated; the others are not.
        let properties = try Schema([
            "anyOf": [["properties": .object(known)], ["patternProperties": ["^x": true]]], "unevaluatedProperties": false,
        ])
        #expect(properties.isValid(object(named + (0..<10).map { "x\($0)" })))
        #expect(properties.isValid(object((0..<10).map { "x\($0)" } + named)))
        let extra = object(named + ["x1", "y"])
        #expect(!properties.isValid(extra))
        #expect(properties.validate(extra).map(\.instancePointer) == ["/y"])
        // Items: 66 by `prefixItems` inside `allOf`, one more by `contains`.
        let items = try Schema([
            "allOf": [["prefixItems": .array(Array(repeating: true, count: 66))]], "contains": ["const": 100],
            "unevaluatedItems": false,
        ])
        var values: [JSONValue] = Array(repeating: 1, count: 66)
        values.append(100)
        #expect(items.isValid(.array(values)))
        values.append(2)
        #expect(!items.isValid(.array(values)))
        #expect(items.validate(.array(values)).map(\.instancePointer) == ["/67"])
    }
}
