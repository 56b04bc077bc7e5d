import JSONSchema
import WidgetSupport

/// A built-in schema's failures in words. In `schemas/*.json` every `pattern` and `enum`,
/// and every `anyOf`/`oneOf` a plain value may fail, sits in a schema whose `title` says
/// what is expected there: `a wall time (HH:MM, 00:00 to 23:59)` for a pattern or a set of
/// alternatives, a noun such as `family` for an enum. The words are made only for a failure
/// being reported, from the failure's schema location; the regular expressions and keyword
/// names stay the schema's business.
struct SchemaWords: Sendable {
    /// The schema document, and its `$id` (the built-in schemas refer to no other document).
    let document: JSONValue
    let uri: String

    init(_ document: JSONValue) {
        self.document = document
        uri = document["$id"]?.string ?? ""
    }

    /// The message of a `pattern`, `enum` or `propertyNames` failure, when the schema has
    /// words for it: `'25:00' is not a wall time (HH:MM, 00:00 to 23:59)`,
    /// `unknown family 'systemLrage'; did you mean 'systemLarge'? (families: systemSmall, …)`.
    func message(for failure: SchemaFailure) -> String? {
        switch failure.keyword {
        case "pattern":
            guard let value = failure.value, let title = schemaObject(of: failure)?["title"]?.string else { return nil }
            return "\(value) is not \(title)"
        case "enum":
            guard let value = failure.value, let object = schemaObject(of: failure), let title = object["title"]?.string,
                  let values = object["enum"]?.array
            else { return nil }
            let hint = failure.suggestion.map { "; did you mean '\($0)'?" } ?? ""
            let shown = values.prefix(12).map { $0.string ?? JSONWriter.string($0) }.joined(separator: ", ")
            let more = values.count > 12 ? ", … (\(values.count - 12) more)" : ""
            return "unknown \(title) \(value)\(hint) (\(Self.plural(title)): \(shown)\(more))"
        case "propertyNames":
            guard let nested = failure.nested.first, let words = message(for: nested) else { return nil }
            return "property name " + words
        default:
            return nil
        }
    }

    /// A plain value that is of none of the forms of a titled `anyOf`/`oneOf`, its closest
    /// form having refused it for its type or its pattern: `'5x' is not a duration (…) or a
    /// template rendering to one`. Code `pattern-mismatch` when patterns refused it, else
    /// `no-matching-form`. Nil when a form has more to say (an enum's suggestion, a bound,
    /// a member of an object).
    func noForm(_ failure: SchemaFailure) -> (code: DiagnosticCode, message: String)? {
        guard failure.keyword == "anyOf" || failure.keyword == "oneOf", let value = failure.value, !failure.nested.isEmpty,
              failure.nested.allSatisfy({ ($0.keyword == "pattern" || $0.keyword == "type") && $0.instanceTokens == failure.instanceTokens }),
              let title = schemaObject(of: failure)?["title"]?.string
        else { return nil }
        let code: DiagnosticCode = failure.nested.allSatisfy { $0.keyword == "pattern" } ? .patternMismatch : .noMatchingForm
        let hint = failure.suggestion.map { "; did you mean '\($0)'?" } ?? ""
        return (code, "\(value) is not \(title)\(hint)")
    }

    /// The schema object holding the failing keyword, by the failure's absolute location.
    private func schemaObject(of failure: SchemaFailure) -> JSONValue? {
        let location = failure.absoluteSchemaLocation
        guard let hash = location.firstIndex(of: "#"), location[..<hash] == uri,
              var tokens = JSONPointer.tokens(String(location[location.index(after: hash)...])), !tokens.isEmpty
        else { return nil }
        tokens.removeLast()
        return document.value(at: tokens)
    }

    /// `family` → `families`, `icon type` → `icon types`.
    static func plural(_ noun: String) -> String {
        let scalars = Array(noun.unicodeScalars)
        if noun.hasSuffix("y"), scalars.count > 1, !"aeiou".unicodeScalars.contains(scalars[scalars.count - 2]) {
            return String(noun.dropLast()) + "ies"
        }
        if noun.hasSuffix("s") || noun.hasSuffix("x") || noun.hasSuffix("ch") || noun.hasSuffix("sh") { return noun + "es" }
        return noun + "s"
    }
}
