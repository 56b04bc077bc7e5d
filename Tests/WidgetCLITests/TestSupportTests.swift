import Foundation
import Testing
import WidgetTestSupport

/// The shared test support itself: conformance suites that are absent are skipped with a reason
/// (never passed), and golden comparison names the first differing line.
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
}
