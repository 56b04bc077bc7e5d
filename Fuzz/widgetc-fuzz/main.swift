// widgetc-fuzz: every libFuzzer target of widgetc in one executable (built only with
// WIDGETC_FUZZ=1; see bench/README.md "Fuzzing").
//
//     widgetc-fuzz TARGET [libFuzzer flags] [CORPUS_DIR...]
//     widgetc-fuzz list
//     widgetc-fuzz regex-eval < CASES     (bench/regex-differential)
//
// The target name is taken off the arguments and kept in WIDGETC_FUZZ_TARGET, so the
// processes libFuzzer starts itself (-fork, -merge, -jobs) run the same target.
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var arguments = CommandLine.arguments
var name = getenv("WIDGETC_FUZZ_TARGET").map { String(cString: $0) }
if arguments.count > 1, FuzzTargets.named(arguments[1]) != nil || ["list", "regex-eval"].contains(arguments[1]) {
    name = arguments.remove(at: 1)
}
if name == "regex-eval" {
    // bench/regex-differential: one JSON array ["PATTERN", "SUBJECT"] per line in, one answer per
    // line out: 1 (matches somewhere), 0 (no match), E (refused: syntax), X (pattern too expensive).
    unsetenv("WIDGETC_FUZZ_TARGET")
    while let line = readLine() {
        print(FuzzTargets.regexEval(line))
    }
    exit(0)
}
if name == "list" {
    for target in FuzzTargets.all { print("\(target.name)\t\(target.maxInput)\t\(target.summary)") }
    exit(0)
}
guard let name, let target = FuzzTargets.named(name) else {
    let known = FuzzTargets.all.map(\.name).joined(separator: " ")
    printError("usage: widgetc-fuzz TARGET [libFuzzer flags] [CORPUS...]\ntargets: \(known)\n")
    exit(2)
}
setenv("WIDGETC_FUZZ_TARGET", name, 1)
FuzzTargets.selected = target
target.setUp()

var argc = Int32(arguments.count)
let cStrings = arguments.map { strdup($0) }
let argvBuffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: cStrings.count + 1)
for (i, s) in cStrings.enumerated() { argvBuffer[i] = s }
argvBuffer[cStrings.count] = nil
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argvBuffer
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    FuzzTargets.selected?.run(bytes)
    return 0
}
exit(status)
