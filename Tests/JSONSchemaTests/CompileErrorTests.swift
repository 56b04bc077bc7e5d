import Testing
import WidgetSupport

@testable import JSONSchema

/// Bad schemas are refused when compiled, with the pointer of the offending keyword.
@Suite("Compile errors")
struct CompileErrorTests {
    private func compileError(_ schema: JSONValue, registry: SchemaRegistry = SchemaRegistry()) -> SchemaCompileError? {
        do {
            _ = try Schema(schema, uri: "https://example.com/s.json", registry: registry)
            return nil
        } catch {
            return error
        }
    }

    @Test func invalidRegexInPattern() throws {
        let error = try #require(compileError(["properties": ["name": ["type": "string", "pattern": "^(abc"]]]))
        #expect(error.schemaPointer == "/properties/name/pattern")
        #expect(error.message.hasPrefix("invalid regular expression '^(abc': unterminated group"))
        #expect(error.documentURI == "https://example.com/s.json")
    }

    @Test func invalidRegexInPatternPropertiesNamesTheKey() throws {
        let error = try #require(compileError(["patternProperties": ["a/[": true]]))
        #expect(error.schemaPointer == "/patternProperties/a~1[")
    }

    @Test func unresolvableReferences() throws {
        let local = try #require(compileError(["$defs": [:], "properties": ["a": ["$ref": "#/$defs/missing"]]]))
        #expect(local.schemaPointer == "/properties/a/$ref")
        #expect(local.message.contains("#/$defs/missing"))
        let anchor = try #require(compileError(["items": ["$ref": "#nowhere"]]))
        #expect(anchor.schemaPointer == "/items/$ref")
        #expect(anchor.message.contains("no anchor 'nowhere'"))
        let remote = try #require(compileError(["$ref": "other.schema.json"]))
        #expect(remote.schemaPointer == "/$ref")
        #expect(remote.message.contains("https://example.com/other.schema.json"))
    }

    @Test func errorsInsideDefinitionsAreFoundEvenIfUnused() throws {
        let error = try #require(compileError(["$defs": ["x": ["minLength": -1]]]))
        #expect(error.schemaPointer == "/$defs/x/minLength")
    }

    @Test func malformedKeywordValues() throws {
        #expect(compileError(["type": "strin"])?.schemaPointer == "/type")
        #expect(compileError(["type": "strin"])?.message.hasPrefix("unknown type \"strin\"") == true)
        #expect(compileError(["required": "name"])?.schemaPointer == "/required")
        #expect(compileError(["multipleOf": 0])?.schemaPointer == "/multipleOf")
        #expect(compileError(["allOf": []])?.schemaPointer == "/allOf")
        #expect(compileError(["properties": ["a": 3]])?.schemaPointer == "/properties/a")
        #expect(compileError(["$id": "https://example.com/x#frag"])?.schemaPointer == "/$id")
    }

    @Test func referenceCyclesThatConsumeNothing() throws {
        let error = try #require(compileError(["$ref": "#"]))
        #expect(error.message.hasPrefix("reference cycle"))
        let indirect = try #require(compileError(["$defs": ["a": ["allOf": [["$ref": "#/$defs/b"]]], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a"]))
        #expect(indirect.message.hasPrefix("reference cycle"))
        // A cycle through `properties` consumes input: fine.
        #expect(compileError(["properties": ["child": ["$ref": "#"]]]) == nil)
    }

    @Test func unknownRequiredVocabulary() throws {
        let registry = SchemaRegistry()
        registry.add(
            [
                "$id": "https://example.com/meta", "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$vocabulary": ["https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/magic": true],
            ], uri: "https://example.com/meta")
        let error = try #require(compileError(["$schema": "https://example.com/meta", "type": "string"], registry: registry))
        #expect(error.schemaPointer == "/$schema")
        #expect(error.message.contains("https://example.com/vocab/magic"))
    }

    @Test func unknownSchemaURI() throws {
        do {
            _ = try Schema(uri: "https://example.com/none.json#/$defs/x")
            Issue.record("expected a compile error")
        } catch {
            #expect(error.documentURI == "https://example.com/none.json#/$defs/x")
            #expect(error.message.contains("no schema is known at https://example.com/none.json"))
        }
    }

    @Test func rootMustBeASchema() throws {
        let error = try #require(compileError(5))
        #expect(error.schemaPointer == "")
        #expect(error.message == "a schema must be an object or a boolean, not integer")
        #expect(error.description == "https://example.com/s.json#: a schema must be an object or a boolean, not integer")
    }

    @Test func unknownMetaSchema() throws {
        let error = try #require(compileError(["$schema": "https://example.com/nope"]))
        #expect(error.schemaPointer == "/$schema")
    }
}

/// The built-in meta-schemas, the registry and its loader.
@Suite("Meta-schemas and registry")
struct MetaSchemaTests {
    static let metaURI = "https://json-schema.org/draft/2020-12/schema"

