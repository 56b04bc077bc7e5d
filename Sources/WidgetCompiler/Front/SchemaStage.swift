#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONSchema
import WidgetDiagnostics
import WidgetSupport

/// A schema could not be read or compiled: the environment is wrong (exit 2).
package struct SchemaSetupError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// The schema layer: one compiled JSON Schema, and its failures turned into
/// positioned diagnostics (the validator knows JSON Pointers; the document's
/// `SourceNode` knows where each pointer is).
package struct SchemaStage: Sendable {
    let schema: Schema
    /// For a built-in schema: its document, whose `title`s name what a pattern, an enum or a
    /// set of alternatives expects, so that failures read in words (`SchemaWords`).
    let words: SchemaWords?

    init(schema: Schema, words: SchemaWords? = nil) {
        self.schema = schema
        self.words = words
    }

    /// Reads and compiles a schema file (`--schema FILE`). `$ref`s to other
    /// files resolve relative to it, also when the schema has an `$id`.
    package init(file: String) throws(SchemaSetupError) {
        let bytes: [UInt8]
        do { bytes = try SourceFiles.read(file) } catch { throw SchemaSetupError(message: "\(error); check the --schema path") }
        let (documents, loadError) = SourceFiles.documents(of: bytes, path: file)
        if let loadError {
            throw SchemaSetupError(message: "schema \(file):\(loadError.location): \(loadError.message)")
        }
        guard let document = documents.first?.json else { throw SchemaSetupError(message: "schema \(file) is empty") }
        let absolute = file.hasPrefix("/") ? file : currentDirectory() + "/" + file
        let directory = String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.endIndex)])
        let fileURI = "file://" + absolute
        let idBase = document["$id"]?.string.map { id in String(id[..<(id.lastIndex(of: "/").map { id.index(after: $0) } ?? id.endIndex)]) }
        let registry = SchemaRegistry(loader: { uri in
            var path: String? = nil
            if uri.hasPrefix("file://") {
                path = String(uri.dropFirst("file://".count))
            } else if let idBase, uri.hasPrefix(idBase) {
                path = directory + "/" + uri.dropFirst(idBase.count)
            }
            guard let path, let bytes = try? SourceFiles.read(path) else { return nil }
            return SourceFiles.documents(of: bytes, path: path).documents.first?.json
        })
        do {
            schema = try Schema(document, uri: document["$id"] == nil ? fileURI : nil, registry: registry)
            words = nil
        } catch {
            throw SchemaSetupError(message: "schema \(file): \(error)")
        }
    }

    /// The positioned diagnostics of one document.
    func check(_ document: SourceNode, file: String) -> [Diagnostic] {
        // `validate` answers a valid document at `isValid`'s quiet speed and
        // reports only an invalid one (so an invalid one is not checked twice).
        let failures = schema.validate(document)
        guard !failures.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        var misspelt: [(pointer: String, name: String)] = []
        for failure in failures {
            append(failure, document, file, &diagnostics, &misspelt)
        }
        // A key refused as the misspelling of a required one explains its absence: `valeu`
        // (did you mean 'value'?) is reported, and not also "missing required property 'value'".
        if !misspelt.isEmpty {
            diagnostics.removeAll { d in
                d.code == .missingKey && misspelt.contains { d.pointer == $0.pointer && d.message == "missing required property '\($0.name)'" }
            }
        }
        return diagnostics
    }

    private func append(
        _ failure: SchemaFailure, _ document: SourceNode, _ file: String, _ out: inout [Diagnostic],
        _ misspelt: inout [(pointer: String, name: String)]
    ) {
        // A value that is of none of the forms, where the alternatives have a name in words:
        // `'5x' is not a duration (…) or a template rendering to one`.
        if let words, let (code, message) = words.noForm(failure) {
            let location = document.location(of: failure.instanceTokens, preferKey: false)
            out.append(.error(code, message, file: file, at: location, pointer: failure.instancePointer))
            return
        }
        // For "none of the forms" failures, the best branch's own failures say more.
        if !failure.nested.isEmpty, failure.keyword == "oneOf" || failure.keyword == "anyOf" {
            let specific = failure.nested.filter { $0.keyword != "type" || $0.instanceTokens.count > failure.instanceTokens.count }
            if !specific.isEmpty {
                for nested in specific { append(nested, document, file, &out, &misspelt) }
                return
            }
        }
        let code = Self.code(for: failure.keyword)
        var message = words?.message(for: failure) ?? failure.message
        var preferKey = false
        if code == .unknownKey, let name = failure.instanceTokens.last {
            preferKey = true
            if let allowed = failure.allowedProperties,
               let suggestion = Suggest.closest(to: name, among: allowed) {
                message += " (did you mean '\(suggestion)'?)"
                misspelt.append((JSONPointer.string(Array(failure.instanceTokens.dropLast())), suggestion))
            }
        }
        let location = document.location(of: failure.instanceTokens, preferKey: preferKey)
        out.append(.error(code, message, file: file, at: location, pointer: failure.instancePointer))
    }

    /// Stable diagnostic codes for the schema layer, by failing keyword.
    static func code(for keyword: String) -> DiagnosticCode {
        switch keyword {
        // (`properties`: a property whose schema is `false`, such as `values` of an integer parameter.)
        case "additionalProperties", "unevaluatedProperties", "propertyNames", "properties": .unknownKey
        case "required", "dependentRequired": .missingKey
        case "type": .typeMismatch
        case "enum", "const": .notAllowedValue
        case "pattern": .patternMismatch
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
             "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
             "minContains", "maxContains":
            .outOfRange
        case "uniqueItems": .duplicateItem
        case "oneOf", "anyOf": .noMatchingForm
        default: .schema
        }
    }
}

