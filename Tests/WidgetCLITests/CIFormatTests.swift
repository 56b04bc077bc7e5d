import Foundation
import Testing
import WidgetCLI
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport

/// `validate --format github` and `--format sarif`: what CI reads.
@Suite struct CIFormatTests {
    static let rangeError = """
        kind: fixture.param-range
        displayName: Range
        description: x
        parameters:
          interval: { type: integer, min: 5, max: 120, default: 200 }
        content: { title: "{{param.interval}}" }
        timeline: { hourly: true }

        """

    /// A directory with an error (in a file whose name needs escaping as a property) and a warning.
    static func errorAndWarning() throws -> (dir: String, bad: String, empty: String) {
        let dir = try temporaryDirectory().path
        let bad = dir + "/50%, a:b.yaml"
        let empty = dir + "/empty.yaml"
        try rangeError.write(toFile: bad, atomically: true, encoding: .utf8)
        try "# nothing yet\n".write(toFile: empty, atomically: true, encoding: .utf8)
        return (dir, bad, empty)
    }

    @Test func githubPrintsOneWorkflowCommandADiagnostic() throws {
        let (dir, _, _) = try Self.errorAndWarning()
        let (status, console) = runCLI(["validate", "--format", "github", dir])
        #expect(status == .inputErrors)
        let escapedDir = dir.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ",", with: "%2C")
            .replacingOccurrences(of: ":", with: "%3A")
        #expect(console.stdout.split(separator: "\n", omittingEmptySubsequences: false) == [
            "::error file=\(escapedDir)/50%25%2C a%3Ab.yaml,line=5,col=57,endLine=5,endColumn=59,title=param-range::parameter 'interval': default 200 is above max 120",
            "::warning file=\(escapedDir)/empty.yaml,line=1,col=1,title=empty-file::\(try Self.emptyFileMessage(dir + "/empty.yaml"))",
            "",
        ])
        #expect(console.stderr == "2 files, 1 error, 1 warning\n")
    }

    /// The message of `empty-file`, as the text format prints it.
    static func emptyFileMessage(_ file: String) throws -> String {
        let (_, text) = runCLI(["validate", file])
        let first = try #require(text.stderr.split(separator: "\n").first)
        let prefix = "\(file):1:1: warning: "
        #expect(first.hasPrefix(prefix) && first.hasSuffix(" [empty-file]"))
        return String(first.dropFirst(prefix.count).dropLast(" [empty-file]".count))
    }

    @Test func githubEscapesMessagesAndProperties() {
        #expect(GitHubAnnotations.data("50%: a, b\r\nnext") == "50%25: a, b%0D%0Anext")
        #expect(GitHubAnnotations.property("50%: a, b\r\nnext") == "50%25%3A a%2C b%0D%0Anext")
        let d = Diagnostic.error(DiagnosticCode("not-allowed-value"), "unknown family 'a\nb'", file: "w:1,2.yaml", at: SourceLocation(line: 3, column: 4))
        #expect(GitHubAnnotations.line(d) == "::error file=w%3A1%2C2.yaml,line=3,col=4,title=not-allowed-value::unknown family 'a%0Ab'\n")
        let note = Diagnostic(.note, code: DiagnosticCode("c", .note), message: "m", file: "f", location: .start)
        #expect(GitHubAnnotations.line(note) == "::notice file=f,line=1,col=1,title=c::m\n")
        // A known end: GitHub's endColumn is the last column of the value.
        var ranged = d
        ranged.end = SourceLocation(line: 3, column: 9)
        #expect(GitHubAnnotations.line(ranged) == "::error file=w%3A1%2C2.yaml,line=3,col=4,endLine=3,endColumn=8,title=not-allowed-value::unknown family 'a%0Ab'\n")
    }

    /// A value with `%` and a newline, quoted in a message (which shows the newline as `\n`), stays
    /// one command with its `%` escaped; a raw newline's escape is pinned above.
    @Test func githubKeepsAQuotedNewlineOnOneLine() throws {
        let dir = try temporaryDirectory().path
        try """
            kind: fixture.enum
            displayName: Enum
            description: x
            families: [systemSmall, "100%\\nsure"]
            content: { title: hi }
            timeline: { hourly: true }

            """.write(toFile: dir + "/w.yaml", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["validate", "--format", "github", dir + "/w.yaml"])
        #expect(status == .inputErrors)
        let lines = console.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("unknown family '100%25\\nsure'") == true, "\(lines)")
        #expect(lines.first?.hasPrefix("::error file=\(dir.replacingOccurrences(of: ":", with: "%3A"))/w.yaml,line=4,col=") == true, "\(lines)")
    }

    @Test func exitStatusesMatchText() throws {
        let (dir, _, empty) = try Self.errorAndWarning()
        for format in ["text", "json", "github", "sarif"] {
            #expect(runCLI(["validate", "--format", format, dir]).0 == .inputErrors, "\(format)")
            #expect(runCLI(["validate", "--format", format, empty]).0 == .success, "\(format)")
            #expect(runCLI(["validate", "--format", format, TestPaths.root + "/widgets"]).0 == .success, "\(format)")
        }
        let (status, console) = runCLI(["validate", "--format", "sarif2", dir])
        #expect(status == .usage)
        #expect(console.stderr.contains("use 'text', 'json', 'github' or 'sarif'"))
        // A clean run prints no workflow command.
        #expect(runCLI(["validate", "--format", "github", TestPaths.root + "/widgets"]).1.stdout.isEmpty)
    }

    @Test func sarifHoldsRulesResultsAndRegions() throws {
        let (dir, bad, empty) = try Self.errorAndWarning()
        let (status, console) = runCLI(["validate", "--format", "sarif", dir])
        #expect(status == .inputErrors)
        #expect(console.stderr.isEmpty)
        let log = try JSONReader.parse(console.stdout).json
        #expect(log["version"] == "2.1.0")
        #expect(log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"]?.array)
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["tool"]?["driver"]?["name"] == "widgetc")
        #expect(run["tool"]?["driver"]?["version"] == .string(WidgetCLI.version))
        #expect(run["columnKind"] == "unicodeCodePoints")
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.array)
        #expect(rules.map { $0["id"] } == ["empty-file", "param-range"])
        // The descriptions are docs/diagnostics.md's.
        #expect(rules[1]["shortDescription"]?["text"] == "`min > max`, or `default` outside `[min, max]`")
        #expect(rules[1]["help"]?["text"]?.string?.hasPrefix("`min > max`, or `default` outside `[min, max]`\n") == true)
        #expect(rules[0]["shortDescription"]?["text"]?.string?.hasPrefix("the file holds no document at all") == true)

        let results = try #require(run["results"]?.array)
        #expect(results.count == 2)
        let error = results[0]
        #expect(error["ruleId"] == "param-range")
        #expect(error["ruleIndex"] == 1)
        #expect(error["level"] == "error")
        #expect(error["message"]?["text"] == "parameter 'interval': default 200 is above max 120")
        let physical = try #require(error["locations"]?.array?.first?["physicalLocation"])
        #expect(physical["artifactLocation"]?["uri"]?.string == SARIFLog.uri(bad))
        #expect(SARIFLog.uri(bad).hasSuffix("/50%25,%20a%3Ab.yaml"))
        // `200` ends before column 60 (SARIF's end is exclusive).
        #expect(physical["region"] == ["startLine": 5, "startColumn": 57, "endLine": 5, "endColumn": 60])
        #expect(error["properties"]?["pointer"] == "/parameters/interval/default")
        let warning = results[1]
        #expect(warning["ruleId"] == "empty-file")
        #expect(warning["level"] == "warning")
        #expect(warning["locations"]?.array?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?.string == SARIFLog.uri(empty))
        #expect(warning["locations"]?.array?.first?["physicalLocation"]?["region"] == ["startLine": 1, "startColumn": 1])

        // Deterministic: the same input gives the same bytes.
        #expect(runCLI(["validate", "--format", "sarif", dir]).1.stdout == console.stdout)
    }

    /// A relative path stays relative, as the user gave it.
    @Test func sarifURIsAreThePathsGiven() {
        #expect(SARIFLog.uri("widgets/weather.yaml") == "widgets/weather.yaml")
        #expect(SARIFLog.uri("my widgets/é#1?.yaml") == "my%20widgets/%C3%A9%231%3F.yaml")
    }

    /// A clean run is still a valid log: no results, no rules.
    @Test func sarifOfACleanRun() throws {
        let (status, console) = runCLI(["validate", "--format", "sarif", TestPaths.root + "/widgets"])
        #expect(status == .success)
        let run = try #require(JSONReader.parse(console.stdout).json["runs"]?.array?.first)
        #expect(run["results"] == .array([]))
        #expect(run["tool"]?["driver"]?["rules"] == .array([]))
    }

    /// Every code of the document's tables is read, with its words, and notes in parentheses are not codes.
    @Test func codeTablesAreRead() {
        let meanings = DiagnosticCodes.parse("""
            | code | meaning |
            |---|---|
            | `json-syntax`, `json-duplicate-key` | the same for `.json` files |
            | `unknown-kind` (warning, `run` only) | a reload of a kind no widget has |
            | `unknown-key` | `additionalProperties` | `property 'x' is not allowed` |
            | (exit 2, no code) | a pipe |
            """)
        #expect(meanings["json-syntax"] == ["the same for `.json` files"])
        #expect(meanings["json-duplicate-key"] == ["the same for `.json` files"])
        #expect(meanings["unknown-kind"] == ["a reload of a kind no widget has"])
        #expect(meanings["run"] == nil)
        #expect(meanings["unknown-key"] == ["`additionalProperties` — `property 'x' is not allowed`"])
        #expect(meanings.count == 4)
        // The embedded document: every code of the project's fixtures has words.
        #expect(DiagnosticCodes.meanings["param-range"] != nil)
        #expect(DiagnosticCodes.meanings["yaml-syntax"] != nil)
    }
}

