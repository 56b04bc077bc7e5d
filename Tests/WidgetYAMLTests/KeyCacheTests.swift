import Testing
import WidgetSupport
@testable import WidgetYAML

/// Calls `body` with the bytes of `text`.
private func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    Array(text.utf8).withUnsafeBufferPointer(body)
}

@Test func theKeyCacheAnswersByBytesNotByFingerprint() {
    let cache = KeyCache()
    // Every key under one fingerprint: only the bytes tell them apart.
    let keys = ["title", "titles", "titlE", "subtitle", "caf\u{E9}", "cafe\u{301}", "", "a", "x" + String(repeating: "y", count: 40)]
    for _ in 0..<3 {
        for key in keys {
            let (string, isASCII) = withBytes(key) { cache.key($0, print: 42) }
            #expect(string.utf8.elementsEqual(key.utf8))
            #expect(isASCII == key.utf8.allSatisfy { $0 < 0x80 })
        }
    }
}

@Test func theKeyCacheTakesAnEmptyBufferWithoutBytes() {
    let cache = KeyCache()
    let (string, isASCII) = cache.key(UnsafeBufferPointer(start: nil, count: 0), print: 0)
    #expect(string.isEmpty && isASCII)
}

@Test func cachedKeysComeBackExactlyAcrossFiles() throws {
    // Keys sharing first and last bytes and lengths, non-ASCII keys, and keys
    // past the cache's length limit; read twice, so the second file finds them cached.
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
    // The thread's workspace is reused: open collections, keys and tree
    // nodes of a failed file must not leak into the next one.
    let broken = "a:\n  b: [1, {c: 2, d: [x, y\n"
    let duplicate = "a:\n  b: {k: 1, k: 2}\n"
    let valid = "top: {x: [1, 2]}\nnext: value\n"
    for _ in 0..<3 {
        #expect(failure(broken) != nil)
        #expect(failure(duplicate)?.code == "yaml-duplicate-key")
        let node = try #require(single(valid))
        #expect(node.json == ["top": ["x": [1, 2]], "next": "value"])
        #expect(node["next"]?.location == SourceLocation(line: 2, column: 7))
        #expect(node["top"]?["x"]?.items[1].location == SourceLocation(line: 1, column: 14))
    }
}
