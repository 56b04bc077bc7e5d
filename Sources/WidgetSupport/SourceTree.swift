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
package struct SourceTreeEntry: Sendable {
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
package struct SourceTreeChild: Sendable {
    @usableFromInline package var node: Int32
    @usableFromInline package var keyLine: Int32
    @usableFromInline package var keyColumn: Int32

    @inlinable
    package init(node: Int32, keyLocation: SourceLocation) {
        self.node = node
        keyLine = Int32(clamping: keyLocation.line)
        keyColumn = Int32(clamping: keyLocation.column)
    }

    @inlinable
    package var keyLocation: SourceLocation { SourceLocation(line: Int(keyLine), column: Int(keyColumn)) }
}

/// Builds one document's `SourceTree` while a reader goes through it.
///
/// Readers keep the children of open collections on their own stacks and hand
/// them over when a collection ends, so each collection's children are contiguous.
package struct SourceTreeBuilder {
    @usableFromInline var entries: [SourceTreeEntry] = []
    @usableFromInline var children: [SourceTreeChild] = []
    @usableFromInline var texts: [String] = []

    /// Room for about `nodes` nodes without growing.
    @inlinable
    package init(expectedNodes nodes: Int = 0) {
        entries.reserveCapacity(nodes)
        children.reserveCapacity(nodes)
    }

    /// A scalar node. `text` is kept for messages when it is not the value's own string.
    @inlinable
    package mutating func scalar(at location: SourceLocation, text: String? = nil) -> Int32 {
        var first: Int32 = -1
        if let text {
            first = Int32(truncatingIfNeeded: texts.count)
            texts.append(text)
        }
        return add(location, first: first)
    }

    /// A collection node whose children come later, through `appendChild` and `endCollection`.
    @inlinable
    package mutating func startCollection(at location: SourceLocation) -> Int32 {
        add(location, first: 0)
    }

    /// Where the next children start; pass it to `endCollection`.
    @inlinable
    package var childCount: Int { children.count }

    @inlinable
    package mutating func appendChild(_ child: SourceTreeChild) {
        children.append(child)
    }

    @inlinable
    package mutating func appendChildren(_ more: UnsafeBufferPointer<SourceTreeChild>) {
        children.append(contentsOf: more)
    }

    @inlinable
    package mutating func appendChild(_ node: Int32, keyLocation: SourceLocation = .start) {
        children.append(SourceTreeChild(node: node, keyLocation: keyLocation))
    }

    /// Gives the collection `node` the children appended since `start`.
    @inlinable
    package mutating func endCollection(_ node: Int32, childrenFrom start: Int) {
        entries[Int(node)].first = Int32(truncatingIfNeeded: start)
    }

    /// The children of a finished collection, in order.
    @inlinable
    package func children(of node: Int32, count: Int) -> [SourceTreeChild] {
        let first = Int(entries[Int(node)].first)
        return Array(children[first..<first + count])
    }

    /// A scalar's text as kept by `scalar(at:text:)`.
    @inlinable
    package func text(of node: Int32) -> String? {
        let t = entries[Int(node)].first
        return t >= 0 ? texts[Int(t)] : nil
    }

    @inlinable
    package func location(of node: Int32) -> SourceLocation {
        let e = entries[Int(node)]
        return SourceLocation(line: Int(e.line), column: Int(e.column))
    }

    /// The finished document, rooted at `root`; the builder starts over empty.
    @inlinable
    package mutating func finish(root json: JSONValue, node: Int32) -> SourceNode {
        let tree = SourceTree(entries: entries, children: children, texts: texts)
        self = SourceTreeBuilder()
        return SourceNode(json: json, tree: tree, index: node)
    }

    @inlinable
    mutating func add(_ location: SourceLocation, first: Int32) -> Int32 {
        let node = Int32(truncatingIfNeeded: entries.count)
        entries.append(SourceTreeEntry(location, first: first))
        return node
    }
}
