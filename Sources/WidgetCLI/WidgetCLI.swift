import WidgetCompiler
import WidgetSupport

/// Exit statuses (spec cli.md): 0 success, 1 the input has errors, 2 the
/// command line or the environment is wrong.
package enum ExitCode: Int32, Sendable {
    case success = 0
    case inputErrors = 1
    case usage = 2
}

/// A subcommand: its name, one-line abstract, options with help, and body (which sees only its
/// typed `CommandOptions`).
struct Command: Sendable {
    let name: String
    let usage: String
    let abstract: String
    let discussion: String
    let options: [OptionSpec]
    let run: @Sendable (ParsedArguments, Console) throws(UsageError) -> ExitCode

    private init(
        name: String, usage: String, abstract: String, discussion: String, options: [OptionSpec],
        run: @escaping @Sendable (ParsedArguments, Console) throws(UsageError) -> ExitCode
    ) {
        self.name = name
        self.usage = usage
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.run = run
    }

    /// A command whose body sees only its typed options, read once before it runs.
    init<Options: CommandOptions>(
        name: String, usage: String, abstract: String, discussion: String, options: Options.Type,
        run: @escaping @Sendable (Options, Console) throws(UsageError) -> ExitCode
    ) {
        self.init(name: name, usage: usage, abstract: abstract, discussion: discussion, options: Options.options) {
            args, console throws(UsageError) in try run(Options(args), console)
        }
    }
}

/// The `widgetc` command line as a library, so tests run it in process.
package enum WidgetCLI {
    package static let version = "0.1.0"

    static var commands: [Command] { [InitCommand.command, ValidateCommand.command, CompileCommand.command, GenerateCommand.command, RunCommand.command, PreviewCommand.command, FleetCommand.command, FetchCommand.command, PushCommand.command, ActionsCommand.command, StringsCommand.command, SessionsCommand.command, DumpCommand.command, LSPCommand.command] }

    /// Runs `widgetc` with `arguments` (without the program name). Output that could not
    /// be written to stdout (a full disk, `>/dev/full`) is exit 2, said on stderr.
    package static func main(_ arguments: [String], console: Console) -> ExitCode {
        let status = dispatch(arguments, console: console)
        console.flush()
        if let failure = console.outputFailure {
            console.err("error: cannot write to standard output: \(failure); the output is incomplete\n")
            return .usage
        }
        return status
    }

    private static func dispatch(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.err(overview())
            return .usage
        }
        switch first {
        case "--version", "version":
            console.out("widgetc \(version)\n")
            return .success
        case "help", "--help", "-h":
            guard arguments.count > 1 else {
                console.out(overview())
                return .success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                let hint = Suggest.hint(for: arguments[1], among: commands.map(\.name))
                console.err("error: no help for unknown command '\(arguments[1])'\(hint); see 'widgetc help'\n")
                return .usage
            }
            console.out(help(for: command))
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = Suggest.hint(for: first, among: commands.map(\.name))
            console.err("error: unknown command '\(first)'\(hint); see 'widgetc help'\n")
            return .usage
        }
        do {
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), options: command.options + [helpOption], command: command.name)
            if parsed.has("help") {
                console.out(help(for: command))
                return .success
            }
            return try command.run(parsed, console)
        } catch {
            console.err("error: \(error.message)\n")
            return .usage
        }
    }

    static let helpOption = OptionSpec("help", help: "Show this help.")

    static func overview() -> String {
        var s = "OVERVIEW: widgetc compiles declarative home-screen widgets and shows their timelines.\n\n"
        s += "USAGE: widgetc <command> [options]\n\nCOMMANDS:\n"
        for c in commands {
            s += "  " + c.name.padding(12) + c.abstract + "\n"
        }
        s += "\n  help [command]  Show help for a command.\n  --version       Show the version.\n"
        return s
    }

    static func help(for command: Command) -> String {
        var s = "OVERVIEW: \(command.abstract)\n\n"
        if !command.discussion.isEmpty { s += command.discussion + "\n\n" }
        s += "USAGE: \(command.usage)\n\nOPTIONS:\n"
        for option in command.options + [helpOption] {
            let left = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
            s += "  " + left.padding(26) + option.help + "\n"
        }
        return s
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
