import Foundation
import Synchronization

/// A value behind a lock. On Apple platforms an `NSLock`: Synchronization's `Mutex` needs
/// macOS 15 and iOS 18, and the runtime a widget extension links supports macOS 14 and iOS 17.
/// Elsewhere a `Mutex`, a word inside this object, where an `NSLock` is an object of its own
/// with a pthread mutex allocated aligned: every reload makes a lock (its format failures'),
/// 40 k allocations fewer over a run of 300 widgets over 30 days (callgrind).
package final class Locked<Value>: @unchecked Sendable {
    #if canImport(Darwin)
    private let lock = NSLock()
    #else
    private let lock = Mutex<Void>(())
    #endif
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
        #else
        return try lock.withLock { _ in try body(&value) }
        #endif
    }
}

/// One machine word published by one thread and read by many without a lock:
/// an `Atomic` where the platform has it (Linux, macOS 15, iOS 18), a lock on
/// macOS 14 and iOS 17, where the runtime must still run.
package final class PublishedWord: Sendable {
    private let cell: any WordCell

    package init(_ value: UInt) {
        if #available(macOS 15, iOS 18, *) {
            cell = AtomicWordCell(value)
        } else {
            cell = LockedWordCell(value)
        }
    }

    /// Reads with acquire ordering: what was written before the store is seen.
    package func load() -> UInt { cell.load() }
    /// Writes with release ordering.
    package func store(_ value: UInt) { cell.store(value) }
}

private protocol WordCell: AnyObject, Sendable {
    func load() -> UInt
    func store(_ value: UInt)
}

@available(macOS 15, iOS 18, *)
private final class AtomicWordCell: WordCell {
    private let word: Atomic<UInt>
    init(_ value: UInt) { word = Atomic(value) }
    func load() -> UInt { word.load(ordering: .acquiring) }
    func store(_ value: UInt) { word.store(value, ordering: .releasing) }
}

private final class LockedWordCell: WordCell {
    private let word: Locked<UInt>
    init(_ value: UInt) { word = Locked(value) }
    func load() -> UInt { word.withLock { $0 } }
    func store(_ value: UInt) { word.withLock { $0 = value } }
}
