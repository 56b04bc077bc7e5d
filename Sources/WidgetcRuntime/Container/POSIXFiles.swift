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

    /// What tells a file's content changed without reading it: identity, size
    /// and both timestamps to the nanosecond.
    struct Status: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: timespec
        let changed: timespec

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
            modified = info.st_mtimespec
            changed = info.st_ctimespec
            #else
            modified = info.st_mtim
            changed = info.st_ctim
            #endif
        }

        /// True when the file was last changed over two seconds ago: a later
        /// change then surely moves its timestamps (they advance by clock ticks).
        var isSettled: Bool {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            return Int64(now.tv_sec) - Int64(max(modified.tv_sec, changed.tv_sec)) > 2
        }

        static func == (a: Status, b: Status) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    /// The status of `path` relative to the open directory `directory` (links followed).
    static func status(_ path: String, in directory: Int32) -> Status? {
        var info = stat()
        guard fstatat(directory, path, &info, 0) == 0 else { return nil }
        return Status(info)
    }

    /// An open directory for `*at` calls, or -1.
    static func openDirectory(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    static func closeFile(_ fd: Int32) { close(fd) }

    /// The status of what `path` names (links followed); nil when it cannot be had.
    static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Status(info)
    }

    enum ReadResult {
        case bytes([UInt8], Status)
        case missing
        case failed(String)
    }

    /// The most a container file may have: a larger one is refused unread (`fstat` decides
    /// before any byte is read), and one that grows past it while read is refused too.
    static let maxFileBytes = 16 << 20

    /// Reads a whole regular file, with its status as it was opened. Anything else (a FIFO,
    /// a device, a socket, a directory) is refused without reading: the open never blocks
    /// (`O_NONBLOCK`: a FIFO with no writer would wait forever), and only `S_IFREG` is read.
    static func readFile(_ path: String) -> ReadResult {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            return .failed(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failed("it is a directory")
        case S_IFIFO: return .failed("it is a FIFO, not a regular file")
        case S_IFCHR, S_IFBLK: return .failed("it is a device, not a regular file")
        default: return .failed("it is not a regular file")
        }
        if Int64(info.st_size) > Int64(maxFileBytes) {
            return .failed("it has \(info.st_size) bytes; a container file may have at most \(maxFileBytes >> 20) MiB")
        }
        var failure: Int32 = 0
        // Read straight into the array's storage (no chunk buffer to zero and copy);
        // one byte more than the size, to see the end of a file that did not grow.
        let wanted = max(Int(info.st_size), 0) + 1
        var result = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            count = readFully(fd, buffer, failure: &failure)
        }
        var filled = result.count == wanted
        while failure == 0, filled {
            if result.count > maxFileBytes {
                return .failed("it grew past \(maxFileBytes >> 20) MiB while read; a container file may have at most \(maxFileBytes >> 20) MiB")
            }
            // The file grew while being read: go on in chunks.
            let chunk = [UInt8](unsafeUninitializedCapacity: 65_536) { buffer, count in
                count = readFully(fd, buffer, failure: &failure)
            }
            filled = chunk.count == 65_536
            result += chunk
        }
        if failure != 0 { return .failed(String(cString: strerror(failure))) }
        return .bytes(result, Status(info))
    }

    /// Reads until `buffer` is full or the file ends; returns the count, or sets `failure`.
    private static func readFully(_ fd: Int32, _ buffer: UnsafeMutableBufferPointer<UInt8>, failure: inout Int32) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let n = read(fd, base + count, buffer.count - count)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return count
            }
            if n == 0 { break }
            count += n
        }
        return count
    }
}
