import WidgetDiagnostics
import WidgetSupport
import WidgetcRuntimeCore

/// Phase 1 of a `Compilation`: the stages that look at one file alone, each result a named type:
///
///     LoadedFile → ShapedDocument → (the typed definition) → CheckedDocument (+ its plan)
///
/// They hold only compiled schemas and the String Catalogs (each read once, for every file
/// that names it), so files go through them on several threads at once; what needs several
/// files (kinds, bundles, the catalogs' own checks) is phase 2's (`Compilation`).
///
/// A class: every file's examination is handed the stages, and a reference is one retain
/// where the struct's copy retained each of its parts (~9 a file, callgrind).
package final class FileStages: Sendable {
    package enum Mode: Sendable {
        /// The built-in widget/app schemas plus the semantic checks.
        case definitions
        /// Shape only, against one user-given schema (`--schema FILE`).
        case schemaOnly(SchemaStage)
    }

    /// In definitions mode the built-in schemas are each compiled when the first document
    /// needing it comes (a run of compiled plans needs none: the widget schema is half of `run`
    /// of one plan's 48 M instructions, callgrind).
    let mode: Mode
    /// String Catalogs, read once for all the files that name them.
    package let catalogs = CatalogCache()
    /// How source files are read (the file system; a test counts the reads through it).
    let reader: FileReader

    init(mode: Mode, reader: FileReader) {
        self.mode = mode
        self.reader = reader
    }

    /// How a file is read: as the command was given it, or because another file names it
    /// (a bundle's widget file: only a regular file, `SourceFiles.readNamed`).
    enum Reading: Sendable {
        case given
        case named
    }

    // MARK: The stages

    /// A file's bytes, once, or why they cannot be read.
    func read(path: String, _ reading: Reading) -> Result<[UInt8], SourceFiles.ReadError> {
        do throws(SourceFiles.ReadError) { return .success(try reader.read(path, reading == .named)) } catch { return .failure(error) }
    }

    /// Stage 1: the file's documents, from its bytes as `read(path:_:)` gave them. A file too
    /// large to be a source file is the file's own error, as the readers give it, without being read.
    func load(path: String, read: Result<[UInt8], SourceFiles.ReadError>) -> LoadedFile {
        switch read {
        case .success(let bytes): return load(bytes: bytes, path: path)
        case .failure(let error):
            var loadError: Diagnostic? = nil
            if let size = error.oversizeByteCount {
                let code: DiagnosticCode = path.hasSuffix(".json") ? .jsonTooLarge : .yamlTooLarge
                loadError = SourceDocument.sizeError(byteCount: size, code: code).diagnostic(file: path)
            }
            return LoadedFile(path: path, bytes: [], documents: [], readFailure: error, loadError: loadError)
        }
    }

    /// A compiled plan given to `run`: its bytes, which the runtime reads.
    func read(_ path: String) -> LoadedFile {
        do {
            return LoadedFile(path: path, bytes: try reader.read(path, false), documents: [], readFailure: nil, loadError: nil)
        } catch {
            return LoadedFile(path: path, bytes: [], documents: [], readFailure: error, loadError: nil)
        }
    }

    func load(bytes: [UInt8], path: String) -> LoadedFile {
        let file = SourceFiles.load(bytes, path: path)
        return LoadedFile(
            path: path, bytes: bytes, documents: file.documents, readFailure: nil, loadError: file.error?.diagnostic(file: path),
            duplicateKeys: file.duplicates.map { $0.diagnostic(file: path) })
    }

    /// Stage 2: what the document is, by its top-level keys, and the schema's findings.
    /// `lowers`: whether a widget without errors goes on to its plan (`compile`, `run`; not `validate`).
    func shape(_ node: SourceNode, of file: LoadedFile, lowers: Bool) -> ShapedDocument {
        // Built from its parts at the end: a `ShapedDocument` filled in place was copied whole
        // on its way out (callgrind: one copy a document).
        let role = DocumentKind.of(node)
        var context = CheckContext(file: file.path, bytes: file.bytes, keepsParsed: lowers)
        // The document's duplicate keys are its findings too (and keep it from being lowered).
        if !file.duplicateKeys.isEmpty, let k = file.documents.firstIndex(where: { $0.isSameNode(as: node) }) {
            let end = k + 1 < file.documents.count ? file.documents[k + 1].location : nil
            context.diagnostics += file.duplicateKeys.filter { end == nil || $0.location < end! }
                .filter { k == 0 || file.documents[k].location <= $0.location }
        }
        var shape: [Diagnostic] = []
        if case .schemaOnly(let stage) = mode {
            shape = stage.check(node, file: file.path)
        } else {
            checkIntegerRange(node, &context)
            switch role {
            case .widget: shape = Self.check(node, file: file.path, against: BuiltInSchemas.widget)
            case .app: shape = Self.check(node, file: file.path, against: BuiltInSchemas.app)
            case .scenario, .unknown:
                break
            }
        }
        return ShapedDocument(node: node, role: role, shape: shape, context: context)
    }

    /// `node` against a built-in schema, compiled at its first use; one that cannot be compiled is
    /// the document's error.
    private static func check(
        _ node: SourceNode, file: String, against schema: () throws(SchemaSetupError) -> SchemaStage
    ) -> [Diagnostic] {
        do { return try schema().check(node, file: file) } catch { return [.error(.schema, error.message, file: file, at: node.location)] }
    }

    /// Stage 3 (a widget or an app manifest decoded once into its typed definition, which the
    /// checks, the plan and `actions` all read) and stage 4: the semantic checks, the catalog
    /// the definition names, and (stage 5) a widget's plan. An app manifest's plan needs its
    /// bundle's kinds: phase 2 lowers it. A widget comes decoded and checked (`widget`, which
    /// `examine` took through `WidgetCheck`'s steps).
    ///
    /// The definition is borrowed by the checks and the lowering, and the document's
    /// findings are updated in place (`inout`): a stage value holding the definition was copied
    /// whole on its way here (~60 retains and as many releases a widget, callgrind).
    func check(_ shaped: inout ShapedDocument, widget: inout WidgetCheck?, lowers: Bool) -> CheckedDocument {
        if case .schemaOnly = mode { return CheckedDocument(shape: shaped.shape) }
        switch shaped.role {
        case .widget:
            // Moved out of its slot: read through the optional, the definition was copied (38
            // retains and as many releases a widget, callgrind).
            let checked = widget.take()!
            return check(widget: checked.definition, &shaped, lowers: lowers)
        case .app:
            let manifest = AppDefinition(decoding: shaped.node)
            checkApp(manifest, &shaped.context)
            let (_, catalogUse) = catalogUse(of: shaped.node, &shaped.context)
            return CheckedDocument(
                shape: shaped.shape, semantic: shaped.context.diagnostics, manifestKind: manifest.kind?.value, manifest: manifest,
                catalogUse: catalogUse)
        case .scenario:
            // A list is a scenario (`--scenario FILE`): its schema and checks, merged.
            return CheckedDocument(semantic: ScenarioChecks.diagnostics(of: shaped.node, &shaped.context))
        case .unknown(let problem):
            shaped.context.error(.documentKind, problem, at: shaped.node, [])
            return CheckedDocument(semantic: shaped.context.diagnostics)
        }
    }

    private func check(widget definition: WidgetDefinition, _ shaped: inout ShapedDocument, lowers: Bool) -> CheckedDocument {
        let (catalog, catalogUse) = catalogUse(of: shaped.node, &shaped.context)
        var kind: (name: String, location: SourceLocation)? = nil
        if let text = definition.kind { kind = (text.value, text.location) }
        var plan: Lowered? = nil
        if lowers, !hasErrors(shaped.shape, shaped.context.diagnostics), let kind {
            // The checks have passed, the plan follows from the same definition.
            switch Lowering.plan(definition, file: shaped.context.file, catalog: catalog, parsed: shaped.context.parsed) {
            case .success(let lowered): plan = .widget(kind: kind.name, plan: lowered)
            case .failure(let problem): shaped.context.diagnostics.append(problem)
            }
        }
        return CheckedDocument(shape: shaped.shape, semantic: shaped.context.diagnostics, kind: kind, plan: plan, catalogUse: catalogUse)
    }

    /// Files through every stage, stage by stage: every file's documents shaped, then every
    /// widget decoded, then each step of the widget checks for every widget, then every document
    /// concluded. (Each stage runs more code than the instruction cache holds: one file through
    /// every stage in turn fetched it all again for each file. Loaded, shaped and checked 32
    /// files at a time, bench/validate's examples shape took 2.2x the floor's CPU instead of
    /// 2.6x, 7 rounds in random order, 2 threads. The checks in steps: see `WidgetCheck`.)
    func examine(_ files: [LoadedFile], lowers: Bool) -> [ExaminedFile] {
        var shaped = files.map { file in file.readFailure == nil ? file.documents.map { shape($0, of: file, lowers: lowers) } : [] }
        var widgets = shaped.map { documents in
            documents.map { document -> WidgetCheck? in
                guard case .definitions = mode, case .widget = document.role else { return nil }
                return WidgetCheck(root: document.node)
            }
        }
        for step in WidgetCheck.Step.allCases {
            for i in widgets.indices {
                for k in widgets[i].indices where widgets[i][k] != nil {
                    widgets[i][k]!.run(step, &shaped[i][k].context)
                }
            }
        }
        return files.indices.map { i in
            let file = files[i]
            return ExaminedFile(
                loaded: file,
                documents: file.readFailure == nil ? documents(of: file, shaped: &shaped[i], widgets: &widgets[i], lowers: lowers) : [])
        }
    }

    private func documents(
        of file: LoadedFile, shaped: inout [ShapedDocument], widgets: inout [WidgetCheck?], lowers: Bool
    ) -> [CheckedDocument] {
        var documents = shaped.indices.map { check(&shaped[$0], widget: &widgets[$0], lowers: lowers) }
        if file.documents.isEmpty, file.loadError == nil {
            // Spec (cli.md): a file with no document (empty, or only comments) is a warning.
            documents.append(CheckedDocument(semantic: [.warning(
                .emptyFile,
                "this file holds no YAML document (it is empty or only comments); write a widget (key 'kind') or an app manifest (key 'app'), or remove the file",
                file: file.path, at: SourceLocation(line: 1, column: 1))]))
        }
        return documents
    }

    /// A bundle's file when nothing is lowered (`validate`): only the kinds its documents
    /// write, for the manifest's bundle check; the file itself is not reported.
    func kinds(_ file: LoadedFile) -> ExaminedFile {
        ExaminedFile(loaded: file, writtenKinds: file.documents.compactMap { $0[word: "kind"]?.string })
    }

    /// The catalog a definition names (`localization.catalog`), read once; one that cannot be read is this file's error.
    private func catalogUse(of document: SourceNode, _ context: inout CheckContext) -> (StringCatalog?, (catalog: String, use: CatalogUse)?) {
        let path = context.file
        guard let (catalogPath, node) = LocalizableStrings.catalogPath(of: document, file: path) else { return (nil, nil) }
        let loaded = catalogs.load(catalogPath)
        guard loaded.readable else {
            context.error(
                .l10nCatalog, "String Catalog '\(node.string ?? catalogPath)' cannot be read (looked for \(catalogPath)); create it with widgetc strings \(path) --catalog \(catalogPath)",
                at: node, ["localization", "catalog"])
            return (nil, nil)
        }
        return (loaded.catalog, (catalogPath, CatalogUse(file: path, document: document, catalog: loaded.catalog)))
    }
}

