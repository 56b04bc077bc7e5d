/// A value read from a source file, with the position of every part of it.
///
/// Both the YAML loader and the JSON reader produce these. A node is a view:
/// one node of its `SourceDocument`, which holds what every node means and
/// where it was written. The JSON Schema validator and the checks read the
/// document in place; `json` builds the value as a `JSONValue` when something
/// needs one. Diagnostics map a JSON Pointer back to a position with
/// `location(of:)`.
///
/// Public, with its members `package`, so that those marked `@inlinable` are inlined into other
/// modules (see `SourceDocument`).
public struct SourceNode: Sendable {
    /// The document the node is part of.
    @usableFromInline package let document: SourceDocument
    /// The node's number in its document.
    @usableFromInline package let index: Int32

    @inlinable package init(document: SourceDocument, index: Int32) {
        self.document = document
        self.index = index
    }

    /// The root of a document.
    @inlinable package init(document: SourceDocument) { self.init(document: document, index: document.root) }

    /// A document of `value` alone (every position 1:1), for values not read from a file.
    package init(json value: JSONValue) { self.init(document: SourceDocument(json: value)) }

    /// What the node means as JSON (built at each call: read it once).
    package var json: JSONValue { document.json(index) }

    /// What kind of JSON value the node is.
    @inlinable package var kind: SourceDocument.Kind { document.kind(index) }

    /// One member of a mapping, with the position of its key.
    package struct Member: Sendable {
        package let key: String
        package let keyLocation: SourceLocation
        package let value: SourceNode
        package init(key: String, keyLocation: SourceLocation, value: SourceNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    package enum Content: Sendable {
        case scalar(JSONValue)
        case sequence(Items)
        case mapping(Members)
    }

    /// Where the node starts (for an alias: where its anchored node starts).
    @inlinable package var location: SourceLocation { document.location(index) }

    /// The node's scalar value, items or members.
    package var content: Content {
        switch kind {
        case .array: .sequence(Items(document: document, node: index))
        case .object: .mapping(Members(document: document, node: index))
        default: .scalar(document.json(index))
        }
    }

    /// The members of a mapping (none for anything else).
    package var members: Members {
        kind == .object ? Members(document: document, node: index) : Members(document: nil, node: 0)
    }

    /// The items of a sequence (none for anything else).
    package var items: Items {
        kind == .array ? Items(document: document, node: index) : Items(document: nil, node: 0)
    }

    /// The number of items or members (0 for a scalar).
    @inlinable package var count: Int { document.childCount(index) }

    /// The text of a scalar as written, for messages (nil for collections).
    package var sourceText: String? { document.sourceText(index) }

    /// The scalar value, or nil for collections.
    package var scalar: JSONValue? {
        switch kind {
        case .array, .object: nil
        default: document.json(index)
        }
    }

    /// A string's value (nil for any other kind).
    package var string: String? { document.string(index) }
    /// A boolean's value.
    package var bool: Bool? { document.bool(index) }
    /// An integer's or a double's value.
    package var number: Double? { document.number(index) }

    /// Item `i` of a sequence, or the value of member `i` of a mapping (in
    /// order); `i` must be below the count.
    @inlinable package func child(_ i: Int) -> SourceNode {
        SourceNode(document: document, index: document.childNode(index, i))
    }

    /// The key of member `i` of a mapping.
    package func key(_ i: Int) -> String { document.key(index, i) }

    /// Whether both are the same node of the same document (an alias is the node it names).
    package func isSameNode(as other: SourceNode) -> Bool {
        document === other.document && index == other.index
    }

    /// The member named `key` of a mapping.
    package func member(_ key: String) -> Member? {
        guard let i = document.memberIndex(index, key: key) else { return nil }
        return Members(document: document, node: index)[i]
    }

    /// The value of member `key` of a mapping.
    package subscript(key: String) -> SourceNode? {
        guard let i = document.memberIndex(index, key: key) else { return nil }
        return child(i)
    }

    /// The node at a JSON Pointer's tokens, or nil if there is none.
    package func node(at tokens: some Sequence<String>) -> SourceNode? {
        var current = self
        for token in tokens {
            switch current.content {
            case .mapping(let members):
                guard let m = members.last(where: { $0.key == token }) else { return nil }
                current = m.value
            case .sequence(let items):
                guard let i = Int(token), i >= 0, i < items.count else { return nil }
                current = items[i]
            case .scalar:
                return nil
            }
        }
        return current
    }

    /// The best position for a diagnostic about the value at `tokens`: the
    /// value itself, or for a value that is missing, the deepest node that
    /// exists on the way there. With `preferKey`, a mapping member's key.
    package func location(of tokens: [String], preferKey: Bool = false) -> SourceLocation {
        var current = self
        var location = self.location
        for (n, token) in tokens.enumerated() {
            switch current.content {
            case .mapping(let members):
                guard let m = members.last(where: { $0.key == token }) else { return location }
                location = preferKey && n == tokens.count - 1 ? m.keyLocation : m.value.location
                current = m.value
            case .sequence(let items):
                guard let i = Int(token), i >= 0, i < items.count else { return location }
                current = items[i]
                location = current.location
            case .scalar:
                return location
            }
        }
        return location
    }

    /// The items of a sequence, as nodes (made when read, not stored).
    package struct Items: RandomAccessCollection, Sendable {
        /// Nil only when there are no items.
        @usableFromInline let document: SourceDocument?
        @usableFromInline let node: Int32

        init(document: SourceDocument?, node: Int32) {
            self.document = document
            self.node = node
        }

        /// No items.
        package static let empty = Items(document: nil, node: 0)

        package var startIndex: Int { 0 }
        package var endIndex: Int { document?.childCount(node) ?? 0 }
        package subscript(i: Int) -> SourceNode {
            let document = document!
            return SourceNode(document: document, index: document.childNode(node, i))
        }
    }

    /// The members of a mapping in source order (merged members at the place of `<<`).
    package struct Members: RandomAccessCollection, Sendable {
        /// Nil only when there are no members.
        @usableFromInline let document: SourceDocument?
        @usableFromInline let node: Int32

        init(document: SourceDocument?, node: Int32) {
            self.document = document
            self.node = node
        }

        /// No members.
        package static let empty = Members(document: nil, node: 0)

        package var startIndex: Int { 0 }
        package var endIndex: Int { document?.childCount(node) ?? 0 }
        package subscript(i: Int) -> Member {
            // A member exists only in a non-empty mapping, which has its document.
            let document = document!
            return Member(
                key: document.key(node, i), keyLocation: document.keyLocation(node, i),
                value: SourceNode(document: document, index: document.childNode(node, i)))
        }
    }
}
