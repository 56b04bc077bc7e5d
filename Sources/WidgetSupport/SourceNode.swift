/// A value read from a source file, with the position of every part of it.
///
/// Both the YAML loader and the JSON reader produce these. A node is a view:
/// its JSON value (what the document means, shared with the whole tree) and its
/// place in the document's `SourceTree` (where each part was written). So the
/// JSON Schema validator reads the value as it is, with no copy, and
/// diagnostics map a JSON Pointer back to a position with `location(of:)`.
public struct SourceNode: Sendable {
    /// What the node means as JSON.
    public let json: JSONValue
    @usableFromInline let tree: SourceTree
    @usableFromInline let index: Int32

    @inlinable
    init(json: JSONValue, tree: SourceTree, index: Int32) {
        self.json = json
        self.tree = tree
        self.index = index
    }

    /// One member of a mapping, with the position of its key.
    public struct Member: Sendable {
        public let key: String
        public let keyLocation: SourceLocation
        public let value: SourceNode
        @inlinable
        public init(key: String, keyLocation: SourceLocation, value: SourceNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public enum Content: Sendable {
        case scalar(JSONValue)
        case sequence(Items)
        case mapping(Members)
    }

    /// Where the node starts (for an alias: where its anchored node starts).
    @inlinable
    public var location: SourceLocation { tree.location(of: index) }

    /// The node's scalar value, items or members.
    @inlinable
    public var content: Content {
        switch json {
        case .array(let values): .sequence(Items(values: values, tree: tree, first: tree.firstChild(of: index)))
        case .object(let object): .mapping(Members(object: object, tree: tree, first: tree.firstChild(of: index)))
        default: .scalar(json)
        }
    }

    /// The members of a mapping (none for anything else).
    @inlinable
    public var members: Members {
        if case .object(let object) = json { return Members(object: object, tree: tree, first: tree.firstChild(of: index)) }
        return .empty
    }

    /// The items of a sequence (none for anything else).
    @inlinable
    public var items: Items {
        if case .array(let values) = json { return Items(values: values, tree: tree, first: tree.firstChild(of: index)) }
        return .empty
    }

    /// The text of a scalar as written, for messages (nil for collections).
    @inlinable
    public var sourceText: String? {
        switch json {
        case .string(let s): s
        case .array, .object: nil
        default: tree.text(of: index)
        }
    }

    /// The scalar value, or nil for collections.
    @inlinable
    public var scalar: JSONValue? {
        switch json {
        case .array, .object: nil
        default: json
        }
    }

    /// Item `i` of a sequence, or the value of member `i` of a mapping (in
    /// order); `i` must be below the count. Builds no `Member`, for walks that
    /// look at most children only as JSON.
    @inlinable
    public func child(_ i: Int) -> SourceNode {
        let value: JSONValue
        switch json {
        case .array(let values): value = values[i]
        case .object(let object): value = object.values[i]
        default: preconditionFailure("a scalar has no children")
        }
        return SourceNode(json: value, tree: tree, index: tree.child(tree.firstChild(of: index) + i))
    }

    /// Whether both are the same node of the same document (an alias is the node it names).
    public func isSameNode(as other: SourceNode) -> Bool {
        tree === other.tree && index == other.index
    }

    /// The member named `key` of a mapping.
    @inlinable
    public func member(_ key: String) -> Member? {
        guard case .object(let object) = json else { return nil }
        let keys = object.keys
        for i in keys.indices where keys[i] == key {
            return Members(object: object, tree: tree, first: tree.firstChild(of: index))[i]
        }
        return nil
    }

    /// The value of member `key` of a mapping.
    @inlinable
    public subscript(key: String) -> SourceNode? {
        guard case .object(let object) = json else { return nil }
        let keys = object.keys
        for i in keys.indices where keys[i] == key {
            return SourceNode(json: object.values[i], tree: tree, index: tree.child(tree.firstChild(of: index) + i))
        }
        return nil
    }

    /// The node at a JSON Pointer's tokens, or nil if there is none.
    public func node(at tokens: some Sequence<String>) -> SourceNode? {
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
    public func location(of tokens: [String], preferKey: Bool = false) -> SourceLocation {
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
    public struct Items: RandomAccessCollection, Sendable {
        @usableFromInline let values: [JSONValue]
        /// Nil only when there are no items.
        @usableFromInline let tree: SourceTree?
        @usableFromInline let first: Int

        @inlinable
        init(values: [JSONValue], tree: SourceTree?, first: Int) {
            self.values = values
            self.tree = tree
            self.first = first
        }

        /// No items.
        public static let empty = Items(values: [], tree: nil, first: 0)

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { values.count }
        @inlinable public subscript(i: Int) -> SourceNode {
            SourceNode(json: values[i], tree: tree!, index: tree!.child(first + i))
        }
    }

    /// The members of a mapping in source order (merged members at the place of `<<`).
    public struct Members: RandomAccessCollection, Sendable {
        @usableFromInline let object: JSONObject
        /// Nil only when there are no members.
        @usableFromInline let tree: SourceTree?
        @usableFromInline let first: Int

        @inlinable
        init(object: JSONObject, tree: SourceTree?, first: Int) {
            self.object = object
            self.tree = tree
            self.first = first
        }

        /// No members.
        public static let empty = Members(object: JSONObject(), tree: nil, first: 0)

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { object.count }
        @inlinable public subscript(i: Int) -> Member {
            // A member exists only in a non-empty mapping, which has its tree.
            let tree = tree!
            return Member(
                key: object.keys[i], keyLocation: tree.keyLocation(first + i),
                value: SourceNode(json: object.values[i], tree: tree, index: tree.child(first + i)))
        }
    }
}
