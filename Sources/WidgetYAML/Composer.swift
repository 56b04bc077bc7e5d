import WidgetSupport

/// Turns YAML events into `SourceNode`s, one per document, each the root of a `SourceDocument`
/// built in place by a `SourceDocumentBuilder`: libyaml's as `YAMLEvent`s (`handle`), the
/// simple-form reader's by the entry of each event's kind (`scalar`, `startCollection`, …),
/// which `handle` calls too.
///
/// A node is added to the document when it starts (so nodes are numbered in
/// the order they start); scalar and key text is copied into the document's
/// text (a `TextArena`, handed to the builder when the document ends) as it
/// is read, and nothing else is built: no `String` or `JSONValue` per node.
///
/// No recursion: open collections live on an explicit stack bounded by
/// `maxDepth`; the innermost one is `top`, kept in the composer itself (it is
/// read at every event), and the ones around it wait on the frame stack.
/// The children of all open collections share one stack (a mapping's member
/// is pushed when its key is read and gets its node when the value is done),
/// and a finished collection's children move from it into the document, so
/// each collection's children are contiguous there. These stacks, the text
/// and the builder are the thread's `Workspace`'s, so their room is reused
/// from file to file.
///
/// Every node's expanded size (an alias counts as the whole node it names; a
/// scalar a node per 64 bytes of text) is added up as it is composed, so an alias bomb is refused when the count
/// passes `maxExpanded`, before anything is expanded: an alias is the
/// anchored node's number again, never a copy.
struct Composer {
    let maxDepth: Int
    let maxExpanded: Int

    /// Documents known to be complete.
    private(set) var documents: [SourceNode] = []
    /// Duplicate keys met so far (reading went on: the first of each is kept).
    private(set) var duplicates: [SourceError] = []
    /// A document that ended without `...`: complete unless the stream end was a cut.
    private var pendingDocument: SourceNode? = nil
    /// The current document's top node, once it is done.
    private var root: Int32? = nil
    /// The current document's nodes and children.
    private var document: SourceDocumentBuilder
    /// The current document's text, which the builder takes when the document ends.
    private let arena: TextArena
    /// The innermost open collection (`.document` when none is open).
    private var top = CollectionFrame.document
    /// The collections around `top`, outermost first, from the `.document` frame on.
    private let frames: MoveStack<CollectionFrame>
    /// Children of the open collections: sequence items, and mapping members
    /// with their keys' text and positions.
    private let children: MoveStack<SourceDocument.Child>
    private var anchors: [String: (node: Int32, size: Int)] = [:]
    /// The anchor names of the open collections that have one, outermost first.
    private var openAnchors: [String] = []
    /// The mappings merged by `<<` into the open mappings that have them, and
    /// where they go among the members, outermost first.
    private var openMerges: [(position: Int, sources: [Int32])] = []
    /// Member position (from `childStart`) by key, for the open mappings too
    /// large for a linear scan, outermost first.
    private var openKeyIndexes: [[String: Int]] = []
    /// Nodes composed so far in the file, aliases counted at their expanded size.
    private var expanded = 0

    /// The workspace's stacks and builder must be empty.
    init(maxDepth: Int, maxExpanded: Int, workspace: Workspace = Workspace()) {
        self.maxDepth = maxDepth
        self.maxExpanded = maxExpanded
        document = workspace.document
        arena = workspace.text
        frames = workspace.frames
        children = workspace.children
    }

    /// Keeps the document that ended without `...` (the input really ended there).
    mutating func commitPendingDocument() {
        if let pendingDocument { documents.append(pendingDocument) }
        pendingDocument = nil
    }

