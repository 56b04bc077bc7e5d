import Testing
import WidgetSupport

@testable import JSONSchema

/// What `validate` reports for a widget-like schema: locations, keywords, messages,
/// allowed names, and the nested cause of `anyOf`/`oneOf` failures.
@Suite("Failure reports")
struct FailureReportTests {
    static let compiled = Result { () throws(SchemaCompileError) -> Schema in
        let text = (try? JSONReader.parse(SampleWidgetSchema.text).json) ?? .null
        return try Schema(text, uri: SampleWidgetSchema.uri)
    }

    static var schema: Schema {
        get throws { try compiled.get() }
    }

    static let document: JSONValue = (try? JSONReader.parse(SampleWidgetSchema.document).json) ?? .null

    /// The sample document with the value at `path` replaced (nil removes it).
    static func edited(_ path: [String], _ new: JSONValue?) -> JSONValue {
        func set(_ v: JSONValue, _ path: ArraySlice<String>) -> JSONValue {
            guard let first = path.first, case .object(var o) = v else { return new ?? .null }
            o[first] = path.count == 1 ? new : set(o[first] ?? .object(JSONObject()), path.dropFirst())
            return .object(o)
        }
        return set(document, path[...])
    }

    static func failures(_ path: [String], _ new: JSONValue?) throws -> [SchemaFailure] {
        let instance = edited(path, new)
        let failures = try schema.validate(instance)
        #expect(try schema.isValid(instance) == failures.isEmpty)
        return failures
    }

    @Test func sampleDocumentIsValid() throws {
        #expect(try Self.schema.isValid(Self.document))
        #expect(try Self.schema.validate(Self.document).isEmpty)
    }

    @Test func missingRequiredProperty() throws {
        let failures = try Self.failures(["timeline"], nil)
        #expect(failures.count == 1)
        let f = try #require(failures.first)
        #expect(f.keyword == "required")
        #expect(f.instanceTokens.isEmpty)
        #expect(f.schemaPointer == "/required")
        #expect(f.message == "missing required property 'timeline'")
    }

    @Test func misspelledPropertyNamesTheAllowedOnes() throws {
        var instance = Self.edited(["timeline"], nil)
        if case .object(var o) = instance {
            o["timline"] = Self.document["timeline"]
            instance = .object(o)
        }
        let failures = try Self.schema.validate(instance)
        #expect(failures.map(\.keyword) == ["additionalProperties", "required"])
        let f = try #require(failures.first)
        #expect(f.instanceTokens == ["timline"])
        #expect(f.message == "property 'timline' is not allowed")
        #expect(f.schemaPointer == "/additionalProperties")
        #expect(f.allowedProperties?.contains("timeline") == true)
        #expect(f.allowedProperties?.count == 13)
        #expect(failures[1].message == "missing required property 'timeline'")
    }

    @Test func typeMismatchThroughReferences() throws {
        let f = try #require(Self.failures(["timeline", "maxEntries"], "many").first)
        #expect(f.keyword == "type")
        #expect(f.instanceTokens == ["timeline", "maxEntries"])
        #expect(f.instancePointer == "/timeline/maxEntries")
        #expect(f.message == "expected integer, got string 'many'")
        #expect(f.value == "'many'")
        #expect(f.schemaPointer == "/properties/timeline/$ref/properties/maxEntries/type")
        #expect(f.absoluteSchemaLocation == SampleWidgetSchema.uri + "#/$defs/timeline/properties/maxEntries/type")
        #expect(f.description == "/timeline/maxEntries: expected integer, got string 'many' [type at /properties/timeline/$ref/properties/maxEntries/type]")
    }

    @Test func numericBounds() throws {
        #expect(try Self.failures(["timeline", "maxEntries"], 0).map(\.message) == ["must be at least 1, got 0"])
        #expect(try Self.failures(["timeline", "maxEntries"], 1001).map(\.message) == ["must be at most 1000, got 1001"])
        #expect(try Self.failures(["timeline", "maxEntries"], 2.5).map(\.message) == ["expected integer, got number 2.5"])
        #expect(try Self.failures(["timeline", "maxEntries"], 12.0).isEmpty)
    }

