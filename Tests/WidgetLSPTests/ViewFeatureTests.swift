import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// The editor service on a widget's face: the checks' diagnostics, completion and hover of view keys.
@Suite("LSP: views")
struct ViewFeatureTests {
    static let text = """
        kind: test.view
        displayName: View
        description: A face.
        content: { title: "Hi" }
        timeline: { hourly: true }
        view:
          vstack:
            - text: "{{titel}}"
              spacing: 3
            - symbol: star
              
          alignment: leading
          format: 
        """

    func open(_ session: InProcessSession) throws -> (String, [JSONValue]) {
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/face-typing.yaml")
        session.client.open(uri: uri, text: Self.text)
        return (uri, try session.client.diagnostics(uri: uri))
    }

    func labels(_ result: JSONValue) -> [String] { (result["items"]?.array ?? []).compactMap { $0["label"]?.string } }

    @Test func theChecksDiagnosticsAtTheirPositions() throws {
        let session = InProcessSession()
        let (_, diagnostics) = try open(session)
        let found = diagnostics.map { d in
            (d["code"]?.string ?? "", d["range"]?["start"]?["line"]?.number ?? -1, d["range"]?["start"]?["character"]?.number ?? -1)
        }
        // 0-based lines and characters: the misspelled field, the option of another element.
        #expect(found.contains { $0 == ("unknown-variable", 7, 15) })
        #expect(found.contains { $0 == ("view-option", 8, 6) })
    }

    @Test func completionOffersAnElementsKeysAndFormats() throws {
        let session = InProcessSession()
        let (uri, _) = try open(session)
        // Under `- symbol: star`, at the item's indentation: the element's keys (elements and options).
        let keys = labels(try session.client.at("completion", uri: uri, line: 10, character: 6))
        #expect(keys.contains("font") && keys.contains("accentable") && keys.contains("text") && keys.contains("foreach"))
        let formats = labels(try session.client.at("completion", uri: uri, line: 12, character: 10))
        #expect(formats.contains("time") && formats.contains("percent"))
    }

    @Test func aChartsTemplatesCompleteTheListsFieldsAndItsKeysHaveHover() throws {
        let text = """
            kind: test.chart
            displayName: Chart
            description: A chart.
            data: { d: { file: d.json } }
            placeholder: { hours: [{ hour: "09", temp: 4 }] }
            content: { hours: "{{data.d.hours}}" }
            timeline: { hourly: true }
            view:
              chart: "{{hours}}"
              mark: line
              x: "{{
              y: "{{temp}}"
              xType: category
              color: "{{
            """
        let session = InProcessSession()
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: TestPaths.widgets + "/chart-typing.yaml")
        session.client.open(uri: uri, text: text)
        _ = try session.client.diagnostics(uri: uri)
        // Inside x's template: the fields of each element of the chart's list.
        let fields = labels(try session.client.at("completion", uri: uri, line: 10, character: 8))
        #expect(fields.contains("hour") && fields.contains("temp"), "\(fields)")
        // Inside the chart's colour too: each mark's colour is read per element.
        let colourFields = labels(try session.client.at("completion", uri: uri, line: 13, character: 12))
        #expect(colourFields.contains("hour") && colourFields.contains("temp"), "\(colourFields)")
        let xType = try session.client.at("hover", uri: uri, line: 12, character: 3)
        #expect(xType["contents"]?["value"]?.string?.contains("what a chart's x is: category (text, in the list's order), number or date") == true, "\(xType)")
        let chart = try session.client.at("hover", uri: uri, line: 8, character: 3)
        #expect(chart["contents"]?["value"]?.string?.contains("Swift Charts") == true)
        let mark = try session.client.at("hover", uri: uri, line: 9, character: 3)
        #expect(mark["contents"]?["value"]?.string?.contains("(view option (on chart)): a chart's mark: line, bar, area or point") == true, "\(mark)")
    }

    @Test func hoverExplainsElementsAndOptions() throws {
        let session = InProcessSession()
        let (uri, _) = try open(session)
        let element = try session.client.at("hover", uri: uri, line: 9, character: 9)
        #expect(element["contents"]?["value"]?.string?.contains("Image(systemName:)") == true)
        let option = try session.client.at("hover", uri: uri, line: 11, character: 4)
        #expect(option["contents"]?["value"]?.string?.contains("a stack's alignment") == true)
    }
}
