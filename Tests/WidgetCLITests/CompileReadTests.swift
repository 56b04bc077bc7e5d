import Foundation
import Testing
import WidgetCompiler
import WidgetTestSupport
@testable import WidgetCLI

/// `compile` and `generate` read each file of an app manifest's bundle once: the
/// manifest's examination holds the bundle's, which the pass reports in its turn.
@Test func compileReadsEachFileOfABundleOnce() throws {
    let directory = try bundleDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let counting = CountingReader()
    let console = CapturingConsole()
    let pass = try CompilePass(files: [directory + "/app.yaml"], console: console, reader: counting.reader)
    #expect(pass.errors == 0)
    #expect(pass.plans.map(\.name) == ["com.example.bundle.app.json", "com.example.a.plan.json", "com.example.b.plan.json"])
    #expect(counting.all == [directory + "/app.yaml": 1, directory + "/a.yaml": 1, directory + "/b.yaml": 1])
}