    @Test func enumListsTheChoices() throws {
        let f = try #require(Self.failures(["families"], ["systemSmal"]).first)
        #expect(f.keyword == "enum")
        #expect(f.instanceTokens == ["families", "0"])
        #expect(f.message.hasPrefix("'systemSmal' is not one of the allowed values; did you mean 'systemSmall'? (allowed: systemSmall, systemMedium, systemLarge"))
        #expect(f.value == "'systemSmal'")
        #expect(f.suggestion == "systemSmall")
    }

    @Test func oneOfReportsOneFailureWithTheClosestCause() throws {
        let failures = try Self.failures(["timeline", "policy"], "sometimes")
        #expect(failures.count == 1)
        let f = try #require(failures.first)
        #expect(f.keyword == "oneOf")
        #expect(f.instanceTokens == ["timeline", "policy"])
        #expect(f.message == "'sometimes' matches none of the 2 allowed forms")
        #expect(f.nested.map(\.message) == ["'sometimes' is not one of the allowed values (allowed: atEnd, never)"])
        #expect(f.nested.first?.suggestion == nil)
        #expect(f.nested.first?.schemaPointer == "/properties/timeline/$ref/properties/policy/$ref/oneOf/0/enum")
    }

    @Test func closestAlternativeIsTheOneOfTheRightKind() throws {
        // An object policy: the object alternative is the one meant, not the enum of words.
        let f = try #require(Self.failures(["timeline", "policy"], ["after": "PT1H", "extra": 1]).first)
        #expect(f.keyword == "oneOf")
        #expect(f.nested.count == 1)
        #expect(f.nested.first?.keyword == "additionalProperties")
        #expect(f.nested.first?.instanceTokens == ["timeline", "policy", "extra"])
        #expect(f.nested.first?.allowedProperties == ["after"])
    }

    @Test func oneOfWithSeveralMatches() throws {
        let f = try #require(Self.failures(["timeline", "hourly"], true).first)
        #expect(f.keyword == "oneOf")
        #expect(f.message == "this object matches 2 of the allowed forms (1, 5), exactly one is required")
        #expect(f.schemaPointer == "/properties/timeline/$ref/allOf/0/$ref/oneOf")
    }

    @Test func unevaluatedPropertiesKnowsNamesFromReferencedSchemas() throws {
        let failures = try Self.failures(["timeline", "horizn"], "24h")
        #expect(failures.count == 1)
        let f = try #require(failures.first)
        #expect(f.keyword == "unevaluatedProperties")
        #expect(f.instanceTokens == ["timeline", "horizn"])
        #expect(f.message == "property 'horizn' is not allowed")
        let allowed = try #require(f.allowedProperties)
        #expect(allowed.contains("horizon"))
        #expect(allowed.contains("progress"))  // from the referenced `rule` alternatives
    }

    @Test func failuresInsideValidAlternativesDoNotLeak() throws {
        // `policy` resolves through anyOf/oneOf branches that fail internally but one passes.
        #expect(try Self.failures(["timeline", "policy"], ["after": "+2h"]).isEmpty)
        #expect(try Self.failures(["timeline", "policy"], "never").isEmpty)
    }

    @Test func propertyNamesPointAtTheName() throws {
        let f = try #require(Self.failures(["parameters", "Bad Name"], ["type": "string", "title": "x"]).first)
        #expect(f.keyword == "propertyNames")
        #expect(f.instanceTokens == ["parameters", "Bad Name"])
        #expect(f.message == "property name 'Bad Name' does not match the pattern ^[a-z][A-Za-z0-9_]*$")
        #expect(f.nested.first?.keyword == "pattern")
    }

    @Test func notAndConditionalsReportOnlyTheOutcome() throws {
        let failures = try Self.failures(["parameters", "s"], ["type": "string", "title": "x", "min": 1])
        #expect(failures.map(\.keyword) == ["not"])
        #expect(failures.first?.message == "this object is not allowed here (it matches the 'not' schema)")
        let enumWithoutValues = try Self.failures(["parameters", "e"], ["type": "enum", "title": "x"])
        #expect(enumWithoutValues.map(\.message) == ["missing required property 'values'"])
        #expect(enumWithoutValues.first?.schemaPointer == "/properties/parameters/additionalProperties/$ref/allOf/0/then/required")
    }

    @Test func uniqueItemsPointsAtTheRepeat() throws {
        let f = try #require(Self.failures(["families"], ["systemSmall", "systemMedium", "systemSmall"]).first)
        #expect(f.keyword == "uniqueItems")
        #expect(f.instanceTokens == ["families", "2"])
        #expect(f.message == "item 2 repeats item 0; items must be unique")
    }

