import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// `image: {url}` data sources end to end (docs/data-sources.md, "Remote images"): the checks at the
/// line, a scenario's `respond` with `file:` bytes, the run's private copy of the container, the
/// size warning, malformed bytes, the preview's embedded image, a live request to the loopback server.
@Suite(.serialized) struct RemoteImageCLITests {
    static let widget = """
        kind: photo
        displayName: Photo
        description: The city's photo
        families: [systemSmall]
        parameters:
          city: { type: string, default: paris }
        data:
          cover:
            image: { url: "https://img.example.com/{{param.city}}.png" }
            stale: 6h
        let:
          wide: "data.cover.width > data.cover.height"
        content:
          photo: "{{data.cover.file}}"
          size: "{{data.cover.width}}×{{data.cover.height}}"
          wide: "{{let.wide}}"
        placeholder: { photo: "", size: "", wide: "" }
        view:
          zstack:
            - image: { file: "{{photo}}" }
            - text: "{{size}}"
        timeline: { every: 1h, policy: { after: 1h } }

        """

    static let scenario = """
        - at: 2026-12-01T00:00:00Z
          respond: { url: "https://img.example.com/paris.png", file: small.png }
        - at: 2026-12-01T02:00:00Z
          respond: { url: "https://img.example.com/paris.png", file: big.png }
        - at: 2026-12-01T04:00:00Z
          respond: { url: "https://img.example.com/paris.png", file: bad.png }

        """

    static func setUp() throws -> URL {
        let dir = try temporaryDirectory()
        try widget.write(to: dir.appendingPathComponent("photo.yaml"), atomically: true, encoding: .utf8)
        try scenario.write(to: dir.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        try Data(TestImages.png(width: 40, height: 30)).write(to: dir.appendingPathComponent("small.png"))
        try Data(TestImages.png(width: 1200, height: 900)).write(to: dir.appendingPathComponent("big.png"))
        try Data("<html>nope</html>".utf8).write(to: dir.appendingPathComponent("bad.png"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("container"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: dir.appendingPathComponent("container/app.json"))
        return dir
    }

    @Test func scenarioImagesAreSizedWarnedKeptStaleAndNeverWrittenToDisk() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (status, console) = runCLI([
            "run", dir.appendingPathComponent("photo.yaml").path, "--scenario", dir.appendingPathComponent("scenario.yaml").path,
            "--from", "2026-12-01T00:00:00Z", "--for", "5h", "--format", "json",
        ])
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        let reloads = try #require(run["reloads"]?.array)
        #expect(reloads.count == 5)
        func content(_ i: Int) -> JSONValue? { reloads[i]["entries"]?.array?.first?["content"] }
        #expect(content(0)?["size"] == .string("40×30"))
        #expect(content(0)?["wide"] == .bool(true))  // a lone tag keeps the type
        #expect(content(2)?["size"] == .string("1200×900"))
        let first = try #require(content(0)?["photo"]?.string)
        let second = try #require(content(2)?["photo"]?.string)
        #expect(first.hasPrefix("Library/Application Support/widgetc/images/photo/cover-") && first.hasSuffix(".png"))
        #expect(first != second)
        // Bytes that are no image: the last good one stands in (stale), with the reason.
        #expect(content(4)?["photo"]?.string == second)
        let request = try #require(reloads[4]["requests"]?.array?.first)
        #expect(request["outcome"] == .string("stale"))
        #expect(request["error"] == .string("the body is not a PNG or JPEG image (it starts with 3C 68 74 6D)"))
        let warnings = run["warnings"]?.array ?? []
        let size = warnings.first { $0["code"] == .string("image-size") }
        #expect(size?["message"] == .string(
            "data source 'cover': the image is 1200×900 pixels, more than systemSmall shows (510×510); the device scales it down to about 588×441 at each reload: serve a smaller image"))
        #expect(size?["at"] == .string("2026-12-01T02:00:00+00:00"))
        #expect(warnings.contains { $0["code"] == .string("data-stale") })
        // The run wrote into its private copy only: the container on disk is as it was.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("container").path) == ["app.json"])
    }

    @Test func thePreviewEmbedsEachDownloadedImage() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("p.html").path
        let (status, console) = runCLI([
            "preview", dir.appendingPathComponent("photo.yaml").path, "--scenario", dir.appendingPathComponent("scenario.yaml").path,
            "--from", "2026-12-01T00:00:00Z", "--for", "5h", "--out", out,
        ])
        #expect(status == .success, "\(console.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        for image in [TestImages.png(width: 40, height: 30), TestImages.png(width: 1200, height: 900)] {
            #expect(html.contains("data:image/png;base64," + Data(image).base64EncodedString()))
        }
    }

    @Test func checksAtTheLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bad.yaml").path
        var yaml = Self.widget.replacingOccurrences(of: "image: { url: \"https://img.example.com/{{param.city}}.png\" }", with: "image: { ulr: \"https://img.example.com/a.png\" }\n    select: /a")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        var (_, console) = runCLI(["validate", path])
        #expect(console.stderr.contains("bad.yaml:9:14: error: property 'ulr' is not allowed (did you mean 'url'?) [unknown-key]"), "\(console.stderr)")
        #expect(console.stderr.contains("bad.yaml:10:5: error: property 'select' is not allowed [unknown-key]"), "\(console.stderr)")
        yaml = Self.widget.replacingOccurrences(of: "{{param.city}}.png", with: "{{param.cty}}.png")
            .replacingOccurrences(of: "data.cover.width > data.cover.height", with: "data.cover.widht > 1")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        (_, console) = runCLI(["validate", path])
        #expect(console.stderr.contains("bad.yaml:9:46: error: data source 'cover': 'param.cty' names no declared parameter (did you mean 'city'?) [unknown-variable]"), "\(console.stderr)")
        #expect(console.stderr.contains("bad.yaml:12:20: error: let 'wide': data.cover has no field 'widht' (did you mean 'width'?) [cel-type]"), "\(console.stderr)")
    }

    @Test func aLiveRequestToTheLoopbackServer() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("live.yaml").path
        try Self.widget.replacingOccurrences(of: "image: { url: \"https://img.example.com/{{param.city}}.png\" }", with: "image: { url: \"http://127.0.0.1:\(server.port)/image.png\" }\n    insecure: true")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", path, "--network", "live", "--from", "2026-12-01T00:00:00Z", "--for", "1h", "--format", "json"])
        #expect(status == .success, "\(console.stderr)")
        let run = try JSONReader.parse(console.stdout).json
        let reload = try #require(run["reloads"]?.array?.first)
        #expect(reload["requests"]?.array?.first?["outcome"] == .string("ok"))
        #expect(reload["entries"]?.array?.first?["content"]?["size"] == .string("64×48"))
        #expect(server.requests == ["/image.png"])
    }
}
