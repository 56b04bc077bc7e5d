import Foundation
import Testing
import WidgetCompiler
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// Sessions as an editor runs them: open, edit, see diagnostics, close, shut down.
@Suite struct SessionTests {
    /// Opens the three-error widget, fixes one error per edit, and checks the diagnostics shrink to none.
    static func threeErrorsShrink(_ client: JSONRPCClient) throws {
        let capabilities = try client.initialize()
        #expect(capabilities["positionEncoding"]?.string == "utf-16")
        #expect(capabilities["textDocumentSync"]?["change"] == 2)
        client.open(uri: ThreeErrors.uri, text: ThreeErrors.text)
        var diagnostics = try client.diagnostics(uri: ThreeErrors.uri)
        #expect(diagnostics.compactMap { $0["code"]?.string } == ["not-allowed-value", "param-range", "unknown-variable"])
        #expect(diagnostics.allSatisfy { $0["source"]?.string == "widgetc" && $0["severity"] == 1 })
        for (version, fix) in ThreeErrors.fixes.enumerated() {
            client.change(uri: ThreeErrors.uri, version: version + 2, from: fix.0, to: fix.1, text: fix.2)
            diagnostics = try client.diagnostics(uri: ThreeErrors.uri)
            #expect(diagnostics.compactMap { $0["code"]?.string } == fix.3)
        }
        #expect(diagnostics.isEmpty)
    }

    @Test func inProcessSessionFixesThreeErrors() throws {
        let session = InProcessSession()
        try Self.threeErrorsShrink(session.client)
        #expect(try session.client.request("shutdown")["result"] == .null)
        session.client.notify("exit")
        #expect(session.server.exitCode == 0)
    }

    @Test func subprocessSessionFixesThreeErrors() throws {
        let lsp = try LSPSubprocess()
        try Self.threeErrorsShrink(lsp.client)
        #expect(try lsp.client.request("shutdown")["result"] == .null)
        lsp.client.notify("exit")
        #expect(lsp.waitForExit() == 0)
    }

