/// One document read from a source file, as flat tables: every node's kind,
/// position and value, every collection's children, and all scalar and key
/// text in one byte arena.
///
/// Readers build a document with a `SourceDocumentBuilder`, which keeps its
/// room from document to document, and the finished document is one
/// allocation besides the object: no object per node to build and free. The
/// schema validator and the checks read it in place (`SourceNode` is a view of
/// one node); a `JSONValue` is built only when asked for (`json(_:)`), for
/// what runs a widget or prints a document.
///
/// Nodes are numbered in the order they start. A collection's children are
/// contiguous in the children table; a mapping's children carry their keys.
/// An alias is the anchored node's number again.
///
/// Public (its members `package`), as are `SourceNode` and `SourceLocation`: the members of a
/// `package` type are not inlined into other modules even when `@inlinable` (Swift 6.3), and the
/// readers and the checks call the accessors marked so below about 1,500 times a file.
public final class SourceDocument: @unchecked Sendable {
    // Immutable after `init`, which is why the class may be shared between threads.
    @usableFromInline let nodes: UnsafeMutablePointer<Node>
    @usableFromInline let children: UnsafeMutablePointer<Child>
    @usableFromInline let text: UnsafeMutablePointer<UInt8>
    @usableFromInline let nodeCount: Int
    @usableFromInline let childCount: Int
    @usableFromInline let textCount: Int
    /// The document's top node.
    @usableFromInline package let root: Int32
    private let storage: UnsafeMutableRawPointer

    /// The most bytes a reader takes from one source file. A document's offsets and
    /// counts are 32-bit, and a file's text is at most half as large again as the file
    /// (YAML's `\L` escape, two bytes, is three of text), plus "null" for each null key:
    /// so every offset of a file up to 1 GiB fits, and a larger file is refused whole.
    package static let maxSourceBytes = 1 << 30

    /// The error a reader gives for a file larger than `maxSourceBytes` (code `code`).
    package static func sizeError(byteCount: Int, code: DiagnosticCode) -> SourceError {
        SourceError(
            code: code, message: "the file has \(byteCount) bytes; a source file may have at most 1 GiB", location: .start)
    }

    /// What a node is, as JSON.
    @frozen
    public enum Kind: UInt8, Sendable, BitwiseCopyable {
        case null, bool, int, double, string, array, object

        // Inlinable: other modules compared kinds through Equatable's generic witness, about 150
        // calls a file: -3.3 k instructions a file of bench/validate's generated corpus (-1.3%;
        // callgrind, 300 files, one thread).
        @inlinable public static func == (a: Kind, b: Kind) -> Bool { a.rawValue == b.rawValue }
        @inlinable public static func != (a: Kind, b: Kind) -> Bool { a.rawValue != b.rawValue }
    }

    /// One node: its kind, where it starts, its children or text, and its scalar value.
    @frozen
    public struct Node: Sendable, BitwiseCopyable {
        @usableFromInline package var kind: Kind
        @usableFromInline package var line: Int32
        @usableFromInline package var column: Int32
        /// A collection's first child in the children table; a scalar's first text byte.
        @usableFromInline package var first: Int32
        /// A collection's child count; a scalar's text length, or -1 when it has no text.
        @usableFromInline package var count: Int32
        /// An integer's value, a double's bits, a boolean's 0 or 1.
        @usableFromInline package var payload: UInt64

        @inlinable package init(kind: Kind, line: Int32, column: Int32, first: Int32, count: Int32, payload: UInt64) {
            self.kind = kind
            self.line = line
            self.column = column
            self.first = first
            self.count = count
            self.payload = payload
        }
    }

    /// One child of a collection: its node, and for a mapping its key's text and position.
    @frozen
    public struct Child: Sendable, BitwiseCopyable {
        @usableFromInline package var node: Int32
        @usableFromInline package var keyFirst: Int32
        @usableFromInline package var keyCount: Int32
        @usableFromInline package var keyLine: Int32
        @usableFromInline package var keyColumn: Int32

        @inlinable package init(node: Int32, keyFirst: Int32, keyCount: Int32, keyLine: Int32, keyColumn: Int32) {
            self.node = node
            self.keyFirst = keyFirst
            self.keyCount = keyCount
            self.keyLine = keyLine
            self.keyColumn = keyColumn
        }

        /// A sequence item (it has no key).
        @inlinable package init(item node: Int32) {
            self.init(node: node, keyFirst: 0, keyCount: 0, keyLine: 1, keyColumn: 1)
        }
    }

