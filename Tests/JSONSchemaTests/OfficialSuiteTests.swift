import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport

@testable import JSONSchema

/// Runs JSON-Schema-Test-Suite's draft 2020-12 tests (required ones count; `optional/` is
/// reported on its own line and never fails the test).
@Suite("JSON-Schema-Test-Suite")
struct OfficialSuiteTests {
    /// Required tests we knowingly fail: "file | group | test" -> reason. Every entry is printed.
    static let skips: [String: String] = [:]

    struct Outcome {
        var passed = 0
        var total = 0
        var failures: [String] = []
        var skipped: [String] = []
    }

    static func run(files: [URL], remotes: URL, skips: [String: String]) -> Outcome {
        var outcome = Outcome()
        let loader = SharedFixtures.remotesLoader(remotes)
        for file in files {
            guard case .array(let groups)? = SharedFixtures.readJSON(file) else {
                outcome.failures.append("\(file.lastPathComponent): unreadable")
                continue
            }
            for group in groups {
                let groupName = group["description"]?.string ?? "?"
                let registry = SchemaRegistry(loader: loader)
                let schema: Result<Schema, SchemaCompileError>
                do { schema = .success(try Schema(group["schema"] ?? .null, registry: registry)) } catch { schema = .failure(error) }
                for test in group["tests"]?.array ?? [] {
                    let name = "\(file.lastPathComponent) | \(groupName) | \(test["description"]?.string ?? "?")"
                    outcome.total += 1
                    if let reason = skips[name] {
                        outcome.skipped.append("\(name): \(reason)")
                        continue
                    }
                    let expected = test["valid"]?.bool ?? false
                    let data = test["data"] ?? .null
                    switch schema {
                    case .failure(let error):
                        outcome.failures.append("\(name): schema did not compile: \(error)")
                    case .success(let schema):
                        // Both passes must agree with the suite: the quiet one and the reporting one.
                        let fast = schema.isValid(data)
                        let failures = schema.reportFailures(data)
                        if fast == expected && failures.isEmpty == expected && schema.validate(data).isEmpty == expected {
                            outcome.passed += 1
                        } else {
                            outcome.failures.append(
                                "\(name): expected \(expected ? "valid" : "invalid"), isValid=\(fast), failures=\(failures.map(\.description))")
                        }
                    }
                }
            }
        }
        return outcome
    }

    static func jsonFiles(in dir: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// The suite's folders the tests read.
    static let files = ["tests/draft2020-12", "tests/draft2020-12/optional/format", "remotes"]

    @Test(.conformance("json-schema-test-suite", files: files)) func requiredTestsPass() throws {
        let suite = try Conformance.folder("json-schema-test-suite")
        let dir = suite.appendingPathComponent("tests/draft2020-12")
        let outcome = Self.run(files: Self.jsonFiles(in: dir), remotes: suite.appendingPathComponent("remotes"), skips: Self.skips)
        print("JSON-Schema-Test-Suite draft2020-12: \(outcome.passed)/\(outcome.total) passed")
        print(outcome.skipped.isEmpty ? "  skipped: none" : outcome.skipped.map { "  skipped: \($0)" }.joined(separator: "\n"))
        for failure in outcome.failures.prefix(60) { print("  FAILED: \(failure)") }
        #expect(outcome.total > 1000)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.count) required tests failed")
    }

    @Test(.conformance("json-schema-test-suite", files: files)) func optionalTestsAreReported() throws {
        let suite = try Conformance.folder("json-schema-test-suite")
        let remotes = suite.appendingPathComponent("remotes")
        let optional = suite.appendingPathComponent("tests/draft2020-12/optional")
        let general = Self.run(files: Self.jsonFiles(in: optional), remotes: remotes, skips: [:])
        let formats = Self.run(files: Self.jsonFiles(in: optional.appendingPathComponent("format")), remotes: remotes, skips: [:])
        print("Optional tests (draft2020-12/optional, not required): \(general.passed)/\(general.total) passed")
        for failure in general.failures { print("  optional, not passed: \(failure.prefix(300))") }
        print("Optional format tests (draft2020-12/optional/format; format is annotation-only here): \(formats.passed)/\(formats.total) passed")
        #expect(general.total > 0)
    }
}
