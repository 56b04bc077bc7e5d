#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WidgetCompiler

/// Files are listed in `String` order, whichever way the paths are compared.
@Suite struct SourceFilesTests {
    @Test func asciiPathsSortAsStringsDo() {
        let paths = [
            "w/b/x.yaml", "w/b.yaml", "w/a.yml", "w/B.yaml", "w/b", "w/", "w/b/x.yaml", "w/b/a.yaml",
            "widgets/w00010.yaml", "widgets/w00002.yaml", "widgets/w0001.yaml", "a", "",
        ]
        #expect(SourceFiles.sortedPaths(paths) == paths.sorted())
    }

    @Test func otherPathsSortAsStringsDo() {
        // Precomposed and decomposed é are equal strings; the Kelvin sign sorts as K.
        let paths = ["w/caf\u{E9}.yaml", "w/cafe\u{301}.yaml", "w/cafe.yaml", "w/\u{212A}.yaml", "w/K.yaml", "w/z.yaml"]
        #expect(SourceFiles.sortedPaths(paths) == paths.sorted())
    }

    /// What `body` returns for the path of a file holding `bytes`, in a
    /// temporary directory removed afterwards.
    private func withTemporaryFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        var template = Array("/tmp/widgetc-read-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        let path = directory + "/file.yaml"
        defer {
            unlink(path)
            rmdir(directory)
        }
        let file = try #require(fopen(path, "wb"))
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        return try body(path)
    }

    @Test func filesAreReadWhole() throws {
        let large = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for bytes in [[], Array("kind: x\n".utf8), large] {
            #expect(try withTemporaryFile(bytes) { try SourceFiles.read($0) } == bytes)
        }
    }

    @Test func filesWithoutASizeAreReadToTheirEnd() throws {
        // /proc reports no size; its files are read until the end.
        let status = try SourceFiles.read("/proc/self/status")
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
    }

    @Test func unreadablePathsSayWhy() {
        #expect(throws: SourceFiles.ReadError.self) { try SourceFiles.read("/no/such/file.yaml") }
        do {
            _ = try SourceFiles.read("/tmp")
            Issue.record("a directory was read")
        } catch {
            #expect(error.description == "cannot read '/tmp': it is a directory")
        }
        do {
            _ = try SourceFiles.read("/no/such/file.yaml")
        } catch {
            #expect(error.description == "cannot read '/no/such/file.yaml': No such file or directory")
        }
    }
}
