/// A growable stack whose top elements can be read and handed over in place,
/// and moved (not copied) out one by one.
///
/// The composer keeps its open collections, their children and their keys'
/// prints on these; finishing a collection hands its children to the
/// document builder in one piece (`pop(from:_:)`).
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

    /// The top element, read and changed in place.
    var last: Element {
        _read {
            precondition(count > 0)
            yield base[count - 1]
        }
        _modify {
            precondition(count > 0)
            yield &base[count - 1]
        }
    }

    /// The top element, moved out.
    func popLast() -> Element {
        precondition(count > 0)
        count -= 1
        return (base + count).move()
    }

    /// The elements from `start` on, in place: valid until the stack changes.
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Hands the elements from `start` on to `body` in place, then removes them.
    func pop(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> Void) {
        let n = count - start
        guard n > 0 else { return }
        body(UnsafeBufferPointer(start: base + start, count: n))
        (base + start).deinitialize(count: n)
        count = start
    }

    /// Removes the elements from `start` on.
    func removeAll(from start: Int = 0) {
        guard count > start else { return }
        (base + start).deinitialize(count: count - start)
        count = start
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
