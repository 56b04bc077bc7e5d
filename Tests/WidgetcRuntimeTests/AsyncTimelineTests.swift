import Foundation
import Testing
import WidgetcRuntime
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTestSupport

/// The device's timeline (`WidgetcRuntime`): async, its URL sources requested all at once through
/// URLSession (FoundationNetworking on Linux), cut by the task's cancellation and the reload's
/// deadline. Against a server on 127.0.0.1 that the test starts and stops.
@Suite struct AsyncTimelineTests {
    /// A plan whose sources are `paths` on the loopback server, each with `timeout` seconds.
    static func plan(port: Int, _ paths: [String], timeout: Int = 60) throws -> WidgetPlan {
        let sources = paths.enumerated().map { i, path in
            """
            {"name": "s\(i)", "url": "http://127.0.0.1:\(port)\(path)", "method": "GET", "headers": [], "body": null,
             "timeout": \(timeout), "maxAge": 0, "stale": 0, "retry": null, "select": "/data/title", "insecure": true}
            """
        }
        let content = paths.indices.map { "\"t\($0)\": \"{{data.s\($0)}}\"" }.joined(separator: ", ")
        let text = """
            {"format": "widgetc-plan/1", "kind": "k", "displayName": "K", "description": "", "source": "k.yaml",
             "families": ["systemSmall"], "timeZone": "UTC", "parameters": [],
             "data": [\(sources.joined(separator: ", "))],
             "content": {\(content)}, "familyContent": {}, "placeholder": {"t0": "offline"}, "snapshot": null, "url": null,
             "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": null, "events": []}}
            """
        return try WidgetPlan(data: Data(text.utf8))
    }

    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// Each `/together/…` answer waits for the other request: one after another, the first would
    /// get a 504 after the server's 20 s; at once, both succeed.
    @Test func twoSourcesAreRequestedAtOnce() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let plan = try Self.plan(port: server.port, ["/together/first", "/together/second"], timeout: 30)
        let answer = await plan.timeline(at: Self.t0)
        #expect(answer.requests.map(\.outcome) == [.ok, .ok], "\(answer.requests)")
        #expect(answer.requests.map(\.source) == ["s0", "s1"])  // the log keeps declaration order
        #expect(answer.entries.first?["t0"] == .string("first"))
        #expect(answer.entries.first?["t1"] == .string("second"))
        #expect(Set(server.requests) == ["/together/first", "/together/second"])
    }

    /// WidgetKit cancels the provider's task: the request is cancelled (not left to its 60 s
    /// timeout) and the timeline answers at once with the placeholder.
    @Test func cancellingTheTaskCancelsTheRequests() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let plan = try Self.plan(port: server.port, ["/hang", "/hang"])
        let task = Task { await plan.timeline(at: Self.t0) }
        // Cancel once the server holds both requests (an event, not a time).
        try await Self.waitUntil { server.requests.count == 2 }
        task.cancel()
        let answer = await task.value
        #expect(answer.requests.map(\.outcome) == [.failed, .failed], "\(answer.requests)")
        #expect(answer.requests.map(\.error) == [FetchReason.cancelled, FetchReason.cancelled])
        #expect(answer.entries.first?["t0"] == .string("offline"))
    }

    /// A source slower than the reload's deadline fails in the deadline's words (not its own
    /// 60 s timeout's).
    @Test func theDeadlineCutsWhatIsStillUnanswered() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let plan = try Self.plan(port: server.port, ["/hang"])
        let answer = await plan.timeline(at: Self.t0, deadline: .seconds(1))
        #expect(answer.requests.map(\.outcome) == [.failed], "\(answer.requests)")
        #expect(answer.requests.last?.error == "timed out at the reload's deadline (1s)")
        #expect(answer.warnings.contains { $0.contains("/hang: timed out at the reload's deadline (1s); showing the placeholder") })
    }

    /// Answers every request as timed out by its own limit, at once: what the fetcher hands back
    /// when the deadline's timer waited for a thread longer than the request's own timeout.
    struct TimesOutAtOnce: AsyncDataFetcher {
        func fetch(_ request: FetchRequest) async -> FetchResult { .failure(FetchReason.timedOut(request.timeout)) }
    }

    /// A request's own timeout no shorter than the deadline cannot win on time: its timing out is
    /// the deadline's (the flaky form of the test above under a loaded whole suite); a shorter
    /// timeout keeps its own words.
    @Test func aTimeoutLongerThanTheDeadlineIsTheDeadlines() async throws {
        let long = try Self.plan(port: 9, ["/slow"], timeout: 60)
        let cut = await long.timeline(at: Self.t0, fetcher: TimesOutAtOnce(), deadline: .seconds(1))
        #expect(cut.requests.map(\.error) == ["timed out at the reload's deadline (1s)"], "\(cut.requests)")
        let short = try Self.plan(port: 9, ["/slow"], timeout: 5)
        let own = await short.timeline(at: Self.t0, fetcher: TimesOutAtOnce(), deadline: .seconds(25))
        #expect(own.requests.map(\.error) == ["timed out after 5s"], "\(own.requests)")
    }

    /// Polls `condition` (a state the test waits for), giving up after about 20 s.
    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<2000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
