// bench/lsp-bench: diagnostics latency of `widgetc lsp` after didChange, and its memory over many edits.
//
//   swift build -c release --product lsp-bench && .build/release/lsp-bench [edits] [memory-edits]
//
// One process, one thread (the server is single-threaded): a 300-line widget with a face and
// intents is opened, then each edit (an incremental didChange that rewrites one parameter's
// default, valid and invalid in turn) is timed from the framed message handed to the server to its
// publishDiagnostics written. Completion: the same widget broken by a half-typed line (the quote
// not closed: the document does not parse), completion requested after `{{param.` in content and
// inside an intent, timed to the answer. Each is timed twice: the wall clock, and the thread's own
// CPU time (what the server itself spent, without the time slices other processes took).
// Memory: the resident set (VmRSS) after every 1,000 of the memory edits.
import Foundation
import WidgetLSP
import WidgetSupport

let arguments = CommandLine.arguments
let edits = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let memoryEdits = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000

/// A 300-line widget: 20 parameters, 50 content fields (one a list), a familyContent, a daily rule, three
/// intents, a view with a toggle in a foreach and a button.
func widget() -> String {
    var lines = [
        "kind: com.example.bench", "displayName: Bench", "description: A 300-line widget for the editor benchmark.",
        "families: [systemSmall, systemMedium, systemLarge]", "timeZone: Europe/Paris", "parameters:",
    ]
    for i in 0..<20 {
        lines += ["  p\(i):", "    type: integer", "    title: Parameter \(i)", "    min: 0", "    max: 100", "    default: 50"]
    }
    lines += ["data:", "  feed: { file: feed.json }", "placeholder: { f0: \"\" }", "content:"]
    for i in 0..<49 { lines.append("  f\(i): \"{{param.p\(i % 20)}} of {{data.feed.title}} at {{entry.time}}\"") }
    lines.append("  items: \"{{data.feed.items}}\"")
    lines += ["familyContent:", "  systemSmall:"]
    for i in 0..<20 { lines.append("    f\(i): \"{{slot.name}} {{param.p\(i)}}\"") }
    lines += ["url: \"bench://open/{{param.p0}}\"", "timeline:", "  daily:"]
    for h in 0..<24 { lines += ["    - name: s\(h)", "      at: \"\(h < 10 ? "0" : "")\(h):00\""] }
    lines += ["  horizon: 24h", "intents:"]
    for i in 0..<3 {
        lines += [
            "  act\(i):", "    title: Action \(i)", "    parameters: { index: { type: integer, min: 0 } }", "    perform:",
            "      - set: { file: feed.json, at: \"/items/{{param.index}}/done\", value: true }",
            "      - increment: { file: stats.json, at: /done, by: 1, max: 1000 }",
        ]
    }
    lines += ["view:", "  vstack:"]
    for i in 0..<8 { lines += ["    - text: \"{{f\(i)}}\"", "      font: caption"] }
    lines += [
        "    - foreach: \"{{items}}\"", "      item:", "        toggle: \"{{done}}\"", "        label: \"{{title}}\"",
        "        intent: act0", "        with: { index: \"{{index}}\" }", "    - button: Clear", "      intent: act1",
    ]
    while lines.count < 300 { lines.append("# padding line \(lines.count)") }
    return lines.joined(separator: "\n") + "\n"
}

final class Sink { var published = 0; var bytes = 0 }
let sink = Sink()
let server = LanguageServer(send: { bytes in
    sink.bytes += bytes.count
    if bytes.count > 60, String(decoding: bytes.prefix(200), as: UTF8.self).contains("publishDiagnostics") { sink.published += 1 }
}, log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

func frame(_ value: JSONValue) -> [UInt8] { MessageFramer.frame(Array(JSONWriter.string(value).utf8)) }

let uri = "file:///tmp/widgetc-lsp-bench/bench.yaml"
let text = widget()
let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
server.receive(frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]))
server.receive(frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]]))
server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
    "uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]]]))
