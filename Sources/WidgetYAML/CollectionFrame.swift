import WidgetSupport

/// A collection the composer has started but not yet finished.
///
/// Its children (items, or members with their keys) live on the composer's
/// shared children stack from `childStart` on; the frame itself holds only
/// what it needs to finish them. What few collections have (an anchor name,
/// merged mappings, a key index) waits on the composer's side stacks, the
/// frame only saying whether it has one: so a frame holds no strings or
/// arrays, and is moved and dropped without reference counting. It is kept
/// small (where the collection starts is its node's), since every collection
/// pushes and pops one.
struct CollectionFrame {
    enum Kind: UInt8 { case document, sequence, mapping }

    let kind: Kind
    /// The collection has an anchor (its name is on the composer's `openAnchors`).
    let hasAnchor: Bool
    /// A key was read and its value comes next. (The key is already the last
    /// child on the children stack, waiting for its node, unless it is `<<`.)
    var awaitsValue = false
    /// The pending key is the merge key `<<`.
    var pendingIsMerge = false
    /// The pending key is a duplicate: its value is read and dropped.
    var pendingIsDuplicate = false
    /// `<<` was given its mappings (they are on the composer's `openMerges`).
    var hasMerge = false
    /// The mapping is too large for a linear scan of its keys (its index is on
    /// the composer's `openKeyIndexes`).
    var hasKeyIndex = false
    /// Up to this many keys, scanning them (the key bits skip most
    /// comparisons) costs less than keeping a `String` index.
    static let indexThreshold = 32
    /// Some key of the mapping is not ASCII: a new key, even an ASCII one,
    /// may then equal an earlier one as a string with other bytes (`K` and the
    /// Kelvin sign), so keys are compared as strings.
    var hasNonASCIIKey = false
    /// The collection's node in the document being built.
    let node: Int32
    /// The line where `<<` was written in this mapping, or 0 if it was not.
    var mergeKeyLine: Int32 = 0
    /// One bit per key of the mapping (`KeyPrint.bit`): a new key whose bit
    /// is not set cannot have the bytes of an earlier key.
    var keyBits: UInt64 = 0
    /// The expanded-node count before this collection started.
    let startCount: Int
    /// Where its children start on the shared children stack.
    let childStart: Int

    init(kind: Kind, node: Int32, hasAnchor: Bool, startCount: Int, childStart: Int) {
        self.kind = kind
        self.node = node
        self.hasAnchor = hasAnchor
        self.startCount = startCount
        self.childStart = childStart
    }

    /// The frame below the first document node.
    static let document = CollectionFrame(kind: .document, node: -1, hasAnchor: false, startCount: 0, childStart: 0)

    var awaitsKey: Bool { kind == .mapping && !awaitsValue }
}
