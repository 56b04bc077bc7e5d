#if canImport(FoundationNetworking) && canImport(Glibc)
import Glibc
import WidgetSupport

/// `URLSessionFetcher` where URLSession is not part of Foundation (Linux): the
/// same requests through libcurl, which FoundationNetworking itself is built on,
/// opened with `dlopen` on the first request.
///
/// Why not FoundationNetworking: linking it loads libcurl and about 30 more
/// shared libraries into every process before `main`, network or not. For
/// `widgetc validate widgets/notes.yaml` that was 20 M of 70 M instructions
/// (callgrind) and 7 MB of 29 MB peak resident memory; see bench/README.md.
///
/// Redirects are followed (at most 16, as URLSession on Apple's platforms); the
/// whole answer must come within the request's `timeout`; compressed answers
/// are decoded; nothing is cached.
public struct URLSessionFetcher: DataFetcher {
    /// One fetcher for every request of the process.
    public static let shared = URLSessionFetcher()

    public init() {}

    public func fetch(_ request: FetchRequest) -> FetchResult {
        let curl: Curl
        switch Curl.loaded {
        case .success(let c): curl = c
        case .failure(let unavailable): return .failure(unavailable.reason)
        }
        guard let handle = curl.easyInit() else { return .failure("request failed (libcurl could not start a request)") }
        defer { curl.easyCleanup(handle) }
        var headerList: OpaquePointer?
        defer { if headerList != nil { curl.slistFreeAll(headerList) } }
        for header in request.headers {
            headerList = curl.slistAppend(headerList, "\(header.name): \(header.value)")
        }
        let sink = BodySink()
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        let body = request.body ?? []
        let code: Int32 = withExtendedLifetime(sink) { body.withUnsafeBufferPointer { bodyBytes in
            var ok = curl.setString(handle, Curl.optURL, request.url)
            ok = ok && curl.setLong(handle, Curl.optNoSignal, 1)
            ok = ok && curl.setLong(handle, Curl.optFollowLocation, 1)
            ok = ok && curl.setLong(handle, Curl.optMaxRedirs, 16)
            // HTTP and HTTPS only, redirects included (libcurl would also follow one to FTP).
            ok = ok && curl.setLong(handle, Curl.optProtocols, Curl.protocolsHTTP)
            ok = ok && curl.setLong(handle, Curl.optRedirProtocols, Curl.protocolsHTTP)
            ok = ok && curl.setLong(handle, Curl.optTimeoutMS, Int(clamping: request.timeout) &* 1000)
            ok = ok && curl.setString(handle, Curl.optAcceptEncoding, "")
            ok = ok && curl.setPointer(handle, Curl.optWriteFunction, unsafeBitCast(Curl.write, to: UnsafeRawPointer.self))
            ok = ok && curl.setPointer(handle, Curl.optWriteData, UnsafeRawPointer(sinkPointer))
            if let headerList { ok = ok && curl.setPointer(handle, Curl.optHTTPHeader, UnsafeRawPointer(headerList)) }
            switch request.method {
            case "GET": break
            case "POST":
                ok = ok && curl.setLong(handle, Curl.optPost, 1)
                ok = ok && curl.setOffT(handle, Curl.optPostFieldSizeLarge, Int64(bodyBytes.count))
                // An empty body still needs a pointer: libcurl would otherwise read it with strlen.
                ok = ok && curl.setPointer(handle, Curl.optPostFields, UnsafeRawPointer(bodyBytes.baseAddress) ?? UnsafeRawPointer(Curl.empty))
            default:
                ok = ok && curl.setString(handle, Curl.optCustomRequest, request.method)
            }
            guard ok else { return -1 }
            return curl.easyPerform(handle)
        } }
        if code == -1 { return .failure("request failed (libcurl refused an option)") }
        guard code == 0 else { return .failure(Self.reason(code, curl: curl, timeout: request.timeout, url: request.url)) }
        var status = 0
        _ = curl.getInfoLong(handle, Curl.infoResponseCode, &status)
        return .response(status: status, body: sink.bytes)
    }

    /// A libcurl error in the words a run shows (the same words URLSession's errors get).
    static func reason(_ code: Int32, curl: Curl, timeout: Int64, url: String) -> String {
        switch code {
        case 3: return "'\(url)' is not a URL"
        case 7: return FetchReason.refused
        case 28: return FetchReason.timedOut(timeout)
        case 5, 6: return "cannot find the host"
        case 47: return "too many redirects"
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: return "secure connection failed"
        case 8, 52, 61: return "bad server response"
        case 55, 56: return FetchReason.noConnection
        case 63: return "body is over 4 MB"
        default: return "request failed (libcurl error \(code): \(curl.errorText(code)))"
        }
    }
}

/// The answer's bytes as libcurl hands them over.
private final class BodySink {
    var bytes: [UInt8] = []
}

/// The few libcurl functions a request needs, looked up once. libcurl's ABI
/// (option numbers, `curl_easy_setopt`'s argument passing) is stable since 7.x.
struct Curl: @unchecked Sendable {
    typealias Handle = OpaquePointer
    let easyInit: @convention(c) () -> Handle?
    let easyCleanup: @convention(c) (Handle?) -> Void
    let easyPerform: @convention(c) (Handle?) -> Int32
    let easyStrerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let slistAppendC: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let slistFreeAll: @convention(c) (OpaquePointer?) -> Void
    // `curl_easy_setopt` and `curl_easy_getinfo` are variadic with one argument after the option;
    // on Linux's calling conventions (x86-64, AArch64) a long, an off_t or a pointer passes
    // there as it passes to a non-variadic function.
    private let setoptLong: @convention(c) (Handle?, Int32, Int) -> Int32
    private let setoptPointer: @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
    private let getinfoPointer: @convention(c) (Handle?, Int32, UnsafeMutableRawPointer?) -> Int32

