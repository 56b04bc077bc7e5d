#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the container needs, without Foundation's cost
/// and with errno kept, so "missing" and "unreadable" stay distinct.
enum POSIXFiles {
    /// The canonical absolute path (symbolic links resolved), or nil with errno.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    enum EntryKind { case none, symlink, directory, other }

    /// What is at `path` itself (a symbolic link is not followed).
    static func entryKind(_ path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .none }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .symlink
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The target text of a symbolic link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, 4096) }
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    enum ReadResult {
        case bytes([UInt8])
        case missing
        case failed(String)
    }

    /// Reads a whole regular file.
    static func readFile(_ path: String) -> ReadResult {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            return .failed(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(String(cString: strerror(errno))) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failed("it is a directory") }
        var result: [UInt8] = []
        result.reserveCapacity(max(Int(info.st_size), 0) + 1)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return .bytes(result)
    }
}
