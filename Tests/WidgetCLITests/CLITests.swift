import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// The command line in process: exit statuses, streams, formats.
@Suite struct CLITests {

    @Test func validateExamplesSucceeds() throws {
        let (status, console) = runCLI(["validate", TestPaths.root + "/widgets"])
        #expect(status == .success)
        #expect(console.stdout.isEmpty)
        // Every example (other sessions add theirs): the YAML files of widgets/.
        let files = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.root + "/widgets"))?.filter { $0.hasSuffix(".yaml") } ?? []
        #expect(files.count >= 16)
        #expect(console.stderr.hasSuffix("\(files.count) files, 0 errors, 0 warnings\n"))
    }

    @Test func validateTextLooksLikeACompiler() {
        let file = TestPaths.fixtures + "/invalid/param-range.yaml"
        let (status, console) = runCLI(["validate", file])
        #expect(status == .inputErrors)
        let lines = console.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "\(file):5:57: error: parameter 'interval': default 200 is above max 120 [param-range]")
        #expect(lines[1] == "  interval: { type: integer, min: 5, max: 120, default: 200 }")
        #expect(lines[2] == String(repeating: " ", count: 56) + "^")
        #expect(lines[3] == "1 file, 1 error, 0 warnings")
    }

    @Test func validateJSONFollowsTheSpec() throws {
        let file = TestPaths.fixtures + "/invalid/unknown-key.yaml"
        let (status, console) = runCLI(["validate", "--format", "json", file])
        #expect(status == .inputErrors)
        let object = try JSONReader.parse(console.stdout).json
        #expect(object["files"] == 1)
        #expect(object["errors"] == 1)  // not also "missing required property 'timeline'": the misspelling explains it
        #expect(object["warnings"] == 0)
        let unknown = try #require(object["diagnostics"]?.array?.first { $0["code"] == "unknown-key" })
        #expect(unknown == [
            "file": .string(file), "line": 5, "column": 1, "severity": "error", "code": "unknown-key",
            "message": "property 'timline' is not allowed (did you mean 'timeline'?)", "pointer": "/timline",
        ])
    }

    /// A file with no document (empty, or only comments) is a warning at 1:1, in text and JSON; exit 0.
    @Test func emptyFilesAreAWarning() throws {
        let dir = try temporaryDirectory().path
        try "".write(toFile: dir + "/empty.yaml", atomically: true, encoding: .utf8)
        try "# nothing yet\n\n   # still nothing\n".write(toFile: dir + "/comments.yaml", atomically: true, encoding: .utf8)
        for name in ["empty.yaml", "comments.yaml"] {
            let file = dir + "/" + name
            let (status, console) = runCLI(["validate", file])
            #expect(status == .success)
            let lines = console.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("\(file):1:1: warning: ") == true, "\(lines)")
            #expect(lines.first?.hasSuffix("[empty-file]") == true, "\(lines)")
            #expect(lines.last == "1 file, 0 errors, 1 warning")
            let (jsonStatus, json) = runCLI(["validate", "--format", "json", file])
            #expect(jsonStatus == .success)
            let object = try JSONReader.parse(json.stdout).json
            #expect(object["warnings"] == 1)
            let diagnostic = try #require(object["diagnostics"]?.array?.first)
            #expect(diagnostic["code"] == "empty-file")
            #expect(diagnostic["severity"] == "warning")
            #expect(diagnostic["line"] == 1 && diagnostic["column"] == 1)
            #expect(diagnostic["pointer"] == "")
        }
    }

    /// A tab in a line's indentation is named as such, at the tab.
    @Test func tabIndentationIsNamed() throws {
        let dir = try temporaryDirectory().path
        // A tab before a key, and one after spaces in front of a plain value.
        let cases = [("kind: x\ncontent:\n\ttitle: hi\n", 3, 1), ("kind: x\ncontent:\n  title: hi\n  \tbody: b\n", 4, 3)]
        for (i, (text, line, column)) in cases.enumerated() {
            let file = dir + "/tab\(i).yaml"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let (status, console) = runCLI(["validate", file])
            #expect(status == .inputErrors)
            let first = console.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first == "\(file):\(line):\(column): error: tabs cannot indent YAML; use spaces [yaml-syntax]", "\(console.stderr)")
        }
    }

    @Test func commandLineMistakesExitTwoWithOneLine() {
        for args in [["validate", "--colour"], ["frobnicate"], ["validate", "/no/such/path"], ["run"],
                     ["validate", "--format", "xml"], ["run", TestPaths.root + "/widgets/weather.yaml", "--for", "soon"]] {
            let (status, console) = runCLI(args)
            #expect(status == .usage, "\(args)")
            #expect(console.stdout.isEmpty, "\(args)")
            #expect(console.stderr.hasPrefix("error: "), "\(args)")
            #expect(console.stderr.filter { $0 == "\n" }.count == 1, "\(args): \(console.stderr)")
        }
    }

    @Test func badParametersExitTwoWithNothingOnStdout() {
        let tips = TestPaths.root + "/widgets/tutorials.yaml"
        for (param, message) in [
            ("interval=2", "--param interval=2: 2 is below the minimum 5"),
            ("interval=abc", "--param interval=abc: 'interval' is an integer parameter"),
            ("intervl=10", "unknown parameter 'intervl' (did you mean 'interval'?); declared: interval"),
            ("interval", "--param 'interval' is not NAME=VALUE"),
        ] {
            let (status, console) = runCLI(["run", tips, "--from", "2026-11-29T09:00:00Z", "--param", param])
            #expect(status == .usage)
            #expect(console.stdout.isEmpty)
            #expect(console.stderr == "error: \(message)\n")
        }
    }

    @Test func runJSONIsTheSpecsRunObject() throws {
        let (status, console) = runCLI([
            "run", TestPaths.root + "/widgets/tutorials.yaml", "--from", "2026-11-29T09:00:00-05:00", "--for", "10m",
            "--tz", "America/New_York", "--format", "json", "--param", "interval=300",
        ])
        #expect(status == .success)
        let object = try JSONReader.parse(console.stdout).json
        #expect(object.object?.keys == ["kind", "file", "family", "context", "timeZone", "from", "until", "parameters", "reloads", "budget", "warnings"])
        #expect(object["from"] == "2026-11-29T09:00:00-05:00")
        #expect(object["parameters"] == ["interval": 300])
        let reload = try #require(object["reloads"]?.array?.first)
        #expect(reload.object?.keys == ["at", "reason", "counted", "deferredFrom", "entries", "policy"])
        #expect(reload["reason"] == "initial")
        #expect(reload["deferredFrom"] == .null)
        #expect(reload["entries"]?.array?.count == 20)
        #expect(reload["entries"]?.array?[1]["date"] == "2026-11-29T09:05:00-05:00")
        #expect(object["budget"] == ["limit": 70, "used": 1])
    }

    @Test func severalWidgetsGiveAnArrayOrOneLineEach() throws {
        let args = ["run", TestPaths.root + "/widgets/weather.yaml", TestPaths.root + "/widgets/news.yaml", "--from", "2026-11-29T09:00:00Z", "--for", "2h"]
        let (_, json) = runCLI(args + ["--format", "json"])
        #expect(try JSONReader.parse(json.stdout).json.array?.count == 2)
        let (_, ndjson) = runCLI(args + ["--format", "ndjson"])
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(try lines.map { try JSONReader.parse(String($0)).json["kind"] } == ["com.example.weather.now", "com.example.news.headlines"])
    }

    @Test func outIsWrittenAtomically() throws {
        let dir = try temporaryDirectory().path
        let out = dir + "/run.json"
        let (status, console) = runCLI(["run", TestPaths.root + "/widgets/weather.yaml", "--from", "2026-11-29T09:00:00Z", "--format", "json", "--out", out])
        #expect(status == .success)
        #expect(console.stdout.isEmpty)
        #expect(try JSONReader.parse(String(contentsOfFile: out, encoding: .utf8)).json["kind"] == "com.example.weather.now")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["run.json"])
        // A failing run leaves no file behind.
        let (bad, _) = runCLI(["run", TestPaths.root + "/widgets/weather.yaml", "--param", "nope=1", "--out", dir + "/other.json"])
        #expect(bad == .usage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["run.json"])
    }

    @Test func invalidDefinitionsDoNotRun() {
        let (status, console) = runCLI(["run", TestPaths.fixtures + "/invalid/param-range.yaml", "--from", "2026-11-29T09:00:00Z"])
        #expect(status == .inputErrors)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr.contains("[param-range]"))
    }

    @Test func dumpPrintsResolvedDocuments() throws {
        let dir = try temporaryDirectory().path
        let file = dir + "/x.yaml"
        try "base: &b { on: yes, n: 0o17 }\nmerged: { <<: *b, n: 1 }\n---\n- 10:30\n- ~\n".write(toFile: file, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["dump", file])
        #expect(status == .success)
        #expect(console.stdout == #"{"base":{"on":"yes","n":15},"merged":{"on":"yes","n":1}}"# + "\n" + #"["10:30",null]"# + "\n")
    }

    /// Issue 19: `.nan` and `.inf` became null in `dump` without a word.
    @Test func dumpSaysWhereANonFiniteNumberBecameNull() throws {
        let dir = NSTemporaryDirectory() + "widgetc-dump-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/x.yaml"
        try "a: .nan\nb: [1, -.Inf]\n".write(toFile: file, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["dump", file])
        #expect(status == .success)
        #expect(console.stdout == #"{"a":null,"b":[1,null]}"# + "\n")
        #expect(console.stderr.contains("\(file):1:4: warning: .nan has no JSON form; printed as null [dump-not-finite]"))
        #expect(console.stderr.contains("\(file):2:8: warning: -.Inf has no JSON form; printed as null [dump-not-finite]"))
    }

    /// Issue 19: a value such as `"\e[31mZone"` or an OSC title reached the terminal raw in the
    /// source excerpt and in the quoted value of the message.
    @Test func controlCharactersFromAFileAreShownEscaped() throws {
        let dir = NSTemporaryDirectory() + "widgetc-escape-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A quoted value: YAML escapes make the value hold ESC, BEL and a C1 CSI.
        let quoted = dir + "/quoted.yaml"
        try #"kind: x\#ntimeZone: "\e[31mZone\e]0;title\a\u009B"\#n"#.write(toFile: quoted, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["validate", quoted])
        #expect(status == .inputErrors)
        #expect(!console.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(console.stderr.contains(#"unknown time zone '\e[31mZone\e]0;title\u{7}\u{9B}'"#))
        // A raw ESC in the file: the excerpt shows it escaped, the caret under it.
        let raw = dir + "/raw.yaml"
        try "kind: x\ntimeZone: \"\u{1B}[31mZone\"\n".write(toFile: raw, atomically: true, encoding: .utf8)
        let (rawStatus, rawConsole) = runCLI(["validate", raw])
        #expect(rawStatus == .inputErrors)
        let lines = rawConsole.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(3) == [
            "\(raw):2:12: error: control characters are not allowed (U+001B) [yaml-syntax]",
            #"timeZone: "\e[31mZone""#,
            "           ^",
        ])
    }

    /// Issue 19: `help bogus` printed the overview with exit 0.
    @Test func helpForAnUnknownCommandIsAUsageError() {
        let (status, console) = runCLI(["help", "valdate"])
        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr == "error: no help for unknown command 'valdate' (did you mean 'validate'?); see 'widgetc help'\n")
    }

    /// Issue 19: `run`, `dump` and `validate --format json` said exit 0 over output that
    /// never reached a full disk.
    @Test(arguments: [
        ["run", TestPaths.widgets + "/character.yaml", "--from", "2026-11-29T08:00:00-05:00", "--for", "2h"],
        ["dump", TestPaths.widgets + "/character.yaml"],
        ["validate", "--format", "json", TestPaths.widgets + "/character.yaml"],
    ])
    func aFailedWriteToStdoutIsExitTwo(arguments: [String]) throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let console = StandardConsole(outputFD: full)
        let status = WidgetCLI.main(arguments, console: console)
        #expect(status == .usage)
        #expect(console.outputFailure == "No space left on device")
    }

    @Test func helpAndVersion() {
        let (status, console) = runCLI(["validate", "--help"])
        #expect(status == .success)
        #expect(console.stdout.contains("USAGE: widgetc validate"))
        #expect(console.stdout.contains("--schema FILE"))
        let (v, version) = runCLI(["--version"])
        #expect(v == .success)
        #expect(version.stdout == "widgetc \(WidgetCLI.version)\n")
    }
}

