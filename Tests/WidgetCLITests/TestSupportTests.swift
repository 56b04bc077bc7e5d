import Foundation
import Testing
import WidgetTestSupport

/// The shared test support itself: conformance suites that are absent are skipped with a reason
/// (never passed) and fail under CI, golden comparison names the first differing line and a
/// recording run fails.
@Suite struct TestSupportTests {
    /// The suites the conformance tests read, as their traits name them.
    static let suites: [(name: String, files: [String])] = [
        ("json-schema-test-suite", ["tests/draft2020-12", "tests/draft2020-12/optional/format", "remotes"]),
        ("mustache-spec", ["specs/interpolation.json", "specs/sections.json", "specs/inverted.json", "specs/comments.json"]),
        ("yaml-test-suite", []),
    ]

    /// With the fixtures hidden (a root that does not exist), every suite has a reason to skip.
    @Test func hiddenFixturesGiveAReason() throws {
        for suite in Self.suites {
            let reason = Conformance.missing(suite.name, files: suite.files, root: "/nonexistent/conformance")
            #expect(reason == "conformance suite \(suite.name) not found: no folder /nonexistent/conformance/\(suite.name)")
        }
        #expect(Conformance.missing("yaml-test-suite", root: nil)?.hasPrefix("conformance fixtures not found") == true)
    }

    /// A suite whose folder is there but a file moved is skipped too, naming the file.
    @Test func movedSuiteFileGivesAReason() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mustache-spec/specs"), withIntermediateDirectories: true)
        try "{}".write(to: root.appendingPathComponent("mustache-spec/specs/sections.json"), atomically: true, encoding: .utf8)
        let reason = Conformance.missing("mustache-spec", files: ["specs/sections.json", "specs/inverted.json"], root: root.path)
        #expect(reason == "conformance suite mustache-spec incomplete: specs/inverted.json missing in \(root.path)/mustache-spec")
    }

    /// Where the fixtures are present (this workspace), the suites are complete and run.
    @Test(.enabled(if: Conformance.root != nil && ProcessInfo.processInfo.environment[Conformance.variable] == nil))
    func presentFixturesRun() {
        for suite in Self.suites {
            #expect(Conformance.missing(suite.name, files: suite.files) == nil)
        }
    }

    @Test func goldenNamesTheFirstDifferingLine() {
        #expect(Golden.firstDifference("a\nb\n", "a\nb\n") == nil)
        #expect(Golden.firstDifference("a\nb\n", "a\nc\n") == "line 2: expected 'b', got 'c'")
        #expect(Golden.firstDifference("a\n", "a\nb\n") == "line 2: expected '', got 'b'")
        #expect(Golden.firstDifference("a", "a\n") == "line 2: expected end of text, got ''")
    }

    @Test func aMissingSuiteFailsUnderCIAndIsSkippedElsewhere() async throws {
        #expect(Conformance.missingFails(environment: ["CI": "true"]))
        #expect(Conformance.missingFails(environment: ["CI": "1"]))
        #expect(!Conformance.missingFails(environment: [:]))
        #expect(!Conformance.missingFails(environment: ["CI": "false"]))
        let test = try #require(Test.current)
        let strict = ConformanceTrait(suite: "yaml-test-suite", files: [], failsWhenMissing: true, root: "/nonexistent/conformance")
        await #expect(throws: TestFailure.self) { try await strict.prepare(for: test) }
        let lenient = ConformanceTrait(suite: "yaml-test-suite", files: [], failsWhenMissing: false, root: "/nonexistent/conformance")
        var skipped = false
        do { try await lenient.prepare(for: test) } catch is TestFailure { Issue.record("a missing suite failed outside CI") } catch { skipped = true }
        #expect(skipped, "a missing suite ran outside CI")
        // A suite that is there runs, under CI too.
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("yaml-test-suite"), withIntermediateDirectories: true)
        try await ConformanceTrait(suite: "yaml-test-suite", files: [], failsWhenMissing: true, root: root.path).prepare(for: test)
    }

    @Test func recordingAGoldenFileFailsTheRunThatRecords() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let recorded = Golden.check("one\n", matches: "x/out.txt", updating: true, directory: dir.path)
        #expect(recorded?.contains("recorded Tests/Golden/x/out.txt") == true, "\(recorded ?? "passed")")
        #expect(try String(contentsOfFile: dir.path + "/x/out.txt", encoding: .utf8) == "one\n")
        #expect(Golden.check("one\n", matches: "x/out.txt", updating: true, directory: dir.path)?.contains("unchanged") == true)
        #expect(Golden.check("one\n", matches: "x/out.txt", updating: false, directory: dir.path) == nil)
        #expect(Golden.check("two\n", matches: "x/out.txt", updating: false, directory: dir.path)?.contains("line 1: expected 'one', got 'two'") == true)
        #expect(Golden.check("one\n", matches: "y.txt", updating: false, directory: dir.path)?.hasPrefix("no golden file") == true)
    }
}
