/// A growable array of plain values in one allocation: appending is a store
/// (no uniqueness check, as a shared `Array` needs). Its room is kept when it
/// is emptied, for the next document.
///
/// Its append paths are inlinable: readers in other modules append on every
/// node, and a call across the module boundary would cost more than the
/// append. Its fields are not checked for exclusive access at run time (in
/// another module the compiler cannot prove the accesses apart, and the
/// checks would cost more than the appends): one buffer belongs to one
/// builder, which one reader uses at a time.
@usableFromInline
final class PlainBuffer<Element: BitwiseCopyable> {
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
    @usableFromInline @exclusivity(unchecked) var capacity: Int
    @usableFromInline @exclusivity(unchecked) var count = 0

    /// Past this many elements, `removeAll` gives the room back (one huge file
    /// should not keep its room for the rest of the run).
    static var keptCapacity: Int { 1 << 16 }

    @usableFromInline
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inlinable
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

    @inlinable
    func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    @inlinable
    func append(contentsOf more: UnsafeBufferPointer<Element>) {
        guard let source = more.baseAddress else { return }
        if count + more.count > capacity { grow(toHold: count + more.count) }
        (base + count).initialize(from: source, count: more.count)
        count += more.count
    }

    @usableFromInline
    func removeAll() {
        count = 0
        if capacity > Self.keptCapacity {
            base.deallocate()
            capacity = 16
            base = .allocate(capacity: capacity)
        }
    }

    /// (Not inlined: it runs rarely, and keeping it out keeps the append paths short.)
    @usableFromInline @inline(never)
    func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}
