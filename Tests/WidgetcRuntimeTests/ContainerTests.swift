import Foundation
import Testing
import WidgetTestSupport
import WidgetSupport
@testable import WidgetcRuntimeCore

@Suite("App group container")
struct ContainerTests {
    /// A container directory and a sibling directory outside it.
    struct Layout {
        let root: URL
        let container: URL
        let outside: URL
    }

    func layout() throws -> Layout {
        let root = try temporaryDirectory()
        let container = root.appendingPathComponent("container")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: container.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("{\"a\": 1}".utf8).write(to: container.appendingPathComponent("data.json"))
        try Data("inner".utf8).write(to: container.appendingPathComponent("sub/inner.json"))
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.json"))
        return Layout(root: root, container: container, outside: outside)
    }

    func isRefused(_ file: ContainerFile) -> Bool {
        if case .refused = file { return true }
        return false
    }

    @Test func readsFilesInside() throws {
        let l = try layout()
        defer { try? FileManager.default.removeItem(at: l.root) }
        let c = Container(directory: l.container.path)
        #expect(c.read("data.json") == .found(Array("{\"a\": 1}".utf8)))
        #expect(c.read("./sub//inner.json") == .found(Array("inner".utf8)))
        #expect(c.read("nope.json") == .missing)
        #expect(c.read("nodir/nope.json") == .missing)
        if case .unreadable = c.read("sub") {} else { Issue.record("a directory is not a readable file") }
    }

    /// Issue 19: a FIFO blocked the run forever; a sparse file of gigabytes was read whole.
    @Test func onlyRegularFilesUnderTheCapAreRead() throws {
        let l = try layout()
        defer { try? FileManager.default.removeItem(at: l.root) }
        let fifo = l.container.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let sparse = l.container.appendingPathComponent("sparse.json").path
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        #expect(truncate(sparse, 3 << 30) == 0)  // 3 GiB of holes: nothing written
        let atCap = l.container.appendingPathComponent("cap.json").path
        #expect(FileManager.default.createFile(atPath: atCap, contents: nil))
        #expect(truncate(atCap, off_t(Container.maxFileBytes)) == 0)
        let c = Container(directory: l.container.path)
        // No writer on the FIFO: a blocking open would never return.
        guard case .unreadable(let why) = c.read("pipe.json") else { Issue.record("a FIFO is not read"); return }
        #expect(why == "it is a FIFO, not a regular file")
        guard case .unreadable(let big) = c.read("sparse.json") else { Issue.record("over the cap"); return }
        #expect(big == "it has 3221225472 bytes; a container file may have at most 1 MiB")
        if case .found(let bytes) = c.read("cap.json") { #expect(bytes.count == Container.maxFileBytes) } else {
            Issue.record("a file of exactly the cap is read")
        }
    }