    /// Copies the tables into one exactly sized allocation.
    init(
        nodes: UnsafeBufferPointer<Node>, children: UnsafeBufferPointer<Child>, text: UnsafeBufferPointer<UInt8>,
        root: Int32
    ) {
        precondition(root >= 0 && Int(root) < nodes.count, "a document's root must be one of its nodes")
        // Offsets and counts are 32-bit: past that they wrapped while the tables were built.
        precondition(max(nodes.count, children.count, text.count) <= Int(Int32.max), "a document's tables must fit 32-bit offsets")
        let nodeBytes = nodes.count * MemoryLayout<Node>.stride
        let childOffset = Self.aligned(nodeBytes, MemoryLayout<Child>.alignment)
        let textOffset = childOffset + children.count * MemoryLayout<Child>.stride
        storage = .allocate(byteCount: max(textOffset + text.count, 1), alignment: MemoryLayout<Node>.alignment)
        self.nodes = storage.bindMemory(to: Node.self, capacity: nodes.count)
        self.children = (storage + childOffset).bindMemory(to: Child.self, capacity: children.count)
        self.text = (storage + textOffset).bindMemory(to: UInt8.self, capacity: text.count)
        if let base = nodes.baseAddress { self.nodes.initialize(from: base, count: nodes.count) }
        if let base = children.baseAddress { self.children.initialize(from: base, count: children.count) }
        if let base = text.baseAddress { self.text.initialize(from: base, count: text.count) }
        nodeCount = nodes.count
        childCount = children.count
        textCount = text.count
        self.root = root
    }

    deinit { storage.deallocate() }

    private static func aligned(_ n: Int, _ alignment: Int) -> Int { (n + alignment - 1) / alignment * alignment }

    // MARK: Reading

    /// The numbers of all the document's nodes (for a scan of the node table).
    package var nodeNumbers: Range<Int32> { 0..<Int32(truncatingIfNeeded: nodeCount) }

    /// Node `n` (which must exist).
    @inlinable
    package func node(_ n: Int32) -> Node {
        precondition(n >= 0 && Int(n) < nodeCount)
        return nodes[Int(n)]
    }

    @inlinable
    package func kind(_ n: Int32) -> Kind { node(n).kind }

    /// Where node `n` starts (for an alias: where its anchored node starts).
    @inlinable
    package func location(_ n: Int32) -> SourceLocation {
        let e = node(n)
        return SourceLocation(line: Int(e.line), column: Int(e.column))
    }

    /// How many items or members collection `n` has (0 for a scalar).
    @inlinable
    package func childCount(_ n: Int32) -> Int {
        let e = node(n)
        return e.kind.rawValue >= Kind.array.rawValue ? Int(e.count) : 0
    }

    /// Child `i` of collection `n`: its node, and for a mapping its key.
    @inlinable
    package func child(_ n: Int32, _ i: Int) -> Child {
        let e = node(n)
        precondition(e.kind.rawValue >= Kind.array.rawValue && i >= 0 && i < Int(e.count))
        return children[Int(e.first) + i]
    }

    /// The node of child `i` of collection `n`.
    @inlinable
    package func childNode(_ n: Int32, _ i: Int) -> Int32 { child(n, i).node }

    /// Where the key of member `i` of mapping `n` was written.
    @inlinable
    package func keyLocation(_ n: Int32, _ i: Int) -> SourceLocation {
        let c = child(n, i)
        return SourceLocation(line: Int(c.keyLine), column: Int(c.keyColumn))
    }

    /// The bytes of the key of member `i` of mapping `n`; valid while the document is.
    @inlinable
    package func keyBytes(_ n: Int32, _ i: Int) -> UnsafeBufferPointer<UInt8> {
        let c = child(n, i)
        return UnsafeBufferPointer(start: text + Int(c.keyFirst), count: Int(c.keyCount))
    }

    /// The key of member `i` of mapping `n`.
    package func key(_ n: Int32, _ i: Int) -> String { String(decoding: keyBytes(n, i), as: UTF8.self) }

    /// A scalar's text: a string's value, or how another scalar was written
    /// (nil for collections and for a scalar kept without its text: the JSON
    /// reader's `true`, `false` and `null`, which messages show as JSON; an
    /// empty YAML document's null has the empty text libyaml gives it). Valid
    /// while the document is.
    @inlinable
    package func textBytes(_ n: Int32) -> UnsafeBufferPointer<UInt8>? {
        let e = node(n)
        guard e.kind.rawValue < Kind.array.rawValue, e.count >= 0 else { return nil }
        return UnsafeBufferPointer(start: text + Int(e.first), count: Int(e.count))
    }

