import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// `widgetc init`: a starter project that is valid as written, runs its scenario, prints the
/// next commands (which work), and never overwrites or half-writes.
@Suite struct InitTests {
    static let files = ["app.yaml", "today.yaml", "container/today.json", "scenarios/day.yaml", "Localizable.xcstrings"]

    static func contents(_ dir: String) -> [String: String] {
        var found: [String: String] = [:]
        for file in files { found[file] = try? String(contentsOfFile: dir + "/" + file, encoding: .utf8) }
        return found
    }

    @Test func theStarterProjectValidatesRunsAndPrintsTheNextCommands() throws {
        let dir = try temporaryDirectory().path + "/Tasks Widgets"
        let (status, console) = runCLI(["init", dir, "--app", "com.acme.tasks"])
        #expect(status == .success, "\(console.stderr)")
        #expect(Self.contents(dir).values.count == Self.files.count)

        // Every line of the YAML says what it does.
        for file in Self.files where file.hasSuffix(".yaml") {
            let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
                #expect(line.contains("#"), "\(file): uncommented line '\(line)'")
            }
        }
        let manifest = try String(contentsOfFile: dir + "/app.yaml", encoding: .utf8)
        #expect(manifest.contains("app: com.acme.tasks ") && manifest.contains("appGroup: group.com.acme.tasks "))

        // Valid, without a warning, as a project of its own.
        let (validated, check) = runCLI(["validate", dir])
        #expect(validated == .success)
        #expect(check.stderr == "3 files, 0 errors, 0 warnings\n", "\(check.stdout)\(check.stderr)")

        // The catalog already holds every string: `strings` changes nothing.
        let catalog = try String(contentsOfFile: dir + "/Localizable.xcstrings", encoding: .utf8)
        let (stringsStatus, strings) = runCLI(["strings", dir + "/today.yaml", dir + "/app.yaml", "--catalog", dir + "/Localizable.xcstrings"])
        #expect(stringsStatus == .success, "\(strings.stderr)")
        #expect(try String(contentsOfFile: dir + "/Localizable.xcstrings", encoding: .utf8) == catalog)

        // The three commands printed, run as printed (the preview written into the scratch directory).
        let lines = console.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let commands = lines.filter { $0.hasPrefix("widgetc ") }
        #expect(commands.map { $0.split(separator: " ")[1] } == ["validate", "run", "preview"], "\(console.stdout)")
        // The directory's name has a space: the printed paths are quoted for a shell.
        #expect(commands[0] == "widgetc validate '\(dir)/'")
        for command in commands {
            var args = try Self.shellWords(String(command.dropFirst("widgetc ".count)))
            if args[0] == "preview" { args[args.count - 1] = dir + "/today.html" }
            let (ran, output) = runCLI(args)
            #expect(ran == .success, "\(command): \(output.stderr)")
            if args[0] == "run" {
                // The scenario's write at 13:30 and its reload: three steps done from then on.
                #expect(output.stdout.contains("2026-12-07T13:30:00+00:00  reload "), "\(output.stdout)")
                #expect(output.stdout.contains("greeting=\"Good afternoon\" focus=\"Write the first widget\" done=3 total=4"), "\(output.stdout)")
                #expect(output.stdout.contains("greeting=\"Good morning\" focus=\"Write the first widget\" done=1 total=4"))
            }
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/today.html"))
    }

    /// The words of a printed command line, as a POSIX shell splits them (single quotes only).
    static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = [], word = "", quoted = false, inWord = false
        for c in line {
            if c == "'" { quoted.toggle(); inWord = true } else if c == " ", !quoted {
                if inWord { words.append(word) }
                word = ""; inWord = false
            } else { word.append(c); inWord = true }
        }
        if quoted { throw TestFailure("unbalanced quote in \(line)") }
        if inWord { words.append(word) }
        return words
    }

    /// In the current directory (a subprocess: a test never changes the process's directory).
    @Test func theDefaultAppIdAndTheCurrentDirectory() throws {
        let dir = try temporaryDirectory().path
        let result = try runWidgetc(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: dir + "/today.yaml", encoding: .utf8).contains("kind: com.example.myapp.today "))
        #expect(result.stdout.contains("widgetc validate .\n"))
        #expect(result.stdout.contains("widgetc run today.yaml --scenario scenarios/day.yaml "))
        #expect(result.stderr.hasPrefix("wrote 5 files to the current directory: app.yaml, today.yaml, "))
    }

    @Test func anExistingFileIsNeverOverwrittenAndNothingIsWritten() throws {
        let dir = try temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try "# mine\n".write(toFile: dir + "/scenarios/day.yaml", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["init", dir])
        #expect(status == .usage)
        #expect(console.stderr == "error: '\(dir)/scenarios/day.yaml' already exists; nothing was written (init never overwrites: choose another directory or move them away)\n")
        #expect(try String(contentsOfFile: dir + "/scenarios/day.yaml", encoding: .utf8) == "# mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["scenarios"])

        // A second init over a whole project names every file and changes none.
        let project = try temporaryDirectory().path
        #expect(runCLI(["init", project]).0 == .success)
        try "# edited\n".write(toFile: project + "/today.yaml", atomically: true, encoding: .utf8)
        let before = Self.contents(project)
        let (again, second) = runCLI(["init", project, "--app", "com.other.app"])
        #expect(again == .usage)
        for file in Self.files { #expect(second.stderr.contains("'\(project)/\(file)'"), "\(second.stderr)") }
        #expect(Self.contents(project) == before)
    }

    @Test func aFailedWriteLeavesNothingHalfWritten() throws {
        // `container` is a file: the data sample cannot be written after the manifest and the widget were.
        let dir = try temporaryDirectory().path
        try "not a directory\n".write(toFile: dir + "/container", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["init", dir])
        #expect(status == .usage)
        #expect(console.stderr.contains("cannot create directory '\(dir)/container/'"), "\(console.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["container"])
        #expect(try String(contentsOfFile: dir + "/container", encoding: .utf8) == "not a directory\n")
    }

    @Test func aBadAppIdOrAFileForTheDirectoryIsRefused() throws {
        let dir = try temporaryDirectory().path
        for bad in ["myapp", "com..example", "com.example.my_app", "com.exämple.app"] {
            let (status, console) = runCLI(["init", dir, "--app", bad])
            #expect(status == .usage)
            #expect(console.stderr.hasPrefix("error: --app '\(bad)' is not a bundle identifier"), "\(console.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        try "x\n".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["init", dir + "/file"])
        #expect(status == .usage)
        #expect(console.stderr == "error: '\(dir)/file' is a file; give a directory for the project\n")
        #expect(runCLI(["init", dir + "/a", dir + "/b"]).0 == .usage)
    }
}
