import Testing
import WidgetSupport
import WidgetYAML

// What the composer writes into a document's tables: kinds, payloads, the
// text kept for each scalar, and keys as written.

@Test func scalarsKeepTheirKindPayloadAndText() throws {
    let node = try #require(single("i: -5\nb: True\nd: 1.50\nbig: 99999999999999999999\ns: 'x y'\nn: ~\ne:\n"))
    let document = node.document
    func member(_ key: String) throws -> Int32 { try #require(node[key]).index }
    #expect(document.node(try member("i")).kind == .int)
    #expect(document.node(try member("i")).payload == UInt64(bitPattern: -5))
    #expect(document.node(try member("b")).payload == 1)
    #expect(document.double(try member("d")) == 1.5)
    #expect(document.double(try member("big")) == 1e20)
    #expect(document.sourceText(try member("big")) == "99999999999999999999")
    #expect(document.string(try member("s")) == "x y")
    #expect(document.sourceText(try member("n")) == "~")
    // An empty value, and an empty document, are nulls written as nothing.
    #expect(document.textBytes(try member("e"))?.count == 0)
    let empty = try #require(YAMLLoader.load(text: "--- \n...\n").documents.first)
    #expect(empty.kind == .null && empty.sourceText == "")
}

@Test func keysAreTheirTextAsWritten() throws {
    let node = try #require(single("0x1F: a\n~: b\n!!str 7: c\n&k 08: d\nv: *k\n"))
    guard case .mapping(let members) = node.content else { Issue.record("not a mapping"); return }
    #expect(members.map(\.key) == ["0x1F", "null", "7", "08", "v"])
    // A key named by an alias is its anchored scalar's text as written.
    let aliased = try #require(single("a: &n 0x10\n*n : x\n"))
    #expect(aliased.json == ["a": 16, "0x10": "x"])
    #expect(aliased.document.keyLocation(aliased.index, 1) == SourceLocation(line: 2, column: 1))
}

@Test func anAliasKeyDuplicatingItsAnchorIsRefused() throws {
    let error = try #require(failure("&k name: 1\n*k : 2\n"))
    #expect(error.code.name == "yaml-duplicate-key")
    #expect(error.location == SourceLocation(line: 2, column: 1))
    let node = try #require(single("a: &k name\n*k : 2\n"))
    #expect(node.json == ["a": "name", "name": 2])
}

@Test(arguments: ["K: 1\n\u{212A}: 2\n", "\u{212A}: 1\nK: 2\n", "\u{212A}: 1\nx: 0\nK: 2\n", "K: 1\nx: 0\n\u{212A}: 2\n"])
func keysThatAreOneStringAreDuplicatesInEitherOrder(text: String) throws {
    // U+212A KELVIN SIGN is canonically "K": whichever comes first, the later one duplicates it.
    let error = try #require(failure(text))
    #expect(error.code.name == "yaml-duplicate-key")
    #expect(error.location.column == 1)
    #expect(error.location.line == text.split(separator: "\n").count)
}

@Test func asciiKeysBesideANonASCIIKeyStayDistinct() throws {
    let node = try #require(single("\u{E9}: 1\nk: 2\nK: 3\n"))
    #expect(node.count == 3)
}

@Test func mergedKeysCompareAsStrings() throws {
    // The merged "cafe" + U+0301 equals the explicit precomposed key, which wins.
    let text = "b: &b {\"cafe\u{301}\": 1, x: 2}\nc: {caf\u{E9}: 0, <<: *b}\n"
    let c = try #require(single(text)?["c"])
    guard case .mapping(let members) = c.content else { Issue.record("not a mapping"); return }
    #expect(members.map { Array($0.key.utf8) } == [Array("caf\u{E9}".utf8), Array("x".utf8)])
    #expect(members[1].keyLocation == SourceLocation(line: 1, column: 20))
}

@Test func eachDocumentOfAFileHasItsOwnText() throws {
    let file = YAMLLoader.load(text: "a: first\n---\nbb: second\n--- third\n")
    #expect(file.documents.count == 3)
    #expect(file.documents[1].document.key(file.documents[1].index, 0) == "bb")
    #expect(file.documents[1]["bb"]?.json == "second")
    #expect(file.documents[2].json == "third")
}

@Test func aHugeTextLeavesNoTraceForTheNextFile() throws {
    // Past the room the workspace keeps: the next file starts from fresh room.
    let long = String(repeating: "x", count: 3 << 20)
    for _ in 0..<2 {
        let node = try #require(single("k: \(long)\nafter: 1\n"))
        #expect(node["k"]?.json.string?.utf8.count == long.utf8.count)
        #expect(node["after"]?.json == 1)
        #expect(single("small: value\n")?.json == ["small": "value"])
    }
}
