import WidgetSupport
import WidgetTemplates
import WidgetTime

/// A URL data source, compiled (spec network-data.md): fetched at each reload
/// through the context's `DataFetcher`, its answer kept in the context's
/// `ResponseStore` for `maxAge` and `stale`.
package struct URLSource: Sendable {
    let name: String
    let url: Template
    let method: String
    let headers: [(name: String, value: Template)]
    let body: Template?
    let timeout: Int64
    let maxAge: Int64
    /// `forever` is `URLSource.forever`.
    let stale: Int64
    let retry: Int64?
    /// The tokens of `select` (empty: the whole body), and the pointer as written.
    let select: [String]
    let selectText: String
    let insecure: Bool
    /// The secrets its header and body templates name (`secret.NAME`), read before each request.
    let secrets: [String]
    /// `fallback`: the sources whose value stands in, the first that has one, when this one has
    /// none (a failed request and no kept answer).
    package var fallback: [String] = []
    /// What a successful answer is: JSON (`select`ed), or a remote image's bytes (`image:`).
    package var answer: Answer = .json

    package enum Answer: String, Sendable {
        case json
        /// A PNG or JPEG written into the container; `data.NAME` is `{file, width, height}`.
        case image
    }

    package init(
        name: String, url: Template, method: String, headers: [(name: String, value: Template)], body: Template?, timeout: Int64,
        maxAge: Int64, stale: Int64, retry: Int64?, select: [String], selectText: String, insecure: Bool
    ) {
        self.name = name
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxAge = maxAge
        self.stale = stale
        self.retry = retry
        self.select = select
        self.selectText = selectText
        self.insecure = insecure
        var secrets: [String] = []
        for template in headers.map(\.value) + (body.map { [$0] } ?? []) {
            _ = try? Template.scanNames(template.source) { name in
                if name.componentCount == 2, name.component(0, is: "secret"), !secrets.contains(name.component(1)) {
                    secrets.append(name.component(1))
                }
            }
        }
        self.secrets = secrets
    }

    /// The request for a reload: templates rendered over `param.*`, the URL
    /// percent-encoded where it must be; or why no request can be made.
    func request(_ scope: RequestScope, at date: Instant, secret: (String) -> Result<String, RequestProblem.Secret>) -> Result<FetchRequest, RequestProblem> {
        let rendered = url.renderString(scope)
        guard let encoded = URLText.encoded(rendered) else {
            return .failure(RequestProblem(url: rendered, reason: "'\(rendered)' is not a URL"))
        }
        if !insecure, encoded.lowercased().hasPrefix("http:") {
            return .failure(RequestProblem(url: encoded, reason: "plain HTTP is refused without insecure: true (App Transport Security)"))
        }
        // Headers and body see `secret.*` beside the request's names (never the URL, which is logged).
        var values = JSONObject()
        for name in secrets {
            switch secret(name) {
            case .success(let value): values[name] = .string(value)
            case .failure(let problem): return .failure(RequestProblem(url: encoded, reason: problem.reason))
            }
        }
        let scope = SecretScope(request: scope, secret: .object(values))
        var fields: [HTTPHeader] = []
        for (name, template) in headers {
            let value = template.renderString(scope)
            if value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                return .failure(RequestProblem(url: encoded, reason: "header '\(name)' has a line break"))
            }
            fields.append(HTTPHeader(name: name, value: value))
        }
        return .success(FetchRequest(
            source: name, url: encoded, method: method, headers: fields, body: body.map { Array($0.renderString(scope).utf8) },
            timeout: timeout, date: date))
    }

    /// The value an answer gives `data.NAME`, or why it gives none.
    func value(of result: FetchResult) -> (value: JSONValue?, status: Int?, error: String?) {
        switch result {
        case .failure(let reason):
            return (nil, nil, reason)
        case .response(let status, let body):
            guard (200...299).contains(status) else { return (nil, status, "HTTP \(status)") }
            guard body.count <= FetchReason.maximumBodyBytes else {
                return (nil, status, "body is over 1 MiB (\(body.count) bytes)")
            }
            let json: JSONValue
            do throws(SourceError) { json = try JSONReader.parse(bytes: body).json } catch {
                return (nil, status, "body is not JSON (line \(error.location.line), column \(error.location.column))")
            }
            guard let selected = json.value(at: select) else {
                return (nil, status, "no \(selectText) in the body")
            }
            return (selected, status, nil)
        }
    }
}

extension URLSource {
    /// `stale: forever`: the last success however old.
    package static let forever = Int64.max
}

extension FetchRequest {
    /// What makes two requests the same one (a kept answer is `cached` only for the same).
    var identity: String {
        method + " " + url + (body.map { "\n" + String(decoding: $0, as: UTF8.self) } ?? "")
    }
}

