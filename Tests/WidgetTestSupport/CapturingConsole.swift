import WidgetCLI

/// A console that keeps what was written, for in-process tests.
package final class CapturingConsole: Console {
    package private(set) var stdout = ""
    package private(set) var stderr = ""
    package init() {}
    package func out(_ text: String) { stdout += text }
    package func outBytes(_ bytes: [UInt8]) { stdout += String(decoding: bytes, as: UTF8.self) }
    package func err(_ text: String) { stderr += text }
    package var colorDiagnostics: Bool { false }
    /// Set to make the console fail as a full disk would.
    package var outputFailure: String?
}

/// `widgetc ARGS` run in this process (`WidgetCLI.main`) with a capturing console: the CLI tests'
/// one in-process runner (`runWidgetc` runs the built executable instead).
package func runCLI(_ args: [String]) -> (ExitCode, CapturingConsole) {
    let console = CapturingConsole()
    let status = WidgetCLI.main(args, console: console)
    return (status, console)
}
