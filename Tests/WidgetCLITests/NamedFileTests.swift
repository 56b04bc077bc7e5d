import Foundation
import Testing
import WidgetTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that another file names (a bundle's widget file, a String Catalog) is read only when
/// it is a regular file: a FIFO there is refused at once, where opening it would wait forever
/// for a writer. Run as a subprocess under `timeout`, so a regression fails instead of hanging.
@Suite struct NamedFileTests {
    func validate(_ file: String) throws -> ProcessResult {
        guard let widgetc = TestPaths.widgetc else { throw TestFailure("no built widgetc; run swift build") }
        return try runProcess(["/usr/bin/timeout", "30", widgetc, "validate", file])
    }

    @Test func aFIFONamedAsABundleWidgetIsRefusedNotWaitedFor() throws {
        let dir = try temporaryDirectory().path
        #expect(mkfifo(dir + "/pipe.yaml", 0o600) == 0)
        try "app: com.example.fifo\ndisplayName: Fifo\nwidgets: [pipe.yaml]\n"
            .write(toFile: dir + "/app.yaml", atomically: true, encoding: .utf8)
        let result = try validate(dir + "/app.yaml")
        #expect(result.status == 1, "\(result.status) \(result.stderr)")
        #expect((result.stdout + result.stderr).contains("widget file 'pipe.yaml' cannot be read (looked for \(dir)/pipe.yaml): it is a FIFO, not a regular file"), "\(result.stdout)\(result.stderr)")
    }

    @Test func aFIFONamedAsAStringCatalogIsRefusedNotWaitedFor() throws {
        let dir = try temporaryDirectory().path
        #expect(mkfifo(dir + "/Strings.xcstrings", 0o600) == 0)
        let widget = try String(contentsOfFile: TestPaths.widgets + "/weather.yaml", encoding: .utf8)
        try (widget + "\nlocalization:\n  catalog: Strings.xcstrings\n")
            .write(toFile: dir + "/w.yaml", atomically: true, encoding: .utf8)
        let result = try validate(dir + "/w.yaml")
        #expect(result.status == 1, "\(result.status) \(result.stderr)")
        #expect((result.stdout + result.stderr).contains("String Catalog 'Strings.xcstrings' cannot be read"), "\(result.stdout)\(result.stderr)")
    }
}
