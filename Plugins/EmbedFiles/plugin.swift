import Foundation
import PackagePlugin

/// Embeds JSON files into the target's binary at build time as Swift string
/// literals, so an installed `widgetc` needs no source tree.
///
/// - `JSONSchema` embeds its `MetaSchemas/*.json` (the draft 2020-12 meta-schemas).
/// - `WidgetCompiler` embeds the package's `schemas/*.json`.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder: URL
        let enumName: String
        switch target.name {
        case "JSONSchema":
            folder = target.directoryURL.appending(path: "MetaSchemas")
            enumName = "EmbeddedMetaSchemas"
        case "WidgetCompiler":
            folder = context.package.directoryURL.appending(path: "schemas")
            enumName = "EmbeddedSchemas"
        default:
            return []
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path())
            .filter { $0.hasSuffix(".json") }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) JSON files into \(target.name)",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path(), enumName] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
