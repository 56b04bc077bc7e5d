import WidgetSupport

/// A collection the composer has started but not yet finished.
///
/// Its items, or its members' values, keys and positions, live on the
/// composer's shared stacks from `valueStart` and `keyStart` on; the frame
/// itself holds only what it needs to finish them.
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
    /// Where its items or member values (and their tree children) start on the shared stacks.
    let valueStart: Int
    /// Where its member keys (and their fingerprints) start on the shared stacks.
    let keyStart: Int

    /// Where the key whose value comes next was written; nil while a key is awaited.
    /// (The key itself is already on the key stack, unless it is `<<`.)
    var pendingKeyLocation: SourceLocation? = nil
    /// The pending key is the merge key `<<`.
    var pendingIsMerge = false
    /// Where `<<` was written in this mapping, if it was.
    var mergeKeyLocation: SourceLocation? = nil
    /// The mappings merged in by `<<`, earlier first, and the member position they go to.
    var merge: (position: Int, sources: [Composed])? = nil
    /// Every key so far is ASCII (so its key list may be shared; see `KeyListCache`).
    var keysAreASCII = true
    /// Member position (from `keyStart`) by key, built once a mapping is too large for a linear scan.
    var keyIndex: [String: Int]? = nil
    static let indexThreshold = 16

    init(kind: Kind, location: SourceLocation, node: Int32, anchor: String?, startCount: Int, valueStart: Int, keyStart: Int) {
        self.kind = kind
        self.location = location
        self.node = node
        self.anchor = anchor
        self.startCount = startCount
        self.valueStart = valueStart
        self.keyStart = keyStart
    }

    /// The frame below the first document node.
    static let document = CollectionFrame(
        kind: .document, location: .start, node: -1, anchor: nil, startCount: 0, valueStart: 0, keyStart: 0)

    var awaitsKey: Bool { kind == .mapping && pendingKeyLocation == nil }
}

/// A finished value in the document being composed: its JSON and its node.
struct Composed {
    var json: JSONValue
    var node: Int32
}
