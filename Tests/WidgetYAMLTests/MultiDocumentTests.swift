import Testing
import WidgetSupport
import WidgetYAML

@Test func eachDocumentIsOneNode() throws {
    let file = YAMLLoader.load(text: "a: 1\n---\n---\nb: 2\n...\n--- 3\n")
    #expect(file.error == nil)
    #expect(file.documents.map(\.json) == [["a": 1], nil, ["b": 2], 3])
    #expect(file.documents[2].location == SourceLocation(line: 4, column: 1))
}

@Test func commentsAloneAreNoDocuments() throws {
    #expect(YAMLLoader.load(text: "# only\n# comments\n").documents.isEmpty)
    #expect(YAMLLoader.load(text: "").documents.isEmpty)
    #expect(YAMLLoader.load(bytes: []).error == nil)
    // An explicit empty document is null.
    #expect(YAMLLoader.load(text: "---\n# nothing\n").documents.map(\.json) == [nil])
}

@Test func readingStopsAtTheFirstError() throws {
    let file = YAMLLoader.load(text: "a: 1\n---\nb: [\n---\nc: 3\n")
    #expect(file.documents.map(\.json) == [["a": 1]])
    #expect(file.error?.code.name == "yaml-syntax")
    // A duplicate key does not stop reading: the first value is kept, the documents after it read.
    let dup = YAMLLoader.load(text: "a: 1\n---\nb: 1\nb: 2\n---\nc: 3\n")
    #expect(dup.documents.map(\.json) == [["a": 1], ["b": 1], ["c": 3]])
    #expect(dup.error == nil)
    #expect(dup.duplicates.map(\.code.name) == ["yaml-duplicate-key"])
    #expect(dup.firstError?.location == SourceLocation(line: 4, column: 1))
}
