internal import CYAML
import WidgetSupport

/// Turns libyaml events into `SourceNode`s, one per document: each
/// document's JSON value, and its positions in a `SourceTreeBuilder`.
///
/// No recursion: open collections live on an explicit stack bounded by
/// `maxDepth`; the innermost one is `top`, changed in place on that stack.
/// Items, member values and keys of all open collections share a few stacks
/// (kept by the thread's `Workspace` from file to file), so each finished
/// collection costs one exactly sized array per part, its elements moved in.
///
/// Every node's expanded size (an alias counts as the whole node it names) is
/// added up as it is composed, so an alias bomb is refused when the count
/// passes `maxExpanded`, before anything is expanded: aliases share the
/// anchored node instead of copying it.
struct Composer {
    let maxDepth: Int
    let maxExpanded: Int

    /// Documents known to be complete.
    private(set) var documents: [SourceNode] = []
    /// A document that ended without `...`: complete unless the stream end was a cut.
    private var pendingDocument: SourceNode? = nil
    private var root: Composed? = nil
    /// Positions of the current document's nodes.
    private var tree: SourceTreeBuilder
    /// The open collections, outermost first, above the `.document` frame.
    private let frames: MoveStack<CollectionFrame>
    /// Items of open sequences and member values of open mappings.
    private let values: MoveStack<JSONValue>
    /// The tree child of each element of `values`: its node, and its key's position.
    private let children: MoveStack<SourceTreeChild>
    /// Keys of open mappings, pushed when read (before their values).
    private let keys: MoveStack<String>
    /// A fingerprint of each key on `keys`, so looking for a duplicate
    /// compares integers and only compares strings when two prints agree.
    private let keyPrints: MoveStack<UInt64>
    /// Strings of keys, and of short plain values, already made on this thread.
    private let keyCache: StringCache
    private let valueCache: StringCache
    private let keyLists: KeyListCache
    private var anchors: [String: (value: Composed, size: Int)] = [:]
    /// The anchor names of the open collections that have one, outermost first.
    private var openAnchors: [String] = []
    /// The mappings merged by `<<` into the open mappings that have them, and
    /// where they go among the members, outermost first.
    private var openMerges: [(position: Int, sources: [Composed])] = []
    /// Member position (from `keyStart`) by key, for the open mappings too
    /// large for a linear scan, outermost first.
    private var openKeyIndexes: [[String: Int]] = []
    /// Nodes composed so far in the file, aliases counted at their expanded size.
    private var expanded = 0

    /// The workspace's stacks and tree must be empty.
    init(maxDepth: Int, maxExpanded: Int, workspace: Workspace = Workspace()) {
        self.maxDepth = maxDepth
        self.maxExpanded = maxExpanded
        tree = workspace.tree
        frames = workspace.frames
        frames.push(.document)
        values = workspace.values
        children = workspace.children
        keys = workspace.keys
        keyPrints = workspace.keyPrints
        keyCache = workspace.keyCache
        valueCache = workspace.valueCache
        keyLists = workspace.keyLists
    }

    /// Keeps the document that ended without `...` (the input really ended there).
    mutating func commitPendingDocument() {
        if let pendingDocument { documents.append(pendingDocument) }
        pendingDocument = nil
    }