/// Why a source's request could not even be made (a rendered value that breaks it).
struct RequestProblem: Error {
    let url: String
    let reason: String

    /// A secret that cannot be read, in words that never hold its value.
    struct Secret: Error {
        let reason: String
    }
}

/// The request's names and `secret.*`.
private struct SecretScope: TemplateScope {
    let request: RequestScope
    let secret: JSONValue

    func lookup(_ name: String) -> JSONValue? {
        name == "secret" ? secret : request.lookup(name)
    }
}

/// Where header and body templates find `secret.NAME` on a device: by default the container
/// file `secrets/NAME` the app writes (its text, one final line break removed). An app that
/// keeps a token in the Keychain passes its own reader (a generic password item it shares with
/// the extension through a keychain access group); nil from it falls back to the file.
public protocol SecretSource: Sendable {
    /// The secret's value, or nil when this source has none.
    func secret(named name: String) -> String?
}

extension TimelineContext {
    /// `secret.NAME`: the context's source, else the container file `secrets/NAME`.
    func secret(_ name: String) -> Result<String, RequestProblem.Secret> {
        if let value = secrets?.secret(named: name) { return .success(value) }
        let path = "secrets/" + name
        switch container.read(path) {
        case .found(let bytes):
            var text = String(decoding: bytes, as: UTF8.self)
            if text.last?.isNewline == true { text.removeLast() }  // "\r\n" is one Character
            guard !text.isEmpty else { return .failure(.init(reason: "secret '\(name)' is empty (container file \(path))")) }
            return .success(text)
        case .missing: return .failure(.init(reason: "secret '\(name)' is missing (container file \(path))"))
        case .refused(let refusal): return .failure(.init(reason: "secret '\(name)': container file \(refusal)"))
        case .unreadable(let why): return .failure(.init(reason: "secret '\(name)' cannot be read (container file \(path)): \(why)"))
        }
    }
}

/// URL text as iOS 17's `URL(string:)` takes it: characters a URL may not hold
/// (spaces, controls, non-ASCII, `"<>\^`{|}`) percent-encoded; nil unless it
/// is `http` or `https` with a host.
enum URLText {
    static func encoded(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            let bad = byte <= 0x20 || byte >= 0x7F || "\"<>\\^`{|}".utf8.contains(byte)
            if bad {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
        let url = String(decoding: out, as: UTF8.self)
        let lower = url.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") { rest = url.dropFirst(8) } else if lower.hasPrefix("http://") { rest = url.dropFirst(7) } else { return nil }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard !host.isEmpty, !host.hasPrefix(":"), !host.contains("%") else { return nil }
        return url
    }
}

/// A reload's URL sources before their answers: each one's request, or why none is made, or
/// the kept answer that stands for it. Rendering (`prepareURLSources`) and applying the answers
/// (`applyURLSources`) are the same whoever sends the requests: one after another (a run's
/// scripted network) or all at once (`fetchConcurrently`, the device).
package struct URLRound {
    enum Step {
        case problem(URLSource, RequestProblem)
        /// The kept answer and when it was fetched.
        case cached(URLSource, FetchRequest, JSONValue, fetched: Instant)
        /// `answer` indexes `requests`.
        case fetch(URLSource, FetchRequest, key: ResponseStore.Key, kept: ResponseStore.Kept?, answer: Int)
    }

    var steps: [Step] = []
    /// The requests to send, in the order the widget declares its sources.
    package var requests: [FetchRequest] = []

    /// Each request through a blocking fetcher, in order.
    package func fetchInOrder(_ fetcher: any DataFetcher) -> [FetchResult] {
        requests.map { fetcher.fetch($0) }
    }

    /// Every request at once, each answer at its request's index. A request still unanswered at
    /// `deadline` (the time the extension allows the reload) or when the calling task is
    /// cancelled is cancelled too (the fetcher must honour task cancellation, as URLSession
    /// does) and fails with `FetchReason.deadline` or `FetchReason.cancelled`.
    package func fetchConcurrently(_ fetcher: any AsyncDataFetcher, deadline: Duration) async -> [FetchResult] {
        guard !requests.isEmpty else { return [] }
        let requests = self.requests
        var answers = [FetchResult?](repeating: nil, count: requests.count)
        var deadlinePassed = false
        await withTaskGroup(of: (Int, FetchResult)?.self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, await fetcher.fetch(request)) }
            }
            // The deadline's timer: nil when it fires, or when the group is cancelled (all answered).
            group.addTask {
                do { try await Task.sleep(for: deadline) } catch { return nil }
                return (-1, .failure(FetchReason.deadline(deadline)))
            }
            var remaining = requests.count
            while let next = await group.next() {
                guard let (index, result) = next else { continue }
                if index < 0 {
                    deadlinePassed = true
                    group.cancelAll()
                    continue
                }
                answers[index] = result
                remaining -= 1
                if remaining == 0 { group.cancelAll() }
            }
        }
        let cancelled = Task.isCancelled
        // A request cut short answers in the words of what cut it.
        let cut = FetchResult.failure(deadlinePassed && !cancelled ? FetchReason.deadline(deadline) : FetchReason.cancelled)
        return zip(requests, answers).map { request, answer in
            guard let answer, answer != .failure(FetchReason.cancelled) else { return cut }
            // A request whose own timeout is no shorter than the deadline cannot time out first on
            // time: when it does, the deadline's timer was waiting for a cooperative thread (two
            // busy cores), and the answer is the deadline's, as it would have been on time.
            if !cancelled, Duration.seconds(request.timeout) >= deadline, answer == .failure(FetchReason.timedOut(request.timeout)) {
                return .failure(FetchReason.deadline(deadline))
            }
            return answer
        }
    }
}

