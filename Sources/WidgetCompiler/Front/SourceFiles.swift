#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetSupport
import WidgetYAML

/// Reading input files: bytes from disk, documents from bytes.
package enum SourceFiles {
    /// A path that cannot be read: the command line or environment is wrong (exit 2).
    package struct ReadError: Error, Sendable, CustomStringConvertible {
        package let path: String
        package let reason: String
        /// The size of a regular file refused unread for being over `SourceDocument.maxSourceBytes`
        /// (the input is wrong, not the path: `validate` reports it as the file's diagnostic).
        package let oversizeByteCount: Int?
        package var description: String { "cannot read '\(path)': \(reason)" }

        init(path: String, reason: String, oversizeByteCount: Int? = nil) {
            self.path = path
            self.reason = reason
            self.oversizeByteCount = oversizeByteCount
        }
    }

    /// What is said of a file over `SourceDocument.maxSourceBytes`.
    static let sizeLimitText = "a source file may have at most 1 GiB"

    /// The most read from a file whose size is not known beforehand (a pipe, a device,
    /// `/proc`): `validate /dev/zero` is refused after 16 MiB, not after a gigabyte per path.
    package static let maxStreamBytes = 16 << 20
    static let streamLimitText = "a pipe or device may give at most 16 MiB"

    /// The whole file, read with POSIX calls (no Foundation on the hot path).
    package static func read(_ path: String) throws(ReadError) -> [UInt8] {
        // The path's own bytes are NUL-terminated: no C copy of it to allocate.
        let fd = path.withCString { open($0, O_RDONLY) }
        guard fd >= 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw ReadError(path: path, reason: "it is a directory") }
        // A regular file is read as the size `fstat` gives (no extra read to
        // find the end); one that reports no size (as /proc does) or is not
        // regular grows as it reads.
        let size = max(Int(st.st_size), 0)
        // Not read at all: reading it would only hold a gigabyte to refuse it.
        if size > SourceDocument.maxSourceBytes {
            throw ReadError(path: path, reason: "it has \(size) bytes; \(sizeLimitText)", oversizeByteCount: size)
        }
        let result = (st.st_mode & S_IFMT) == S_IFREG && size > 0 ? readKnownSize(fd, size) : readToEnd(fd)
        switch result {
        case .success(let bytes): return bytes
        case .failure(.tooLarge): throw ReadError(path: path, reason: "it gave more than 16 MiB; \(streamLimitText)")
        case .failure(.system(let code)): throw ReadError(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Why `read` stopped: an `errno`, or a stream (of no known size) past the size limit.
    private enum ReadFailure: Error {
        case system(Int32)
        case tooLarge
    }

    /// Up to `size` bytes, into an array of that capacity left uninitialized
    /// until read (fewer if the file shrank meanwhile).
    private static func readKnownSize(_ fd: Int32, _ size: Int) -> Result<[UInt8], ReadFailure> {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, filled in
            while filled < size {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { break }
                filled += n
            }
        }
        return failure == 0 ? .success(bytes) : .failure(.system(failure))
    }

    /// Everything up to the end, for a file whose size is not known beforehand
    /// (refused past the size limit: `/dev/zero` must not fill the memory).
    private static func readToEnd(_ fd: Int32) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        var filled = 0
        while true {
            if filled == bytes.count {
                // Full: one read into a small stack buffer tells the end from more data.
                var probe: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
                let n = withUnsafeMutableBytes(of: &probe) { Glibc.read(fd, $0.baseAddress!, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return .failure(.system(errno))
                }
                if n == 0 { break }
                withUnsafeBytes(of: &probe) { bytes.append(contentsOf: $0.prefix(n)) }
                filled += n
                if filled > maxStreamBytes { return .failure(.tooLarge) }
                // Room up to one byte past the limit: enough to see it passed.
                bytes.append(contentsOf: repeatElement(0, count: min(max(4096, bytes.count), maxStreamBytes + 1 - bytes.count)))
                continue
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if n == 0 { break }
            filled += n
            if filled > maxStreamBytes { return .failure(.tooLarge) }
        }
        if filled < bytes.count { bytes.removeSubrange(filled...) }
        return .success(bytes)
    }

    /// The documents of a file: JSON for `.json`, YAML otherwise. Reading stops
    /// at the first error, which is returned with the documents read before it.
    package static func documents(of bytes: [UInt8], path: String) -> (documents: [SourceNode], error: SourceError?) {
        if path.hasSuffix(".json") {
            do {
                return ([try JSONReader.parse(bytes: bytes)], nil)
            } catch {
                return ([], error)
            }
        }
        let file = YAMLLoader.load(bytes: bytes)
        return (file.documents, file.error)
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
        var st = stat()
        guard stat(path, &st) == 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return [path] }
        var found: [String] = []
        try walk(path, into: &found)
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

    private static func walk(_ directory: String, into found: inout [String]) throws(ReadError) {
        guard let dir = opendir(directory) else {
            throw ReadError(path: directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var subdirectories: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            let full = base + name
            // The entry's type from readdir saves a stat per file; links and
            // file systems that do not say are asked with stat.
            var isDirectory = Int32(entry.pointee.d_type) == DT_DIR
            if Int32(entry.pointee.d_type) == DT_LNK || Int32(entry.pointee.d_type) == DT_UNKNOWN {
                var st = stat()
                guard stat(full, &st) == 0 else { continue }
                isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
            }
            if isDirectory {
                subdirectories.append(full)
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                found.append(full)
            }
        }
        for sub in subdirectories { try walk(sub, into: &found) }
    }
}
