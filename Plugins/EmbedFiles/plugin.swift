import Foundation
import PackagePlugin

/// Embeds JSON files into the target's binary at build time as Swift string
/// literals, so an installed `widgetc` needs no source tree.
///
/// - `JSONSchema` embeds its `MetaSchemas/*.json` (the draft 2020-12 meta-schemas).
/// - `WidgetCompiler` embeds the package's `schemas/*.json`.
/// - `WidgetCLI` embeds `docs/diagnostics.md`: its code tables are SARIF's rule descriptions.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder: URL
        let enumName: String
        var wanted: (String) -> Bool = { $0.hasSuffix(".json") }
        switch target.name {
        case "JSONSchema":
            folder = target.directoryURL.appending(path: "MetaSchemas")
            enumName = "EmbeddedMetaSchemas"
        case "WidgetCompiler":
            folder = context.package.directoryURL.appending(path: "schemas")
            enumName = "EmbeddedSchemas"
        case "WidgetCLI":
            folder = context.package.directoryURL.appending(path: "docs")
            enumName = "EmbeddedDocs"
            wanted = { $0 == "diagnostics.md" }
        default:
            return []
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path())
            .filter(wanted)
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) files into \(target.name)",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path(), enumName] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