    /// Positions count UTF-16 code units: an emoji is two, a CJK character one, before the error.
    @Test func rangesAreInUTF16CodeUnits() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        session.client.open(uri: ThreeErrors.uri, text: ThreeErrors.text)
        let diagnostics = try session.client.diagnostics(uri: ThreeErrors.uri)
        let template = try #require(diagnostics.first { $0["code"]?.string == "unknown-variable" })
        // `  title: "🙂天气 {{param.nope}}"`: 'param' is the 16th character but the 17th UTF-16 unit (zero-based 17).
        #expect(template["range"]?["start"] == ["line": 10, "character": 17])
        #expect(template["range"]?["end"] == ["line": 10, "character": 27])  // the tag's variable
        let family = try #require(diagnostics.first { $0["code"]?.string == "not-allowed-value" })
        #expect(family["range"] == ["start": ["line": 3, "character": 24], "end": ["line": 3, "character": 34]])
    }

    /// The editor's diagnostics are `validate`'s: the same codes and messages, from the editor's text.
    @Test func sameFindingsAsValidate() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let validator = Compilation()
        for name in ["character.yaml", "countdown.yaml", "stocks.yaml"] {
            let path = TestPaths.widgets + "/" + name
            // A broken copy of the example, as typed: a family that does not exist, a template naming nothing.
            let text = try String(contentsOfFile: path, encoding: .utf8)
                .replacingOccurrences(of: "systemSmall", with: "systemSmal")
                .replacingOccurrences(of: "{{data.", with: "{{dta.")
            let uri = LanguageServer.uri(of: path)
            session.client.open(uri: uri, text: text)
            let got = try session.client.diagnostics(uri: uri)
            let expected = validator.validate(bytes: Array(text.utf8), path: path)
            #expect(!expected.isEmpty)
            #expect(got.compactMap { $0["code"]?.string } == expected.map(\.code.name))
            #expect(got.compactMap { $0["message"]?.string } == expected.map(\.message))
            for (d, e) in zip(got, expected) {
                #expect(d["range"]?["start"]?["line"]?.intValue == e.location.line - 1)
            }
            // Closing clears them.
            session.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
            #expect(try session.client.diagnostics(uri: uri).isEmpty)
        }
    }

    /// Full sync: a whole new text replaces the old.
    @Test func fullSyncReplacesTheText() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        session.client.open(uri: ThreeErrors.uri, text: ThreeErrors.text)
        #expect(try session.client.diagnostics(uri: ThreeErrors.uri).count == 3)
        let fixed = ThreeErrors.text.replacingOccurrences(of: "systemHuge", with: "systemLarge")
        session.client.replace(uri: ThreeErrors.uri, version: 2, text: fixed)
        #expect(try session.client.diagnostics(uri: ThreeErrors.uri).count == 2)
        #expect(session.server.documents[ThreeErrors.uri]?.text == fixed)
    }

    /// The String Catalog a widget names is read from disk again once it changed there: made
    /// after the widget was opened (`widgetc strings`, Xcode), then removed. The server had kept
    /// the first read for its whole life.
    @Test func aCatalogChangedOnDiskIsReadAgain() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/countdown.yaml"
        let text = try String(contentsOfFile: TestPaths.widgets + "/countdown.yaml", encoding: .utf8)
        #expect(text.contains("localization: { catalog: Localizable.xcstrings }"))
        let catalog = dir.path + "/Localizable.xcstrings"
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: path)
        session.client.open(uri: uri, text: text)
        let codes = { try session.client.diagnostics(uri: uri).compactMap { $0["code"]?.string } }
        #expect(try codes() == ["l10n-catalog"])
        try FileManager.default.copyItem(atPath: TestPaths.widgets + "/Localizable.xcstrings", toPath: catalog)
        session.client.change(uri: uri, version: 2, from: (0, 0), to: (0, 0), text: "# edited\n")
        #expect(try codes() == [])
        try FileManager.default.removeItem(atPath: catalog)
        session.client.change(uri: uri, version: 3, from: (0, 0), to: (0, 0), text: "# again\n")
        #expect(try codes() == ["l10n-catalog"])
    }
}

/// Where the loader and LSP count lines or columns differently, positions still land on the value.
@Suite struct PositionMappingTests {
    @Test func unicodeLineBreaksAndAByteOrderMark() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        // U+2028 in a quoted string ends a line for libyaml (the family is on its line 5) but not
        // for LSP (line 3, zero-based); a BOM takes no column for libyaml and one UTF-16 unit for LSP.
        let text = "\u{FEFF}kind: com.example.ls\ndisplayName: \"X\u{2028}Y\"\ndescription: Y\nfamilies: [systemHuge]\ntimeline: { hourly: true }\n"
        session.client.open(uri: ThreeErrors.uri, text: text)
        let diagnostics = try session.client.diagnostics(uri: ThreeErrors.uri)
        let family = try #require(diagnostics.first { $0["code"]?.string == "not-allowed-value" })
        #expect(family["range"] == ["start": ["line": 3, "character": 11], "end": ["line": 3, "character": 21]])
        let missing = try #require(diagnostics.first { $0["code"]?.string == "missing-key" })
        #expect(missing["range"]?["start"] == ["line": 0, "character": 1])
    }

    @Test func didSaveChecksAgain() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        session.client.open(uri: ThreeErrors.uri, text: ThreeErrors.text)
        #expect(try session.client.diagnostics(uri: ThreeErrors.uri).count == 3)
        session.client.notify("textDocument/didSave", ["textDocument": ["uri": .string(ThreeErrors.uri)]])
        #expect(try session.client.diagnostics(uri: ThreeErrors.uri).count == 3)
    }

    @Test func anOversizedMessageIsSkipped() throws {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: \(MessageFramer.maxBody + 1)\r\n\r\n".utf8))
        guard case .malformedHeader = framer.next() else { Issue.record("not refused"); return }
        framer.append([UInt8](repeating: 32, count: MessageFramer.maxBody + 1))
        framer.append(MessageFramer.frame(Array("{}".utf8)))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }
}