/// The widget, app and scenario schemas embedded at build time, each compiled once per
/// process when first needed (validating widgets compiles only the widget schema).
package enum BuiltInSchemas {
    /// The widget schema.
    package static func widget() throws(SchemaSetupError) -> SchemaStage { try widgetStage.get() }
    /// The app manifest schema.
    package static func app() throws(SchemaSetupError) -> SchemaStage { try appStage.get() }
    /// The scenario schema.
    package static func scenario() throws(SchemaSetupError) -> SchemaStage { try scenarioStage.get() }

    /// A built-in schema's text (`widget.schema.json`, `app.schema.json`), for the editor's completion.
    package static func text(_ name: String) -> String? { EmbeddedSchemas.files[name] }

    private static let widgetStage = stage("widget.schema.json")
    private static let appStage = stage("app.schema.json")
    private static let scenarioStage = stage("scenario.schema.json")

    private static func stage(_ name: String) -> Result<SchemaStage, SchemaSetupError> {
        guard let text = EmbeddedSchemas.files[name] else {
            return .failure(SchemaSetupError(message: "built-in schema \(name) is missing from this build"))
        }
        do {
            let document = try JSONReader.parse(text).json
            return .success(SchemaStage(schema: try Schema(document, registry: SchemaRegistry()), words: SchemaWords(document)))
        } catch {
            return .failure(SchemaSetupError(message: "built-in schema \(name): \(error)"))
        }
    }
}

private func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let duplicateItem = DiagnosticCode("duplicate-item")
    package static let missingKey = DiagnosticCode("missing-key")
    package static let noMatchingForm = DiagnosticCode("no-matching-form")
    package static let notAllowedValue = DiagnosticCode("not-allowed-value")
    package static let outOfRange = DiagnosticCode("out-of-range")
    package static let patternMismatch = DiagnosticCode("pattern-mismatch")
    package static let schema = DiagnosticCode("schema")
    package static let typeMismatch = DiagnosticCode("type-mismatch")
    package static let unknownKey = DiagnosticCode("unknown-key")
}
