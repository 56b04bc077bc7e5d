import WidgetTime

/// The command line of `cron-rate`.
struct Options {
    var zone = "America/New_York"
    var from = "2026-01-01T00:00:00Z"
    var until = "2046-01-01T00:00:00Z"
    /// Timed passes repeat over [from, until) until both minimums are reached.
    var minInstants = 2_000_000
    var minSeconds = 0.3
    /// How many of the first instants to write per expression, and where.
    var dump = 0
    var dumpDirectory = "."
    var expressions: [String] = []

    static let usage = """
        usage: cron-rate [--zone Z] [--from INSTANT] [--until INSTANT] [--min-instants N]
                         [--min-seconds S] [--dump N --dump-dir DIR] EXPRESSION...
        Generates the fire times of each cron expression in [from, until) on the zone's local
        clock with WidgetTime's CronExpression, repeating the whole window until at least N
        instants and S CPU seconds; prints one JSON line per expression with fire times per
        CPU second. --dump writes the first N instants (epoch seconds) to DIR/swift-K.txt.
        """

    /// Parses `arguments` (without the program name); a failure carries the message to print.
    static func parse(_ arguments: [String]) -> Result<Options, OptionError> {
        var o = Options()
        var rest = arguments[...]
        func value(_ flag: String) throws(OptionError) -> String {
            guard let v = rest.popFirst() else { throw OptionError("\(flag) needs a value") }
            return v
        }
        do throws(OptionError) {
            while let arg = rest.popFirst() {
                switch arg {
                case "--zone": o.zone = try value(arg)
                case "--from": o.from = try value(arg)
                case "--until": o.until = try value(arg)
                case "--min-instants":
                    guard let n = Int(try value(arg)), n > 0 else { throw OptionError("--min-instants needs a positive integer") }
                    o.minInstants = n
                case "--min-seconds":
                    guard let s = Double(try value(arg)), s >= 0 else { throw OptionError("--min-seconds needs a number") }
                    o.minSeconds = s
                case "--dump":
                    guard let n = Int(try value(arg)), n >= 0 else { throw OptionError("--dump needs a count") }
                    o.dump = n
                case "--dump-dir": o.dumpDirectory = try value(arg)
                case "-h", "--help": throw OptionError(usage)
                default:
                    if arg.hasPrefix("--") { throw OptionError("unknown option \(arg)\n\(usage)") }
                    o.expressions.append(arg)
                }
            }
            if o.expressions.isEmpty { throw OptionError("no cron expression given\n\(usage)") }
            return .success(o)
        } catch {
            return .failure(error)
        }
    }
}

struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
