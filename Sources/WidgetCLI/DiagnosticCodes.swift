import WidgetDiagnostics
import WidgetSupport

/// What each diagnostic code means, read from the code tables of docs/diagnostics.md (embedded at
/// build time), so SARIF's rules say what the documentation says and the two cannot drift.
package enum DiagnosticCodes {
    /// Each code's table rows, in the order of the document: the first row is its short description.
    package static let meanings: [String: [String]] = parse(EmbeddedDocs.files["diagnostics.md"] ?? "")

    /// Rows `| \`code\`, \`other\` (note) | meaning | … |`: the codes are the backticked names of the
    /// first cell before any parenthesis (whose `run` is a note, not a code); the meaning is the other cells.
    package static func parse(_ markdown: String) -> [String: [String]] {
        var meanings: [String: [String]] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
            let body = line.dropFirst(2)
            guard let split = body.firstRange(of: " | ") else { continue }
            let head = body[..<split.lowerBound].prefix { $0 != "(" }
            var meaning = String(body[split.upperBound...])
            if meaning.hasSuffix(" |") { meaning.removeLast(2) }
            meaning = String(meaning.replacing(" | ", with: " — ").drop { $0 == " " })
            let quoted = head.split(separator: "`", omittingEmptySubsequences: false)
            // Odd pieces are inside backticks.
            for (i, piece) in quoted.enumerated() where i % 2 == 1 && isCode(piece) && !meaning.isEmpty {
                meanings[String(piece), default: []].append(meaning)
            }
        }
        return meanings
    }

    /// Each code of the tables with its severity: a warning when a row's first cell says so
    /// (`` `request-rate` (warning) ``), else an error.
    package static func severities(_ markdown: String) -> [String: Diagnostic.Severity] {
        var severities: [String: Diagnostic.Severity] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
            guard let split = line.dropFirst(2).firstRange(of: " | ") else { continue }
            let cell = line[line.index(line.startIndex, offsetBy: 2)..<split.lowerBound]
            let warning = cell.contains("(warning")
            let quoted = cell.prefix { $0 != "(" }.split(separator: "`", omittingEmptySubsequences: false)
            for (i, piece) in quoted.enumerated() where i % 2 == 1 && isCode(piece) {
                severities[String(piece)] = warning ? .warning : .error
            }
        }
        return severities
    }

    private static func isCode(_ s: Substring) -> Bool {
        !s.isEmpty && s.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" }
    }
}
