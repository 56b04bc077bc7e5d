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
    /// What a bundle check needs of a file: its kinds, or why it cannot be read. Kept for
    /// every given file after its turn, so it is small: one kind needs no array.
    package struct Kinds: Sendable {
        private enum Storage: Sendable {
            case one(String)
            case many([String])
            /// Boxed: rare, and large beside a kind.
            indirect case unreadable(FileError?)
        }
        private let storage: Storage

        init(kinds: [String]) {
            storage = kinds.count == 1 ? .one(kinds[0]) : .many(kinds)
        }

        init(unreadable failure: FileError?) {
            storage = .unreadable(failure)
        }

        /// The kinds a bundle counts of an examined file: every document's `kind`, a manifest's too.
        init(of examination: FileExamination) {
            if examination.unreadable {
                self.init(unreadable: examination.readFailure)
            } else {
                self.init(kinds: examination.documents.compactMap { $0.kind?.name ?? $0.manifestKind })
            }
        }

        /// nil: the file cannot be read.
        package var kinds: [String]? {
            switch storage {
            case .one(let kind): [kind]
            case .many(let kinds): kinds
            case .unreadable: nil
            }
        }

        package var failure: FileError? {
            if case .unreadable(let failure) = storage { return failure }
            return nil
        }
    }

    private enum State {
        /// Being examined by the thread `owner`.
        case examining(owner: UInt)
        /// Examined by a bundle check, waiting for its own turn (boxed: one examination is
        /// large, and the table holds an entry for every given file).
        indirect case examined(FileExamination)
        /// Its turn has taken the examination; kept: what later bundle checks need.
        case taken(Kinds)
    }

    /// Each name's place in `states`: a path is hashed once per lookup, and the states need no
    /// table of their own. Measured on `bench/validate`'s corpus (no manifests, so all cost): with
    /// states keyed by path, +0.9 MB peak (10,000 files) and +1.5% instructions (callgrind, 1,000
    /// files); this way +0.7 MB and +0.8%.
    private let positions: [String: Int]
    /// Guards `states` and `waiting`; waited on until an examination ends.
    private let condition = NSCondition()
    /// By position; nil: no one has examined the file yet.
    private var states: [State?]
    /// The file each waiting thread waits for (by thread), to see a circle before it closes.
    private var waiting: [UInt: Int] = [:]

    package init(_ names: some Sequence<String>) {
        // One hash per name; a name given twice keeps its first place (the second's is unused).
        let names = Array(names)
        positions = Dictionary(names.enumerated().lazy.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        states = Array(repeating: nil, count: names.count)
    }

    /// Where `path` is among the given files; nil: it was not given.
    package func position(of path: String) -> Int? { positions[path] }

    /// A given file's own turn: the examination a bundle check made of it, or `examine()`.
    func turn(_ file: Int, examine: () -> FileExamination) -> FileExamination {
        let me = Self.thread()
        condition.lock()
        while true {
            switch states[file] {
            case .examined(let examination)?:
                states[file] = .taken(Kinds(of: examination))
                condition.unlock()
                return examination
            case .examining(let owner)? where mayWait(for: owner, me):
                wait(me, for: file)
            case .examining?:
                // Cannot happen (a turn holds no file when it starts); examine it all the same.
                condition.unlock()
                return examine()
            case .taken?, nil:
                // First, or given twice (examined again, as each name of it is its own turn).
                states[file] = .examining(owner: me)
                condition.unlock()
                let examination = examine()
                finish(file, .taken(Kinds(of: examination)))
                return examination
            }
        }
    }

    /// A manifest's bundle check of a given file: its kinds, examining it whole when no one
    /// has; nil when another thread examines it and waiting could close a circle.
    func kinds(_ file: Int, examine: () -> FileExamination) -> Kinds? {
        let me = Self.thread()
        condition.lock()
        while true {
            switch states[file] {
            case .examined(let examination)?:
                condition.unlock()
                return Kinds(of: examination)
            case .taken(let kinds)?:
                condition.unlock()
                return kinds
            case .examining(let owner)?:
                guard mayWait(for: owner, me) else {
                    condition.unlock()
                    return nil
                }
                wait(me, for: file)
            case nil:
                states[file] = .examining(owner: me)
                condition.unlock()
                let examination = examine()
                let kinds = Kinds(of: examination)
                finish(file, .examined(examination))
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
    private func wait(_ me: UInt, for file: Int) {
        waiting[me] = file
        condition.wait()
        waiting[me] = nil
    }

    private func finish(_ file: Int, _ state: State) {
        condition.lock()
        states[file] = state
        condition.broadcast()
        condition.unlock()
    }

    private static func thread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
