import Foundation
import Testing
import WidgetCLI
import WidgetcRuntime
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTestSupport
import WidgetTime

/// `widgetc` is one self-contained file. On Linux the Swift runtime and Foundation are linked into
/// it, and it does not link FoundationNetworking (libcurl and about 30 more libraries at every
/// start): its live requests go through libcurl, opened on the first one, and answer as URLSession does.
@Suite(.serialized) struct LiveFetcherTests {
    #if os(Linux)
    static let linux = true
    #else
    static let linux = false
    #endif

    @Test(.enabled(if: linux, "the Swift libraries are shared libraries of the toolchain on Linux only"))
    func widgetcStartsWithoutSwiftLibrariesOrLibcurl() throws {
        let widgetc = try #require(TestPaths.widgetc, "no built widgetc; run swift build")
        let libraries = try runProcess(["/usr/bin/ldd", widgetc])
        #expect(libraries.status == 0)
        #expect(libraries.stdout.contains("libc.so"))
        // The runtime and Foundation are linked in (Package.swift), FoundationNetworking not at all.
        #expect(!libraries.stdout.contains("libswiftCore"), "\(libraries.stdout)")
        #expect(!libraries.stdout.contains("Foundation"), "\(libraries.stdout)")
        #expect(!libraries.stdout.contains("libcurl"), "\(libraries.stdout)")
        // Nothing of its own beside it: every library it loads is the system's or the toolchain's.
        #expect(!libraries.stdout.contains("not found"), "\(libraries.stdout)")
        #expect(!libraries.stdout.contains("WidgetcURLSession"), "\(libraries.stdout)")
        let build = URL(fileURLWithPath: widgetc).deletingLastPathComponent().path
        #expect(!libraries.stdout.contains(build + "/"), "\(libraries.stdout)")
    }

    /// glibc 2.36 or later, whose loader reads packed relative relocations (Package.swift links them
    /// only then).
    static let glibcReadsPackedRelocations: Bool = {
        // `glibc 2.36`; getconf fails on a C library that is not glibc.
        guard linux, let answer = try? runProcess(["/usr/bin/getconf", "GNU_LIBC_VERSION"]), answer.status == 0,
            let version = answer.stdout.split(whereSeparator: \.isWhitespace).last
        else { return false }
        return !version.split(separator: ".").compactMap { Int($0) }.lexicographicallyPrecedes([2, 36])
    }()

    /// The loader's tables stay small (Package.swift, `linkedCompactly`): relative relocations packed
    /// (DT_RELR) and no symbol of widgetc's own exported. Otherwise 2.4 MB that only the loader reads
    /// stayed resident (bench/README.md, "Peak memory: the loader's tables").
    @Test(
        .enabled(if: glibcReadsPackedRelocations, "packed relocations need glibc 2.36's loader"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf"), "readelf (binutils) is not installed"))
    func widgetcIsLinkedWithSmallLoaderTables() throws {
        let widgetc = try #require(TestPaths.widgetc, "no built widgetc; run swift build")
        let dynamic = try runProcess(["/usr/bin/readelf", "-d", "-W", widgetc])
        #expect(dynamic.status == 0)
        #expect(dynamic.stdout.contains("(RELR)"), "\(dynamic.stdout)")
        let symbols = try runProcess(["/usr/bin/readelf", "--dyn-syms", "-W", widgetc])
        #expect(symbols.status == 0)
        // Swift's mangled names start with `$s`: none of widgetc's own is exported (8,369 were).
        #expect(!symbols.stdout.contains("$s"), "\(symbols.stdout.prefix(2_000))")
    }

    /// A `widgetc` copied alone into an empty directory: `fetch` and `run --network live` reach
    /// a server on 127.0.0.1 (nothing else beside the binary).
    @Test func aWidgetcCopiedAloneMakesLiveRequests() throws {
        let widgetc = try #require(TestPaths.widgetc, "no built widgetc; run swift build")
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let bin = try temporaryDirectory(), work = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: bin)
            try? FileManager.default.removeItem(at: work)
        }
        let copy = bin.path + "/widgetc"
        try FileManager.default.copyItem(atPath: widgetc, toPath: copy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bin.path) == ["widgetc"])
        let file = work.path + "/live.yaml"
        try """
            kind: com.example.alone
            displayName: Test
            description: A test widget
            families: [systemSmall]
            data:
              wish: { url: "http://127.0.0.1:\(server.port)/json", insecure: true, select: /data/title }
            content: { title: "{{data.wish}}" }
            timeline: { once: true }

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let fetched = try runProcess([copy, "fetch", file], in: work.path)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout == "com.example.alone  \(file)\n  wish  GET http://127.0.0.1:\(server.port)/json\n    ok 200\n    \"Hi\"\n")
        let live = try runProcess(
            [copy, "run", file, "--network", "live", "--from", "2026-11-29T09:00:00Z", "--for", "1h"], in: work.path)
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stdout.contains("wish ok 200"), "\(live.stdout)")
        #expect(server.requests == ["/json", "/json"])
    }

    /// The same requests through `widgetc`'s live fetcher and through URLSession (the
    /// `WidgetcRuntime` library's `URLSessionFetcher`, what a device uses) give the same results.
    @Test func theLiveFetcherAnswersAsURLSessionDoes() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        func request(_ path: String, method: String = "GET", headers: [HTTPHeader] = [], body: String? = nil, timeout: Int64 = 10, url: String? = nil) -> FetchRequest {
            FetchRequest(source: "s", url: url ?? base + path, method: method, headers: headers, body: body.map { Array($0.utf8) },
                         timeout: timeout, date: Instant(seconds: 0))
        }
        let refused = "http://127.0.0.1:\(try LoopbackHTTPServer.refusedPort())/json"
        let requests = [
            request("/json"), request("/503"), request("/notjson"), request("/nodata"), request("/redirect"), request("/loop"),
            request("/echo?city=Saint%20%C3%89tienne", method: "POST", headers: [HTTPHeader(name: "Accept", value: "application/json")],
                    body: "city=Saint Étienne"),
            request("/echo", method: "POST", body: String(repeating: "b", count: 100_000)),
            request("/echo", headers: [HTTPHeader(name: "X-Token", value: "t")]),
            request("/slow", timeout: 1), request("", url: refused),
        ]
        let live = try LiveFetcher.load()
        var compared = 0
        for r in requests {
            let curl = live.fetch(r), urlSession = await URLSessionFetcher.shared.fetch(r)
            #expect(curl == urlSession, "\(r.method) \(r.url)")
            compared += 1
        }
        #expect(compared == requests.count)
        // The outcomes themselves, so that two equal mistakes cannot pass.
        #expect(live.fetch(requests[0]) == .response(status: 200, body: Array(#"{"data": {"title": "Hi", "content": "From the loopback"}}"#.utf8)))
        #expect(live.fetch(requests[5]) == .failure("too many redirects"))
        #expect(live.fetch(requests[9]) == .failure(FetchReason.timedOut(1)))
        #expect(live.fetch(requests[10]) == .failure(FetchReason.refused))
        guard case .response(200, let echoed) = live.fetch(requests[6]) else { Issue.record("no echo"); return }
        let echo = try JSONReader.parse(String(decoding: echoed, as: UTF8.self)).json["data"]
        #expect(echo == ["method": "POST", "body": "city=Saint Étienne", "accept": "application/json", "path": "/echo?city=Saint%20%C3%89tienne"])
    }
}
