import Foundation
import Testing
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTestSupport

/// Secrets the app stores, read by header and body templates; missing data that asks again;
/// the memory budget's bounds (docs/memory-budget.md).
@Suite struct SecretAndBudgetTests {
    final class Seen: DataFetcher, @unchecked Sendable {
        var requests: [FetchRequest] = []
        var answer = FetchResult.response(status: 200, body: Array(#"{"data": {"t": "hello"}}"#.utf8))
        func fetch(_ request: FetchRequest) -> FetchResult { requests.append(request); return answer }
    }

    static let secretPlan = """
        {"format": "widgetc-plan/1", "kind": "k", "displayName": "K", "description": "", "source": "k.yaml",
         "families": ["systemSmall"], "timeZone": "UTC", "parameters": [],
         "data": [{"name": "w", "url": "https://x.example/w", "method": "POST",
                   "headers": [{"name": "Authorization", "value": "Bearer {{secret.apiToken}}"}], "body": "k={{secret.apiToken}}&v=1",
                   "timeout": 5, "maxAge": 0, "stale": 0, "retry": null, "select": "/data", "insecure": false}],
         "content": {"t": "{{data.w.t}}"}, "familyContent": {}, "placeholder": {"t": "offline"}, "snapshot": null, "url": null,
         "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": null, "events": []}}
        """

    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func headerAndBodyReadTheSecretTheAppWrote() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        try FileManager.default.createDirectory(at: container.appendingPathComponent("secrets"), withIntermediateDirectories: true)
        try Data("tok-123\n".utf8).write(to: container.appendingPathComponent("secrets/apiToken"))
        let plan = try WidgetPlan(data: Data(Self.secretPlan.utf8))
        let seen = Seen()
        let answer = plan.timeline(at: Self.t0, container: container, fetcher: seen)
        #expect(answer.requests.map(\.outcome) == [.ok])
        #expect(seen.requests.first?.headers == [HTTPHeader(name: "Authorization", value: "Bearer tok-123")])
        #expect(seen.requests.first?.body == Array("k=tok-123&v=1".utf8))
        // Nothing the run shows holds the secret.
        #expect(!answer.requests.contains { "\($0)".contains("tok-123") })
    }

    @Test func aMissingSecretSendsNothingAndSaysWhichFile() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let plan = try WidgetPlan(data: Data(Self.secretPlan.utf8))
        let seen = Seen()
        let answer = plan.timeline(at: Self.t0, container: container, fetcher: seen)
        #expect(seen.requests.isEmpty)
        #expect(answer.requests.first?.outcome == .failed)
        #expect(answer.requests.first?.wasSent == false)
        #expect(answer.requests.first?.error == "secret 'apiToken' is missing (container file secrets/apiToken)")
        #expect(answer.entries.first?["t"] == .string("offline"))
        // An empty file is no secret either.
        try FileManager.default.createDirectory(at: container.appendingPathComponent("secrets"), withIntermediateDirectories: true)
        try Data("\n".utf8).write(to: container.appendingPathComponent("secrets/apiToken"))
        #expect(plan.timeline(at: Self.t0, container: container, fetcher: seen).requests.first?.error == "secret 'apiToken' is empty (container file secrets/apiToken)")
    }

