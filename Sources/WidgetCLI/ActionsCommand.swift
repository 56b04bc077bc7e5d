#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport

/// `widgetc actions APP.yaml`: an app manifest's Home Screen quick actions, as an
/// Info.plist property list (static items) or as JSON (static and dynamic items).
enum ActionsCommand {
    static let command = Command(
        name: "actions",
        usage: "widgetc actions [--format plist|json] [--container DIR] [--locale LANG] APP.yaml",
        abstract: "Print an app manifest's Home Screen quick actions.",
        discussion: """
            --format plist (default) prints an XML property list whose root dict holds \
            UIApplicationShortcutItems, the static shortcuts, ready to merge into Info.plist.
            --format json prints {"static": [...], "dynamic": [...]}: the dynamic shortcuts are built from the \
            data in the app group container (--container, default: container/ beside the manifest); missing or \
            malformed data is a warning and gives no dynamic items. The manifest is validated first.
            """,
        options: Options.self,
        run: run
    )

    enum Format: String, CaseIterable { case plist, json }

    struct Options: CommandOptions {
        static let options = [
            OptionSpec.choice("format", Format.self, help: "Output format (default plist)."),
            OptionSpec("container", value: "DIR", help: "App group container for dynamic items (--format json; default: container/ beside the manifest)."),
            OptionSpec("locale", value: "LANG", help: "Titles and subtitles in this language (a BCP 47 tag) through the manifest's String Catalog."),
        ]
        let path: String
        let format: Format
        let container: String?
        let locale: String?

        init(_ args: ParsedArguments) throws(UsageError) {
            guard args.positional.count == 1, let path = args.positional.first else {
                throw UsageError(message: "'actions' takes exactly one app manifest; usage: widgetc actions [--format plist|json] APP.yaml")
            }
            self.path = path
            format = try args.choice("format", default: .plist)
            locale = try LocaleOption.parse(args)
            container = args.value("container")
            if let dir = container {
                guard format == .json else {
                    throw UsageError(message: "--container needs --format json: Info.plist holds only the static shortcuts")
                }
                guard POSIXFiles.status(dir)?.type == .directory else {
                    throw UsageError(message: "--container '\(dir)' is not a directory")
                }
            }
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let path = options.path
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
        guard let manifest = try load(path, console: console, renderer: renderer, locale: options.locale) else { return .inputErrors }

        guard options.format == .json else {
            console.out(QuickActionWriter.infoPlist(manifest.shortcuts))
            return .success
        }
        let container = Container(directory: options.container ?? SourceFiles.defaultContainer(beside: path))
        let dynamic = manifest.dynamicActions(container: container)
        for warning in dynamic.warnings { console.err(renderer.text(warning)) }
        console.out(QuickActionWriter.json(static: manifest.shortcuts, dynamic: dynamic.actions))
        return .success
    }

    /// The file's one app manifest, validated as `widgetc validate` does; nil (after
    /// printing the diagnostics) when it has errors.
    static func load(_ path: String, console: Console, renderer: DiagnosticRenderer, locale: String? = nil) throws(UsageError) -> AppManifest? {
        let compilation = Compilation(purpose: .compile)
        // One pass: YAML, schema, checks and the typed manifest (its bundle's files are not reported here).
        var reported: CompiledFile? = nil
        do {
            try compilation.compile([path]) { file in if reported == nil { reported = file } }
        } catch {
            throw UsageError(message: "\(error.description); check the path")
        }
        guard let file = reported else { return nil }
        let diagnostics = file.diagnostics.sorted { ($0.location, $0.code) < ($1.location, $1.code) }
        renderer.lines.use(file.source, for: path)
        for d in diagnostics { console.err(renderer.text(d)) }
        if diagnostics.contains(where: { $0.severity == .error }) {
            console.err("error: the manifest has errors; fix them first (see widgetc validate)\n")
            return nil
        }
        let manifests = file.manifests
        guard manifests.count == 1, let definition = manifests.first else {
            let found = manifests.isEmpty ? "no app manifest (a document with the key 'app')" : "\(manifests.count) app manifests"
            throw UsageError(message: "'\(path)' holds \(found); give one app's manifest, such as widgets/notes-app.yaml")
        }
        var localizer: Localizer? = nil
        if let locale, let catalogPath = definition.catalogPath(file: path) {
            // Read once, by the compilation's checks (which refuse a catalog that cannot be read).
            let loaded = compilation.stages.catalogs.load(catalogPath)
            let (catalog, problems) = loaded.readable
                ? (loaded.catalog, loaded.diagnostics)
                : (nil, [.error(.l10nCatalog, "cannot read the String Catalog", file: catalogPath, at: .start)])
            if let bytes = loaded.bytes { renderer.lines.use(bytes, for: catalogPath) }
            for d in problems { console.err(renderer.text(d)) }
            guard let catalog, !problems.contains(where: { $0.severity == .error }) else { return nil }
            let table = (try? PlanStrings(json: catalog.planStrings(for: LocalizableStrings.of(definition.root)))) ?? PlanStrings()
            localizer = Localizer(locale: locale, table: table)
        }
        do {
            return try AppManifest(definition, file: path, localizer: localizer, locale: locale)
        } catch {
            console.err(renderer.text(error))
            return nil
        }
    }
}
