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

/// A directory holding a manifest and its bundle gives the command every file: each is
/// still read once, by `validate` and by `compile`, on one thread or several, and the
/// report is the same as when each file was read in its own turn.
@Test(arguments: [1, 4]) func filesGivenWithTheirManifestAreReadOnce(jobs: Int) throws {
    let directory = try bundleDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try CompilePass.files(in: [directory])
    #expect(files.map { ($0 as NSString).lastPathComponent } == ["a.yaml", "app.yaml", "b.yaml"])
    for lowers in [false, true] {
        let counting = CountingReader()
        let validator = try DefinitionValidator(lowers: lowers)
        var checker = validator.checker
        checker.given = GivenFiles(files)
        checker.reader = counting.reader
        var codes: [String] = []
        for examination in ParallelExamination(files, checker: checker, jobs: jobs) {
            codes += try validator.conclude(examination).map(\.code)
        }
        #expect(codes.isEmpty, "lowers: \(lowers)")
        #expect(counting.all == Dictionary(uniqueKeysWithValues: files.map { ($0, 1) }), "lowers: \(lowers)")
    }
}

/// Manifests that bundle each other (and themselves), all given at once on several threads:
/// no thread waits for one that waits for it, and the report is the one thread's. A widget
/// file is read once; a manifest once more for each manifest that names it at most (a
/// bundle check that would close a circle reads only the kinds).
@Test(.timeLimit(.minutes(2))) func manifestsThatBundleEachOtherDoNotDeadlock() throws {
    let directory = try temporaryDirectory().path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let names = (0..<8).map { "m\($0)" }
    for (i, name) in names.enumerated() {
        // Each manifest bundles itself, the next manifest (in a circle) and its own widget.
        let next = names[(i + 1) % names.count]
        try "app: com.example.\(name)\ndisplayName: App \(name)\nwidgets: [\(name).yaml, \(next).yaml, w\(i).yaml]\n"
            .write(toFile: "\(directory)/\(name).yaml", atomically: true, encoding: .utf8)
        try "kind: com.example.w\(i)\ndisplayName: W\ndescription: A widget.\ncontent: { title: Hi }\ntimeline: { every: 15m }\n"
            .write(toFile: "\(directory)/w\(i).yaml", atomically: true, encoding: .utf8)
    }
    let files = try CompilePass.files(in: [directory])
    func report(jobs: Int, _ counting: CountingReader) throws -> [String] {
        let validator = try DefinitionValidator()
        var checker = validator.checker
        checker.given = GivenFiles(files)
        checker.reader = counting.reader
        var lines: [String] = []
        for examination in ParallelExamination(files, checker: checker, jobs: jobs) {
            lines += try validator.conclude(examination).map { "\($0.file):\($0.location):\($0.code)" }
        }
        return lines
    }
    let sequential = try report(jobs: 1, CountingReader())
    for _ in 0..<40 {
        let counting = CountingReader()
        #expect(try report(jobs: 4, counting) == sequential)
        for (path, reads) in counting.all {
            let manifest = (path as NSString).lastPathComponent.hasPrefix("m")
            #expect(manifest ? reads <= 3 : reads == 1, "\(path): \(reads) reads")
        }
    }
}
