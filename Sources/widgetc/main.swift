import WidgetCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let console = StandardConsole()
let status = WidgetCLI.main(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status.rawValue)
