import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// URL data sources end to end (spec network-data.md): live requests against a
/// server on 127.0.0.1 that the test starts and stops, record and replay, the
/// scenario's answers, `widgetc fetch`.
@Suite(.serialized) struct NetworkTests {
    /// A widget with one URL source per case, against `port`.
    static func widget(port: Int, refused: Int, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("live.yaml").path
        func source(_ name: String, _ path: String, _ more: String = "") -> String {
            "  \(name): { url: \"http://127.0.0.1:{{param.port}}\(path)\", insecure: true, select: /data\(more) }\n"
        }
        var yaml = """
            kind: com.example.live
            displayName: Test
            description: A test widget
            families: [systemSmall]
            parameters:
              port: { type: integer, default: \(port) }
              city: { type: string, default: "Saint Étienne" }
            data:

            """
        yaml += source("json", "/json")
        yaml += source("unavailable", "/503")
        yaml += source("html", "/notjson")
        yaml += source("slow", "/slow", ", timeout: 1s")
        yaml += "  refused: { url: \"http://127.0.0.1:\(refused)/json\", insecure: true }\n"
        yaml += source("redirect", "/redirect")
        yaml += source("big", "/big")
        yaml += source("missing", "/nodata")
        yaml += source("loop", "/loop")
        yaml += source("echo", "/echo?city={{param.city}}", ", method: POST, body: \"city={{param.city}}\", headers: { Accept: application/json }")
        yaml += """
            content: { title: "{{data.json.title}}" }
            placeholder: { title: Offline }
            timeline: { once: true }

            """
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func liveRequestsGiveEachOutcomeAndTheRunFinishes() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.widget(port: server.port, refused: LoopbackHTTPServer.refusedPort(), in: dir)
        let (status, console) = runCLI(["run", file, "--network", "live", "--from", "2026-11-29T09:00:00Z", "--for", "1h", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let object = try JSONReader.parse(console.stdout).json
        let requests = try #require(object["reloads"]?.array?.first?["requests"]?.array)
        var outcome: [String: (String, JSONValue, JSONValue)] = [:]
        for r in requests { outcome[r["source"]!.string!] = (r["outcome"]!.string!, r["status"]!, r["error"]!) }
        #expect(outcome["json"]! == ("ok", 200, .null))
        #expect(outcome["unavailable"]! == ("failed", 503, "HTTP 503"))
        #expect(outcome["html"]! == ("failed", 200, "body is not JSON (line 1, column 1)"))
        #expect(outcome["slow"]! == ("failed", .null, "timed out after 1s"))
        #expect(outcome["refused"]! == ("failed", .null, "connection refused"))
        #expect(outcome["redirect"]! == ("ok", 200, .null))
        #expect(outcome["big"]! == ("failed", 200, "body is over 1 MiB (10485772 bytes)"))
        #expect(outcome["missing"]! == ("failed", 200, "no /data in the body"))
        #expect(outcome["loop"]! == ("failed", .null, "too many redirects"))
        #expect(outcome["echo"]!.0 == "ok")
        #expect(requests.first { $0["source"] == "echo" }?["url"] == .string("http://127.0.0.1:\(server.port)/echo?city=Saint%20%C3%89tienne"))
        #expect(server.requests.contains("/echo?city=Saint%20%C3%89tienne"))
        // A failed source shows the placeholder, as a missing container file does.
        #expect(object["reloads"]?.array?.first?["entries"]?.array?.first?["content"] == ["title": "Offline"])
        #expect(object["budget"]?["requests"] == 10)
        let warnings = object["warnings"]?.array?.compactMap { $0["message"]?.string } ?? []
        #expect(warnings.contains { $0.contains("'unavailable'") && $0.contains("/503: HTTP 503") })
    }

    @Test func aRecordedLiveRunReplaysOfflineByteForByte() throws {
        let server = try LoopbackHTTPServer()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("echo.yaml").path
        try """
            kind: com.example.echo
            displayName: Test
            description: A test widget
            families: [systemSmall]
            parameters: { port: { type: integer, default: \(server.port) } }
            data:
              echo: { url: "http://127.0.0.1:{{param.port}}/echo", insecure: true, select: /data, maxAge: 20m, method: POST, body: hello }
              html: { url: "http://127.0.0.1:{{param.port}}/notjson", insecure: true, stale: 1h }
            content: { method: "{{data.echo.method}}", body: "{{data.echo.body}}" }
            timeline: { once: true, policy: { after: 10m } }

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let record = dir.appendingPathComponent("recorded.json").path
        let common = [file, "--from", "2026-11-29T09:00:00Z", "--for", "1h"]
        let (liveStatus, live) = runCLI(["run"] + common + ["--network", "live", "--record", record])
        server.stop()
        #expect(liveStatus == .success, "\(live.stderr)")
        #expect(live.stdout.contains("echo ok 200") && live.stdout.contains("echo cached"))
        #expect(live.stdout.contains("html failed (body is not JSON (line 1, column 1))"))
        // The server is gone: the replay reads only the recorded scenario.
        let (replayStatus, replay) = runCLI(["run"] + common + ["--scenario", record])
        #expect(replayStatus == .success, "\(replay.stderr)")
        #expect(replay.stdout == live.stdout)
        let (jsonStatus, json) = runCLI(["run"] + common + ["--scenario", record, "--format", "json"])
        #expect(jsonStatus == .success)
        let (liveJSONStatus, _) = runCLI(["run"] + common + ["--network", "live", "--format", "json"])
        #expect(liveJSONStatus == .success)  // bounded: the server is down, every request is refused
        #expect(try JSONReader.parse(json.stdout).json["budget"]?["requests"] == 9)
    }

    @Test func withoutAResponseAURLSourceFailsAndRetryComesSooner() throws {
        let (status, console) = runCLI([
            "run", TestPaths.widgets + "/wishes.yaml", "--from", "2026-11-29T09:00:00+01:00", "--for", "1h", "--format", "json",
        ])
        #expect(status == .success)
        let object = try JSONReader.parse(console.stdout).json
        let first = try #require(object["reloads"]?.array?.first)
        #expect(first["requests"] == [[
            "source": "wishes", "url": "https://api.example.com/wishes?city=Paris", "method": "POST", "outcome": "failed",
            "status": nil, "error": "no response in this run",
        ]])
        #expect(first["policy"] == ["type": "after", "date": "2026-11-29T09:15:00+01:00"])
        #expect(first["entries"]?.array?.first?["content"] == ["title": "Wishes", "content": "No wish right now; we will try again soon."])
    }

    @Test func theOutageScenarioShowsTheFallbackAndTheRetries() throws {
        let (status, console) = runCLI([
            "run", TestPaths.widgets + "/wishes.yaml", "--scenario", TestPaths.widgets + "/scenarios/wishes-outage.json",
            "--from", "2026-11-29T09:00:00+01:00", "--for", "8h",
        ])
        #expect(status == .success, "\(console.stderr)")
        let lines = console.stdout.split(separator: "\n").filter { $0.hasPrefix("2026") }
        #expect(lines.count == 14)
        #expect(lines[3] == "2026-11-29T12:00:00+01:00  after    4/70     policy after 2026-11-29T12:15:00+01:00  wishes failed (no connection)")
        #expect(lines[11] == "2026-11-29T14:00:00+01:00  after    12/70    policy after 2026-11-29T15:00:00+01:00  wishes ok 200")
        #expect(console.stdout.contains("budget: 14 counted reloads, limit 70 per 24 h; 14 network requests\n"))
    }

    @Test func cachedAndStaleAnswersFromTheScenario() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("w.yaml").path
        try """
            kind: com.example.stale
            displayName: Test
            description: A test widget
            families: [systemSmall]
            data:
              news: { url: "https://news.example.com/top", maxAge: 30m, stale: 2h, retry: 5m, select: /top }
            content: { top: "{{data.news}}" }
            timeline: { once: true, policy: { after: 20m } }

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let scenario = dir.appendingPathComponent("s.yaml").path
        try """
            - at: 2026-11-29T09:00:00Z
              respond: { url: "https://news.example.com/top", body: { top: first } }
            - at: 2026-11-29T09:30:00Z
              respond: { url: "https://news.example.com/top", status: 503 }
            - at: 2026-11-29T10:30:00Z
              respond: { url: "https://news.example.com/top", file: top.json, latency: 1s }

            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        try #"{"top": "second"}"#.write(toFile: dir.appendingPathComponent("top.json").path, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", file, "--scenario", scenario, "--from", "2026-11-29T09:00:00Z", "--for", "2h", "--tz", "UTC"])
        #expect(status == .success, "\(console.stderr)")
        let lines = console.stdout.split(separator: "\n").filter { $0.hasPrefix("2026") }.map { $0.split(separator: " ").last.map(String.init) ?? "" }
        guard status == .success else { return }
        let reloads = console.stdout.split(separator: "\n").filter { $0.hasPrefix("2026") }.map(String.init)
        #expect(reloads[0].hasSuffix("news ok 200"))
        #expect(reloads[1].hasPrefix("2026-11-29T09:20:00+00:00") && reloads[1].hasSuffix("news cached"))
        #expect(reloads[2].hasPrefix("2026-11-29T09:40:00+00:00") && reloads[2].hasSuffix("news stale (HTTP 503)"))
        // retry 5m after a stale answer, sooner than the policy's 20m.
        #expect(reloads[2].contains("policy after 2026-11-29T09:45:00+00:00"))
        #expect(reloads.contains { $0.hasPrefix("2026-11-29T10:30:00+00:00") && $0.hasSuffix("news ok 200") })
        #expect(console.stdout.contains("top=\"second\""))
        #expect(!lines.isEmpty)
    }

    @Test func fetchChecksAnEndpointOnce() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("f.yaml").path
        try """
            kind: com.example.fetch
            displayName: Test
            description: A test widget
            families: [systemSmall]
            parameters: { port: { type: integer, default: 1 } }
            data:
              wish: { url: "http://127.0.0.1:{{param.port}}/json", insecure: true, select: /data/title }
            content: { title: "{{data.wish}}" }
            timeline: { once: true }

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let record = dir.appendingPathComponent("r.json").path
        let (status, console) = runCLI(["fetch", file, "--param", "port=\(server.port)", "--record", record])
        #expect(status == .success, "\(console.stderr)")
        #expect(console.stdout == "com.example.fetch  \(file)\n  wish  GET http://127.0.0.1:\(server.port)/json\n    ok 200\n    \"Hi\"\n")
        #expect(try String(contentsOfFile: record, encoding: .utf8).contains("\"respond\""))
        let (failed, down) = runCLI(["fetch", file, "--param", "port=\(try LoopbackHTTPServer.refusedPort())"])
        #expect(failed == .inputErrors)
        #expect(down.stdout.hasSuffix("    failed: connection refused\n"))
    }
}
