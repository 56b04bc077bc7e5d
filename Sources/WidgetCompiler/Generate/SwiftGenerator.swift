import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// One file `widgetc generate swift` writes, relative to `--out`.
package struct GeneratedFile: Sendable, Equatable {
    package let path: String
    package let contents: String
    /// False for files written once and then the team's: kept when they exist (the starter views
    /// unless `--force`).
    package let overwrites: Bool
    /// Kept even with `--force`: the `@main` bundle, which lists the team's own widgets too.
    package var keptEvenWithForce: Bool = false
}

/// A plan the generator cannot read (only for hand-made plans: compiled ones are always readable).
package struct GenerateError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// `widgetc generate swift`: the WidgetKit glue of an app's widget extension,
/// written from the compiled plans (docs/generated-swift.md), never from YAML.
///
/// Everything is a pure function of the plans, so the same plans give the same
/// bytes. The Swift compiles in Swift 6 language mode against WidgetKit,
/// AppIntents, SwiftUI and the package's `WidgetcRuntime` library.
package enum SwiftGenerator {
    /// Where the files go.
    package enum Layout: Sendable {
        /// A directory the team adds to its extension target (`generate swift --out DIR`).
        case project
        /// The build-tool plugin's fixed set (docs/xcode.md): a build command declares its outputs
        /// before it runs, so their names cannot depend on the kinds. `WidgetcGenerated.swift`
        /// (every generated type, without the `@main` bundle and the team's views),
        /// `WidgetcPlans.json` (every plan, by kind) and `Localizable.xcstrings`.
        case buildPlugin
    }

    /// The build-tool plugin's outputs, in the order `files(layout: .buildPlugin)` returns them.
    package static let buildPluginFiles = ["WidgetcGenerated.swift", "WidgetcPlans.json", "Localizable.xcstrings"]

    /// What the generator writes, in a stable order.
    /// - Parameters:
    ///   - app: the app plan (`APP.app.json`).
    ///   - widgets: each of its widget plans with its file name (`KIND.plan.json`), in bundle order.
    ///   - planBytes: the plan files' exact bytes (as `compile` writes them), copied into `Resources/`.
    package static func files(
        app: AppPlanModel, widgets: [(fileName: String, plan: WidgetPlanModel)], planBytes: [String: String], layout: Layout = .project
    ) throws(GenerateError) -> [GeneratedFile] {
        let appModel = AppModel(app)
        let models = widgets.map { WidgetModel($0.plan, fileName: $0.fileName) }
        if let model = models.first(where: \.families.isEmpty) { throw GenerateError(message: "'\(model.fileName)' declares no family") }
        let appName = SwiftNames.upperCamel(appModel.displayName, fallback: "App")
        let bundleName = appName + "Widgets", mainName = appName + "WidgetBundle"
        let bases = SwiftNames.typeBases(kinds: models.map(\.kind), reserved: [bundleName, mainName])
        if layout == .buildPlugin {
            return buildPluginFiles(appModel, models, widgets, bases, bundleName, mainName)
        }
        var files: [GeneratedFile] = []
        files.append(GeneratedFile(path: bundleName + ".swift", contents: bundleFile(appModel, models, bases, bundleName, mainName), overwrites: true))
        files.append(GeneratedFile(
            path: mainName + ".swift", contents: mainFile(appModel, bundleName, mainName), overwrites: false, keptEvenWithForce: true))
        for model in models {
            let base = bases[model.kind]!
            files.append(GeneratedFile(path: "Widgets/\(base)Widget.swift", contents: widgetFile(model, base: base, appGroup: appModel.appGroup, layout: .project), overwrites: true))
            if model.declaresView {
                var writer = SwiftViewWriter(widget: model, base: base)
                files.append(GeneratedFile(path: "Views/\(base)View.swift", contents: writer.file(), overwrites: true))
            } else {
                files.append(GeneratedFile(path: "Views/\(base)View.swift", contents: viewFile(model, base: base), overwrites: false))
            }
        }
        if models.contains(where: \.usesSwiftHatch) {
            files.append(GeneratedFile(path: swiftHatchPath, contents: swiftHatchFile(appModel), overwrites: true))
        }
        for model in models {
            guard let bytes = planBytes[model.fileName] else { throw GenerateError(message: "no bytes for the plan '\(model.fileName)'") }
            files.append(GeneratedFile(path: "Resources/" + model.fileName, contents: bytes, overwrites: true))
        }
        files.append(GeneratedFile(path: "Resources/Localizable.xcstrings", contents: ExtensionCatalog.contents(models), overwrites: true))
        files += PlatformFragments(.init(app: appModel, widgets: models)).files(source: appModel.source)
        files += AppSideGenerator.files(app: app, widgets: widgets)
        return files
    }

    /// The plugin's three files: the generated Swift as one file (its imports once, at the top), the
    /// plans in one resource, the extension's String Catalog.
    static func buildPluginFiles(
        _ app: AppModel, _ models: [WidgetModel], _ widgets: [(fileName: String, plan: WidgetPlanModel)], _ bases: [String: String],
        _ bundleName: String, _ mainName: String
    ) -> [GeneratedFile] {
        var parts = [bundleFile(app, models, bases, bundleName, mainName)]
        if models.contains(where: \.usesSwiftHatch) { parts.append(swiftHatchFile(app)) }
        for model in models {
            let base = bases[model.kind]!
            parts.append(widgetFile(model, base: base, appGroup: app.appGroup, layout: .buildPlugin))
            if model.declaresView {
                var writer = SwiftViewWriter(widget: model, base: base)
                parts.append(writer.file())
            }
        }
        var imports: [String] = []
        var bodies: [String] = []
        for part in parts {
            var body: [Substring] = []
            for line in part.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("import ") {
                    if !imports.contains(String(line)) { imports.append(String(line)) }
                } else if !(line.isEmpty && body.last?.isEmpty == true) {
                    // The blank line that followed a file's imports is not doubled.
                    body.append(line)
                }
            }
            while body.last?.isEmpty == true { body.removeLast() }
            bodies.append(body.joined(separator: "\n") + "\n")
        }
        var swift = "// Generated by widgetc's build-tool plugin from \(app.source). Do not edit: every build rewrites it.\n"
        swift += "// The extension's `@main` bundle (listing \(bundleName)().body) and the views of widgets without\n"
        swift += "// a generated face (`view: custom`, or no `view`) are the team's own files.\n\n"
        swift += imports.sorted().joined(separator: "\n") + "\n\n"
        swift += bodies.joined(separator: "\n")
        let plans = JSONValue.object(JSONObject(widgets.map { ($0.plan.kind, $0.plan.json) }))
        return [
            GeneratedFile(path: buildPluginFiles[0], contents: swift, overwrites: true),
            GeneratedFile(path: buildPluginFiles[1], contents: String(decoding: JSONWriter.pretty(plans), as: UTF8.self), overwrites: true),
            GeneratedFile(path: buildPluginFiles[2], contents: ExtensionCatalog.contents(models), overwrites: true),
        ]
    }

    /// The Info.plist and entitlements fragments `files` writes, for their notes (what could
    /// not be written as a key).
    package static func platformFragments(app: AppPlanModel, widgets: [(fileName: String, plan: WidgetPlanModel)]) -> PlatformFragments {
        PlatformFragments(.init(app: AppModel(app), widgets: widgets.map { WidgetModel($0.plan, fileName: $0.fileName) }))
    }

    /// A property list with `comment` after its XML declaration line.
    static func afterDeclaration(_ document: String, _ comment: String) -> String {
        guard let newline = document.firstIndex(of: "\n") else { return comment + document }
        let next = document.index(after: newline)
        return String(document[..<next]) + comment + String(document[next...])
    }

    // MARK: - Files

    static func generatedHeader(_ source: String) -> String {
        "// Generated by widgetc from \(source). Do not edit.\n"
    }

    /// WidgetKit's builder takes at most ten widgets in one block (SDKs before Xcode 26 declare
    /// `buildBlock` for one to ten), so a bundle lists at most ten items: widgets, or groups.
    static let widgetsPerBlock = 10

    /// The generated widgets as a bundle that is not `@main`: the team's `@main` bundle lists it
    /// (`<Bundle>().body`) beside its Live Activities, Controls and hand-written widgets.
    static func bundleFile(_ app: AppModel, _ models: [WidgetModel], _ bases: [String: String], _ bundleName: String, _ mainName: String) -> String {
        var s = generatedHeader(app.source)
        s += "//\n// \(app.displayName)'s generated widgets (app \(app.id)), in manifest order. Not the extension's\n"
        s += "// entry point: \(mainName).swift (yours) lists them with `\(bundleName)().body`.\n\n"
        s += "import SwiftUI\nimport WidgetKit\n\n"
        s += bundleType(bundleName, models.map { bases[$0.kind]! + "Widget()" }, indent: "", first: 1)
        return s
    }

    /// Where the Swift hatch's protocol is declared, once per extension, when a widget has a `swift:` source.
    static let swiftHatchPath = "Widgets/WidgetcSwiftHatch.swift"

    /// The file declaring the Swift hatch's protocol (docs/swift-hatch.md).
    static func swiftHatchFile(_ app: AppModel) -> String {
        var s = generatedHeader(app.source)
        s += "//\n// The Swift hatch (docs/swift-hatch.md): the protocol a type of the extension conforms to when a\n"
        s += "// widget's `swift:` data source names it, and how its value reaches the runtime.\n\n"
        s += "import Foundation\nimport WidgetcRuntime\n\n"
        return s + swiftHatchDeclarations
    }

    /// The protocol the extension's types named by `swift:` data sources conform to, and what the
    /// glue calls.
    static let swiftHatchDeclarations = """
        /// A type of the extension that gives a `swift:` data source its value at each reload
        /// (docs/swift-hatch.md): the value is encoded to JSON and is `data.NAME` for the widget's
        /// lets, rules and face, exactly as a fixture's JSON is in `widgetc run`.
        protocol WidgetcSwiftSource {
            /// What `load` answers: encoded with JSONEncoder, dates as ISO 8601 text.
            associatedtype Value: Codable
            /// A new instance for each reload.
            init()
            /// The value for the source's `args` (rendered with the widget's parameters) at the
            /// reload's date. A throw shows the placeholder and logs the error; the timeline asks
            /// again after the source's `retry`.
            func load(arguments: SwiftArguments, date: Date) async throws -> Value
        }

        extension WidgetcSwiftSource {
            /// `load`'s value as the runtime reads it.
            func loadJSON(arguments: SwiftArguments, date: Date) async throws -> Data {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                return try encoder.encode(try await load(arguments: arguments, date: date))
            }
        }

        /// A type of the extension that an intent's `swift` effect calls (docs/swift-hatch.md): before
        /// the intent's container effects, so a throw leaves the container as it was.
        protocol WidgetcSwiftEffect {
            /// A new instance for each call.
            init()
            /// Does what the effect stands for (start a workout, mark a task in the app's database)
            /// with the effect's `args`, rendered with the intent's parameters.
            func perform(arguments: SwiftArguments) async throws
        }

        /// A Swift type name the glue does not know (a plan edited by hand).
        struct WidgetcUnknownSwiftType: Error, CustomStringConvertible {
            let name: String
            var description: String { "the extension has no Swift type \\(name) for this plan" }
        }

        """

    /// A `WidgetBundle` listing `items`; beyond ten, nested groups of at most ten (groups of
    /// groups past a hundred), so every builder block holds at most ten.
    static func bundleType(_ name: String, _ items: [String], indent: String, first: Int) -> String {
        var s = "\(indent)struct \(name): WidgetBundle {\n"
        s += "\(indent)    var body: some Widget {\n"
        guard items.count > widgetsPerBlock else {
            for item in items { s += "\(indent)        \(item)\n" }
            return s + "\(indent)    }\n\(indent)}\n"
        }
        // The size of a group: the smallest power of ten that leaves at most ten groups.
        var size = widgetsPerBlock
        while (items.count + size - 1) / size > widgetsPerBlock { size *= widgetsPerBlock }
        let groups = stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
        var nested = ""
        for (i, group) in groups.enumerated() {
            let from = first + i * size
            let groupName = "Widgets\(from)To\(from + group.count - 1)"
            s += "\(indent)        \(groupName)().body\n"
            nested += "\n\(indent)    /// Widgets \(from) to \(from + group.count - 1) of the bundle.\n"
            nested += bundleType(groupName, group, indent: indent + "    ", first: from)
        }
        s += "\(indent)    }\n"
        return s + nested + "\(indent)}\n"
    }

    /// The extension's entry point, written once and then the team's (never overwritten).
    static func mainFile(_ app: AppModel, _ bundleName: String, _ mainName: String) -> String {
        var s = "// Generated once by widgetc from \(app.source); yours to edit.\n"
        s += "// `widgetc generate swift` never overwrites this file, not even with --force: list your Live\n"
        s += "// Activities, Controls and hand-written widgets beside the generated ones, for example\n"
        s += "//     var body: some Widget { \(bundleName)().body; DeliveryLiveActivity() }\n\n"
        s += "import SwiftUI\nimport WidgetKit\n\n"
        s += "@main struct \(mainName): WidgetBundle { var body: some Widget { \(bundleName)().body } }\n"
        return s
    }

    /// The file in the app group container where the push handler keeps WidgetKit's push token.
    static let pushTokenFile = "widgetc-push.json"

    /// A `WidgetPushHandler` that keeps the token and the push widgets in the app group container
    /// (`widgetc-push.json`), where the app reads them and sends them to its server (docs/pushes.md).
    static func pushHandler(base: String, plan: String) -> String {
        var s = "/// Receives WidgetKit's push token (iOS 26) and keeps it, with the widgets it reloads, in the app\n"
        s += "/// group container as \(pushTokenFile): {\"token\": hex, \"widgets\": [{\"kind\", \"family\"}]}. The app\n"
        s += "/// reads that file and sends the token to its server, which pushes to APNs (`widgetc push`).\n"
        s += "struct \(base)PushHandler: WidgetPushHandler {\n"
        s += "    init() {}\n\n"
        s += "    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {\n"
        s += "        let digits = Array(\"0123456789abcdef\")\n"
        s += "        let token = String(pushInfo.token.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })\n"
        s += "        let covered: [[String: String]] = widgets.map { [\"kind\": $0.kind, \"family\": \(plan).name($0.family) ?? \"\\($0.family)\"] }\n"
        s += "        guard let container = \(plan).container else {\n"
        s += "            \(plan).log(\"no app group container: the push token is not kept\")\n"
        s += "            return\n"
        s += "        }\n"
        s += "        do {\n"
        s += "            let data = try JSONSerialization.data(withJSONObject: [\"token\": token, \"widgets\": covered] as [String: Any], options: [.sortedKeys])\n"
        s += "            // Written whole to a temporary file and renamed: the app never reads half a token.\n"
        s += "            try data.write(to: container.appendingPathComponent(\(literal(pushTokenFile))), options: .atomic)\n"
        s += "        } catch {\n"
        s += "            \(plan).log(\"cannot keep the push token: \\(error)\")\n"
        s += "        }\n"
        s += "    }\n"
        s += "}\n\n"
        return s
    }

    static func widgetFile(_ w: WidgetModel, base: String, appGroup: String?, layout: Layout) -> String {
        let hasIntent = !w.parameters.isEmpty
        let entry = base + "Entry", provider = base + "Provider", plan = base + "Plan", intent = base + "Intent"
        var s = generatedHeader(w.source)
        s += "//\n// Widget kind \(literal(w.kind)): its configuration, timeline entry"
        s += hasIntent ? ", provider and\n// configuration intent.\n" : " and provider.\n"
        s += layout == .project
            ? "// The provider answers with the bundled plan \(literal(w.fileName)) through WidgetcRuntime,\n"
            : "// The provider answers with its plan in the bundled WidgetcPlans.json through WidgetcRuntime,\n"
        s += "// exactly as `widgetc run` shows for a reload at the same instant.\n\n"
        if hasIntent || !w.intents.isEmpty { s += "import AppIntents\n" }
        s += "import Foundation\nimport SwiftUI\nimport WidgetKit\nimport WidgetcRuntime\nimport os\n\n"

        // The widget.
        s += "struct \(base)Widget: Widget {\n"
        s += "    let kind: String = \(literal(w.kind))\n\n"
        s += "    var body: some WidgetConfiguration {\n"
        if hasIntent {
            s += "        AppIntentConfiguration(kind: kind, intent: \(intent).self, provider: \(provider)()) { entry in\n"
        } else {
            s += "        StaticConfiguration(kind: kind, provider: \(provider)()) { entry in\n"
        }
        s += "            \(base)View(entry: entry)\n"
        s += "        }\n"
        s += "        .configurationDisplayName(\(literal(w.displayName)))\n"
        s += "        .description(\(literal(w.description)))\n"
        s += "        .supportedFamilies([\(w.families.map { "." + $0 }.joined(separator: ", "))])\n"
        // WidgetKit pushes (iOS 26): https://developer.apple.com/documentation/swiftui/widgetconfiguration/pushhandler(_:)
        if w.push { s += "        .pushHandler(\(base)PushHandler.self)\n" }
        s += "    }\n}\n\n"
        if w.push { s += pushHandler(base: base, plan: plan) }

        // The entry.
        s += "/// One dated state of the widget: what the runtime answered for that date.\n"
        s += "struct \(entry): WidgetKit.TimelineEntry {\n"
        s += "    let date: Date\n"
        s += "    /// The content fields (typed, in declaration order) and the widget URL; `content[\"field\"]?.int` reads one.\n"
        s += "    let content: WidgetEntry\n\n"
        s += "    /// A content field as text (numbers as `widgetc run` prints them); empty when the field is missing.\n"
        s += "    func text(_ field: String) -> String { content[field]?.text ?? \"\" }\n\n"
        s += "    /// The widget URL (`widgetURL`), when the widget has one.\n"
        s += "    var url: URL? { content.url.flatMap { URL(string: $0) } }\n"
        if w.relevance {
            // https://developer.apple.com/documentation/widgetkit/timelineentry/relevance
            s += "\n    /// The Smart Stack's ranking of this entry (`relevance:`): its score and how long after its date it holds.\n"
            s += "    var relevance: TimelineEntryRelevance? {\n"
            s += "        content.relevance.map { TimelineEntryRelevance(score: Float($0.score), duration: $0.duration) }\n"
            s += "    }\n"
        }
        s += "}\n\n"

        // The plan, loaded once.
        s += "/// The bundled plan, loaded once per process, and the requests made of it.\n"
        s += "enum \(plan) {\n"
        s += "    static let kind = \(literal(w.kind))\n"
        s += "    /// The app group whose container holds the widget's data files\(appGroup == nil ? " (the app declares none)" : "").\n"
        s += "    static let appGroup: String? = \(appGroup.map(literal) ?? "nil")\n\n"
        s += "    static let loaded: Result<WidgetPlan, PlanError> = {\n"
        switch layout {
        case .project:
            s += "        guard let url = Bundle.main.url(forResource: \(literal(String(w.fileName.dropLast(5)))), withExtension: \"json\") else {\n"
            s += "            return .failure(PlanError(pointer: \"\", message: \"the extension has no resource \(escapedInLiteral(w.fileName)); add Resources/ to its target\"))\n"
            s += "        }\n"
            s += "        // Strings in the device's language, through the String Catalog compiled into the plan\n"
            s += "        // (iOS restarts the extension when the language changes).\n"
            s += "        return Result { () throws(PlanError) in try WidgetPlan(contentsOf: url, locale: .current) }\n"
        case .buildPlugin:
            // A package target's resources are in its own bundle; an Xcode target's in the extension's.
            s += "        #if SWIFT_PACKAGE\n"
            s += "        let resources = Bundle.module\n"
            s += "        #else\n"
            s += "        let resources = Bundle.main\n"
            s += "        #endif\n"
            s += "        guard let url = resources.url(forResource: \"WidgetcPlans\", withExtension: \"json\") else {\n"
            s += "            return .failure(PlanError(pointer: \"\", message: \"the extension has no resource WidgetcPlans.json: is widgetc's build-tool plugin on its target?\"))\n"
            s += "        }\n"
            s += "        // Strings in the device's language, through the String Catalog compiled into the plan\n"
            s += "        // (iOS restarts the extension when the language changes).\n"
            s += "        return Result { () throws(PlanError) in try WidgetPlan(contentsOf: url, kind: kind, locale: .current) }\n"
        }
        s += "    }()\n\n"
        s += "    /// The last answer of each URL data source (`maxAge`, `stale`), kept in the app group\n"
        s += "    /// container so that it outlives the process (in memory when there is no container).\n"
        s += "    static let responses = ResponseStore(container: container, kind: kind)\n\n"
        s += "    /// The app group container; nil (with its own log line) when the extension cannot reach it.\n"
        s += "    static var container: URL? {\n"
        s += "        guard let appGroup else { return nil }\n"
        s += "        guard let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) else {\n"
        s += "            logger.error(\"no container for the app group \\(appGroup, privacy: .public): add it to the extension's App Groups entitlement; data files read as missing and nothing is kept between processes\")\n"
        s += "            return nil\n"
        s += "        }\n"
        s += "        return url\n"
        s += "    }\n\n"
        s += "    /// The family's name in the plan; nil (the widget's first family) for one it does not declare.\n"
        s += "    static func name(_ family: WidgetKit.WidgetFamily) -> String? {\n"
        s += "        switch family {\n"
        for f in w.families { s += "        case .\(f): \(literal(f))\n" }
        s += "        default: nil\n"
        s += "        }\n    }\n\n"
        if !w.intents.isEmpty { s += performFunction(plan: plan, swiftEffects: w.swiftEffectTypes) }
        if w.parameters.contains(where: { $0.type == "entity" }) {
            s += "    /// An entity parameter's options, read through the runtime from the app group container as a\n"
            s += "    /// reload reads them (docs/entities.md): what its `EntityQuery` answers.\n"
            // With the hatch, the extension's types give the Swift sources' values, as at a reload.
            let hatch = w.swiftTypes.isEmpty ? "" : ", swiftSources: SwiftSources()"
            s += "    static func entityOptions(_ parameter: String) async -> WidgetEntityOptions {\n"
            s += "        guard case .success(let plan) = loaded else { return WidgetEntityOptions(options: [], defaultOption: nil, warnings: []) }\n"
            s += "        let answer = \(hatch.isEmpty ? "" : "await ")plan.entityOptions(parameter, at: Date(), container: container, responses: responses\(hatch))\n"
            s += "        for warning in answer.warnings { log(warning) }\n"
            s += "        return answer\n"
            s += "    }\n\n"
        }
        if !w.swiftTypes.isEmpty { s += swiftSourcesLoader(w) }
        s += "    /// The unified log (Console, `log stream`): subsystem widgetc, category the widget's kind.\n"
        s += "    static let logger = Logger(subsystem: \"widgetc\", category: kind)\n\n"
        s += "    /// The runtime's warnings (never a secret's value) and why a plan cannot be loaded.\n"
        s += "    static func log(_ message: String) {\n"
        s += "        logger.warning(\"\\(message, privacy: .public)\")\n"
        s += "    }\n\n"
        s += "    /// The runtime's timeline: the URL sources' requests all at once, cancelled with the task.\n"
        s += "    static func timeline(at date: Date, family: WidgetKit.WidgetFamily, parameters: [String: WidgetValue]) async -> WidgetKit.Timeline<\(entry)> {\n"
        s += "        switch loaded {\n"
        s += "        case .success(let plan):\n"
        let hatch = w.swiftTypes.isEmpty ? "" : ", swiftSources: SwiftSources()"
        s += "            let answer = await plan.timeline(at: date, family: name(family), parameters: parameters, container: container, responses: responses\(hatch))\n"
        s += "            for warning in answer.warnings { log(warning) }\n"
        s += "            let policy: TimelineReloadPolicy\n"
        s += "            switch answer.policy {\n"
        s += "            case .atEnd: policy = .atEnd\n"
        s += "            case .after(let reload): policy = .after(reload)\n"
        s += "            case .never: policy = .never\n"
        s += "            }\n"
        s += "            return WidgetKit.Timeline(entries: answer.entries.map { \(entry)(date: $0.date, content: $0) }, policy: policy)\n"
        s += "        case .failure(let error):\n"
        s += "            log(\"cannot load the plan: \\(error)\")\n"
        s += "            return WidgetKit.Timeline(entries: [\(entry)(date: date, content: WidgetEntry(date: date))], policy: .never)\n"
        s += "        }\n    }\n\n"
        for (fn, what) in [("snapshot", "the widget gallery's entry"), ("placeholder", "the entry shown while the widget loads")] {
            s += "    /// \(what.prefix(1).uppercased() + what.dropFirst()).\n"
            s += "    static func \(fn)(at date: Date, family: WidgetKit.WidgetFamily, parameters: [String: WidgetValue]) -> \(entry) {\n"
            s += "        switch loaded {\n"
            s += "        case .success(let plan):\n"
            s += "            return \(entry)(date: date, content: plan.\(fn)(at: date, family: name(family), parameters: parameters, container: container))\n"
            s += "        case .failure(let error):\n"
            s += "            log(\"cannot load the plan: \\(error)\")\n"
            s += "            return \(entry)(date: date, content: WidgetEntry(date: date))\n"
            s += "        }\n    }\n\(fn == "snapshot" ? "\n" : "")"
        }
        s += "}\n\n"

        // The provider.
        if hasIntent {
            s += "struct \(provider): AppIntentTimelineProvider {\n"
            s += "    func placeholder(in context: Context) -> \(entry) {\n"
            s += "        \(plan).placeholder(at: Date(), family: context.family, parameters: [:])\n    }\n\n"
            s += "    func snapshot(for configuration: \(intent), in context: Context) async -> \(entry) {\n"
            s += "        \(plan).snapshot(at: Date(), family: context.family, parameters: configuration.runtimeParameters)\n    }\n\n"
            s += "    func timeline(for configuration: \(intent), in context: Context) async -> WidgetKit.Timeline<\(entry)> {\n"
            s += "        await \(plan).timeline(at: Date(), family: context.family, parameters: configuration.runtimeParameters)\n    }\n"
            s += "}\n\n"
            s += intentCode(w, base: base)
        } else {
            s += "struct \(provider): WidgetKit.TimelineProvider {\n"
            s += "    func placeholder(in context: Context) -> \(entry) {\n"
            s += "        \(plan).placeholder(at: Date(), family: context.family, parameters: [:])\n    }\n\n"
            s += "    func getSnapshot(in context: Context, completion: @escaping @Sendable (\(entry)) -> Void) {\n"
            s += "        completion(\(plan).snapshot(at: Date(), family: context.family, parameters: [:]))\n    }\n\n"
            s += "    func getTimeline(in context: Context, completion: @escaping @Sendable (WidgetKit.Timeline<\(entry)>) -> Void) {\n"
            s += "        let family = context.family\n"
            s += "        Task { completion(await \(plan).timeline(at: Date(), family: family, parameters: [:])) }\n    }\n"
            s += "}\n"
        }
        if !w.intents.isEmpty {
            var typeNames = reservedTypeNames(base: base).union(actionIntentTypes(w, base: base).values)
            if hasIntent { _ = parameterCode(w.parameters, typePrefix: base, taken: &typeNames) }
            s += actionIntents(w, base: base, plan: plan, typeNames: &typeNames)
        }
        return s
    }

    /// The glue that calls the extension's types for the widget's `swift:` sources at each reload.
    static func swiftSourcesLoader(_ w: WidgetModel) -> String {
        var s = "    /// Calls the extension's types the `swift:` data sources name (docs/swift-hatch.md).\n"
        s += "    struct SwiftSources: SwiftSourceLoader {\n"
        s += "        func load(type: String, arguments: SwiftArguments, date: Date) async throws -> Data {\n"
        s += "            switch type {\n"
        for type in w.swiftTypes {
            s += "            case \(literal(type)): return try await \(type)().loadJSON(arguments: arguments, date: date)\n"
        }
        s += "            default: throw WidgetcUnknownSwiftType(name: type)\n"
        s += "            }\n"
        s += "        }\n"
        s += "    }\n\n"
        return s
    }

    /// The configuration intent, its enums, and its values as the runtime takes them.
    static func intentCode(_ w: WidgetModel, base: String) -> String {
        let intent = base + "Intent"
        var typeNames = reservedTypeNames(base: base).union(actionIntentTypes(w, base: base).values)
        let code = parameterCode(w.parameters, typePrefix: base, taken: &typeNames, plan: base + "Plan")
        var s = code.enums
        s += "/// The widget's configuration: one parameter per declared parameter.\n"
        s += "struct \(intent): WidgetConfigurationIntent {\n"
        s += "    static let title: LocalizedStringResource = \(literal(w.displayName))\n"
        s += "    static let description: IntentDescription? = IntentDescription(\(literal(w.description)))\n\n"
        s += code.properties
        s += "    /// The values as the runtime takes them. A value equal to its declared default is left out,\n"
        s += "    /// so the plan's own default applies, exactly as `widgetc run` without --param.\n"
        s += "    var runtimeParameters: [String: WidgetValue] {\n"
        s += "        var values: [String: WidgetValue] = [:]\n"
        s += code.conversions
        s += "        return values\n    }\n}\n"
        return s
    }

    /// The type names every widget file declares (and the push handler, when there is one).
    static func reservedTypeNames(base: String) -> Set<String> {
        Set(["Widget", "Entry", "Provider", "Plan", "Intent", "View", "PushHandler"].map { base + $0 })
    }

    /// Each declared intent's `AppIntent` type, by intent name: `<Base><Name>Intent`, unique.
    static func actionIntentTypes(_ w: WidgetModel, base: String) -> [String: String] {
        var taken = reservedTypeNames(base: base)
        var types: [String: String] = [:]
        for intent in w.intents {
            types[intent.name] = SwiftNames.unique(base + SwiftNames.upperCamel(intent.name, fallback: "Action") + "Intent", &taken)
        }
        return types
    }

    /// What parameters become in an intent type: its enums (declared beside it), its
    /// `@Parameter` properties, the lines putting their values into `values` as the runtime
    /// takes them (a value equal to its default is left out: the runtime's default applies), and
    /// the lines setting them from the arguments a button or toggle passes (`given`, by name).
    static func parameterCode(
        _ parameters: [WidgetModel.Parameter], typePrefix: String, taken typeNames: inout Set<String>, plan: String = ""
    ) -> (enums: String, properties: String, conversions: String, assignments: String) {
        var taken: Set<String> = ["runtimeParameters", "arguments", "title", "description", "init", "perform", "openAppWhenRun"]
        var enums = ""
        var properties = ""
        var conversions = ""
        var assignments = ""
        for p in parameters {
            let property = SwiftNames.unique(SwiftNames.lowerCamel(p.name, fallback: "parameter"), &taken)
            let declared = SwiftNames.escaped(property)
            let ref = "self." + declared
            let title = literal(p.title)
            let given = "given(\(literal(p.name)))"
            // The edit sheet's help text, when the widget gives one.
            let help = p.description.map { ", description: " + literal($0) } ?? ""
            let declaredDefault = "// Declared default: \(p.defaultValue.map { JSONWriter.string($0) } ?? "none").\n"
            switch p.type {
            case "integer":
                let d = p.defaultValue?.number.map { Int($0) } ?? 0
                properties += "    \(declaredDefault)    @Parameter(title: \(title)\(help), default: \(d)\(range(p, .integer)))\n    var \(declared): Int\n\n"
                conversions += "        if \(ref) != \(d) { values[\(literal(p.name))] = .int(\(ref)) }\n"
                assignments += "        if let value = \(given).int ?? Int(\(given).text) { \(ref) = value }\n"
            case "number":
                let d = p.defaultValue?.number ?? 0
                properties += "    \(declaredDefault)    @Parameter(title: \(title)\(help), default: \(doubleLiteral(d))\(range(p, .number)))\n    var \(declared): Double\n\n"
                conversions += "        if \(ref) != \(doubleLiteral(d)) { values[\(literal(p.name))] = Int(exactly: \(ref)).map(WidgetValue.int) ?? .double(\(ref)) }\n"
                assignments += "        if let value = \(given).double ?? Double(\(given).text) { \(ref) = value }\n"
            case "boolean":
                let d = p.defaultValue?.bool ?? false
                properties += "    \(declaredDefault)    @Parameter(title: \(title)\(help), default: \(d))\n    var \(declared): Bool\n\n"
                conversions += "        if \(ref) != \(d) { values[\(literal(p.name))] = .bool(\(ref)) }\n"
                assignments += "        if let value = \(given).bool ?? Bool(\(given).text) { \(ref) = value }\n"
            case "enum":
                let typeName = SwiftNames.unique(typePrefix + SwiftNames.upperCamel(p.name, fallback: "Parameter") + "Option", &typeNames)
                var caseNames: Set<String> = ["allCases", "rawValue", "typeDisplayRepresentation", "caseDisplayRepresentations", "init"]
                let cases = p.values.map { ($0, SwiftNames.unique(SwiftNames.lowerCamel($0, fallback: "value"), &caseNames)) }
                enums += "/// The values of the parameter \(literal(p.name)).\n"
                enums += "enum \(typeName): String, AppEnum {\n"
                for (value, name) in cases { enums += "    case \(SwiftNames.escaped(name)) = \(literal(value))\n" }
                enums += "\n    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: \(title))\n"
                enums += "    static let caseDisplayRepresentations: [\(typeName): DisplayRepresentation] = [\n"
                for (value, name) in cases { enums += "        .\(SwiftNames.escaped(name)): DisplayRepresentation(title: \(literal(p.title(of: value)))),\n" }
                enums += "    ]\n}\n\n"
                let d = p.defaultValue?.string ?? p.values.first ?? ""
                let dCase = cases.first { $0.0 == d }?.1 ?? cases.first?.1 ?? "value"
                properties += "    \(declaredDefault)    @Parameter(title: \(title)\(help), default: .\(SwiftNames.escaped(dCase)))\n    var \(declared): \(typeName)\n\n"
                conversions += "        if \(ref) != .\(SwiftNames.escaped(dCase)) { values[\(literal(p.name))] = .string(\(ref).rawValue) }\n"
                assignments += "        if let value = \(typeName)(rawValue: \(given).text) { \(ref) = value }\n"
            case "entity":
                let typeName = SwiftNames.unique(typePrefix + SwiftNames.upperCamel(p.name, fallback: "Parameter") + "Entity", &typeNames)
                let query = SwiftNames.unique(typeName + "Query", &typeNames)
                enums += entityCode(p, type: typeName, query: query, plan: plan)
                // nil until the user picks: the runtime's default applies (docs/entities.md).
                properties += "    @Parameter(title: \(title)\(help))\n    var \(declared): \(p.multiple ? "[\(typeName)]" : typeName)?\n\n"
                conversions += p.multiple
                    ? "        if let chosen = \(ref) { values[\(literal(p.name))] = .array(chosen.map { .string($0.id) }) }\n"
                    : "        if let chosen = \(ref) { values[\(literal(p.name))] = .string(chosen.id) }\n"
            case "duration":
                let d = (p.defaultValue?.string).flatMap { try? DurationParser.parse($0) }.map(Int.init) ?? 900
                properties += "    \(declaredDefault)    /// In seconds (the runtime takes the duration as text, such as `15m`).\n"
                properties += "    @Parameter(title: \(title)\(help), default: \(d)\(range(p, .duration)))\n    var \(declared): Int\n\n"
                conversions += "        if \(ref) != \(d) { values[\(literal(p.name))] = .string(DurationText.string(seconds: Int64(\(ref)))) }\n"
                assignments += "        if let value = \(given).int ?? DurationText.seconds(\(given).text).flatMap({ Int(exactly: $0) }) { \(ref) = value }\n"
            default:
                let d = p.defaultValue?.string ?? ""
                properties += "    \(declaredDefault)    @Parameter(title: \(title)\(help), default: \(literal(d)))\n    var \(declared): String\n\n"
                conversions += "        if \(ref) != \(literal(d)) { values[\(literal(p.name))] = .string(\(ref)) }\n"
                assignments += "        if \(given) != .null { \(ref) = \(given).text }\n"
            }
        }
        return (enums, properties, conversions, assignments)
    }

    /// An entity parameter's `AppEntity` (its id, and title, subtitle and symbol as the edit sheet
    /// shows them) and `EntityQuery`, whose answers come from the plan through the runtime.
    static func entityCode(_ p: WidgetModel.Parameter, type: String, query: String, plan: String) -> String {
        var s = "/// An option of the parameter \(literal(p.name)): a record of the widget's data (docs/entities.md).\n"
        s += "struct \(type): AppEntity {\n"
        s += "    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: \(literal(p.title)))\n"
        s += "    static let defaultQuery = \(query)()\n\n"
        s += "    let id: String\n    let title: String\n    let subtitle: String?\n    /// An SF Symbol's name.\n    let image: String?\n\n"
        s += "    init(_ option: WidgetEntityOption) {\n"
        s += "        id = option.id\n        title = option.title\n        subtitle = option.subtitle\n        image = option.image\n    }\n\n"
        s += "    var displayRepresentation: DisplayRepresentation {\n"
        s += "        DisplayRepresentation(\n"
        s += "            title: \"\\(title)\", subtitle: subtitle.map { \"\\($0)\" }, image: image.map { DisplayRepresentation.Image(systemName: $0) })\n"
        s += "    }\n}\n\n"
        s += "/// The options of the parameter \(literal(p.name)), as a reload reads them from the app group container.\n"
        s += "struct \(query): EntityQuery {\n"
        s += "    func entities(for identifiers: [String]) async throws -> [\(type)] {\n"
        s += "        let options = await \(plan).entityOptions(\(literal(p.name))).options\n"
        s += "        // An id that is gone resolves to nothing, as on the device: the widget then shows its default.\n"
        s += "        return identifiers.compactMap { id in options.first { $0.id == id }.map(\(type).init) }\n"
        s += "    }\n\n"
        s += "    func suggestedEntities() async throws -> [\(type)] {\n"
        s += "        await \(plan).entityOptions(\(literal(p.name))).options.map(\(type).init)\n"
        s += "    }\n\n"
        s += "    func defaultResult() async -> \(type)? {\n"
        s += "        await \(plan).entityOptions(\(literal(p.name))).defaultOption.map(\(type).init)\n"
        s += "    }\n}\n\n"
        return s
    }

    /// The plan's `perform`: an intent's effects on the app group container through the runtime,
    /// then WidgetCenter reloads of the other kinds it names (WidgetKit reloads the widget
    /// whose button or toggle ran it).
    static func performFunction(plan: String, swiftEffects: [String] = []) -> String {
        var s = "    /// Performs the widget's intent `name` on the app group container through the runtime: all\n"
        s += "    /// its effects or none (docs/intents.md). WidgetKit reloads this widget afterwards; the other\n"
        s += "    /// kinds the intent names are asked for here. Answers the URL it opens the app at, if any.\n"
        s += "    @discardableResult\n"
        s += "    static func perform(_ name: String, arguments: [String: WidgetValue]) \(swiftEffects.isEmpty ? "" : "async ")throws -> String? {\n"
        s += "        let plan = try loaded.get()\n"
        s += "        guard let container else { throw IntentFailure(message: \"no app group container: the intent '\\(name)' changes nothing\") }\n"
        if !swiftEffects.isEmpty {
            s += "        // The Swift effects first (docs/swift-hatch.md): a throw leaves the container as it was.\n"
            s += "        for call in try plan.swiftEffects(intent: name, arguments: arguments) {\n"
            s += "            switch call.type {\n"
            for type in swiftEffects {
                s += "            case \(literal(type)): try await \(type)().perform(arguments: call.arguments)\n"
            }
            s += "            default: throw WidgetcUnknownSwiftType(name: call.type)\n"
            s += "            }\n"
            s += "        }\n"
        }
        s += "        // The UserDefaults suites it writes, opened before any file changes: one that cannot be\n"
        s += "        // opened changes nothing, and setting a key of an open suite does not fail afterwards.\n"
        s += "        var suites: [String: UserDefaults] = [:]\n"
        s += "        for written in plan.defaultsSuites(intent: name) {\n"
        s += "            guard let suite = written ?? appGroup, let defaults = UserDefaults(suiteName: suite) else {\n"
        s += "                throw IntentFailure(message: \"no UserDefaults suite \\(written ?? \"(the app group's)\") for the intent '\\(name)'; nothing changed\")\n"
        s += "            }\n"
        s += "            suites[suite] = defaults\n"
        s += "        }\n"
        s += "        // The files, all or nothing; then the keys, through the suite's own API (iOS keeps a suite's values in its process).\n"
        s += "        let result = try plan.perform(intent: name, arguments: arguments, container: container)\n"
        s += "        for change in result.defaults {\n"
        s += "            guard let suite = change.suite ?? appGroup, let defaults = suites[suite] else { continue }\n"
        s += "            if let value = change.value?.propertyListValue { defaults.set(value, forKey: change.key) } else { defaults.removeObject(forKey: change.key) }\n"
        s += "        }\n"
        s += "        for kind in result.reloadKinds { WidgetCenter.shared.reloadTimelines(ofKind: kind) }\n"
        s += "        return result.openURL\n"
        s += "    }\n\n"
        s += "    struct IntentFailure: Error, CustomStringConvertible {\n"
        s += "        let message: String\n"
        s += "        var description: String { message }\n"
        s += "    }\n\n"
        return s
    }

    /// One `AppIntent` per declared intent: its parameters, `perform()` through the runtime, and
    /// for an intent that opens the app, `OpenURLIntent` with the rendered URL (iOS 18).
    static func actionIntents(_ w: WidgetModel, base: String, plan: String, typeNames: inout Set<String>) -> String {
        let types = actionIntentTypes(w, base: base)
        var s = ""
        for intent in w.intents {
            let type = types[intent.name]!
            let code = parameterCode(intent.parameters, typePrefix: String(type.dropLast("Intent".count)), taken: &typeNames)
            s += "\n" + code.enums
            s += "/// The intent \(literal(intent.name)): a button or toggle of the widget runs it (Button(intent:),\n"
            s += "/// Toggle(isOn:intent:)); `perform()` applies its effects through the runtime.\n"
            s += "struct \(type): AppIntent {\n"
            s += "    static let title: LocalizedStringResource = \(literal(intent.title))\n"
            if let description = intent.description {
                s += "    static let description: IntentDescription? = IntentDescription(\(literal(description)))\n"
            }
            s += "\n" + code.properties
            s += "    init() {}\n\n"
            s += "    /// As a button or toggle of the face runs it: the arguments (`with:`) as the entry's render\n"
            s += "    /// tree holds them for node `id`; one not passed keeps its default.\n"
            if intent.parameters.isEmpty {
                s += "    init(_ reader: some RenderTreeReading, _ id: String) {}\n\n"
            } else {
                s += "    init(_ reader: some RenderTreeReading, _ id: String) {\n"
                s += "        func given(_ name: String) -> WidgetValue { reader.argument(id, name) }\n"
                s += code.assignments
                s += "    }\n\n"
            }
            s += "    /// The arguments as the runtime takes them (a default is left out: the plan's applies).\n"
            s += "    var arguments: [String: WidgetValue] {\n"
            if intent.parameters.isEmpty {
                s += "        [:]\n"
            } else {
                s += "        var values: [String: WidgetValue] = [:]\n"
                s += code.conversions
                s += "        return values\n"
            }
            s += "    }\n\n"
            if intent.opens {
                s += "    /// Opens the app at the URL the intent renders, through its URL handling (`OpenURLIntent`, iOS 18).\n"
                s += "    func perform() async throws -> some IntentResult & OpensIntent {\n"
                s += "        let opens = try \(w.swiftEffectTypes.isEmpty ? "" : "await ")\(plan).perform(\(literal(intent.name)), arguments: arguments)\n"
                s += "        guard let text = opens, let url = URL(string: text) else {\n"
                s += "            throw \(plan).IntentFailure(message: \"the intent '\(escapedInLiteral(intent.name))' rendered no URL to open: \\(opens ?? \"none\")\")\n"
                s += "        }\n"
                s += "        return .result(opensIntent: OpenURLIntent(url))\n"
                s += "    }\n"
            } else {
                s += "    func perform() async throws -> some IntentResult {\n"
                s += "        try \(w.swiftEffectTypes.isEmpty ? "" : "await ")\(plan).perform(\(literal(intent.name)), arguments: arguments)\n"
                s += "        return .result()\n"
                s += "    }\n"
            }
            s += "}\n"
        }
        return s
    }

    /// How a bound is written: an integer, a number, or a duration in seconds.
    enum BoundKind { case integer, number, duration }

    /// `, inclusiveRange: (min, max)` when the parameter has a bound. An open side is the type's
    /// limit; a duration's is 1 second below (durations are longer than zero) and the longest
    /// duration widgetc accepts above, so a duration range is never negative.
    static func range(_ p: WidgetModel.Parameter, _ kind: BoundKind) -> String {
        guard p.min != nil || p.max != nil else { return "" }
        func bound(_ v: Double?, low: Bool) -> String {
            switch (kind, v) {
            case (.number, let v?): doubleLiteral(v)
            case (.number, nil): low ? "-Double.greatestFiniteMagnitude" : "Double.greatestFiniteMagnitude"
            case (.integer, let v?): String(Int(v))
            case (.integer, nil): low ? "Int.min" : "Int.max"
            case (.duration, let v?): String(Swift.max(1, Int(v)))
            case (.duration, nil): low ? "1" : String(DurationParser.maximumSeconds)
            }
        }
        return ", inclusiveRange: (\(bound(p.min, low: true)), \(bound(p.max, low: false)))"
    }

    static func viewFile(_ w: WidgetModel, base: String) -> String {
        var s = "// Generated once by widgetc from \(w.source); yours to edit.\n"
        s += "// `widgetc generate swift` does not overwrite this file (unless --force).\n//\n"
        s += "// A starting point: each family shows the content fields, the first large and the\n"
        s += "// others small. Read a field as text with entry.text(\"name\"), or typed with\n"
        s += "// entry.content[\"name\"]?.int / .double / .bool / .string.\n\n"
        s += "import SwiftUI\nimport WidgetKit\n\n"
        s += "struct \(base)View: View {\n"
        s += "    @Environment(\\.widgetFamily) var family\n"
        s += "    let entry: \(base)Entry\n\n"
        s += "    var body: some View {\n"
        s += "        VStack(alignment: .leading, spacing: 4) {\n"
        if w.families.count == 1 {
            s += fields(w.fieldKeys(family: w.families[0]), indent: "            ")
        } else {
            s += "            switch family {\n"
            for (i, f) in w.families.enumerated() {
                s += i == w.families.count - 1 ? "            default: // \(f)\n" : "            case .\(f):\n"
                s += fields(w.fieldKeys(family: f), indent: "                ")
            }
            s += "            }\n"
        }
        s += "        }\n"
        s += "        .widgetURL(entry.url)\n"
        s += "        .containerBackground(.background, for: .widget)\n"
        s += "    }\n}\n"
        return s
    }

    static func fields(_ keys: [String], indent: String) -> String {
        guard !keys.isEmpty else { return indent + "Text(\"\")\n" }
        var s = ""
        for (i, key) in keys.enumerated() {
            s += indent + "Text(entry.text(\(literal(key))))" + (i == 0 ? ".font(.headline)" : ".font(.caption)") + "\n"
        }
        return s
    }

    // MARK: - Literals

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        "\"" + escapedInLiteral(text) + "\""
    }

    static func escapedInLiteral(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A Double literal that reads back as `d` (`250.0`, `0.5`).
    static func doubleLiteral(_ d: Double) -> String {
        let text = "\(d)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}

// MARK: - What the generator reads of the plans

/// The app plan's members the generator uses.
struct AppModel {
    let id: String
    let displayName: String
    let source: String
    let appGroup: String?
    let shortcuts: [QuickAction]

    init(_ plan: AppPlanModel) {
        id = plan.app
        displayName = plan.displayName
        source = plan.source
        appGroup = plan.appGroup
        shortcuts = (plan.shortcuts.array ?? []).map(Self.shortcut)
    }

    /// A static shortcut as the plan holds it (checked when the manifest was compiled).
    static func shortcut(_ item: JSONValue) -> QuickAction {
        var action = QuickAction(type: item["type"]?.string ?? "", title: item["title"]?.string ?? "")
        action.subtitle = item["subtitle"]?.string
        if let icon = item["icon"]?.object, let (key, value) = icon.first(where: { _ in true }), let name = value.string {
            switch key {
            case "symbol": action.icon = .symbol(name)
            case "file": action.icon = .file(name)
            default: action.icon = QuickActionIconType(rawValue: name).map(QuickActionIcon.system)
            }
        }
        if let info = item["userInfo"]?.object { action.userInfo = PlistValues.sanitized(info) }
        return action
    }
}

/// A widget plan's members the generator uses.
struct WidgetModel {
    struct Parameter {
        let name: String
        let title: String
        /// The edit sheet's help text, when written.
        let description: String?
        let type: String
        let values: [String]
        /// An enum value → the title the edit sheet shows; a value without one shows as written.
        let valueTitles: [String: String]
        let min: Double?
        let max: Double?
        let defaultValue: JSONValue?
        /// An entity parameter (docs/entities.md) holding a list of entities.
        var multiple = false

        /// How the edit sheet shows an enum value (`valueTitles`, else the value itself).
        func title(of value: String) -> String { valueTitles[value] ?? value }
    }

    /// A URL data source's members the fragments read.
    struct URLSource {
        let name: String
        /// The URL template as written.
        let url: String
        let insecure: Bool
    }

    let fileName: String
    let kind: String
    let displayName: String
    let description: String
    let source: String
    let families: [String]
    let parameters: [Parameter]
    let urlSources: [URLSource]
    let content: [String]
    let slotContent: [String]
    let familyContent: [String: [String]]
    /// The face as written (`view`, `familyView.FAMILY`, `background`); nil and empty without one,
    /// and for `view: custom` (a hand-written view).
    let view: JSONValue?
    let familyView: [String: JSONValue]
    let background: JSONValue?
    /// An intent a button or toggle runs (docs/intents.md).
    struct Intent {
        let name: String
        let title: String
        let description: String?
        let parameters: [Parameter]
        /// It has an `open` effect: `perform()` opens the app at the URL.
        let opens: Bool
    }

    /// `push: true`: the configuration gets the push handler (docs/pushes.md).
    let push: Bool
    /// `relevance:`: the entry gives WidgetKit its `TimelineEntryRelevance`.
    let relevance: Bool
    /// The extension types its `swift:` data sources name, each once, in declaration order.
    let swiftTypes: [String]
    /// The extension types its intents' `swift` effects call, each once, in declaration order.
    let swiftEffectTypes: [String]
    /// Whether it needs the Swift hatch's protocols.
    var usesSwiftHatch: Bool { !swiftTypes.isEmpty || !swiftEffectTypes.isEmpty }
    let intents: [Intent]
    /// The String Catalog's translations the plan carries (`localization`), when it has a catalog.
    let localization: JSONValue?

    /// The widget declares its face: its view file is generated like the rest.
    var declaresView: Bool { view != nil || !familyView.isEmpty }

    init(_ plan: WidgetPlanModel, fileName: String) {
        self.fileName = fileName
        push = plan.push
        relevance = plan.relevance != nil
        kind = plan.kind
        displayName = plan.displayName
        description = plan.description
        source = plan.source
        families = plan.families.map(\.rawValue)
        parameters = plan.parameters.map(Self.parameter)
        intents = plan.intents.map { intent in
            Intent(
                name: intent.name, title: intent.title, description: intent.description,
                parameters: intent.parameters.map(Self.parameter),
                opens: intent.effects.contains { if case .open = $0 { true } else { false } })
        }
        // Read through the plan format (docs/plan-format.md, URL data sources).
        urlSources = (plan.json["data"]?.array ?? []).compactMap { source in
            guard let name = source["name"]?.string, let url = source["url"]?.string else { return nil }
            return URLSource(name: name, url: url, insecure: source["insecure"]?.bool ?? false)
        }
        var types: [String] = []
        for case .swift(let source) in plan.data where !types.contains(source.type) { types.append(source.type) }
        for case let swift? in plan.parameters.map(\.entity?.swift) where !types.contains(swift.type) { types.append(swift.type) }
        swiftTypes = types
        var effectTypes: [String] = []
        for intent in plan.intents {
            for case .swift(let type, _) in intent.effects where !effectTypes.contains(type) { effectTypes.append(type) }
        }
        swiftEffectTypes = effectTypes
        content = plan.content.keys
        var slots: [String] = []
        if case .daily(let daily) = plan.timeline.rule {
            for slot in daily {
                for key in slot.content?.keys ?? [] where !slots.contains(key) { slots.append(key) }
            }
        }
        slotContent = slots
        var byFamily: [String: [String]] = [:]
        for (family, value) in plan.familyContent { byFamily[family] = value.object?.keys ?? [] }
        familyContent = byFamily
        let custom = plan.view?.string == "custom"
        view = custom ? nil : plan.view.flatMap { $0.object == nil ? nil : $0 }
        var faces: [String: JSONValue] = [:]
        if !custom {
            for (family, value) in plan.familyView ?? JSONObject() where value.object != nil { faces[family] = value }
        }
        familyView = faces
        background = custom ? nil : plan.background
        localization = plan.localization
    }

    static func parameter(_ p: PlanParameter) -> Parameter {
        var parameter = Parameter(
            name: p.name, title: p.title, description: p.description, type: p.type.rawValue, values: p.values,
            valueTitles: Dictionary((p.valueTitles ?? []).map { ($0.value, $0.title) }, uniquingKeysWith: { first, _ in first }),
            min: p.min, max: p.max,
            defaultValue: p.defaultValue.isNull ? nil : p.defaultValue)
        parameter.multiple = p.entity?.multipleMax != nil
        return parameter
    }

    /// The content fields an entry of `family` has: `content`'s, then the daily slots', then the family's own.
    func fieldKeys(family: String) -> [String] {
        var keys: [String] = []
        for key in content + slotContent + (familyContent[family] ?? []) where !keys.contains(key) { keys.append(key) }
        return keys
    }
}