    @Test func theAppsOwnSecretSourceComesFirst() async throws {
        struct Keychain: SecretSource {
            func secret(named name: String) -> String? { name == "apiToken" ? "from-keychain" : nil }
        }
        struct Recorder: AsyncDataFetcher {
            let seen = Locked<[FetchRequest]>([])
            func fetch(_ request: FetchRequest) async -> FetchResult {
                seen.withLock { $0.append(request) }
                return .response(status: 200, body: Array(#"{"data": {"t": "hi"}}"#.utf8))
            }
        }
        let plan = try WidgetPlan(data: Data(Self.secretPlan.utf8))
        let recorder = Recorder()
        let answer = await plan.timeline(at: Self.t0, fetcher: recorder, secrets: Keychain())
        #expect(answer.requests.map(\.outcome) == [.ok])
        #expect(recorder.seen.withLock { $0.first?.headers.first?.value } == "Bearer from-keychain")
    }

    /// A widget added before the app writes its data asks again within the hour (or its file
    /// source's `retry`), instead of `never`.
    @Test func missingDataAsksAgainAfterTheFilesRetry() throws {
        func plan(_ retry: String) throws -> WidgetPlan {
            try WidgetPlan(data: Data("""
                {"format": "widgetc-plan/1", "kind": "k", "displayName": "K", "description": "", "source": "k.yaml",
                 "families": ["systemSmall"], "timeZone": "UTC", "parameters": [],
                 "data": [{"name": "a", "file": "a.json"\(retry)}, {"name": "b", "file": "b.json", "retry": 7200}],
                 "content": {"t": "{{data.a.t}}"}, "familyContent": {}, "placeholder": {"t": "-"}, "snapshot": null, "url": null,
                 "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": null, "events": []}}
                """.utf8))
        }
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        try Data(#"{"t": 1}"#.utf8).write(to: container.appendingPathComponent("b.json"))
        #expect(try plan("").timeline(at: Self.t0, container: container, fetcher: NoNetwork()).policy == .after(Self.t0.addingTimeInterval(3600)))
        #expect(try plan(#", "retry": 600"#).timeline(at: Self.t0, container: container, fetcher: NoNetwork()).policy == .after(Self.t0.addingTimeInterval(600)))
        // Both missing: the earliest retry.
        try FileManager.default.removeItem(at: container.appendingPathComponent("b.json"))
        #expect(try plan(#", "retry": 9000"#).timeline(at: Self.t0, container: container, fetcher: NoNetwork()).policy == .after(Self.t0.addingTimeInterval(7200)))
        // Present: the rule's own policy (`once`: never).
        try Data(#"{"t": 1}"#.utf8).write(to: container.appendingPathComponent("a.json"))
        try Data(#"{"t": 1}"#.utf8).write(to: container.appendingPathComponent("b.json"))
        #expect(try plan("").timeline(at: Self.t0, container: container, fetcher: NoNetwork()).policy == .never)
    }

    @Test func aReloadsDataIsBoundedAcrossSources() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let half = String(repeating: "x", count: MemoryBudget.fileBytes - 100)
        for name in ["a", "b", "c"] { try Data(#"{"t": "\#(half)"}"#.utf8).write(to: container.appendingPathComponent("\(name).json")) }
        let plan = try WidgetPlan(data: Data("""
            {"format": "widgetc-plan/1", "kind": "k", "displayName": "K", "description": "", "source": "k.yaml",
             "families": ["systemSmall"], "timeZone": "UTC", "parameters": [],
             "data": [{"name": "a", "file": "a.json"}, {"name": "b", "file": "b.json"}, {"name": "c", "file": "c.json"}],
             "content": {"t": "x"}, "familyContent": {}, "placeholder": {"t": "-"}, "snapshot": null, "url": null,
             "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": null, "events": []}}
            """.utf8))
        let answer = plan.timeline(at: Self.t0, container: container, fetcher: NoNetwork())
        #expect(answer.entries.first?["t"] == .string("-"))
        #expect(answer.warnings.contains { $0.hasPrefix("container file 'c.json' brings the reload's data to") }, "\(answer.warnings)")
        #expect(!answer.warnings.contains { $0.contains("'b.json'") })
    }

    /// A section over a long list renders the family's bound at most (a `foreach` is cut the same way).
    @Test func sectionsAreBoundedPerFamily() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        try Data(("[" + (1...100).map(String.init).joined(separator: ",") + "]").utf8).write(to: container.appendingPathComponent("n.json"))
        let plan = try WidgetPlan(data: Data("""
            {"format": "widgetc-plan/1", "kind": "k", "displayName": "K", "description": "", "source": "k.yaml",
             "families": ["systemSmall", "systemLarge"], "timeZone": "UTC", "parameters": [],
             "data": [{"name": "n", "file": "n.json"}],
             "content": {"t": "{{#data.n}}{{.}},{{/data.n}}"}, "familyContent": {}, "placeholder": {"t": "-"}, "snapshot": null, "url": null,
             "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": null, "events": []}}
            """.utf8))
        for family in ["systemSmall", "systemLarge"] {
            let text = plan.timeline(at: Self.t0, family: family, container: container, fetcher: NoNetwork()).entries.first?["t"]?.string ?? ""
            #expect(text.split(separator: ",").count == MemoryBudget.listItems(family), "\(family): \(text)")
        }
        #expect(MemoryBudget.listItems("systemSmall") < MemoryBudget.listItems("systemLarge"))
    }

    /// A list from the data in content is the same in every entry: its values are converted once
    /// and shared, not copied into each entry (bench/memory-budget: 173 MB for a 1 MiB list over
    /// a day's 97 entries when copied, 11 MB shared).
    @Test func aListInContentIsSharedByTheEntriesNotCopied() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let items = (0..<500).map { #"{"title": "Note \#($0)"}"# }.joined(separator: ",")
        try Data("[\(items)]".utf8).write(to: container.appendingPathComponent("notes.json"))
        let plan = try WidgetPlan(data: Data("""
            {"format": "widgetc-plan/1", "kind": "k", "displayName": "K", "description": "", "source": "k.yaml",
             "families": ["systemLarge"], "timeZone": "UTC", "parameters": [], "data": [{"name": "notes", "file": "notes.json"}],
             "content": {"items": "{{data.notes}}", "time": "{{entry.time}}"}, "familyContent": {}, "placeholder": {"items": ""}, "snapshot": null,
             "url": null, "timeline": {"rule": {"type": "every", "every": 900, "align": true}, "horizon": 86400, "maxEntries": 200, "policy": null, "events": []}}
            """.utf8))
        let answer = plan.timeline(at: Self.t0, container: container, fetcher: NoNetwork())
        #expect(answer.entries.count > 90)
        func buffer(_ entry: WidgetEntry) -> UnsafeRawPointer? {
            guard case .array(let list)? = entry.content.first(where: { $0.key == "items" })?.value else { return nil }
            #expect(list.count == 500)
            return list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let first = try #require(buffer(answer.entries[0]))
        #expect(answer.entries.dropFirst().allSatisfy { buffer($0) == first })
        // The field that varies still does (a day of quarter hours: 96 different times).
        #expect(Set(answer.entries.map { $0.content.first { $0.key == "time" }?.value.string ?? "" }).count == 96)
    }
}
