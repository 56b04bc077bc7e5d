import Foundation
import Testing
import WidgetSupport

@testable import JSONSchema

/// What a thread of `RobustnessTests.onThread` answers.
private final class ThreadResult<T>: @unchecked Sendable {
    var value: T?
}

/// Deep, cyclic and pathological inputs end with an answer, never a crash or a hang.
@Suite("Robustness")
struct RobustnessTests {
    /// `[[[...[value]...]]]` nested `depth` times.
    static func nested(_ depth: Int, _ innermost: JSONValue) -> JSONValue {
        var value = innermost
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    /// Runs `body` on a thread of `stackSize` bytes of stack and waits for it.
    static func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T {
        let box = ThreadResult<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.value!
    }

    static let recursive: JSONValue = ["anyOf": [["type": "integer"], ["type": "array", "items": ["$ref": "#"]]]]

    /// Issue 19: 500 levels overflowed the stack (debug and ASan at 8 MB, release at 1 MB).
    /// The evaluator measures the room left on the stack: on a small one a deep value is
    /// refused where the refusal happened, on a large one it is validated whole.
    @Test func deepInstancesAreRefusedBeforeTheStackOverflows() throws {
        let schema = try Schema(Self.recursive)
        let deep = Self.nested(JSONReader.maxDepth, "x")
        let small = Self.onThread(stackSize: 256 << 10) { (schema.isValid(deep), schema.validate(deep)) }
        #expect(!small.0)
        #expect(small.1.count == 1)
        let refusal = small.1.first
        #expect(refusal?.keyword == "$schema")
        #expect(refusal?.message.hasSuffix("levels deep, too deep for the stack left to validate it; not validated") == true)
        // Positioned: at the deepest value the reporting pass had reached.
        #expect(refusal.map { !$0.instanceTokens.isEmpty && $0.instanceTokens.allSatisfy { $0 == "0" } } == true)
        let large = Self.onThread(stackSize: 256 << 20) { (schema.isValid(Self.nested(JSONReader.maxDepth, 1)), schema.validate(deep)) }
        #expect(large.0)
        #expect(large.1.first?.keyword == "anyOf")
    }

    /// What one level of the recursive schema takes on the stack, measured (the figure
    /// `StackLimit` documents), and a refusal far from the end of the stack.
    @Test func stackUsedPerLevelIsMeasured() throws {
        let schema = try Schema(Self.recursive)
        let use = Self.onThread(stackSize: 256 << 20) { schema.stackUse(Self.nested(200, "x")) }
        #expect(use.depth == 200)
        let perLevel = use.bytes / use.depth
        print("evaluator stack: \(perLevel) bytes per level of a recursive anyOf over nested arrays (reporting)")
        #expect(perLevel > 0 && UInt(perLevel) * 2 < StackLimit.reserve)
    }

    @Test func deepInstancesThroughRecursiveSchemas() throws {
        let schema = try Schema(Self.recursive)
        let good = Self.nested(JSONReader.maxDepth, 1)
        let bad = Self.nested(JSONReader.maxDepth, "x")
        let (valid, failures) = Self.onThread(stackSize: 256 << 20) { (schema.isValid(good), schema.validate(bad)) }
        #expect(valid)
        #expect(failures.count == 1)
        // The nested cause is followed down to the innermost value.
        var deepest = failures.first
        while let next = deepest?.nested.max(by: { $0.instanceTokens.count < $1.instanceTokens.count }) { deepest = next }
        #expect(deepest?.instanceTokens.count == JSONReader.maxDepth)
    }

    @Test func valuesNestedBeyondAnyReaderAreRefused() throws {
        let schema = try Schema(["items": ["$ref": "#"]])
        let tooDeep = Self.nested(5_000, 1)
        let contains = try Schema(["contains": ["$ref": "#"]])
        let (valid, failures, containsFailures) = Self.onThread(stackSize: 256 << 20) {
            (schema.isValid(tooDeep), schema.validate(tooDeep), contains.validate(Self.nested(5_000, [])))
        }
        #expect(!valid)
        #expect(failures.map(\.message) == ["value nested more than 600 levels deep; not validated"])
        #expect(containsFailures.map(\.keyword) == ["$schema"])
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
