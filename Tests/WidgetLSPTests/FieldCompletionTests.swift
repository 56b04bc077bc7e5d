import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetLSP

/// Fields below a variable in the editor (docs/editor.md): a source's `schema` gives them with
/// their types, else the container's data beside the widget does; an entity parameter
/// (`param.city.`) is a record of its options' list, whether they come `from` a source (typed by
/// its schema, or read from its file) or from a Swift type's fixture. In templates and in lets,
/// and hover tells the type.
@Suite struct FieldCompletionTests {
    static let text = """
        kind: com.example.fields
        displayName: Fields
        description: Fields from schemas and the container.
        parameters:
          city:
            type: entity
            options: { from: data.app.cities, title: "{{record.name}}", id: "{{record.id}}" }
          task:
            type: entity
            options: { from: data.tasks.items, id: "{{record.title}}" }
          stop:
            type: entity
            options: { swift: StopQuery, fixture: stops.json }
        data:
          app: { file: app.json }
          tasks:
            file: tasks.json
            schema:
              type: object
              properties:
                items: { type: array, items: { type: object, properties: { title: { type: string }, done: { type: boolean }, due: { type: string } } } }
        let:
          open: "data.tasks.items.filter(t, !t.done)"
          where: "param.city.na + param.task.d"
        content:
          tasks: "{{data.tasks.it}}"
          city: "{{param.city.}}"
          stop: "{{param.stop.}}"
          task: "{{param.task.due}}"
          items: "{{data.tasks.items}}"
          count: "{{let.open}}"
        timeline: { every: 1h }

        """

    func open(_ session: InProcessSession) throws -> String {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("container"), withIntermediateDirectories: true)
        try #"{"cities": [{"id": "paris", "name": "Paris", "lat": 48.86}]}"#
            .write(to: directory.appendingPathComponent("container/app.json"), atomically: true, encoding: .utf8)
        try #"[{"id": "s1", "name": "Central", "lines": ["4", "7"]}]"#
            .write(to: directory.appendingPathComponent("container/stops.json"), atomically: true, encoding: .utf8)
        _ = try session.client.initialize()
        let uri = LanguageServer.uri(of: directory.appendingPathComponent("fields.yaml").path)
        session.client.open(uri: uri, text: Self.text)
        return uri
    }

    func completion(_ session: InProcessSession, _ uri: String, line: Int, character: Int) throws -> [String: String] {
        let items = try session.client.at("completion", uri: uri, line: line, character: character)["items"]?.array ?? []
        var found: [String: String] = [:]
        for item in items { if let label = item["label"]?.string { found[label] = item["detail"]?.string ?? "" } }
        return found
    }

    func hover(_ session: InProcessSession, _ uri: String, line: Int, character: Int) throws -> String {
        try session.client.at("hover", uri: uri, line: line, character: character)["contents"]?["value"]?.string ?? ""
    }

    @Test func templatesCompleteASourcesSchemaFieldsWithTheirTypes() throws {
        let session = InProcessSession()
        let uri = try open(session)
        // `{{data.tasks.it` (line 25): the schema's field, typed; the file is not in the container.
        let found = try completion(session, uri, line: 25, character: 25)
        #expect(found == ["data.tasks.items": "list(data.tasks.items[])"])
    }

    @Test func templatesCompleteAnEntitysRecordFields() throws {
        let session = InProcessSession()
        let uri = try open(session)
        // `{{param.city.` (line 26): from the container's app.json, the list options.from names.
        let city = try completion(session, uri, line: 26, character: 22)
        #expect(city["param.city.name"] == "string, e.g. \"Paris\"")
        #expect(city["param.city.lat"] == "number, e.g. 48.86")
        #expect(city["param.city.id"] != nil)
        // `{{param.stop.` (line 27): options through the hatch, from its fixture.
        let stop = try completion(session, uri, line: 27, character: 22)
        #expect(Set(stop.keys.filter { $0.hasPrefix("param.stop.") }) == ["param.stop.id", "param.stop.name", "param.stop.lines"])
        #expect(stop["param.stop.lines"] == "list")
    }

    @Test func letsCompleteSchemaAndEntityFields() throws {
        let session = InProcessSession()
        let uri = try open(session)
        // In `where` (line 23): after `param.city.na`, the record's name; after `param.task.d`, the schema's typed fields.
        let city = try completion(session, uri, line: 23, character: 23)
        #expect(city["param.city.name"] == "string, e.g. \"Paris\"")
        let task = try completion(session, uri, line: 23, character: 38)
        #expect(task["param.task.done"] == "bool")
        #expect(task["param.task.due"] == "string")
        #expect(task["param.task.title"] == nil)  // not starting with what is typed
    }

    @Test func hoverTellsAFieldsType() throws {
        let session = InProcessSession()
        let uri = try open(session)
        // `{{param.task.due}}` (line 28): a field of the chosen record, typed by the source's schema.
        let task = try hover(session, uri, line: 28, character: 23)
        #expect(task.contains("a field of the record chosen for `param.task`"), "\(task)")
        #expect(task.hasSuffix("type: `string`"), "\(task)")
        // `{{data.tasks.items}}` (line 29): the schema's list.
        #expect(try hover(session, uri, line: 29, character: 22).hasSuffix("type: `list(data.tasks.items[])`"))
        // `{{let.open}}` (line 30): the let's inferred type.
        let open = try hover(session, uri, line: 30, character: 15)
        #expect(open.contains("computed by `data.tasks.items.filter(t, !t.done)`") && open.hasSuffix("type: `list(data.tasks.items[])`"), "\(open)")
    }
}
