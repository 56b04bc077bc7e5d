extension SourceDocumentBuilder {
    /// An open collection while `add` goes through it.
    private struct OpenCollection {
        let node: Int32
        let value: JSONValue
        let count: Int
        var next = 0
        var children: [SourceDocument.Child] = []
    }

    /// Adds `value` and everything in it (nodes numbered as they start; a collection's
    /// children contiguous, after its descendants'), one value at a time with a stack of
    /// its own: a value built in code may be nested far deeper than any reader allows
    /// (the schema tests validate 5,000 levels) and must not overflow the stack.
    /// Returns the value's node.
    mutating func add(_ value: JSONValue) -> Int32 {
        var open: [OpenCollection] = []
        let root = start(value, &open)
        while let top = open.indices.last {
            guard open[top].next < open[top].count else {
                let done = open.removeLast()
                let first = childCount
                done.children.withUnsafeBufferPointer { appendChildren($0) }
                endCollection(done.node, childrenFrom: first)
                continue
            }
            let k = open[top].next
            open[top].next += 1
            switch open[top].value {
            case .array(let items):
                open[top].children.append(SourceDocument.Child(item: start(items[k], &open)))
            case .object(let object):
                let key = object.keys[k]
                let keyFirst = appendText(key)
                let node = start(object.values[k], &open)
                open[top].children.append(
                    SourceDocument.Child(
                        node: node, keyFirst: keyFirst, keyCount: Int32(truncatingIfNeeded: key.utf8.count), keyLine: 1, keyColumn: 1))
            default:
                break
            }
        }
        return root
    }

    /// Adds a scalar whole, or opens a collection (its children come from the loop).
    private mutating func start(_ value: JSONValue, _ open: inout [OpenCollection]) -> Int32 {
        switch value {
        case .array(let items):
            let node = startCollection(.array, at: .start)
            open.append(OpenCollection(node: node, value: value, count: items.count))
            return node
        case .object(let object):
            let node = startCollection(.object, at: .start)
            open.append(OpenCollection(node: node, value: value, count: object.count))
            return node
        case .null: return scalar(.null, "null")
        case .bool(let b): return scalar(.bool, b ? "true" : "false", payload: b ? 1 : 0)
        case .int(let i): return scalar(.int, String(i), payload: UInt64(bitPattern: Int64(i)))
        case .double(let d): return scalar(.double, JSONWriter.string(value), payload: d.bitPattern)
        case .string(let s): return scalar(.string, s)
        }
    }

    private mutating func scalar(_ kind: SourceDocument.Kind, _ text: String, payload: UInt64 = 0) -> Int32 {
        let first = appendText(text)
        return scalar(kind, at: .start, textStart: first, textCount: Int32(truncatingIfNeeded: text.utf8.count), payload: payload)
    }
}
