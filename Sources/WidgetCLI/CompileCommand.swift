#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import WidgetCompiler
import WidgetSupport

/// `widgetc compile PATH ... --out DIR`: validate, then write each widget's plan
/// (`KIND.plan.json`) and each app manifest's (`APP.app.json`) for the runtime an
/// app ships. Nothing is written when any file has errors.
enum CompileCommand {
    static let command = Command(
        name: "compile",
        usage: "widgetc compile [options] --out DIR PATH ...",
        abstract: "Compile widget definitions into plans for the WidgetcRuntime library.",
        discussion: """
            Checks every file as 'widgetc validate' does, then writes one plan per widget (DIR/KIND.plan.json) \
            and one per app manifest (DIR/APP.app.json, listing its widgets' plans and its quick actions). \
            An app manifest's bundle is compiled with it. On errors nothing is written. Plans are deterministic: \
            the same input gives byte-identical files. Format: docs/plan-format.md.
            """,
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [
            OptionSpec("out", value: "DIR", help: "Directory for the plans (created if missing)."),
        ]
        let out: String
        let paths: [String]

        init(_ args: ParsedArguments) throws(UsageError) {
            out = try args.required("out", else: "'compile' needs --out DIR, the directory for the plans, e.g. widgetc compile widgets/ --out build/plans")
            guard !args.positional.isEmpty else {
                throw UsageError(message: "'compile' needs at least one PATH, e.g. widgetc compile widgets/notes-app.yaml --out build/plans")
            }
            paths = args.positional
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let out = options.out
        try CompilePass.checkOutputDirectory(out, holding: "plans")
        let files = try CompilePass.files(in: options.paths)
        let pass = try CompilePass(files: files, console: console)
        guard pass.errors == 0 else { return .inputErrors }
        let outputs = pass.plans
        let directory = out.hasSuffix("/") ? out : out + "/"
        try OutputTarget.refuseInputs(writing: outputs.map { directory + $0.name }, into: out, inputs: pass.inputs)
        try CompilePass.makeDirectory(out)
        let mask = OutputTarget.currentUmask()  // read before any thread creates a file
        // Plans are independent files: encoded and written on every core.
        let failures = Locked<[String]>([])
        let plans = outputs
        DispatchQueue.concurrentPerform(iterations: plans.count) { i in
            do throws(OutputTarget.Failure) {
                // Not fsynced one by one: one fsync a file cost 6 s of 6.8 s on 10,000 plans.
                try OutputTarget.writeFile(JSONWriter.pretty(plans[i].plan.json), to: directory + plans[i].name, durable: false, umask: mask)
            } catch {
                failures.withLock { $0.append(error.message) }
            }
        }
        if let first = failures.withLock({ $0.sorted().first }) { throw UsageError(message: first) }
        console.err("wrote \(outputs.count) plan\(outputs.count == 1 ? "" : "s") to \(out)\n")
        return .success
    }
}