func hasErrors(_ a: [Diagnostic], _ b: [Diagnostic]) -> Bool {
    a.contains { $0.severity == .error } || b.contains { $0.severity == .error }
}

/// Stage 1: a file read once (`FileReader`), its documents parsed.
struct LoadedFile: Sendable {
    let path: String
    /// The file's bytes (empty when it could not be read).
    let bytes: [UInt8]
    /// The documents read, up to the first error.
    let documents: [SourceNode]
    /// Why the file could not be read (missing, unreadable or too large), in the file layer's words.
    let readFailure: FileError?
    /// The YAML or JSON error after `documents`, or a file too large: the file's own diagnostic.
    let loadError: Diagnostic?
    /// Duplicate keys in `documents` (each reported with its document's findings).
    var duplicateKeys: [Diagnostic] = []
}

/// Stage 2: one document, what it is, and what the schema says of its shape.
struct ShapedDocument {
    let node: SourceNode
    let role: DocumentKind
    var shape: [Diagnostic] = []
    /// The document's semantic findings so far (the integer-range pass over every scalar).
    var context: CheckContext
}

/// Stage 4 (and a widget's stage 5): one document's findings, and what phase 2 needs of it.
struct CheckedDocument: Sendable {
    var shape: [Diagnostic] = []
    var semantic: [Diagnostic] = []
    /// A widget's kind, for uniqueness across files.
    var kind: (name: String, location: SourceLocation)? = nil
    /// A `kind` written in an app manifest's document: not a widget's, but a bundle that
    /// lists the file counts it, as it counts every document's `kind`.
    var manifestKind: String? = nil
    /// A widget's plan (when lowering, and only without errors).
    var plan: Lowered? = nil
    /// An app manifest, decoded: phase 2 checks its bundle and lowers it.
    var manifest: AppDefinition? = nil
    /// The String Catalog the definition names, and what it uses of it.
    var catalogUse: (catalog: String, use: CatalogUse)? = nil
}

