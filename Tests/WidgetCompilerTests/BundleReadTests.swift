import Foundation
import Testing
import WidgetSupport
import WidgetTime
import WidgetTestSupport
@testable import WidgetCompiler

/// An app manifest's widget files are read once: the manifest's bundle check examines
/// them whole, and the commands reuse that examination instead of reading them again.
@Suite struct BundleReadTests {
    @Test func runReadsEachFileOfABundleOnce() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let counting = CountingReader()
        let loaded = try WidgetLoader.load(paths: [directory + "/app.yaml"], defaultZone: .utc, reader: counting.reader)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.widgets.map(\.widget.kind) == ["com.example.a", "com.example.b"])
        #expect(counting.all == [directory + "/app.yaml": 1, directory + "/a.yaml": 1, directory + "/b.yaml": 1])
    }

    /// A bundle file the command was also given is read and examined once: the manifest's
    /// bundle check examines it as given and its own turn takes that examination.
    @Test func filesGivenWithTheirManifestAreExaminedOnce() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let counting = CountingReader()
        let loaded = try WidgetLoader.load(paths: [directory + "/app.yaml", directory], defaultZone: .utc, reader: counting.reader)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.widgets.count == 2)
        #expect(counting.all == [directory + "/app.yaml": 1, directory + "/a.yaml": 1, directory + "/b.yaml": 1])
    }

    @Test func theManifestsExaminationCarriesItsBundle() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let validator = try DefinitionValidator(lowers: true)
        let examination = validator.checker.examine(path: directory + "/app.yaml")
        #expect(try validator.conclude(examination).isEmpty)
        #expect(examination.bundle.map(\.path) == [directory + "/a.yaml", directory + "/b.yaml"])
        // Gone from the disk, the files are still all a command needs: nothing reads them again.
        try FileManager.default.removeItem(atPath: directory + "/a.yaml")
        let a = try #require(examination.bundle.first)
        #expect(try validator.conclude(a).isEmpty)
        guard case .widget(let kind, _)? = a.lowered.first else {
            Issue.record("no plan for a.yaml")
            return
        }
        #expect(kind == "com.example.a")
    }

    @Test func validateReadsOnlyTheKindsOfABundle() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let validator = try DefinitionValidator()
        let examination = validator.checker.examine(path: directory + "/app.yaml")
        #expect(try validator.conclude(examination).isEmpty)
        // Validate does not lower, so it keeps no examination of the bundle's files.
        #expect(examination.bundle.isEmpty)
    }

    @Test func aMissingBundleFileIsStillReported() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.removeItem(atPath: directory + "/b.yaml")
        let validator = try DefinitionValidator(lowers: true)
        let diagnostics = try validator.conclude(validator.checker.examine(path: directory + "/app.yaml"))
        #expect(diagnostics.map(\.code) == ["missing-widget-file"])
    }

    /// Examined whole or only for its kinds, a bundle's file counts the same kinds: a
    /// `kind` written in a manifest's document too.
    @Test func bothReadingsCountTheSameKinds() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "app: com.example.other\ndisplayName: Other\nkind: com.example.a\n".write(
            toFile: directory + "/b.yaml", atomically: true, encoding: .utf8)
        for lowers in [false, true] {
            let validator = try DefinitionValidator(lowers: lowers)
            let diagnostics = try validator.conclude(validator.checker.examine(path: directory + "/app.yaml"))
            #expect(diagnostics.map(\.code) == ["duplicate-kind"], "lowers: \(lowers)")
        }
    }
}
