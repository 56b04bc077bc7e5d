#if canImport(Darwin)
import Darwin
import Dispatch
import WidgetcRuntime
import WidgetSupport
#elseif canImport(Glibc)
import Glibc
#endif
import CWidgetcCurl
import WidgetcRuntimeCore

/// `--network live` and `widgetc fetch`: real requests.
///
/// On Apple platforms `widgetc` links `URLSessionFetcher` (URLSession is Foundation's). On Linux
/// URLSession is FoundationNetworking, libcurl and about 30 more libraries: linked, it cost every
/// command 6.4 MB and 22 M instructions at start-up (bench/README.md). So `widgetc` calls libcurl
/// (what FoundationNetworking sends its requests with), opened on the first live request, and
/// stays one self-contained file.
package enum LiveFetcher {
    /// The live fetcher, or why live requests cannot be made here (a usage error: exit 2).
    package static func load() throws(UsageError) -> any DataFetcher {
        #if canImport(Darwin)
        return BlockingURLSession()
        #else
        return try CurlFetcher.loaded.get()
        #endif
    }
}

#if canImport(Darwin)
/// URLSession's async requests awaited by the command's own thread, which is not one of Swift's
/// cooperative threads: a run's reloads are sequential and the command has nothing else to do.
private struct BlockingURLSession: DataFetcher {
    func fetch(_ request: FetchRequest) -> FetchResult {
        let answer = Locked<FetchResult>(.failure(FetchReason.noResponse))
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await URLSessionFetcher.shared.fetch(request)
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }
}
#else
/// Requests through `widgetc_curl_perform` (Sources/CWidgetcCurl).
private struct CurlFetcher: DataFetcher {
    /// Opened once, on the first live request of the process.
    static let loaded: Result<CurlFetcher, UsageError> = {
        var reason: UnsafePointer<CChar>?
        guard widgetc_curl_open(&reason) else {
            let why = reason.map { String(cString: $0) } ?? "cannot be opened"
            return .failure(UsageError(message: """
                live requests need libcurl (libcurl.so.4, Debian's package libcurl4, which Swift's \
                FoundationNetworking also needs): \(why)
                """))
        }
        return .success(CurlFetcher())
    }()

    func fetch(_ request: FetchRequest) -> FetchResult {
        // Filled by `answer` before `perform` returns (it blocks until the request ends).
        final class Outcome {
            var result = FetchResult.failure(FetchReason.noResponse)
            let timeout: Int64
            init(timeout: Int64) { self.timeout = timeout }
        }
        let outcome = Outcome(timeout: request.timeout)
        let answer: widgetc_curl_answer_fn = { context, status, body, count, failure, words in
            let outcome = Unmanaged<Outcome>.fromOpaque(context!).takeUnretainedValue()
            switch failure {
            case WIDGETC_CURL_OK:
                outcome.result = .response(status: status, body: body.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
            case WIDGETC_CURL_REFUSED: outcome.result = .failure(FetchReason.refused)
            case WIDGETC_CURL_TIMED_OUT: outcome.result = .failure(FetchReason.timedOut(outcome.timeout))
            case WIDGETC_CURL_NO_CONNECTION: outcome.result = .failure(FetchReason.noConnection)
            default: outcome.result = .failure(words.map { String(cString: $0) } ?? "request failed")
            }
        }
        // C strings that live through the call: the URL, the method, and the header fields in turn.
        var fields: [UnsafeMutablePointer<CChar>] = []
        for header in request.headers { fields += [strdup(header.name)!, strdup(header.value)!] }
        defer { fields.forEach { free($0) } }
        let headerFields: [UnsafePointer<CChar>] = fields.map { UnsafePointer($0) }
        withExtendedLifetime(outcome) {
            let context = Unmanaged.passUnretained(outcome).toOpaque()
            headerFields.withUnsafeBufferPointer { headers in
                let body = request.body ?? []
                body.withUnsafeBufferPointer { bytes in
                    widgetc_curl_perform(
                        request.url, request.method, headers.baseAddress, headers.count, bytes.baseAddress, bytes.count,
                        request.body != nil, request.timeout, context, answer)
                }
            }
        }
        return outcome.result
    }
}
#endif
