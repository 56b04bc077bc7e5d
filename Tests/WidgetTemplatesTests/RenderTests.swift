import Testing
import WidgetSupport
import WidgetTemplates

@Suite struct RenderTests {
    let data: JSONValue = [
        "progress": 0.75, "count": 3, "zero": 0, "flag": true, "off": false, "nothing": nil,
        "city": "Paris", "empty": "", "list": [1, "a", nil], "object": ["a": 1, "b": [true]],
        "emptyObject": [:] as JSONValue, "whole": 100.0,
    ]

    /// Issue 19: five nested sections over a 64-item list made one value grow past 2 GB.
    @Test func nestedSectionsStopAtTheBounds() throws {
        let list = JSONValue.array((0..<64).map { JSONValue.int($0) })
        let scope: JSONValue = ["data": ["d": ["l": list]]]
        let open = String(repeating: "{{#data.d.l}}", count: 5), close = String(repeating: "{{/data.d.l}}", count: 5)
        let bomb = try Template(open + "xxxxxxxx" + close)
        let value = bomb.render(scope)
        #expect(Template.wasCut(value))
        #expect(value.string?.utf8.count == Template.maxRenderedBytes + 1)
        // With nothing to write, the items entered are bounded instead.
        let silent = try Template("a" + open + close + "b")
        #expect(silent.renderString(scope) == "a")
        // Within the bounds nothing changes.
        let fine = try Template("{{#data.d.l}}{{.}},{{/data.d.l}}")
        #expect(fine.renderString(scope) == (0..<64).map { "\($0)," }.joined())
        #expect(!Template.wasCut(fine.render(scope)))
    }

    @Test func loneTagKeepsItsJSONType() throws {
        for (name, expected) in [
            ("progress", 0.75), ("count", 3), ("flag", true), ("city", "Paris"), ("nothing", nil),
            ("list", [1, "a", nil]), ("object", ["a": 1, "b": [true]]),
        ] as [(String, JSONValue)] {
            for source in ["{{\(name)}}", "{{{\(name)}}}", "{{& \(name)}}", "{{ \(name) }}"] {
                let template = try Template(source)
                #expect(template.isLoneTag, "\(source)")
                #expect(template.loneTag?.name == name)
                let value = template.render(data)
                #expect(value == expected, "\(source)")
                #expect(value.typeName == expected.typeName, "\(source)")
            }
        }
    }

    @Test func missingLoneTagIsEmptyString() throws {
        var missing: [String] = []
        #expect(try Template("{{gone.deep}}").render(data, missing: &missing) == .string(""))
        #expect(missing == ["gone.deep"])
    }

    @Test func anythingElseRendersToAString() throws {
        for source in [" {{count}}", "{{count}}%", "{{count}}{{! note }}", "{{#flag}}{{count}}{{/flag}}", "{{count}}{{count}}"] {
            let template = try Template(source)
            #expect(!template.isLoneTag, "\(source)")
            guard case .string = template.render(data) else {
                Issue.record("\(source) did not render to a string")
                continue
            }
        }
        #expect(try Template("{{count}}%").render(data) == .string("3%"))
        #expect(try Template("{{#flag}}{{count}}{{/flag}}").render(data) == .string("3"))
    }

