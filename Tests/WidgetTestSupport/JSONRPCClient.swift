import Foundation
import WidgetSupport

#if canImport(Glibc)
import Glibc
#endif

/// A small JSON-RPC 2.0 client with LSP's Content-Length framing, for driving `widgetc lsp` in
/// tests: in process (`send`/`receive` wired to a server object) or over a subprocess's pipes
/// (`LSPSubprocess`). Responses are matched by id; notifications wait in `notifications`.
package final class JSONRPCClient {
    private let sendBytes: ([UInt8]) -> Void
    /// More bytes from the server, waiting at most the given seconds; nil when none came.
    private let receiveBytes: (Double) -> [UInt8]?
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Messages from the server not yet taken: notifications and responses.
    package private(set) var pending: [JSONValue] = []
    /// Seconds to wait for a message before a test fails.
    package var timeout: Double = 30

    package init(send: @escaping ([UInt8]) -> Void, receive: @escaping (Double) -> [UInt8]?) {
        sendBytes = send
        receiveBytes = receive
    }

    package static func frame(_ value: JSONValue) -> [UInt8] {
        let body = Array(JSONWriter.string(value).utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Sends bytes as they are (malformed messages in tests).
    package func sendRaw(_ bytes: [UInt8]) { sendBytes(bytes) }

    package func notify(_ method: String, _ params: JSONValue = .null) {
        sendBytes(Self.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Sends a request and returns its id.
    @discardableResult
    package func send(_ method: String, _ params: JSONValue = .null) -> Int {
        let id = nextID
        nextID += 1
        sendBytes(Self.frame(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]))
        return id
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    package func request(_ method: String, _ params: JSONValue = .null) throws -> JSONValue {
        let id = send(method, params)
        return try response(id: .int(id))
    }

    /// Waits for the response with `id` (`.null` for errors the server could not tie to a request).
    package func response(id: JSONValue) throws -> JSONValue {
        try take { $0["method"] == nil && ($0["id"] ?? .null) == id }
    }

    /// Waits for the next notification `method`.
    package func notification(_ method: String) throws -> JSONValue {
        try take { $0["method"]?.string == method && $0["id"] == nil }
    }

    /// Waits for the next `publishDiagnostics` for `uri` and returns its diagnostics.
    package func diagnostics(uri: String) throws -> [JSONValue] {
        let message = try take {
            $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri
        }
        return message["params"]?["diagnostics"]?.array ?? []
    }

    /// The first pending message that matches, reading more while none does.
    package func take(where matches: (JSONValue) -> Bool) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let i = pending.firstIndex(where: matches) { return pending.remove(at: i) }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let bytes = receiveBytes(left) else {
                throw TestFailure("no matching message from the server within \(timeout) s; pending: \(pending.map { JSONWriter.string($0) })")
            }
            buffer += bytes
            try parseFrames()
        }
    }

    private func parseFrames() throws {
        while let headerEnd = findHeaderEnd() {
            let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
            guard let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else {
                throw TestFailure("the server sent a header without Content-Length: \(header)")
            }
            let start = headerEnd + 4
            guard buffer.count - start >= length else { return }
            let body = Array(buffer[start..<start + length])
            buffer.removeFirst(start + length)
            pending.append(try JSONReader.parse(bytes: body).json)
        }
    }

    private func findHeaderEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// `initialize` then `initialized`; returns the server's capabilities.
    package func initialize(rootPath: String = TestPaths.root) throws -> JSONValue {
        let response = try request("initialize", [
            "processId": .null, "rootUri": .string("file://" + rootPath),
            "capabilities": ["general": ["positionEncodings": ["utf-16"]]],
        ])
        notify("initialized", [:])
        return response["result"]?["capabilities"] ?? .null
    }

    package func open(uri: String, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": [
            "uri": .string(uri), "languageId": "yaml", "version": .int(version), "text": .string(text),
        ]])
    }

    /// An incremental change: `text` replaces the range (zero-based lines, UTF-16 characters).
    package func change(uri: String, version: Int, from start: (Int, Int), to end: (Int, Int), text: String) {
        notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [[
                "range": [
                    "start": ["line": .int(start.0), "character": .int(start.1)],
                    "end": ["line": .int(end.0), "character": .int(end.1)],
                ],
                "text": .string(text),
            ]],
        ])
    }

    /// A full-text change.
    package func replace(uri: String, version: Int, text: String) {
        notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [["text": .string(text)]],
        ])
    }

    /// `textDocument/<method>` at a position; returns the result.
    package func at(_ method: String, uri: String, line: Int, character: Int) throws -> JSONValue {
        let response = try request("textDocument/" + method, [
            "textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)],
        ])
        if let error = response["error"] { throw TestFailure("\(method) failed: \(JSONWriter.string(error))") }
        return response["result"] ?? .null
    }
}

/// The built `widgetc lsp` as a subprocess, spoken to over pipes.
package final class LSPSubprocess {
    package let process = Process()
    private let input = Pipe(), output = Pipe()
    private let errorFile: URL
    package private(set) var client: JSONRPCClient! = nil

    package init(arguments: [String] = ["lsp"]) throws {
        guard let widgetc = TestPaths.widgetc else {
            throw TestFailure("no built widgetc under \(TestPaths.buildDirectory ?? TestPaths.root + "/.build/debug"); run swift build")
        }
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("widgetc-lsp-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: widgetc)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let writer = input.fileHandleForWriting, reader = output.fileHandleForReading.fileDescriptor
        client = JSONRPCClient(
            send: { bytes in try? writer.write(contentsOf: bytes) },
            receive: { seconds in
                var p = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, Int32(seconds * 1000)) > 0 else { return nil }
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                let n = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                return n > 0 ? Array(chunk[0..<n]) : nil
            })
    }

    /// Closes the server's standard input (a client that goes away).
    package func closeInput() { try? input.fileHandleForWriting.close() }

    /// The exit status, waiting at most `seconds`; nil if the process is still running then (it is killed).
    package func waitForExit(seconds: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    /// What the server wrote to standard error.
    package var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: errorFile)
    }
}
