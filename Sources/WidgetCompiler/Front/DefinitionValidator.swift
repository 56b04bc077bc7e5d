import WidgetSupport

/// `widgetc validate`: every file through three layers (YAML, schema,
/// semantics), then the checks across files (unique kinds).
///
/// Files are processed one at a time and only their diagnostics and kinds
/// are kept, so memory stays flat however many files are validated.
public final class DefinitionValidator {
    public enum Mode: Sendable {
        /// The built-in widget/app schemas plus the semantic checks.
        case definitions
        /// Shape only, against one user-given schema (`--schema FILE`).
        case schemaOnly(SchemaStage)
    }

    private let mode: Mode
    private let builtIn: BuiltInSchemas?
    /// Every widget kind seen, for uniqueness across files.
    private var kinds: [String: (file: String, location: SourceLocation)] = [:]

    public init(mode: Mode = .definitions) throws(SchemaSetupError) {
        self.mode = mode
        if case .definitions = mode {
            builtIn = try BuiltInSchemas.shared()
        } else {
            builtIn = nil
        }
    }

    /// The diagnostics of one file. `path` is shown as given.
    public func validate(path: String) throws(SourceFiles.ReadError) -> [Diagnostic] {
        let bytes = try SourceFiles.read(path)
        return validate(bytes: bytes, path: path)
    }

    /// The diagnostics of one file's contents.
    public func validate(bytes: [UInt8], path: String) -> [Diagnostic] {
        let (documents, loadError) = SourceFiles.documents(of: bytes, path: path)
        var diagnostics: [Diagnostic] = []
        for document in documents {
            diagnostics += validate(document: document, path: path, bytes: bytes)
        }
        if let loadError { diagnostics.append(loadError.diagnostic(file: path)) }
        return diagnostics
    }

    private func validate(document: SourceNode, path: String, bytes: [UInt8]) -> [Diagnostic] {
        if case .schemaOnly(let stage) = mode {
            return stage.check(document, file: path)
        }
        guard let builtIn else { return [] }
        var context = CheckContext(file: path, bytes: bytes)
        switch DocumentKind.of(document) {
        case .widget:
            let shape = builtIn.widget.check(document, file: path)
            checkWidget(document, &context)
            recordKind(of: document, file: path, &context)
            return merge(shape: shape, semantic: context.diagnostics)
        case .app:
            let shape = builtIn.app.check(document, file: path)
            checkApp(document, &context)
            checkBundle(of: document, manifest: path, &context)
            return merge(shape: shape, semantic: context.diagnostics)
        case .unknown(let problem):
            context.error("document-kind", problem, at: document, [])
            return context.diagnostics
        }
    }

    /// Both layers, but one report per value: where a semantic check speaks
    /// about the same value as the schema, it knows more ("unknown unit 'x'"
    /// rather than "must match the pattern"), so its diagnostic replaces the schema's.
    private func merge(shape: [Diagnostic], semantic: [Diagnostic]) -> [Diagnostic] {
        let explained = Set(semantic.filter { $0.severity == .error }.map(\.pointer))
        return shape.filter { !explained.contains($0.pointer) } + semantic
    }

    private func recordKind(of document: SourceNode, file: String, _ context: inout CheckContext) {
        guard let kindNode = document["kind"], let kind = kindNode.string else { return }
        if let first = kinds[kind] {
            context.error(
                "duplicate-kind",
                "kind '\(kind)' is already defined at \(first.file):\(first.location.line):\(first.location.column); kinds must be unique",
                at: kindNode, ["kind"])
        } else {
            kinds[kind] = (file, kindNode.location)
        }
    }

    /// An app manifest's `widgets`: each file exists and the bundle's kinds are unique.
    private func checkBundle(of manifest: SourceNode, manifest path: String, _ context: inout CheckContext) {
        guard let widgets = manifest["widgets"] else { return }
        let directory = SourceFiles.directory(of: path)
        var bundleKinds: [String: String] = [:]
        for (i, entry) in widgets.items.enumerated() {
            guard let relative = entry.string else { continue }
            let pointer = ["widgets", String(i)]
            let full = relative.hasPrefix("/") ? relative : directory + relative
            guard let bytes = try? SourceFiles.read(full) else {
                context.error("missing-widget-file", "widget file '\(relative)' does not exist (looked for \(full))", at: entry, pointer)
                continue
            }
            for document in SourceFiles.documents(of: bytes, path: full).documents {
                guard let kind = document["kind"]?.string else { continue }
                if let other = bundleKinds[kind] {
                    context.error("duplicate-kind", "kind '\(kind)' of '\(relative)' is also the kind of '\(other)'; a bundle's kinds must be unique", at: entry, pointer)
                } else {
                    bundleKinds[kind] = relative
                }
            }
        }
    }
}

/// What a document is, by its top-level keys (spec "Files").
enum DocumentKind {
    case widget, app
    case unknown(String)

    static func of(_ document: SourceNode) -> DocumentKind {
        guard document.isMapping else {
            return .unknown("a definition is a mapping with the key 'kind' (a widget) or 'app' (an app manifest), not \(document.shown)")
        }
        if document["app"] != nil { return .app }
        if document["kind"] != nil { return .widget }
        let keys = document.members.map(\.key)
        let hint = keys.compactMap { Suggest.closest(to: $0, among: ["kind", "app"]) }.first
            .map { " (did you mean '\($0)'?)" } ?? ""
        return .unknown("this document has neither 'kind' (a widget) nor 'app' (an app manifest)\(hint)")
    }
}