    /// (It and the per-event functions below are always inlined: each has one
    /// to three call sites, and the calls cost much of a typical event's work.)
    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    mutating func handle(_ event: YAMLEvent) throws(SourceError) {
        switch event.kind {
        case .scalar:
            try scalar(
                event.text, inArenaAt: nil, isPlain: event.style == .plain, anchor: event.anchor, tag: event.tag, at: event.location)
        case .mappingStart:
            try startCollection(isMapping: true, anchor: event.anchor, tag: event.tag, at: event.location)
        case .sequenceStart:
            try startCollection(isMapping: false, anchor: event.anchor, tag: event.tag, at: event.location)
        case .mappingEnd, .sequenceEnd:
            try endCollection()
        case .alias:
            try alias(event.anchor, at: event.location)
        case .documentStart:
            startDocument()
        case .documentEnd:
            endDocument(at: event.location, implicitEnd: event.implicitEnd)
        case .streamStart, .streamEnd:
            break
        }
    }

    // The events one by one, for a reader that knows which it has (the simple form's
    // `SimpleFormComposer`): `handle` is only the switch over them.

    mutating func startDocument() {
        commitPendingDocument()
        anchors.removeAll(keepingCapacity: true)
        root = nil
    }

    /// Starts a document whose scalars are mostly slices of `input` (the simple form's): the
    /// input goes into the document's text first, whole, so that such a scalar is named by its
    /// offset (`scalar`'s `inArenaAt`) instead of copied (bench/validate's examples slice, callgrind,
    /// a file: 452.0 k -> 448.2 k instructions, 321.3 k -> 320.1 k estimated cycles).
    mutating func startDocument(sharing input: UnsafeBufferPointer<UInt8>) {
        startDocument()
        precondition(arena.all.isEmpty, "the document's text must start empty")
        _ = arena.append(input)
    }

    /// Finishes the document and hands it its text. (libyaml gives an empty
    /// document an empty plain scalar, a null written as nothing; a document
    /// that ended with no node at all would be a null with no text.) `implicitEnd`:
    /// it ended without `...` (complete unless the input was cut there).
    mutating func endDocument(at location: SourceLocation, implicitEnd: Bool) {
        let top = root ?? document.scalar(.null, at: location, textStart: 0, textCount: -1)
        // The arena is the builder's: the document takes its text as it is (and empties it).
        let finished = SourceNode(document: document.finish(root: top), index: top)
        root = nil
        if !implicitEnd {
            documents.append(finished)
        } else {
            pendingDocument = finished
        }
    }

    // MARK: Nodes

    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    /// A scalar: its value (`text`, after escapes and folding; `inArenaAt`, where it already is
    /// in the document's text, if it is), whether it was written plain, its anchor and tag
    /// (NUL-terminated), all valid for the call only.
    mutating func scalar(
        _ text: UnsafeBufferPointer<UInt8>, inArenaAt textStart: Int32?, isPlain: Bool, anchor: UnsafePointer<UInt8>?,
        tag: UnsafePointer<UInt8>?, at location: SourceLocation
    ) throws(SourceError) {
        // A scalar counts a node more for each 64 bytes of its text, so that aliases of long
        // scalars are bounded in bytes too: a 477-byte file of 200-byte scalars aliased through
        // five levels made 1,000,000 nodes and took over 512 MB (a fuzz finding).
        let weight = 1 + text.count >> 6
        try count(weight, at: location, alias: nil)

        // Fast path for keys: no node is added for an ordinary key.
        if anchor == nil, tag == nil, top.awaitsKey {
            if isPlain {
                if text.count == 2 && text[0] == UInt8(ascii: "<") && text[1] == UInt8(ascii: "<") {
                    try mergeKey(at: location)
                    return
                }
                if CoreSchema.isNull(text) {
                    try nullKey(at: location)
                    return
                }
            }
            try key(text, inArenaAt: textStart, at: location)
            return
        }

        let value: CoreSchema.Value
        if let tag {
            value = try taggedScalar(text, tag: tag, at: location)
        } else {
            value = isPlain ? CoreSchema.plainValue(text) : .string
        }
        // A string's text is its value; any other scalar keeps its text as written.
        let node = document.scalar(
            value.kind, at: location, textStart: textStart ?? arena.append(text), textCount: Int32(truncatingIfNeeded: text.count),
            payload: value.payload)
        if let anchor { anchors[String(cString: anchor)] = (node, weight) }
        try add(node, at: location)
    }

