import WidgetSupport

/// `widgetc validate`: every file through three layers (YAML, schema,
/// semantics), then the checks across files (unique kinds).
///
/// Files are processed one at a time and only their diagnostics and kinds
/// are kept, so memory stays flat however many files are validated. The
/// per-file part (`FileChecker`) shares nothing, so files may be examined on
/// several threads; `conclude` then adds the checks across files in file order.
package final class DefinitionValidator {
    package enum Mode: Sendable {
        /// The built-in widget/app schemas plus the semantic checks.
        case definitions
        /// Shape only, against one user-given schema (`--schema FILE`).
        case schemaOnly(SchemaStage)
    }

    /// The per-file layers, safe to call from any thread.
    package let checker: FileChecker
    /// Every widget kind seen, for uniqueness across files.
    private var kinds: [String: (file: String, location: SourceLocation)] = [:]
    /// The String Catalogs the definitions name, in the order first met, with their uses.
    private var catalogUses: [(catalog: String, uses: [CatalogUse])] = []

    /// - Parameter lowers: also lower each document without errors to its plan
    ///   (`compile` and `run`; `validate` stops at the checks).
    package init(mode: Mode = .definitions, lowers: Bool = false) throws(SchemaSetupError) {
        checker = try FileChecker(mode: mode, lowers: lowers)
    }

    /// A validator with no files concluded yet over an existing checker (its schemas compiled
    /// once): the editor service checks each version of a document afresh with one.
    package init(sharing checker: FileChecker) {
        self.checker = checker
    }

    /// The diagnostics of one file. `path` is shown as given.
    package func validate(path: String) throws(SourceFiles.ReadError) -> [Diagnostic] {
        try conclude(checker.examine(path: path))
    }

    /// The diagnostics of one file's contents.
    package func validate(bytes: [UInt8], path: String) -> [Diagnostic] {
        // A file given as bytes has no read error to throw.
        (try? conclude(checker.examine(bytes: bytes, path: path))) ?? []
    }

    /// A file's diagnostics once the checks across files have seen it. Call it
    /// for the files in the order they are reported; it throws the file's read error.
    package func conclude(_ examination: FileExamination) throws(SourceFiles.ReadError) -> [Diagnostic] {
        if let readError = examination.readError { throw readError }
        var diagnostics: [Diagnostic] = []
        for document in examination.documents {
            var semantic = document.semantic
            if let kind = document.kind {
                if let first = kinds[kind.name] {
                    semantic.append(.error(
                        "duplicate-kind",
                        "kind '\(kind.name)' is already defined at \(first.file):\(first.location.line):\(first.location.column); kinds must be unique",
                        file: examination.path, at: kind.location, pointer: "/kind"))
                } else {
                    kinds[kind.name] = (examination.path, kind.location)
                }
            }
            diagnostics += Self.merge(shape: document.shape, semantic: semantic)
            if let use = document.catalogUse {
                if let k = catalogUses.firstIndex(where: { $0.catalog == use.catalog }) {
                    catalogUses[k].uses.append(use.use)
                } else {
                    catalogUses.append((use.catalog, [use.use]))
                }
            }
        }
        if let loadError = examination.loadError { diagnostics.append(loadError) }
        return diagnostics
    }

    /// The checks of each String Catalog the concluded files name (spec localization.md
    /// "Validation"), once all files are concluded: a catalog at a time, with its bytes.
    /// - Parameter locale: `--locale`: that locale's keys without a translation are listed one by one.
    package func concludeCatalogs(locale: String?) -> [(path: String, source: [UInt8]?, diagnostics: [Diagnostic])] {
        catalogUses.compactMap { (path, uses) in
            let loaded = checker.catalogs.load(path)
            guard loaded.readable else { return nil }   // reported where the definition names it
            var diagnostics = loaded.diagnostics
            if let catalog = loaded.catalog { diagnostics += CatalogChecks.check(catalog, uses: uses, locale: locale) }
            return (path, loaded.bytes, diagnostics)
        }
    }

    /// Both layers, but one report per value: where a semantic check speaks
    /// about the same value as the schema, it knows more ("unknown unit 'x'"
    /// rather than "must match the pattern"), so its diagnostic replaces the schema's.
    static func merge(shape: [Diagnostic], semantic: [Diagnostic]) -> [Diagnostic] {
        guard !shape.isEmpty, !semantic.isEmpty else { return shape + semantic }
        let explained = Set(semantic.filter { $0.severity == .error }.map(\.pointer))
        return shape.filter { !explained.contains($0.pointer) } + semantic
    }
}

