import Testing
import WidgetSupport
import WidgetYAML

@Test(arguments: [("!!str 123", "string 123"), ("!!str true", "string true"), ("!!int \"12\"", "int 12"),
                  ("!!int 0x1F", "int 31"), ("!!float 1", "double 1.0"), ("!!float \"2.5\"", "double 2.5"),
                  ("!!bool \"true\"", "bool true"), ("!!null \"\"", "null"), ("!!null ~", "null"),
                  ("! 12", "string 12"), ("!<tag:yaml.org,2002:int> '7'", "int 7"),
                  ("!!int 99999999999999999999", "double 1e+20")])
func coreTagsConvertScalars(text: String, expected: String) throws {
    let value = try #require(single("v: \(text)\n")?["v"]?.scalar)
    #expect(describe(value) == expected)
}

@Test func coreCollectionTagsAreAccepted() throws {
    #expect(single("m: !!map {a: 1}\ns: !!seq [1]\nn: ! [2]\n")?.json == ["m": ["a": 1], "s": [1], "n": [2]])
}

@Test(arguments: ["!foo x", "!!python/object:os.system x", "!!set {a}", "!!binary aGVsbG8=",
                  "!!timestamp 2001-12-14", "!<tag:example.com,2000:x> y", "!!omap [a: 1]", "!!merge <<"])
func otherTagsAreRefused(text: String) throws {
    let error = try #require(failure("key: 1\nv: \(text)\n"))
    #expect(error.code.name == "yaml-tag")
    #expect(error.location == SourceLocation(line: 2, column: 4))
}

@Test(arguments: ["!!int abc", "!!int 1.5", "!!float yes", "!!bool yes", "!!null 0", "!!map x", "!!str [1]", "!!seq {a: 1}"])
func tagsThatDoNotFitTheirNodeAreRefused(text: String) throws {
    let error = try #require(failure("v: \(text)\n"))
    #expect(error.code.name == "yaml-tag")
    #expect(error.location == SourceLocation(line: 1, column: 4))
}