    /// (It and the per-event functions below are always inlined: each has one
    /// to three call sites, and the calls cost much of a typical event's work.)
    @inline(__always)
    mutating func handle(_ event: UnsafePointer<yaml_event_t>) throws(SourceError) {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            try scalar(event)
        case YAML_MAPPING_START_EVENT:
            try startCollection(event, isMapping: true)
        case YAML_SEQUENCE_START_EVENT:
            try startCollection(event, isMapping: false)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            try endCollection()
        case YAML_ALIAS_EVENT:
            try alias(event)
        case YAML_DOCUMENT_START_EVENT:
            commitPendingDocument()
            anchors.removeAll(keepingCapacity: true)
            root = nil
        case YAML_DOCUMENT_END_EVENT:
            let top = root ?? Composed(json: .null, node: tree.scalar(at: EventParser.location(event.pointee.start_mark)))
            let document = tree.finish(root: top.json, node: top.node)
            root = nil
            if event.pointee.data.document_end.implicit == 0 {
                documents.append(document)
            } else {
                pendingDocument = document
            }
        default:
            break
        }
    }

    /// The innermost open collection (`.document` when none is open).
    private var top: CollectionFrame {
        _read { yield frames.last }
        nonmutating _modify { yield &frames.last }
    }

    // MARK: Nodes

    @inline(__always)
    private mutating func scalar(_ event: UnsafePointer<yaml_event_t>) throws(SourceError) {
        let data = event.pointee.data.scalar
        let text = UnsafeBufferPointer(start: UnsafePointer(data.value), count: data.value == nil ? 0 : Int(data.length))
        let location = EventParser.location(event.pointee.start_mark)
        try count(1, at: location, alias: nil)
        let isPlain = data.style == YAML_PLAIN_SCALAR_STYLE

        // Fast path for keys: no node is built for an ordinary key.
        if data.anchor == nil, data.tag == nil, top.awaitsKey {
            if isPlain {
                if text.count == 2 && text[0] == UInt8(ascii: "<") && text[1] == UInt8(ascii: "<") {
                    try mergeKey(at: location)
                    return
                }
                if CoreSchema.isNull(text) {
                    try key("null", at: location)
                    return
                }
            }
            let print = Self.fingerprint(text)
            let (string, isASCII) = keyCache.string(text, print: print)
            try key(string, print: print, isASCII: isASCII, at: location)
            return
        }

        // Plain values repeat (names, types, symbols); quoted ones are mostly texts of their own.
        let string = isPlain ? valueCache.string(text, print: Self.fingerprint(text)).string : String(decoding: text, as: UTF8.self)
        let value: JSONValue
        if let tag = data.tag {
            value = try taggedScalar(text, string: string, tag: UnsafePointer(tag), at: location)
        } else if isPlain {
            switch CoreSchema.classify(text) {
            case .string: value = .string(string)
            case .null: value = .null
            case .bool(let b): value = .bool(b)
            case .int(let i): value = .int(i)
            case .bigInt(let d), .float(let d): value = .double(d)
            }
        } else {
            value = .string(string)
        }
        // A string's text is the string itself; only other scalars keep theirs apart.
        let isString = if case .string = value { true } else { false }
        let node = tree.scalar(at: location, text: isString ? nil : string)
        if let anchor = data.anchor { anchors[String(cString: anchor)] = (Composed(json: value, node: node), 1) }
        try add(value, node: node, at: location)
    }

    private func taggedScalar(
        _ text: UnsafeBufferPointer<UInt8>, string: String, tag: UnsafePointer<UInt8>, at location: SourceLocation
    ) throws(SourceError) -> JSONValue {
        guard let core = CoreTag(resolved: tag) else { throw Self.refusedTag(tag, at: location) }
        switch core.scalarValue(text, string: string) {
        case .value(let v):
            return v
        case .wrongNodeKind:
            throw SourceError(code: "yaml-tag", message: "\(core.display) cannot tag a scalar", location: location)
        case .notThisKind:
            throw SourceError(code: "yaml-tag", message: "'\(string)' is not a valid \(core.display)", location: location)
        }
    }

    private static func refusedTag(_ tag: UnsafePointer<UInt8>, at location: SourceLocation) -> SourceError {
        SourceError(
            code: "yaml-tag",
            message: "tag '\(CoreTag.display(tag))' is not allowed; only the core tags !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are",
            location: location)
    }

    @inline(__always)
    private mutating func startCollection(_ event: UnsafePointer<yaml_event_t>, isMapping: Bool) throws(SourceError) {
        let location = EventParser.location(event.pointee.start_mark)
        let what = isMapping ? "mapping" : "sequence"
        if top.awaitsKey {
            throw SourceError(code: "yaml-key", message: "a \(what) cannot be a mapping key; keys must be scalars", location: location)
        }
        guard frames.count - 1 < maxDepth else {
            throw SourceError(code: "yaml-depth", message: "nesting deeper than \(maxDepth) levels", location: location)
        }
        let tag = isMapping ? event.pointee.data.mapping_start.tag : event.pointee.data.sequence_start.tag
        if let tag {
            guard let core = CoreTag(resolved: UnsafePointer(tag)) else { throw Self.refusedTag(UnsafePointer(tag), at: location) }
            guard core == .nonSpecific || core == (isMapping ? .map : .seq) else {
                throw SourceError(code: "yaml-tag", message: "\(core.display) cannot tag a \(what)", location: location)
            }
        }
        let anchor = isMapping ? event.pointee.data.mapping_start.anchor : event.pointee.data.sequence_start.anchor
        let startCount = expanded
        try count(1, at: location, alias: nil)
        if let anchor { openAnchors.append(String(cString: UnsafePointer(anchor))) }
        let frame = CollectionFrame(
            kind: isMapping ? .mapping : .sequence, location: location, node: tree.startCollection(at: location),
            hasAnchor: anchor != nil, startCount: startCount, valueStart: values.count, keyStart: keys.count)
        frames.push(frame)
    }

    @inline(__always)
    private mutating func endCollection() throws(SourceError) {
        guard top.kind != .document else { return }
        let frame = frames.popLast()  // `top` is now its parent
        let firstChild = tree.childCount
        let json: JSONValue
        if frame.kind == .mapping {
            if frame.hasKeyIndex { openKeyIndexes.removeLast() }
            if frame.hasMerge {
                let merge = openMerges.removeLast()
                keyPrints.removeAll(from: frame.keyStart)
                json = mergedMapping(frame, merge: merge)
            } else {
                let keys = frame.keysAreASCII
                    ? keyLists.pop(keys, from: frame.keyStart, prints: keyPrints.elements(from: frame.keyStart))
                    : keys.popArray(from: frame.keyStart)
                keyPrints.removeAll(from: frame.keyStart)
                json = .object(JSONObject(distinctKeys: keys, values: values.popArray(from: frame.valueStart)))
                children.pop(from: frame.valueStart) { tree.appendChildren($0) }
            }
        } else {
            json = .array(values.popArray(from: frame.valueStart))
            children.pop(from: frame.valueStart) { tree.appendChildren($0) }
        }
        tree.endCollection(frame.node, childrenFrom: firstChild)
        if frame.hasAnchor {
            anchors[openAnchors.removeLast()] = (Composed(json: json, node: frame.node), expanded - frame.startCount)
        }
        try add(json, node: frame.node, at: frame.location)
    }

    private mutating func alias(_ event: UnsafePointer<yaml_event_t>) throws(SourceError) {
        let location = EventParser.location(event.pointee.start_mark)
        let name = event.pointee.data.alias.anchor.map { String(cString: UnsafePointer($0)) } ?? ""
        // The newest node with this anchor wins; if it is still open, the alias is inside it.
        if openAnchors.contains(name) {
            throw SourceError(code: "yaml-alias", message: "alias '*\(name)' refers to a node that contains it", location: location)
        }
        guard let (node, size) = anchors[name] else {
            throw SourceError(code: "yaml-alias", message: "undefined alias '*\(name)'", location: location)
        }
        try count(size, at: location, alias: name)
        if top.awaitsKey {
            guard let text = keyText(node) else {
                throw SourceError(code: "yaml-key", message: "alias '*\(name)' names a collection, which cannot be a mapping key", location: location)
            }
            try key(text, at: location)
            return
        }
        try add(node.json, node: node.node, at: location)
    }

    /// Counts `n` more expanded nodes and refuses the file past the bound.
    @inline(__always)
    private mutating func count(_ n: Int, at location: SourceLocation, alias: String?) throws(SourceError) {
        expanded += n
        if expanded > maxExpanded { throw tooManyNodes(at: location, alias: alias) }
    }

    private func tooManyNodes(at location: SourceLocation, alias: String?) -> SourceError {
        let message = alias.map { "alias '*\($0)' expands the file beyond \(maxExpanded) nodes" }
            ?? "more than \(maxExpanded) nodes in the file"
        return SourceError(code: "yaml-alias-limit", message: message, location: location)
    }

    // MARK: Placing nodes

    /// Puts a finished value node where it belongs: the document root, the
    /// next sequence item, or the value of the pending mapping key.
    @inline(__always)
    private mutating func add(_ json: consuming JSONValue, node: Int32, at location: SourceLocation) throws(SourceError) {
        switch top.kind {
        case .document:
            root = Composed(json: json, node: node)
        case .sequence:
            values.push(json)
            children.push(SourceTreeChild(item: node))
        case .mapping:
            if let keyLocation = top.pendingKeyLocation {
                top.pendingKeyLocation = nil
                if top.pendingIsMerge {
                    try merge(Composed(json: json, node: node), at: location)
                } else {
                    values.push(json)
                    children.push(SourceTreeChild(node: node, keyLocation: keyLocation))
                }
            } else {
                // A key that needed a node: anchored or tagged.
                guard let text = keyText(Composed(json: json, node: node)) else { return }
                try self.key(text, at: location)
            }
        }
    }

    /// The key a scalar node makes (its text; "null" for null), or nil for a collection.
    private func keyText(_ node: Composed) -> String? {
        switch node.json {
        case .array, .object: nil
        case .null: "null"
        case .string(let s): s
        default: tree.text(of: node.node) ?? ""
        }
    }

    /// Where `key` was first written in the open mapping, if it was. Keys
    /// compare as `String`s; an ASCII key can only equal one with the same bytes,
    /// so only a non-ASCII key is compared with keys whose fingerprint differs.
    /// (`mutating` only so that the composer is passed in place, not copied.)
    @inline(__always)
    private mutating func existingKeyLocation(_ key: String, print: UInt64, isASCII: Bool) -> SourceLocation? {
        if top.hasKeyIndex { return openKeyIndexes[openKeyIndexes.count - 1][key].map(keyLocation(ofMember:)) }
        let prints = keyPrints.elements(from: top.keyStart)
        for i in prints.indices where (prints[i] == print || !isASCII) && keys[top.keyStart + i] == key {
            return keyLocation(ofMember: i)
        }
        return nil
    }

    /// Where the key of member `i` (from the start) of the open mapping was written.
    private func keyLocation(ofMember i: Int) -> SourceLocation {
        children[top.valueStart + i].keyLocation
    }

    /// A key's length mixed with its first and last eight bytes: constant
    /// time, and different for nearly all keys that differ.
    private static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = bytes.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard let p = bytes.baseAddress, n > 0 else { return h }
        let raw = UnsafeRawPointer(p)
        if n >= 8 {
            let last = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            h ^= raw.loadUnaligned(as: UInt64.self) ^ ((last << 29) | (last >> 35))
        } else {
            var word: UInt64 = 0
            for i in 0..<n { word |= UInt64(p[i]) << (8 * UInt64(i)) }
            h ^= word
        }
        return h
    }

    private mutating func key(_ key: String, at location: SourceLocation) throws(SourceError) {
        var text = key
        let (print, isASCII) = text.withUTF8 { (Self.fingerprint($0), $0.isASCII) }
        try self.key(key, print: print, isASCII: isASCII, at: location)
    }

    @inline(__always)
    private mutating func key(_ key: consuming String, print: UInt64, isASCII: Bool, at location: SourceLocation) throws(SourceError) {
        if let first = existingKeyLocation(key, print: print, isASCII: isASCII) {
            throw Self.duplicate(key, at: location, first: first)
        }
        keys.push(key)
        keyPrints.push(print)
        top.pendingKeyLocation = location
        if !isASCII { top.keysAreASCII = false }
        if keys.count - top.keyStart > CollectionFrame.indexThreshold { indexLastKey() }
    }

    /// Puts the newest key in the open mapping's key index, which a mapping
    /// gets once it is too large for a linear scan.
    private mutating func indexLastKey() {
        let count = keys.count - top.keyStart
        if top.hasKeyIndex {
            openKeyIndexes[openKeyIndexes.count - 1][keys[keys.count - 1]] = count - 1
        } else {
            var index = [String: Int](minimumCapacity: count * 2)
            for i in 0..<count { index[keys[top.keyStart + i]] = i }
            openKeyIndexes.append(index)
            top.hasKeyIndex = true
        }
    }

    private mutating func mergeKey(at location: SourceLocation) throws(SourceError) {
        if let first = top.mergeKeyLocation { throw Self.duplicate("<<", at: location, first: first) }
        top.mergeKeyLocation = location
        top.pendingKeyLocation = location
        top.pendingIsMerge = true
    }

    private static func duplicate(_ key: String, at location: SourceLocation, first: SourceLocation) -> SourceError {
        SourceError(
            code: "yaml-duplicate-key", message: "duplicate key '\(key)' (first defined at line \(first.line))",
            location: location)
    }

    /// The value of `<<`: a mapping, or a sequence of mappings.
    private mutating func merge(_ value: Composed, at location: SourceLocation) throws(SourceError) {
        var sources: [Composed] = []
        switch value.json {
        case .object:
            sources = [value]
        case .array(let values):
            for (item, child) in zip(values, tree.children(of: value.node, count: values.count)) {
                let composed = Composed(json: item, node: child.node)
                guard case .object = item else {
                    throw SourceError(
                        code: "yaml-merge",
                        message: "merge key '<<' needs mappings, but this sequence holds \(describe(composed))",
                        location: tree.location(of: child.node))
                }
                sources.append(composed)
            }
        default:
            throw SourceError(
                code: "yaml-merge", message: "merge key '<<' needs a mapping or a sequence of mappings, not \(describe(value))",
                location: location)
        }
        openMerges.append((values.count - top.valueStart, sources))
        top.hasMerge = true
        top.pendingIsMerge = false
    }

    private func describe(_ node: Composed) -> String {
        switch node.json {
        case .object: "a mapping"
        case .array: "a sequence"
        case .null: "null"
        default: "the \(node.json.typeName) '\(keyText(node) ?? "")'"
        }
    }

    /// A mapping that used `<<`: explicit members in order, with the merged
    /// ones at the place of `<<`. Explicit keys win over merged keys, and an
    /// earlier merged mapping wins over a later one.
    private mutating func mergedMapping(_ frame: CollectionFrame, merge: (position: Int, sources: [Composed])) -> JSONValue {
        let ownKeys = keys.popArray(from: frame.keyStart)
        let ownValues = values.popArray(from: frame.valueStart)
        var ownChildren: [SourceTreeChild] = []
        children.pop(from: frame.valueStart) { ownChildren = Array($0) }
        var taken = Set(ownKeys)
        var keys: [String] = []
        var values: [JSONValue] = []
        func append(_ key: String, _ value: JSONValue, _ child: SourceTreeChild) {
            keys.append(key)
            values.append(value)
            tree.appendChild(child)
        }
        for i in 0..<merge.position { append(ownKeys[i], ownValues[i], ownChildren[i]) }
        for source in merge.sources {
            guard case .object(let object) = source.json else { continue }
            let children = tree.children(of: source.node, count: object.count)
            for i in 0..<object.count where taken.insert(object.keys[i]).inserted {
                append(object.keys[i], object.values[i], children[i])
            }
        }
        for i in merge.position..<ownKeys.count { append(ownKeys[i], ownValues[i], ownChildren[i]) }
        return .object(JSONObject(distinctKeys: keys, values: values))
    }
}
