import WidgetSupport
import WidgetTime

/// Data sources: each `file` is a relative path that stays inside the app
/// group container. Code: `data-path`. (Symbolic links are checked when the
/// container is read, since the container may not exist at validation time.)
/// A widget's decoded data sources (each `file` read in place).
func checkDataSources(_ sources: [WidgetDefinition.DataSource], _ context: inout CheckContext) {
    // Each source read in place (`sources[i]`), not bound to a local: the binding copied the
    // source, retaining each of its nodes (see `RequestRate.reloadInterval` for the figure).
    for i in sources.indices {
        // Its parts passed, not the source: an element passed whole was copied (~10 retains a source).
        checkSourceDates(name: sources[i].name, zone: sources[i].zone, dates: sources[i].dates, &context)
        // A file's retry, parsed once for lowering (its form is the schema's to report).
        if let retry = sources[i].retry, let text = retry.string, let seconds = try? DurationParser.parse(text) {
            if seconds < 60 {
                context.error(.dataRetry, "data source '\(sources[i].name)': retry \(text) is under 1m; WidgetKit spaces reloads by minutes and each one spends the budget", at: retry, ["data", sources[i].name, "retry"])
            }
            context.record(.seconds(seconds), for: retry)
        }
        guard let file = sources[i].file, let path = file.node.stringBytes, let problem = containerPathProblem(path) else { continue }
        context.error(.dataPath, "data source '\(sources[i].name)': \(problem)", at: file.node, ["data", sources[i].name, "file"])
    }
}

/// A source's `dates` (docs/data-sources.md): each key a JSON Pointer, each value a format word or an
/// LDML pattern that can match a date (its problem at its column); `zone` a known zone. Code: `data-dates`.
private func checkSourceDates(name: String, zone: Text?, dates: SourceNode?, _ context: inout CheckContext) {
    if let zone, !Scalars.isKnownZone(zone.value) {
        context.error(
            .unknownTimeZone, "data source '\(name)': unknown time zone '\(zone.value)'; use an IANA name such as Europe/Berlin",
            at: zone.node, ["data", name, "zone"])
    }
    guard let dates, dates.isMapping else { return }
    for i in 0..<dates.count {
        let pointer = dates.key(i)
        let path = ["data", name, "dates", pointer]
        if JSONPointer.tokens(pointer) == nil {
            context.error(
                .dataDates, "data source '\(name)': dates key '\(pointer)' is not a JSON Pointer; write one such as /results/*/date",
                at: dates.document.keyLocation(dates.index, i), path)
        }
        let value = dates.child(i)
        guard let text = value.string else { continue }
        do throws(TimeParseError) {
            _ = try DataDateFormat.parse(text)
        } catch {
            let words = DataDateFormat.words.joined(separator: ", ")
            context.error(
                .dataDates, "data source '\(name)': \(error.message) (a format is one of \(words), or an LDML pattern such as dd.MM.yyyy)",
                at: context.location(inside: value, offset: error.offset), path)
        }
    }
}

/// `containerPathProblem` of a path read in place, as its UTF-8 bytes: an ASCII
/// path is judged from them; any other is built as a string.
func containerPathProblem(_ path: UnsafeBufferPointer<UInt8>) -> String? {
    if path.isEmpty { return "the file path is empty" }
    if path.isASCII { return asciiPathProblem(path) }
    return containerPathProblem(String(decoding: path, as: UTF8.self))
}

/// Why `path` would leave the container, or nil if it stays inside.
func containerPathProblem(_ path: String) -> String? {
    if path.isEmpty { return "the file path is empty" }
    if let verdict = asciiPathVerdict(path) { return verdict.problem }
    if path.hasPrefix("/") || path.hasPrefix("~") {
        return "'\(path)' is absolute; data paths are relative to the app group container"
    }
    // Any '..' is refused (as the runtime's container does), even one that
    // would come back inside: a path means what it says.
    var components = 0
    for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
        if component == ".." { return "'\(path)' uses '..'; data paths stay inside the app group container" }
        components += 1
    }
    return components == 0 ? "'\(path)' names the container itself, not a file" : nil
}

/// The same verdict as `containerPathProblem` for an ASCII path, from its bytes
/// (ASCII has no characters of several scalars around `/` and `.`, so bytes
/// split as characters do); nil for any other path.
private func asciiPathVerdict(_ path: String) -> PathVerdict? {
    let verdict = path.utf8.withContiguousStorageIfAvailable { bytes -> PathVerdict? in
        guard bytes.isASCII, !bytes.isEmpty else { return nil }
        return PathVerdict(problem: asciiPathProblem(bytes))
    }
    return verdict ?? nil
}

/// Why the non-empty ASCII path `bytes` would leave the container, or nil if it
/// stays inside; the path is built as a string only for the message.
private func asciiPathProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var path: String { String(decoding: bytes, as: UTF8.self) }
    guard let first = bytes.first else { return nil }
    if first == UInt8(ascii: "/") || first == UInt8(ascii: "~") {
        return "'\(path)' is absolute; data paths are relative to the app group container"
    }
    var components = 0
    var start = 0
    for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
        let length = end - start
        let isDot = length == 1 && bytes[start] == UInt8(ascii: ".")
        if length == 2, bytes[start] == UInt8(ascii: "."), bytes[start + 1] == UInt8(ascii: ".") {
            return "'\(path)' uses '..'; data paths stay inside the app group container"
        }
        if length > 0, !isDot { components += 1 }
        start = end + 1
    }
    return components == 0 ? "'\(path)' names the container itself, not a file" : nil
}

private struct PathVerdict {
    let problem: String?
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let dataDates = DiagnosticCode("data-dates")
    package static let dataPath = DiagnosticCode("data-path")
    package static let dataRetry = DiagnosticCode("data-retry")
}
