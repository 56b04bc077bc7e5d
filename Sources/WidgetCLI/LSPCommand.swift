import WidgetLSP

/// `widgetc lsp`: the editor service (spec editor.md) on standard input and output.
enum LSPCommand {
    static let command = Command(
        name: "lsp",
        usage: "widgetc lsp [--stdio]",
        abstract: "Serve editors over the Language Server Protocol (stdio).",
        discussion: """
            Speaks LSP 3.17 (JSON-RPC 2.0, Content-Length framing) on standard input and output: diagnostics \
            as you type (the checks of 'widgetc validate'), hover, completion, go to definition and the \
            outline. Logs go to standard error. Set-up for VS Code, Neovim and Helix: docs/editors.md.
            """,
        options: Options.self,
        run: { _, console in
            console.flush()
            return LanguageServer.serveStandardStreams() == 0 ? .success : .inputErrors
        }
    )

    struct Options: CommandOptions {
        static let options = [OptionSpec("stdio", help: "Use standard input and output (the default and only transport).")]

        init(_ args: ParsedArguments) throws(UsageError) {
            guard args.positional.isEmpty else {
                throw UsageError(message: "'lsp' takes no PATH ('\(args.positional[0])'); editors send the files over the connection")
            }
        }
    }
}
