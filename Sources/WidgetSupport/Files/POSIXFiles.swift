#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file layer: the file-system calls the compiler, the runtime's container and the
/// command line's `--out` need, without Foundation's cost and with errno kept, so "missing",
/// "not a regular file", "too large" and "unreadable" stay distinct (`FileError`).
package enum POSIXFiles {
    /// The canonical absolute path (symbolic links resolved), or nil with errno.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    package enum EntryKind { case none, symlink, directory, other }

    /// What is at `path` itself (a symbolic link is not followed).
    package static func entryKind(_ path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .none }
        switch FileType(info.st_mode) {
        case .symlink: return .symlink
        case .directory: return .directory
        default: return .other
        }
    }

    /// The target text of a symbolic link.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = buffer.withUnsafeMutableBufferPointer { $0.baseAddress.map { readlink(path, $0, 4096) } ?? -1 }
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a status says a file is.
    package enum FileType: Sendable, Equatable {
        case regular, directory, symlink, fifo, device, other

        init<Mode: BinaryInteger>(_ mode: Mode) {
            switch mode_t(truncatingIfNeeded: mode) & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symlink
            case S_IFIFO: self = .fifo
            case S_IFCHR, S_IFBLK: self = .device
            default: self = .other
            }
        }
    }

    /// What tells a file's content changed without reading it: identity, size
    /// and both timestamps to the nanosecond (and its type and permission bits).
    package struct Status: Equatable, Sendable {
        package let device: UInt64
        package let inode: UInt64
        package let size: Int64
        package let type: FileType
        /// The permission bits (`st_mode & 0o7777`).
        package let permissions: UInt32
        let modified: timespec
        let changed: timespec

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)  // dev_t is Int32 on Darwin
            inode = UInt64(truncatingIfNeeded: info.st_ino)
            size = Int64(info.st_size)
            type = FileType(info.st_mode)
            permissions = UInt32(info.st_mode) & 0o7777
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
        package var isSettled: Bool {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            return Int64(now.tv_sec) - Int64(max(modified.tv_sec, changed.tv_sec)) > 2
        }

        /// The same file (device and inode), through whatever path or link.
        package func isSameFile(as other: Status) -> Bool {
            device == other.device && inode == other.inode
        }

        package static func == (a: Status, b: Status) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    /// The status of `path` relative to the open directory `directory` (links followed).
    package static func status(_ path: String, in directory: Int32) -> Status? {
        var info = stat()
        guard fstatat(directory, path, &info, 0) == 0 else { return nil }
        return Status(info)
    }

    /// An open directory for `*at` calls, or -1.
    package static func openDirectory(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    package static func closeFile(_ fd: Int32) { close(fd) }

    /// The status of what `path` names (links followed); nil when it cannot be had.
    package static func status(_ path: String) -> Status? {
        try? statusOrError(path)
    }

    /// The status of what `path` names (links followed), or why it cannot be had.
    package static func statusOrError(_ path: String) throws(FileError) -> Status {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError(path: path, errno: errno) }
        return Status(info)
    }

    /// The text of an `errno` (`strerror`).
    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    // MARK: Reading

    /// Reads a whole file, with its status as it was opened. A directory is refused; anything
    /// else that is not a regular file (a FIFO, a device, a socket) is refused without reading
    /// unless `limits` allow streams (then it is read up to `streamBytes`). Without streams the
    /// open never blocks (`O_NONBLOCK`: a FIFO with no writer would wait forever). A regular
    /// file over `maxBytes` is refused unread (`fstat` decides before any byte is read), and
    /// one that grows past it while read is refused too.
    package static func readFile(_ path: String, limits: FileLimits) throws(FileError) -> (bytes: [UInt8], status: Status) {
        // The path's own bytes are NUL-terminated: no C copy of it to allocate.
        let flags = O_RDONLY | O_CLOEXEC | (limits.streamBytes == nil ? O_NONBLOCK : 0)
        let fd = path.withCString { open($0, flags) }
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, cause: .io(errno: errno)) }
        let status = Status(info)
        // A regular file is read as the size `fstat` gives, plus one byte to see its end; one
        // that reports no size (as /proc does) or a stream grows as it reads.
        let expected: Int
        let cap: Int
        switch status.type {
        case .regular:
            let size = max(Int(info.st_size), 0)
            // Not read at all: reading it would only hold the bytes to refuse them.
            if size > limits.maxBytes { throw FileError(path: path, cause: .tooLarge(size: size, limits: limits)) }
            expected = size
            cap = size == 0 ? (limits.streamBytes ?? limits.maxBytes) : limits.maxBytes
        case .directory:
            throw FileError(path: path, cause: .directory)
        default:
            guard let streamBytes = limits.streamBytes else { throw FileError(path: path, cause: .notRegular(status.type)) }
            expected = 0
            cap = streamBytes
        }
        switch readAll(fd, expected: expected, cap: cap) {
        case .success(let bytes): return (bytes, status)
        case .failure(.system(let code)): throw FileError(path: path, cause: .io(errno: code))
        case .failure(.overCap):
            // A stream (or a file that reports no size) is capped at `streamBytes`; a regular
            // file of a known size that grew while read, at `maxBytes`.
            if let streamBytes = limits.streamBytes, expected == 0 {
                throw FileError(path: path, cause: .streamTooLarge(limit: streamBytes))
            }
            throw FileError(path: path, cause: .grew(limits: limits))
        }
    }

    private enum ReadFailure: Error {
        case system(Int32)
        case overCap
    }

    /// Everything up to the end: `expected + 1` bytes at once straight into the array's storage
    /// (no chunk buffer to zero and copy), then chunks while the file keeps giving, refused past `cap`.
    private static func readAll(_ fd: Int32, expected: Int, cap: Int) -> Result<[UInt8], ReadFailure> {
        var failure: Int32 = 0
        let wanted = expected > 0 ? expected + 1 : 4096
        var result = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            count = readFully(fd, buffer, failure: &failure)
        }
        var filled = result.count == wanted
        while failure == 0, filled, result.count <= cap {
            let chunk = [UInt8](unsafeUninitializedCapacity: 65_536) { buffer, count in
                count = readFully(fd, buffer, failure: &failure)
            }
            filled = chunk.count == 65_536
            result += chunk
        }
        if failure != 0 { return .failure(.system(failure)) }
        if result.count > cap { return .failure(.overCap) }
        return .success(result)
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

    // MARK: Directories

    /// The paths of the entries below `directory` (recursively; names starting with `.` are
    /// left out, as are directories themselves) for which `keep` holds, in no set order.
    package static func paths(below directory: String, keep: (String) -> Bool) throws(FileError) -> SourcePaths {
        var found = SourcePaths()
        try walk(directory, keep: keep, into: &found)
        return found
    }

    private static func walk(_ directory: String, keep: (String) -> Bool, into found: inout SourcePaths) throws(FileError) {
        guard let dir = opendir(directory) else { throw FileError(path: directory, errno: errno) }
        defer { closedir(dir) }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var subdirectories: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            // The entry's type from readdir saves a stat per file; links and
            // file systems that do not say are asked with stat.
            var isDirectory = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_LNK) || Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                guard let status = status(base + name) else { continue }
                isDirectory = status.type == .directory
            }
            if isDirectory {
                subdirectories.append(base + name)
            } else if keep(name) {
                found.append(directory: base, name: name)
            }
        }
        for sub in subdirectories { try walk(sub, keep: keep, into: &found) }
    }
}

