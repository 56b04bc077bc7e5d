import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
@testable import WidgetcRuntimeCore

/// `WidgetPlan.perform(intent:arguments:container:)` (docs/intents.md): each effect, all or
/// nothing, errors that name the file and the pointer, and concurrent performers.
@Suite("Performing intents")
struct IntentPerformTests {
    static let intents = """
        [
          {"name": "markDone", "title": "Mark done", "description": null,
           "parameters": [{"name": "index", "title": "index", "type": "integer", "min": 0, "max": 9, "default": 0}],
           "perform": [
             {"set": {"file": "tasks.json", "at": "/items/{{param.index}}/done", "value": true}},
             {"increment": {"file": "stats.json", "at": "/done", "by": 1, "min": 0, "max": 3}},
             {"append": {"file": "stats.json", "at": "/log", "value": {"done": "{{param.index}}"}}},
             {"reload": ["com.x.summary"]},
             {"open": "tasks://item/{{param.index}}"}
           ]},
          {"name": "dim", "title": "Dim", "description": null, "parameters": [],
           "perform": [{"increment": {"file": "lamp.json", "at": "/level", "by": -0.25, "min": 0}}, {"toggle": {"file": "lamp.json", "at": "/on"}}]},
          {"name": "tidy", "title": "Tidy", "description": null, "parameters": [{"name": "tag", "title": "tag", "type": "string", "min": null, "max": null, "default": "old"}],
           "perform": [{"remove": {"file": "tasks.json", "at": "/tags", "value": "{{param.tag}}"}}, {"remove": {"file": "tasks.json", "at": "/items/0"}},
                       {"set": {"file": "tasks.json", "at": "/owner", "value": "me"}}]},
          {"name": "count", "title": "Count", "description": null, "parameters": [],
           "perform": [{"increment": {"file": "counter.json", "at": "/n", "by": 1}}, {"append": {"file": "counter.json", "at": "/ticks", "value": 1}}]},
          {"name": "both", "title": "Both", "description": null, "parameters": [],
           "perform": [{"toggle": {"file": "lamp.json", "at": "/on"}}, {"toggle": {"file": "tasks.json", "at": "/items/7/done"}}]}
        ]
        """

    static func plan() throws -> WidgetPlan {
        let text = """
            {"format": "widgetc-plan/1", "kind": "com.x.tasks", "displayName": "Tasks", "description": "", "source": "t.yaml",
             "families": ["systemSmall"], "timeZone": "UTC", "parameters": [], "data": [], "content": {"a": "b"}, "familyContent": {},
             "placeholder": null, "snapshot": null, "url": null,
             "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": null, "events": []},
             "intents": \(intents)}
            """
        return try WidgetPlan(data: Data(text.utf8))
    }

    static let files: [String: String] = [
        "tasks.json": #"{"items": [{"title": "Milk", "done": false}, {"title": "Bread", "done": false}], "tags": ["old", "new", "old"]}"#,
        "stats.json": #"{"done": 2, "log": []}"#,
        "lamp.json": #"{"on": true, "level": 0.1}"#,
        "counter.json": #"{"n": 0, "ticks": []}"#,
    ]

