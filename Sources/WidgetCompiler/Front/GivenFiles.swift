#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WidgetSupport

/// The files a command was given, as it names them, and who examines each: so that a file
/// given together with the manifest that bundles it is parsed once in the run, whichever
/// comes first (the file's own turn, or the manifest's bundle check on another thread).
///
/// A manifest's bundle check that reaches a given file first examines it whole, as its own
/// turn would, keeps its kinds and leaves the examination here for that turn to take. A turn
/// that comes first leaves the file's kinds for any bundle check that comes after.
///
/// Both may find the other examining the file on another thread; then they wait for it,
/// unless waiting could close a circle (a manifest whose bundle names, through other
/// manifests, the file this thread is examining): then the bundle check reads only the
/// file's kinds, a second parse in that race alone.
/// Unchecked: `states` and `waiting` are read and written only with `condition` locked.
package final class GivenFiles: @unchecked Sendable {
    /// What a bundle check needs of a file: its kinds, or why it cannot be read.
    package struct Kinds: Sendable {
        /// nil: the file cannot be read.
        package var kinds: [String]?
        package var failure: FileError?
    }

    private enum State {
        /// Being examined by the thread `owner`.
        case examining(owner: UInt)
        /// Examined by a bundle check, waiting for its own turn.
        case examined(FileExamination)
        /// Its turn has taken the examination; kept: what later bundle checks need.
        case taken(Kinds)
    }

    private let names: Set<String>
    /// Guards `states` and `waiting`; waited on until an examination ends.
    private let condition = NSCondition()
    private var states: [String: State] = [:]
    /// The file each waiting thread waits for (by thread), to see a circle before it closes.
    private var waiting: [UInt: String] = [:]

    package init(_ names: some Sequence<String>) {
        self.names = Set(names)
    }

    package func contains(_ path: String) -> Bool { names.contains(path) }

    /// A given file's own turn: the examination a bundle check made of it, or `examine()`.
    func turn(_ path: String, examine: () -> FileExamination) -> FileExamination {
        let me = Self.thread()
        condition.lock()
        while true {
            switch states[path] {
            case .examined(let examination)?:
                states[path] = .taken(Self.kinds(of: examination))
                condition.unlock()
                return examination
            case .examining(let owner)? where mayWait(for: owner, me):
                wait(me, for: path)
            case .examining?:
                // Cannot happen (a turn holds no file when it starts); examine it all the same.
                condition.unlock()
                return examine()
            case .taken?, nil:
                // First, or given twice (examined again, as each name of it is its own turn).
                states[path] = .examining(owner: me)
                condition.unlock()
                let examination = examine()
                finish(path, .taken(Self.kinds(of: examination)))
                return examination
            }
        }
    }

    /// A manifest's bundle check of a given file: its kinds, examining it whole when no one
    /// has; nil when another thread examines it and waiting could close a circle.
    func kinds(_ path: String, examine: () -> FileExamination) -> Kinds? {
        let me = Self.thread()
        condition.lock()
        while true {
            switch states[path] {
            case .examined(let examination)?:
                condition.unlock()
                return Self.kinds(of: examination)
            case .taken(let kinds)?:
                condition.unlock()
                return kinds
            case .examining(let owner)?:
                guard mayWait(for: owner, me) else {
                    condition.unlock()
                    return nil
                }
                wait(me, for: path)
            case nil:
                states[path] = .examining(owner: me)
                condition.unlock()
                let examination = examine()
                let kinds = Self.kinds(of: examination)
                finish(path, .examined(examination))
                return kinds
            }
        }
    }

    /// Whether this thread may wait for `owner`: not when `owner` is this thread (a manifest
    /// whose bundle names itself) or waits, through others, for a file this thread examines.
    /// Called with the lock held.
    private func mayWait(for owner: UInt, _ me: UInt) -> Bool {
        var owner = owner
        // Each thread waits for one file at most, so the chain has fewer links than threads.
        for _ in 0...waiting.count {
            if owner == me { return false }
            guard let file = waiting[owner], case .examining(let next)? = states[file] else { return true }
            owner = next
        }
        return false
    }

    /// Waits (the lock held) until some examination ends.
    private func wait(_ me: UInt, for path: String) {
        waiting[me] = path
        condition.wait()
        waiting[me] = nil
    }

    private func finish(_ path: String, _ state: State) {
        condition.lock()
        states[path] = state
        condition.broadcast()
        condition.unlock()
    }

    /// The kinds a bundle counts of a file: every document's `kind`, a manifest's too.
    static func kinds(of examination: FileExamination) -> Kinds {
        if examination.unreadable { return Kinds(kinds: nil, failure: examination.readFailure) }
        return Kinds(kinds: examination.documents.compactMap { $0.kind?.name ?? $0.manifestKind }, failure: nil)
    }

    private static func thread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
