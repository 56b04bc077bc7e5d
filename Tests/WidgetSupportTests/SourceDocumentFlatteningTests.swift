import Testing

@testable import WidgetSupport

/// `SourceDocument(flattening:)` makes the document `init(json:)` makes, without recursion.
@Suite("Flattening a value into a document")
struct SourceDocumentFlatteningTests {
    @Test func theDocumentMeansTheValue() {
        let value: JSONValue = [
            "name": "Ann", "age": 41, "ratio": 0.5, "tags": ["a", ["b", nil], [:]], "ok": true,
            "nested": ["deeper": ["x": [1, 2.25, "é"]]],
        ]
        let flat = SourceDocument(flattening: value)
        #expect(flat.json(flat.root) == value)
        let recursive = SourceDocument(json: value)
        // The same nodes in the same order: kinds and scalar texts match node by node.
        #expect(flat.nodeCount == recursive.nodeCount)
        for n in 0..<Int32(flat.nodeCount) {
            #expect(flat.kind(n) == recursive.kind(n))
            #expect(flat.sourceText(n) == recursive.sourceText(n))
        }
        let tags = flat.childNode(flat.root, flat.memberIndex(flat.root, key: "tags") ?? -1)
        #expect(flat.childCount(tags) == 3)
        #expect(flat.string(flat.childNode(tags, 0)) == "a")
    }

    @Test func valuesNestedThousandsDeepAreBuilt() {
        var value: JSONValue = ["leaf": 1]
        for k in 0..<20_000 { value = k % 2 == 0 ? .array([value]) : ["k": value] }
        let document = SourceDocument(flattening: value)
        var n = document.root
        var depth = 0
        while document.childCount(n) > 0 {
            n = document.childNode(n, 0)
            depth += 1
        }
        #expect(depth == 20_001)
        #expect(document.int(n) == 1)
    }
}
