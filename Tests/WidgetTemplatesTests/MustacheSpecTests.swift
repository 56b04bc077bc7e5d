import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetTemplates

/// The official Mustache spec's interpolation, sections, inverted and comments files.
///
/// Our output is plain text, so `{{x}}` does not HTML-escape. The three cases
/// below test escaping; for them the expected output is the spec's with the
/// entities it introduced decoded (`&lt;` `&gt;` `&quot;` then `&amp;`), which
/// is exactly the raw data inserted (what the spec's own triple-mustache twin
/// of each case expects).
private let escapingCases: Set<String> = [
    "interpolation/HTML Escaping",
    "interpolation/Implicit Iterators - HTML Escaping",
    "sections/Implicit Iterator - HTML Escaping",
]

/// Cases allowed to fail, with the reason. Empty: every case passes, including
/// with `""` falsey (no spec case uses an empty string as a section value).
private let knownFailures: [String: String] = [:]

private let specFiles = ["interpolation", "sections", "inverted", "comments"]

@Suite struct MustacheSpecTests {
    struct Case {
        let id: String
        let template: String
        let data: JSONValue
        let expected: String
    }

    static func loadCases() throws -> [Case] {
        let root = try Conformance.folder("mustache-spec")
        var cases: [Case] = []
        for file in specFiles {
            let url = root.appendingPathComponent("specs/\(file).json")
            let json = try JSONReader.parse(String(contentsOf: url, encoding: .utf8)).json
            for test in json["tests"]?.array ?? [] {
                let name = test["name"]?.string ?? "?"
                cases.append(
                    Case(
                        id: "\(file)/\(name)", template: test["template"]?.string ?? "",
                        data: test["data"] ?? .null, expected: test["expected"]?.string ?? ""))
            }
        }
        return cases
    }

    static func decodeEntities(_ text: String) -> String {
        text.replacingAll("&lt;", with: "<").replacingAll("&gt;", with: ">")
            .replacingAll("&quot;", with: "\"").replacingAll("&amp;", with: "&")
    }

    @Test(.conformance("mustache-spec", files: specFiles.map { "specs/\($0).json" })) func officialSpec() throws {
        let cases = try Self.loadCases()
        #expect(cases.count > 100)
        var passed = 0
        var adapted = Set<String>()
        for test in cases {
            var expected = test.expected
            if escapingCases.contains(test.id) {
                let decoded = Self.decodeEntities(expected)
                #expect(decoded != expected, "adaptation of \(test.id) changes nothing")
                expected = decoded
                adapted.insert(test.id)
            }
            let actual: String
            do {
                let template = try Template(test.template)
                actual = template.renderString(test.data)
                // The typed render agrees with the text one.
                let typed = template.render(test.data)
                #expect(typed.templateText == actual, "\(test.id): typed render differs")
                if !template.isLoneTag { #expect(typed == .string(actual), "\(test.id): not a string") }
            } catch {
                actual = "error: \(error)"
            }
            if actual == expected {
                passed += 1
                #expect(knownFailures[test.id] == nil, "\(test.id) passes: drop it from knownFailures")
            } else if knownFailures[test.id] == nil {
                Issue.record("\(test.id): expected \(expected.debugDescription), got \(actual.debugDescription)")
            }
        }
        #expect(adapted == escapingCases)
        print("Mustache spec: \(passed)/\(cases.count) passed")
    }
}
