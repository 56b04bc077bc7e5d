import WidgetSupport

/// A collection the composer has started but not yet finished.
///
/// Its items or members live on the composer's shared stacks from `start`
/// on; the frame itself holds only what it needs to finish them.
struct CollectionFrame {
    enum Kind { case document, sequence, mapping }

    let kind: Kind
    let location: SourceLocation
    /// The collection's node in the document's tree.
    let node: Int32
    /// The collection's anchor name, if any (an alias to it inside it is recursive).
    let anchor: String?
    /// The expanded-node count before this collection started.
    let startCount: Int
    /// Where its items (sequence) or members (mapping) start on the shared stack.
    let start: Int

    /// The key whose value comes next, with where it was written.
    var pendingKey: String? = nil
    var pendingKeyLocation = SourceLocation.start
    var pendingKeyPrint: UInt64 = 0
    /// The pending key is the merge key `<<`.
    var pendingIsMerge = false
    /// Where `<<` was written in this mapping, if it was.
    var mergeKeyLocation: SourceLocation? = nil
    /// The mappings merged in by `<<`, earlier first, and the member position they go to.
    var merge: (position: Int, sources: [Composed])? = nil
    /// Every key so far is ASCII: then keys that differ in bytes also differ as
    /// `String`s, so the duplicate check (by bytes) proves them distinct.
    var keysAreASCII = true
    /// Member position (from `start`) by key, built once a mapping is too large for a linear scan.
    var keyIndex: [String: Int]? = nil
    static let indexThreshold = 16

    init(kind: Kind, location: SourceLocation, node: Int32, anchor: String?, startCount: Int, start: Int) {
        self.kind = kind
        self.location = location
        self.node = node
        self.anchor = anchor
        self.startCount = startCount
        self.start = start
    }

    /// The frame below the first document node.
    static let document = CollectionFrame(kind: .document, location: .start, node: -1, anchor: nil, startCount: 0, start: 0)

    var awaitsKey: Bool { kind == .mapping && pendingKey == nil }
}

/// A finished value in the document being composed: its JSON and its node.
struct Composed {
    var json: JSONValue
    var node: Int32
}

/// A member of an open mapping.
struct PendingMember {
    var key: String
    var keyLocation: SourceLocation
    var value: Composed

    /// Its parts, handed over rather than copied (no reference counting).
    consuming func parts() -> (key: String, json: JSONValue, child: SourceTreeChild) {
        (key, value.json, SourceTreeChild(node: value.node, keyLocation: keyLocation))
    }
}
