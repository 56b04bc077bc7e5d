import Foundation
import Testing
import WidgetTestSupport

/// On Linux, `widgetc` does not link FoundationNetworking (libcurl and about 30 more libraries):
/// only `--network live` loads URLSession, from `libWidgetcURLSession.so` beside the executable.
@Suite struct LiveFetcherTests {
    #if os(Linux)
    static let linux = true
    #else
    static let linux = false
    #endif

    @Test(.enabled(if: linux, "FoundationNetworking is a library of its own on Linux only"))
    func widgetcStartsWithoutFoundationNetworking() throws {
        let widgetc = try #require(TestPaths.widgetc, "no built widgetc; run swift build")
        let libraries = try runProcess(["/usr/bin/ldd", widgetc])
        #expect(libraries.status == 0)
        #expect(libraries.stdout.contains("libFoundation.so"))
        #expect(!libraries.stdout.contains("FoundationNetworking"), "\(libraries.stdout)")
        #expect(!libraries.stdout.contains("libcurl"))
        let library = try #require(TestPaths.buildDirectory).appending("/libWidgetcURLSession.so")
        let loaded = try runProcess(["/usr/bin/ldd", library])
        #expect(loaded.stdout.contains("libFoundationNetworking.so"), "\(loaded.stdout)")
    }

    /// A `widgetc` copied without its library: live requests are a usage error that names the
    /// file and how to build it; every other command works as before.
    @Test(.enabled(if: linux, "the library is opened with dlopen on Linux only"))
    func withoutTheLibraryLiveRequestsSaySo() throws {
        let widgetc = try #require(TestPaths.widgetc, "no built widgetc; run swift build")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.path + "/widgetc"
        try FileManager.default.copyItem(atPath: widgetc, toPath: copy)
        let file = TestPaths.widgets + "/notes.yaml"
        let live = try runProcess([copy, "run", file, "--network", "live", "--for", "1h"])
        #expect(live.status == 2)
        #expect(live.stderr.contains("live requests need \(dir.path)/libWidgetcURLSession.so"), "\(live.stderr)")
        #expect(live.stderr.contains("swift build"))
        #expect(live.stdout.isEmpty)
        let scenario = try runProcess([copy, "run", file, "--for", "1h"])
        #expect(scenario.status == 0, "\(scenario.stderr)")
    }
}
