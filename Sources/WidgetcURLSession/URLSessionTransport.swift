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
        /// The calling task was cancelled.
        case cancelled
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

    /// Performs one request; the whole answer must come within `timeout` seconds. Redirects are
    /// followed as URLSession follows them. No thread waits: the task's completion handler, the
    /// time-out's timer or the calling task's cancellation resumes the caller, whichever is first,
    /// and cancels the URLSession task. (Written over `dataTask` rather than `data(for:)`, whose
    /// time-out is the longest wait between two packets and whose cancellation Linux's
    /// FoundationNetworking does not pass on in every version.)
    package static func perform(
        url text: String, method: String, headers: [(name: String, value: String)], body: [UInt8]?, timeout: Int64,
        session: URLSession = sharedSession
    ) async -> Answer {
        guard let url = URL(string: text) else { return .failure(.other("'\(text)' is not a URL")) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: TimeInterval(timeout))
        request.httpMethod = method
        for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        if let body { request.httpBody = Data(body) }
        let once = ResumeOnce()
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                once.resume(.failure(failure(error)))
            } else if let http = response as? HTTPURLResponse {
                once.resume(.response(status: http.statusCode, body: data.map { [UInt8]($0) } ?? []))
            } else {
                once.resume(.failure(.other("no HTTP answer")))
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.wait(continuation)
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout))) {
                    once.resume(.failure(.timedOut))
                    task.cancel()
                }
            }
        } onCancel: {
            once.resume(.failure(.cancelled))
            task.cancel()
        }
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
        case .cancelled: return .cancelled
        case .appTransportSecurityRequiresSecureConnection: return .other("App Transport Security refused plain HTTP")
        case .badServerResponse, .cannotParseResponse: return .other("bad server response")
        case .dataLengthExceedsMaximum: return .other("body is over the largest a source may read")
        default: return .other("request failed (URLError \(error.code.rawValue))")
        }
    }

    /// The caller's continuation, resumed once with the first answer: the completion handler's,
    /// the time-out's or the cancellation's (which may come before the continuation exists).
    private final class ResumeOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Answer, Never>?
        private var early: Answer?
        private var done = false

        func wait(_ c: CheckedContinuation<Answer, Never>) {
            let answer: Answer? = lock.withLock {
                if let early { done = true; return early }
                continuation = c
                return nil
            }
            if let answer { c.resume(returning: answer) }
        }

        func resume(_ answer: Answer) {
            let waiting: CheckedContinuation<Answer, Never>? = lock.withLock {
                guard !done else { return nil }
                guard let continuation else {
                    if early == nil { early = answer }
                    return nil
                }
                done = true
                self.continuation = nil
                return continuation
            }
            waiting?.resume(returning: answer)
        }
    }
}
