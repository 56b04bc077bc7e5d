import Foundation
import WidgetSupport

/// Why a container path is refused: it leaves the container or names no file.
package struct ContainerRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "'\(path)': \(reason)" }
}

/// What reading a container file gives.
package enum ContainerFile: Sendable, Equatable {
    /// The file's bytes (from disk, or what a scenario wrote).
    case found([UInt8])
    /// No such file (a missing file never aborts a run).
    case missing
    /// The path leaves the container (`..`, absolute, a symbolic link pointing outside).
    case refused(ContainerRefusal)
    /// The file exists but cannot be read (a directory, no permission).
    case unreadable(String)
}

/// The app group container: a directory on disk seen through a private overlay.
///
/// Scenario writes go to the overlay and are seen by later reads; files on disk
/// are never modified. The type is a value: each run works on its own copy, so
/// one run's writes never leak into another's.
package struct Container: Sendable {
    /// The directory as given; nil for a container that exists only in memory.
    package let directory: String?
    /// The directory with symbolic links resolved; nil when it does not exist.
    private let root: String?
    private var overlay: [String: [UInt8]] = [:]
    /// The escape check per path, done once: a run never changes the disk, and
    /// resolving symbolic links at every reload was a tenth of a run's time.
    private let checked: PathChecks

    /// The most a container file may have (`MemoryBudget.fileBytes`): a larger one is refused
    /// unread, and one that grows past it while read is refused too.
    package static let maxFileBytes = MemoryBudget.fileBytes
    /// Only regular files are read (a FIFO, a device is the data source's warning, as a missing file).
    static let fileLimits = FileLimits(what: "a container file", maxBytes: maxFileBytes, streamBytes: nil)

    /// A container over `directory` (which need not exist: then every file is missing).
    package init(directory: String) {
        self.directory = directory
        self.root = POSIXFiles.realPath(directory)
        checked = PathChecks(root: root)
    }

    /// A container with no directory: only scenario writes exist.
    package init() {
        self.directory = nil
        self.root = nil
        checked = PathChecks(root: nil)
    }

    /// Reads a file by its path relative to the container.
    package func read(_ path: String) -> ContainerFile {
        let known = checked.entry(for: path)
        let parsed: ContainerPath.Checked
        switch known.parsed {
        case .success(let p): parsed = p
        case .failure(let refusal): return .refused(refusal)
        }
        // Writes were checked when they were made.
        if !overlay.isEmpty, let written = overlay[parsed.normalized] { return .found(written) }
        guard let root else { return .missing }
        let full = known.full
        if let refusal = checked.escape(known, compute: { escape(of: parsed.path, fullPath: full, root: root) }) {
            return .refused(refusal)
        }
        // The file is read again only when its status changed since the last read.
        if let same = checked.unchangedBytes(known) { return .found(same) }
        do {
            let (bytes, status) = try POSIXFiles.readFile(full, limits: Self.fileLimits)
            checked.remember(bytes, status: status, in: known)
            return .found(bytes)
        } catch {
            if case .missing = error.cause { return .missing }
            return .unreadable(error.reason)
        }
    }

    /// Stores `value` as the JSON text of the file at `path`, in the overlay only.
    package mutating func write(_ path: String, value: JSONValue) throws(ContainerRefusal) {
        var writer = JSONWriter()
        writer.write(value)
        try write(path, bytes: writer.bytes)
    }

    /// Stores `bytes` as the file at `path`, in the overlay only (a property list the app's defaults write).
    package mutating func write(_ path: String, bytes: [UInt8]) throws(ContainerRefusal) {
        overlay[try checked(path)] = bytes
    }

    /// Forgets a file this copy wrote (a run's remote image replaced by a newer one); the files on
    /// disk are never removed.
    package mutating func removeWritten(_ path: String) {
        guard let normalized = try? checked(path) else { return }
        overlay.removeValue(forKey: normalized)
    }

    /// `path` normalized (`./a//b.json` is `a/b.json`), or why it may not be written: it leaves
    /// the container lexically or through a symbolic link.
    package func checked(_ path: String) throws(ContainerRefusal) -> String {
        let parsed: ContainerPath
        switch ContainerPath.parse(path) {
        case .success(let p): parsed = p
        case .failure(let refusal): throw refusal
        }
        if let root, let refusal = escape(of: parsed, fullPath: root + "/" + parsed.normalized, root: root) {
            throw refusal
        }
        return parsed.normalized
    }

    /// The refusal when symbolic links on the way take the path out of the container.
    private func escape(of path: ContainerPath, fullPath: String, root: String) -> ContainerRefusal? {
        let outside = ContainerRefusal(path: path.normalized, reason: "a symbolic link leads outside the container")
        if let resolved = POSIXFiles.realPath(fullPath) {
            return isInside(resolved, root: root) ? nil : outside
        }
        // Not all of it exists: judge by the deepest part that does.
        var count = path.components.count
        while count > 0 {
            let prefix = root + "/" + path.components[0..<count].joined(separator: "/")
            switch POSIXFiles.entryKind(prefix) {
            case .none:
                count -= 1
                continue
            case .symlink:
                if let resolved = POSIXFiles.realPath(prefix) { return isInside(resolved, root: root) ? nil : outside }
                // A dangling link: where its target would be.
                guard let target = POSIXFiles.linkTarget(prefix) else { return outside }
                let parent = count == 1 ? root : (POSIXFiles.realPath(root + "/" + path.components[0..<(count - 1)].joined(separator: "/")) ?? root)
                let absolute = target.hasPrefix("/") ? target : parent + "/" + target
                return isInside(lexicallyNormalizedAbsolute(absolute), root: root) ? nil : outside
            case .directory, .other:
                guard let resolved = POSIXFiles.realPath(prefix) else { return outside }
                return isInside(resolved, root: root) ? nil : outside
            }
        }
        return nil
    }
}