    static let optWriteData: Int32 = 10001
    static let optURL: Int32 = 10002
    static let optPostFields: Int32 = 10015
    static let optHTTPHeader: Int32 = 10023
    static let optCustomRequest: Int32 = 10036
    static let optAcceptEncoding: Int32 = 10102
    static let optWriteFunction: Int32 = 20011
    static let optPostFieldSizeLarge: Int32 = 30120
    static let optPost: Int32 = 47
    static let optFollowLocation: Int32 = 52
    static let optMaxRedirs: Int32 = 68
    static let optNoSignal: Int32 = 99
    static let optTimeoutMS: Int32 = 155
    /// CURLOPT_PROTOCOLS and CURLOPT_REDIR_PROTOCOLS: bit masks, in every libcurl since 7.19.4
    /// (deprecated beside the `_STR` forms of 7.85, which older systems lack).
    static let optProtocols: Int32 = 181
    static let optRedirProtocols: Int32 = 182
    /// CURLPROTO_HTTP | CURLPROTO_HTTPS.
    static let protocolsHTTP = 3
    static let infoResponseCode: Int32 = 0x20_0002
    /// A zero byte that outlives every request (the body of an empty POST).
    nonisolated(unsafe) static let empty: UnsafeMutablePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    /// The write callback: appends to the request's `BodySink`.
    static let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, user in
        let n = size &* count
        guard let user else { return 0 }
        let sink = Unmanaged<BodySink>.fromOpaque(user).takeUnretainedValue()
        if let data, n > 0 {
            sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: n))
        }
        return n
    }

    /// libcurl, opened and initialised on first use (thread-safe: a global's lazy initialisation).
    static let loaded: Result<Curl, CurlUnavailable> = load()

    private static func load() -> Result<Curl, CurlUnavailable> {
        var library: UnsafeMutableRawPointer?
        for name in ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"] {
            library = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if library != nil { break }
        }
        guard let library else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(CurlUnavailable(reason: "request failed (libcurl cannot be loaded: \(why))"))
        }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        typealias GlobalInit = @convention(c) (Int) -> Int32
        guard
            let globalInit = symbol("curl_global_init", GlobalInit.self),
            let easyInit = symbol("curl_easy_init", (@convention(c) () -> Handle?).self),
            let easyCleanup = symbol("curl_easy_cleanup", (@convention(c) (Handle?) -> Void).self),
            let easyPerform = symbol("curl_easy_perform", (@convention(c) (Handle?) -> Int32).self),
            let easyStrerror = symbol("curl_easy_strerror", (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
            let slistAppend = symbol("curl_slist_append", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
            let slistFreeAll = symbol("curl_slist_free_all", (@convention(c) (OpaquePointer?) -> Void).self),
            let setoptLong = symbol("curl_easy_setopt", (@convention(c) (Handle?, Int32, Int) -> Int32).self),
            let setoptPointer = symbol("curl_easy_setopt", (@convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32).self),
            let getinfoPointer = symbol("curl_easy_getinfo", (@convention(c) (Handle?, Int32, UnsafeMutableRawPointer?) -> Int32).self)
        else {
            return .failure(CurlUnavailable(reason: "request failed (libcurl lacks a function widgetc needs)"))
        }
        // CURL_GLOBAL_ALL (SSL and Win32 parts): once, before any handle.
        guard globalInit(3) == 0 else { return .failure(CurlUnavailable(reason: "request failed (libcurl did not initialise)")) }
        return .success(Curl(
            easyInit: easyInit, easyCleanup: easyCleanup, easyPerform: easyPerform, easyStrerror: easyStrerror,
            slistAppendC: slistAppend, slistFreeAll: slistFreeAll, setoptLong: setoptLong, setoptPointer: setoptPointer,
            getinfoPointer: getinfoPointer))
    }

    func setLong(_ handle: Handle, _ option: Int32, _ value: Int) -> Bool { setoptLong(handle, option, value) == 0 }
    /// An `off_t` option: a 64-bit integer on 64-bit Linux, passed as a long is.
    func setOffT(_ handle: Handle, _ option: Int32, _ value: Int64) -> Bool { setoptLong(handle, option, Int(value)) == 0 }
    func setPointer(_ handle: Handle, _ option: Int32, _ value: UnsafeRawPointer?) -> Bool { setoptPointer(handle, option, value) == 0 }
    /// libcurl copies string options (since 7.17), so a temporary C string is enough.
    func setString(_ handle: Handle, _ option: Int32, _ value: String) -> Bool {
        value.withCString { setoptPointer(handle, option, UnsafeRawPointer($0)) == 0 }
    }
    func slistAppend(_ list: OpaquePointer?, _ line: String) -> OpaquePointer? {
        // curl_slist_append copies the string; on failure the old list stays valid.
        line.withCString { slistAppendC(list, $0) } ?? list
    }
    func getInfoLong(_ handle: Handle, _ info: Int32, _ value: inout Int) -> Int32 {
        withUnsafeMutablePointer(to: &value) { getinfoPointer(handle, info, UnsafeMutableRawPointer($0)) }
    }
    func errorText(_ code: Int32) -> String {
        easyStrerror(code).map { String(cString: $0) } ?? "unknown"
    }
}

struct CurlUnavailable: Error {
    let reason: String
}
#endif
