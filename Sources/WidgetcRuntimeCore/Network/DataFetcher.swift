import WidgetSupport
import WidgetTime

/// One HTTP request of a URL data source, rendered for a reload.
public struct FetchRequest: Sendable, Equatable {
    /// The data source's name (`data.NAME`).
    public var source: String
    /// The URL after rendering (and percent-encoding what a URL may not hold).
    public var url: String
    /// `GET` or `POST`.
    public var method: String
    /// Header names and values, in the order the widget declares them.
    public var headers: [HTTPHeader]
    /// The request body (POST only).
    public var body: [UInt8]?
    /// Seconds to wait for the whole answer.
    public var timeout: Int64
    /// The moment of the reload that asks (a simulated instant in `widgetc run`).
    package var date: Instant

    package init(source: String, url: String, method: String, headers: [HTTPHeader], body: [UInt8]?, timeout: Int64, date: Instant) {
        self.source = source
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.date = date
    }
}

public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What came back for a request: an HTTP answer (any status), or why there was none.
public enum FetchResult: Sendable, Equatable {
    case response(status: Int, body: [UInt8])
    /// No answer; the reason as a run shows it: `connection refused`, `timed out after 15s`,
    /// `no connection`, `no response in this run`.
    case failure(String)
}

/// Where a widget's URL data comes from on a device. The runtime never does I/O of its own
/// for a URL source: whoever asks for a timeline hands it a fetcher (the `WidgetcRuntime`
/// library's `URLSessionFetcher` by default). A reload sends its requests all at once.
public protocol AsyncDataFetcher: Sendable {
    /// Performs one request, its whole answer within `request.timeout` seconds. It must honour
    /// task cancellation (answer `.failure(FetchReason.cancelled)` soon after): the runtime
    /// cancels what is still unanswered at the reload's deadline or when WidgetKit cancels the
    /// provider's task.
    func fetch(_ request: FetchRequest) async -> FetchResult
}

/// The tools' fetcher (`widgetc run`'s scenario network and live requests, the editor's
/// timelines): it answers on the calling thread, so a reload sends its requests one after
/// another. Never used on a cooperative thread.
package protocol DataFetcher: Sendable {
    /// Performs one request, within `request.timeout` seconds; blocks until then.
    func fetch(_ request: FetchRequest) -> FetchResult
}

/// A fetcher that answers nothing (`no response in this run`).
package struct NoNetwork: DataFetcher {
    package init() {}
    package func fetch(_ request: FetchRequest) -> FetchResult { .failure(FetchReason.noResponse) }
}

/// The reasons a run shows, as words.
public enum FetchReason {
    public static let noResponse = "no response in this run"
    public static let noConnection = "no connection"
    public static let refused = "connection refused"
    public static func timedOut(_ seconds: Int64) -> String { "timed out after \(DurationText.string(seconds: seconds))" }
    /// The provider's task was cancelled (WidgetKit no longer wants the answer).
    public static let cancelled = "cancelled"
    /// Still unanswered when the reload's time was up (every source of a reload shares it).
    public static func deadline(_ limit: Duration) -> String {
        "timed out at the reload's deadline (\(DurationText.string(seconds: max(1, limit.components.seconds))))"
    }
    /// The largest body a URL source reads (`MemoryBudget.bodyBytes`: a widget extension has
    /// about 30 MB of memory).
    public static let maximumBodyBytes = MemoryBudget.bodyBytes
}

/// What became of one URL source at one reload (the run object's `requests`).
public struct NetworkRequest: Sendable, Equatable {
    public enum Outcome: String, Sendable {
        /// A fresh successful answer.
        case ok
        /// A success younger than `maxAge` was kept: no request was made.
        case cached
        /// The request failed; a success no older than `stale` was used.
        case stale
        /// The request failed and nothing could stand in: the placeholder shows.
        case failed
    }

    public var source: String
    public var url: String
    public var method: String
    public var outcome: Outcome
    /// The HTTP status when an answer came (nil for `cached` and for no answer).
    public var status: Int?
    /// Why the request failed (nil for `ok` and `cached`).
    public var error: String?

    /// Whether a request went out (a cached answer is not one, nor a request that could not be made).
    public var wasSent: Bool

    public init(source: String, url: String, method: String, outcome: Outcome, status: Int?, error: String?, sent: Bool? = nil) {
        self.wasSent = sent ?? (outcome != .cached)
        self.source = source
        self.url = url
        self.method = method
        self.outcome = outcome
        self.status = status
        self.error = error
    }
}

/// The requests of one timeline request, in data-source order.
public final class RequestLog {
    public private(set) var requests: [NetworkRequest] = []

    public init() {}

    func append(_ request: NetworkRequest) { requests.append(request) }

    /// Empties the log (the simulator reuses one per reload).
    public func removeAll() { requests.removeAll() }
}
