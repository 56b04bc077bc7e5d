import Foundation
import WidgetSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Performing an intent on a container directory on disk, as the widget extension (or the app)
/// does: the read-modify-write of every file it names runs under one exclusive lock on the
/// container (`flock` on `.widgetc-intents.lock`, so threads and processes that perform intents
/// take turns: no update is lost), and on Apple platforms inside file coordination, so the app's
/// `NSFilePresenter`s see each write. Each file is replaced whole: written to a temporary file
/// beside it, flushed, then renamed over it (a reader sees the old bytes or the new, never a
/// mix). All effects are applied in memory first: an error writes nothing.
package enum IntentFiles {
    /// The lock file's name inside the container.
    package static let lockName = ".widgetc-intents.lock"

    package static func perform(_ intent: PlanIntent, arguments: JSONObject, directory: String) throws(IntentError) -> IntentOutcome {
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let lock = try ContainerLock(directory: root)
        defer { lock.release() }
        return try coordinated(root) { () throws(IntentError) -> IntentOutcome in
            // Read under the lock, afresh (no bytes remembered from before it).
            let container = Container(directory: root)
            let outcome = try intent.apply(arguments: arguments) { (path: String) throws(IntentError) -> JSONValue in
                try decode(container.read(path), path)
            }
            try replace(outcome.files, root: root)
            return outcome
        }
    }

    /// The app's write of a data file (`AppGroupFile.write`): `bytes` replace `path` whole,
    /// under the container's lock and (Apple platforms) file coordination, as an intent's do;
    /// the folders on the way are made.
    package static func writeData(_ bytes: [UInt8], to path: String, directory: String) throws(IntentError) {
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard bytes.count <= MemoryBudget.fileBytes else {
            throw IntentError(file: path, "\(bytes.count) bytes is over the \(MemoryBudget.fileBytes) a widget reads from a container file (docs/memory-budget.md); nothing written")
        }
        let normalized: String
        do { normalized = try Container(directory: root).checked(path) } catch { throw IntentError(file: path, error.reason) }
        let lock = try ContainerLock(directory: root)
        defer { lock.release() }
        try coordinated(root) { () throws(IntentError) in
            var folder = ""
            for part in normalized.split(separator: "/").dropLast() {
                folder += "/" + part
                if mkdir(root + folder, 0o755) != 0, errno != EEXIST {
                    throw IntentError(file: path, "cannot make the folder \(folder.dropFirst()): \(String(cString: strerror(errno)))")
                }
            }
            try replace(bytes: [(normalized, bytes)], root: root)
        }
    }

    /// A container file's JSON; a missing file, a path leaving the container, bytes that are not JSON: an error.
    package static func decode(_ file: ContainerFile, _ path: String) throws(IntentError) -> JSONValue {
        let bytes: [UInt8]
        switch file {
        case .found(let b): bytes = b
        case .missing: throw IntentError(file: path, "no such file in the app group container")
        case .refused(let refusal): throw IntentError(file: path, refusal.reason)
        case .unreadable(let reason): throw IntentError(file: path, "cannot be read: \(reason)")
        }
        do { return try JSONReader.parse(bytes: bytes).json } catch {
            throw IntentError(file: path, "not JSON: \(error.message) at line \(error.location.line), column \(error.location.column)")
        }
    }

    /// Every file written to a temporary file first; only when all are written are they renamed
    /// into place (a rename within a directory does not fail for want of space).
    static func replace(_ files: [(path: String, value: JSONValue)], root: String) throws(IntentError) {
        try replace(bytes: files.map { file in
            var bytes = JSONWriter.pretty(file.value)
            bytes.append(0x0A)
            return (file.path, bytes)
        }, root: root)
    }

    private static func replace(bytes files: [(path: String, bytes: [UInt8])], root: String) throws(IntentError) {
        var temporaries: [(temporary: String, target: String)] = []
        defer { for t in temporaries { unlink(t.temporary) } }
        for (path, bytes) in files {
            let target = root + "/" + path
            temporaries.append((try writeTemporary(bytes, beside: target, file: path), target))
        }
        for (i, t) in temporaries.enumerated() where rename(t.temporary, t.target) != 0 {
            throw IntentError(file: files[i].path, "cannot be replaced: \(String(cString: strerror(errno)))")
        }
        temporaries = []
    }

    /// A new file beside `target` holding `bytes` (flushed to the disk), with `target`'s permissions.
    private static func writeTemporary(_ bytes: [UInt8], beside target: String, file: String) throws(IntentError) -> String {
        let temporary = target + ".widgetc-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        var status = stat()
        let mode = stat(target, &status) == 0 ? mode_t(status.st_mode & 0o7777) : 0o644
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw IntentError(file: file, "cannot write a temporary file beside it: \(String(cString: strerror(errno)))") }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        _ = fchmod(fd, mode)
        close(fd)
        if failure != 0 {
            unlink(temporary)
            throw IntentError(file: file, "cannot be written: \(String(cString: strerror(failure)))")
        }
        return temporary
    }

    /// Runs `body` inside a coordinated write of the container directory (Apple platforms, so the
    /// app's file presenters are told; a write on a directory covers the files in it), else as is.
    private static func coordinated<T>(_ root: String, _ body: () throws(IntentError) -> T) throws(IntentError) -> T {
        #if canImport(Darwin)
        var result: Result<T, IntentError>? = nil
        var coordinationError: NSError? = nil
        NSFileCoordinator(filePresenter: nil).coordinate(
            writingItemAt: URL(fileURLWithPath: root, isDirectory: true), options: [], error: &coordinationError
        ) { _ in
            do throws(IntentError) { result = .success(try body()) } catch { result = .failure(error) }
        }
        if let coordinationError { throw IntentError("file coordination failed: \(coordinationError.localizedDescription)") }
        guard let result else { throw IntentError("file coordination did not run the intent") }
        return try result.get()
        #else
        return try body()
        #endif
    }
}

/// An exclusive `flock` on the container's lock file, held from `init` to `release`.
private struct ContainerLock {
    let fd: Int32

    init(directory: String) throws(IntentError) {
        fd = open(directory + "/" + IntentFiles.lockName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw IntentError("cannot open the container's lock \(directory)/\(IntentFiles.lockName): \(String(cString: strerror(errno)))") }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw IntentError("cannot lock the container \(directory): \(reason)")
        }
    }

    func release() {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