    @Test func metaSchemaValidatesItselfAndItsVocabularies() throws {
        let meta = try Schema(uri: Self.metaURI)
        #expect(EmbeddedMetaSchemas.files.count == 9)
        var checked = 0
        for (name, text) in EmbeddedMetaSchemas.files where name.hasSuffix(".json") {
            let document = try JSONReader.parse(text).json
            #expect(meta.validate(document).isEmpty, "\(name)")
            #expect(meta.isValid(document), "\(name)")
            checked += 1
        }
        #expect(checked == 9)
    }

    @Test func metaSchemaAcceptsTheSampleAndRefusesBrokenSchemas() throws {
        let meta = try Schema(uri: Self.metaURI)
        #expect(meta.validate(try JSONReader.parse(SampleWidgetSchema.text).json).isEmpty)
        let broken: JSONValue = ["type": "object", "properties": ["a": ["minLength": -1, "type": 5]]]
        let failures = meta.validate(broken)
        #expect(!meta.isValid(broken))
        let locations = Set(failures.flatMap { [$0] + $0.nested }.map(\.instancePointer))
        #expect(locations.contains("/properties/a/minLength"))
        #expect(locations.contains("/properties/a/type"))
    }

    @Test func everyMetaSchemaIsFoundByItsID() throws {
        // They are read on first reference, by a file name made from the `$id`.
        for (name, text) in EmbeddedMetaSchemas.files {
            let id = try #require(try JSONReader.parse(text).json["$id"]?.string, "\(name)")
            #expect(RegistryIndex.builtIn(id)?["$id"]?.string == id, "\(name)")
        }
        #expect(RegistryIndex.builtIn("https://json-schema.org/draft/2020-12/meta/nothing") == nil)
        #expect(RegistryIndex.builtIn("https://json-schema.org/draft/2019-09/schema") == nil)
    }

    @Test func metaSchemaWorksOffline() throws {
        // `$ref` to the meta-schema needs no loader.
        let schema = try Schema(["$ref": "https://json-schema.org/draft/2020-12/schema"])
        #expect(schema.isValid(["type": "string"]))
        #expect(!schema.isValid(["type": 12]))
    }

    @Test func loaderServesUnknownDocumentsOnce() throws {
        final class Counter: @unchecked Sendable { var calls: [String] = [] }
        let counter = Counter()
        let registry = SchemaRegistry { uri in
            counter.calls.append(uri)
            return uri == "file:///schemas/common.json" ? ["$defs": ["name": ["type": "string", "minLength": 1]]] : nil
        }
        let schema = try Schema(
            ["properties": ["a": ["$ref": "common.json#/$defs/name"], "b": ["$ref": "./common.json#/$defs/name"]]],
            uri: "file:///schemas/widget.json", registry: registry)
        #expect(counter.calls == ["file:///schemas/common.json"])
        #expect(schema.isValid(["a": "x", "b": "y"]))
        #expect(schema.validate(["a": ""]).first?.absoluteSchemaLocation == "file:///schemas/common.json#/$defs/name/minLength")
    }

    @Test func addedDocumentsAreSharedByURI() throws {
        let registry = SchemaRegistry()
        registry.add(["$id": "https://example.com/types", "$defs": ["id": ["$anchor": "id", "type": "integer"]]], uri: "https://example.com/types")
        let schema = try Schema(["items": ["$ref": "https://example.com/types#id"]], registry: registry)
        #expect(schema.isValid([1, 2]))
        #expect(schema.validate([1, "2"]).map(\.instancePointer) == ["/1"])
    }

    @Test func uriResolution() {
        func resolve(_ r: String, _ b: String) -> String { URIReference.resolve(r, against: b).string }
        let base = "http://a/b/c/d;p?q"
        #expect(resolve("g", base) == "http://a/b/c/g")
        #expect(resolve("./g", base) == "http://a/b/c/g")
        #expect(resolve("g/", base) == "http://a/b/c/g/")
        #expect(resolve("/g", base) == "http://a/g")
        #expect(resolve("//g", base) == "http://g")
        #expect(resolve("?y", base) == "http://a/b/c/d;p?y")
        #expect(resolve("#s", base) == "http://a/b/c/d;p?q#s")
        #expect(resolve("..", base) == "http://a/b/")
        #expect(resolve("../..", base) == "http://a/")
        #expect(resolve("../../../g", base) == "http://a/g")
        #expect(resolve("g;x=1/../y", base) == "http://a/b/c/y")
        #expect(resolve("", base) == "http://a/b/c/d;p?q")
        #expect(resolve("#foo", "urn:uuid:deadbeef-1234") == "urn:uuid:deadbeef-1234#foo")
        #expect(URIReference.percentDecoded("/$defs/a%25b%2Fc") == "/$defs/a%b/c")
    }
}
