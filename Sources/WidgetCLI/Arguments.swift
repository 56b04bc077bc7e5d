import WidgetSupport

/// A command's declared options, and argv parsed against them.
///
/// Hand-written (no package can be fetched): options are declared as data with
/// their help text, so `--help` and parsing come from the same table.
struct OptionSpec: Sendable {
    let name: String          // without dashes, e.g. "format"
    let valueName: String?    // nil for a flag
    let help: String
    let repeatable: Bool

    init(_ name: String, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
    }
}

/// A command-line mistake: exit status 2 with one line saying what to do.
package struct UsageError: Error, Sendable {
    package let message: String
}

struct ParsedArguments: Sendable {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// Parses `args` (after the command name). `--name value`, `--name=value`,
    /// and `--` ending options are understood; anything unknown is an error.
    static func parse(_ args: [String], options: [OptionSpec], command: String) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositional || !arg.hasPrefix("-") || arg == "-" {
                parsed.positional.append(arg)
                continue
            }
            if arg == "--" { onlyPositional = true; continue }
            guard arg.hasPrefix("--") else {
                if arg == "-h" { parsed.flags.insert("help"); continue }
                throw UsageError(message: "unknown option '\(arg)' for '\(command)'; see 'widgetc \(command) --help'")
            }
            var name = String(arg.dropFirst(2))
            var inline: String? = nil
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                let suggestion = Suggest.closest(to: name, among: options.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError(message: "unknown option '--\(name)' for '\(command)'\(suggestion); see 'widgetc \(command) --help'")
            }
            if spec.valueName == nil {
                if inline != nil { throw UsageError(message: "option '--\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < args.count else {
                    throw UsageError(message: "option '--\(name)' needs a value (\(spec.valueName!))")
                }
                value = args[i]
                i += 1
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw UsageError(message: "option '--\(name)' is given more than once")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }
}
