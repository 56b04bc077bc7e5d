/// Where every node of one document was written: a table filled while the
/// document is read, so a document costs a few arrays instead of an object per
/// node (cheap to build and to free), and its JSON value is built alongside.
///
/// Nodes are numbered in the order they start. A collection's children (for
/// a mapping, with where each key was written) sit contiguously in `children`;
/// an alias is simply the anchored node's number again.
@usableFromInline
final class SourceTree: Sendable {
    @usableFromInline let entries: [SourceTreeEntry]
    @usableFromInline let children: [SourceTreeChild]
    @usableFromInline let texts: [String]

    @usableFromInline
    init(entries: [SourceTreeEntry], children: [SourceTreeChild], texts: [String]) {
        self.entries = entries
        self.children = children
        self.texts = texts
    }

    @inlinable
    func location(of node: Int32) -> SourceLocation {
        let e = entries[Int(node)]
        return SourceLocation(line: Int(e.line), column: Int(e.column))
    }

    @inlinable
    func firstChild(of node: Int32) -> Int { Int(entries[Int(node)].first) }
    @inlinable
    func child(_ k: Int) -> Int32 { children[k].node }
    @inlinable
    func keyLocation(_ k: Int) -> SourceLocation {
        let c = children[k]
        return SourceLocation(line: Int(c.keyLine), column: Int(c.keyColumn))
    }

    @inlinable
    func text(of node: Int32) -> String? {
        let t = entries[Int(node)].first
        return t >= 0 ? texts[Int(t)] : nil
    }
}

/// One node: where it starts, and where its children or its text are.
@usableFromInline
package struct SourceTreeEntry: Sendable, BitwiseCopyable {
    @usableFromInline package var line: Int32
    @usableFromInline package var column: Int32
    /// A collection's first child in `children`; a scalar's text in `texts` (or -1).
    @usableFromInline package var first: Int32

    @inlinable
    init(_ location: SourceLocation, first: Int32) {
        line = Int32(clamping: location.line)
        column = Int32(clamping: location.column)
        self.first = first
    }
}

/// One child of a collection: its node, and for a mapping where its key was written.
@usableFromInline
package struct SourceTreeChild: Sendable, BitwiseCopyable {
    @usableFromInline package var node: Int32
    @usableFromInline package var keyLine: Int32
    @usableFromInline package var keyColumn: Int32

    @inlinable
    package init(node: Int32, keyLocation: SourceLocation) {
        self.node = node
        keyLine = Int32(clamping: keyLocation.line)
        keyColumn = Int32(clamping: keyLocation.column)
    }

    /// A sequence item (it has no key).
    @inlinable
    package init(item node: Int32) {
        self.node = node
        keyLine = 1
        keyColumn = 1
    }

    @inlinable
    package var keyLocation: SourceLocation { SourceLocation(line: Int(keyLine), column: Int(keyColumn)) }
}

/// Builds one document's `SourceTree` while a reader goes through it.
///
/// Readers keep the children of open collections on their own stacks and hand
/// them over when a collection ends, so each collection's children are contiguous.
///
/// Nodes and children collect in plain growable buffers (an append is a
/// store, with no uniqueness check) and leave as exactly sized arrays when the
/// document is finished; the buffers keep their room for the next document.
/// Copies of a builder share its buffers: keep one builder per reader. (The
/// buffers are internal classes, not inlinable, so the optimizer can see every
/// access to them and needs no run-time exclusivity checks.)
package struct SourceTreeBuilder {
    let entries: PlainBuffer<SourceTreeEntry>
    let children: PlainBuffer<SourceTreeChild>
    var texts: [String] = []

    /// Room for about `nodes` nodes without growing.
    package init(expectedNodes nodes: Int = 0) {
        entries = PlainBuffer(capacity: nodes)
        children = PlainBuffer(capacity: nodes)
    }

    /// A scalar node. `text` is kept for messages when it is not the value's own string.
    package mutating func scalar(at location: SourceLocation, text: String? = nil) -> Int32 {
        var first: Int32 = -1
        if let text {
            // Most documents have a few such texts: room for them at once, not by doubling.
            if texts.isEmpty { texts.reserveCapacity(16) }
            first = Int32(truncatingIfNeeded: texts.count)
            texts.append(text)
        }
        return add(location, first: first)
    }

    /// A collection node whose children come later, through `appendChild` and `endCollection`.
    package mutating func startCollection(at location: SourceLocation) -> Int32 {
        add(location, first: 0)
    }

    /// Where the next children start; pass it to `endCollection`.
    package var childCount: Int { children.count }

    package mutating func appendChild(_ child: SourceTreeChild) {
        children.append(child)
    }

    package mutating func appendChildren(_ more: UnsafeBufferPointer<SourceTreeChild>) {
        children.append(contentsOf: more)
    }

    package mutating func appendChild(_ node: Int32, keyLocation: SourceLocation = .start) {
        children.append(SourceTreeChild(node: node, keyLocation: keyLocation))
    }

    /// Gives the collection `node` the children appended since `start`.
    package mutating func endCollection(_ node: Int32, childrenFrom start: Int) {
        entries[Int(node)].first = Int32(truncatingIfNeeded: start)
    }

    /// The children of a finished collection, in order.
    package func children(of node: Int32, count: Int) -> [SourceTreeChild] {
        let first = Int(entries[Int(node)].first)
        return children.array(first..<first + count)
    }

    /// A scalar's text as kept by `scalar(at:text:)`.
    package func text(of node: Int32) -> String? {
        let t = entries[Int(node)].first
        return t >= 0 ? texts[Int(t)] : nil
    }

    package func location(of node: Int32) -> SourceLocation {
        let e = entries[Int(node)]
        return SourceLocation(line: Int(e.line), column: Int(e.column))
    }

    /// The finished document, rooted at `root`; the builder starts over empty.
    package mutating func finish(root json: JSONValue, node: Int32) -> SourceNode {
        let tree = SourceTree(
            entries: entries.array(0..<entries.count), children: children.array(0..<children.count), texts: texts)
        removeAll()
        return SourceNode(json: json, tree: tree, index: node)
    }

    /// Forgets every node (of a document that will not be finished too).
    package mutating func removeAll() {
        entries.removeAll()
        children.removeAll()
        texts = []
    }

    @inline(__always)
    mutating func add(_ location: SourceLocation, first: Int32) -> Int32 {
        let node = Int32(truncatingIfNeeded: entries.count)
        entries.append(SourceTreeEntry(location, first: first))
        return node
    }
}

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