extension CompiledWidget {
    /// Every URL source's request for this reload, rendered (templates over `param.*`), or the
    /// kept answer younger than its `maxAge`. Nothing is sent and nothing is logged yet.
    /// `only`: the sources of this round (indices into `urlSources`; nil: all); `scope`: what their
    /// templates read (nil: the parameters alone).
    func prepareURLSources(_ context: TimelineContext, only: [Int]? = nil, scope given: RequestScope? = nil) -> URLRound {
        var round = URLRound()
        guard !urlSources.isEmpty else { return round }
        let scope = given ?? requestScope(context, data: .object(JSONObject()))
        // The instance: every parameter's value as the instance holds it (defaults included, an
        // entity's chosen id), in declaration order.
        let instance = JSONWriter.string(.object(instanceParameters(context)))
        let now = context.date
        for source in only.map({ $0.map { urlSources[$0] } }) ?? urlSources {
            let request: FetchRequest
            switch source.request(scope, at: now, secret: context.secret) {
            case .success(let r): request = r
            case .failure(let problem):
                round.steps.append(.problem(source, problem))
                continue
            }
            let key = ResponseStore.Key(source: source.name, instance: instance)
            var kept: ResponseStore.Kept?
            switch context.responses?.value(for: key) ?? .none {
            case .none: break
            case .kept(let k): kept = k
            case .unreadable(let file, let reason):
                context.warn(code: "response-store", message: "data source '\(source.name)': the kept answer \(file) is unreadable (\(reason)); ignored")
            }
            // `cached` answers this very request; `stale` any earlier one of the instance.
            if let kept, kept.request == request.identity, source.maxAge > 0, now - kept.date < source.maxAge, now >= kept.date {
                round.steps.append(.cached(source, request, kept.value, fetched: kept.date))
                continue
            }
            round.steps.append(.fetch(source, request, key: key, kept: kept, answer: round.requests.count))
            round.requests.append(request)
        }
        return round
    }

