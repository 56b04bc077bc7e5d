import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// What a client may get wrong: each gets an error response or a logged line, and the server goes on.
@Suite struct RobustnessTests {
    @Test func malformedJSONIsAParseErrorAndTheServerGoesOn() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let body = Array("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": ".utf8)
        session.client.sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        let error = try session.client.response(id: .null)
        #expect(error["error"]?["code"] == -32700)
        // A header without Content-Length, then a good message: the good one is answered.
        session.client.sendRaw(Array("Content-Type: application/json\r\n\r\n".utf8))
        #expect(try session.client.response(id: .null)["error"]?["code"] == -32700)
        #expect(try session.client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///nowhere.yaml"]])["error"]?["code"] == -32602)
        // Not an object, no method.
        session.client.sendRaw(JSONRPCClient.frame([1, 2]))
        #expect(try session.client.response(id: .null)["error"]?["code"] == -32600)
        session.client.sendRaw(JSONRPCClient.frame(["jsonrpc": "2.0", "id": 99]))
        #expect(try session.client.response(id: 99)["error"]?["code"] == -32600)
    }

    @Test func unknownMethodIsMethodNotFound() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        let response = try session.client.request("textDocument/linkedEditingRange", ["textDocument": ["uri": "file:///x.yaml"]])
        #expect(response["error"]?["code"] == -32601)
        session.client.notify("workspace/somethingNew", [:])  // an unknown notification: logged only
        #expect(session.logs.contains { $0.contains("workspace/somethingNew") })
        #expect(try session.client.request("shutdown")["error"] == nil)
    }

    @Test func requestsBeforeInitializeAndAfterShutdown() throws {
        let session = InProcessSession()
        #expect(try session.client.request("textDocument/hover", [:])["error"]?["code"] == -32002)
        _ = try session.client.initialize()
        #expect(try session.client.request("shutdown")["result"] == .null)
        #expect(try session.client.request("textDocument/hover", [:])["error"]?["code"] == -32600)
        session.client.notify("exit")
        #expect(session.server.exitCode == 0)
    }

    @Test func requestsForADocumentNeverOpened() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        for method in ["hover", "completion", "definition"] {
            let response = try session.client.request("textDocument/" + method, [
                "textDocument": ["uri": "file:///never/opened.yaml"], "position": ["line": 0, "character": 0],
            ])
            #expect(response["error"]?["code"] == -32602)
            #expect(response["error"]?["message"]?.string?.contains("not open") == true)
        }
        session.client.change(uri: "file:///never/opened.yaml", version: 2, from: (0, 0), to: (0, 0), text: "x")
        #expect(session.logs.contains { $0.contains("not open") })
    }

    @Test func aChangePastTheEndIsAppliedAtTheEnd() throws {
        let session = InProcessSession()
        _ = try session.client.initialize()
        session.client.open(uri: ThreeErrors.uri, text: ThreeErrors.text)
        _ = try session.client.diagnostics(uri: ThreeErrors.uri)
        session.client.change(uri: ThreeErrors.uri, version: 2, from: (500, 3), to: (900, 0), text: "# the end\n")
        #expect(try session.client.diagnostics(uri: ThreeErrors.uri).count == 3)
        #expect(session.server.documents[ThreeErrors.uri]?.text == ThreeErrors.text + "# the end\n")
        #expect(session.logs.contains { $0.contains("past the end") })
        // A character past the end of its line is the line's end.
        session.client.change(uri: ThreeErrors.uri, version: 3, from: (1, 400), to: (1, 400), text: " X")
        _ = try session.client.diagnostics(uri: ThreeErrors.uri)
        #expect(session.server.documents[ThreeErrors.uri]?.lineText(1) == "displayName: Three X")
    }

    @Test func aFiveMegabyteDocumentIsChecked() throws {
        let session = InProcessSession()
        session.client.timeout = 120
        _ = try session.client.initialize()
        var text = ThreeErrors.text + "notes: |\n"
        let line = "  " + String(repeating: "lorem ipsum 🙂 天气 ", count: 4) + "\n"
        while text.utf8.count < 5 << 20 { text += line }
        session.client.open(uri: ThreeErrors.uri, text: text)
        let diagnostics = try session.client.diagnostics(uri: ThreeErrors.uri)
        #expect(!diagnostics.isEmpty)
        session.client.change(uri: ThreeErrors.uri, version: 2, from: (3, 24), to: (3, 34), text: "systemMedium")
        #expect(try session.client.diagnostics(uri: ThreeErrors.uri).count == diagnostics.count - 1)
    }

    /// A client that goes away without `shutdown`: exit status 1 and a line on stderr, no hang.
    @Test func aClientLeavingWithoutShutdown() throws {
        let lsp = try LSPSubprocess()
        _ = try lsp.client.initialize()
        lsp.client.open(uri: ThreeErrors.uri, text: ThreeErrors.text)
        _ = try lsp.client.diagnostics(uri: ThreeErrors.uri)
        lsp.closeInput()
        #expect(lsp.waitForExit() == 1)
        #expect(lsp.standardError.contains("closed the connection"))

        let second = try LSPSubprocess()
        _ = try second.client.initialize()
        second.client.notify("exit")  // exit without shutdown
        #expect(second.waitForExit() == 1)
    }

    /// Bytes split anywhere still make the same messages.
    @Test func framingAcrossReads() throws {
        var framer = MessageFramer()
        let a = MessageFramer.frame(Array("{\"a\":1}".utf8)), b = MessageFramer.frame(Array("{\"b\":\"🙂\"}".utf8))
        var got: [MessageFramer.Frame] = []
        for byte in a + b {
            framer.append([byte])
            while let frame = framer.next() { got.append(frame) }
        }
        #expect(got == [.message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":\"🙂\"}".utf8))])
    }
}