    static func container() throws -> URL {
        let directory = try temporaryDirectory()
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8) }
        return directory
    }

    static func json(_ directory: URL, _ name: String) throws -> JSONValue {
        try JSONReader.parse(bytes: Array(Data(contentsOf: directory.appendingPathComponent(name)))).json
    }

    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in files.keys.sorted() + Self.files.keys.sorted() { files[name] = try Data(contentsOf: directory.appendingPathComponent(name)) }
        return files
    }

    @Test func eachEffectChangesWhatItNames() throws {
        let plan = try Self.plan()
        let directory = try Self.container()
        let result = try plan.perform(intent: "markDone", arguments: ["index": .int(1)], container: directory)
        #expect(try Self.json(directory, "tasks.json").value(at: ["items", "1", "done"]) == .bool(true))
        #expect(try Self.json(directory, "tasks.json").value(at: ["items", "0", "done"]) == .bool(false))
        #expect(try Self.json(directory, "stats.json") == JSONReader.parse(#"{"done": 3, "log": [{"done": 1}]}"#).json)
        #expect(result.reloadKinds == ["com.x.summary"])
        #expect(result.openURL == "tasks://item/1")
        #expect(result.changes == [
            .init(file: "tasks.json", pointer: "/items/1/done", old: .bool(false), new: .bool(true)),
            .init(file: "stats.json", pointer: "/done", old: .int(2), new: .int(3)),
            .init(file: "stats.json", pointer: "/log/0", old: nil, new: .object([(key: "done", value: .int(1))])),
        ])
        // Clamped at max 3; an integer stays one.
        _ = try plan.perform(intent: "markDone", container: directory)
        #expect(try Self.json(directory, "stats.json").value(at: ["done"]) == .int(3))
        // A double step and a floor; toggle.
        _ = try plan.perform(intent: "dim", container: directory)
        #expect(try Self.json(directory, "lamp.json") == JSONReader.parse(#"{"on": false, "level": 0}"#).json)
        // Remove by value (every equal item), by index, and set creating a member.
        let tidy = try plan.perform(intent: "tidy", container: directory)
        #expect(try Self.json(directory, "tasks.json") == JSONReader.parse(
            #"{"items": [{"title": "Bread", "done": true}], "tags": ["new"], "owner": "me"}"#).json)
        #expect(tidy.changes.map(\.pointer) == ["/tags/2", "/tags/0", "/items/0", "/owner"])
        // No temporary file is left beside them, only the lock.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ([IntentFiles.lockName] + Self.files.keys).sorted())
    }

    @Test(arguments: [
        ("markDone", ["index": WidgetValue.int(12)], nil, nil, "argument index 12 is above max 9"),
        ("markDone", ["index": .string("two")], nil, nil, "argument index is the text 'two', not an integer"),
        ("markDone", ["idx": .int(1)], nil, nil, "has no parameter 'idx' (its parameters: index)"),
        ("markDone", ["index": .int(5)], "tasks.json", "/items/5/done", "'/items' is a list of 2 items; '5' is not one of its indices (0 to 1)"),
        ("both", [:], "tasks.json", "/items/7/done", "'/items' is a list of 2 items"),
        ("nothing", [:], nil, nil, "widget 'com.x.tasks' has no intent 'nothing' (its intents: markDone, dim, tidy, count, both)"),
    ] as [(String, [String: WidgetValue], String?, String?, String)])
    func anErrorNamesTheFileAndPointerAndChangesNothing(
        _ intent: String, _ arguments: [String: WidgetValue], _ file: String?, _ pointer: String?, _ words: String
    ) throws {
        let plan = try Self.plan()
        let directory = try Self.container()
        let before = try Self.snapshot(directory)
        #expect {
            _ = try plan.perform(intent: intent, arguments: arguments, container: directory)
        } throws: { error in
            guard let error = error as? IntentError else { return false }
            return error.file == file && error.pointer == pointer && error.description.contains(words)
        }
        // All or nothing: `both` toggled lamp.json before failing on tasks.json; neither changed.
        #expect(try Self.snapshot(directory) == before)
    }

    @Test func aMissingFileOrBytesThatAreNotJSONAreNamed() throws {
        let plan = try Self.plan()
        let directory = try Self.container()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("lamp.json"))
        #expect(throws: IntentError(file: "lamp.json", "no such file in the app group container")) {
            try plan.perform(intent: "dim", container: directory)
        }
        try Data("{\"on\": tru".utf8).write(to: directory.appendingPathComponent("lamp.json"))
        #expect {
            try plan.perform(intent: "dim", container: directory)
        } throws: { ($0 as? IntentError)?.file == "lamp.json" && "\($0)".contains("not JSON") }
        #expect(try String(contentsOf: directory.appendingPathComponent("lamp.json"), encoding: .utf8) == "{\"on\": tru")
    }

    /// Threads performing at once (each opens the lock on its own, as processes do) lose no
    /// update, and a reader never sees a torn file.
    @Test func concurrentPerformersLoseNothingAndTearNothing() throws {
        let plan = try Self.plan()
        let directory = try Self.container()
        let performers = 6
        let each = 20
        let failures = Locked<[String]>([])
        let done = Locked(false)
        let reader = Thread {
            var reads = 0
            while !done.withLock { $0 } || reads == 0 {
                reads += 1
                guard let data = try? Data(contentsOf: directory.appendingPathComponent("counter.json")) else {
                    failures.withLock { $0.append("unreadable") }
                    continue
                }
                if (try? JSONReader.parse(bytes: Array(data))) == nil { failures.withLock { $0.append("torn: \(data.count) bytes") } }
            }
        }
        reader.start()
        DispatchQueue.concurrentPerform(iterations: performers) { _ in
            for _ in 0..<each {
                do { _ = try plan.perform(intent: "count", container: directory) } catch { failures.withLock { $0.append("\(error)") } }
            }
        }
        done.withLock { $0 = true }
        while reader.isExecuting { usleep(1_000) }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 }.prefix(5))")
        let counter = try Self.json(directory, "counter.json")
        #expect(counter.value(at: ["n"]) == .int(performers * each))
        #expect(counter.value(at: ["ticks"])?.array?.count == performers * each)
    }
}
