import Foundation
import Testing

/// The official suites in `../shared/conformance/` (JSON-Schema-Test-Suite, the Mustache spec,
/// the YAML test suite). A suite whose folder or files are missing is skipped with the reason,
/// never passed, and under CI (`CI=true`) it fails: tests take `.conformance(SUITE, files:)` as a trait.
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

    /// Whether a missing suite fails the run: under CI (`CI` set to `true` or `1`, as CI services
    /// set it), where a run that skipped the suites must not pass.
    package static func missingFails(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let ci = environment["CI"]?.lowercased() else { return false }
        return ci == "true" || ci == "1"
    }

    /// The suite's folder (call from a test enabled by `.conformance`).
    package static func folder(_ suite: String) throws -> URL {
        guard let root else { throw TestFailure("conformance root not found") }
        return URL(fileURLWithPath: root + "/" + suite)
    }

    /// Whether the tests run under CI (`CI=true`), where a missing suite is a failure.
    package static var underCI: Bool { missingFails() }

    private static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}

/// Runs a test only when its conformance suite and files are there. Otherwise the test is
/// skipped with the reason, or, when `failsWhenMissing` (under CI), fails with it.
package struct ConformanceTrait: TestTrait, SuiteTrait {
    package let suite: String
    package let files: [String]
    package let failsWhenMissing: Bool
    package let root: String?

    package init(suite: String, files: [String], failsWhenMissing: Bool, root: String? = Conformance.root) {
        self.suite = suite
        self.files = files
        self.failsWhenMissing = failsWhenMissing
        self.root = root
    }

    package var isRecursive: Bool { true }

    package func prepare(for test: Test) async throws {
        guard let reason = Conformance.missing(suite, files: files, root: root) else { return }
        if failsWhenMissing { throw TestFailure("\(reason); CI=true: a conformance suite must be there") }
        // Skipped (not failed), with the reason, as a disabled test is.
        try await ConditionTrait.disabled(Comment(rawValue: reason)).prepare(for: test)
    }
}

extension Trait where Self == ConformanceTrait {
    /// Runs the test only when the conformance suite and its files are there; otherwise the
    /// test is reported as skipped, with the reason (under CI it fails instead).
    package static func conformance(_ suite: String, files: [String] = []) -> Self {
        ConformanceTrait(suite: suite, files: files, failsWhenMissing: Conformance.missingFails())
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the suite is missing under CI (`CI=true`): a test that then
    /// records the missing suite as a failure, so that CI cannot pass without it.
    package static func conformanceMissingUnderCI(_ suite: String, files: [String] = []) -> Self {
        let reason = Conformance.missing(suite, files: files)
        return .enabled(if: reason != nil && Conformance.underCI, Comment(rawValue: reason ?? "\(suite) present"))
    }
}