    /// The answers put into `data` (or a kept answer, or nothing), each outcome recorded in the
    /// context's log in declaration order. Returns whether every source has a value, the
    /// earliest `retry` of a source that failed or was stale, and what templates and lets read
    /// as `source`: each source's `outcome` and `fetched` (the instant of the success shown, in
    /// the widget's zone; null when none is).
    func applyURLSources(
        _ round: URLRound, answers: [FetchResult], into data: inout JSONObject, _ context: TimelineContext, usedBytes: Int = 0
    ) -> (ok: Bool, retry: Int64?, sources: JSONObject, usedBytes: Int) {
        let now = context.date
        var used = usedBytes
        var ok = true
        var retry: Int64?
        var sources = JSONObject()
        func degraded(_ source: URLSource) {
            if let r = source.retry { retry = min(retry ?? r, r) }
        }
        func outcome(_ source: URLSource, _ outcome: NetworkRequest.Outcome, fetched: Instant?) {
            sources[source.name] = .object(JSONObject([
                ("outcome", .string(outcome.rawValue)), ("fetched", fetched.map { .string(zone.iso8601($0)) } ?? .null),
            ]))
        }
        /// `fallback`: the first of the sources it names that has a value stands in (`data-fallback`).
        func standIn(_ source: URLSource, reason: String) -> Bool {
            guard !source.fallback.isEmpty else { return false }
            guard let other = source.fallback.first(where: { data[$0] != nil }), let value = data[other] else {
                let names = source.fallback.map { "'\($0)'" }.joined(separator: ", ")
                context.warn(code: "data-fallback", message: "data source '\(source.name)': \(reason); its fallback \(names) has no value either")
                return false
            }
            data[source.name] = value
            context.warn(code: "data-fallback", message: "data source '\(source.name)': \(reason); showing data source '\(other)' instead (fallback)")
            return true
        }
        for step in round.steps {
            switch step {
            case let .problem(source, problem):
                context.log(NetworkRequest(source: source.name, url: problem.url, method: source.method, outcome: .failed, status: nil, error: problem.reason, sent: false))
                degraded(source)
                outcome(source, .failed, fetched: nil)
                if standIn(source, reason: problem.reason) { continue }
                context.warn(code: "data-fetch-failed", message: "data source '\(source.name)': \(problem.reason); showing the placeholder")
                ok = false
            case let .cached(source, request, value, fetched):
                data[source.name] = value
                outcome(source, .cached, fetched: fetched)
                context.log(NetworkRequest(source: source.name, url: request.url, method: request.method, outcome: .cached, status: nil, error: nil))
            case let .fetch(source, request, key, kept, index):
                var result = index < answers.count ? answers[index] : .failure(FetchReason.cancelled)
                if case .response(let status, let body) = result, (200...299).contains(status), body.count <= FetchReason.maximumBodyBytes {
                    used += body.count
                    if used > MemoryBudget.reloadBytes {
                        result = .failure("the answer brings the reload's data to \(used) bytes, over the \(MemoryBudget.reloadBytes) a reload may hold")
                    }
                }
                let (value, status, error) = source.answer == .image
                    ? imageValue(source, result, key: key, context) : source.value(of: result)
                if let value {
                    data[source.name] = value
                    if let problem = context.responses?.store(ResponseStore.Kept(request: request.identity, date: now, value: value), for: key) {
                        context.warn(code: "response-store", message: "data source '\(source.name)': \(problem); the answer is not kept")
                    }
                    context.log(NetworkRequest(source: source.name, url: request.url, method: request.method, outcome: .ok, status: status, error: nil))
                    outcome(source, .ok, fetched: now)
                    continue
                }
                let reason = error ?? "failed"
                degraded(source)
                if let kept, now - kept.date <= source.stale, now >= kept.date {
                    data[source.name] = kept.value
                    context.log(NetworkRequest(source: source.name, url: request.url, method: request.method, outcome: .stale, status: status, error: reason))
                    context.warn(code: "data-stale", message: "data source '\(source.name)': \(request.url): \(reason); showing an earlier answer (stale up to \(source.stale == URLSource.forever ? "forever" : DurationText.string(seconds: source.stale)))")
                    outcome(source, .stale, fetched: kept.date)
                    continue
                }
                context.log(NetworkRequest(source: source.name, url: request.url, method: request.method, outcome: .failed, status: status, error: reason))
                outcome(source, .failed, fetched: nil)
                if standIn(source, reason: "\(request.url): \(reason)") { continue }
                context.warn(code: "data-fetch-failed", message: "data source '\(source.name)': \(request.url): \(reason); showing the placeholder")
                ok = false
            }
        }
        return (ok, retry, sources, used)
    }

    /// Every URL source through the context's blocking fetcher, one after another, into `data`.
    func loadURLSources(into data: inout JSONObject, _ context: TimelineContext) -> (ok: Bool, retry: Int64?) {
        let round = prepareURLSources(context)
        let (ok, retry, _, _) = applyURLSources(round, answers: round.fetchInOrder(context.fetcher ?? NoNetwork()), into: &data, context)
        return (ok, retry)
    }

    /// The policy with `retry` applied: `after(now + retry)` when that comes before
    /// the reload the policy would give (the last entry's date for `atEnd`).
    func applyingRetry(_ retry: Int64?, to policy: ReloadPolicy, now: Instant, lastEntry: Instant?) -> ReloadPolicy {
        guard let retry else { return policy }
        let soon = now + retry
        switch policy {
        case .never: return .after(soon)
        case .after(let d): return soon < d ? .after(soon) : policy
        case .atEnd: return soon < (lastEntry ?? now) ? .after(soon) : policy
        }
    }
}

extension CompiledWidget {
    /// Each URL source's request once, at `date` (`widgetc fetch`), in the order a reload makes
    /// them (after the files, settings, lets and answers they read, from `container`): the outcome
    /// and the value `data.NAME` would get. A failure does not stop the others; nothing is kept.
    package func fetchOnce(
        at date: Instant, parameters: JSONObject, container: Container = Container(), fetcher: any DataFetcher
    ) -> [(request: NetworkRequest, value: JSONValue?, warnings: [RunWarning])] {
        let log = RequestLog()
        let warnings = WarningCollector()
        let context = TimelineContext(
            family: families[0], date: date, parameters: parameters, container: container, warnings: warnings, fetcher: fetcher, requests: log)
        var reload = Reload()
        beginReload(context, into: &reload)
        // Missing files: the sources that read them render what they can.
        if reload.files == nil { reload.files = JSONObject() }
        reload.continuesAfterFailure = true
        while let round = reload.nextRound(self, context) {
            reload.apply(round, answers: round.fetchInOrder(fetcher), self, context)
        }
        return log.requests.map { ($0, reload.files?[$0.source], warnings.warnings) }
    }
}
