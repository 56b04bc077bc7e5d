import Testing
import WidgetSupport

@testable import JSONSchema

/// A document read from text is validated in place: the answers and failures are those
/// of the same value given as a `JSONValue`.
@Suite("Documents as instances")
struct DocumentInstanceTests {
    static let schema: JSONValue = [
        "type": "object",
        "propertyNames": ["pattern": "^[a-z]+$"],
        "properties": [
            "tags": ["type": "array", "uniqueItems": true, "items": ["type": ["string", "number"], "maxLength": 3]],
            "shape": ["enum": [["w": 1, "h": 2], "square"]],
            "count": ["type": "integer", "multipleOf": 0.5, "maximum": 10],
        ],
        "additionalProperties": false,
    ]

    static func failures(_ schema: Schema, _ text: String) throws -> [String] {
        let document = try JSONReader.parse(text)
        let inPlace = schema.validate(document)
        let asValue = schema.validate(document.json)
        #expect(inPlace.map(\.description) == asValue.map(\.description))
        #expect(schema.isValid(document) == inPlace.isEmpty)
        return inPlace.map { "\($0.instancePointer) \($0.keyword)" }
    }

    @Test func validDocumentsPass() throws {
        let schema = try Schema(Self.schema)
        // Objects equal unordered, 2.0 is an integer, strings of three code points.
        #expect(try Self.failures(schema, #"{"tags": ["été", 1], "shape": {"h": 2.0, "w": 1}, "count": 4.0}"#).isEmpty)
    }

    @Test func invalidDocumentsReportWhereAndWhy() throws {
        let schema = try Schema(Self.schema)
        #expect(try Self.failures(schema, #"{"tags": [1, 1.0]}"#) == ["/tags/1 uniqueItems"])
        #expect(try Self.failures(schema, #"{"tags": ["four"]}"#) == ["/tags/0 maxLength"])
        #expect(try Self.failures(schema, #"{"shape": {"w": 1}}"#) == ["/shape enum"])
        #expect(try Self.failures(schema, #"{"count": 2.5}"#) == ["/count type"])
        #expect(try Self.failures(schema, #"{"Bad": 1}"#) == ["/Bad additionalProperties", "/Bad propertyNames"])
    }
}
