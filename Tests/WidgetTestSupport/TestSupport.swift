import Foundation
import WidgetSupport

/// What every test target shares: where the package is, scratch directories,
/// and a failure that says what went wrong.
package enum TestPaths {
    /// The package's root directory (the one holding Package.swift).
    package static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The bundled examples.
    package static var widgets: String { root + "/widgets" }

    /// The compiler's diagnostic fixtures (`invalid/CODE.yaml`, `schema-only/`).
    package static var fixtures: String { root + "/Tests/WidgetCompilerTests/Fixtures" }

    /// The checked-in golden outputs (`Tests/Golden`).
    package static var golden: String { root + "/Tests/Golden" }

    /// The build directory holding the built products (`widgetc`, `Modules/`), found from the
    /// running test binary, else `.build/debug` under the package; nil when neither has them.
    package static let buildDirectory: String? = {
        var candidates: [String] = []
        if let executable = Bundle.main.executablePath ?? CommandLine.arguments.first {
            var dir = URL(fileURLWithPath: executable).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(dir.path)
                dir = dir.deletingLastPathComponent()
            }
        }
        candidates.append(root + "/.build/debug")
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/Modules/WidgetcRuntime.swiftmodule") }
    }()

    /// The built `widgetc` executable, when the build directory has one.
    package static var widgetc: String? {
        guard let dir = buildDirectory, FileManager.default.isExecutableFile(atPath: dir + "/widgetc") else { return nil }
        return dir + "/widgetc"
    }
}

/// A fresh temporary directory, removed by the caller.
package func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetc-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

package struct TestFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// A finished subprocess: its exit status and both streams.
package struct ProcessResult: Sendable {
    package let status: Int32
    package let stdout: String
    package let stderr: String
}

/// Runs `arguments[0]` with the rest as its arguments (no shell), in `directory` when given,
/// with `environment` added to this process's; waits for it.
package func runProcess(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    // Both streams go to files: a pipe read after exit could fill and block the child.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("widgetc-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
}

/// Runs the built `widgetc` as a subprocess (in `directory`, default the package root).
package func runWidgetc(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws -> ProcessResult {
    guard let widgetc = TestPaths.widgetc else {
        throw TestFailure("no built widgetc under \(TestPaths.buildDirectory ?? TestPaths.root + "/.build/debug"); run swift build")
    }
    return try runProcess([widgetc] + arguments, environment: environment, in: directory ?? TestPaths.root)
}

/// The sanitizer the package was built with, when `bench/sanitize` says (`WIDGETC_SANITIZER`:
/// `address` or `thread`): nil for a plain build.
package enum Sanitizer {
    package static let name: String? = {
        guard let name = ProcessInfo.processInfo.environment["WIDGETC_SANITIZER"], !name.isEmpty else { return nil }
        return name
    }()
}

/// Starts every command at once (no shell), then waits for all: processes that really run
/// together, not one after another. The results are in the order of `commands`.
package func runProcessesTogether(_ commands: [[String]], environment: [String: String] = [:]) throws -> [ProcessResult] {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("widgetc-processes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var running: [(process: Process, out: URL, err: URL, handles: [FileHandle])] = []
    for (i, arguments) in commands.enumerated() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = scratch.appendingPathComponent("\(i).out"), err = scratch.appendingPathComponent("\(i).err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        running.append((process, out, err, [outHandle, errHandle]))
    }
    for r in running { try r.process.run() }
    var results: [ProcessResult] = []
    for r in running {
        r.process.waitUntilExit()
        for handle in r.handles { try handle.close() }
        results.append(ProcessResult(
            status: r.process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: r.out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: r.err), as: UTF8.self)))
    }
    return results
}
