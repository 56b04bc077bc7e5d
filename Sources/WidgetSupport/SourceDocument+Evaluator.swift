extension SourceDocument {
    /// A document's tables as read-only pointers, for a reader that visits every node
    /// many times (the JSON Schema evaluator): reading through them costs no call and no
    /// reference counting. They are valid only while the document is alive: keep it alive
    /// (`withExtendedLifetime`) for as long as they are used.
    ///
    /// What the tables hold is `SourceDocument`'s contract: a collection's children are
    /// `children[first ..< first + count]`, a scalar's text `text[first ..< first + count]`
    /// (count -1: none), a child's node `nodes[child.node]`, its key
    /// `text[keyFirst ..< keyFirst + keyCount]`. Every index in them is in bounds.
    @frozen
    package struct Tables: @unchecked Sendable {  // pointers into an immutable document
        package let nodes: UnsafePointer<Node>
        package let children: UnsafePointer<Child>
        package let text: UnsafePointer<UInt8>

        init(nodes: UnsafePointer<Node>, children: UnsafePointer<Child>, text: UnsafePointer<UInt8>) {
            self.nodes = nodes
            self.children = children
            self.text = text
        }
    }

    /// The document's tables (see `Tables` for how long they stay valid).
    package var tables: Tables {
        Tables(nodes: UnsafePointer(nodes), children: UnsafePointer(children), text: UnsafePointer(text))
    }
}
