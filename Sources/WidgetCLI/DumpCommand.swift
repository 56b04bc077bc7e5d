import WidgetCompiler
import WidgetDiagnostics
import WidgetSupport

/// `widgetc dump FILE`: each document as JSON, one per line, after YAML 1.2
/// core resolution, anchors, aliases and merge keys.
enum DumpCommand {
    static let command = Command(
        name: "dump",
        usage: "widgetc dump FILE",
        abstract: "Print each YAML document of a file as JSON, one per line.",
        discussion: "Shows what widgetc read: YAML 1.2 core resolution, anchors, aliases and merge keys applied.",
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options: [OptionSpec] = []
        let path: String

        init(_ args: ParsedArguments) throws(UsageError) {
            guard args.positional.count == 1, let path = args.positional.first else {
                throw UsageError(message: "'dump' takes exactly one FILE; usage: widgetc dump FILE")
            }
            self.path = path
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let path = options.path
        let bytes: [UInt8]
        do {
            bytes = try SourceFiles.read(path)
        } catch {
            throw UsageError(message: error.description)
        }
        let (documents, loadError) = SourceFiles.documents(of: bytes, path: path)
        for document in documents {
            var w = JSONWriter()
            w.write(document.json)
            w.raw("\n")
            console.outBytes(w.bytes)
        }
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache(path: path, bytes: bytes))
        // JSON has no NaN or infinity: said where each was written, not silently null.
        for document in documents {
            let tables = document.document
            for n in tables.nodeNumbers where tables.kind(n) == .double {
                guard let d = tables.double(n), !d.isFinite else { continue }
                let written = tables.sourceText(n) ?? (d.isNaN ? ".nan" : ".inf")
                let warning = Diagnostic(
                    .warning, code: .dumpNotFinite, message: "\(written) has no JSON form; printed as null", file: path,
                    location: tables.location(n))
                console.err(renderer.text(warning))
            }
        }
        if let loadError {
            console.err(renderer.text(loadError.diagnostic(file: path)))
            return .inputErrors
        }
        return .success
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let dumpNotFinite = DiagnosticCode("dump-not-finite", .warning)
}
