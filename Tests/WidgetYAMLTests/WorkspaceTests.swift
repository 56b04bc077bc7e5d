import Testing
import WidgetSupport
import WidgetYAML

@Test func keysComeBackExactlyAsWrittenAcrossFiles() throws {
    // Keys sharing first and last bytes and lengths (so fingerprints), non-ASCII
    // keys, and long keys; read twice, so the second file reuses the workspace.
    let keys = [
        "accessibilityLabel", "accessibilityLabes", "accessibilityXabel", "accessoryInline", "min", "max", "mix",
        "na\u{EF}ve", "na\u{EE}ve", "\u{1F600}", "\u{1F601}", "abcdefgh", "abcdefgi", "abcdefghabcdefgh", "abcdefgxabcdefgh",
        String(repeating: "k", count: 32), String(repeating: "k", count: 33), String(repeating: "k", count: 31) + "\u{E9}",
    ]
    let text = keys.enumerated().map { "\"\($0.element)\": \($0.offset)\n" }.joined()
    for _ in 0..<2 {
        let object = try #require(single(text)?.json.object)
        #expect(object.keys.count == keys.count)
        for (key, expected) in zip(object.keys, keys) { #expect(key.utf8.elementsEqual(expected.utf8)) }
    }
}

@Test func aFileThatStopsMidwayLeavesNothingForTheNextFile() throws {
    // The thread's workspace is reused: open collections, keys and document
    // nodes of a failed file must not leak into the next one.
    let broken = "a:\n  b: [1, {c: 2, d: [x, y\n"
    let duplicate = "a:\n  b: {k: 1, k: 2}\n"
    let valid = "top: {x: [1, 2]}\nnext: value\n"
    for _ in 0..<3 {
        #expect(failure(broken) != nil)
        #expect(failure(duplicate)?.code.name == "yaml-duplicate-key")
        let node = try #require(single(valid))
        #expect(node.json == ["top": ["x": [1, 2]], "next": "value"])
        #expect(node["next"]?.location == SourceLocation(line: 2, column: 7))
        #expect(node["top"]?["x"]?.items[1].location == SourceLocation(line: 1, column: 14))
    }
}

@Test func canonicallyEqualNonASCIIKeysKeepTheirOwnBytes() throws {
    // Equal as `String`s, different in bytes: each mapping keeps its key as written.
    let node = try #require(single("a: {caf\u{E9}: 1}\nb: {cafe\u{301}: 1}\n"))
    #expect(node["a"]?.json.object?.keys.first.map { Array($0.utf8) } == Array("caf\u{E9}".utf8))
    #expect(node["b"]?.json.object?.keys.first.map { Array($0.utf8) } == Array("cafe\u{301}".utf8))
}

@Test func plainValuesComeBackExactlyAcrossFiles() throws {
    // Values and the texts of numbers, read twice, the second time with the workspace reused.
    let text = "a: systemMedium\nb: 0x1F\nc: caf\u{E9}\nd: 1.50\ne: systemMediun\nf: \"systemMedium\"\n"
    for _ in 0..<2 {
        let node = try #require(single(text))
        #expect(node.json == ["a": "systemMedium", "b": 31, "c": "caf\u{E9}", "d": 1.5, "e": "systemMediun", "f": "systemMedium"])
        #expect(node["b"]?.sourceText == "0x1F")
        #expect(node["d"]?.sourceText == "1.50")
        #expect(node["c"]?.json.string.map { Array($0.utf8) } == Array("caf\u{E9}".utf8))
    }
}