    @Test func everyFailureIsReportedInOnePass() throws {
        var instance = Self.edited(["kind"], "not valid!")
        if case .object(var o) = instance {
            o["displayName"] = 3
            o["families"] = []
            instance = .object(o)
        }
        let failures = try Self.schema.validate(instance)
        #expect(failures.map(\.keyword) == ["pattern", "type", "minItems"])
        #expect(failures.map(\.instancePointer) == ["/kind", "/displayName", "/families"])
        #expect(failures[2].message == "must have at least 1 item")
    }

    @Test func lengthsCountCodePoints() throws {
        let schema = try Schema(["minLength": 2, "maxLength": 3])
        #expect(schema.isValid("🐲🐲"))
        #expect(schema.isValid("e\u{301}x"))  // three code points, two characters
        #expect(!schema.isValid("🐲"))
        #expect(schema.validate("🐲").first?.message == "'🐲' is too short: it must be at least 2 characters long")
        #expect(schema.validate("abcd").first?.message == "'abcd' is too long: it must be at most 3 characters long")
    }

    @Test func otherKeywordMessages() throws {
        let schema = try Schema([
            "type": "object",
            "properties": [
                "n": ["exclusiveMinimum": 0, "exclusiveMaximum": 10, "multipleOf": 0.5],
                "c": ["const": "atEnd"],
                "a": ["prefixItems": [["type": "string"]], "items": false, "contains": ["type": "integer"], "maxContains": 1],
                "no": false,
            ],
            "dependentRequired": ["min": ["max"]],
            "maxProperties": 3,
        ])
        func messages(_ v: JSONValue) -> [String] { schema.validate(v).map(\.message) }
        #expect(messages(["n": 0]) == ["must be greater than 0, got 0"])
        #expect(messages(["n": 10]) == ["must be less than 10, got 10"])
        #expect(messages(["n": 0.75]) == ["must be a multiple of 0.5, got 0.75"])
        #expect(messages(["c": "never"]) == ["'never' is not allowed here: the value must be atEnd"])
        #expect(messages(["a": ["x", 1, 2]]) == ["unexpected item at index 1: at most 1 item allowed", "must contain at most 1 item matching the 'contains' schema, found 2"])
        #expect(messages(["a": ["x"]]) == ["must contain at least one item matching the 'contains' schema"])
        #expect(messages(["no": 1]) == ["property 'no' is not allowed"])
        #expect(schema.validate(["no": 1]).first?.schemaPointer == "/properties/no")
        #expect(messages(["min": 1]) == ["missing property 'max', required when 'min' is present"])
        #expect(messages(["n": 1, "c": "atEnd", "x": 1, "y": 2]) == ["must have at most 3 properties"])
        #expect(messages("text") == ["expected object, got string 'text'"])
        #expect(messages(.string("x\n\u{7}" + String(repeating: "y", count: 70))) == ["expected object, got string 'x\\n\\u{7}" + String(repeating: "y", count: 57) + "…'"])
    }

    @Test func validatesFromManyThreadsAtOnce() async throws {
        let schema = try Self.schema
        let good = Self.document
        let bad = Self.edited(["timeline", "maxEntries"], "x")
        let results = await withTaskGroup(of: Bool.self) { group in
            for k in 0..<32 {
                group.addTask { k % 2 == 0 ? schema.isValid(good) && schema.validate(good).isEmpty : schema.validate(bad).count == 1 }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(results)
    }

    /// A pattern the matcher gives up on is a failure at the value that names the pattern.
    @Test func patternTooExpensiveIsPositioned() throws {
        let schema = try Schema(["properties": ["s": ["pattern": ".{0,65535}x"]]])
        let long = String(repeating: "a", count: 200_000)
        let failures = schema.validate(["s": .string(long)])
        #expect(failures.count == 1)
        #expect(failures.first?.instanceTokens == ["s"])
        #expect(failures.first?.keyword == "pattern")
        #expect(failures.first?.message.hasPrefix("pattern too expensive: matching the pattern .{0,65535}x") == true)
        #expect(!schema.isValid(["s": .string(long)]))
        #expect(schema.isValid(["s": "abcx"]))
    }
}
