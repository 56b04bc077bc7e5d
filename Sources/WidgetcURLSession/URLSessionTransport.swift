import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request through the platform's URL loading system (`URLSession`), in plain types.
///
/// The `WidgetcRuntime` library links it (its `URLSessionFetcher`), and so does `widgetc` on Apple
/// platforms. On Linux `widgetc` does not: FoundationNetworking would cost every command 6.4 MB
/// and 22 M instructions at start-up, so it calls libcurl on first use (Sources/CWidgetcCurl),
/// and LiveFetcherTests compare the two transports request by request.
package enum URLSessionTransport {
    package enum Answer: Sendable, Equatable {
        case response(status: Int, body: [UInt8])
        case failure(Failure)
    }

    /// Why there was no answer: the common reasons by name (their words are the runtime's), the
    /// rest in words.
    package enum Failure: Sendable, Equatable {
        case refused
        case timedOut
        case noConnection
        case other(String)
    }

    /// One session for every request of the process: ephemeral, no cache (a source's `maxAge`
    /// decides reuse).
    package static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// Performs one request and blocks until the whole answer is in, or `timeout` seconds have
    /// passed. Redirects are followed as URLSession follows them.
    package static func perform(
        url text: String, method: String, headers: [(name: String, value: String)], body: [UInt8]?, timeout: Int64,
        session: URLSession = sharedSession
    ) -> Answer {
        guard let url = URL(string: text) else { return .failure(.other("'\(text)' is not a URL")) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: TimeInterval(timeout))
        request.httpMethod = method
        for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        if let body { request.httpBody = Data(body) }
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            let answer: Answer
            if let error {
                answer = .failure(failure(error))
            } else if let http = response as? HTTPURLResponse {
                answer = .response(status: http.statusCode, body: data.map { [UInt8]($0) } ?? [])
            } else {
                answer = .failure(.other("no HTTP answer"))
            }
            box.set(answer)
            done.signal()
        }
        task.resume()
        // URLSession's timeout is the longest wait between two packets: the whole answer is bounded here.
        if done.wait(timeout: .now() + .seconds(Int(timeout))) == .timedOut {
            task.cancel()
            return .failure(.timedOut)
        }
        return box.get() ?? .failure(.timedOut)
    }

    /// A URL loading error as a run shows it.
    package static func failure(_ error: any Error) -> Failure {
        guard let error = error as? URLError else { return .other("request failed: \(error.localizedDescription)") }
        switch error.code {
        case .cannotConnectToHost: return .refused
        case .timedOut: return .timedOut
        case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed: return .noConnection
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return .other("too many redirects")
        case .cannotFindHost, .dnsLookupFailed: return .other("cannot find the host")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .other("secure connection failed")
        case .appTransportSecurityRequiresSecureConnection: return .other("App Transport Security refused plain HTTP")
        case .badServerResponse, .cannotParseResponse: return .other("bad server response")
        case .dataLengthExceedsMaximum: return .other("body is over 4 MB")
        default: return .other("request failed (URLError \(error.code.rawValue))")
        }
    }

    /// The answer, handed from URLSession's delegate queue to the waiting thread.
    private final class AnswerBox: @unchecked Sendable {
        private let lock = NSLock()
        private var answer: Answer?
        func set(_ value: Answer) { lock.withLock { answer = value } }
        func get() -> Answer? { lock.withLock { answer } }
    }
}
