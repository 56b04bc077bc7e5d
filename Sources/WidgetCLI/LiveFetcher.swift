#if canImport(Darwin)
import Darwin
import WidgetcRuntime
#elseif canImport(Glibc)
import Glibc
#endif
import CWidgetcURLSession
import WidgetcRuntimeCore

/// `--network live`: requests through URLSession.
///
/// On Apple platforms URLSession is Foundation's, and `widgetc` links `URLSessionFetcher`. On
/// Linux it is FoundationNetworking (libcurl and about 30 more libraries): linked, it cost every
/// command 6.4 MB and 22 M instructions at start-up (bench/README.md), so `widgetc` opens
/// `libWidgetcURLSession.so`, built beside it, on the first live request instead.
enum LiveFetcher {
    /// The live fetcher, or why live requests cannot be made here (a usage error: exit 2).
    static func load() throws(UsageError) -> any DataFetcher {
        #if canImport(Darwin)
        return URLSessionFetcher.shared
        #else
        return try SharedLibraryFetcher.loaded.get()
        #endif
    }
}

#if !canImport(Darwin)
/// Requests through `widgetc_urlsession_perform` of `libWidgetcURLSession.so`.
private struct SharedLibraryFetcher: DataFetcher {
    let perform: widgetc_urlsession_perform_fn

    /// Opened once, on the first live request of the process.
    static let loaded: Result<SharedLibraryFetcher, UsageError> = {
        let library = executableDirectory() + "/libWidgetcURLSession.so"
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "cannot be opened"
            return .failure(UsageError(message: """
                live requests need \(library), built with widgetc (`swift build`, or \
                `swift build --product WidgetcURLSession` beside `--product widgetc`): \(why)
                """))
        }
        guard let symbol = dlsym(handle, WIDGETC_URLSESSION_PERFORM) else {
            return .failure(UsageError(message: "\(library) has no \(WIDGETC_URLSESSION_PERFORM); rebuild it with this widgetc"))
        }
        return .success(SharedLibraryFetcher(perform: unsafeBitCast(symbol, to: widgetc_urlsession_perform_fn.self)))
    }()

    func fetch(_ request: FetchRequest) -> FetchResult {
        // Filled by `answer` before `perform` returns (it blocks until the request ends).
        final class Outcome {
            var result = FetchResult.failure(FetchReason.noResponse)
            let timeout: Int64
            init(timeout: Int64) { self.timeout = timeout }
        }
        let outcome = Outcome(timeout: request.timeout)
        let answer: widgetc_urlsession_answer_fn = { context, status, body, count, failure, words in
            let outcome = Unmanaged<Outcome>.fromOpaque(context!).takeUnretainedValue()
            switch failure {
            case WIDGETC_URLSESSION_OK:
                outcome.result = .response(status: status, body: body.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
            case WIDGETC_URLSESSION_REFUSED: outcome.result = .failure(FetchReason.refused)
            case WIDGETC_URLSESSION_TIMED_OUT: outcome.result = .failure(FetchReason.timedOut(outcome.timeout))
            case WIDGETC_URLSESSION_NO_CONNECTION: outcome.result = .failure(FetchReason.noConnection)
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
                    perform(
                        request.url, request.method, headers.baseAddress, headers.count, bytes.baseAddress, bytes.count,
                        request.body != nil, request.timeout, context, answer)
                }
            }
        }
        return outcome.result
    }

    /// The directory of the running executable (`widgetc`, or the test runner that runs its commands).
    private static func executableDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }
}
#endif
