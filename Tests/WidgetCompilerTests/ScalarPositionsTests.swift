import Testing
import WidgetSupport
import WidgetYAML

@testable import WidgetCompiler

/// A character inside a string scalar is placed at its own line and column, whatever the
/// scalar's style: what errors inside templates and expressions are reported at.
@Suite struct ScalarPositionsTests {
    /// The positions of every `X` in the value of key `v`, as the map gives them.
    func positionsOfX(_ yaml: String) throws -> [WidgetSupport.SourceLocation] {
        let file = YAMLLoader.load(text: yaml)
        #expect(file.error == nil)
        let node = try #require(file.documents.first?["v"])
        let value = try #require(node.string)
        let positions = try #require(ScalarPositions.map(value: value, start: node.location, in: Array(yaml.utf8)))
        #expect(positions.count == value.unicodeScalars.count + 1)
        return value.unicodeScalars.enumerated().filter { $0.element == "X" }.map { positions[$0.offset] }
    }

    /// Where the `X`s are written in the text (1-based line and column, in Unicode scalars).
    func written(_ yaml: String) -> [WidgetSupport.SourceLocation] {
        var out: [WidgetSupport.SourceLocation] = []
        for (n, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (c, scalar) in line.unicodeScalars.enumerated() where scalar == "X" {
                out.append(WidgetSupport.SourceLocation(line: n + 1, column: c + 1))
            }
        }
        return out
    }

    @Test(arguments: [
        "v: a X b\n",
        "v: \"é X\"\n",
        "v: first line\n  second X line\n\n  after a blank X\n",
        "v: \"quoted\n  folded X \\u00e9 \\n X\"\n",
        "v: \"escaped \\\n   break X\"\n",
        "v: 'it''s X'\n",
        "v: 'single\n   folded X'\n",
        "v: |\n  literal\n    indented X\n  last X\n",
        "v: >-\n  folded\n  block X\n\n  para X\n",
        "k: 1\nv: >\n    deeper X indentation\n",
    ])
    func everyStyleIsTraced(_ yaml: String) throws {
        let found = try positionsOfX(yaml)
        #expect(!found.isEmpty)
        #expect(found == written(yaml), "\(yaml)")
    }

    @Test func aValueThatCannotBeTracedKeepsTheScalarStart() throws {
        let yaml = "v: abc\n"
        let node = try #require(YAMLLoader.load(text: yaml).documents.first?["v"])
        #expect(ScalarPositions.map(value: "xyz", start: node.location, in: Array(yaml.utf8)) == nil)
    }
}
