import Foundation
import Testing

/// The official suites in `../shared/conformance/` (JSON-Schema-Test-Suite, the Mustache spec,
/// the YAML test suite). A suite whose folder or files are missing is skipped with the reason,
/// never passed: tests take `.conformance(SUITE, files:)` as a trait.
///
/// `WIDGETC_CONFORMANCE=DIR` puts the root elsewhere; `WIDGETC_CONFORMANCE=/nonexistent swift test`
/// shows every conformance test reported as skipped.
package enum Conformance {
    /// The environment variable that moves the conformance root.
    package static let variable = "WIDGETC_CONFORMANCE"

    /// The root: `$WIDGETC_CONFORMANCE` when set, else the first `shared/conformance` folder
    /// in the package's directory or one of its ancestors (`<workspace>/shared/conformance`).
    package static var root: String? {
        if let given = ProcessInfo.processInfo.environment[variable], !given.isEmpty { return given }
        var dir = URL(fileURLWithPath: TestPaths.root)
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared/conformance").path
            if isDirectory(candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// Why `suite` cannot run under `root` (its folder, or one of `files` relative to it,
    /// is missing), or nil when everything is there.
    package static func missing(_ suite: String, files: [String] = [], root: String? = Conformance.root) -> String? {
        guard let root else {
            return "conformance fixtures not found: no shared/conformance beside the package (set \(variable)=DIR)"
        }
        let folder = root + "/" + suite
        guard isDirectory(folder) else { return "conformance suite \(suite) not found: no folder \(folder)" }
        let absent = files.filter { !FileManager.default.fileExists(atPath: folder + "/" + $0) }
        guard absent.isEmpty else { return "conformance suite \(suite) incomplete: \(absent.joined(separator: ", ")) missing in \(folder)" }
        return nil
    }

    /// The suite's folder (call from a test enabled by `.conformance`).
    package static func folder(_ suite: String) throws -> URL {
        guard let root else { throw TestFailure("conformance root not found") }
        return URL(fileURLWithPath: root + "/" + suite)
    }

    /// Whether the tests run under CI (`CI=true`), where a missing suite is a failure.
    package static var underCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    private static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the conformance suite and its files are there; otherwise the
    /// test is reported as skipped, with the reason.
    package static func conformance(_ suite: String, files: [String] = []) -> Self {
        let reason = Conformance.missing(suite, files: files)
        return .enabled(if: reason == nil, Comment(rawValue: reason ?? "\(suite) present"))
    }

    /// Runs the test only when the suite is missing under CI (`CI=true`): a test that then
    /// records the missing suite as a failure, so that CI cannot pass without it.
    package static func conformanceMissingUnderCI(_ suite: String, files: [String] = []) -> Self {
        let reason = Conformance.missing(suite, files: files)
        return .enabled(if: reason != nil && Conformance.underCI, Comment(rawValue: reason ?? "\(suite) present"))
    }
}
