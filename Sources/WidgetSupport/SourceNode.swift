/// A value read from a source file, with the position of every part of it.
///
/// Both the YAML loader and the JSON reader produce these. Diagnostics map a
/// JSON Pointer back to a position with `location(of:)`, so the JSON Schema
/// validator never needs to know where its instance came from.
public final class SourceNode: Sendable {
    /// One member of a mapping, with the position of its key.
    public struct Member: Sendable {
        public let key: String
        public let keyLocation: SourceLocation
        public let value: SourceNode
        public init(key: String, keyLocation: SourceLocation, value: SourceNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public enum Content: Sendable {
        case scalar(JSONValue)
        case sequence([SourceNode])
        case mapping([Member])
    }

    /// Where the node starts (for an alias: where its anchored node starts).
    public let location: SourceLocation
    public let content: Content
    /// The plain text of a scalar as written, for messages (nil for collections).
    public let sourceText: String?

    /// A mapping whose keys the reader already knows to be distinct (readers
    /// refuse duplicates), so `json` need not look for repeats.
    private let keysAreDistinct: Bool

    public init(location: SourceLocation, content: Content, sourceText: String? = nil) {
        self.location = location
        self.content = content
        self.sourceText = sourceText
        keysAreDistinct = false
    }

    /// For readers that refuse duplicate keys: `keysAreDistinct` promises that
    /// no two members of a mapping have the same key (as `String`s compare).
    package init(location: SourceLocation, content: Content, sourceText: String? = nil, keysAreDistinct: Bool) {
        self.location = location
        self.content = content
        self.sourceText = sourceText
        self.keysAreDistinct = keysAreDistinct
    }

    /// The member named `key` of a mapping.
    public func member(_ key: String) -> Member? {
        guard case .mapping(let members) = content else { return nil }
        return members.first { $0.key == key }
    }

    /// The value of member `key` of a mapping.
    public subscript(key: String) -> SourceNode? { member(key)?.value }

    /// The scalar value, or nil for collections.
    public var scalar: JSONValue? {
        if case .scalar(let v) = content { return v }
        return nil
    }

    /// What the node means as JSON.
    public var json: JSONValue {
        switch content {
        case .scalar(let v):
            return v
        case .sequence(let items):
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(item.json) }
            return .array(values)
        case .mapping(let members):
            if keysAreDistinct {
                // Exactly sized member arrays, filled in one pass; no search for repeated keys.
                var keys: [String] = []
                var values: [JSONValue] = []
                keys.reserveCapacity(members.count)
                values.reserveCapacity(members.count)
                for m in members {
                    keys.append(m.key)
                    values.append(m.value.json)
                }
                return .object(JSONObject(distinctKeys: keys, values: values))
            }
            var o = JSONObject()
            for m in members { o[m.key] = m.value.json }
            return .object(o)
        }
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
        for token in tokens {
            switch current.content {
            case .mapping(let members):
                guard let m = members.last(where: { $0.key == token }) else { return location }
                location = preferKey && token == tokens.last ? m.keyLocation : m.value.location
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
}
