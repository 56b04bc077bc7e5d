#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetSupport
import WidgetYAML

/// Reading input files: bytes from disk (through `POSIXFiles`), documents from bytes.
package enum SourceFiles {
    /// A path that cannot be read: the command line or environment is wrong (exit 2), unless
    /// it is a regular file over `SourceDocument.maxSourceBytes` (`oversizeByteCount`: the
    /// input is wrong, not the path, and `validate` reports it as the file's diagnostic).
    package typealias ReadError = FileError

    /// The most read from a file whose size is not known beforehand (a pipe, a device,
    /// `/proc`): `validate /dev/zero` is refused after 16 MiB, not after a gigabyte per path.
    package static let maxStreamBytes = 16 << 20

    /// A source file may have 1 GiB (the readers' own limit); a pipe or device is read too.
    static let limits = FileLimits(what: "a source file", maxBytes: SourceDocument.maxSourceBytes, streamBytes: maxStreamBytes)

    /// A file another file names (a bundle's widget file, a String Catalog): regular files
    /// only, opened without blocking, so a FIFO named there is refused instead of waiting forever.
    static let namedLimits = FileLimits(what: "a source file", maxBytes: SourceDocument.maxSourceBytes, streamBytes: nil)

    /// The whole file (a pipe or a device up to `maxStreamBytes`).
    package static func read(_ path: String) throws(ReadError) -> [UInt8] {
        try POSIXFiles.readFile(path, limits: limits).bytes
    }

    /// The whole file, when another file names it: only a regular file is read.
    package static func readNamed(_ path: String) throws(ReadError) -> [UInt8] {
        try POSIXFiles.readFile(path, limits: namedLimits).bytes
    }

    /// The documents of a file: JSON for `.json`, YAML otherwise, and its first error (a
    /// duplicate key included), for readers that stop at any error.
    package static func documents(of bytes: [UInt8], path: String) -> (documents: [SourceNode], error: SourceError?) {
        let file = load(bytes, path: path)
        return (file.documents, file.firstError)
    }

    /// The documents of a file: JSON for `.json`, YAML otherwise. Reading stops at the first
    /// fatal error (`error`), which comes with the documents read before it; a duplicate key
    /// does not stop it (`duplicates`).
    package static func load(_ bytes: [UInt8], path: String) -> YAMLFile {
        if path.hasSuffix(".json") {
            do {
                return YAMLFile(documents: [try JSONReader.parse(bytes: bytes)], error: nil)
            } catch {
                return YAMLFile(documents: [], error: error)
            }
        }
        return YAMLLoader.load(bytes: bytes)
    }

    /// `dir/` of `dir/file.yaml` (empty for a bare file name).
    package static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    /// The default app group container: `container/` beside a widget or manifest file.
    package static func defaultContainer(beside file: String) -> String {
        directory(of: file) + "container"
    }

    /// `*.yaml` and `*.yml` files under `path` (recursively, sorted), or `path` itself if it is a file.
    package static func expand(_ path: String) throws(ReadError) -> [String] {
        guard try POSIXFiles.statusOrError(path).type == .directory else { return [path] }
        let found = try POSIXFiles.files(below: path) { name in name.hasSuffix(".yaml") || name.hasSuffix(".yml") }
        return sortedPaths(found)
    }

    /// `paths.sorted()`. When every path is ASCII, String order is byte order, so the
    /// bytes are compared directly (the runtime's comparison costs several times more).
    static func sortedPaths(_ paths: [String]) -> [String] {
        var paths = paths
        for i in paths.indices { paths[i].makeContiguousUTF8() }
        let allASCII = paths.allSatisfy { path in
            path.utf8.withContiguousStorageIfAvailable { $0.isASCII } ?? false
        }
        guard allASCII else { return paths.sorted() }
        return paths.sorted(by: bytesPrecede)
    }

    /// Whether `a`'s UTF-8 bytes come before `b`'s (lexicographically, a prefix first).
    private static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        let verdict = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let common = min(x.count, y.count)
                guard common > 0, let p = x.baseAddress, let q = y.baseAddress else { return x.count < y.count }
                let order = memcmp(p, q, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
        return (verdict ?? nil) ?? (a < b)
    }
}