/// Remembered checks of one container directory, per path read: its parse,
/// its escape check, and the last bytes read with the status they had.
/// A run uses its container from one thread; the lock keeps the type honest as Sendable.
private final class PathChecks: @unchecked Sendable {
    final class Entry {
        let parsed: Result<ContainerPath.Checked, ContainerRefusal>
        /// The path under the root (empty without a root or a valid path).
        let full: String
        /// nil until checked; then the refusal, if any.
        var escape: ContainerRefusal??
        var status: POSIXFiles.Status?
        var bytes: [UInt8] = []

        init(_ path: String, root: String?) {
            parsed = ContainerPath.parse(path).map(ContainerPath.Checked.init)
            if let root, case .success(let p) = parsed { full = p.full(root: root) } else { full = "" }
        }
    }

    private let root: String?
    /// The root directory, opened at the first status check: checks then walk
    /// the path from there, not from `/`. -2 until opened, -1 if it cannot be.
    private var rootFD: Int32 = -2
    private var entries: [String: Entry] = [:]
    private let lock = NSLock()

    init(root: String?) {
        self.root = root
    }

    deinit {
        if rootFD >= 0 { POSIXFiles.closeFile(rootFD) }
    }

    func entry(for path: String) -> Entry {
        lock.lock()
        defer { lock.unlock() }
        if let known = entries[path] { return known }
        let entry = Entry(path, root: root)
        entries[path] = entry
        return entry
    }

    func escape(_ entry: Entry, compute: () -> ContainerRefusal?) -> ContainerRefusal? {
        lock.lock()
        let known = entry.escape
        lock.unlock()
        if let known { return known }
        let value = compute()
        lock.lock()
        entry.escape = .some(value)
        lock.unlock()
        return value
    }

    /// The bytes last read, if the file's status (one `stat`) is still the same.
    func unchangedBytes(_ entry: Entry) -> [UInt8]? {
        lock.lock()
        let known = entry.status
        let bytes = entry.bytes
        if known != nil, rootFD == -2 { rootFD = root.map { POSIXFiles.openDirectory($0) } ?? -1 }
        let directory = rootFD
        lock.unlock()
        guard let known, case .success(let p) = entry.parsed else { return nil }
        let now = directory >= 0 ? POSIXFiles.status(p.normalized, in: directory) : POSIXFiles.status(entry.full)
        return now == known ? bytes : nil
    }

    func remember(_ bytes: [UInt8], status: POSIXFiles.Status, in entry: Entry) {
        // A file changed within the clock's tick could keep its status: trust only settled ones (as git does).
        guard status.isSettled else { return }
        lock.lock()
        entry.status = status
        entry.bytes = bytes
        lock.unlock()
    }
}
