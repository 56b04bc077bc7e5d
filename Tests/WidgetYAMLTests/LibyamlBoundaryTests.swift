import Foundation
import Testing
import WidgetTestSupport

/// libyaml's C types stay inside its adapter: `EventParser.swift` alone imports CYAML and names
/// `yaml_…` types; the composer reads `YAMLEvent`, which both readers build (issue #34's YAML
/// boundary). The differential tests (SimpleFormDifferentialTests) check that the two readers'
/// events agree.
@Suite struct LibyamlBoundaryTests {
    static let folder = TestPaths.root + "/Sources/WidgetYAML"

    /// Each line of the module's sources that uses libyaml (its module or a `yaml_…`/`YAML_…` name).
    static func libyamlLines() throws -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if code.contains("CYAML") || code.contains("yaml_") || code.contains("YAML_") {
                    found[name, default: []].append(number + 1)
                }
            }
        }
        return found
    }

    @Test func onlyTheAdapterUsesLibyaml() throws {
        let found = try Self.libyamlLines()
        #expect(Array(found.keys) == ["EventParser.swift"], "libyaml outside its adapter: \(found)")
        // The adapter itself is found (so the scan reads what it should).
        #expect((found["EventParser.swift"]?.count ?? 0) >= 10)
    }
}
