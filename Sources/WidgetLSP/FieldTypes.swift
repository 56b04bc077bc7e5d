import WidgetCEL
import WidgetCompiler
import WidgetSupport

/// The fields under a dotted name (`data.tasks.items`, `param.city`, `let.open`), for completion
/// and hover in templates and expressions: from the declared types (a source's `schema`, a
/// defaults source's keys, a let's inferred type) when there are some, else from the container's
/// data beside the document (a file's or a fixture's JSON). An entity parameter (`param.city`) is
/// one record of its options' list, typed the same way (docs/entities.md).
extension LanguageServer {
    /// What is known of a name: its declared type, or a sample value read from the container.
    enum KnownValue {
        case type(CELType)
        case sample(JSONValue)

        /// The member `field`, as far as known (a list has no named members).
        func member(_ field: String) -> KnownValue? {
            switch self {
            case .type(.object(_, let fields)): fields.first { $0.name == field }.map { .type($0.type) }
            case .type(.map(_, let value)): value == .dyn ? nil : .type(value)
            case .type: nil
            case .sample(let value): value.object?[field].map(KnownValue.sample)
            }
        }

        /// An element of the list this names.
        var element: KnownValue? {
            switch self {
            case .type(.list(let element)): element == .dyn ? nil : .type(element)
            case .type: nil
            case .sample(let value): value.array?.first.map(KnownValue.sample)
            }
        }

        /// The named fields, each with what it is.
        var fields: [(name: String, detail: String)] {
            switch self {
            case .type(.object(_, let fields)): fields.map { ($0.name, $0.type.description) }
            case .type: []
            case .sample(let value): (value.object ?? JSONObject()).map { ($0.key, LanguageServer.describe($0.value)) }
            }
        }

        /// What hover says of it.
        var summary: String {
            switch self {
            case .type(let type): "`\(type)`"
            case .sample(let value): LanguageServer.describe(value) + " (from the container's data)"
            }
        }
    }

    /// What `path` names in this widget, as far as the declarations and the container tell.
    func knownValue(_ path: [String], _ root: SourceNode?, _ document: TextDocument) -> KnownValue? {
        guard let root, path.count >= 2 else { return nil }
        let (lets, definition) = LetsOfWidget.check(root, bytes: document.bytes, file: Self.path(of: document.uri))
        return knownValue(path, root, document, lets: lets, definition: definition, depth: 0)
    }

    private func knownValue(
        _ path: [String], _ root: SourceNode, _ document: TextDocument, lets: CheckedLets, definition: WidgetDefinition, depth: Int
    ) -> KnownValue? {
        guard path.count >= 2, depth < 4 else { return nil }  // an entity's options from a let from…: a few steps at most
        var known: KnownValue?
        switch path[0] {
        case "data":
            guard let source = definition.data.first(where: { $0.name == path[1] }) else { return nil }
            let type = LetEnvironment.sourceType(source)
            known = type != .dyn ? .type(type) : containerValue(source: path[1], root, document).map(KnownValue.sample)
        case "let":
            guard let checked = lets[name: path[1]], checked.type != .dyn else { return nil }
            known = .type(checked.type)
        case "param":
            guard let parameter = root["parameters"]?[path[1]], parameter["type"]?.string == "entity",
                parameter["multiple"] == nil, let options = parameter["options"]
            else { return nil }
            if let fixture = options["fixture"]?.string {
                // Through the hatch: the fixture holds the list.
                known = fixtureValue(fixture, document)?.array?.first.map(KnownValue.sample)
            } else if let from = options["from"]?.string {
                let list = from.split(separator: ".").map(String.init)
                known = knownValue(list, root, document, lets: lets, definition: definition, depth: depth + 1)?.element
            }
        default:
            return nil
        }
        for field in path.dropFirst(2) {
            guard let next = known?.member(field) else { return nil }
            known = next
        }
        return known
    }

    /// A container file beside the document, parsed; nil when it cannot be read.
    func fixtureValue(_ file: String, _ document: TextDocument) -> JSONValue? {
        let path = SourceFiles.defaultContainer(beside: Self.path(of: document.uri)) + "/" + file
        guard let bytes = try? SourceFiles.readNamed(path) else { return nil }
        return try? JSONReader.parse(bytes: bytes).json
    }

    /// The fields completing `typed` (`data.tasks.items.`, `param.city.na`): each labelled with
    /// the whole name, as the other variables are.
    func fieldCandidates(typed: String, _ root: SourceNode?, _ document: TextDocument) -> [Candidate] {
        let parts = typed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, ["data", "param", "let"].contains(parts[0]) else { return [] }
        let owner = Array(parts.dropLast())
        guard let known = knownValue(owner, root, document) else { return [] }
        let prefix = owner.joined(separator: ".")
        return known.fields.map { Candidate(label: prefix + "." + $0.name, kind: 5, detail: $0.detail) }
    }
}
