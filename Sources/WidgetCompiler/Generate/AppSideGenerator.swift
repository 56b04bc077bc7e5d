import WidgetSupport
import WidgetcRuntimeCore

/// The app target's side of the widgets (docs/generated-swift.md, "The app's side"): one file
/// with an atomic write of each container file the widgets read, followed by a reload of exactly
/// the kinds that read it, and the dynamic quick actions set from the app plan through the
/// runtime's one selection (`AppPlan.quickActions`, the code `widgetc actions` runs).
enum AppSideGenerator {
    /// The files, or none when the app has no app group (nothing to write into) or nothing the
    /// app would write or set.
    static func files(app plan: AppPlanModel, widgets: [(fileName: String, plan: WidgetPlanModel)]) -> [GeneratedFile] {
        guard let group = plan.appGroup else { return [] }
        let quickActionsFile = plan.dynamicShortcuts.flatMap(Self.itemsFile).map { $0.split(separator: "/").filter { $0 != "." }.joined(separator: "/") }
        let files = containerFiles(widgets, quickActions: quickActionsFile)
        guard !files.isEmpty else { return [] }
        let name = SwiftNames.upperCamel(plan.displayName, fallback: "App") + "AppData"
        let planName = plan.app + ".app"
        var appPlan = JSONWriter.pretty(plan.json)
        appPlan.append(0x0A)
        let swift = GeneratedFile(
            path: "App/\(name).swift", contents: source(plan, name: name, group: group, files: files, quickActions: quickActionsFile, planName: planName),
            overwrites: true)
        // The app plan only when the quick actions need its recipe.
        guard quickActionsFile != nil else { return [swift] }
        return [swift, GeneratedFile(path: "App/Resources/\(planName).json", contents: String(decoding: appPlan, as: UTF8.self), overwrites: true)]
    }

    /// Each container file the widgets read (in first-read order) with the kinds that read it,
    /// and the quick actions' items file, which only the app reads.
    static func containerFiles(_ widgets: [(fileName: String, plan: WidgetPlanModel)], quickActions: String?) -> [(path: String, kinds: [String])] {
        var files: [(path: String, kinds: [String])] = []
        func add(_ written: String, _ kind: String?) {
            // `./a//b.json` and `a/b.json` are one file (the runtime reads both as the second).
            let path = written.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
            if let i = files.firstIndex(where: { $0.path == path }) {
                if let kind, !files[i].kinds.contains(kind) { files[i].kinds.append(kind) }
            } else {
                files.append((path, kind.map { [$0] } ?? []))
            }
        }
        for (_, plan) in widgets {
            for case .file(_, let path, _) in plan.data { add(path, plan.kind) }
        }
        if let quickActions { add(quickActions, nil) }
        return files
    }

    /// The `file` of the source `items` names, in the plan's `dynamicShortcuts` as written.
    static func itemsFile(_ dynamic: JSONValue) -> String? {
        guard let items = dynamic["items"]?.string else { return nil }
        return dynamic["data"]?[items]?["file"]?.string
    }

