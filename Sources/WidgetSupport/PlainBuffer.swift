/// A growable array of plain values in one allocation: appending is a store
/// (no uniqueness check, as a shared `Array` needs). Its room is kept when it
/// is emptied, for the next document.
///
/// Its append paths are inlinable: readers in other modules append on every
/// node, and a call across the module boundary would cost more than the
/// append. Its fields are not checked for exclusive access at run time (in
/// another module the compiler cannot prove the accesses apart, and the
/// checks would cost more than the appends): one buffer belongs to one
/// builder or the composer's text arena, which one reader uses at a time.
/// (Public, its members `package` or internal: see `SourceDocument`; `appendBytes`, not generic,
/// was called across the module boundary, 142 times a file of bench/validate's examples.)
public final class PlainBuffer<Element: BitwiseCopyable> {
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
    @usableFromInline @exclusivity(unchecked) var capacity: Int
    @usableFromInline @exclusivity(unchecked) var count = 0
    /// The room it starts with, and goes back to when `removeAll` gives room back.
    let initialCapacity: Int
    /// Past this many elements, `removeAll` gives the room back (one huge file
    /// should not keep its room for the rest of the run).
    let keptCapacity: Int

    @usableFromInline
    package init(capacity: Int, keptCapacity: Int = 1 << 16) {
        initialCapacity = max(capacity, 16)
        self.capacity = initialCapacity
        self.keptCapacity = keptCapacity
        base = .allocate(capacity: initialCapacity)
    }

    deinit { base.deallocate() }

    // @inlinable: with PlainBuffer's 6 others, -10.4% instructions on bench/run (examples x2, 30 days, callgrind)
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

    // @inlinable: with PlainBuffer's 6 others, -10.4% instructions on bench/run (examples x2, 30 days, callgrind)
    @inlinable
    package func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    // @inlinable: with PlainBuffer's 6 others, -10.4% instructions on bench/run (examples x2, 30 days, callgrind)
    @inlinable
    package func append(contentsOf more: UnsafeBufferPointer<Element>) {
        guard let source = more.baseAddress else { return }
        appendingRoom(more.count).initialize(from: source, count: more.count)
    }

    /// How many elements it holds. (Readers in other modules go through this and
    /// `elements`: read there directly, the fields were checked for exclusive
    /// access at run time, about 3 M instructions per 1,000 files in the composer.)
    // @inlinable: with PlainBuffer's 6 others, -10.4% instructions on bench/run (examples x2, 30 days, callgrind)
    @inlinable
    package var elementCount: Int { count }

    /// Elements `start ..< start + n`, in place (valid until the next append).
    // @inlinable: with PlainBuffer's 6 others, -10.4% instructions on bench/run (examples x2, 30 days, callgrind)
    @inlinable
    package func elements(from start: Int, count n: Int) -> UnsafeBufferPointer<Element> {
        precondition(start >= 0 && n >= 0 && start + n <= count)
        return UnsafeBufferPointer(start: base + start, count: n)
    }

    /// Counts `n` more elements and returns where they go, for the caller to
    /// initialize at once (a writer with its own way of copying).
    // @inlinable: with PlainBuffer's 6 others, -10.4% instructions on bench/run (examples x2, 30 days, callgrind)
    @inlinable
    package func appendingRoom(_ n: Int) -> UnsafeMutablePointer<Element> {
        if count + n > capacity { grow(toHold: count + n) }
        let room = base + count
        count += n
        return room
    }

    @usableFromInline
    package func removeAll() {
        count = 0
        if capacity > keptCapacity {
            base.deallocate()
            capacity = initialCapacity
            base = .allocate(capacity: capacity)
        }
    }

    /// Grows the storage (rare: doubling).
    @usableFromInline
    func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}

extension PlainBuffer where Element == UInt8 {
    /// Appends bytes. Most texts are short (a key, a scalar, a run of output), and
    /// copying up to sixteen by two overlapping words costs less than calling
    /// `memcpy` (run output: 38 M of 3.41 G instructions on 300 widgets over 30 days).
    // @inlinable: with PlainBuffer's 6 others, -10.4% instructions on bench/run (examples x2, 30 days, callgrind)
    @inlinable
    package func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count
        let target = appendingRoom(n)
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if n >= 8 && n <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            for i in 0..<n { target[i] = source[i] }
        } else {
            target.initialize(from: source, count: n)
        }
    }
}
