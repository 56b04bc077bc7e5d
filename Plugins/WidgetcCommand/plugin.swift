import Foundation
import PackagePlugin

/// `swift package widgetc COMMAND …`: the widgetc this package builds, run in the package's
/// directory with the arguments as given (`swift package widgetc validate Sources/Widgets`,
/// `swift package --allow-writing-to-package-directory widgetc generate swift …`). docs/xcode.md.
@main
struct WidgetcCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try Self.run(tool: context.tool(named: "widgetc-tool").url, arguments: arguments, in: context.package.directoryURL)
    }

    /// Runs widgetc with the terminal's standard streams; its exit status, when not 0, fails the command.
    static func run(tool: URL, arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments.isEmpty ? ["help"] : arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            throw Failure(description: "widgetc \(arguments.first ?? "help") ended with status \(process.terminationStatus)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode (File ▸ Packages, or a project's context menu): run in the project's directory.
extension WidgetcCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try Self.run(tool: context.tool(named: "widgetc-tool").url, arguments: arguments, in: context.xcodeProject.directoryURL)
    }
}
#endif
