import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// Scenario files through the whole pipeline: every problem in one pass (schema and checks),
/// misspelled keys with "did you mean", reloads of kinds the run does not have, and
/// `widgetc validate` on a scenario file.
@Suite struct ScenarioCLITests {
    static let character = TestPaths.widgets + "/character.yaml"

    func scenario(_ text: String) throws -> String {
        let path = try temporaryDirectory().path + "/app.scenario.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The first line of each diagnostic: `file:line:col: severity: message [code]`.
    func headlines(_ stderr: String, _ file: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix(file + ":") }.map { String($0.dropFirst(file.count + 1)) }
    }

    static let manyProblems = """
        - at: 2026-11-29T10:00:00-05:00
          relaod: com.mygame.character-detail
        - at: 2026-11-29T25:00:00-05:00
          reload: all
        - at: 2026-11-29T10:00:00-05:00
          write: { file: dragon.json, valeu: 3 }
        - foreground: { from: 2026-11-29T12:00:00-05:00, until: 2026-11-29T11:00:00-05:00 }
        - at: 2026-11-29T10:00Z
        - reload: all
        - at: 2026-11-29T10:00Z
          reload: all
          write: { file: ../outside.json, value: 1 }
        - foreground: { from: 2026-11-29T10:00Z, until: 2026-11-29T11:00Z }
          at: 2026-11-29T10:00Z

        """

    static let expected = [
        "2:3: error: property 'relaod' is not allowed (did you mean 'reload'?) [unknown-key]",
        "3:18: error: hour 25 is out of range 00-23 in instant '2026-11-29T25:00:00-05:00'; write a date-time with Z or an offset, such as 2026-11-29T09:00:00-05:00 [invalid-instant]",
        "6:31: error: property 'valeu' is not allowed (did you mean 'value'?) [unknown-key]",
        "7:57: error: foreground 'until' '2026-11-29T11:00:00-05:00' must be after 'from' '2026-11-29T12:00:00-05:00': a window is [from, until) [invalid-instant]",
        "8:3: error: an item needs one action: 'write', 'reload', 'respond', 'push', 'tap', 'locale', 'dynamicType' or 'appearance' (each with 'at'), or a 'foreground' or 'offline' window [scenario-action]",
        "9:3: error: 'reload' needs 'at', the instant of the WidgetCenter call (such as at: 2026-11-29T09:00:00-05:00) [missing-key]",
        "10:3: error: an item has one action, and this one has 'write' and 'reload'; split it into one item each (items at the same instant apply in file order) [scenario-action]",
        "12:18: error: scenario write: '../outside.json' uses '..'; data paths stay inside the app group container [data-path]",
        "14:3: error: 'at' is not allowed with 'foreground': a window has 'from' and 'until' [unknown-key]",
    ]

    /// Every problem in one run, schema and checks together, in file order; exit 1, nothing on stdout.
    @Test func runReportsEveryProblemAtOnce() throws {
        let file = try scenario(Self.manyProblems)
        let (status, console) = runCLI(["run", Self.character, "--from", "2026-11-29T08:00:00-05:00", "--for", "3h", "--scenario", file])
        #expect(status == .inputErrors)
        #expect(console.stdout.isEmpty)
        #expect(headlines(console.stderr, file) == Self.expected)
        #expect(console.stderr.hasSuffix("error: the scenario has errors\n"))
    }

    /// `widgetc validate` recognises a scenario (a top-level list) and reports the same.
    @Test func validateChecksAScenarioFile() throws {
        let file = try scenario(Self.manyProblems)
        let (status, console) = runCLI(["validate", file])
        #expect(status == .inputErrors)
        #expect(headlines(console.stderr, file) == Self.expected)
        #expect(console.stderr.hasSuffix("1 file, 9 errors, 0 warnings\n"))
    }

    @Test func validateAcceptsAGoodScenario() throws {
        let file = try scenario("""
            - at: 2026-11-29T10:00:00-05:00
              write: { file: dragon.json, value: { name: Dragon, at: "2026-11-29T13:00:00-05:00" } }
            - at: 2026-11-29T10:00:00-05:00
              reload: com.mygame.character-detail
            - at: 2026-11-29T11:00Z
              reload: { kind: com.mygame.character-detail, where: { character: panda } }
            - foreground: { from: 2026-11-29T12:00:00-05:00, until: 2026-11-29T12:30:00-05:00 }

            """)
        let (status, console) = runCLI(["validate", file])
        #expect(status == .success)
        #expect(console.stderr == "1 file, 0 errors, 0 warnings\n")
    }

