#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetDiagnostics
import WidgetSupport
import WidgetTime

/// `widgetc lsp`: a Language Server Protocol 3.17 server (spec editor.md). It reads framed
/// JSON-RPC messages with `receive`, answers through `send`, and checks each open document with
/// the same `Compilation` as `widgetc validate`, from the editor's text.
///
/// One thread: each message is handled to the end before the next, so diagnostics follow the
/// change that caused them. Nothing a client sends stops the server but `exit` (or the end of input).
package final class LanguageServer {
    /// JSON-RPC and LSP error codes.
    package enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
    }

    private let send: ([UInt8]) -> Void
    private let log: (String) -> Void
    private var framer = MessageFramer()
    /// Phase 1 of every check and plan, its schemas compiled once (`compilation(_:)`).
    private let stages = Compilation().stages
    /// Why the built-in widget schema cannot be compiled, which every document then shows; nil when it can.
    private let setupError: String?
    package private(set) var documents: [String: TextDocument] = [:]
    /// Each open document's last text that parsed, and its YAML documents once asked for
    /// (completion in broken text). The text is kept as diagnostics find it parses: no second parse per edit.
    var lastParsedText: [String: [UInt8]] = [:]
    var lastParsed: [String: [SourceNode]] = [:]
    private var initialized = false
    private var shutdownRequested = false
    /// The process's exit status once `exit` came: 0 after `shutdown`, 1 without (LSP "exit").
    package private(set) var exitCode: Int32? = nil
    /// The instant "now" for hovers (tests fix it).
    package var now: () -> Instant

    package init(send: @escaping ([UInt8]) -> Void, log: @escaping (String) -> Void, now: @escaping () -> Instant = { Instant(seconds: Int64(time(nil))) }) {
        self.send = send
        self.log = log
        self.now = now
        // Compilations compile the widget schema at their first widget document; the server
        // compiles it here, so no edit pays for it (about 23 M instructions) and a broken one is a setup error.
        do {
            _ = try BuiltInSchemas.widget()
            setupError = nil
        } catch {
            setupError = error.message
        }
    }

    // MARK: The wire

    /// Bytes from the client: every complete message in them is handled.
    package func receive(_ bytes: some Sequence<UInt8>) {
        framer.append(bytes)
        while exitCode == nil, let frame = framer.next() {
            switch frame {
            case .message(let body): handle(body: body)
            case .malformedHeader(let why):
                log("widgetc lsp: skipped a malformed message: \(why)")
                respondError(id: .null, .parseError, "malformed message header: \(why)")
            }
        }
    }

    /// One message's JSON body.
    package func handle(body: [UInt8]) {
        let message: JSONValue
        do {
            message = try JSONReader.parse(bytes: body).json
        } catch {
            log("widgetc lsp: a message that is not JSON: \(error.message)")
            respondError(id: .null, .parseError, "the message is not valid JSON: \(error.message)")
            return
        }
        guard let object = message.object else {
            respondError(id: .null, .invalidRequest, "a message is a JSON object (batches are not used by LSP)")
            return
        }
        let id = object["id"]
        guard let method = object["method"]?.string else {
            if id != nil, object["result"] != nil || object["error"] != nil { return }  // a response to nothing we asked
            respondError(id: id ?? .null, .invalidRequest, "a request or notification needs a string 'method'")
            return
        }
        let params = object["params"] ?? .null
        if let id {
            guard id.string != nil || id.isInteger else {
                respondError(id: .null, .invalidRequest, "a request id is a number or a string")
                return
            }
            request(id: id, method: method, params: params)
        } else {
            notification(method: method, params: params)
        }
    }

    private func write(_ value: JSONValue) {
        send(MessageFramer.frame(Array(JSONWriter.string(value).utf8)))
    }

    private func respond(id: JSONValue, _ result: JSONValue) {
        write(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func respondError(id: JSONValue, _ code: ErrorCode, _ message: String) {
        write(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]])
    }

    private func notify(_ method: String, _ params: JSONValue) {
        write(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// A request's parameters were wrong: its answer.
    package struct RequestError: Error {
        let code: ErrorCode
        let message: String
        init(_ message: String, code: ErrorCode = .invalidParams) {
            self.code = code
            self.message = message
        }
    }

    // MARK: Requests and notifications

    private func request(id: JSONValue, method: String, params: JSONValue) {
        if method == "initialize" {
            guard !initialized else { return respondError(id: id, .invalidRequest, "initialize was already received") }
            initialized = true
            return respond(id: id, Self.initializeResult)
        }
        guard initialized else { return respondError(id: id, .serverNotInitialized, "the server has not been initialized") }
        guard !shutdownRequested else { return respondError(id: id, .invalidRequest, "the server is shut down; only exit is accepted") }
        do throws(RequestError) {
            switch method {
            case "shutdown":
                shutdownRequested = true
                respond(id: id, .null)
            case "textDocument/hover":
                let (document, position) = try documentPosition(params)
                respond(id: id, hover(document, position) ?? .null)
            case "textDocument/completion":
                let (document, position) = try documentPosition(params)
                respond(id: id, ["isIncomplete": false, "items": .array(completion(document, position))])
            case "textDocument/definition":
                let (document, position) = try documentPosition(params)
                respond(id: id, definition(document, position) ?? .null)
            case "textDocument/references":
                let (document, position) = try documentPosition(params)
                let declaration = params["context"]?["includeDeclaration"]?.bool ?? true
                respond(id: id, .array(references(document, position, includeDeclaration: declaration)))
            case "textDocument/prepareRename":
                let (document, position) = try documentPosition(params)
                respond(id: id, prepareRename(document, position) ?? .null)
            case "textDocument/rename":
                let (document, position) = try documentPosition(params)
                guard let newName = params["newName"]?.string else { throw RequestError("missing newName") }
                respond(id: id, try rename(document, position, to: newName) ?? .null)
            case "textDocument/inlayHint":
                let document = try openDocument(params)
                guard let range = params["range"].flatMap(Self.range) else { throw RequestError("missing or malformed range") }
                respond(id: id, .array(inlayHints(document, range)))
            case "textDocument/codeLens":
                respond(id: id, .array(codeLenses(try openDocument(params))))
            case "textDocument/semanticTokens/full":
                respond(id: id, ["data": .array(semanticTokens(try openDocument(params)).map { .int($0) })])
            case "textDocument/documentLink":
                respond(id: id, .array(documentLinks(try openDocument(params))))
            case "textDocument/foldingRange":
                respond(id: id, .array(foldingRanges(try openDocument(params))))
            case "textDocument/codeAction":
                let document = try openDocument(params)
                guard let range = params["range"].flatMap(Self.range) else { throw RequestError("missing or malformed range") }
                respond(id: id, .array(codeActions(document, range)))
            case "textDocument/documentSymbol":
                let document = try openDocument(params)
                respond(id: id, .array(documentSymbols(document)))
            default:
                respondError(id: id, .methodNotFound, "unknown method '\(method)'")
            }
        } catch {
            respondError(id: id, error.code, error.message)
        }
    }

    private func notification(method: String, params: JSONValue) {
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return
        }
        guard initialized, !shutdownRequested else { return }
        switch method {
        case "initialized", "$/setTrace", "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
            break
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
                return log("widgetc lsp: didOpen without textDocument.uri and text")
            }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
            publishDiagnostics(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string else { return log("widgetc lsp: didChange without textDocument.uri") }
            guard var document = documents[uri] else { return log("widgetc lsp: didChange for \(uri), which is not open; ignored") }
            let version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { log("widgetc lsp: a change without text; ignored"); continue }
                if let range = change["range"] {
                    guard let range = Self.range(range) else { log("widgetc lsp: a change with a malformed range; ignored"); continue }
                    if document.replace(range, with: text, version: version) {
                        log("widgetc lsp: a change to \(uri) with a range past the end of the document was applied at its end")
                    }
                } else {
                    document.replaceAll(text, version: version)
                }
            }
            documents[uri] = document
            publishDiagnostics(uri)
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.string, documents[uri] != nil else { return }
            if let text = params["text"]?.string, var document = documents[uri] {
                document.replaceAll(text, version: document.version)
                documents[uri] = document
            }
            publishDiagnostics(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            lastParsed[uri] = nil
            lastParsedText[uri] = nil
            if documents.removeValue(forKey: uri) != nil {
                notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            }
        default:
            if !method.hasPrefix("$/") { log("widgetc lsp: ignored the notification '\(method)'") }
        }
    }

    static let initializeResult: JSONValue = [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": ["{", ".", ":", " "], "resolveProvider": false],
            "definitionProvider": true,
            "documentSymbolProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "inlayHintProvider": true,
            "codeLensProvider": ["resolveProvider": false],
            "semanticTokensProvider": [
                "legend": ["tokenTypes": .array(tokenTypes.map { .string($0) }), "tokenModifiers": []], "full": true,
            ],
            "documentLinkProvider": ["resolveProvider": false],
            "foldingRangeProvider": true,
        ],
        "serverInfo": ["name": "widgetc", "version": "0.1.0"],
    ]

    // MARK: Diagnostics

    /// The diagnostics of one document's current text, as `widgetc validate` finds them.
    package func diagnostics(of document: TextDocument) -> [JSONValue] {
        if let setupError {
            return [Self.lspDiagnostic(.error(.schema, setupError, file: "", at: .start), document)]
        }
        let path = Self.path(of: document.uri)
        let found = compilation().validate(bytes: document.bytes, path: path)
        return found.filter { $0.file == path }.map { Self.lspDiagnostic($0, document) }
    }

    /// A compilation over the server's stages: diagnostics (`.check`) or the plan a hover runs
    /// (`.compile`). A String Catalog changed on disk since it was read is read again.
    func compilation(_ purpose: Compilation.Purpose = .check) -> Compilation {
        stages.catalogs.forgetChanged()
        return Compilation(sharing: stages, purpose: purpose)
    }

    static func lspDiagnostic(_ d: Diagnostic, _ document: TextDocument) -> JSONValue {
        let severity = switch d.severity { case .error: 1; case .warning: 2; case .note: 3 }
        var members: [(String, JSONValue)] = [
            ("range", document.valueRange(at: d.location).json),
            ("severity", .int(severity)),
            ("code", .string(d.code.name)),
            ("source", "widgetc"),
            ("message", .string(d.message)),
        ]
        if !d.notes.isEmpty {
            members.append(("relatedInformation", .array(d.notes.map { note in
                // In this document, the value's range; in another file (not open here), its start.
                let inDocument = note.file == d.file
                let start = Position(line: max(0, note.location.line - 1), character: max(0, note.location.column - 1))
                let range = inDocument ? document.valueRange(at: note.location) : TextRange(start, start)
                return [
                    "location": ["uri": .string(inDocument ? document.uri : uri(of: note.file)), "range": range.json],
                    "message": .string(note.message),
                ]
            })))
        }
        return .object(JSONObject(members))
    }

    private func publishDiagnostics(_ uri: String) {
        guard let document = documents[uri] else { return }
        let found = diagnostics(of: document)
        // A text with no fatal YAML or JSON error parses: what completion falls back on later.
        if !found.contains(where: { ($0["code"]?.string).map(Self.stopsReading) ?? false }) {
            lastParsedText[uri] = document.bytes
            lastParsed[uri] = nil
        }
        notify("textDocument/publishDiagnostics", [
            "uri": .string(uri), "version": .int(document.version), "diagnostics": .array(found),
        ])
    }

    /// A code of an error after which the file's documents were not all read.
    static func stopsReading(_ code: String) -> Bool {
        (code.hasPrefix("yaml-") || code.hasPrefix("json-")) && code != DiagnosticCode.yamlDuplicateKey.name
    }

    // MARK: Parameters

    func openDocument(_ params: JSONValue) throws(RequestError) -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.string else { throw RequestError("missing textDocument.uri") }
        guard let document = documents[uri] else { throw RequestError("the document \(uri) is not open (send textDocument/didOpen first)") }
        return document
    }

    func documentPosition(_ params: JSONValue) throws(RequestError) -> (TextDocument, Position) {
        let document = try openDocument(params)
        guard let p = params["position"], let position = Self.position(p) else { throw RequestError("missing or malformed position") }
        return (document, position)
    }

    static func position(_ value: JSONValue) -> Position? {
        guard let line = value["line"]?.intValue, let character = value["character"]?.intValue else { return nil }
        return Position(line: line, character: character)
    }

    static func range(_ value: JSONValue) -> TextRange? {
        guard let s = value["start"].flatMap(position), let e = value["end"].flatMap(position) else { return nil }
        return TextRange(s, e)
    }

    /// A `file:` URI's path (percent-decoded); any other URI as it is.
    package static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = Array(uri.utf8.dropFirst(7))
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest.removeFirst(slash) }  // drop an authority (host)
        var out: [UInt8] = []
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let h = hex(rest[i + 1]), let l = hex(rest[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(rest[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A path's `file:` URI.
    package static func uri(of path: String) -> String {
        var s = "file://"
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) {
                s.append(c)
            } else {
                let digits = Array("0123456789ABCDEF")
                s += "%" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
            }
        }
        return s
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }
}

extension JSONValue {
    subscript(index key: String) -> JSONValue? { self[key] }
    var isInteger: Bool { if case .int = self { true } else { false } }
    var intValue: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d.rounded() == d && abs(d) < 1e15: Int(d)
        default: nil
        }
    }
}
