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

/// The double a plain float text resolves to, or nil if it is not a double.
private func loadedDouble(_ text: String) -> Double? {
    guard case .double(let d)? = single("v: \(text)\n")?["v"]?.scalar else { return nil }
    return d
}

@Test func floatsHaveTheBitsOfAFullParse() {
    // Short floats are computed from their digits; these straddle where that stops being exact.
    var texts = [
        "0.1", "0.2", "0.3", "-0.0", "0.0", "0e0", "-0e5", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308",
        "9007199254740992.0", "9007199254740993.0", "9007199254740991.5", "1e22", "1e23", "-1e22", "1e-22", "1e-23",
        "123456789012345678e-5", "4.35", "3.14159265358979323846", "0.000001", "1000000.0e-6", ".000000000000000000000001",
        "1.e22", "12345.6789e17", "8.5e-22", "1e1000", "1e-1000", "+.5e+3", "-9007199254740992e-22",
    ]
    // A deterministic spread of digit counts, fractions and exponents.
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<2000 {
        let whole = String((0..<next(12)).map { _ in Character(String(next(10))) })
        let fraction = String((0..<next(12)).map { _ in Character(String(next(10))) })
        var text = (next(3) == 0 ? "-" : "") + (whole.isEmpty && fraction.isEmpty ? "7" : whole) + "." + fraction
        if next(2) == 0 { text += "e" + (next(2) == 0 ? "-" : "") + String(next(30)) }
        texts.append(text)
    }
    for text in texts {
        let expected = Double(text)!
        let loaded = loadedDouble(text)
        #expect(loaded?.bitPattern == expected.bitPattern, "\(text): \(String(describing: loaded)) vs \(expected)")
    }
}