/// What one file's layers found, before the checks across files.
package struct FileExamination: Sendable {
    /// One document's findings, kept apart until the cross-file checks add theirs.
    struct Document: Sendable {
        var shape: [Diagnostic] = []
        var semantic: [Diagnostic] = []
        /// A widget's kind, for uniqueness across files.
        var kind: (name: String, location: SourceLocation)? = nil
        /// A `kind` written in an app manifest's document: not a widget's, but a bundle that
        /// lists the file counts it, as it counts every document's `kind`.
        var manifestKind: String? = nil
        /// The document lowered (when asked, and only without errors).
        var lowered: Lowered? = nil
        /// An app manifest, decoded (when lowering, and only without errors), for `actions`.
        var manifest: AppDefinition? = nil
        /// The String Catalog the definition names, and what it uses of it.
        var catalogUse: (catalog: String, use: CatalogUse)? = nil
    }

    /// What a document without errors lowers to.
    package enum Lowered: Sendable {
        /// A widget's plan (`KIND.plan.json`).
        case widget(kind: String, plan: JSONValue)
        /// An app manifest's plan (`APP.app.json`) and its bundle's widget files, as the manifest names them, resolved.
        case app(id: String, plan: JSONValue, widgetFiles: [String])
    }

    /// Every document's lowering, in document order (call after `conclude` found no errors).
    package var lowered: [Lowered] { documents.compactMap(\.lowered) }

    /// The app manifests (when lowering, and only those without errors), decoded once with
    /// the rest of the file, for `actions`.
    package var manifests: [AppDefinition] { documents.compactMap(\.manifest) }

    package let path: String
    /// Why the file could not be read (missing, unreadable or too large), in the file layer's
    /// words: a bundle that names the file says so.
    var readFailure: FileError? = nil
    /// Whether the file could not be read.
    var unreadable: Bool { readFailure != nil }
    /// What `conclude` throws: every read failure but a file too large, which is the file's own
    /// diagnostic (`loadError`).
    var readError: SourceFiles.ReadError? { readFailure?.oversizeByteCount == nil ? readFailure : nil }
    /// When lowering, an app manifest's widget files as examined for its bundle check, in the
    /// manifest's order: each read once there, then reused by the commands rather than read
    /// again (`FileChecker.given` files excepted). A file of a bundle does not examine a bundle itself.
    package internal(set) var bundle: [FileExamination] = []
    var documents: [Document] = []
    var loadError: Diagnostic? = nil
    /// The file's bytes when the file layers found something (nil for a clean file).
    package internal(set) var source: [UInt8]? = nil

    /// Whether the file's own layers reported anything.
    var hasFindings: Bool {
        loadError != nil || documents.contains { !$0.shape.isEmpty || !$0.semantic.isEmpty }
    }
}

