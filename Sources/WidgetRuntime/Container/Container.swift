import Foundation
import WidgetSupport

/// Why a container path is refused: it leaves the container or names no file.
public struct ContainerRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "'\(path)': \(reason)" }
}

/// What reading a container file gives.
public enum ContainerFile: Sendable, Equatable {
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
public struct Container: Sendable {
    /// The directory as given; nil for a container that exists only in memory.
    public let directory: String?
    /// The directory with symbolic links resolved; nil when it does not exist.
    private let root: String?
    private var overlay: [String: [UInt8]] = [:]
    /// The escape check per path, done once: a run never changes the disk, and
    /// resolving symbolic links at every reload was a tenth of a run's time.
    private let checked = EscapeChecks()

    /// A container over `directory` (which need not exist: then every file is missing).
    public init(directory: String) {
        self.directory = directory
        self.root = POSIXFiles.realPath(directory)
    }

    /// A container with no directory: only scenario writes exist.
    public init() {
        self.directory = nil
        self.root = nil
    }

    /// Reads a file by its path relative to the container.
    public func read(_ path: String) -> ContainerFile {
        let parsed: ContainerPath.Checked
        switch checked.path(path) {
        case .success(let p): parsed = p
        case .failure(let refusal): return .refused(refusal)
        }
        // Writes were checked when they were made.
        if !overlay.isEmpty, let written = overlay[parsed.normalized] { return .found(written) }
        guard let root else { return .missing }
        let full = parsed.full(root: root)
        if let refusal = checked.result(for: parsed.normalized, compute: { escape(of: parsed.path, fullPath: full, root: root) }) {
            return .refused(refusal)
        }
        // The file is read again only when its status changed since the last read.
        if let same = checked.unchangedBytes(of: full) { return .found(same) }
        switch POSIXFiles.readFile(full) {
        case .bytes(let bytes, let status):
            checked.remember(bytes, status: status, of: full)
            return .found(bytes)
        case .missing: return .missing
        case .failed(let why): return .unreadable(why)
        }
    }

    /// Stores `value` as the JSON text of the file at `path`, in the overlay only.
    public mutating func write(_ path: String, value: JSONValue) throws(ContainerRefusal) {
        let parsed: ContainerPath
        switch ContainerPath.parse(path) {
        case .success(let p): parsed = p
        case .failure(let refusal): throw refusal
        }
        if let root, let refusal = escape(of: parsed, fullPath: root + "/" + parsed.normalized, root: root) {
            throw refusal
        }
        var writer = JSONWriter()
        writer.write(value)
        overlay[parsed.normalized] = writer.bytes
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

/// Remembered checks of one container directory: each path's parse and escape
/// check, and the last bytes read from each file with the status they had.
/// A run uses its container from one thread; the lock keeps the type honest as Sendable.
private final class EscapeChecks: @unchecked Sendable {
    private var results: [String: ContainerRefusal?] = [:]
    private var paths: [String: Result<ContainerPath.Checked, ContainerRefusal>] = [:]
    private var files: [String: (status: POSIXFiles.Status, bytes: [UInt8])] = [:]
    private let lock = NSLock()

    func result(for path: String, compute: () -> ContainerRefusal?) -> ContainerRefusal? {
        lock.lock()
        let known = results[path]
        lock.unlock()
        if let known { return known }
        let value = compute()
        lock.lock()
        results[path] = .some(value)
        lock.unlock()
        return value
    }

    /// The path as parsed, kept: the same few paths are read at every reload.
    func path(_ path: String) -> Result<ContainerPath.Checked, ContainerRefusal> {
        lock.lock()
        defer { lock.unlock() }
        if let known = paths[path] { return known }
        let parsed = ContainerPath.parse(path).map(ContainerPath.Checked.init)
        paths[path] = parsed
        return parsed
    }

    /// The bytes last read from `full`, if its status (one `stat`) is still the same.
    func unchangedBytes(of full: String) -> [UInt8]? {
        lock.lock()
        let known = files[full]
        lock.unlock()
        guard let known, POSIXFiles.status(full) == known.status else { return nil }
        return known.bytes
    }

    func remember(_ bytes: [UInt8], status: POSIXFiles.Status, of full: String) {
        // A file changed within the clock's tick could keep its status: trust only settled ones (as git does).
        guard status.isSettled else { return }
        lock.lock()
        files[full] = (status, bytes)
        lock.unlock()
    }
}