// The line of p0's default ("    default: 50"): zero-based 6 + 5; the edit runs to the line's end
// (a character past it is the line's end, as LSP says).
let defaultLine = 11

func edit(_ n: Int) -> [UInt8] {
    // Alternates a valid default (10..99) and one above max (500): diagnostics appear and go.
    let value = n % 2 == 0 ? "5\(n % 10)" : "500"
    return frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
        "textDocument": ["uri": .string(uri), "version": .int(n + 2)],
        "contentChanges": [["range": ["start": ["line": .int(defaultLine), "character": 13],
                                      "end": ["line": .int(defaultLine), "character": 1000]],
                            "text": .string(value)]]]])
}

func rssKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

/// The calling thread's CPU time in milliseconds (user and system): the server's own work.
func threadCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// Wall and thread CPU milliseconds of each measured message.
struct Samples {
    var wall: [Double] = []
    var cpu: [Double] = []
    mutating func time(_ body: () -> Void) {
        let c0 = threadCPU()
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        let t1 = DispatchTime.now().uptimeNanoseconds
        cpu.append(threadCPU() - c0)
        wall.append(Double(t1 - t0) / 1e6)
    }
    func line(_ what: String) -> String {
        let w = wall.sorted(), c = cpu.sorted()
        return String(format: "%@, %d: wall p50 %.2f ms, p99 %.2f ms, max %.2f ms; thread CPU p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                      what, w.count, percentile(0.5, w), percentile(0.99, w), w.last ?? 0, percentile(0.5, c), percentile(0.99, c), c.last ?? 0)
    }
}

func percentile(_ p: Double, _ samples: [Double]) -> Double { samples[min(samples.count - 1, Int((Double(samples.count) * p).rounded(.up)) - 1)] }

var samples = Samples()
for n in 0..<edits {
    let message = edit(n)
    let before = sink.published
    samples.time { server.receive(message) }
    precondition(sink.published == before + 1, "no diagnostics after edit \(n)")
}
print("widget: \(lineCount) lines, \(text.utf8.count) bytes")
print(samples.line("diagnostics after didChange (edits)"))

// Completion in a broken document: a half-typed line inserted (the quote not closed), completion
// asked at its end, then the line taken out again, so the memory edits run on the widget as it was.
let allLines = text.split(separator: "\n", omittingEmptySubsequences: false)
var version = edits + 2
@MainActor func completion(_ what: String, after marker: String, typing: String) {
    let line = allLines.firstIndex { $0 == marker }! + 1
    version += 1
    server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
        "textDocument": ["uri": .string(uri), "version": .int(version)],
        "contentChanges": [["range": ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0]],
                            "text": .string(typing + "\n")]]]]))
    var timed = Samples()
    for n in 0..<max(100, edits / 2) {
        let request = frame(["jsonrpc": "2.0", "id": .int(1000 + n), "method": "textDocument/completion", "params": [
            "textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(typing.utf16.count)]]])
        let bytesBefore = sink.bytes
        timed.time { server.receive(request) }
        precondition(sink.bytes > bytesBefore + 150, "no completion items after request \(n)")
    }
    version += 1
    server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
        "textDocument": ["uri": .string(uri), "version": .int(version)],
        "contentChanges": [["range": ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line + 1), "character": 0]],
                            "text": ""]]]]))
    print(timed.line(what))
}
completion("completion after {{param. in content, the document not parsing (requests)", after: "content:", typing: "  typing: \"{{param.")
completion("completion after {{param. in an intent, the document not parsing (requests)", after: "    perform:",
           typing: "      - set: { file: feed.json, at: \"/{{param.")

var rss: [Int] = [rssKB()]
for n in 0..<memoryEdits {
    server.receive(edit(n + edits))
    if (n + 1) % 1000 == 0 { rss.append(rssKB()) }
}
print("resident set (KB) at 0, 1000, …, \(memoryEdits) edits: \(rss.map(String.init).joined(separator: " "))")
