import Foundation
import Testing
import WidgetCompiler
import WidgetSupport
import WidgetTestSupport
@testable import WidgetCLI

/// `compile` and `generate` read each file of an app manifest's bundle once: the
/// compilation examines the bundle's files with the manifest and reports them after it.
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

/// The codes each purpose reports for `files`, and how often each file was read.
private func compileCounting(_ files: SourcePaths, purpose: Compilation.Purpose, jobs: Int) throws -> (lines: [String], reads: [String: Int]) {
    let counting = CountingReader()
    let compilation = Compilation(purpose: purpose, reader: counting.reader, jobs: jobs)
    var lines: [String] = []
    try compilation.compile(files) { file in
        lines += file.diagnostics.map { "\($0.file):\($0.location):\($0.code)" }
    }
    return (lines, counting.all)
}

/// A directory holding a manifest and its bundle gives the command every file: each is
/// still read once, by `validate`, `compile` and `run`, on one thread or several (with one, the
/// manifest names a file whose turn comes after it: examined then, kept for that turn).
@Test(arguments: [1, 4]) func filesGivenWithTheirManifestAreReadOnce(jobs: Int) throws {
    let directory = try bundleDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try CompilePass.files(in: [directory])
    #expect(files.map { ($0 as NSString).lastPathComponent } == ["a.yaml", "app.yaml", "b.yaml"])
    for purpose in [Compilation.Purpose.check, .compile, .run] {
        let (lines, reads) = try compileCounting(files, purpose: purpose, jobs: jobs)
        #expect(lines.isEmpty, "\(purpose)")
        #expect(reads == Dictionary(uniqueKeysWithValues: files.map { ($0, 1) }), "\(purpose)")
    }
}

/// Manifests that bundle each other (and themselves), all given at once: every file is read
/// once, and the report does not depend on the number of threads.
@Test func manifestsThatBundleEachOtherAreReadOnce() throws {
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
    for purpose in [Compilation.Purpose.check, .compile] {
        let sequential = try compileCounting(files, purpose: purpose, jobs: 1)
        #expect(sequential.reads == Dictionary(uniqueKeysWithValues: files.map { ($0, 1) }), "\(purpose)")
        let parallel = try compileCounting(files, purpose: purpose, jobs: 4)
        #expect(parallel.lines == sequential.lines, "\(purpose)")
        #expect(parallel.reads == sequential.reads, "\(purpose)")
    }
}

/// A file given twice is read once and reported in both turns, the second finding its kinds taken.
@Test(arguments: [1, 4]) func aFileGivenTwiceIsReadOnce(jobs: Int) throws {
    let directory = try bundleDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = directory + "/a.yaml"
    let (lines, reads) = try compileCounting([a, directory + "/b.yaml", a], purpose: .check, jobs: jobs)
    #expect(lines == ["\(a):1:7:duplicate-kind"])
    #expect(reads == [a: 1, directory + "/b.yaml": 1])
}

/// `validate` reads a bundle's files that it was not given for their kinds only, once, and does
/// not report them.
@Test func validateReadsABundlesFilesForTheirKinds() throws {
    let directory = try bundleDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // b.yaml is broken: validate given only the manifest does not report it.
    try "kind: com.example.b\ndisplayName: B\ntimeline: { every: 15x }\n".write(toFile: directory + "/b.yaml", atomically: true, encoding: .utf8)
    let counting = CountingReader()
    let compilation = Compilation(reader: counting.reader)
    var reported: [String] = []
    try compilation.compile([directory + "/app.yaml"]) { reported.append($0.path) }
    #expect(reported == [directory + "/app.yaml"])
    #expect(counting.all == [directory + "/app.yaml": 1, directory + "/a.yaml": 1, directory + "/b.yaml": 1])
}

/// Diagnostics are shown from the bytes the compilation read: a file gone from the disk by
/// the time its duplicate kind is reported still shows its line.
@Test func diagnosticsAreShownFromTheBytesRead() throws {
    let directory = try bundleDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = directory + "/a.yaml", copy = directory + "/copy.yaml"
    try FileManager.default.copyItem(atPath: a, toPath: copy)
    let compilation = Compilation()
    var files: [CompiledFile] = []
    try compilation.compile([a, copy]) { files.append($0) }
    try FileManager.default.removeItem(atPath: copy)
    let console = CapturingConsole()
    var stream = DiagnosticStream(console: console)
    for file in files { stream.report(file) }
    stream.finish()
    #expect(console.stderr.contains("\(copy):1:7: error: kind 'com.example.a' is already defined at \(a):1:7"))
    #expect(console.stderr.contains("kind: com.example.a\n      ^\n"), "\(console.stderr)")
}
