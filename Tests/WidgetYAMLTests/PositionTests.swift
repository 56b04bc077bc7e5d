import Testing
import WidgetSupport
import WidgetYAML

@Test func everyNodeAndKeyHasItsLineAndColumn() throws {
    // Line 4 has tabs inside a flow mapping; line 5 has a two-byte `é` and a
    // four-byte emoji before values: columns count characters, not bytes.
    let text = """
        name: demo
        list:
          - a
          - {x: 1,\ty:\t[2,\t3]}
        é: ü
        😀 k: "v"

        """
    let node = try #require(single(text))
    #expect(dump(node) == """
        1:1 map
          1:1 key name
            1:7 string demo
          2:1 key list
            3:3 seq
              3:5 string a
              4:5 map
                4:6 key x
                  4:9 int 1
                4:12 key y
                  4:15 seq
                    4:16 int 2
                    4:19 int 3
          5:1 key é
            5:4 string ü
          6:1 key 😀 k
            6:6 string v

        """)
}

@Test func locationOfPointerUsesTheseNodes() throws {
    let node = try #require(single("a:\n  b: [10, 20]\n"))
    #expect(node.location(of: ["a", "b", "1"]) == SourceLocation(line: 2, column: 11))
    #expect(node.location(of: ["a", "b"], preferKey: true) == SourceLocation(line: 2, column: 3))
}

@Test func byteOrderMarkTakesNoColumn() throws {
    let file = YAMLLoader.load(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\nb: x\n".utf8))
    #expect(file.error == nil)
    let node = try #require(file.documents.first)
    #expect(dump(node) == "1:1 map\n  1:1 key a\n    1:4 int 1\n  2:1 key b\n    2:4 string x\n")
}

@Test func crlfLineEndsKeepPositions() throws {
    let node = try #require(single("a: 1\r\nb:\r\n  - x\r\n  - \"y\"\r\n"))
    #expect(dump(node) == "1:1 map\n  1:1 key a\n    1:4 int 1\n  2:1 key b\n    3:3 seq\n      3:5 string x\n      4:5 string y\n")
    // A CR LF inside a block scalar is a single line break.
    #expect(single("t: |\r\n  one\r\n  two\r\n")?["t"]?.scalar == "one\ntwo\n")
}
