/// A growable stack whose top elements leave as an exactly sized array by
/// being moved, not copied: no reference counting per element on the way out.
///
/// The composer keeps the items (or members) of every open collection on one
/// of these; finishing a collection moves its elements into the node's array.
final class MoveStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    subscript(i: Int) -> Element {
        _read {
            precondition(i >= 0 && i < count)
            yield base[i]
        }
    }

    /// Removes the elements from `start` on and returns them in order.
    func popArray(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        let source = base + start
        count = start
        // `reserveCapacity` allocates through specialized code; `init(unsafeUninitializedCapacity:)`
        // would go through the runtime's generic path (a metadata lookup per array).
        var result: [Element] = []
        result.reserveCapacity(n)
        for i in 0..<n { result.append((source + i).move()) }
        return result
    }

    /// Removes the elements from `start` on, handing each to `body` in order.
    func popEach(from start: Int, _ body: (consuming Element) -> Void) {
        let n = count - start
        guard n > 0 else { return }
        let source = base + start
        count = start
        for i in 0..<n { body((source + i).move()) }
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
