import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// How a URL answers in a run, from a scenario's `respond` item on.
package struct ScriptedResponse: Sendable, Equatable {
    /// The HTTP status (default 200).
    package var status: Int
    /// The body's bytes (an inline value written as JSON, or a file's bytes).
    package var body: [UInt8]
    /// Seconds before the answer comes; more than the source's timeout is a time-out.
    package var latency: Int64
    /// No answer at all, for this reason (`connection refused`…): what `--record` writes
    /// for a live request that got none, so the replay fails the same way.
    package var error: String?

    package init(status: Int = 200, body: [UInt8] = [], latency: Int64 = 0, error: String? = nil) {
        self.status = status
        self.body = body
        self.latency = latency
        self.error = error
    }
}

/// The scenario's network (the default in `widgetc run`): a URL answers as the
/// latest `respond` for it at or before the request says, nothing answers in an
/// `offline` window, and a URL with no `respond` in force answers nothing
/// (`no response in this run`). Requests are matched on the rendered URL, exactly.
/// A class: each reload copies the run's fetcher into its context three times, and a struct's
/// copy retained and released each of its tables (run of 300 widgets over 30 days: -21 k
/// retains and -21 k bridge retains, -2.9 M instructions, callgrind).
package final class ScriptedFetcher: DataFetcher {
    private let responses: [String: [(at: Instant, response: ScriptedResponse)]]
    private let offline: [(from: Instant, until: Instant)]

    package init(_ scenario: Scenario) {
        var responses: [String: [(at: Instant, response: ScriptedResponse)]] = [:]
        var offline: [(from: Instant, until: Instant)] = []
        for event in scenario.events {
            switch event {
            case let .respond(at, url, response): responses[url, default: []].append((at, response))
            case let .offline(from, until): offline.append((from, until))
            default: break
            }
        }
        // Stable: at one instant, the one later in the file wins.
        for (url, list) in responses {
            responses[url] = list.enumerated().sorted { a, b in
                a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
            }.map(\.element)
        }
        self.responses = responses
        self.offline = offline
    }

    package func fetch(_ request: FetchRequest) -> FetchResult {
        let t = request.date
        if offline.contains(where: { $0.from <= t && t < $0.until }) { return .failure(FetchReason.noConnection) }
        guard let response = responses[request.url]?.last(where: { $0.at <= t })?.response else {
            return .failure(FetchReason.noResponse)
        }
        if let error = response.error { return .failure(error) }
        if response.latency > request.timeout { return .failure(FetchReason.timedOut(request.timeout)) }
        return .response(status: response.status, body: response.body)
    }
}

/// Wraps a fetcher and keeps every answer, for `--record`: a scenario of
/// `respond` items that replays the run offline.
package final class RecordingFetcher: DataFetcher, @unchecked Sendable {
    private let inner: any DataFetcher
    private let recorded: Locked<[(at: Instant, url: String, response: ScriptedResponse)]>

    package init(_ inner: any DataFetcher) {
        self.inner = inner
        recorded = Locked([])
    }

    private init(_ inner: any DataFetcher, sharing other: RecordingFetcher) {
        self.inner = inner
        recorded = other.recorded
    }

    /// A fetcher asking `inner` whose answers go into `recorder`'s recording.
    package static func replaying(_ inner: any DataFetcher, into recorder: RecordingFetcher) -> RecordingFetcher {
        RecordingFetcher(inner, sharing: recorder)
    }

    package func fetch(_ request: FetchRequest) -> FetchResult {
        let result = inner.fetch(request)
        let response: ScriptedResponse
        switch result {
        case let .response(status, body): response = ScriptedResponse(status: status, body: body)
        case .failure(let reason):
            // A time-out replays as an answer slower than the timeout, which gives the same words.
            response = reason == FetchReason.timedOut(request.timeout)
                ? ScriptedResponse(latency: request.timeout + 1) : ScriptedResponse(error: reason)
        }
        recorded.withLock { $0.append((request.date, request.url, response)) }
        return result
    }

    /// The answers as scenario events, in the order they came.
    package var events: [ScenarioEvent] {
        recorded.withLock { $0.map { .respond(at: $0.at, url: $0.url, response: $0.response) } }
    }
}