    private func taggedScalar(
        _ text: UnsafeBufferPointer<UInt8>, tag: UnsafePointer<UInt8>, at location: SourceLocation
    ) throws(SourceError) -> CoreSchema.Value {
        guard let core = CoreTag(resolved: tag) else { throw Self.refusedTag(tag, at: location) }
        switch core.scalarValue(text) {
        case .value(let v):
            return v
        case .wrongNodeKind:
            throw SourceError(code: .yamlTag, message: "\(core.display) cannot tag a scalar", location: location)
        case .notThisKind:
            let string = String(decoding: text, as: UTF8.self)
            throw SourceError(code: .yamlTag, message: "'\(string)' is not a valid \(core.display)", location: location)
        }
    }

    private static func refusedTag(_ tag: UnsafePointer<UInt8>, at location: SourceLocation) -> SourceError {
        SourceError(
            code: .yamlTag,
            message: "tag '\(CoreTag.display(tag))' is not allowed; only the core tags !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are",
            location: location)
    }

    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    mutating func startCollection(
        isMapping: Bool, anchor: UnsafePointer<UInt8>?, tag: UnsafePointer<UInt8>?, at location: SourceLocation
    ) throws(SourceError) {
        // (The word only on the error paths: built here, it cost a release per collection of the
        // simple form, whose `isMapping` is not a constant.)
        func what() -> String { isMapping ? "mapping" : "sequence" }
        if top.awaitsKey {
            throw SourceError(code: .yamlKey, message: "a \(what()) cannot be a mapping key; keys must be scalars", location: location)
        }
        guard frames.count < maxDepth else {
            throw SourceError(code: .yamlDepth, message: "nesting deeper than \(maxDepth) levels", location: location)
        }
        if let tag {
            guard let core = CoreTag(resolved: tag) else { throw Self.refusedTag(tag, at: location) }
            guard core == .nonSpecific || core == (isMapping ? .map : .seq) else {
                throw SourceError(code: .yamlTag, message: "\(core.display) cannot tag a \(what())", location: location)
            }
        }
        let startCount = expanded
        try count(1, at: location, alias: nil)
        if let anchor { openAnchors.append(String(cString: anchor)) }
        let node = document.startCollection(isMapping ? .object : .array, at: location)
        frames.push(top)
        top = CollectionFrame(
            kind: isMapping ? .mapping : .sequence, node: node, hasAnchor: anchor != nil, startCount: startCount,
            childStart: children.count)
    }

    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    mutating func endCollection() throws(SourceError) {
        guard top.kind != .document else { return }
        let frame = top
        top = frames.popLast()
        let firstChild = document.childCount
        if frame.hasKeyIndex { openKeyIndexes.removeLast() }
        if frame.hasMerge {
            appendMergedMembers(frame, merge: openMerges.removeLast())
        } else {
            children.pop(from: frame.childStart) { document.appendChildren($0) }
        }
        document.endCollection(frame.node, childrenFrom: firstChild)
        if frame.hasAnchor {
            anchors[openAnchors.removeLast()] = (frame.node, expanded - frame.startCount)
        }
        try add(frame.node, at: location(of: frame.node))
    }

    /// An alias of the anchor `name` (NUL-terminated).
    mutating func alias(_ name: UnsafePointer<UInt8>?, at location: SourceLocation) throws(SourceError) {
        let name = name.map { String(cString: $0) } ?? ""
        // The newest node with this anchor wins; if it is still open, the alias is inside it.
        if openAnchors.contains(name) {
            throw SourceError(code: .yamlAlias, message: "alias '*\(name)' refers to a node that contains it", location: location)
        }
        guard let (node, size) = anchors[name] else {
            throw SourceError(code: .yamlAlias, message: "undefined alias '*\(name)'", location: location)
        }
        try count(size, at: location, alias: name)
        if top.awaitsKey {
            guard try key(of: node, at: location) else {
                throw SourceError(code: .yamlKey, message: "alias '*\(name)' names a collection, which cannot be a mapping key", location: location)
            }
            return
        }
        try add(node, at: location)
    }

