import Foundation
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import WidgetLSP

/// A server in this process wired to a client: what the server sends waits in a box until the
/// client reads it; every message is handled when sent, so nothing waits.
final class InProcessSession {
    final class Box { var bytes: [UInt8] = []; var logs: [String] = [] }
    let box = Box()
    let server: LanguageServer
    let client: JSONRPCClient

    init(now: Instant = Instant(seconds: 1_795_000_000)) {
        let box = self.box
        let server = LanguageServer(send: { box.bytes += $0 }, log: { box.logs.append($0) }, now: { now })
        self.server = server
        client = JSONRPCClient(
            send: { server.receive($0) },
            receive: { _ in
                guard !box.bytes.isEmpty else { return nil }
                defer { box.bytes = [] }
                return box.bytes
            })
        client.timeout = 0.1
    }

    var logs: [String] { box.logs }
}

/// A widget with three errors (an unknown family, a default above its max, a template naming
/// no parameter), and the edits that fix them one at a time (zero-based line, UTF-16 columns).
enum ThreeErrors {
    static let uri = "file:///tmp/widgetc-lsp-tests/three.yaml"
    static let text = """
        kind: com.example.three
        displayName: Three
        description: Three errors, fixed one at a time.
        families: [systemSmall, systemHuge]
        parameters:
          count:
            type: integer
            default: 20
            max: 10
        content:
          title: "🙂天气 {{param.nope}}"
        timeline:
          hourly: true

        """
    /// (range start, range end, new text, the codes left afterwards).
    static let fixes: [((Int, Int), (Int, Int), String, [String])] = [
        ((3, 24), (3, 34), "systemMedium", ["param-range", "unknown-variable"]),
        ((7, 13), (7, 15), "5", ["unknown-variable"]),
        ((10, 17), (10, 27), "param.count", []),
    ]
}
