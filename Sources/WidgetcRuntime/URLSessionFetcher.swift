import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import WidgetcURLSession

/// Requests through the platform's URL loading system (`URLSession`): what a
/// widget extension uses, and `widgetc run --network live`.
///
/// Redirects are followed as URLSession follows them; nothing is cached by
/// URLSession itself (a source's `maxAge` decides reuse); the whole answer must
/// come within the source's `timeout`. No thread waits for an answer, and
/// cancelling the calling task cancels the request.
public struct URLSessionFetcher: AsyncDataFetcher, @unchecked Sendable {
    private let session: URLSession

    /// One session for every request of the process.
    public static let shared = URLSessionFetcher()

    /// - Parameter session: the session to use; default: an ephemeral one with no cache.
    public init(session: URLSession? = nil) {
        self.session = session ?? URLSessionTransport.sharedSession
    }

    public func fetch(_ request: FetchRequest) async -> FetchResult {
        let answer = await URLSessionTransport.perform(
            url: request.url, method: request.method, headers: request.headers.map { ($0.name, $0.value) },
            body: request.body, timeout: request.timeout, session: session)
        return FetchResult(answer, timeout: request.timeout)
    }
}

extension FetchResult {
    /// The transport's answer in the words a run shows.
    fileprivate init(_ answer: URLSessionTransport.Answer, timeout: Int64) {
        switch answer {
        case .response(let status, let body): self = .response(status: status, body: body)
        case .failure(.refused): self = .failure(FetchReason.refused)
        case .failure(.timedOut): self = .failure(FetchReason.timedOut(timeout))
        case .failure(.noConnection): self = .failure(FetchReason.noConnection)
        case .failure(.cancelled): self = .failure(FetchReason.cancelled)
        case .failure(.other(let words)): self = .failure(words)
        }
    }
}
