import Testing
import WidgetSupport
import WidgetYAML

/// The value a plain scalar written after `v: ` resolves to, as "kind value".
private func resolved(_ text: String) -> String {
    guard let value = single("v: \(text)\n")?["v"]?.scalar else { return "unreadable" }
    if case .double(let d) = value, d.isNaN { return "double nan" }
    return describe(value)
}

@Test(arguments: [("", "null"), ("~", "null"), ("null", "null"), ("Null", "null"), ("NULL", "null"),
                  ("nULL", "string nULL"), ("NuLL", "string NuLL"), ("~~", "string ~~"), ("none", "string none")])
func nullSpellings(text: String, expected: String) {
    #expect(resolved(text) == expected)
}

@Test(arguments: [("true", "bool true"), ("True", "bool true"), ("TRUE", "bool true"),
                  ("false", "bool false"), ("False", "bool false"), ("FALSE", "bool false"),
                  ("yes", "string yes"), ("no", "string no"), ("on", "string on"), ("off", "string off"),
                  ("Yes", "string Yes"), ("y", "string y"), ("tRUE", "string tRUE"), ("truex", "string truex")])
func boolSpellings(text: String, expected: String) {
    #expect(resolved(text) == expected)
}

@Test(arguments: [("0", "int 0"), ("12", "int 12"), ("-12", "int -12"), ("+12", "int 12"), ("007", "int 7"),
                  ("-0", "int 0"), ("0o17", "int 15"), ("0x1F", "int 31"), ("0xff", "int 255"),
                  ("9223372036854775807", "int 9223372036854775807"),
                  ("-9223372036854775808", "int -9223372036854775808"),
                  ("1_000", "string 1_000"), ("10:30", "string 10:30"), ("0b101", "string 0b101"),
                  ("-0x1F", "string -0x1F"), ("+0o7", "string +0o7"), ("0o8", "string 0o8"), ("0x", "string 0x"),
                  ("0xG", "string 0xG"), ("1,000", "string 1,000"), ("12abc", "string 12abc")])
func intSpellings(text: String, expected: String) {
    #expect(resolved(text) == expected)
}

@Test(arguments: [("9223372036854775808", "double 9.223372036854776e+18"),
                  ("-99999999999999999999", "double -1e+20"),
                  ("0x10000000000000000", "double 1.8446744073709552e+19"),
                  ("0o2000000000000000000000", "double 1.8446744073709552e+19")])
func integersBeyond64BitsAreDoubles(text: String, expected: String) {
    #expect(resolved(text) == expected)
}

@Test(arguments: [("1.5", "double 1.5"), ("1.0", "double 1.0"), (".5", "double 0.5"), ("-.5", "double -0.5"),
                  ("+1.5", "double 1.5"), ("1.", "double 1.0"), ("1e3", "double 1000.0"), ("1E-3", "double 0.001"),
                  ("-1.5e+2", "double -150.0"), ("1.e2", "double 100.0"),
                  (".inf", "double inf"), ("-.inf", "double -inf"), ("+.inf", "double inf"),
                  (".Inf", "double inf"), (".INF", "double inf"),
                  (".nan", "double nan"), (".NaN", "double nan"), (".NAN", "double nan"),
                  ("1e", "string 1e"), ("e3", "string e3"), (".", "string ."), ("1.5.3", "string 1.5.3"),
                  ("-.nan", "string -.nan"), (".iNf", "string .iNf"), ("inf", "string inf"), ("nan", "string nan"),
                  ("1e3.5", "string 1e3.5"), ("+", "string +"), ("-a", "string -a"), ("1.5x", "string 1.5x")])
func floatSpellings(text: String, expected: String) {
    #expect(resolved(text) == expected)
}

@Test(arguments: [("\"true\"", "string true"), ("'12'", "string 12"), ("\"~\"", "string ~"), ("''", "string "),
                  ("\"1.5\"", "string 1.5"), ("|\n  12\n", "string 12\n"), (">-\n  null\n", "string null")])
func quotedAndBlockScalarsAreStrings(text: String, expected: String) {
    #expect(resolved(text) == expected)
}

@Test func plainScalarsKeepTheirTextAsWritten() throws {
    let node = try #require(single("a: 0x1F\nb: yes\nc: ~\n"))
    #expect(node["a"]?.sourceText == "0x1F")
    #expect(node["b"]?.sourceText == "yes")
    #expect(node["c"]?.sourceText == "~")
    #expect(node.sourceText == nil)
}

@Test func keysAreTheirTextAndNullKeysAreNull() throws {
    let node = try #require(single("1: a\n0x1F: b\ntrue: c\n~: d\n\"q\": e\n"))
    guard case .mapping(let members) = node.content else { Issue.record("not a mapping"); return }
    #expect(members.map(\.key) == ["1", "0x1F", "true", "null", "q"])
}
