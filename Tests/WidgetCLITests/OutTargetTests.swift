import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 19's `--out` findings: a device, FIFO or symlink at the target is written through
/// (never replaced), an input named as the output is refused, and no temp file survives a
/// signal (not even SIGKILL, on Linux).
@Suite struct OutTargetTests {
    static let weather = TestPaths.widgets + "/weather.yaml"
    static let args = ["run", weather, "--from", "2026-11-29T09:00:00Z", "--for", "2h", "--format", "json"]

    func kind(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    @Test func aDeviceIsWrittenThroughNotReplaced() throws {
        let dir = try temporaryDirectory().path
        // A symlink to /dev/null stands in for the device node (making one needs root).
        try FileManager.default.createSymbolicLink(atPath: dir + "/null", withDestinationPath: "/dev/null")
        let (status, _) = runCLI(Self.args + ["--out", dir + "/null"])
        #expect(status == .success)
        #expect(kind(dir + "/null") == S_IFLNK)
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["null"])
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let dir = try temporaryDirectory().path
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader (a writer's open waits for one): another process, reading to the end.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "wc -c < '\(fifo)' > '\(dir)/count'"]
        try reader.run()
        let (status, _) = runCLI(Self.args + ["--out", fifo])
        reader.waitUntilExit()
        #expect(status == .success)
        let count = try String(contentsOfFile: dir + "/count", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((Int(count) ?? 0) > 100, "\(count)")
        try FileManager.default.removeItem(atPath: dir + "/count")
        #expect(kind(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["pipe"])
    }

    @Test func aSymlinkToAFileWritesTheFileAndKeepsTheLink() throws {
        let dir = try temporaryDirectory().path
        try "old".write(toFile: dir + "/real.json", atomically: true, encoding: .utf8)
        #expect(chmod(dir + "/real.json", 0o640) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "real.json")
        let (status, _) = runCLI(Self.args + ["--out", dir + "/link.json"])
        #expect(status == .success)
        #expect(kind(dir + "/link.json") == S_IFLNK)
        let text = try String(contentsOfFile: dir + "/real.json", encoding: .utf8)
        #expect(try JSONReader.parse(text).json["kind"] == "com.example.weather.now")
        var st = stat()
        #expect(stat(dir + "/real.json", &st) == 0 && st.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.json", "real.json"])
    }

    @Test func anInputAsOutputIsRefused() throws {
        let dir = try temporaryDirectory().path
        let copy = dir + "/weather.yaml"
        try FileManager.default.copyItem(atPath: Self.weather, toPath: copy)
        let before = try String(contentsOfFile: copy, encoding: .utf8)
        let (status, console) = runCLI(["run", copy, "--from", "2026-11-29T09:00:00Z", "--out", copy])
        #expect(status == .usage)
        #expect(console.stderr.split(separator: "\n").count == 1, "\(console.stderr)")
        #expect(console.stderr.contains("is the input file"))
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == before)
    }

    /// A run killed while it writes: SIGTERM (caught) and SIGKILL leave no temp file.
    @Test(arguments: [SIGTERM, SIGKILL, SIGINT])
    func aKilledRunLeavesNoTempFile(_ signal: Int32) throws {
        let widgetc = try #require(TestPaths.widgetc, "no built widgetc; run swift build")
        let dir = try temporaryDirectory().path
        // A long run: a year of minutely reloads takes a while to write. Started with the
        // signals unblocked (a test thread blocks them, and a child would inherit that).
        let process = try SignalableProcess(widgetc, [
            "run", TestPaths.widgets + "/tutorials.yaml", "--from", "2026-11-29T09:00:00Z", "--for", "3650d", "--budget", "100000",
            "--format", "json", "--out", dir + "/out.json",
        ])
        usleep(300_000)
        process.signal(signal)
        let status = process.wait()
        // Ended by the signal itself (the handler raises it again after removing its file).
        #expect(status & 0x7f == signal, "wait status \(status)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(left.isEmpty, "\(left)")
    }
}