    /// A reload of a kind no widget in the run has is a warning, with "did you mean" when one
    /// is close; the run goes on (exit 0).
    @Test func reloadOfAKindNotInTheRunIsAWarning() throws {
        let file = try scenario("""
            - at: 2026-11-29T10:00:00-05:00
              reload: com.mygame.character-detial
            - at: 2026-11-29T10:00:00-05:00
              reload: { kind: com.other.widget }
            - at: 2026-11-29T10:00:00-05:00
              reload: all

            """)
        let (status, console) = runCLI(["run", Self.character, "--from", "2026-11-29T08:00:00-05:00", "--for", "3h", "--scenario", file])
        #expect(status == .success)
        #expect(headlines(console.stderr, file) == [
            "2:11: warning: reload of kind 'com.mygame.character-detial', which no widget in this run has (did you mean 'com.mygame.character-detail'?); the kinds here: com.mygame.character-detail [unknown-kind]",
            "4:19: warning: reload of kind 'com.other.widget', which no widget in this run has; the kinds here: com.mygame.character-detail [unknown-kind]",
        ])
        #expect(console.stdout.contains("2026-11-29T10:00:00-05:00  reload "))
    }

    /// A second document in a scenario file would be ignored: an error at it.
    @Test func aSecondDocumentIsAnError() throws {
        let file = try scenario("- at: 2026-11-29T10:00Z\n  reload: all\n---\n- at: 2026-11-29T11:00Z\n  reload: all\n")
        let (status, console) = runCLI(["run", Self.character, "--from", "2026-11-29T08:00:00-05:00", "--for", "3h", "--scenario", file])
        #expect(status == .inputErrors)
        #expect(headlines(console.stderr, file) == [
            "4:1: error: a scenario file holds one list of app events; this second document would be ignored (join the lists, or remove the '---') [scenario-documents]",
        ])
    }

    /// System changes reload the widget at their instant, uncounted, with the change as the reason
    /// (text and JSON); a WidgetCenter reload made for the change is a positioned warning.
    @Test func systemChangesReloadUncountedAndAReloadForThemIsWarned() throws {
        let file = try scenario("""
            - at: 2026-11-29T09:00:00-05:00
              locale: fr-FR
            - at: 2026-11-29T09:00:20-05:00
              reload: all
            - at: 2026-11-29T09:30:00-05:00
              dynamicType: accessibility2
            - at: 2026-11-29T09:31:00-05:00
              appearance: dark

            """)
        let arguments = ["run", Self.character, "--from", "2026-11-29T08:00:00-05:00", "--for", "3h", "--scenario", file]
        let (status, console) = runCLI(arguments)
        #expect(status == .success)
        #expect(headlines(console.stderr, file) == [
            "4:11: warning: WidgetCenter reload 20 s after the locale change to 'fr-FR': WidgetKit already reloads every widget for that change, not counted; this request is counted against the budget (remove it) [system-reload-request]",
        ])
        let lines = console.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(lines.contains("2026-11-29T09:00:00-05:00  locale   -        policy atEnd"))
        // The app's request waits out the spacing after the system's reload, and is counted.
        #expect(lines.contains { $0.hasPrefix("2026-11-29T09:05:00-05:00  reload   2/70     deferred from 2026-11-29T09:00:20-05:00") })
        #expect(lines.contains { $0.hasPrefix("2026-11-29T09:30:00-05:00  dynamicType -        ") })
        #expect(lines.contains { $0.hasPrefix("2026-11-29T09:31:00-05:00  appearance -        ") })

        let (_, json) = runCLI(arguments + ["--format", "json"])
        let run = try #require(try JSONReader.parse(json.stdout).json.object)
        let reloads = try #require(run["reloads"]?.array).compactMap(\.object)
        let system = reloads.filter { ["locale", "dynamicType", "appearance"].contains($0["reason"]?.string ?? "") }
        #expect(system.map { $0["reason"]?.string } == ["locale", "dynamicType", "appearance"])
        #expect(system.allSatisfy { $0["counted"] == .bool(false) && $0["deferredFrom"] == .null })
        #expect(run["budget"]?.object?["used"] == .int(reloads.count - 3))
    }

    @Test func systemChangeValuesAreChecked() throws {
        let file = try scenario("""
            - at: 2026-11-29T09:00:00-05:00
              dynamicType: huge
            - at: 2026-11-29T09:00:00-05:00
              appearance: sepia
            - locale: fr
            - at: 2026-11-29T09:00:00-05:00
              push: { knd: com.mygame.character-detail }

            """)
        let (status, console) = runCLI(["validate", file])
        #expect(status == .inputErrors)
        let found = headlines(console.stderr, file)
        #expect(found.count == 4, "\(found)")
        #expect(found.first?.hasPrefix("2:16: error: ") == true)
        #expect(found.first?.contains("huge") == true)
        #expect(found.first?.contains("accessibility5") == true)
        #expect(found.contains("5:3: error: 'locale' needs 'at', the instant the setting changes (such as at: 2026-11-29T09:00:00-05:00) [missing-key]"))
    }
}
