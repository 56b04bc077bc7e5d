// Internal: the C declarations are checked here, and no client needs them.
internal import CWidgetcURLSession
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request through the platform's URL loading system (`URLSession`), in plain types.
///
/// Two products carry it: the `WidgetcRuntime` library links it (its `URLSessionFetcher`), and
/// on Linux `widgetc` loads it as the dynamic library `libWidgetcURLSession.so` on its first live
/// request, through `widgetc_urlsession_perform`. On Linux URLSession is FoundationNetworking,
/// which loads libcurl and about 30 more libraries: linked into `widgetc` it cost every command
/// 6.4 MB of memory and 22 M instructions at start-up, for a feature few runs use (bench/README.md).
/// So this module knows nothing of widgetc's types: two copies of one Swift module in a process
/// (the executable's and the library's) would be two sets of types.
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

/// The C entry point `widgetc` finds with `dlsym` in `libWidgetcURLSession.so`
/// (`widgetc_urlsession_perform_fn` in include/widgetc_urlsession.h): one request, blocking;
/// the outcome goes to `answer` before it returns.
@_cdecl("widgetc_urlsession_perform")
public func widgetcURLSessionPerform(
    _ url: UnsafePointer<CChar>, _ method: UnsafePointer<CChar>,
    _ headerFields: UnsafePointer<UnsafePointer<CChar>>?, _ headerFieldCount: Int,
    _ body: UnsafePointer<UInt8>?, _ bodyCount: Int, _ hasBody: Bool, _ timeout: Int64,
    _ context: UnsafeMutableRawPointer?,
    _ answer: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafePointer<UInt8>?, Int, Int32, UnsafePointer<CChar>?) -> Void
) {
    var headers: [(name: String, value: String)] = []
    if let headerFields {
        for i in stride(from: 0, to: headerFieldCount - 1, by: 2) {
            headers.append((String(cString: headerFields[i]), String(cString: headerFields[i + 1])))
        }
    }
    let bytes = hasBody ? (body.map { Array(UnsafeBufferPointer(start: $0, count: bodyCount)) } ?? []) : nil
    let outcome = URLSessionTransport.perform(
        url: String(cString: url), method: String(cString: method), headers: headers, body: bytes, timeout: timeout)
    switch outcome {
    case .response(let status, let body):
        body.withUnsafeBufferPointer { answer(context, status, $0.baseAddress, $0.count, WIDGETC_URLSESSION_OK, nil) }
    case .failure(.refused): answer(context, 0, nil, 0, WIDGETC_URLSESSION_REFUSED, nil)
    case .failure(.timedOut): answer(context, 0, nil, 0, WIDGETC_URLSESSION_TIMED_OUT, nil)
    case .failure(.noConnection): answer(context, 0, nil, 0, WIDGETC_URLSESSION_NO_CONNECTION, nil)
    case .failure(.other(let words)): answer(context, 0, nil, 0, WIDGETC_URLSESSION_OTHER, words)
    }
}

// The Swift function must have the C type the executable calls it as.
private let performHasItsCType: widgetc_urlsession_perform_fn = widgetcURLSessionPerform
