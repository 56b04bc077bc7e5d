#if canImport(Glibc)
import Glibc
#endif
import Testing
import WidgetSupport
@testable import WidgetCompiler

/// Files are listed in `String` order, whichever way the paths are compared.
@Suite struct SourceFilesTests {
    @Test func asciiPathsSortAsStringsDo() {
        let paths = [
            "w/b/x.yaml", "w/b.yaml", "w/a.yml", "w/B.yaml", "w/b", "w/", "w/b/x.yaml", "w/b/a.yaml",
            "widgets/w00010.yaml", "widgets/w00002.yaml", "widgets/w0001.yaml", "a", "",
        ]
        #expect(Array(SourcePaths(paths).sorted()) == paths.sorted())
    }

    @Test func otherPathsSortAsStringsDo() {
        // Precomposed and decomposed é are equal strings; the Kelvin sign sorts as K.
        let paths = ["w/caf\u{E9}.yaml", "w/cafe\u{301}.yaml", "w/cafe.yaml", "w/\u{212A}.yaml", "w/K.yaml", "w/z.yaml"]
        // Byte for byte: `==` takes "K" for U+212A and é for e and U+301.
        #expect(Array(SourcePaths(paths).sorted()).map { Array($0.utf8) } == paths.sorted().map { Array($0.utf8) })
    }

    /// A directory's walk, sorted, is in ascending byte order: a path is found there by a binary search.
    @Test func sortedPathsAreFoundByBinarySearch() {
        let paths = SourcePaths(["w/c.yml", "w/b/x.yaml", "w/b.yaml", "z", "w/a.yaml", "w/b/a.yaml"]).sorted()
        #expect(Array(paths) == ["w/a.yaml", "w/b.yaml", "w/b/a.yaml", "w/b/x.yaml", "w/c.yml", "z"])
        #expect(paths.isAscendingASCII)
        for (i, path) in paths.enumerated() { #expect(paths.index(ofASCII: path) == i) }
        for absent in ["", "a", "w/b", "w/b/", "w/b/z.yaml", "w/c.yml2", "zz"] { #expect(paths.index(ofASCII: absent) == nil) }
        #expect(!SourcePaths(["w/b.yaml", "w/a.yaml"]).isAscendingASCII)
        #expect(!SourcePaths(["w/a.yaml", "w/a.yaml"]).isAscendingASCII)
        #expect(!SourcePaths(["w/caf\u{E9}.yaml", "x"]).isAscendingASCII)
        #expect(SourcePaths([String]()).isAscendingASCII && SourcePaths(["a"]).isAscendingASCII)
    }

    /// Paths appended to paths (several command-line arguments): every path after the first
    /// ones, byte for byte, a directory's last file and the next list's first sharing it, and
    /// sorted and found as paths given at once are.
    @Test func pathsAppendedToPaths() {
        var paths = SourcePaths(["w/b.yaml", "w/a.yaml"])
        let more = SourcePaths(["w/c.yml", "caf\u{E9}/x.yaml", "z", "w/b/a.yaml"])
        paths.append(contentsOf: more)
        let all = ["w/b.yaml", "w/a.yaml", "w/c.yml", "caf\u{E9}/x.yaml", "z", "w/b/a.yaml"]
        #expect(Array(paths).map { Array($0.utf8) } == all.map { Array($0.utf8) })
        #expect(Array(paths.sorted()) == Array(SourcePaths(all).sorted()))
        var ascii = SourcePaths(["w/b.yaml"])
        ascii.append(contentsOf: SourcePaths(["w/a.yaml", "v/a.yaml"]))
        let sorted = ascii.sorted()
        #expect(Array(sorted) == ["v/a.yaml", "w/a.yaml", "w/b.yaml"] && sorted.isAscendingASCII)
        for (i, path) in sorted.enumerated() { #expect(sorted.index(ofASCII: path) == i) }
        var empty = SourcePaths()
        empty.append(contentsOf: more)
        #expect(Array(empty) == Array(more))
    }

    /// Paths come back as given, byte for byte: equal `String`s spelled otherwise stay apart, a
    /// directory's files share it, and a bare name has none.
    @Test func pathsKeepTheirBytes() {
        let paths = ["w/caf\u{E9}/a.yaml", "w/cafe\u{301}/a.yaml", "w/cafe\u{301}/b.yaml", "a.yaml", "/x", "w/", "", "w/a.yaml"]
        var list = SourcePaths(paths)
        list.append(directory: "w/", name: "\u{212A}.yaml")
        #expect(Array(list).map { Array($0.utf8) } == (paths + ["w/\u{212A}.yaml"]).map { Array($0.utf8) })
        var joined: SourcePaths = ["a"]
        joined.append(contentsOf: list)
        #expect(joined.count == list.count + 1 && joined.last == list.last)
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

    /// A sparse file one byte over the size limit (no disk space, and never read).
    private func withOversizedFile<T>(named name: String, _ body: (String) throws -> T) throws -> T {
        try withTemporaryFile(Array("a: x\n".utf8)) { small in
            let path = SourceFiles.directory(of: small) + name
            defer { unlink(path) }
            #expect(rename(small, path) == 0)
            #expect(truncate(path, off_t(SourceDocument.maxSourceBytes + 1)) == 0)
            return try body(path)
        }
    }

    @Test(arguments: [("big.yaml", "yaml-too-large"), ("big.json", "json-too-large")])
    func aFileOverTheSizeLimitIsItsOwnErrorAndIsNotRead(name: String, code: String) throws {
        try withOversizedFile(named: name) { path in
            do {
                _ = try SourceFiles.read(path)
                Issue.record("an oversized file was read")
            } catch let error as SourceFiles.ReadError {
                #expect(error.oversizeByteCount == SourceDocument.maxSourceBytes + 1)
                #expect(error.description.hasSuffix("it has \(SourceDocument.maxSourceBytes + 1) bytes; a source file may have at most 1 GiB"))
            }
            // `validate` reports it as the file's diagnostic (exit 1), as the readers word it.
            let diagnostics = try Compilation().validate(path: path)
            #expect(diagnostics.map(\.code.name) == [code])
            #expect(diagnostics.first?.location == SourceLocation.start)
            #expect(diagnostics.first?.message == "the file has \(SourceDocument.maxSourceBytes + 1) bytes; a source file may have at most 1 GiB")
        }
    }

    /// Issue 19: `/dev/zero` was read for a gigabyte per path before it was refused.
    @Test func aStreamIsRefusedAtItsOwnCap() {
        do {
            _ = try SourceFiles.read("/dev/zero")
            Issue.record("/dev/zero was read")
        } catch {
            #expect(error.description == "cannot read '/dev/zero': it gave more than 16 MiB; a pipe or device may give at most 16 MiB")
        }
        #expect((try? SourceFiles.read("/dev/null")) == [])
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
