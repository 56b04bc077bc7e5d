/// A growable array of plain values in one allocation: appending is a store
/// (no uniqueness check, as a shared `Array` needs), and the contents leave
/// as an exactly sized `Array`.
final class PlainBuffer<Element: BitwiseCopyable> {
    var base: UnsafeMutablePointer<Element>
    var capacity: Int
    var count = 0

    /// Past this many elements, `removeAll` gives the room back (one huge file
    /// should not keep its room for the rest of the run).
    static var keptCapacity: Int { 1 << 16 }

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count)
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count)
            base[i] = newValue
        }
    }

    func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    func append(contentsOf more: UnsafeBufferPointer<Element>) {
        guard let source = more.baseAddress else { return }
        if count + more.count > capacity { grow(toHold: count + more.count) }
        (base + count).initialize(from: source, count: more.count)
        count += more.count
    }

    /// The elements in `range`, as an array of their own.
    func array(_ range: Range<Int>) -> [Element] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    func removeAll() {
        count = 0
        if capacity > Self.keptCapacity {
            base.deallocate()
            capacity = 16
            base = .allocate(capacity: capacity)
        }
    }

    private func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}
