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
        Array(try paths(path))
    }

    /// `expand`'s files kept compactly, for a command that keeps them all (`validate`).
    /// Sorted in `String` order (`SourcePaths.sorted`).
    package static func paths(_ path: String) throws(ReadError) -> SourcePaths {
        guard try POSIXFiles.statusOrError(path).type == .directory else { return [path] }
        return try POSIXFiles.paths(below: path) { name in name.hasSuffix(".yaml") || name.hasSuffix(".yml") }.sorted()
    }
}
