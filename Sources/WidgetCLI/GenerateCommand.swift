#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetcRuntimeCore
import WidgetSupport
import WidgetcRuntimeCore

/// `widgetc generate swift APP.yaml --out DIR`: the Swift sources of the app's
/// widget extension, written from the plans `compile` would write (docs/generated-swift.md).
enum GenerateCommand {
    /// The generators there are.
    static let generators = ["swift"]

    static let command = Command(
        name: "generate",
        usage: "widgetc generate swift [--force] [--build-plugin] --out DIR APP.yaml|WIDGET.yaml [FILE ...]",
        abstract: "Generate the Swift sources of an app's widget extension from its manifest (or one widget file).",
        discussion: """
            Validates and compiles the app manifest and its widget bundle as 'widgetc compile' does, then writes \
            to DIR: the generated widgets' WidgetBundle (not @main) and, once, the @main bundle that lists it \
            (yours: never overwritten, add Live Activities and Controls there); per widget, Widgets/<Name>Widget.swift (the Widget with its \
            configuration, TimelineEntry, provider calling WidgetcRuntime, and for parameters the \
            WidgetConfigurationIntent) and Views/<Name>View.swift (a default SwiftUI view, written once: kept \
            when it exists unless --force); Resources/ with the plans; Supporting/ with the app's and the \
            extension's Info.plist and entitlements fragments (quick actions, app group, App Transport Security \
            exceptions for insecure sources). On errors nothing is written. \
            With --build-plugin, the fixed files the build-tool plugin declares instead (every generated type in \
            WidgetcGenerated.swift, the plans in WidgetcPlans.json, Localizable.xcstrings), from the YAML files \
            given (a target's), among which exactly one app manifest; see docs/xcode.md. \
            See docs/generated-swift.md.
            """,
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [
            OptionSpec("out", value: "DIR", help: "Directory for the sources (created if missing)."),
            OptionSpec("force", help: "Overwrite the views too (they are generated once, then yours)."),
            OptionSpec("build-plugin", help: "Write the build-tool plugin's fixed files (docs/xcode.md)."),
        ]
        /// The app manifest or widget file (with `--build-plugin`, a target's YAML files).
        let paths: [String]
        let out: String
        /// `--force`: the views are overwritten too.
        let force: Bool
        /// `--build-plugin`: the plugin's fixed set of files.
        let layout: SwiftGenerator.Layout

        init(_ args: ParsedArguments) throws(UsageError) {
            guard let generator = args.positional.first else {
                throw UsageError(message: "'generate' needs a generator and an app manifest, e.g. widgetc generate swift widgets/notes-app.yaml --out Extension")
            }
            guard generators.contains(generator) else {
                let hint = Suggest.hint(for: generator, among: generators)
                throw UsageError(message: "unknown generator '\(generator)'\(hint); generators: \(generators.joined(separator: ", "))")
            }
            layout = args.has("build-plugin") ? .buildPlugin : .project
            guard args.positional.count == 2 || (layout == .buildPlugin && args.positional.count > 2) else {
                throw UsageError(message: "'generate swift' takes exactly one app manifest or widget file, e.g. widgetc generate swift widgets/notes-app.yaml --out Extension")
            }
            paths = Array(args.positional.dropFirst())
            out = try args.required("out", else: "'generate' needs --out DIR, the directory for the sources, e.g. --out NoteBuddyWidgets")
            force = args.has("force")
        }
    }

    /// A widget file given without a manifest is a bundle of its widgets: the app plan a manifest
    /// naming just them would compile to (no app group, no quick actions), named after the first.
    static func bundleOfWidgets(_ plans: [(name: String, plan: CompilePass.Plan)], path: String) -> AppPlanModel? {
        let widgets = plans.compactMap { entry -> (name: String, plan: WidgetPlanModel)? in
            if case .widget(let plan) = entry.plan { (entry.name, plan) } else { nil }
        }
        guard let first = widgets.first?.plan else { return nil }
        return AppPlanModel(
            app: first.kind, displayName: first.displayName, source: PlanFiles.sourceName(path), appGroup: nil,
            widgets: widgets.map(\.name), shortcuts: .array([]), dynamicShortcuts: nil)
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let (path, out) = (options.paths.joined(separator: "', '"), options.out)
        try CompilePass.checkOutputDirectory(out, holding: "sources")
        // The manifest's bundle is compiled with it, as 'compile' does.
        let pass = try CompilePass(files: try CompilePass.files(in: options.paths), console: console)
        guard pass.errors == 0 else { return .inputErrors }
        let apps = pass.givenApps
        let app: AppPlanModel
        if apps.count == 1 {
            app = apps[0]
        } else if apps.isEmpty, let bundle = Self.bundleOfWidgets(pass.plans, path: options.paths[0]) {
            app = bundle
        } else {
            let found = apps.isEmpty ? "no app manifest and no widget" : "\(apps.count) app manifests"
            throw UsageError(message: "'\(path)' holds \(found); give one app's manifest, such as widgets/notes-app.yaml, or one widget file")
        }
        var widgets: [String: WidgetPlanModel] = [:]
        for case (let name, .widget(let plan)) in pass.plans { widgets[name] = plan }
        var bundle: [(fileName: String, plan: WidgetPlanModel)] = []
        for name in app.widgets {
            guard let plan = widgets[name] else { throw UsageError(message: "the manifest's bundle has no widget plan '\(name)'") }
            bundle.append((name, plan))
        }
        var bytes: [String: String] = [:]
        for (name, plan) in bundle { bytes[name] = String(decoding: JSONWriter.pretty(plan.json), as: UTF8.self) }
        let generated: [GeneratedFile]
        do { generated = try SwiftGenerator.files(app: app, widgets: bundle, planBytes: bytes, layout: options.layout) } catch {
            console.err("error: \(error.message)\n")
            return .inputErrors
        }

        for note in SwiftGenerator.platformFragments(app: app, widgets: bundle).notes { console.err("note: \(note)\n") }

        let directory = out.hasSuffix("/") ? out : out + "/"
        let force = options.force
        var kept: [String] = []
        var writes: [(target: String, file: GeneratedFile)] = []
        for file in generated {
            let target = directory + file.path
            if !file.overwrites, !force || file.keptEvenWithForce, access(target, F_OK) == 0 {
                kept.append(file.path)
            } else {
                writes.append((target, file))
            }
        }
        try OutputTarget.refuseInputs(writing: writes.map(\.target), into: out, inputs: pass.inputs)
        var written = 0
        for (target, file) in writes {
            try CompilePass.makeDirectory(SourceFiles.directory(of: target))
            let output = try OutputTarget(path: target, console: console)
            output.write(Array(file.contents.utf8))
            do { try output.commit() } catch { throw UsageError(message: error.message) }
            written += 1
        }
        var summary = "wrote \(written) file\(written == 1 ? "" : "s") to \(out)"
        if !kept.isEmpty {
            summary += "; kept \(kept.joined(separator: ", ")) (yours; --force overwrites the views, never the @main bundle)"
        }
        console.err(summary + "\n")
        return .success
    }
}
