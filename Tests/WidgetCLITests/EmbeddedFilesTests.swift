import Foundation
import JSONSchema
import Testing
import WidgetCLI
import WidgetCompiler
import WidgetTestSupport

/// The schemas, the meta-schemas and docs/diagnostics.md are compiled into widgetc from the checked-in
/// Swift that `swift run embed-files` writes (each target's Generated/ folder). What this build
/// carries must be exactly the files in the tree: a schema changed without regenerating fails here.
@Suite struct EmbeddedFilesTests {
    static let fix = "run `swift run embed-files` in the package's root and commit the Generated/ files it writes"

    /// Every file of `folder` that `wanted` accepts is embedded with the same text, and nothing else is.
    func expectEmbedded(_ embedded: [String: String], folder: String, generated: String, wanted: (String) -> Bool) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.root + "/" + folder).filter(wanted).sorted()
        #expect(!names.isEmpty, "no files in \(folder)")
        #expect(
            embedded.keys.sorted() == names,
            "\(generated) embeds \(embedded.keys.sorted()) but \(folder)/ holds \(names): \(Self.fix)")
        for name in names {
            let text = try String(contentsOfFile: TestPaths.root + "/\(folder)/\(name)", encoding: .utf8)
            #expect(embedded[name] == text, "\(generated) differs from \(folder)/\(name): \(Self.fix)")
        }
    }

    @Test func widgetSchemasAreTheFilesInSchemas() throws {
        try expectEmbedded(
            EmbeddedSchemas.files, folder: "schemas", generated: "Sources/WidgetCompiler/Generated/EmbeddedSchemas.swift",
            wanted: { $0.hasSuffix(".json") })
    }

    @Test func metaSchemasAreTheFilesInMetaSchemas() throws {
        try expectEmbedded(
            EmbeddedMetaSchemas.files, folder: "Sources/JSONSchema/MetaSchemas",
            generated: "Sources/JSONSchema/Generated/EmbeddedMetaSchemas.swift", wanted: { $0.hasSuffix(".json") })
    }

    @Test func diagnosticTablesAreDocsDiagnostics() throws {
        try expectEmbedded(
            EmbeddedDocs.files, folder: "docs", generated: "Sources/WidgetCLI/Generated/EmbeddedDocs.swift",
            wanted: { $0 == "diagnostics.md" })
    }

    /// The generator's own check agrees (it compares bytes, so it also catches what compiling the
    /// literal would normalise), and widgetc's package declares no build plugin of its own: SwiftPM's
    /// native build system does not run one when it builds widgetc as a plugin's tool (docs/xcode.md).
    @Test func generatorCheckPassesAndNoOwnBuildPlugin() throws {
        let manifest = try String(contentsOfFile: TestPaths.root + "/Package.swift", encoding: .utf8)
        #expect(!manifest.contains("plugins: ["), "a target of widgetc's uses a build plugin")
        #expect(!FileManager.default.fileExists(atPath: TestPaths.root + "/Plugins/EmbedFiles"))
        guard let build = TestPaths.buildDirectory, FileManager.default.isExecutableFile(atPath: build + "/embed-files") else {
            Issue.record("embed-files is not built beside the tests (swift build builds it)")
            return
        }
        let check = try runProcess([build + "/embed-files", "--check"])
        #expect(check.status == 0, "embed-files --check: \(check.stdout)\(check.stderr)")
    }
}
