import WidgetSupport

/// A collection the composer has started but not yet finished.
///
/// Its items or members live on the composer's shared stacks from `start`
/// on; the frame itself holds only what it needs to finish them.
struct CollectionFrame {
    enum Kind { case document, sequence, mapping }

    let kind: Kind
    let location: SourceLocation
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
    var merge: (position: Int, sources: [SourceNode])? = nil
    /// Every key so far is ASCII: then keys that differ in bytes also differ as
    /// `String`s, so the duplicate check (by bytes) proves them distinct.
    var keysAreASCII = true
    /// Member position (from `start`) by key, built once a mapping is too large for a linear scan.
    var keyIndex: [String: Int]? = nil
    static let indexThreshold = 16

    init(kind: Kind, location: SourceLocation, anchor: String?, startCount: Int, start: Int) {
        self.kind = kind
        self.location = location
        self.anchor = anchor
        self.startCount = startCount
        self.start = start
    }

    /// The frame below the first document node.
    static let document = CollectionFrame(kind: .document, location: .start, anchor: nil, startCount: 0, start: 0)

    var awaitsKey: Bool { kind == .mapping && pendingKey == nil }
}

/// The members of a finished mapping that used `<<`: explicit members in
/// order, with the merged ones at the place of `<<`. Explicit keys win over
/// merged keys, and an earlier merged mapping wins over a later one.
func mergedMembers(
    _ members: [SourceNode.Member], merge: (position: Int, sources: [SourceNode])
) -> [SourceNode.Member] {
    var taken = Set(members.map(\.key))
    var result: [SourceNode.Member] = []
    result.reserveCapacity(members.count)
    let split = merge.position
    result.append(contentsOf: members[..<split])
    for source in merge.sources {
        guard case .mapping(let merged) = source.content else { continue }
        for m in merged where taken.insert(m.key).inserted { result.append(m) }
    }
    result.append(contentsOf: members[split...])
    return result
}