/// What a document without errors lowers to. (Indirect: a plan held in place made every
/// `CheckedDocument` 1,136 bytes, 456 now, and its array's allocation went past malloc's
/// per-thread cache: ~3,000 -> under 100 instructions a file of bench/validate's examples slice, callgrind.)
package indirect enum Lowered: Sendable {
    /// A widget's plan (`KIND.plan.json`).
    case widget(kind: String, plan: WidgetPlanModel)
    /// An app manifest's plan (`APP.app.json`) and its bundle's widget files, as the manifest names them, resolved.
    case app(id: String, plan: AppPlanModel, widgetFiles: [String])
}

/// What phase 1 found in one file, until phase 2 concludes it in its turn.
///
/// A class: an examination is handed from thread to batch to turn, and a struct this size was
/// copied on the way (each copy ~12 retains and as many releases, callgrind; one allocation instead).
final class ExaminedFile: Sendable {
    let path: String
    /// Kept until the file is concluded: diagnostics are shown from them, never read again.
    let bytes: [UInt8]
    let readFailure: FileError?
    let loadError: Diagnostic?
    let documents: [CheckedDocument]
    /// Examined for its kinds only (a bundle's file in `validate`): every document's `kind` as written.
    let writtenKinds: [String]?
    /// A compiled plan given to `run`, only read: its bytes are the plan.
    let isCompiledPlan: Bool
    /// `strings`: the documents as read, for the command to walk.
    let nodes: [SourceNode]

