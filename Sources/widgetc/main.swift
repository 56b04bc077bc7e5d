import WidgetCLI

#if canImport(Glibc)
import Glibc
#endif

let console = StandardConsole()
let status = WidgetCLI.main(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status.rawValue)
