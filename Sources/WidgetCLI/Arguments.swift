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

    /// An option whose value is one of `Choice`'s cases: the help shows them (`text|json`), and
    /// `ParsedArguments.choice` accepts only them.
    static func choice<Choice: CaseIterable & RawRepresentable<String>>(_ name: String, _: Choice.Type, help: String) -> OptionSpec {
        OptionSpec(name, value: Choice.allCases.map(\.rawValue).joined(separator: "|"), help: help)
    }
}

/// A command's options as one typed value, read from the command line once: the command
/// declares its options (parsing and `--help` come from that table) and turns the strings
/// into the values it uses. A bad value is a usage error quoting it and saying what is accepted.
protocol CommandOptions: SendableMetatype {
    static var options: [OptionSpec] { get }
    init(_ args: ParsedArguments) throws(UsageError)
}

/// A command-line mistake: exit status 2 with one line saying what to do.
package struct UsageError: Error, Sendable {
    package let message: String
}

struct ParsedArguments: Sendable {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The command parsed for, and the options it declares: reading another name is a
    /// programming mistake (a typo would read as "not given"), caught in debug builds.
    var command = ""
    var declared: Set<String> = []

    func value(_ name: String) -> String? {
        assert(declared.contains(name), "--\(name) is not an option of '\(command)'")
        return values[name]?.last
    }
    func all(_ name: String) -> [String] {
        assert(declared.contains(name), "--\(name) is not an option of '\(command)'")
        return values[name] ?? []
    }
    func has(_ name: String) -> Bool {
        assert(declared.contains(name), "--\(name) is not an option of '\(command)'")
        return flags.contains(name) || values[name] != nil
    }

    /// `--NAME` as one of `Choice`'s cases, `defaultValue` when it is not given.
    func choice<Choice: CaseIterable & RawRepresentable<String>>(_ name: String, default defaultValue: Choice) throws(UsageError) -> Choice {
        guard let text = value(name) else { return defaultValue }
        if let chosen = Choice(rawValue: text) { return chosen }
        let names = Choice.allCases.map(\.rawValue)
        throw UsageError(message: "unknown --\(name) '\(text)' for '\(command)'\(Suggest.hint(for: text, among: names)); use \(Self.alternatives(names))")
    }

    /// `--NAME`, which the command cannot do without; `message` says what to give.
    func required(_ name: String, else message: @autoclosure () -> String) throws(UsageError) -> String {
        guard let text = value(name) else { throw UsageError(message: message()) }
        return text
    }

    /// `'a', 'b' or 'c'`: the accepted words, quoted.
    static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// Parses `args` (after the command name). `--name value`, `--name=value`,
    /// and `--` ending options are understood; anything unknown is an error.
    static func parse(_ args: [String], options: [OptionSpec], command: String) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        parsed.command = command
        parsed.declared = Set(options.map(\.name))
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
