#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSupport

/// stdout, or `--out FILE` written atomically (a temp file beside it, renamed at the end).
/// The file gets the mode a plain write (a shell's `>`) would give it: an existing file's
/// own, else 0666 less the umask (the temp file is 0600 until then).
///
/// A symlink is followed: what it points at is written (atomically when that is a regular
/// file, or would be one). A target that exists and is not a regular file (a device such
/// as /dev/null, a FIFO) is written through, as a shell's `>` would, never replaced. On Linux
/// the temp file is anonymous (`O_TMPFILE`, linked in at the end), so even SIGKILL leaves
/// nothing; elsewhere, or where the file system refuses it, `mkstemp`'s file is removed on
/// SIGINT, SIGTERM and SIGHUP (`TemporaryFiles`).
final class OutputTarget {
    private let console: Console
    private let path: String?
    private var pending: Pending?
    private var fd: Int32 = -1
    private var failure: String?
    /// Whether `commit` waits for the bytes to reach the disk (fsync) before the rename.
    private let durable: Bool

    struct Failure: Error { let message: String }

    /// Where the bytes go until `commit`.
    enum Pending {
        /// Straight into `target` (not a regular file).
        case through
        /// An anonymous file in `target`'s directory (Linux's `O_TMPFILE`).
        case anonymous(target: String)
        /// A named temp file (its `TemporaryFiles` slot) beside `target`.
        case named(String, slot: Int, target: String)
    }

    /// - Parameter durable: fsync before the rename (`run --out`; `compile` writes its
    ///   thousands of plans with `writeFile`, not durable: a rename alone still never
    ///   shows a reader half a file).
    init(path: String?, console: Console, durable: Bool = true) throws(UsageError) {
        self.console = console
        self.path = path
        self.durable = durable
        guard let path else { pending = nil; return }
        do throws(Failure) {
            (fd, pending) = try Self.openTarget(path)
        } catch {
            throw UsageError(message: error.message)
        }
    }

    /// Refuses an output path that is one of the inputs (the same file, through any path or link).
    static func refuseInput(_ out: String?, inputs: [String]) throws(UsageError) {
        try refuseOverwriting(out, option: "--out", inputs: inputs)
    }

    /// Refuses a file an option writes (`--out`, `--record`, `--catalog`) when it is one of the
    /// command's inputs (the same file through any path or link) or a directory, before anything
    /// is read or written: nothing the author wrote is lost. A device, a FIFO or a terminal
    /// (`/dev/null`, a pipe) stays allowed.
    static func refuseOverwriting(_ path: String?, option: String, inputs: [String]) throws(UsageError) {
        guard let path else { return }
        if let input = InputFiles(inputs).input(at: path) {
            let what = option == "--out" ? "the output" : option == "--record" ? "the recording" : "the catalog"
            throw UsageError(message: "\(option) '\(path)' is the input file '\(input)'; write \(what) to another path")
        }
        if POSIXFiles.status(path)?.type == .directory {
            throw UsageError(message: "\(option) '\(path)' is a directory; name a file in it, such as \(path.hasSuffix("/") ? path : path + "/")\(option == "--catalog" ? "Localizable.xcstrings" : option == "--record" ? "recorded.yaml" : "out.json")")
        }
    }

    /// Refuses files to be written into the `--out` directory `out` (`compile`, `generate`) when
    /// one of them is an input (say a symlink there to a definition), before any is written.
    static func refuseInputs(writing targets: [String], into out: String, inputs: [String]) throws(UsageError) {
        let known = InputFiles(inputs)
        for target in targets {
            if let input = known.input(at: target) {
                throw UsageError(message: "--out '\(out)' would write '\(target)' over the input file '\(input)'; write the output to another directory")
            }
        }
    }

    /// The inputs by file identity (device and inode), each `stat`ed once.
    private struct InputFiles {
        struct Identity: Hashable { let device: UInt64, inode: UInt64 }
        private var paths: [Identity: String] = [:]

        init(_ inputs: [String]) {
            for input in inputs {
                guard let st = POSIXFiles.status(input) else { continue }
                let key = Identity(device: st.device, inode: st.inode)
                if paths[key] == nil { paths[key] = input }
            }
        }

        /// The input `target` is, when it is an existing regular file.
        func input(at target: String) -> String? {
            guard !paths.isEmpty, let st = POSIXFiles.status(target), st.type == .regular else { return nil }
            return paths[Identity(device: st.device, inode: st.inode)]
        }
    }

