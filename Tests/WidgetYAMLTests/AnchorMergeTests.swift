import Testing
import WidgetSupport
import WidgetYAML

@Test func anAliasIsTheAnchoredNodeItself() throws {
    let node = try #require(single("base: &b {x: 1}\nuse: *b\nlist: [&s str, *s]\n"))
    let base = try #require(node["base"]), use = try #require(node["use"])
    #expect(base.isSameNode(as: use))
    #expect(use.location == SourceLocation(line: 1, column: 7))
    #expect(node["list"]?.json == ["str", "str"])
}

@Test func explicitKeysWinOverMergedOnes() throws {
    let text = """
        base: &base {a: 1, b: 2, c: 3}
        before:
          b: 20
          <<: *base
          c: 30

        """
    let node = try #require(single(text))
    let before = try #require(node["before"])
    #expect(before.json == ["a": 1, "b": 20, "c": 30])
    guard case .mapping(let members) = before.content else { Issue.record("not a mapping"); return }
    // Merged members sit where `<<` is, and keep their own key positions.
    #expect(members.map(\.key) == ["b", "a", "c"])
    #expect(members[1].keyLocation == SourceLocation(line: 1, column: 14))
}

@Test func earlierMapsInAMergeSequenceWin() throws {
    let text = """
        one: &one {k: 1, only1: x}
        two: &two {k: 2, only2: y}
        both:
          <<: [*one, *two, {k: 3, inline: z}]

        """
    let both = try #require(single(text)?["both"])
    #expect(both.json == ["k": 1, "only1": "x", "only2": "y", "inline": "z"])
}

@Test func mergeOfAMappingThatMergedKeepsItsMembers() throws {
    let text = "a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\n"
    #expect(single(text)?["c"]?.json == ["x": 1, "y": 2, "z": 3])
}

@Test func aQuotedMergeKeyIsAnOrdinaryKey() throws {
    #expect(single("\"<<\": {a: 1}\n")?.json == ["<<": ["a": 1]])
}

@Test func mergeNeedsMappings() throws {
    let scalar = try #require(failure("a: &s text\nb:\n  <<: *s\n"))
    #expect(scalar.code.name == "yaml-merge")
    #expect(scalar.location == SourceLocation(line: 3, column: 7))
    let inSequence = try #require(failure("b:\n  <<: [{a: 1}, 2]\n"))
    #expect(inSequence.code.name == "yaml-merge")
    #expect(inSequence.location == SourceLocation(line: 2, column: 16))
}

@Test func undefinedAndRecursiveAliasesAreRefused() throws {
    let undefined = try #require(failure("a: 1\nb: *nope\n"))
    #expect(undefined.code.name == "yaml-alias")
    #expect(undefined.message.contains("nope"))
    #expect(undefined.location == SourceLocation(line: 2, column: 4))
    let recursive = try #require(failure("a: &r [1, *r]\n"))
    #expect(recursive.code.name == "yaml-alias")
    #expect(recursive.location == SourceLocation(line: 1, column: 11))
}

@Test func anchorsBelongToTheirDocument() throws {
    let file = YAMLLoader.load(text: "a: &x 1\n---\nb: *x\n")
    #expect(file.documents.count == 1)
    #expect(file.error?.code.name == "yaml-alias")
}

@Test func anAliasAsKeyUsesTheScalarText() throws {
    #expect(single("k: &k name\n*k : v\n")?.json == ["k": "name", "name": "v"])
    let collection = try #require(failure("k: &k [1]\n*k : v\n"))
    #expect(collection.code.name == "yaml-key")
}

@Test func aliasesToOpenAncestorsAreRecursiveAtAnyDepth() throws {
    #expect(failure("a: &x {b: &y {c: *x}}\n")?.code.name == "yaml-alias")
    #expect(failure("a: &x {b: &y [1, *y]}\n")?.code.name == "yaml-alias")
    // Once closed, an anchored node may be named by its siblings.
    let node = try #require(single("a: &x {b: &y {c: 1}, d: *y}\ne: *x\n"))
    #expect(node["a"]?["d"]?.json == ["c": 1])
    #expect(node["e"]?.json == ["b": ["c": 1], "d": ["c": 1]])
}

@Test func mergesInNestedMappingsGoToTheirOwnMappings() throws {
    let text = "base: &b {x: 1}\nouter:\n  <<: *b\n  inner:\n    <<: {y: 2}\n    z: 3\n  w: 4\n"
    let outer = try #require(single(text)?["outer"])
    #expect(outer.json == ["x": 1, "inner": ["y": 2, "z": 3], "w": 4])
    guard case .mapping(let members) = outer.content else { Issue.record("not a mapping"); return }
    #expect(members.map(\.key) == ["x", "inner", "w"])
}
