import Testing
import WidgetCompiler
import WidgetSupport
import WidgetTestSupport
@testable import WidgetCLI

/// Examining files on several threads must report exactly what one thread does,
/// in the same order, including the checks across files (duplicate kinds).
@Test func parallelExaminationReportsWhatSequentialDoes() throws {
    let root = TestPaths.root
    var files = try SourceFiles.expand(root + "/widgets")
    files += try SourceFiles.expand(TestPaths.fixtures + "/invalid")
    // The same widgets again: every kind is now a duplicate, found across files.
    files += try SourceFiles.expand(root + "/widgets")
    files.append(root + "/no/such/file.yaml")

    func report(jobs: Int) -> [String] {
        let compilation = Compilation(jobs: jobs)
        var lines: [String] = []
        do {
            try compilation.compile(files) { file in
                for d in file.diagnostics {
                    lines.append("\(d.file):\(d.location):\(d.code):\(d.message)")
                }
            }
        } catch {
            lines.append("read error: \(error)")
        }
        return lines
    }
    let sequential = report(jobs: 1)
    #expect(sequential.contains { $0.contains("duplicate-kind") })
    #expect(sequential.last?.hasPrefix("read error:") == true)
    #expect(report(jobs: 4) == sequential)
}
