/// What the 2020-12 keywords are made of, and which vocabulary each belongs to.
enum SchemaVocabulary {
    /// How a keyword holds subschemas (for finding `$id`s and walking JSON Pointers).
    enum Shape {
        case single, array, map
    }

    static let shapes: [String: Shape] = [
        "additionalProperties": .single, "unevaluatedProperties": .single, "unevaluatedItems": .single,
        "items": .single, "contains": .single, "propertyNames": .single, "not": .single,
        "if": .single, "then": .single, "else": .single,
        "allOf": .array, "anyOf": .array, "oneOf": .array, "prefixItems": .array,
        "$defs": .map, "properties": .map, "patternProperties": .map, "dependentSchemas": .map,
    ]

    /// The vocabularies we implement; `format` and `content` are annotations only.
    struct Vocabularies: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let core = Vocabularies(rawValue: 1)
        static let applicator = Vocabularies(rawValue: 2)
        static let unevaluated = Vocabularies(rawValue: 4)
        static let validation = Vocabularies(rawValue: 8)
        static let annotations = Vocabularies(rawValue: 16)  // meta-data, format, content: nothing to check
        static let all: Vocabularies = [.core, .applicator, .unevaluated, .validation, .annotations]
    }

    static let vocabularyURIs: [String: Vocabularies] = [
        "https://json-schema.org/draft/2020-12/vocab/core": .core,
        "https://json-schema.org/draft/2020-12/vocab/applicator": .applicator,
        "https://json-schema.org/draft/2020-12/vocab/unevaluated": .unevaluated,
        "https://json-schema.org/draft/2020-12/vocab/validation": .validation,
        "https://json-schema.org/draft/2020-12/vocab/meta-data": .annotations,
        "https://json-schema.org/draft/2020-12/vocab/format-annotation": .annotations,
        "https://json-schema.org/draft/2020-12/vocab/format-assertion": .annotations,
        "https://json-schema.org/draft/2020-12/vocab/content": .annotations,
    ]
}