    /// Counts `n` more expanded nodes and refuses the file past the bound.
    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    private mutating func count(_ n: Int, at location: SourceLocation, alias: String?) throws(SourceError) {
        expanded += n
        if expanded > maxExpanded { throw tooManyNodes(at: location, alias: alias) }
    }

    private func tooManyNodes(at location: SourceLocation, alias: String?) -> SourceError {
        let message = alias.map { "alias '*\($0)' expands the file beyond \(maxExpanded) nodes" }
            ?? "more than \(maxExpanded) nodes in the file"
        return SourceError(code: .yamlAliasLimit, message: message, location: location)
    }

    private func location(of node: Int32) -> SourceLocation {
        let e = document.node(node)
        return SourceLocation(line: Int(e.line), column: Int(e.column))
    }

    // MARK: Placing nodes

    /// Puts a finished value node where it belongs: the document root, the
    /// next sequence item, or the value of the pending mapping key.
    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    private mutating func add(_ node: Int32, at location: SourceLocation) throws(SourceError) {
        switch top.kind {
        case .document:
            root = node
        case .sequence:
            children.push(SourceDocument.Child(item: node))
        case .mapping:
            if top.awaitsValue {
                top.awaitsValue = false
                if top.pendingIsMerge {
                    try merge(node, at: location)
                } else if top.pendingIsDuplicate {
                    top.pendingIsDuplicate = false  // a duplicate key's value: read, not kept
                } else {
                    children.last.node = node
                }
            } else {
                // A key that needed a node: anchored or tagged (collections were refused at their start).
                _ = try key(of: node, at: location)
            }
        }
    }

    // MARK: Keys

    /// Reads scalar `node` as the next key (its text; "null" for null);
    /// false, reading nothing, for a collection.
    private mutating func key(of node: Int32, at location: SourceLocation) throws(SourceError) -> Bool {
        let e = document.node(node)
        switch e.kind {
        case .array, .object:
            return false
        case .null:
            try nullKey(at: location)
        default:
            // The node's text is already in the arena: the key shares it.
            let start = max(e.first, 0), count = max(e.count, 0)
            try key(arena.bytes(from: start, count: count), inArenaAt: start, at: location)
        }
        return true
    }

    private mutating func nullKey(at location: SourceLocation) throws(SourceError) {
        let null: StaticString = "null"
        try key(UnsafeBufferPointer(start: null.utf8Start, count: null.utf8CodeUnitCount), inArenaAt: nil, at: location)
    }

    /// Reads `bytes` as the next key of the open mapping, refusing a
    /// duplicate. `start` says where the bytes already are in the arena; if
    /// nil, they are copied there.
    ///
    /// Keys compare as Swift `String`s (canonical equivalence, so a
    /// document's keys are distinct as strings too). Two ASCII keys are equal
    /// only with the same bytes, so while a mapping's keys are all ASCII, a
    /// new ASCII key is compared by bytes, and only when its `KeyPrint` bit
    /// is among the mapping's (nearly always it is not, and nothing is
    /// compared); otherwise keys are compared as strings (`existingKeyLocation`).
    // @inline(__always): with WidgetYAML's 9 others, -1.3% instructions on bench/validate (1,000 files, one thread, callgrind)
    @inline(__always)
    private mutating func key(
        _ bytes: UnsafeBufferPointer<UInt8>, inArenaAt start: Int32?, at location: SourceLocation
    ) throws(SourceError) {
        let print = KeyPrint(bytes)
        if top.hasKeyIndex || top.hasNonASCIIKey || !print.isASCII {
            if let first = existingKeyLocation(bytes) { return skipDuplicate(bytes, at: location, first: first) }
            if !print.isASCII { top.hasNonASCIIKey = true }
        } else if top.keyBits & print.bit != 0, let first = existingKeyLocation(sameBytesAs: bytes) {
            return skipDuplicate(bytes, at: location, first: first)
        }
        top.keyBits |= print.bit
        let keyFirst = start ?? arena.append(bytes)
        children.push(SourceDocument.Child(
            node: -1, keyFirst: keyFirst, keyCount: Int32(truncatingIfNeeded: bytes.count),
            keyLine: Int32(clamping: location.line), keyColumn: Int32(clamping: location.column)))
        top.awaitsValue = true
        if children.count - top.childStart > CollectionFrame.indexThreshold { indexLastKey() }
    }