/// The layers that look at one file alone: YAML, schema, semantics. It holds
/// only immutable, compiled schemas, so it may run on several threads at once.
package struct FileChecker: Sendable {
    private let mode: DefinitionValidator.Mode
    /// The widget schema (definitions mode); the app schema is compiled when a manifest comes.
    private let widgetSchema: SchemaStage?
    private let lowers: Bool
    /// String Catalogs, read once for all the files that name them.
    let catalogs = CatalogCache()
    /// The files the command examines itself, as it names them: a manifest's bundle check
    /// shares each one's examination with the file's own turn (`GivenFiles`).
    package var given = GivenFiles([])
    /// How source files are read (the file system; a test counts the reads through it).
    package var reader = FileReader.files

    init(mode: DefinitionValidator.Mode, lowers: Bool) throws(SchemaSetupError) {
        self.mode = mode
        self.lowers = lowers
        if case .definitions = mode {
            widgetSchema = try BuiltInSchemas.widget()
        } else {
            widgetSchema = nil
        }
    }

    /// Reads and examines one file; a read error is kept for `conclude` to throw.
    /// A file too large to be a source file is the file's own error (exit 1), as
    /// the readers give it, without being read.
    package func examine(path: String) -> FileExamination {
        guard let position = given.position(of: path) else { return examine(path: path, inBundle: false) }
        return given.turn(position) { examine(path: path, inBundle: false) }
    }

    private func examine(path: String, inBundle: Bool) -> FileExamination {
        do {
            return examine(bytes: try reader.read(path, inBundle), path: path, inBundle: inBundle)
        } catch {
            var examination = FileExamination(path: path, readFailure: error)
            guard let size = error.oversizeByteCount else { return examination }
            let code = path.hasSuffix(".json") ? "json-too-large" : "yaml-too-large"
            examination.loadError = SourceDocument.sizeError(byteCount: size, code: code).diagnostic(file: path)
            return examination
        }
    }

    package func examine(bytes: [UInt8], path: String) -> FileExamination {
        examine(bytes: bytes, path: path, inBundle: false)
    }

    private func examine(bytes: [UInt8], path: String, inBundle: Bool) -> FileExamination {
        let (documents, loadError) = SourceFiles.documents(of: bytes, path: path)
        var examination = FileExamination(path: path)
        for document in documents {
            examination.documents.append(examine(document: document, path: path, bytes: bytes, inBundle: inBundle, &examination.bundle))
        }
        examination.loadError = loadError?.diagnostic(file: path)
        if documents.isEmpty, loadError == nil {
            // Spec (cli.md): a file with no document (empty, or only comments) is a warning.
            examination.documents.append(.init(semantic: [.warning(
                "empty-file",
                "this file holds no YAML document (it is empty or only comments); write a widget (key 'kind') or an app manifest (key 'app'), or remove the file",
                file: path, at: SourceLocation(line: 1, column: 1))]))
        }
        // Kept only for a file with something to show, so diagnostics quote it without reading it again.
        if examination.hasFindings { examination.source = bytes }
        return examination
    }

    private func examine(
        document: SourceNode, path: String, bytes: [UInt8], inBundle: Bool, _ bundleExaminations: inout [FileExamination]
    ) -> FileExamination.Document {
        if case .schemaOnly(let stage) = mode {
            return .init(shape: stage.check(document, file: path))
        }
        guard let widgetSchema else { return .init() }
        var context = CheckContext(file: path, bytes: bytes)
        checkIntegerRange(document, &context)
        switch DocumentKind.of(document) {
        case .widget:
            let shape = widgetSchema.check(document, file: path)
            // Decoded once: the checks and the lowering read the same definition.
            let definition = WidgetDefinition(decoding: document)
            checkWidget(definition, &context)
            let (catalog, catalogUse) = catalogUse(of: document, path, &context)
            var kind: (name: String, location: SourceLocation)? = nil
            if let text = definition.kind { kind = (text.value, text.location) }
            var lowered: FileExamination.Lowered? = nil
            if lowers, !Self.hasErrors(shape, context.diagnostics), let kind {
                // The checks have passed, the plan follows from the same definition.
                switch Lowering.plan(definition, file: path, catalog: catalog) {
                case .success(let plan): lowered = .widget(kind: kind.name, plan: plan)
                case .failure(let problem): context.diagnostics.append(problem)
                }
            }
            return .init(shape: shape, semantic: context.diagnostics, kind: kind, lowered: lowered, catalogUse: catalogUse)
        case .app:
            let shape: [Diagnostic]
            do {
                shape = try BuiltInSchemas.app().check(document, file: path)
            } catch {
                shape = [.error("schema", error.message, file: path, at: document.location)]
            }
            // Decoded once: the checks, the bundle, the plan and `actions` read the same manifest.
            let manifest = AppDefinition(decoding: document)
            checkApp(manifest, &context)
            let (_, catalogUse) = catalogUse(of: document, path, &context)
            let bundle = checkBundle(of: manifest, manifest: path, examines: lowers && !inBundle, &context)
            bundleExaminations += bundle.compactMap(\.examination)
            var lowered: FileExamination.Lowered? = nil
            var decoded: AppDefinition? = nil
            if lowers, !Self.hasErrors(shape, context.diagnostics) {
                switch Lowering.appPlan(manifest, file: path, kinds: bundle.flatMap(\.kinds)) {
                case .success(let (id, plan)): lowered = .app(id: id, plan: plan, widgetFiles: bundle.map(\.file))
                case .failure(let problem): context.diagnostics.append(problem)
                }
                decoded = manifest
            }
            return .init(
                shape: shape, semantic: context.diagnostics, manifestKind: manifest.kind?.value, lowered: lowered,
                manifest: decoded, catalogUse: catalogUse)
        case .scenario:
            // A list is a scenario (`--scenario FILE`): its schema and checks, merged.
            return .init(semantic: ScenarioLoader.diagnostics(of: document, &context))
        case .unknown(let problem):
            context.error("document-kind", problem, at: document, [])
            return .init(semantic: context.diagnostics)
        }
    }

    /// The catalog a definition names (`localization.catalog`), read once; one that cannot be read is this file's error.
    private func catalogUse(of document: SourceNode, _ path: String, _ context: inout CheckContext) -> (StringCatalog?, (catalog: String, use: CatalogUse)?) {
        guard let (catalogPath, node) = LocalizableStrings.catalogPath(of: document, file: path) else { return (nil, nil) }
        let loaded = catalogs.load(catalogPath)
        guard loaded.readable else {
            context.error(
                "l10n-catalog", "String Catalog '\(node.string ?? catalogPath)' cannot be read (looked for \(catalogPath)); create it with widgetc strings \(path) --catalog \(catalogPath)",
                at: node, ["localization", "catalog"])
            return (nil, nil)
        }
        return (loaded.catalog, (catalogPath, CatalogUse(file: path, strings: LocalizableStrings.of(document))))
    }

    /// Why a bundle's widget file cannot be read: missing (the common case), or not a
    /// regular file, unreadable, too large, in the file layer's words.
    private static func unreadableWidgetFile(_ relative: String, _ full: String, _ failure: FileError?) -> String {
        if let failure, !Self.isMissing(failure) {
            return "widget file '\(relative)' cannot be read (looked for \(full)): \(failure.reason); name a YAML file"
        }
        return "widget file '\(relative)' does not exist (looked for \(full))"
    }

    private static func isMissing(_ failure: FileError) -> Bool {
        if case .missing = failure.cause { return true }
        return false
    }

    private static func hasErrors(_ a: [Diagnostic], _ b: [Diagnostic]) -> Bool {
        a.contains { $0.severity == .error } || b.contains { $0.severity == .error }
    }

    /// An app manifest's `widgets`: each file exists and the bundle's kinds are unique.
    /// Returns each widget file (resolved against the manifest) with its kinds, and with
    /// `examines`, its whole examination, so the file is read once (a file the command
    /// was given is left to the command, which examines it anyway).
    private func checkBundle(
        of manifest: AppDefinition, manifest path: String, examines: Bool, _ context: inout CheckContext
    ) -> [(file: String, kinds: [String], examination: FileExamination?)] {
        var bundle: [(file: String, kinds: [String], examination: FileExamination?)] = []
        let directory = SourceFiles.directory(of: path)
        var bundleKinds: [String: String] = [:]
        for (i, written) in manifest.widgets.enumerated() {
            guard let written else { continue }
            let (relative, entry) = (written.value, written.node)
            let pointer = ["widgets", String(i)]
            let full = relative.hasPrefix("/") ? relative : directory + relative
            let found: GivenFiles.Kinds
            var examination: FileExamination? = nil
            // A given file: examined once in the run, here or in its own turn, whichever is first.
            let position = given.position(of: full)
            if let shared = position.flatMap({ given.kinds($0) { examine(path: full, inBundle: false) } }) {
                found = shared
            } else if examines, position == nil {
                let examined = examine(path: full, inBundle: true)
                found = GivenFiles.Kinds(of: examined)
                if !examined.unreadable { examination = examined }
            } else {
                // Only the kinds are needed (a file this bundle reached while another thread
                // examines it, or one that is not given when nothing is lowered).
                do {
                    let bytes = try reader.read(full, true)
                    found = GivenFiles.Kinds(kinds: SourceFiles.documents(of: bytes, path: full).documents.compactMap { $0[word: "kind"]?.string })
                } catch {
                    found = GivenFiles.Kinds(unreadable: error)
                }
            }
            guard let kinds = found.kinds else {
                context.error("missing-widget-file", Self.unreadableWidgetFile(relative, full, found.failure), at: entry, pointer)
                continue
            }
            bundle.append((full, kinds, examination))
            for kind in kinds {
                if let other = bundleKinds[kind] {
                    context.error("duplicate-kind", "kind '\(kind)' of '\(relative)' is also the kind of '\(other)'; a bundle's kinds must be unique", at: entry, pointer)
                } else {
                    bundleKinds[kind] = relative
                }
            }
        }
        return bundle
    }
}