    static func source(
        _ plan: AppPlanModel, name: String, group: String, files: [(path: String, kinds: [String])], quickActions: String?, planName: String
    ) -> String {
        let literal = SwiftGenerator.literal
        var taken = Set<String>()
        let cases = files.map { SwiftNames.unique(SwiftNames.lowerCamel($0.path, fallback: "file"), &taken) }
        var s = SwiftGenerator.generatedHeader(plan.source)
        s += "//\n// \(plan.displayName)'s side of its widgets, for the app target (not the extension): write a\n"
        s += "// container file whole and reload exactly the widget kinds that read it"
        s += quickActions == nil ? ".\n\n" : "; set the dynamic\n// quick actions as `widgetc actions` shows them (add Resources/\(planName).json to the app).\n\n"
        s += "import Foundation\nimport UIKit\nimport WidgetKit\nimport WidgetcRuntime\nimport os\n\n"
        s += "enum \(name) {\n"
        s += "    static let appGroup = \(literal(group))\n"
        s += "    static let logger = Logger(subsystem: \"widgetc\", category: \(literal(plan.app)))\n\n"
        s += "    /// The app group container's files the app writes, and the widget kinds that read each.\n"
        s += "    enum File: String, CaseIterable, Sendable {\n"
        for (i, file) in files.enumerated() { s += "        case \(SwiftNames.escaped(cases[i])) = \(literal(file.path))\n" }
        s += "\n        /// The kinds whose timelines read this file (reloaded after each write).\n"
        s += "        var kinds: [String] {\n            switch self {\n"
        for (i, file) in files.enumerated() {
            s += "            case .\(cases[i]): [\(file.kinds.map(literal).joined(separator: ", "))]\n"
        }
        s += "            }\n        }\n    }\n\n"
        s += "    /// Why a write did not happen.\n"
        s += "    enum WriteError: Error {\n        /// The app group is not in the app's entitlements.\n        case noContainer(String)\n    }\n\n"
        s += "    /// Replaces `file` in the app group container with `data` (written beside it, then renamed\n"
        s += "    /// over it: a widget reads the old bytes or the new, never a mix), then reloads the kinds\n"
        s += "    /// that read it\(quickActions == nil ? "" : " and, for the quick actions' items, the quick actions").\n"
        s += "    @MainActor static func write(_ data: Data, to file: File) throws {\n"
        s += "        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) else {\n"
        s += "            logger.error(\"no app group container for \\(appGroup, privacy: .public): is it in the app's entitlements?\")\n"
        s += "            throw WriteError.noContainer(appGroup)\n        }\n"
        s += "        try AppGroupFile.write(data, to: file.rawValue, container: container)\n"
        s += "        for kind in file.kinds { WidgetCenter.shared.reloadTimelines(ofKind: kind) }\n"
        if let quickActions, let i = files.firstIndex(where: { $0.path == quickActions }) {
            s += "        if file == .\(cases[i]) { updateQuickActions() }\n"
        }
        s += "    }\n\n"
        s += "    /// `value` encoded as JSON, then `write(_:to:)`.\n"
        s += "    @MainActor static func write(_ value: some Encodable, to file: File, encoder: JSONEncoder = JSONEncoder()) throws {\n"
        s += "        try write(try encoder.encode(value), to: file)\n    }\n"
        if quickActions != nil { s += quickActionsSource(planName: planName) }
        s += "}\n"
        return s
    }

    static func quickActionsSource(planName: String) -> String {
        var s = "\n    /// The app plan: the dynamic quick actions' recipe.\n"
        s += "    static let plan: AppPlan? = {\n"
        s += "        guard let url = Bundle.main.url(forResource: \(SwiftGenerator.literal(planName)), withExtension: \"json\") else {\n"
        s += "            logger.error(\"\(planName).json is not a resource of the app\")\n            return nil\n        }\n"
        s += "        do { return try AppPlan(contentsOf: url) } catch {\n"
        s += "            logger.error(\"\\(String(describing: error), privacy: .public)\")\n            return nil\n        }\n    }()\n\n"
        s += "    /// Sets `UIApplication.shared.shortcutItems` from the container's data (after the static\n"
        s += "    /// ones, four in all): call it at launch too, and whenever the app changes the items file\n"
        s += "    /// without `write(_:to:)`.\n"
        s += "    @MainActor static func updateQuickActions() {\n"
        s += "        guard let plan else { return }\n"
        s += "        let actions = plan.quickActions(container: FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup))\n"
        s += "        for warning in actions.warnings { logger.warning(\"\\(warning, privacy: .public)\") }\n"
        s += "        UIApplication.shared.shortcutItems = actions.items.map(shortcutItem)\n    }\n\n"
        s += "    static func shortcutItem(_ action: AppQuickAction) -> UIApplicationShortcutItem {\n"
        s += "        UIApplicationShortcutItem(\n"
        s += "            type: action.type, localizedTitle: action.title, localizedSubtitle: action.subtitle, icon: icon(action.icon),\n"
        s += "            userInfo: action.userInfo.isEmpty ? nil : action.userInfoObjects)\n    }\n\n"
        s += "    static func icon(_ icon: AppQuickAction.Icon?) -> UIApplicationShortcutIcon? {\n"
        s += "        switch icon {\n"
        s += "        case .symbol(let name)?: UIApplicationShortcutIcon(systemImageName: name)\n"
        s += "        case .file(let name)?: UIApplicationShortcutIcon(templateImageName: name)\n"
        s += "        case .system(let name)?: iconType(name).map { UIApplicationShortcutIcon(type: $0) }\n"
        s += "        case nil: nil\n        }\n    }\n\n"
        s += "    static func iconType(_ name: String) -> UIApplicationShortcutIcon.IconType? {\n"
        s += "        switch name {\n"
        for type in QuickActionIconType.allCases { s += "        case \"\(type.rawValue)\": .\(type.rawValue)\n" }
        s += "        default: nil\n        }\n    }\n"
        return s
    }
}