    /// The text of a scalar as written, for messages.
    package func sourceText(_ n: Int32) -> String? { textBytes(n).map { String(decoding: $0, as: UTF8.self) } }

    /// A string node's value (nil for any other kind).
    package func string(_ n: Int32) -> String? {
        guard kind(n) == .string, let bytes = textBytes(n) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A string node's bytes (nil for any other kind); valid while the document is.
    @inlinable
    package func stringBytes(_ n: Int32) -> UnsafeBufferPointer<UInt8>? {
        kind(n) == .string ? textBytes(n) : nil
    }

    package func bool(_ n: Int32) -> Bool? {
        let e = node(n)
        return e.kind == .bool ? e.payload != 0 : nil
    }

    package func int(_ n: Int32) -> Int? {
        let e = node(n)
        return e.kind == .int ? Int(truncatingIfNeeded: e.payload) : nil
    }

    package func double(_ n: Int32) -> Double? {
        let e = node(n)
        return e.kind == .double ? Double(bitPattern: e.payload) : nil
    }

    /// An integer's or a double's value.
    package func number(_ n: Int32) -> Double? {
        let e = node(n)
        switch e.kind {
        case .int: return Double(Int(truncatingIfNeeded: e.payload))
        case .double: return Double(bitPattern: e.payload)
        default: return nil
        }
    }

    /// The position of the member of mapping `n` whose key has exactly these
    /// bytes (the first, though readers refuse duplicate keys).
    package func memberIndex(_ n: Int32, key: UnsafeBufferPointer<UInt8>) -> Int? {
        let e = node(n)
        guard e.kind == .object else { return nil }
        for i in 0..<Int(e.count) {
            let c = children[Int(e.first) + i]
            if UnsafeBufferPointer(start: text + Int(c.keyFirst), count: Int(c.keyCount)).hasSameBytes(as: key) { return i }
        }
        return nil
    }

    /// The same for a key given as a string.
    package func memberIndex(_ n: Int32, key: String) -> Int? {
        // Read in place when the string is contiguous (nearly always): `withUTF8` needs a
        // mutable copy, which retained and released the string's storage at each lookup.
        if let found = key.utf8.withContiguousStorageIfAvailable({ memberIndex(n, key: $0) }) { return found }
        var key = key
        return key.withUTF8 { memberIndex(n, key: $0) }
    }

    // MARK: JSON

    /// What node `n` means as a `JSONValue` (built now; an alias's node is built at each use).
    package func json(_ n: Int32) -> JSONValue {
        let e = node(n)
        switch e.kind {
        case .null: return .null
        case .bool: return .bool(e.payload != 0)
        case .int: return .int(Int(truncatingIfNeeded: e.payload))
        case .double: return .double(Double(bitPattern: e.payload))
        case .string: return .string(string(n) ?? "")
        case .array:
            var items: [JSONValue] = []
            items.reserveCapacity(Int(e.count))
            for i in 0..<Int(e.count) { items.append(json(children[Int(e.first) + i].node)) }
            return .array(items)
        case .object:
            var keys: [String] = []
            var values: [JSONValue] = []
            keys.reserveCapacity(Int(e.count))
            values.reserveCapacity(Int(e.count))
            for i in 0..<Int(e.count) {
                keys.append(key(n, i))
                values.append(json(children[Int(e.first) + i].node))
            }
            return .object(JSONObject(distinctKeys: keys, values: values))
        }
    }

    /// A document of `value` (every node at 1:1, strings as their text,
    /// numbers and the rest with their JSON text), for values that were not read
    /// from a file, such as the test suite's instances.
    package convenience init(json value: JSONValue) {
        var builder = SourceDocumentBuilder()
        let root = builder.add(value)
        self.init(builder: &builder, root: root)
    }

    /// Takes the builder's tables (the builder starts over empty).
    convenience init(builder: inout SourceDocumentBuilder, root: Int32) {
        let (nodes, children, text) = (builder.nodes, builder.children, builder.text)
        self.init(
            nodes: UnsafeBufferPointer(start: nodes.base, count: nodes.count),
            children: UnsafeBufferPointer(start: children.base, count: children.count),
            text: UnsafeBufferPointer(start: text.base, count: text.count), root: root)
        builder.removeAll()
    }
}

/// Builds one `SourceDocument` while a reader goes through it.
///
/// Readers keep the children of open collections on their own stacks and hand
/// them over when a collection ends, so each collection's children are
/// contiguous. Key and scalar text goes into the arena as it is read
/// (`appendText`), and children carry the key's place in it.
///
/// The tables are plain growable buffers that keep their room for the next
/// document. Copies of a builder share its buffers: keep one builder per reader.
/// What a reader calls per node is inlinable, so that it costs a store in the
/// reader's module rather than a call into this one.
public struct SourceDocumentBuilder {
    @usableFromInline let nodes: PlainBuffer<SourceDocument.Node>
    @usableFromInline let children: PlainBuffer<SourceDocument.Child>
    @usableFromInline let text: PlainBuffer<UInt8>