@Suite struct SessionsCLITests {
    @Test func listsSessionsWithEarlyCloses() {
        let (status, console) = runCLI(["sessions", "XNYS", "--from", "2026-11-25", "--until", "2026-11-30"])
        #expect(status == .success)
        #expect(console.stdout == """
            XNYS (America/New_York): 3 sessions
            2026-11-25 Wed 09:30-16:00
            2026-11-27 Fri 09:30-13:00 early close
            2026-11-30 Mon 09:30-16:00

            """)
    }

    @Test func unknownExchangeListsTheKnownOnes() {
        let (status, console) = runCLI(["sessions", "XNYZ"])
        #expect(status == .usage)
        #expect(console.stderr == "error: unknown exchange 'XNYZ'; did you mean 'XNYS'? (known exchanges: XLON London Stock Exchange, XNAS Nasdaq Stock Market, XNYS New York Stock Exchange, XTKS Tokyo Stock Exchange)\n")
    }
}

@Suite struct LongLineTests {
    @Test func aMinifiedFileShowsAWindowAroundTheColumn() throws {
        let dir = try temporaryDirectory().path
        let data = "[" + (0..<300).map { #"{"id": \#($0)}"# }.joined(separator: ",") + #","oops"]"#
        try data.write(toFile: dir + "/data.json", atomically: true, encoding: .utf8)
        try #"{"type": "array", "items": {"type": "object"}}"#.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["validate", "--schema", dir + "/s.json", dir + "/data.json"])
        #expect(status == .inputErrors)
        let lines = console.stderr.split(separator: "\n").map(String.init)
        #expect(lines[0] == "\(dir)/data.json:1:\(data.count - 6): error: expected object, got string 'oops' [type-mismatch]")
        #expect(lines[1].hasPrefix("…") && lines[1].hasSuffix(#","oops"]"#))
        #expect(lines[1].unicodeScalars.count <= 161)
        // The caret sits under the opening quote of "oops".
        let caret = lines[2].unicodeScalars.count - 1
        #expect(Array(lines[1].unicodeScalars)[caret] == "\"")
    }
}

/// A duplicate key does not hide the document's other findings, and stops its plan.
@Suite struct DuplicateKeyFindingsTests {
    static let text = """
        kind: com.example.dup
        displayName: A
        displayName: B
        description: x
        families: [systemHuge]
        timeline: { hourly: true }
        content: { a: "{{param.x}}" }

        """

    @Test func validateReportsTheDuplicateAndTheRest() throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("dup.yaml").path
        try Self.text.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["validate", "--format", "json", file])
        #expect(status == .inputErrors)
        let object = try JSONReader.parse(console.stdout).json
        let codes = object["diagnostics"]?.array?.compactMap { $0["code"]?.string } ?? []
        #expect(codes == ["yaml-duplicate-key", "not-allowed-value", "unknown-variable"])
        let (compileStatus, _) = runCLI(["compile", file, "--out", directory.appendingPathComponent("out").path])
        #expect(compileStatus == .inputErrors)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/com.example.dup.plan.json").path))
    }
}