/// End ranges in the annotation formats: given where the value ends on its line, left out elsewhere.
@Suite struct DiagnosticEndTests {
    @Test func endsWhereTheValueEndsAndNowhereElse() throws {
        let dir = try temporaryDirectory().path
        try """
            kind: fixture.ranges
            displayName: Ranges
            description: x
            families: [systemSmall, systemHuge]
            content: { title: "{{param.nope}}" }
            timeline: { hourly: true }
            unknownKey: 1

            """.write(toFile: dir + "/w.yaml", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["validate", "--format", "github", dir + "/w.yaml"])
        #expect(status == .inputErrors)
        let lines = console.stdout.split(separator: "\n").map(String.init)
        // The unknown family is `systemHuge`: columns 25 to 34.
        #expect(lines.contains { $0.contains("line=4,col=25,endLine=4,endColumn=34,") }, "\(lines)")
        // A template inside a string and a key: no end.
        let template = try #require(lines.first { $0.contains("line=5,") }, "\(lines)")
        #expect(!template.contains("endColumn"), "\(template)")
        let key = try #require(lines.first { $0.contains("line=7,") }, "\(lines)")
        #expect(!key.contains("endColumn"), "\(key)")

        let (_, sarif) = runCLI(["validate", "--format", "sarif", dir + "/w.yaml"])
        let log = try JSONReader.parse(sarif.stdout).json
        let results = try #require(log["runs"]?.array?.first?["results"]?.array)
        let regions = results.compactMap { $0["locations"]?.array?.first?["physicalLocation"]?["region"] }
        #expect(regions.contains(["startLine": 4, "startColumn": 25, "endLine": 4, "endColumn": 35]), "\(regions)")
        #expect(regions.filter { $0["endColumn"] != nil }.count == 1, "\(regions)")
    }
}
