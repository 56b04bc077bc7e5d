import Foundation
import Testing
import WidgetTestSupport

/// The outputs README.md and docs/*.md show are what the commands they show print: each code
/// block whose first line is `$ swift run widgetc …` or `$ widgetc …` is run (the built
/// `widgetc`, as a subprocess, in a scratch directory where `widgets/`, `schemas/` and `Tests/`
/// are the package's, so `--out` writes nothing into the checkout) and the rest of the block is compared
/// with what it printed (stdout and stderr, either first).
@Suite struct DocumentedOutputTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let arguments: [String]
        let output: String
        var testDescription: String { "\(file):\(line) widgetc \(arguments.joined(separator: " "))" }
    }

    /// The Markdown files whose shown outputs are checked.
    static let documents: [String] = {
        let docs = ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.root + "/docs")) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }()

    /// Every shown command with its output, in file order.
    static let examples: [Example] = {
        var examples: [Example] = []
        for document in documents {
            guard let text = try? String(contentsOfFile: TestPaths.root + "/" + document, encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var i = 0
            while i < lines.count {
                let fence = lines[i].trimmingCharacters(in: .whitespaces)
                guard fence.hasPrefix("```") else { i += 1; continue }
                var end = i + 1
                while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
                // A block inside a list item is indented as its fence is.
                let indent = lines[i].prefix { $0 == " " }.count
                let block = lines[(i + 1)..<end].map { line in String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))) }
                if let first = block.first, let command = shownCommand(first) {
                    let output = block.dropFirst().map { $0 + "\n" }.joined()
                    examples.append(Example(file: document, line: i + 2, arguments: command, output: output))
                }
                i = end + 1
            }
        }
        return examples
    }()

    /// The arguments of a shown command line (`$ swift run widgetc ARGS` or `$ widgetc ARGS`).
    static func shownCommand(_ line: String) -> [String]? {
        for prefix in ["$ swift run widgetc ", "$ widgetc "] where line.hasPrefix(prefix) {
            return line.dropFirst(prefix.count).split(separator: " ").map(String.init)
        }
        return nil
    }

    @Test func theREADMEShowsCommands() {
        #expect(Self.examples.filter { $0.file == "README.md" }.count >= 4)
    }

    @Test(arguments: examples)
    func shownOutputIsTheRealOne(_ example: Example) throws {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["widgets", "schemas", "Tests"] {
            try FileManager.default.createSymbolicLink(atPath: scratch.path + "/" + name, withDestinationPath: TestPaths.root + "/" + name)
        }
        let result = try runWidgetc(example.arguments, in: scratch.path)
        let printed = [result.stdout + result.stderr, result.stderr + result.stdout]
        #expect(printed.contains(example.output), """
            \(example.file):\(example.line): the shown output is not what widgetc prints; it prints
            \(result.stderr + result.stdout)
            """)
    }
}
