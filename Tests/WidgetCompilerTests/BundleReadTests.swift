import Foundation
import Testing
import WidgetSupport
import WidgetTime
import WidgetTestSupport
import WidgetCLI
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

    /// `compile` reports a manifest's bundle after it, from the examination made for its
    /// bundle check: a.yaml's plan, read once.
    @Test func compileReportsTheBundleFromTheManifestsExamination() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let counting = CountingReader()
        let compilation = Compilation(purpose: .compile, reader: counting.reader)
        var reported: [CompiledFile] = []
        try compilation.compile([directory + "/app.yaml"]) { reported.append($0) }
        #expect(reported.map(\.path) == [directory + "/app.yaml", directory + "/a.yaml", directory + "/b.yaml"])
        #expect(reported.allSatisfy { $0.diagnostics.isEmpty })
        guard case .widget(let kind, _)? = reported[1].plans.first else {
            Issue.record("no plan for a.yaml")
            return
        }
        #expect(kind == "com.example.a")
        #expect(counting.all.values.allSatisfy { $0 == 1 })
    }

    @Test func aMissingBundleFileIsStillReported() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.removeItem(atPath: directory + "/b.yaml")
        let validator = Compilation(purpose: .compile)
        let diagnostics = try validator.validate(path: directory + "/app.yaml")
        #expect(diagnostics.map(\.code.name) == ["missing-widget-file"])
    }

    /// Examined whole or only for its kinds, a bundle's file counts the same kinds: a
    /// `kind` written in a manifest's document too.
    @Test func bothReadingsCountTheSameKinds() throws {
        let directory = try bundleDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "app: com.example.other\ndisplayName: Other\nkind: com.example.a\n".write(
            toFile: directory + "/b.yaml", atomically: true, encoding: .utf8)
        for lowers in [false, true] {
            let validator = Compilation(purpose: lowers ? .compile : .check)
            let diagnostics = try validator.validate(path: directory + "/app.yaml")
            #expect(diagnostics.map(\.code.name) == ["duplicate-kind"], "lowers: \(lowers)")
        }
    }
}
