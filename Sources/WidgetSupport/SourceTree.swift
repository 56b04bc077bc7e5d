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
    /// (A bridge while the YAML composer still builds `JSONValue`s: the value and
    /// the positions become one `SourceDocument`, numbered as they are here.)
    package mutating func finish(root json: JSONValue, node: Int32) -> SourceNode {
        var flat = SourceDocumentBuilder(expectedNodes: entries.count)
        let placeholder = SourceDocument.Node(kind: .null, line: 1, column: 1, first: 0, count: -1, payload: 0)
        for _ in 0..<entries.count { flat.nodes.append(placeholder) }
        for k in 0..<children.count {
            let c = children[k]
            flat.children.append(SourceDocument.Child(node: c.node, keyFirst: 0, keyCount: 0, keyLine: c.keyLine, keyColumn: c.keyColumn))
        }
        var done = [Bool](repeating: false, count: entries.count)
        fill(json, node, &flat, &done)
        let document = flat.finish(root: node)
        removeAll()
        return SourceNode(document: document, index: node)
    }

    private func fill(_ value: JSONValue, _ n: Int32, _ flat: inout SourceDocumentBuilder, _ done: inout [Bool]) {
        if done[Int(n)] { return }
        done[Int(n)] = true
        let e = entries[Int(n)]
        func scalar(_ kind: SourceDocument.Kind, _ payload: UInt64, own: String? = nil) {
            var start: Int32 = 0
            var count: Int32 = -1
            if let text = own ?? (e.first >= 0 ? texts[Int(e.first)] : nil) {
                start = flat.appendText(text)
                count = Int32(truncatingIfNeeded: text.utf8.count)
            }
            flat.nodes[Int(n)] = SourceDocument.Node(kind: kind, line: e.line, column: e.column, first: start, count: count, payload: payload)
        }
        switch value {
        case .null: scalar(.null, 0)
        case .bool(let b): scalar(.bool, b ? 1 : 0)
        case .int(let i): scalar(.int, UInt64(bitPattern: Int64(i)))
        case .double(let d): scalar(.double, d.bitPattern)
        case .string(let s): scalar(.string, 0, own: s)
        case .array(let items):
            flat.nodes[Int(n)] = SourceDocument.Node(
                kind: .array, line: e.line, column: e.column, first: e.first, count: Int32(items.count), payload: 0)
            for i in items.indices { fill(items[i], children[Int(e.first) + i].node, &flat, &done) }
        case .object(let object):
            flat.nodes[Int(n)] = SourceDocument.Node(
                kind: .object, line: e.line, column: e.column, first: e.first, count: Int32(object.count), payload: 0)
            for i in 0..<object.count {
                let k = Int(e.first) + i
                let key = object.keys[i]
                flat.children[k].keyFirst = flat.appendText(key)
                flat.children[k].keyCount = Int32(truncatingIfNeeded: key.utf8.count)
                fill(object.values[i], children[k].node, &flat, &done)
            }
        }
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