    /// Where a key with exactly these bytes was first written in the open mapping, if it was.
    private func existingKeyLocation(sameBytesAs bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation? {
        for i in 0..<(children.count - top.childStart) where keyBytes(ofMember: i).hasSameBytes(as: bytes) {
            return keyLocation(ofMember: i)
        }
        return nil
    }

    /// Where a key equal to `bytes` as a string was first written in the open
    /// mapping, if it was: in either order, `K` and the Kelvin sign are one
    /// key. A mapping with more than `indexThreshold` keys looks them up in a
    /// `String` dictionary.
    private func existingKeyLocation(_ bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation? {
        let key = String(decoding: bytes, as: UTF8.self)
        if top.hasKeyIndex {
            return openKeyIndexes[openKeyIndexes.count - 1][key].map(keyLocation(ofMember:))
        }
        for i in 0..<(children.count - top.childStart) where String(decoding: keyBytes(ofMember: i), as: UTF8.self) == key {
            return keyLocation(ofMember: i)
        }
        return nil
    }

    /// The key of member `i` (from the start) of the open mapping, in the arena.
    private func keyBytes(ofMember i: Int) -> UnsafeBufferPointer<UInt8> {
        let child = children[top.childStart + i]
        return arena.bytes(from: child.keyFirst, count: child.keyCount)
    }

    /// Where the key of member `i` (from the start) of the open mapping was written.
    private func keyLocation(ofMember i: Int) -> SourceLocation {
        let child = children[top.childStart + i]
        return SourceLocation(line: Int(child.keyLine), column: Int(child.keyColumn))
    }

    /// Puts the newest key in the open mapping's key index, which a mapping
    /// gets once it is too large for a linear scan.
    private mutating func indexLastKey() {
        let count = children.count - top.childStart
        if top.hasKeyIndex {
            openKeyIndexes[openKeyIndexes.count - 1][String(decoding: keyBytes(ofMember: count - 1), as: UTF8.self)] = count - 1
        } else {
            var index = [String: Int](minimumCapacity: count * 2)
            for i in 0..<count { index[String(decoding: keyBytes(ofMember: i), as: UTF8.self)] = i }
            openKeyIndexes.append(index)
            top.hasKeyIndex = true
        }
    }

    private mutating func mergeKey(at location: SourceLocation) throws(SourceError) {
        if top.mergeKeyLine > 0 {
            throw Self.duplicate("<<", at: location, firstLine: Int(top.mergeKeyLine))
        }
        top.mergeKeyLine = Int32(clamping: location.line)
        top.awaitsValue = true
        top.pendingIsMerge = true
    }

    /// A key the mapping already has: reported, and its value read and dropped (the first one
    /// stays), so that the rest of the document is still read and checked.
    private mutating func skipDuplicate(_ key: UnsafeBufferPointer<UInt8>, at location: SourceLocation, first: SourceLocation) {
        duplicates.append(Self.duplicate(key, at: location, first: first))
        top.awaitsValue = true
        top.pendingIsDuplicate = true
    }

    private static func duplicate(_ key: UnsafeBufferPointer<UInt8>, at location: SourceLocation, first: SourceLocation) -> SourceError {
        var error = duplicate(String(decoding: key, as: UTF8.self), at: location, firstLine: first.line)
        error.notes = [.init("first defined here", at: first)]
        return error
    }

    private static func duplicate(_ key: String, at location: SourceLocation, firstLine: Int) -> SourceError {
        SourceError(
            code: .yamlDuplicateKey, message: "duplicate key '\(key)' (first defined at line \(firstLine))",
            location: location)
    }

    // MARK: Merge keys

    /// The value of `<<`: a mapping, or a sequence of mappings.
    private mutating func merge(_ node: Int32, at location: SourceLocation) throws(SourceError) {
        var sources: [Int32] = []
        switch document.node(node).kind {
        case .object:
            sources = [node]
        case .array:
            for child in document.children(of: node) {
                guard document.node(child.node).kind == .object else {
                    throw SourceError(
                        code: .yamlMerge,
                        message: "merge key '<<' needs mappings, but this sequence holds \(describe(child.node))",
                        location: self.location(of: child.node))
                }
                sources.append(child.node)
            }
        default:
            throw SourceError(
                code: .yamlMerge, message: "merge key '<<' needs a mapping or a sequence of mappings, not \(describe(node))",
                location: location)
        }
        openMerges.append((children.count - top.childStart, sources))
        top.hasMerge = true
        top.pendingIsMerge = false
    }

    /// A node as merge errors name it: "a mapping", "null", "the integer '3'"...
    private func describe(_ node: Int32) -> String {
        let e = document.node(node)
        let typeName: String
        switch e.kind {
        case .object: return "a mapping"
        case .array: return "a sequence"
        case .null: return "null"
        case .bool: typeName = "boolean"
        case .int: typeName = "integer"
        case .double:
            let d = Double(bitPattern: e.payload)
            typeName = d.rounded(.towardZero) == d && d.isFinite ? "integer" : "number"
        case .string: typeName = "string"
        }
        let written = e.count >= 0 ? String(decoding: arena.bytes(from: e.first, count: e.count), as: UTF8.self) : ""
        return "the \(typeName) '\(written)'"
    }

    /// Hands a mapping that used `<<` its members: explicit members in order,
    /// with the merged ones at the place of `<<`, each keeping its key's text
    /// and position. Explicit keys win over merged keys, and an earlier merged
    /// mapping wins over a later one; keys compare as `String`s, as everywhere.
    private mutating func appendMergedMembers(_ frame: CollectionFrame, merge: (position: Int, sources: [Int32])) {
        let own = Array(children.elements(from: frame.childStart))
        children.removeAll(from: frame.childStart)
        var taken = Set<String>()
        for child in own { taken.insert(keyString(child)) }
        for child in own[..<merge.position] { document.appendChild(child) }
        for source in merge.sources {
            // A copy: appending may move the builder's children.
            for child in Array(document.children(of: source)) where taken.insert(keyString(child)).inserted {
                document.appendChild(child)
            }
        }
        for child in own[merge.position...] { document.appendChild(child) }
    }

    private func keyString(_ child: SourceDocument.Child) -> String {
        String(decoding: arena.bytes(from: child.keyFirst, count: child.keyCount), as: UTF8.self)
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let yamlAlias = DiagnosticCode("yaml-alias")
    package static let yamlAliasLimit = DiagnosticCode("yaml-alias-limit")
    package static let yamlDepth = DiagnosticCode("yaml-depth")
    package static let yamlDuplicateKey = DiagnosticCode("yaml-duplicate-key")
    package static let yamlKey = DiagnosticCode("yaml-key")
    package static let yamlMerge = DiagnosticCode("yaml-merge")
    package static let yamlTag = DiagnosticCode("yaml-tag")
}