    /// Opens what `path` names for writing: through, or a temp file for a regular target.
    private static func openTarget(_ path: String) throws(Failure) -> (Int32, Pending) {
        let target = followingLinks(path)
        if let st = POSIXFiles.status(target), st.type != .regular {
            if st.type == .directory { throw Failure(message: "cannot write --out '\(path)': it is a directory") }
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Failure(message: "cannot write --out '\(path)': \(POSIXFiles.errorText(errno))") }
            return (fd, .through)
        }
        return try temporaryFile(beside: target, shown: path)
    }

    /// The file a chain of symlinks ends at (the path itself when it is no link, or the
    /// last link's target when that does not exist yet).
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard POSIXFiles.entryKind(current) == .symlink, let link = POSIXFiles.linkTarget(current), !link.isEmpty else {
                return current
            }
            current = link.hasPrefix("/") ? link : SourceFiles.directory(of: current) + link
        }
        return current
    }

    /// An open temporary file in `target`'s directory: anonymous where the platform allows.
    private static func temporaryFile(beside target: String, shown: String) throws(Failure) -> (Int32, Pending) {
        let dir = SourceFiles.directory(of: target)
        #if os(Linux)
        // O_TMPFILE is __O_TMPFILE | O_DIRECTORY; the macro does not reach Swift. 0o20000000 is
        // __O_TMPFILE on x86_64 and arm64 (the asm-generic value). Elsewhere (Darwin): mkstemp.
        let fd = open(dir.isEmpty ? "." : dir, Int32(0o20000000) | O_DIRECTORY | O_WRONLY | O_CLOEXEC, mode_t(0o600))
        if fd >= 0 { return (fd, .anonymous(target: target)) }
        #endif
        let (named, name, slot) = try namedTemporaryFile(beside: target, shown: shown)
        return (named, .named(name, slot: slot, target: target))
    }

    /// `mkstemp` beside `target`, registered for removal on a signal.
    private static func namedTemporaryFile(beside target: String, shown: String) throws(Failure) -> (Int32, String, Int) {
        let dir = SourceFiles.directory(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        var bytes = Array((dir + "." + base + ".widgetc-XXXXXX").utf8CString)
        // Blocked signals: a SIGINT between mkstemp and the registration would leave the file.
        let slot = TemporaryFiles.withSignalsBlocked { () -> (Int32, Int) in
            let fd = mkstemp(&bytes)
            return fd < 0 ? (fd, -1) : (fd, TemporaryFiles.register(bytes))
        }
        guard slot.0 >= 0 else { throw Failure(message: "cannot write --out '\(shown)': \(POSIXFiles.errorText(errno))") }
        return (slot.0, String(decoding: bytes.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self), slot.1)
    }

    /// Writes a whole file atomically (a temporary file renamed over `path`), from any thread.
    static func writeFile(_ bytes: [UInt8], to path: String, durable: Bool, umask mask: mode_t) throws(Failure) {
        let (fd, pending) = try openTarget(path)
        try finish(fd: fd, pending: pending, path: path, failure: writeAll(fd, bytes), durable: durable, umask: mask)
    }

    /// Sets the plain mode, syncs if asked, closes and renames (or links); on any failure removes the temporary file.
    private static func finish(fd: Int32, pending: Pending, path: String, failure: String?, durable: Bool, umask mask: mode_t) throws(Failure) {
        var failure = failure
        func error() -> String { POSIXFiles.errorText(errno) }
        switch pending {
        case .through:
            close(fd)
        case .anonymous(let target):
            if failure == nil, fchmod(fd, plainMode(of: target, umask: mask)) != 0 { failure = error() }
            if durable, failure == nil, fsync(fd) != 0 { failure = error() }
            if failure == nil { failure = link(fd, to: target, shown: path) }
            close(fd)
        case .named(let temporary, let slot, let target):
            if failure == nil, fchmod(fd, plainMode(of: target, umask: mask)) != 0 { failure = error() }
            if durable, failure == nil, fsync(fd) != 0 { failure = error() }
            close(fd)
            if failure == nil, rename(temporary, target) != 0 { failure = error() }
            if failure != nil { unlink(temporary) }
            TemporaryFiles.unregister(slot)
        }
        if let failure { throw Failure(message: "cannot write --out '\(path)': \(failure)") }
    }

    /// Gives an anonymous file its name: linked straight to `target` when that does not exist,
    /// else linked to a temp name (registered for signals) renamed over it. Nil, or the error.
    private static func link(_ fd: Int32, to target: String, shown: String) -> String? {
        #if os(Linux)
        let proc = "/proc/self/fd/\(fd)"
        if linkat(AT_FDCWD, proc, AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0 { return nil }
        guard errno == EEXIST else { return POSIXFiles.errorText(errno) }
        let dir = SourceFiles.directory(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        for _ in 0..<100 {
            let name = dir + "." + base + ".widgetc-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            // The link and its registration (the slot may be -1 when every one is taken: the
            // link is still made and renamed, only not removed on a signal meanwhile).
            let (linkError, slot) = TemporaryFiles.withSignalsBlocked { () -> (Int32, Int) in
                linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ? (0, TemporaryFiles.register(Array(name.utf8CString))) : (errno, -1)
            }
            if linkError != 0 {
                if linkError == EEXIST { continue }
                return POSIXFiles.errorText(linkError)
            }
            defer { TemporaryFiles.unregister(slot) }
            if rename(name, target) != 0 {
                let failure = POSIXFiles.errorText(errno)
                unlink(name)
                return failure
            }
            return nil
        }
        return "no free temporary name"
        #else
        return "anonymous files are Linux's"
        #endif
    }

    func write(_ bytes: [UInt8]) {
        guard path != nil else { console.outBytes(bytes); return }
        guard failure == nil else { return }
        failure = writeAll(fd, bytes)
    }

    /// The same from bytes in place: a file gets them without a copy.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard path != nil else { console.outBytes(bytes); return }
        guard failure == nil else { return }
        failure = writeAll(fd, UnsafeRawBufferPointer(bytes))
    }

    func commit() throws(Failure) {
        guard let path, let pending else { return }
        defer { fd = -1; self.pending = nil }
        try Self.finish(fd: fd, pending: pending, path: path, failure: failure, durable: durable, umask: Self.currentUmask())
    }

    /// An existing regular file's permission bits, else 0666 less the process's umask.
    static func plainMode(of path: String, umask mask: mode_t) -> mode_t {
        if let st = POSIXFiles.status(path), st.type == .regular { return mode_t(st.permissions) }
        return 0o666 & ~mask
    }

    /// The process's umask. It can only be read by setting it, so it is read on one
    /// thread before any file is written (`compile` writes its plans on several).
    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    deinit {
        guard fd >= 0, let pending else { return }
        close(fd)
        if case .named(let temporary, let slot, _) = pending {
            unlink(temporary)
            TemporaryFiles.unregister(slot)
        }
    }
}

/// The named temp files the process has open, removed by a handler for SIGINT, SIGTERM and
/// SIGHUP that then restores the signal's default action and raises it again (so the exit
/// status still says which signal ended the process). Slots hold C strings the handler reads
/// without a lock (it may only make async-signal-safe calls: `unlink`, `signal`, `raise`).
enum TemporaryFiles {
    static let capacity = 256
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = Locked<Bool>(false)  // whether the handlers are installed

    /// Remembers `path` (a NUL-terminated C string) until `unregister`; the slot, or -1 when all are taken.
    static func register(_ path: [CChar]) -> Int {
        lock.withLock { (installed: inout Bool) -> Int in
            if !installed {
                installed = true
                for signal in [SIGINT, SIGTERM, SIGHUP] { install(signal) }
            }
            for i in 0..<capacity where slots[i] == nil {
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: path.count)
                copy.initialize(from: path, count: path.count)
                slots[i] = copy
                return i
            }
            return -1
        }
    }

    static func unregister(_ slot: Int) {
        guard slot >= 0, slot < capacity else { return }
        let path = withSignalsBlocked { () -> UnsafeMutablePointer<CChar>? in
            lock.withLock { (_: inout Bool) -> UnsafeMutablePointer<CChar>? in
                let path = slots[slot]
                slots[slot] = nil
                return path
            }
        }
        path?.deallocate()
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back (delivered after it).
    static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var set = sigset_t(), old = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return body()
    }

    /// Installs the handler unless the signal is ignored (`nohup` keeps SIGHUP ignored).
    private static func install(_ signal: Int32) {
        var old = sigaction()
        sigaction(signal, nil, &old)
        // The handler's field differs by C library (Glibc's union, Darwin's).
        #if canImport(Glibc)
        let ignored = unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1  // SIG_IGN
        #elseif canImport(Darwin)
        let ignored = unsafeBitCast(old.__sigaction_u.__sa_handler, to: Int.self) == 1
        #endif
        guard !ignored else { return }
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = TemporaryFiles.handle
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = TemporaryFiles.handle
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { received in
        for i in 0..<TemporaryFiles.capacity {
            if let path = TemporaryFiles.slots[i] { unlink(path) }
        }
        signal(received, SIG_DFL)
        raise(received)
    }
}
