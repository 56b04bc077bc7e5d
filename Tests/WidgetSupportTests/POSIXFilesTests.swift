import Foundation
import Testing
import WidgetSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file layer: each refusal is its cause as data, with the path, and the words
/// the compiler and the container print.
@Suite struct POSIXFilesTests {
    static let regularOnly = FileLimits(what: "a test file", maxBytes: 1 << 20, streamBytes: nil)
    static let withStreams = FileLimits(what: "a test file", maxBytes: 1 << 20, streamBytes: 4096)

    /// A fresh directory under /tmp (this target does without WidgetTestSupport).
    func temporaryDirectory() throws -> String {
        var template = Array("/tmp/widgetc-files-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return try #require(made.map { String(cString: $0) })
    }

    func cause(_ path: String, _ limits: FileLimits) -> FileError.Cause? {
        do {
            _ = try POSIXFiles.readFile(path, limits: limits)
            return nil
        } catch {
            #expect(error.path == path)
            return error.cause
        }
    }

    @Test func eachRefusalIsItsCause() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(cause(dir + "/none", Self.regularOnly) == .missing(errno: ENOENT))
        #expect(cause(dir + "/none/x", Self.regularOnly) == .missing(errno: ENOENT))
        #expect(cause(dir, Self.regularOnly) == .directory)
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        // No writer: without streams the open does not wait, and the FIFO is not read.
        #expect(cause(dir + "/fifo", Self.regularOnly) == .notRegular(.fifo))
        #expect(cause("/dev/null", Self.regularOnly) == .notRegular(.device))
        #expect(try POSIXFiles.readFile("/dev/null", limits: Self.withStreams).bytes == [])
        #expect(cause("/dev/zero", Self.withStreams) == .streamTooLarge(limit: 4096))
        let big = dir + "/big"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t((1 << 20) + 1)) == 0)
        let tooLarge = FileError(path: big, cause: .tooLarge(size: (1 << 20) + 1, limits: Self.regularOnly))
        #expect(cause(big, Self.regularOnly) == tooLarge.cause)
        #expect(tooLarge.oversizeByteCount == (1 << 20) + 1)
        #expect(tooLarge.description == "cannot read '\(big)': it has 1048577 bytes; a test file may have at most 1 MiB")
    }

    @Test func aRegularFileIsReadWholeWithItsStatus() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(FileManager.default.createFile(atPath: dir + "/f", contents: Data(bytes)))
        let (read, status) = try POSIXFiles.readFile(dir + "/f", limits: Self.regularOnly)
        #expect(read == bytes)
        #expect(status.type == .regular && status.size == 70_000)
        #expect(POSIXFiles.status(dir + "/f") == status)
        #expect(Array(try POSIXFiles.paths(below: dir) { _ in true }) == [dir + "/f"])
    }

    @Test func theWordsOfEachCause() {
        func reason(_ cause: FileError.Cause) -> String { FileError(path: "p", cause: cause).reason }
        #expect(reason(.missing(errno: ENOENT)) == "No such file or directory")
        #expect(reason(.permission(errno: EACCES)) == "Permission denied")
        #expect(reason(.directory) == "it is a directory")
        #expect(reason(.notRegular(.fifo)) == "it is a FIFO, not a regular file")
        #expect(reason(.notRegular(.device)) == "it is a device, not a regular file")
        #expect(reason(.notRegular(.other)) == "it is not a regular file")
        #expect(reason(.grew(limits: Self.regularOnly)) == "it grew past 1 MiB while read; a test file may have at most 1 MiB")
        #expect(reason(.streamTooLarge(limit: 16 << 20)) == "it gave more than 16 MiB; a pipe or device may give at most 16 MiB")
        #expect(FileError(path: "p", errno: EACCES).cause == .permission(errno: EACCES))
        #expect(FileError(path: "p", errno: EIO).cause == .io(errno: EIO))
    }
}
