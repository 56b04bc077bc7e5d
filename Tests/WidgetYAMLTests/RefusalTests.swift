import Foundation
import Testing
import WidgetSupport
import WidgetYAML

@Test func deepNestingIsRefusedQuickly() throws {
    let brackets = String(repeating: "[", count: 200_000)
    let start = ContinuousClock.now
    let error = try #require(failure(brackets))
    print("200,000 '[' refused in \(ContinuousClock.now - start)")
    #expect(error.code.name == "yaml-depth")
    #expect(error.location == SourceLocation(line: 1, column: YAMLLoader.maxDepth + 1))
}

@Test func nestingUpToTheBoundIsFine() throws {
    let depth = YAMLLoader.maxDepth
    let ok = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(single(ok) != nil)
    // Block mappings count the same way.
    var text = ""
    for level in 0...depth { text += String(repeating: " ", count: level) + "k:\n" }
    let error = try #require(failure(text))
    #expect(error.code.name == "yaml-depth")
    #expect(error.location.line == depth + 1)
}

@Test func aliasBombIsRefusedBeforeExpanding() throws {
    var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
        let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
        text += "a\(level): &a\(level) [\(refs)]\n"
    }
    let start = ContinuousClock.now
    let error = try #require(failure(text))
    print("billion laughs refused in \(ContinuousClock.now - start)")
    #expect(error.code.name == "yaml-alias-limit")
    // Level 5 expands to about 600,000 nodes and fits; level 6's aliases pass the bound.
    #expect(error.location.line == 7)
}

@Test func anAliasBombOfLongScalarsIsRefusedByItsBytes() throws {
    // Six levels of nine aliases of a 256-byte scalar: 531,441 scalars (136 MB of text) within
    // 1,000,000 nodes, so only counting a scalar's bytes refuses it (a fuzz finding of this shape).
    var text = "s: &s " + String(repeating: "k", count: 256) + "\n"
    for level in 1...6 {
        let refs = Array(repeating: level == 1 ? "*s" : "*a\(level - 1)", count: 9).joined(separator: ", ")
        text += "a\(level): &a\(level) [\(refs)]\n"
    }
    let error = try #require(failure(text))
    #expect(error.code.name == "yaml-alias-limit")
    #expect(error.location.line == 7)
}

@Test func manySmallAliasesWithinTheBoundAreFine() throws {
    let text = "a: &a [1, 2, 3]\nb: [" + Array(repeating: "*a", count: 1000).joined(separator: ", ") + "]\n"
    #expect(single(text)?["b"]?.json.array?.count == 1000)
}

@Test func invalidUTF8IsRefusedAtTheBadByte() throws {
    let error = try #require(failure(Array("a: b\né: x".utf8) + [0xFF] + Array(" y\n".utf8)))
    #expect(error.code.name == "yaml-encoding")
    #expect(error.location == SourceLocation(line: 2, column: 5))
    #expect(error.message.contains("0xFF"))
    // A truncated two-byte sequence, an overlong form and a surrogate.
    #expect(failure(Array("k: ".utf8) + [0xC3, 0x28])?.location == SourceLocation(line: 1, column: 4))
    #expect(failure(Array("k: ".utf8) + [0xC0, 0xAF])?.code.name == "yaml-encoding")
    #expect(failure(Array("k: ".utf8) + [0xED, 0xA0, 0x80])?.code.name == "yaml-encoding")
}

@Test func documentsBeforeABadByteAreKept() throws {
    let file = YAMLLoader.load(bytes: Array("a: 1\n---\nb: 2\n---\nc: ".utf8) + [0xFE] + Array("\n".utf8))
    #expect(file.documents.map(\.json) == [["a": 1], ["b": 2]])
    #expect(file.error?.code.name == "yaml-encoding")
    #expect(file.error?.location == SourceLocation(line: 5, column: 4))
    // A syntax error before the bad byte is the first error.
    let earlier = YAMLLoader.load(bytes: Array("a: [1\nb: ".utf8) + [0xFF])
    #expect(earlier.error?.code.name == "yaml-syntax")
}

@Test func nulBytesAreRefused() throws {
    let error = try #require(failure(Array("a: b\nc: d".utf8) + [0] + Array("e\n".utf8)))
    #expect(error.code.name == "yaml-encoding")
    #expect(error.location == SourceLocation(line: 2, column: 5))
}

@Test func otherControlCharactersAreSyntaxErrors() throws {
    let error = try #require(failure("a: b\u{7}\n"))
    #expect(error.code.name == "yaml-syntax")
    #expect(error.message.contains("U+0007"))
    #expect(error.location == SourceLocation(line: 1, column: 5))
}

@Test func utf16IsRefused() throws {
    #expect(failure([0xFF, 0xFE, 0x61, 0x00])?.code.name == "yaml-encoding")
}

@Test func syntaxErrorsCarryLibyamlsTextAndMark() throws {
    let error = try #require(failure("a: [1, 2\nb: 3\n"))
    #expect(error.code.name == "yaml-syntax")
    #expect(error.message.contains("did not find expected ',' or ']'"))
    #expect(error.message.contains("line 1, column 4"))
    // libyaml reads `2 b` as one plain scalar and stops at the `:`.
    #expect(error.location == SourceLocation(line: 2, column: 2))
    let tab = try #require(failure("a:\n\tb: 1\n"))
    #expect(tab.code.name == "yaml-syntax")
    #expect(tab.location.line == 2)
}

@Test func collectionsAsKeysAreRefused() throws {
    let flow = try #require(failure("{[a]: b}\n"))
    #expect(flow.code.name == "yaml-key")
    #expect(flow.location == SourceLocation(line: 1, column: 2))
    let explicit = try #require(failure("x: 1\n? {a: 1}\n: b\n"))
    #expect(explicit.code.name == "yaml-key")
    #expect(explicit.location == SourceLocation(line: 2, column: 3))
}

/// Bytes of a file of `count` bytes that starts with `start`; the rest is never read by a
/// reader that refuses the size first, so it is left as allocated (no gigabyte written).
func unreadTail(startingWith start: String, count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        let head = Array(start.utf8)
        _ = buffer.initialize(from: head)
        initialized = count
    }
}

@Test func aFileBeyondTheSizeBoundIsRefusedBeforeReading() throws {
    // A document's offsets are 32-bit: a file of 2 GiB wrapped them and crashed the reader.
    let file = YAMLLoader.load(bytes: unreadTail(startingWith: "a: x\n", count: SourceDocument.maxSourceBytes + 1))
    #expect(file.documents.isEmpty)
    let error = try #require(file.error)
    #expect(error.code.name == "yaml-too-large")
    #expect(error.location == .start)
    #expect(error.message.contains("\(SourceDocument.maxSourceBytes + 1) bytes"))
}

@Test func theSizeBoundKeepsEveryTextOffsetIn32Bits() throws {
    // The most text a byte of YAML makes: `\L` (two bytes) is U+2028 (three).
    let node = try #require(single(#"- "\L\P""#))
    #expect(node.child(0).string?.utf8.count == 6)
    // So a file's text is at most 1.5 bytes a byte, plus "null" for each null key.
    let mostText = SourceDocument.maxSourceBytes / 2 * 3 + 4 * YAMLLoader.maxExpandedNodes
    #expect(mostText <= Int(Int32.max))
}