/// How the commands read a source file: `SourceFiles.read`, unless a test reads through
/// its own wrapper (to count the reads of each file).
package struct FileReader: Sendable {
    /// Reads a path; `named` when another file names it (a bundle's widget file), which
    /// reads only a regular file (`SourceFiles.readNamed`).
    package let read: @Sendable (_ path: String, _ named: Bool) throws(SourceFiles.ReadError) -> [UInt8]

    package init(read: @escaping @Sendable (_ path: String, _ named: Bool) throws(SourceFiles.ReadError) -> [UInt8]) {
        self.read = read
    }

    /// The file system.
    package static let files = FileReader { path, named throws(SourceFiles.ReadError) in
        try named ? SourceFiles.readNamed(path) : SourceFiles.read(path)
    }
}

/// What a document is, by its top-level keys (spec "Files"), read in place; a list is a
/// scenario (docs/language-notes.md, "Scenario files").
enum DocumentKind {
    case widget, app, scenario
    case unknown(String)

    static func of(_ document: SourceNode) -> DocumentKind {
        if document.kind == .null, document.sourceText?.isEmpty ?? true {
            return .unknown("this document is empty; a definition is a mapping with the key 'kind' (a widget) or 'app' (an app manifest)")
        }
        if document.isSequence { return .scenario }
        guard document.isMapping else {
            return .unknown("a definition is a mapping with the key 'kind' (a widget) or 'app' (an app manifest), or a list of app events (a scenario), not \(document.shown)")
        }
        if document[word: "app"] != nil { return .app }
        if document[word: "kind"] != nil { return .widget }
        let keys = document.members.map(\.key)
        let hint = keys.compactMap { Suggest.closest(to: $0, among: ["kind", "app"]) }.first
            .map { " (did you mean '\($0)'?)" } ?? ""
        return .unknown("this document has neither 'kind' (a widget) nor 'app' (an app manifest)\(hint)")
    }
}
