import WidgetSupport

/// A collection the composer has started but not yet finished.
///
/// Its items, or its members' values, keys and positions, live on the
/// composer's shared stacks from `valueStart` and `keyStart` on; the frame
/// itself holds only what it needs to finish them. What few collections have
/// (an anchor name, merged mappings, a key index) waits on the composer's side
/// stacks, the frame only saying whether it has one: so a frame holds no
/// strings or arrays, and is moved and dropped without reference counting.
struct CollectionFrame {
    enum Kind { case document, sequence, mapping }

    let kind: Kind
    let location: SourceLocation
    /// The collection's node in the document's tree.
    let node: Int32
    /// The collection has an anchor (its name is on the composer's `openAnchors`).
    let hasAnchor: Bool
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
    /// `<<` was given its mappings (they are on the composer's `openMerges`).
    var hasMerge = false
    /// Every key so far is ASCII (so its key list may be shared; see `KeyListCache`).
    var keysAreASCII = true
    /// The mapping is too large for a linear scan of its keys (its index is on
    /// the composer's `openKeyIndexes`).
    var hasKeyIndex = false
    static let indexThreshold = 16

    init(kind: Kind, location: SourceLocation, node: Int32, hasAnchor: Bool, startCount: Int, valueStart: Int, keyStart: Int) {
        self.kind = kind
        self.location = location
        self.node = node
        self.hasAnchor = hasAnchor
        self.startCount = startCount
        self.valueStart = valueStart
        self.keyStart = keyStart
    }

    /// The frame below the first document node.
    static let document = CollectionFrame(
        kind: .document, location: .start, node: -1, hasAnchor: false, startCount: 0, valueStart: 0, keyStart: 0)

    var awaitsKey: Bool { kind == .mapping && pendingKeyLocation == nil }
}

/// A finished value in the document being composed: its JSON and its node.
struct Composed {
    var json: JSONValue
    var node: Int32
}
