#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSupport

/// `widgetc strings PATH... --catalog FILE`: the String Catalog brought up to date
/// with the definitions' localizable strings, as Xcode updates one (docs/localization.md).
enum StringsCommand {
    static let command = Command(
        name: "strings",
        usage: "widgetc strings PATH ... --catalog FILE",
        abstract: "Create or update a String Catalog (.xcstrings) with the definitions' strings.",
        discussion: """
            Collects every localizable string of the widgets and app manifests in the paths that name this \
            catalog (localization.catalog) or no catalog (an app manifest brings its bundle's widgets): display names, descriptions, parameter and value titles, content, \
            placeholder and snapshot text, quick action titles. New keys are added with the source-language \
            unit, keys no longer used are marked stale (not `manual` ones: Xcode never stales those), translations and comments are kept; the file is \
            written as Xcode writes it (sorted keys, two-space indentation). A second run changes nothing.
            """,
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [
            OptionSpec("catalog", value: "FILE", help: "The String Catalog to create or update (such as widgets/Localizable.xcstrings)."),
        ]
        let catalogPath: String
        let paths: [String]

        init(_ args: ParsedArguments) throws(UsageError) {
            catalogPath = try args.required(
                "catalog", else: "'strings' needs --catalog FILE, e.g. widgetc strings widgets/ --catalog widgets/Localizable.xcstrings")
            guard !args.positional.isEmpty else {
                throw UsageError(message: "'strings' needs at least one PATH, e.g. widgetc strings widgets/ --catalog widgets/Localizable.xcstrings")
            }
            paths = args.positional
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let catalogPath = options.catalogPath
        let files = try CompilePass.files(in: options.paths)
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
        var used: [String] = []
        var problems = 0
        /// Every definition file read (a manifest's bundle too): the catalog must not be one of them.
        var read: [String] = []
        var usingDocuments = 0
        /// Definitions left out because they name another catalog: (file, kind or app, that catalog).
        var skipped: [(file: String, name: String, catalog: String)] = []
        // A definition that names another catalog is that catalog's business (an app manifest's bundle too).
        let catalogReal = Compilation.realPath(catalogPath)
        let ours: (SourceNode, String) -> Bool = { document, file in
            guard let named = LocalizableStrings.catalogPath(of: document, file: file) else { return true }
            return named.path == catalogPath || Compilation.realPath(named.path) == catalogReal
        }
        let compilation = Compilation(purpose: .collect, jobs: Jobs.count())
        compilation.followsBundle = ours
        do {
            try compilation.compile(files) { file in
                if !file.diagnostics.isEmpty {
                    renderer.lines.use(file.source, for: file.path)
                    for d in file.diagnostics { console.err(renderer.text(d)) }
                    problems += 1
                    return
                }
                read.append(file.path)
                for document in file.documents where document["kind"] != nil || document["app"] != nil {
                    guard ours(document, file.path) else {
                        if let named = LocalizableStrings.catalogPath(of: document, file: file.path) {
                            let name = document["kind"]?.string.map { "widget '\($0)'" } ?? document["app"]?.string.map { "app '\($0)'" } ?? "a definition"
                            skipped.append((file.path, name, named.node.string ?? named.path))
                        }
                        continue
                    }
                    usingDocuments += 1
                    used += LocalizableStrings.of(document).map(\.key)
                }
            }
        } catch {
            throw UsageError(message: "\(error.description); check the path")
        }
        if problems > 0 {
            console.err("error: \(catalogPath) not written; fix the YAML first\n")
            return .inputErrors
        }
        // The catalog is written last: it must not be one of the definitions just read.
        try OutputTarget.refuseOverwriting(catalogPath, option: "--catalog", inputs: Array(files) + read)
        if catalogPath.hasSuffix(".yaml") || catalogPath.hasSuffix(".yml") {
            throw UsageError(message: "--catalog '\(catalogPath)' names a YAML file; a String Catalog is a .xcstrings file, such as \(SourceFiles.directory(of: catalogPath))Localizable.xcstrings")
        }
        for s in skipped {
            console.err("note: skipped \(s.file): \(s.name) names the catalog '\(s.catalog)' (localization.catalog), not \(catalogPath); run widgetc strings \(s.file) --catalog \(SourceFiles.directory(of: s.file))\(s.catalog) for its strings\n")
        }
        if usingDocuments == 0, !skipped.isEmpty, POSIXFiles.status(catalogPath) == nil {
            console.err("error: no definition in \(options.paths.joined(separator: ", ")) uses \(catalogPath), so it was not created; name it in localization.catalog or give the catalog the definitions name\n")
            return .inputErrors
        }

        var existing: [UInt8]? = nil
        var catalog = CatalogUpdate.empty()
        if let bytes = try? SourceFiles.read(catalogPath) {
            existing = bytes
            let (parsed, diagnostics) = StringCatalog.load(bytes: bytes, path: catalogPath)
            if parsed == nil || diagnostics.contains(where: { $0.severity == .error }) {
                renderer.lines.use(bytes, for: catalogPath)
                for d in diagnostics { console.err(renderer.text(d)) }
                console.err("error: \(catalogPath) not updated; fix the catalog first\n")
                return .inputErrors
            }
            catalog = (try? JSONReader.parse(bytes: bytes).json) ?? catalog
        }
        let (updated, summary) = CatalogUpdate.update(catalog, used: used)
        let bytes = CatalogWriter.bytes(updated)
        if bytes != existing {
            do throws(OutputTarget.Failure) {
                try OutputTarget.writeFile(bytes, to: catalogPath, durable: true, umask: OutputTarget.currentUmask())
            } catch {
                throw UsageError(message: error.message)
            }
        }
        var words = "\(summary.keys) key\(summary.keys == 1 ? "" : "s")"
        var changes: [String] = []
        if summary.added > 0 { changes.append("\(summary.added) added") }
        if summary.staled > 0 { changes.append("\(summary.staled) marked stale") }
        if summary.revived > 0 { changes.append("\(summary.revived) in use again") }
        if summary.manualKept > 0 { changes.append("\(summary.manualKept) unused manual key\(summary.manualKept == 1 ? "" : "s") kept") }
        words += changes.isEmpty ? "" : " (" + changes.joined(separator: ", ") + ")"
        console.err("\(catalogPath): \(words)\(bytes == existing ? ", unchanged" : "")\n")
        return .success
    }
}
