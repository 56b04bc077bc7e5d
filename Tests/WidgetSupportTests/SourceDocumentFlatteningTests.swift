import Testing

@testable import WidgetSupport

/// `SourceDocument(json:)`: a value made a document, numbered as readers number nodes, at any depth.
@Suite("Flattening a value into a document")
struct SourceDocumentFlatteningTests {
    @Test func theDocumentMeansTheValue() {
        let value: JSONValue = [
            "name": "Ann", "age": 41, "ratio": 0.5, "tags": ["a", ["b", nil], [:]], "ok": true,
            "nested": ["deeper": ["x": [1, 2.25, "é"]]],
        ]
        let flat = SourceDocument(json: value)
        #expect(flat.json(flat.root) == value)
        // Nodes are numbered as they start: the root, then its members depth first.
        #expect(flat.root == 0)
        #expect(flat.nodeCount == 17)
        #expect(flat.string(1) == "Ann")
        #expect(flat.sourceText(3) == "0.5")
        #expect(flat.kind(4) == .array)
        #expect(flat.kind(6) == .array && flat.kind(7) == .string && flat.kind(8) == .null && flat.kind(9) == .object)
        let tags = flat.childNode(flat.root, flat.memberIndex(flat.root, key: "tags") ?? -1)
        #expect(flat.childCount(tags) == 3)
        #expect(flat.string(flat.childNode(tags, 0)) == "a")
    }

    @Test func valuesNestedThousandsDeepAreBuilt() {
        var value: JSONValue = ["leaf": 1]
        for k in 0..<20_000 { value = k % 2 == 0 ? .array([value]) : ["k": value] }
        let document = SourceDocument(json: value)
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
