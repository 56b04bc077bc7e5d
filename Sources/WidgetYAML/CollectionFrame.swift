import WidgetSupport

/// A collection the composer has started but not yet finished.
///
/// Its children (items, or members with their keys) and its keys'
/// fingerprints live on the composer's shared stacks from `childStart` and
/// `keyStart` on; the frame itself holds only what it needs to finish them.
/// What few collections have (an anchor name, merged mappings, a key index)
/// waits on the composer's side stacks, the frame only saying whether it has
/// one: so a frame holds no strings or arrays, and is moved and dropped
/// without reference counting.
struct CollectionFrame {
    enum Kind { case document, sequence, mapping }

    let kind: Kind
    let location: SourceLocation
    /// The collection's node in the document being built.
    let node: Int32
    /// The collection has an anchor (its name is on the composer's `openAnchors`).
    let hasAnchor: Bool
    /// The expanded-node count before this collection started.
    let startCount: Int
    /// Where its children start on the shared children stack.
    let childStart: Int
    /// Where its member keys' fingerprints start on the shared stack.
    let keyStart: Int

    /// A key was read and its value comes next. (The key is already the last
    /// child on the children stack, waiting for its node, unless it is `<<`.)
    var awaitsValue = false
    /// The pending key is the merge key `<<`.
    var pendingIsMerge = false
    /// Where `<<` was written in this mapping, if it was.
    var mergeKeyLocation: SourceLocation? = nil
    /// `<<` was given its mappings (they are on the composer's `openMerges`).
    var hasMerge = false
    /// The mapping is too large for a linear scan of its keys (its index is on
    /// the composer's `openKeyIndexes`).
    var hasKeyIndex = false
    static let indexThreshold = 16
    /// Some key of the mapping is not ASCII: a new key, even an ASCII one,
    /// may then equal an earlier one as a string with other bytes (`K` and the
    /// Kelvin sign), so keys are compared as strings.
    var hasNonASCIIKey = false

    init(kind: Kind, location: SourceLocation, node: Int32, hasAnchor: Bool, startCount: Int, childStart: Int, keyStart: Int) {
        self.kind = kind
        self.location = location
        self.node = node
        self.hasAnchor = hasAnchor
        self.startCount = startCount
        self.childStart = childStart
        self.keyStart = keyStart
    }

    /// The frame below the first document node.
    static let document = CollectionFrame(kind: .document, location: .start, node: -1, hasAnchor: false, startCount: 0, childStart: 0, keyStart: 0)

    var awaitsKey: Bool { kind == .mapping && !awaitsValue }
}
