import Foundation
import Testing
import WidgetcRuntimeCore
import WidgetSupport

/// A plan's URL data sources through the library's API, with a fetcher of the
/// test's own (the device's default is URLSession).
@Suite struct URLSourceTests {
    final class Answers: DataFetcher, @unchecked Sendable {
        var next: FetchResult = .failure("no connection")
        var seen: [FetchRequest] = []
        func fetch(_ request: FetchRequest) -> FetchResult { seen.append(request); return next }
    }

    static let plan = """
        {"format": "widgetc-plan/1", "kind": "k", "displayName": "K", "description": "", "source": "k.yaml",
         "families": ["systemSmall"], "timeZone": "UTC",
         "parameters": [{"name": "city", "title": "City", "type": "string", "min": null, "max": null, "default": "Paris"}],
         "data": [{"name": "w", "url": "https://x.example/w?city={{param.city}}", "method": "POST",
                   "headers": [{"name": "Accept", "value": "application/json"}], "body": "city={{param.city}}",
                   "timeout": 5, "maxAge": 600, "stale": 3600, "retry": 300, "select": "/data", "insecure": false}],
         "content": {"t": "{{data.w.t}}"}, "familyContent": {}, "placeholder": {"t": "offline"}, "snapshot": null, "url": null,
         "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": {"in": 3600}, "events": []}}
        """

    @Test func okCachedStaleFailedAndRetry() throws {
        let plan = try WidgetPlan(data: Data(Self.plan.utf8))
        #expect(plan.fetchesURLs)
        let answers = Answers()
        let store = ResponseStore()
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        answers.next = .response(status: 200, body: Array(#"{"data": {"t": "hello"}}"#.utf8))
        let ok = plan.timeline(at: t0, parameters: ["city": .string("New York")], fetcher: answers, responses: store)
        #expect(ok.entries.first?["t"] == .string("hello"))
        #expect(ok.requests.map(\.outcome) == [.ok])
        #expect(answers.seen.first?.url == "https://x.example/w?city=New%20York")
        #expect(answers.seen.first?.body == Array("city=New York".utf8))
        #expect(answers.seen.first?.headers == [HTTPHeader(name: "Accept", value: "application/json")])
        #expect(ok.policy == .after(t0.addingTimeInterval(3600)))

        let cached = plan.timeline(at: t0.addingTimeInterval(300), parameters: ["city": .string("New York")], fetcher: answers, responses: store)
        #expect(cached.requests.map(\.outcome) == [.cached])
        #expect(answers.seen.count == 1)

        answers.next = .response(status: 503, body: [])
        let stale = plan.timeline(at: t0.addingTimeInterval(1200), parameters: ["city": .string("New York")], fetcher: answers, responses: store)
        #expect(stale.requests.first?.outcome == .stale)
        #expect(stale.requests.first?.error == "HTTP 503")
        #expect(stale.entries.first?["t"] == .string("hello"))
        #expect(stale.policy == .after(t0.addingTimeInterval(1500)))  // retry: 5 minutes, sooner than the hour

        let failed = plan.timeline(at: t0.addingTimeInterval(7200), parameters: ["city": .string("New York")], fetcher: answers, responses: store)
        #expect(failed.requests.first?.outcome == .failed)
        #expect(failed.entries.first?["t"] == .string("offline"))
        #expect(failed.policy == .after(t0.addingTimeInterval(7500)))
        #expect(failed.warnings.contains { $0.contains("https://x.example/w?city=New%20York: HTTP 503") })

        // No store: nothing is kept between requests.
        answers.next = .response(status: 200, body: Array(#"{"other": 1}"#.utf8))
        let missing = plan.timeline(at: t0, fetcher: answers)
        #expect(missing.requests.first?.error == "no /data in the body")
        answers.next = .response(status: 200, body: Array("{\"data\": ".utf8))
        #expect(plan.timeline(at: t0, fetcher: answers).requests.first?.error == "body is not JSON (line 1, column 10)")
    }

    @Test func aRenderingThatIsNotAURLSendsNothing() throws {
        let text = Self.plan.replacingOccurrences(of: "https://x.example/w?city={{param.city}}", with: "https://{{param.city}}/w")
        let plan = try WidgetPlan(data: Data(text.utf8))
        let answers = Answers()
        let answer = plan.timeline(at: Date(timeIntervalSince1970: 1_800_000_000), parameters: ["city": .string("")], fetcher: answers)
        #expect(answer.requests.first?.error == "'https:///w' is not a URL")
        #expect(answer.requests.first?.wasSent == false)
        #expect(answers.seen.isEmpty)
        #expect(answer.entries.first?["t"] == .string("offline"))
    }
}