    /// Room for about `nodes` nodes without growing.
    package init(expectedNodes: Int = 0) {
        nodes = PlainBuffer(capacity: expectedNodes)
        children = PlainBuffer(capacity: expectedNodes)
        text = PlainBuffer(capacity: expectedNodes * 8)
    }

    /// Where the next children start; pass it to `endCollection`.
    @inlinable package var childCount: Int { children.count }

    /// The arena itself, for a reader that appends its document's text there directly and reads
    /// it back as it goes (the YAML composer's `TextArena`): whatever is in it when the document
    /// is finished is the document's text.
    package var textArena: PlainBuffer<UInt8> { text }

    /// Appends bytes to the arena and returns where they start.
    @discardableResult
    package mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let start = Int32(truncatingIfNeeded: text.count)
        text.append(contentsOf: bytes)
        return start
    }

    /// The same for a string's bytes.
    @discardableResult
    package mutating func appendText(_ string: String) -> Int32 {
        var string = string
        return string.withUTF8 { appendText($0) }
    }

    /// A scalar node whose text is at `textStart` in the arena (`textCount` -1: none).
    @inlinable package mutating func scalar(
        _ kind: SourceDocument.Kind, at location: SourceLocation, textStart: Int32, textCount: Int32, payload: UInt64 = 0
    ) -> Int32 {
        precondition(kind.rawValue < SourceDocument.Kind.array.rawValue, "not a scalar kind")
        return add(SourceDocument.Node(
            kind: kind, line: Int32(clamping: location.line), column: Int32(clamping: location.column),
            first: textStart, count: textCount, payload: payload))
    }

    /// A scalar node with its text appended to the arena now.
    package mutating func scalar(
        _ kind: SourceDocument.Kind, at location: SourceLocation, text bytes: UnsafeBufferPointer<UInt8>, payload: UInt64 = 0
    ) -> Int32 {
        let start = appendText(bytes)
        return scalar(kind, at: location, textStart: start, textCount: Int32(truncatingIfNeeded: bytes.count), payload: payload)
    }

    /// A collection node (`.array` or `.object`) whose children come later, through `endCollection`.
    @inlinable package mutating func startCollection(_ kind: SourceDocument.Kind, at location: SourceLocation) -> Int32 {
        precondition(kind == .array || kind == .object, "not a collection kind")
        return add(SourceDocument.Node(
            kind: kind, line: Int32(clamping: location.line), column: Int32(clamping: location.column),
            first: 0, count: 0, payload: 0))
    }

    @inlinable package mutating func appendChild(_ child: SourceDocument.Child) {
        children.append(child)
    }

    @inlinable package mutating func appendChildren(_ more: UnsafeBufferPointer<SourceDocument.Child>) {
        children.append(contentsOf: more)
    }

    /// Gives collection `node` the children appended since `start`.
    @inlinable package mutating func endCollection(_ node: Int32, childrenFrom start: Int) {
        let count = Int32(truncatingIfNeeded: children.count - start)
        nodes[Int(node)].first = Int32(truncatingIfNeeded: start)
        nodes[Int(node)].count = count
    }

    /// Node `n` as it is so far.
    @inlinable package func node(_ n: Int32) -> SourceDocument.Node { nodes[Int(n)] }

    /// The children of a finished collection.
    package func children(of n: Int32) -> UnsafeBufferPointer<SourceDocument.Child> {
        let e = nodes[Int(n)]
        precondition(e.kind == .array || e.kind == .object)
        return UnsafeBufferPointer(start: children.base + Int(e.first), count: Int(e.count))
    }

    /// The finished document, rooted at `root`; the builder starts over empty.
    package mutating func finish(root: Int32) -> SourceDocument {
        SourceDocument(builder: &self, root: root)
    }

    /// Forgets every node (of a document that will not be finished too).
    package mutating func removeAll() {
        nodes.removeAll()
        children.removeAll()
        text.removeAll()
    }

    @inlinable mutating func add(_ node: SourceDocument.Node) -> Int32 {
        let n = Int32(truncatingIfNeeded: nodes.count)
        nodes.append(node)
        return n
    }
}