/// What a reader accepts: the most a regular file may have, and whether streams (pipes,
/// devices) are read and up to how much.
package struct FileLimits: Sendable, Equatable {
    /// What the file is called in a refusal ("a source file").
    package let what: String
    /// The most a regular file may have; a larger one is refused unread.
    package let maxBytes: Int
    /// The most read from a stream (a pipe, a device, a file that reports no size); nil: only
    /// regular files are read.
    package let streamBytes: Int?

    package init(what: String, maxBytes: Int, streamBytes: Int?) {
        self.what = what
        self.maxBytes = maxBytes
        self.streamBytes = streamBytes
    }
}

/// A path that cannot be read, as data: the path and the cause.
package struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Cause: Sendable, Equatable {
        /// `ENOENT` or `ENOTDIR`.
        case missing(errno: Int32)
        /// `EACCES` or `EPERM`.
        case permission(errno: Int32)
        case directory
        /// A FIFO, device or socket where only regular files are read.
        case notRegular(POSIXFiles.FileType)
        /// A regular file over `limits.maxBytes`, not read.
        case tooLarge(size: Int, limits: FileLimits)
        /// A regular file that grew past `limits.maxBytes` while read.
        case grew(limits: FileLimits)
        /// A stream that gave more than `limit` bytes.
        case streamTooLarge(limit: Int)
        /// Any other `errno` from opening, `fstat` or reading.
        case io(errno: Int32)
    }

    package let path: String
    package let cause: Cause

    package init(path: String, cause: Cause) {
        self.path = path
        self.cause = cause
    }

    /// The cause of a failed `open`, `stat` or `opendir`.
    package init(path: String, errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self.init(path: path, cause: .missing(errno: code))
        case EACCES, EPERM: self.init(path: path, cause: .permission(errno: code))
        default: self.init(path: path, cause: .io(errno: code))
        }
    }

    /// Why, in words (without the path).
    package var reason: String {
        switch cause {
        case .missing(let code), .permission(let code), .io(let code): return POSIXFiles.errorText(code)
        case .directory: return "it is a directory"
        case .notRegular(.fifo): return "it is a FIFO, not a regular file"
        case .notRegular(.device): return "it is a device, not a regular file"
        case .notRegular: return "it is not a regular file"
        case .tooLarge(let size, let limits):
            return "it has \(size) bytes; \(limits.what) may have at most \(Self.sizeText(limits.maxBytes))"
        case .grew(let limits):
            let most = Self.sizeText(limits.maxBytes)
            return "it grew past \(most) while read; \(limits.what) may have at most \(most)"
        case .streamTooLarge(let limit):
            return "it gave more than \(Self.sizeText(limit)); a pipe or device may give at most \(Self.sizeText(limit))"
        }
    }

    package var description: String { "cannot read '\(path)': \(reason)" }

    /// The size of a regular file refused unread for being over the limit.
    package var oversizeByteCount: Int? {
        if case .tooLarge(let size, _) = cause { return size }
        return nil
    }

    /// `16 MiB`, `1 GiB`.
    private static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }
}