    @Test func rewrittenFilesAreReadAgain() throws {
        let l = try layout()
        defer { try? FileManager.default.removeItem(at: l.root) }
        let c = Container(directory: l.container.path)
        let file = l.container.appendingPathComponent("data.json")
        #expect(c.read("data.json") == .found(Array("{\"a\": 1}".utf8)))
        try Data("{\"a\": 2}".utf8).write(to: file)  // same size, same second
        #expect(c.read("data.json") == .found(Array("{\"a\": 2}".utf8)))
        try Data("[]".utf8).write(to: file)
        #expect(c.read("data.json") == .found(Array("[]".utf8)))
        // A file that has not changed for a while is known by its status.
        let old = Date(timeIntervalSinceNow: -60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        #expect(c.read("data.json") == .found(Array("[]".utf8)))
        #expect(c.read("data.json") == .found(Array("[]".utf8)))
        try FileManager.default.removeItem(at: file)
        #expect(c.read("data.json") == .missing)
    }

    @Test func dotDotAndAbsolutePathsAreRefused() throws {
        let l = try layout()
        defer { try? FileManager.default.removeItem(at: l.root) }
        let c = Container(directory: l.container.path)
        for path in ["../outside/secret.json", "sub/../data.json", "..", l.outside.appendingPathComponent("secret.json").path, "/etc/passwd", "", "."] {
            #expect(isRefused(c.read(path)), "\(path)")
        }
        if case .refused(let r) = c.read("../outside/secret.json") { #expect(r.reason.contains("..")) }
        if case .refused(let r) = c.read("/etc/passwd") { #expect(r.reason.contains("absolute")) }
    }

    @Test func symbolicLinksLeadingOutsideAreRefused() throws {
        let l = try layout()
        defer { try? FileManager.default.removeItem(at: l.root) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: l.container.appendingPathComponent("out").path, withDestinationPath: l.outside.path)
        try fm.createSymbolicLink(
            atPath: l.container.appendingPathComponent("secret.json").path,
            withDestinationPath: l.outside.appendingPathComponent("secret.json").path)
        try fm.createSymbolicLink(atPath: l.container.appendingPathComponent("relative.json").path, withDestinationPath: "../outside/secret.json")
        try fm.createSymbolicLink(atPath: l.container.appendingPathComponent("dangling.json").path, withDestinationPath: "../outside/none.json")
        try fm.createSymbolicLink(atPath: l.container.appendingPathComponent("alias.json").path, withDestinationPath: "sub/inner.json")
        try fm.createSymbolicLink(atPath: l.container.appendingPathComponent("later.json").path, withDestinationPath: "sub/later.json")

        let c = Container(directory: l.container.path)
        #expect(isRefused(c.read("out/secret.json")))
        #expect(isRefused(c.read("out/none.json")))
        #expect(isRefused(c.read("secret.json")))
        #expect(isRefused(c.read("relative.json")))
        #expect(isRefused(c.read("dangling.json")))
        #expect(c.read("alias.json") == .found(Array("inner".utf8)))
        #expect(c.read("later.json") == .missing)

        var writable = c
        #expect(throws: ContainerRefusal.self) { try writable.write("out/new.json", value: 1) }
        #expect(throws: ContainerRefusal.self) { try writable.write("dangling.json", value: 1) }
        #expect(throws: ContainerRefusal.self) { try writable.write("../x.json", value: 1) }
        #expect(throws: ContainerRefusal.self) { try writable.write("/tmp/x.json", value: 1) }
        #expect(!fm.fileExists(atPath: l.outside.appendingPathComponent("new.json").path))
    }

    @Test func aContainerReachedThroughASymbolicLinkStillWorks() throws {
        let l = try layout()
        defer { try? FileManager.default.removeItem(at: l.root) }
        let link = l.root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: l.container.path)
        let c = Container(directory: link.path)
        #expect(c.read("data.json") == .found(Array("{\"a\": 1}".utf8)))
        #expect(isRefused(c.read("../outside/secret.json")))
    }

    @Test func writesGoToTheOverlayOnly() throws {
        let l = try layout()
        defer { try? FileManager.default.removeItem(at: l.root) }
        var c = Container(directory: l.container.path)
        try c.write("data.json", value: ["a": 2, "b": [true, nil]])
        try c.write("new/deep.json", value: "x")
        #expect(c.read("data.json") == .found(Array(#"{"a":2,"b":[true,null]}"#.utf8)))
        #expect(c.read("./new/deep.json") == .found(Array(#""x""#.utf8)))
        #expect(try Data(contentsOf: l.container.appendingPathComponent("data.json")) == Data("{\"a\": 1}".utf8))
        #expect(!FileManager.default.fileExists(atPath: l.container.appendingPathComponent("new").path))
    }

    @Test func aMissingDirectoryHasOnlyMissingFiles() throws {
        var c = Container(directory: "/nonexistent-\(UUID().uuidString)")
        #expect(c.read("a.json") == .missing)
        #expect(isRefused(c.read("../a.json")))
        try c.write("a.json", value: 1)
        #expect(c.read("a.json") == .found(Array("1".utf8)))
    }
}