    init(
        loaded: LoadedFile, documents: [CheckedDocument] = [], writtenKinds: [String]? = nil, isCompiledPlan: Bool = false,
        nodes: [SourceNode] = []
    ) {
        path = loaded.path
        bytes = loaded.bytes
        readFailure = loaded.readFailure
        loadError = loaded.loadError
        self.documents = documents
        self.writtenKinds = writtenKinds
        self.isCompiledPlan = isCompiledPlan
        self.nodes = nodes
    }

    convenience init(compiledPlan loaded: LoadedFile) {
        self.init(loaded: loaded, isCompiledPlan: true)
    }

    convenience init(collected loaded: LoadedFile) {
        self.init(loaded: loaded, nodes: loaded.documents)
    }

    /// What a manifest's bundle check needs of the file.
    var bundleKinds: BundleKinds {
        if let readFailure { return BundleKinds(unreadable: readFailure) }
        return BundleKinds(kinds: writtenKinds ?? documents.compactMap { $0.kind?.name ?? $0.manifestKind })
    }
}

/// The kinds a bundle counts of a file (every document's `kind`, a manifest's too), or why it
/// cannot be read. Kept for every file examined, so small: one kind needs no array.
struct BundleKinds: Sendable {
    private enum Storage: Sendable {
        case one(String)
        case many([String])
        /// Boxed: rare, and large beside a kind.
        indirect case unreadable(FileError)
    }
    private let storage: Storage

    init(kinds: [String]) {
        storage = kinds.count == 1 ? .one(kinds[0]) : .many(kinds)
    }

    init(unreadable failure: FileError) {
        storage = .unreadable(failure)
    }

    /// nil: the file cannot be read.
    var kinds: [String]? {
        switch storage {
        case .one(let kind): [kind]
        case .many(let kinds): kinds
        case .unreadable: nil
        }
    }

    var failure: FileError? {
        if case .unreadable(let failure) = storage { return failure }
        return nil
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

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let documentKind = DiagnosticCode("document-kind")
    package static let emptyFile = DiagnosticCode("empty-file", .warning)
}
