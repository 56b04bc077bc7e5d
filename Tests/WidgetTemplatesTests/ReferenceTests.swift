import Testing
import WidgetSupport
import WidgetTemplates

@Suite struct ReferenceTests {
    typealias Ref = TemplateReference

    @Test func listsNamesWithPositionsAndNesting() throws {
        let template = try Template(
            "{{param.city}}: {{#data.list}}\n  {{name}}{{^flag}}{{entry.time}}{{/flag}}\n{{/data.list}}{{! c }}{{{ progress }}}{{#.}}{{.}}{{/.}}")
        let outer = Ref.EnclosingSection(name: "data.list", isInverted: false)
        let flag = Ref.EnclosingSection(name: "flag", isInverted: true)
        let dot = Ref.EnclosingSection(name: ".", isInverted: false)
        let expected: [Ref] = [
            Ref(name: "param.city", components: ["param", "city"], kind: .variable, offset: 2, line: 1, column: 3, length: 10, sections: []),
            Ref(name: "data.list", components: ["data", "list"], kind: .section, offset: 19, line: 1, column: 20, length: 9, sections: []),
            Ref(name: "name", components: ["name"], kind: .variable, offset: 35, line: 2, column: 5, length: 4, sections: [outer]),
            Ref(name: "flag", components: ["flag"], kind: .invertedSection, offset: 44, line: 2, column: 14, length: 4, sections: [outer]),
            Ref(name: "entry.time", components: ["entry", "time"], kind: .variable, offset: 52, line: 2, column: 22, length: 10, sections: [outer, flag]),
            Ref(name: "progress", components: ["progress"], kind: .variable, offset: 100, line: 3, column: 27, length: 8, sections: []),
            Ref(name: ".", components: [], kind: .section, offset: 115, line: 3, column: 42, length: 1, sections: []),
            Ref(name: ".", components: [], kind: .variable, offset: 120, line: 3, column: 47, length: 1, sections: [dot]),
        ]
        #expect(template.references.count == expected.count)
        for (actual, wanted) in zip(template.references, expected) { #expect(actual == wanted) }
        #expect(template.references[4].sectionNames == ["data.list", "flag"])
        #expect(template.references[7].isImplicitIterator)
        #expect(!template.isLoneTag && template.loneTag == nil && !template.isConstant)
    }

    @Test func positionsCountScalars() throws {
        let reference = try Template("é\n  {{ a.b }} ✓ {{c}}").references
        #expect(reference.map(\.offset) == [7, 18])
        #expect(reference.map(\.line) == [2, 2])
        #expect(reference.map(\.column) == [6, 17])
    }

    @Test func loneTagAndConstantTemplates() throws {
        let lone = try Template("{{ data.weather.temp }}")
        #expect(lone.loneTag?.components == ["data", "weather", "temp"])
        #expect(lone.loneTag?.column == 4)
        let constant = try Template("plain {{! only a comment }} text")
        #expect(constant.isConstant && constant.references.isEmpty)
        #expect(constant.renderString([:] as JSONValue) == "plain  text")
    }
}
