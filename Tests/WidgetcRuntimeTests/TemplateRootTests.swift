import Foundation
import Testing
import WidgetTestSupport
@testable import WidgetcRuntimeCore

/// The docs' table of template roots is the declaration's (issue 14: declared once).
@Suite struct TemplateRootTests {
    @Test func theDocsTableListsEveryRootAsDeclared() throws {
        let text = try String(contentsOfFile: TestPaths.root + "/docs/language-notes.md", encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Template roots").dropFirst().first)
        var rows: [String: (rule: String?, perEntry: Bool)] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let root = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let rule = cells[1] == "every widget" ? nil : cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[root] = (rule, cells[2] == "yes")
        }
        #expect(Set(rows.keys) == Set(TemplateRoot.allCases.map(\.rawValue)))
        for root in TemplateRoot.allCases {
            #expect(rows[root.rawValue]?.rule == root.rule, "\(root)")
            #expect(rows[root.rawValue]?.perEntry == root.variesPerEntry, "\(root)")
        }
    }

    @Test func theRendererRendersPerEntryExactlyTheRootsThatVary() {
        #expect(CompiledContent.entryRoots == Set(TemplateRoot.allCases.filter(\.variesPerEntry).map(\.rawValue)))
        #expect(CompiledContent.entryRoots.contains("progress") && !CompiledContent.entryRoots.contains("param"))
    }
}
