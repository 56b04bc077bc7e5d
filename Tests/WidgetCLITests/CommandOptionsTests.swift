import Testing
import WidgetCLI
import WidgetTestSupport

/// Each command's options are read into its typed value before it does anything: a word that is
/// not one of an option's values is exit 2 with one line quoting it and every accepted value.
@Suite struct CommandOptionsTests {
    static let widget = TestPaths.widgets + "/weather.yaml"

    @Test func aWordOutsideAnOptionsValuesIsQuotedWithEveryAcceptedValue() {
        let cases: [([String], String)] = [
            (["validate", "--format", "xml", Self.widget], "unknown --format 'xml' for 'validate'; use 'text', 'json', 'github' or 'sarif'"),
            (["run", Self.widget, "--format", "jsn"], "unknown --format 'jsn' for 'run' (did you mean 'json'?); use 'text', 'json' or 'ndjson'"),
            (["run", Self.widget, "--context", "widget"], "unknown --context 'widget' for 'run'; use 'timeline', 'snapshot' or 'placeholder'"),
            (["run", Self.widget, "--network", "offline"], "unknown --network 'offline' for 'run'; use 'scenario' or 'live'"),
            (["preview", Self.widget, "--out", "/tmp/never.html", "--context", "snapshots"],
             "unknown --context 'snapshots' for 'preview' (did you mean 'snapshot'?); use 'timeline', 'snapshot' or 'placeholder'"),
            (["sessions", "XNYS", "--format", "csv"], "unknown --format 'csv' for 'sessions'; use 'text' or 'json'"),
        ]
        for (args, message) in cases {
            let (status, console) = runCLI(args)
            #expect(status == .usage, "\(args)")
            #expect(console.stdout.isEmpty, "\(args)")
            #expect(console.stderr == "error: \(message)\n", "\(args)")
        }
    }

    /// The options are one value read up front: a mistake in them is reported before any file
    /// is opened (here the file does not exist), whichever option it is in.
    @Test func everyOptionIsCheckedBeforeAnyFileIsRead() {
        let missing = "/no/such/dir/widget.yaml"
        let cases: [([String], String)] = [
            (["run", missing, "--network", "offline"], "unknown --network 'offline'"),
            (["run", missing, "--record", ""], "--record needs a file name"),
            (["fetch", missing, "--param", "city"], "--param 'city' is not NAME=VALUE"),
            (["preview", missing, "--out", "/tmp/never.html", "--device", "watch"], "unknown --device 'watch'"),
            (["validate", missing, "--format", "yaml"], "unknown --format 'yaml'"),
        ]
        for (args, message) in cases {
            let (status, console) = runCLI(args)
            #expect(status == .usage, "\(args)")
            #expect(console.stderr.hasPrefix("error: \(message)"), "\(args): \(console.stderr)")
            #expect(!console.stderr.contains("cannot read"), "\(args): \(console.stderr)")
        }
    }

    /// The help shows an option's values from the same type that parses them.
    @Test func helpListsEachChoiceFromItsType() {
        let expected: [(String, [String])] = [
            ("validate", ["--format text|json|github|sarif"]),
            ("run", ["--format text|json|ndjson", "--context timeline|snapshot|placeholder", "--network scenario|live"]),
            ("preview", ["--context timeline|snapshot|placeholder", "--device iphone-max|iphone|iphone-se|ipad"]),
            ("sessions", ["--format text|json"]),
            ("actions", ["--format plist|json"]),
        ]
        for (command, lines) in expected {
            let (status, help) = runCLI([command, "--help"])
            #expect(status == .success)
            for line in lines { #expect(help.stdout.contains("  \(line) "), "\(command): \(line)") }
        }
    }

    @Test func lspTakesNoPath() {
        let (status, console) = runCLI(["lsp", "widgets/weather.yaml"])
        #expect(status == .usage)
        #expect(console.stderr == "error: 'lsp' takes no PATH ('widgets/weather.yaml'); editors send the files over the connection\n")
    }
}
