import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WidgetSupport

/// Requests through the platform's URL loading system (`URLSession`): what a
/// widget extension uses, and `widgetc run --network live`.
///
/// Redirects are followed as URLSession follows them; nothing is cached by
/// URLSession itself (a source's `maxAge` decides reuse); the whole answer must
/// come within the source's `timeout`.
public struct URLSessionFetcher: DataFetcher, @unchecked Sendable {
    private let session: URLSession

    /// One session for every request of the process.
    public static let shared = URLSessionFetcher()

    /// - Parameter session: the session to use; default: an ephemeral one with no cache.
    public init(session: URLSession? = nil) {
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            self.session = URLSession(configuration: configuration)
        }
    }

    public func fetch(_ request: FetchRequest) -> FetchResult {
        guard let url = URL(string: request.url) else { return .failure("'\(request.url)' is not a URL") }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: TimeInterval(request.timeout))
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        let answer = Locked<FetchResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        let timeout = request.timeout
        let task = session.dataTask(with: urlRequest) { data, response, error in
            let result: FetchResult
            if let error {
                result = .failure(Self.reason(error, timeout: timeout))
            } else if let http = response as? HTTPURLResponse {
                result = .response(status: http.statusCode, body: data.map { [UInt8]($0) } ?? [])
            } else {
                result = .failure("no HTTP answer")
            }
            answer.withLock { $0 = result }
            done.signal()
        }
        task.resume()
        // URLSession's timeout is the longest wait between two packets: the whole answer is bounded here.
        if done.wait(timeout: .now() + .seconds(Int(timeout))) == .timedOut {
            task.cancel()
            return .failure(FetchReason.timedOut(timeout))
        }
        return answer.withLock { $0 } ?? .failure(FetchReason.timedOut(timeout))
    }

    /// A URL loading error in the words a run shows.
    static func reason(_ error: any Error, timeout: Int64) -> String {
        guard let error = error as? URLError else { return "request failed: \(error.localizedDescription)" }
        switch error.code {
        case .cannotConnectToHost: return FetchReason.refused
        case .timedOut: return FetchReason.timedOut(timeout)
        case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed: return FetchReason.noConnection
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return "too many redirects"
        case .cannotFindHost, .dnsLookupFailed: return "cannot find the host"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "secure connection failed"
        case .appTransportSecurityRequiresSecureConnection: return "App Transport Security refused plain HTTP"
        case .badServerResponse, .cannotParseResponse: return "bad server response"
        case .dataLengthExceedsMaximum: return "body is over 4 MB"
        default: return "request failed (URLError \(error.code.rawValue))"
        }
    }
}
