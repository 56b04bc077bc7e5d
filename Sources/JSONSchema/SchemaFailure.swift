import WidgetSupport

/// One reason an instance does not satisfy a schema.
package struct SchemaFailure: Sendable, Equatable, CustomStringConvertible {
    /// Where in the instance: JSON Pointer reference tokens. For a property that is not
    /// allowed, the last token is that property's name.
    package var instanceTokens: [String]
    /// The keyword that failed: `type`, `required`, `additionalProperties`, `anyOf`, ...
    /// (`false` for a boolean `false` schema reached through no other keyword).
    package var keyword: String
    /// The keyword's location along the evaluation path, through `$ref`s, as a JSON Pointer
    /// from the schema root (e.g. `/properties/timeline/$ref/required`).
    package var schemaPointer: String
    /// The keyword's absolute location: the canonical URI of its schema resource and a
    /// pointer fragment (e.g. `https://example.com/widget.schema.json#/$defs/timeline/required`).
    package var absoluteSchemaLocation: String
    /// A short message in a compiler's voice: `expected integer, got string`.
    package var message: String
    /// For a property refused by `additionalProperties: false` or `unevaluatedProperties: false`:
    /// the names that would have been allowed there (for "did you mean" suggestions).
    package var allowedProperties: [String]?
    /// The offending value as messages show it (`'25:00'`, `5`, `an object`), for failures
    /// about the value at `instanceTokens` (not for a missing or refused property).
    package var value: String?
    /// For `enum`: the allowed string closest to the value, when the value looks like a typo of it.
    package var suggestion: String?
    /// For `anyOf`/`oneOf` (and `contains`, `propertyNames`): the failures of the most
    /// promising alternative, the likely real cause.
    package var nested: [SchemaFailure]

    package init(
        instanceTokens: [String], keyword: String, schemaPointer: String, absoluteSchemaLocation: String,
        message: String, allowedProperties: [String]? = nil, nested: [SchemaFailure] = [],
        value: String? = nil, suggestion: String? = nil
    ) {
        self.value = value
        self.suggestion = suggestion
        self.instanceTokens = instanceTokens
        self.keyword = keyword
        self.schemaPointer = schemaPointer
        self.absoluteSchemaLocation = absoluteSchemaLocation
        self.message = message
        self.allowedProperties = allowedProperties
        self.nested = nested
    }

    /// The instance location as a JSON Pointer string (`/timeline/policy`).
    package var instancePointer: String { JSONPointer.string(instanceTokens) }

    package var description: String {
        "\(instancePointer.isEmpty ? "(root)" : instancePointer): \(message) [\(keyword) at \(schemaPointer)]"
    }
}

/// A schema that cannot be compiled: malformed keyword, invalid regex, unresolvable or
/// cyclic `$ref`, unknown required vocabulary.
package struct SchemaCompileError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    /// Where in the schema document: a JSON Pointer string (`/properties/name/pattern`).
    package var schemaPointer: String
    /// The URI of the document holding the bad schema (it may be another document than
    /// the one being compiled, reached by `$ref`).
    package var documentURI: String

    package init(message: String, schemaPointer: String, documentURI: String) {
        self.message = message
        self.schemaPointer = schemaPointer
        self.documentURI = documentURI
    }

    package var description: String {
        "\(documentURI)#\(schemaPointer): \(message)"
    }
}
