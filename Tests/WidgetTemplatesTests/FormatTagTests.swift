import Testing
import WidgetSupport
import WidgetTemplates

/// `{{name | format}}`: the tag's syntax, its reference and the scope hook that formats it.
@Suite struct FormatTagTests {
    /// A scope that formats `upper` (text upper-cased) and `twice` (numbers doubled), and refuses the rest.
    struct Formatting: TemplateScope {
        let values: JSONValue
        func lookup(_ name: String) -> JSONValue? { values.lookup(name) }
        func format(_ value: JSONValue, _ reference: TemplateReference) -> String? {
            switch (reference.format, value) {
            case ("upper", .string(let s)): s.uppercased()
            case ("twice", .int(let i)): String(2 * i)
            default: nil
            }
        }
    }

    let scope = Formatting(values: ["city": "Paris", "n": 21, "items": [["name": "a"], ["name": "b"]]])

    @Test func theFormatNamedInTheTagIsTheScopes() throws {
        #expect(try Template("In {{city | upper}}: {{n|twice}}").renderString(scope) == "In PARIS: 42")
        #expect(try Template("{{{ city | upper }}} {{& city | upper}}").renderString(scope) == "PARIS PARIS")
        // Inside a section the item's value is formatted by the root scope.
        #expect(try Template("{{#items}}{{name | upper}}{{/items}}").renderString(scope) == "AB")
    }

    @Test func aValueTheScopeCannotFormatShowsAsItIs() throws {
        #expect(try Template("{{n | upper}}/{{city | twice}}").renderString(scope) == "21/Paris")
        // A scope without formats (plain JSON) shows every value as it is.
        let plain: JSONValue = ["n": 21]
        #expect(try Template("{{n | upper}}").renderString(plain) == "21")
    }

    @Test func aFormattedTagIsTextNeverTheValuesType() throws {
        let template = try Template("{{n | twice}}")
        #expect(!template.isLoneTag)
        #expect(template.loneTag == nil)
        #expect(template.render(scope) == .string("42"))
        #expect(template.textAroundOneTag == nil)
        // Without the format the lone tag keeps its type, as before.
        #expect(try Template("{{n}}").render(scope) == .int(21))
    }

    @Test func theReferenceCarriesTheFormatAndWhereItIs() throws {
        let template = try Template("Closes at {{market.close | time}}\n{{ n|twice }}")
        let refs = template.references
        #expect(refs.map(\.name) == ["market.close", "n"])
        #expect(refs.map(\.format) == ["time", "twice"])
        #expect(refs[0].length == 12)
        #expect(refs[0].formatOffset == 27)
        #expect(refs[1].formatOffset == 39)
        // A tag without a format has none.
        #expect(try Template("{{n}}").references[0].format == nil)
    }

    @Test func scanningNamesSeesTheSameFormats() throws {
        var seen: [(String, String?, Int?)] = []
        let lone = try Template.scanNames("{{a.b | date}} and {{c}}") { seen.append(($0.name, $0.format, $0.formatOffset)) }
        #expect(!lone)
        #expect(seen.map(\.0) == ["a.b", "c"])
        #expect(seen.map(\.1) == ["date", nil])
        #expect(seen.map(\.2) == [8, nil])
        var loneSeen = false
        #expect(try Template.scanNames("{{a | time}}") { _ in loneSeen = true } == false)
        #expect(loneSeen)
    }

    @Test func badFormatsAreRefusedWhereTheyAre() throws {
        func failure(_ source: String) -> TemplateError? {
            do { _ = try Template(source) } catch { return error }
            return nil
        }
        let cases: [(String, String, Int)] = [
            ("{{#list | time}}{{/list}}", "not in a section's tag", 9),
            ("{{ | time}}", "no value before it", 4),
            ("x {{n | }}", "followed by no format", 7),
            ("{{n | two words}}", "'two words' is not a format name", 7),
            ("{{n | time-zone}}", "'time-zone' is not a format name", 7),
        ]
        for (source, words, column) in cases {
            let error = try #require(failure(source), "\(source)")
            #expect(error.message.contains(words), "\(source): \(error.message)")
            #expect(error.column == column, "\(source)")
            // scanNames throws the same.
            #expect(throws: TemplateError.self) { try Template.scanNames(source) { _ in } }
        }
    }

    @Test func aPipeWasNeverANameCharacter() {
        // Nothing that parsed before changes meaning: `|` in a name was refused.
        #expect(throws: TemplateError.self) { try Template("{{a|b|c}}") }
    }
}
