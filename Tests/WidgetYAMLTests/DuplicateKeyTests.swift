import Testing
import WidgetSupport
import WidgetYAML

@Test func aDuplicateKeyIsRefusedAtTheSecondKey() throws {
    let error = try #require(failure("a: 1\nb: 2\na: 3\n"))
    #expect(error.code.name == "yaml-duplicate-key")
    #expect(error.location == SourceLocation(line: 3, column: 1))
    #expect(error.message.contains("'a'"))
    #expect(error.message.contains("line 1"))
}

@Test func duplicatesAreFoundInFlowAndNestedMappings() throws {
    let flow = try #require(failure("m: {x: 1, y: 2, x: 3}\n"))
    #expect(flow.code.name == "yaml-duplicate-key")
    #expect(flow.location == SourceLocation(line: 1, column: 17))
    let nested = try #require(failure("top:\n  inner:\n    k: 1\n    k: 2\n"))
    #expect(nested.location == SourceLocation(line: 4, column: 5))
    // The same key in different mappings is fine.
    #expect(single("a: {k: 1}\nb: {k: 2}\n") != nil)
}

@Test func duplicatesAreFoundInLargeMappings() throws {
    var text = ""
    for i in 0..<40 { text += "key\(i): \(i)\n" }
    #expect(single(text)?.json.object?.count == 40)
    let error = try #require(failure(text + "key7: again\n"))
    #expect(error.code.name == "yaml-duplicate-key")
    #expect(error.location == SourceLocation(line: 41, column: 1))
    #expect(error.message.contains("line 8"))
}

@Test func keysCompareByTheirStrings() throws {
    // `~` and `null` are both the null key; a quoted key equals a plain one.
    #expect(failure("~: 1\nnull: 2\n")?.code.name == "yaml-duplicate-key")
    #expect(failure("a: 1\n\"a\": 2\n")?.code.name == "yaml-duplicate-key")
}

@Test func overriddenMergedKeysAreNotDuplicates() throws {
    #expect(single("b: &b {a: 1}\nc:\n  a: 2\n  <<: *b\n")?["c"]?.json == ["a": 2])
    let twice = try #require(failure("b: &b {a: 1}\nc:\n  <<: *b\n  <<: *b\n"))
    #expect(twice.code.name == "yaml-duplicate-key")
    #expect(twice.location == SourceLocation(line: 4, column: 3))
}

@Test func canonicallyEqualKeysAreDuplicates() throws {
    // "é" precomposed (U+00E9) and decomposed (e + U+0301) are one Swift String,
    // so one key: refused, rather than two members that look up as one.
    let error = try #require(failure("caf\u{E9}: 1\ncafe\u{301}: 2\n"))
    #expect(error.code.name == "yaml-duplicate-key")
    #expect(error.location == SourceLocation(line: 2, column: 1))
    // Distinct non-ASCII keys stay distinct.
    #expect(single("caf\u{E9}: 1\nna\u{EF}ve: 2\n")?.json.object?.count == 2)
}

@Test func largeMappingsNestedInLargeMappingsKeepTheirOwnKeyIndexes() throws {
    // Forty keys each: past the size where a mapping's keys are looked up in an index.
    var outer = ""
    for i in 0..<40 { outer += "key\(i): \(i)\n" }
    var inner = "inner:\n"
    for i in 0..<40 { inner += "  key\(i): \(i)\n" }
    // The inner mapping repeats the outer keys, then the outer one goes on.
    let text = outer + inner + "after: 1\n"
    #expect(single(text)?.json.object?.count == 42)
    let outerDuplicate = try #require(failure(text + "key3: again\n"))
    #expect(outerDuplicate.location == SourceLocation(line: 83, column: 1))
    #expect(outerDuplicate.message.contains("line 4"))
    let innerDuplicate = try #require(failure(outer + inner + "  key5: again\n"))
    #expect(innerDuplicate.location == SourceLocation(line: 82, column: 3))
    #expect(innerDuplicate.message.contains("line 47"))
}

@Test func everyEarlierKeyOfASmallMappingIsFoundAgain() throws {
    // Thirty-two keys (as many as a mapping scans without an index) of many
    // lengths (the fingerprint reads one to sixteen bytes, and more), each written again last.
    let keys = (0..<32).map { i in String(repeating: "k", count: i % 5 + 1) + String(i) + String(repeating: "z", count: i % 20) }
    let body = keys.enumerated().map { "\($1): \($0)\n" }.joined()
    #expect(single(body)?.json.object?.count == 32)
    for (i, key) in keys.enumerated() {
        let error = try #require(failure(body + "\(key): again\n"), "\(key)")
        #expect(error.code.name == "yaml-duplicate-key")
        #expect(error.location == SourceLocation(line: 33, column: 1))
        #expect(error.message.contains("'\(key)' (first defined at line \(i + 1))"))
    }
}

@Test func aMappingKeepsItsKeysAcrossANestedMapping() throws {
    // The nested mapping's keys are its own, and the outer mapping's are still known after it.
    #expect(single("a: 1\nm: {a: 1, b: 2}\nb: 3\n") != nil)
    let error = try #require(failure("a: 1\nm: {a: 1, b: 2}\na: 3\n"))
    #expect(error.location == SourceLocation(line: 3, column: 1))
    #expect(error.message.contains("line 1"))
}

@Test func aSecondMergeKeyNamesTheLineOfTheFirst() throws {
    let error = try #require(failure("b: &b {a: 1}\nc:\n  x: 0\n  <<: *b\n  <<: *b\n"))
    #expect(error.location == SourceLocation(line: 5, column: 3))
    #expect(error.message == "duplicate key '<<' (first defined at line 4)")
}

@Test func readingGoesOnAfterADuplicateKeepingTheFirstValue() throws {
    // Scalars, mappings and sequences as the dropped values; every duplicate reported in order.
    let file = YAMLLoader.load(text: "a: 1\nm: {x: 1}\na: [1, 2]\nm:\n  y: 2\nb: {k: 1, k: {deep: [1]}, j: 2}\n")
    #expect(file.error == nil)
    #expect(file.documents.first?.json == ["a": 1, "m": ["x": 1], "b": ["k": 1, "j": 2]])
    #expect(file.duplicates.map(\.location) == [
        SourceLocation(line: 3, column: 1), SourceLocation(line: 4, column: 1), SourceLocation(line: 6, column: 11),
    ])
    // A syntax error after a duplicate is still the fatal error, the duplicate before it the first.
    let both = YAMLLoader.load(text: "a: 1\na: 2\nb: [\n")
    #expect(both.error?.code.name == "yaml-syntax")
    #expect(both.firstError?.code.name == "yaml-duplicate-key")
}
