#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetTime

/// Prints to stderr and exits with status 2 (a usage or input problem).
func fail(_ message: String) -> Never {
    printError("cron-rate: \(message)\n")
    exit(2)
}

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let o): options = o
case .failure(let e): fail(e.message)
}
guard let zone = ZoneRules.named(options.zone) else { fail("unknown time zone \(options.zone)") }
guard let from = try? InstantParser.parse(options.from).instant,
      let until = try? InstantParser.parse(options.until).instant, from.seconds < until.seconds
else { fail("--from and --until must be instants with from < until") }

for (k, text) in options.expressions.enumerated() {
    let cron: CronExpression
    do { cron = try CronExpression(text) } catch { fail("'\(text)': \(error)") }
    let rate = measure(cron, zone: zone, after: from, before: until, keep: options.dump,
                       minInstants: options.minInstants, minSeconds: options.minSeconds)
    if options.dump > 0 {
        let path = "\(options.dumpDirectory)/swift-\(k).txt"
        guard let file = fopen(path, "w") else { fail("cannot write \(path)") }
        for s in rate.first { fputs("\(s)\n", file) }
        fclose(file)
    }
    print("{\"expr\": \"\(jsonEscaped(text))\", \"zone\": \"\(options.zone)\", \"perPass\": \(rate.perPass), \"passes\": \(rate.passes), \"instants\": \(rate.instants), \"cpuSeconds\": \(rate.seconds), \"perSecond\": \(rate.perSecond), \"checksum\": \(rate.checksum)}")
}

/// `text` inside a JSON string: quotes, backslashes and control characters escaped.
func jsonEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Writes to standard error without C's global `stderr` (not concurrency-safe in Swift 6).
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}
