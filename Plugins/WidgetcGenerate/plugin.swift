import Foundation
import PackagePlugin

/// widgetc's build-tool plugin: a target that holds an app manifest and its widgets gets, at every
/// build where one of them changed, the generated Swift and the plans (a resource) that
/// `widgetc generate swift` would write, in the plugin's work directory (docs/xcode.md).
///
/// A build command declares its outputs before it runs, so they are a fixed set
/// (`widgetc generate swift --build-plugin`): `WidgetcGenerated.swift`, `WidgetcPlans.json` and
/// `Localizable.xcstrings`. Its inputs are the target's YAML files and String Catalogs, so the
/// build runs it again only when one of them (or widgetc) changed. A YAML error fails the build
/// with widgetc's diagnostic, `file:line:col: error: message [code]`, which Xcode shows at the line.
@main
struct WidgetcGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return try Self.commands(
            target: target.name, files: module.sourceFiles.map(\.url),
            tool: context.tool(named: "widgetc-tool").url, work: context.pluginWorkDirectoryURL)
    }

    /// The files widgetc reads: the YAML (the manifest, its widgets, scenarios) and the String
    /// Catalogs their `localization.catalog` names.
    static func isInput(_ url: URL) -> Bool {
        ["yaml", "yml", "xcstrings"].contains(url.pathExtension.lowercased())
    }

    static func commands(target: String, files: [URL], tool: URL, work: URL) throws -> [Command] {
        let inputs = files.filter(isInput).sorted { $0.path < $1.path }
        let yaml = inputs.filter { $0.pathExtension.lowercased() != "xcstrings" }
        guard !yaml.isEmpty else {
            Diagnostics.error("target '\(target)' uses widgetc's build-tool plugin but holds no YAML file; add the app manifest and its widget files to it (docs/xcode.md)")
            return []
        }
        let outputs = ["WidgetcGenerated.swift", "WidgetcPlans.json", "Localizable.xcstrings"].map { work.appending(path: $0) }
        return [
            .buildCommand(
                displayName: "widgetc: generating \(target)'s widgets from \(yaml.count) YAML file\(yaml.count == 1 ? "" : "s")",
                executable: tool,
                arguments: ["generate", "swift", "--build-plugin", "--out", work.path()] + yaml.map { $0.path() },
                inputFiles: inputs,
                outputFiles: outputs
            )
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for a widget extension target of an Xcode project: its YAML files are the target's
/// input files (add them to the target; no build phase of their own).
extension WidgetcGenerate: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            target: target.displayName, files: target.inputFiles.map(\.url),
            tool: context.tool(named: "widgetc-tool").url, work: context.pluginWorkDirectoryURL)
    }
}
#endif