    @Test func valuesToText() throws {
        let cases: [(JSONValue, String)] = [
            (.double(100.0), "100"), (.double(2.5), "2.5"), (.double(-0.0), "0"), (.double(1e20), "1e+20"),
            (.double(0.1), "0.1"), (.double(-3), "-3"), (.int(-42), "-42"), (.int(Int.max), "9223372036854775807"),
            (.bool(true), "true"), (.bool(false), "false"), (.null, ""), (.double(.infinity), ""),
            ("héllo", "héllo"), ([1, "a", nil, 2.5], #"[1,"a",null,2.5]"#), (["k": "v\"q", "n": [:]], #"{"k":"v\"q","n":{}}"#),
        ]
        let template = try Template("<{{v}}>")
        for (value, text) in cases {
            #expect(value.templateText == text)
            #expect(template.renderString(["v": value] as JSONValue) == "<\(text)>")
        }
    }

    @Test func dataIsNeverRenderedAgain() throws {
        let context: JSONValue = ["a": "{{b}}", "b": "B", "s": "{{#b}}x{{/b}}", "t": "{{"]
        #expect(try Template("{{a}}|{{{s}}}|{{t}}|{{b}}").renderString(context) == "{{b}}|{{#b}}x{{/b}}|{{|B")
        #expect(try Template("{{a}}").render(context) == "{{b}}")
    }

    @Test func emptyStringIsFalseyZeroAndEmptyObjectAreNot() throws {
        let template = try Template("{{#v}}yes{{/v}}{{^v}}no{{/v}}")
        let cases: [(JSONValue, String)] = [
            ("", "no"), ("x", "yes"), (0, "yes"), (0.0, "yes"), ([:] as JSONValue, "yes"), ([], "no"),
            (nil, "no"), (false, "no"), (true, "yes"),
        ]
        for (value, expected) in cases {
            #expect(template.renderString(["v": value] as JSONValue) == expected, "\(value)")
            #expect(value.isTemplateFalsey == (expected == "no"))
        }
        #expect(template.renderString([:] as JSONValue) == "no")
    }

    @Test func manifestShortcutTemplates() throws {
        let subtitle = try Template("{{#title}}{{title}}{{/title}}{{^title}}{{body}}{{/title}}")
        let icon = try Template("{{#isFavorite}}star{{/isFavorite}}{{^isFavorite}}pencil{{/isFavorite}}")
        let when = try Template("{{title}}{{body}}")
        #expect(subtitle.renderString(["title": "Groceries", "body": "milk"] as JSONValue) == "Groceries")
        #expect(subtitle.renderString(["title": "", "body": "milk"] as JSONValue) == "milk")
        #expect(subtitle.renderString(["body": "milk"] as JSONValue) == "milk")
        #expect(icon.renderString(["isFavorite": true] as JSONValue) == "star")
        #expect(icon.renderString(["isFavorite": false] as JSONValue) == "pencil")
        #expect(when.renderString(["title": "", "body": ""] as JSONValue) == "")
        #expect(when.renderString(["body": "x"] as JSONValue) == "x")
    }

    @Test func reportsMissingPathsOnce() throws {
        let template = try Template(
            "{{data.weather.temp}} {{param.city}} {{#data.items}}{{name}}{{data.weather.temp}}{{/data.items}}{{^gone}}{{/gone}}{{#gone2}}{{/gone2}}{{nothing}}{{late}}")
        let context: JSONValue = [
            "param": ["city": "Oslo"], "data": ["items": [["name": "a"], ["other": 1], ["other": 2]]], "nothing": nil,
        ]
        var missing = ["name"]  // appended to, never cleared; existing names are not repeated
        let text = template.renderString(context, missing: &missing)
        #expect(text == " Oslo a")
        // Section names (gone, gone2) test presence and are not reported.
        #expect(missing == ["name", "data.weather.temp", "late"])
        var fresh: [String] = []
        _ = template.render(context, missing: &fresh)
        #expect(fresh == ["data.weather.temp", "name", "late"])
        var untracked: [String] = []
        _ = try Template("{{#title}}{{title}}{{/title}}{{^title}}{{body}}{{/title}}").render(["body": "b"] as JSONValue, missing: &untracked)
        #expect(untracked.isEmpty)
    }

    @Test func presentNullIsNotMissingButANullStepIs() throws {
        var missing: [String] = []
        let text = try Template("[{{a}}][{{a.b}}][{{.}}]").renderString(["a": nil] as JSONValue, missing: &missing)
        #expect(text == "[][][{\"a\":null}]")
        #expect(missing == ["a.b"])
    }

    @Test func dottedNamesIndexArrays() throws {
        let context: JSONValue = ["list": [["name": "first"], ["name": "second"]]]
        #expect(try Template("{{list.1.name}}").render(context) == "second")
        var missing: [String] = []
        #expect(try Template("{{list.01.name}}{{list.2.name}}").renderString(context, missing: &missing) == "")
        #expect(missing == ["list.01.name", "list.2.name"])
    }

    @Test func innerContextsShadowOuterOnes() throws {
        let template = try Template("{{#items}}{{name}}@{{city}};{{/items}}")
        let context: JSONValue = ["city": "Rome", "items": [["name": "a"], ["name": "b", "city": "Oslo"]]]
        #expect(template.renderString(context) == "a@Rome;b@Oslo;")
    }

    @Test func standaloneTagsSharingALineWithOtherTagsAreKept() throws {
        #expect(try Template("{{x}} {{#a}}\nb{{/a}}").renderString(["x": "X", "a": true] as JSONValue) == "X \nb")
        #expect(try Template("{{#a}}{{/a}}\nz").renderString(["a": true] as JSONValue) == "\nz")
        #expect(try Template("a\r\n  {{#t}}  \r\nb\r\n{{/t}}").renderString(["t": true] as JSONValue) == "a\r\nb\r\n")
    }

    @Test func unicodeTextAndNames() throws {
        let template = try Template("☀️ {{città}}: {{data.températures.0}}°")
        #expect(template.renderString(["città": "Zürich", "data": ["températures": [21.5]]] as JSONValue) == "☀️ Zürich: 21.5°")
    }

    /// A runtime-style scope: no objects built, whole paths answered directly.
    struct EntryScope: TemplateScope {
        let time: String
        func lookup(_ name: String) -> JSONValue? {
            switch name {
            case "entry": ["time": .string(time), "index": 4]
            case "family": "systemSmall"
            default: nil
            }
        }
        func lookup(path: [String]) -> JSONValue? {
            if path == ["entry", "time"] { return .string(time + "!") }  // proves the override is used
            guard let first = path.first, let value = lookup(first) else { return nil }
            return value.lookup(path: path, from: 1)
        }
    }

    @Test func customScopes() throws {
        let scope = EntryScope(time: "08:15")
        #expect(try Template("{{entry.time}} {{family}}").renderString(scope) == "08:15! systemSmall")
        #expect(try Template("{{#entry}}{{time}}/{{index}}{{/entry}}").renderString(scope) == "08:15/4")
        var missing: [String] = []
        #expect(try Template("{{.}}|{{entry.date}}").renderString(scope, missing: &missing) == "|")
        #expect(missing == ["entry.date"])
        #expect(try Template("{{entry.index}}").render(scope) == 4)
    }

    @Test func lookupFromAnOffset() {
        let value: JSONValue = ["city": "Oslo", "list": [["a": 1]]]
        #expect(value.lookup(path: ["param", "city"], from: 1) == "Oslo")
        #expect(value.lookup(path: ["param", "list", "0", "a"], from: 1) == 1)
        #expect(value.lookup(path: ["param"], from: 1) == value)
        #expect(value.lookup(path: ["param", "town"], from: 1) == nil)
        #expect(value.lookup(path: ["param"], from: 2) == nil)
    }
}

@Suite struct ValueTextTests {
    /// Doubles with few decimals take a fast path; it must agree with Swift's
    /// shortest round-trip digits wherever those are in plain notation.
    @Test func doublesMatchShortestRoundTripForm() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return seed
        }
        let scales: [Double] = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7]
        for _ in 0..<20000 {
            let mantissa = Double(Int64(bitPattern: next()) % 2_000_000_000_000)
            let d = mantissa / scales[Int(next() % UInt64(scales.count))]
            let text = JSONValue.double(d).templateText
            #expect(Double(text) == d, "\(d) -> \(text)")
            let swift = d.description
            #expect(!text.hasSuffix(".0"))
            if !swift.contains("e") {
                let expected = swift.hasSuffix(".0") ? String(swift.dropLast(2)) : swift
                #expect(text == expected, "\(d)")
            }
        }
        for (d, text) in [(0.75, "0.75"), (-0.5, "-0.5"), (0.001, "0.001"), (1e-5, "0.00001"), (123456.789, "123456.789"),
                          (0.1 + 0.2, "0.30000000000000004"), (1e-7, "1e-07"), (5e15 + 0.5, "5000000000000000"), (9_007_199_254_740_992, "9007199254740992"), (18_014_398_509_481_984, "1.8014398509481984e+16"), (-1e300, "-1e+300")]
        {
            #expect(JSONValue.double(d).templateText == text, "\(d)")
        }
    }

    @Test func longOutputGrowsPastTheStackBuffer() throws {
        let long = String(repeating: "ab", count: 5000)
        #expect(try Template("x{{a}}y").renderString(["a": .string(long)] as JSONValue) == "x\(long)y")
        let items = JSONValue.array((0..<3000).map { .int($0) })
        let text = try Template("{{#items}}{{.}},{{/items}}").renderString(["items": items] as JSONValue)
        #expect(text == (0..<3000).map { "\($0)," }.joined())
        #expect(try Template("plain").renderString([:] as JSONValue) == "plain")
        #expect(try Template("").render([:] as JSONValue) == "")
    }
}
