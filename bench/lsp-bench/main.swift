// bench/lsp-bench: diagnostics latency of `widgetc lsp` after didChange, and its memory over many edits.
//
//   swift build -c release --product lsp-bench && .build/release/lsp-bench [edits] [memory-edits]
//
// One process, one thread (the server is single-threaded): a 300-line widget is opened, then each
// edit (an incremental didChange that rewrites one parameter's default, valid and invalid in turn)
// is timed from the framed message handed to the server to its publishDiagnostics written.
// Completion: the same widget broken by a half-typed line (`  typing: "{{param.`, the quote not
// closed: the document does not parse), completion requested after the dot, timed to the answer.
// Memory: the resident set (VmRSS) after every 1,000 of the memory edits.
import Foundation
import WidgetLSP
import WidgetSupport

let arguments = CommandLine.arguments
let edits = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let memoryEdits = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000

/// A 300-line widget: 20 parameters, 60 content fields, a familyContent, a daily rule, a view.
func widget() -> String {
    var lines = [
        "kind: com.example.bench", "displayName: Bench", "description: A 300-line widget for the editor benchmark.",
        "families: [systemSmall, systemMedium, systemLarge]", "timeZone: Europe/Paris", "parameters:",
    ]
    for i in 0..<20 {
        lines += ["  p\(i):", "    type: integer", "    title: Parameter \(i)", "    min: 0", "    max: 100", "    default: 50"]
    }
    lines += ["data:", "  feed: { file: feed.json }", "placeholder: { f0: \"\" }", "content:"]
    for i in 0..<60 { lines.append("  f\(i): \"{{param.p\(i % 20)}} of {{data.feed.title}} at {{entry.time}}\"") }
    lines += ["familyContent:", "  systemSmall:"]
    for i in 0..<20 { lines.append("    f\(i): \"{{slot.name}} {{param.p\(i)}}\"") }
    lines += ["url: \"bench://open/{{param.p0}}\"", "timeline:", "  daily:"]
    for h in 0..<24 { lines += ["    - name: s\(h)", "      at: \"\(h < 10 ? "0" : "")\(h):00\""] }
    lines += ["  horizon: 24h", "view:", "  vstack:"]
    for i in 0..<8 { lines += ["    - text: \"{{f\(i)}}\"", "      font: caption"] }
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

var samples: [Double] = []
samples.reserveCapacity(edits)
for n in 0..<edits {
    let message = edit(n)
    let before = sink.published
    let t0 = DispatchTime.now().uptimeNanoseconds
    server.receive(message)
    let t1 = DispatchTime.now().uptimeNanoseconds
    precondition(sink.published == before + 1, "no diagnostics after edit \(n)")
    samples.append(Double(t1 - t0) / 1e6)
}
samples.sort()
func percentile(_ p: Double, _ samples: [Double]) -> Double { samples[min(samples.count - 1, Int((Double(samples.count) * p).rounded(.up)) - 1)] }
print("widget: \(lineCount) lines, \(text.utf8.count) bytes")
print(String(format: "diagnostics after didChange over %d edits: p50 %.2f ms, p99 %.2f ms, max %.2f ms", edits, percentile(0.5, samples), percentile(0.99, samples), samples.last ?? 0))

// Completion in a broken document: a line inserted before `content:`'s first field.
let contentLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "content:" }! + 1
server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
    "textDocument": ["uri": .string(uri), "version": .int(edits + 2)],
    "contentChanges": [["range": ["start": ["line": .int(contentLine), "character": 0], "end": ["line": .int(contentLine), "character": 0]],
                        "text": "  typing: \"{{param.\n"]]]]))
var completionSamples: [Double] = []
let completions = max(100, edits / 2)
for n in 0..<completions {
    let request = frame(["jsonrpc": "2.0", "id": .int(1000 + n), "method": "textDocument/completion", "params": [
        "textDocument": ["uri": .string(uri)], "position": ["line": .int(contentLine), "character": 19]]])
    let bytesBefore = sink.bytes
    let t0 = DispatchTime.now().uptimeNanoseconds
    server.receive(request)
    let t1 = DispatchTime.now().uptimeNanoseconds
    precondition(sink.bytes > bytesBefore + 200, "no completion items after request \(n)")
    completionSamples.append(Double(t1 - t0) / 1e6)
}
// The half-typed line goes again: the memory edits below run on the widget as it was.
server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
    "textDocument": ["uri": .string(uri), "version": .int(edits + 3)],
    "contentChanges": [["range": ["start": ["line": .int(contentLine), "character": 0], "end": ["line": .int(contentLine + 1), "character": 0]],
                        "text": ""]]]]))
completionSamples.sort()
print(String(format: "completion after {{param. in a document that does not parse, %d requests: p50 %.2f ms, p99 %.2f ms, max %.2f ms",
             completions, percentile(0.5, completionSamples), percentile(0.99, completionSamples), completionSamples.last ?? 0))

var rss: [Int] = [rssKB()]
for n in 0..<memoryEdits {
    server.receive(edit(n + edits))
    if (n + 1) % 1000 == 0 { rss.append(rssKB()) }
}
print("resident set (KB) at 0, 1000, …, \(memoryEdits) edits: \(rss.map(String.init).joined(separator: " "))")
