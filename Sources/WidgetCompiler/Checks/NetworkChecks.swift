import WidgetSupport
import WidgetTemplates
import WidgetTime
import WidgetcRuntimeCore

/// URL data sources (spec network-data.md, Validation): templates over `param.*`
/// only (`request-template`), `https:` unless `insecure: true`
/// (`request-insecure`), a host (`request-url`), a timeout of at most 60s
/// (`request-timeout`), a body only with POST (`request-body`), no line break
/// in a header (`request-header`), and a warning when the rule would make more
/// than 96 requests a day (`request-rate`).
func checkURLSources(_ data: [WidgetDefinition.DataSource], timeline: WidgetDefinition.Timeline?, scope: VariableScope, _ context: inout CheckContext) {
    var daily: [(name: String, count: Int, every: Int64)] = []
    var firstURL: (node: SourceNode, name: String, path: [String])?
    // Only the URL sources bound (by index), and the reload interval worked out at the first:
    // binding every source copied it, each of its nodes retained (callgrind).
    var reloadEstimate: Int64?? = nil
    for i in data.indices where data[i].request != nil {
        let source = data[i]
        let request = source.request!
        if reloadEstimate == nil { reloadEstimate = .some(timeline == nil ? nil : RequestRate.reloadInterval(timeline!)) }
        let reload = reloadEstimate!
        let url = request.url
        let name = source.name
        let base = ["data", name]
        if firstURL == nil { firstURL = (url, name, request.urlPath) }
        checkRequestTemplate(url, base + request.urlPath, source: name, scope: scope, secrets: false, &context)
        checkCredentialLiterals(in: url, base + request.urlPath, source: name, form: .query, &context)
        if let text = url.string {
            let lower = text.lowercased()
            if lower.hasPrefix("http://"), request.insecure != true {
                context.error(.requestInsecure, "data source '\(name)': '\(text)' is plain HTTP, which App Transport Security refuses; use https:// or say insecure: true", at: url, base + request.urlPath)
            } else if let scheme = ["https://", "http://"].first(where: lower.hasPrefix) {
                let rest = text.dropFirst(scheme.count)
                let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                if host.isEmpty || host.hasPrefix(":") || host.contains(" ") {
                    context.error(.requestUrl, "data source '\(name)': '\(text)' has no host name after \(scheme)", at: url, base + request.urlPath)
                }
            }
        }
        let method = request.method?.value ?? "GET"
        if let body = request.body {
            if method != "POST" {
                context.error(.requestBody, "data source '\(name)': a body is sent with POST only; add method: POST or remove the body", at: body, base + ["body"])
            }
            checkRequestTemplate(body, base + ["body"], source: name, scope: scope, secrets: true, &context)
            checkCredentialLiterals(in: body, base + ["body"], source: name, form: .body, &context)
        }
        for (key, value) in request.headers {
            if let text = value.string, text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                context.error(.requestHeader, "data source '\(name)': header '\(key)' has a line break, which would end the header", at: value, base + ["headers", key])
            }
            checkRequestTemplate(value, base + ["headers", key], source: name, scope: scope, secrets: true, &context)
            checkCredentialLiterals(in: value, base + ["headers", key], source: name, form: .header(key), &context)
        }
        // Each duration parsed once, kept for lowering (its form is the schema's to report).
        func seconds(_ node: SourceNode?) -> Int64? {
            guard let node, let text = node.string, let seconds = try? DurationParser.parse(text) else { return nil }
            context.record(.seconds(seconds), for: node)
            return seconds
        }
        if let timeout = request.timeout, let seconds = seconds(timeout) {
            if seconds > 60 || seconds < 1 {
                context.error(.requestTimeout, "data source '\(name)': timeout \(timeout.string ?? "") is \(seconds < 1 ? "under 1s" : "over 60s"); a request waits 1s to 60s", at: timeout, base + ["timeout"])
            }
        }
        let maxAge = seconds(request.maxAge) ?? 0
        if request.stale?.string != "forever" { _ = seconds(request.stale) }
        _ = seconds(request.retry)
        if let reload {
            // A kept answer serves the reloads until it is maxAge old.
            let every = maxAge <= reload ? reload : (maxAge + reload - 1) / reload * reload
            daily.append((name, Int((86_400 + every - 1) / every), every))
        }
    }
    let total = daily.reduce(0) { $0 + $1.count }
    if total > 96, let firstURL {
        let each = daily.map { "'\($0.name)' every \(DurationText.string(seconds: $0.every))" }.joined(separator: ", ")
        context.warning(.requestRate, "this widget would make \(total) requests a day (\(each)), more than 96: the load of every device on the server; reload less often or raise maxAge", at: firstURL.node, ["data", firstURL.name] + firstURL.path)
    }
}

/// The variables a request's templates have beside `param`, `data` and `let`: `request.date` and `request.day`.
enum RequestVariables {
    static let fields = ["date", "day"]
}

/// A template of a request (`url`, a header, `body`): it may name `param.*`, `data.*` (another
/// source: files and settings are read first, URL sources in dependency order), `let.*` (a let
/// computed once per reload), `request.date` and `request.day`, never the entry's.
/// `secrets`: whether `secret.NAME` may be used (headers and body; never the URL, which logs,
/// warnings and `--record` show).
private func checkRequestTemplate(_ node: SourceNode, _ pointer: [String], source: String, scope: VariableScope, secrets: Bool, _ context: inout CheckContext) {
    guard let text = node.string, text.contains("{{") else { return }
    var problems: [(code: DiagnosticCode, message: String, offset: Int)] = []
    do {
        try Template.scanNames(text) { name in
            guard name.componentCount > 0 else {
                problems.append((.requestTemplate, "data source '\(source)': '.' cannot be used in a request; only param.* can", name.offset))
                return
            }
            if name.component(0, is: "secret") {
                if !secrets {
                    problems.append((.requestSecret, "data source '\(source)': '\(name.name)' cannot be in the URL, which logs and recordings show; send it in a header or the body", name.offset))
                } else if name.componentCount != 2 || !SecretNames.isValid(name.component(1)) {
                    problems.append((.requestSecret, "data source '\(source)': '\(name.name)' is not a secret's name: expected secret.NAME, NAME made of letters, digits and _ (the container file secrets/NAME)", name.offset))
                }
                return
            }
            // The request date, and what the reload has before the request: parameters, the data
            // (files, settings, other URL sources' answers) and the lets computed once per reload.
            if name.component(0, is: "request") {
                if name.componentCount != 2 || !RequestVariables.fields.contains(name.component(1)) {
                    let field = name.componentCount > 1 ? name.component(1) : ""
                    let hint = Suggest.hint(for: field, among: RequestVariables.fields)
                    problems.append((.unknownVariable, "data source '\(source)': '\(name.name)' is not a request variable\(hint); request has date (the reload's instant) and day (its local day, YYYY-MM-DD)", name.offset))
                }
                return
            }
            guard name.component(0, is: "param") || name.component(0, is: "data") || name.component(0, is: "let") else {
                problems.append((.requestTemplate, "data source '\(source)': '\(name.name)' cannot be used in a request; param.*, data.*, let.*, request.date and request.day can (a request is made before any entry exists)", name.offset))
                return
            }
            if name.component(0, is: "data"), name.componentCount >= 2, name.component(1, equals: source) {
                problems.append((.requestTemplate, "data source '\(source)': '\(name.name)' is this source's own answer, which its request cannot read; keep the last answer with stale: or name another source", name.offset))
                return
            }
            if let problem = scope.problem(with: name, place: .timeline) { problems.append((.unknownVariable, "data source '\(source)': \(problem)", name.offset)) }
        }
    } catch {
        context.error(.templateSyntax, "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
        return
    }
    for p in problems {
        context.error(p.code, p.message, at: context.location(inside: node, offset: p.offset), pointer)
    }
}

/// How often a widget's rule reloads, estimated from the definition as written
/// (docs/network-data-notes.md): nil when a template decides it.
enum RequestRate {
    // Not optional (callers unwrap in place): binding an optional timeline copied it, retaining
    // each of its nodes, twice a file of bench/validate's corpus (this and the data sources read
    // in place in the checks: ~50 fewer retains and releases a file, callgrind).
    static func reloadInterval(_ timeline: WidgetDefinition.Timeline) -> Int64? {
        func seconds(_ node: SourceNode?) -> Int64?? {
            guard let node else { return .some(nil) }
            guard let text = node.string, let s = try? DurationParser.parse(text.hasPrefix("+") ? String(text.dropFirst()) : text) else { return nil }
            return .some(s)
        }
        let minimum: Int64 = 300  // WidgetKit's (and widgetc run's default) minimum spacing
        switch timeline.policy?.value {
        case .word("never"): return 86_400
        case .after(let after?):
            guard let s = seconds(after), let s else { return nil }  // an instant or a template: unknown
            return max(s, minimum)
        default: break
        }
        guard let horizonSeconds = seconds(timeline.horizon) else { return nil }
        let horizon = horizonSeconds ?? 86_400
        // The first member of each rule's name counts, as a lookup by key finds it.
        // One pass over the rules in place: `contains(where:)` and `firstIndex(where:)` copied each
        // rule entry (4 copies a widget of bench/validate's corpus, callgrind).
        var (hourly, once, every) = (false, false, nil as Int?)
        for k in timeline.rules.indices {
            switch timeline.rules[k].name {
            case .hourly: hourly = true
            case .once: once = true
            case .every: if every == nil { every = k }
            default: break
            }
        }
        var step: Int64?
        if hourly { step = 3_600 }
        if let every {
            guard let s = seconds(timeline.rules[every].node), let s else { return nil }
            step = s
        }
        if once { return 86_400 }
        guard let step, step > 0 else { return max(horizon, minimum) }
        // `maxEntries` as written may be any number (1e30, -1e30, a fraction: the schema reports
        // those); bounded here so that neither the conversion nor the product can trap.
        let written = timeline.maxEntries ?? 200
        let maxEntries = written.isFinite ? Int64(min(max(written, 0), 1e9)) : 200
        // atEnd: the reload comes at the last entry.
        let (product, overflow) = max(maxEntries - 1, 0).multipliedReportingOverflow(by: step)
        let span = overflow ? horizon : min(horizon, product)
        return max(span > 0 ? span : step, minimum)
    }
}

/// A URL source that fails with nothing to stand in shows the placeholder: without `stale`,
/// `retry` or placeholder text for the content fields that read the source, those fields are
/// blank until the next reload (`request-fallback`, a warning that names them).
func checkURLFallbacks(_ definition: WidgetDefinition, _ context: inout CheckContext) {
    guard let content = definition.content, content.isMapping else { return }
    // Only the URL sources bound (by index): binding every source copied it.
    for i in definition.data.indices where definition.data[i].request != nil {
        let source = definition.data[i]
        guard let request = source.request, request.stale == nil, request.retry == nil else { continue }
        let reading = (0..<content.count).filter { FieldNames.reads(content.child($0), source: source.name) }.map { content.key($0) }
        let covered = reading.filter { definition.placeholder?[$0] != nil }
        let blank = reading.filter { !covered.contains($0) }
        guard !blank.isEmpty else { continue }
        let fields = blank.map { "'\($0)'" }.joined(separator: ", ")
        let shown = definition.placeholder == nil
            ? "its placeholder, content with every tag empty: \(fields) blank"
            : "its placeholder, which has no \(fields): \(blank.count == 1 ? "that field is" : "those fields are") blank"
        context.warning(
            .requestFallback,
            "data source '\(source.name)' has no fallback: when its request fails (no connection, a time-out, HTTP 503) the widget shows \(shown) until the next reload; add placeholder text for \(blank.count == 1 ? "it" : "them"), stale: (keep showing the last answer) or retry: (ask again soon)",
            at: request.url, ["data", source.name] + request.urlPath)
    }
}

/// A request is made only at a reload. When the timeline's implicit `atEnd` reloads far less
/// often than a source's `maxAge` or the rule's interval suggest (`every: 30m` over the default
/// 24 h horizon reloads once a day), the source is fetched at the reload interval, not at
/// theirs (`request-cadence`, a warning naming both and the policy that fetches as meant).
func checkFetchCadence(_ definition: WidgetDefinition, _ context: inout CheckContext) {
    // Without a URL source there is nothing to fetch: the reload interval is not worked out.
    guard definition.data.indices.contains(where: { definition.data[$0].request != nil }) else { return }
    guard definition.timeline != nil, definition.timeline!.policy == nil, let reload = RequestRate.reloadInterval(definition.timeline!) else { return }
    let step: Int64? = definition.timeline!.rules.first.flatMap { rule in
        switch rule.name {
        case .hourly: 3_600
        case .every: rule.node.string.flatMap { try? DurationParser.parse($0) }
        default: nil
        }
    }
    for i in definition.data.indices where definition.data[i].request != nil {
        let source = definition.data[i]
        let request = source.request!
        let maxAge = request.maxAge?.string.flatMap { try? DurationParser.parse($0) }
        // What the author likely meant: a fresh answer once maxAge has passed, else at each entry of the rule.
        let (meant, because): (Int64, String)
        if let maxAge, maxAge > 0 {
            (meant, because) = (max(maxAge, 300), "maxAge: \(DurationText.string(seconds: maxAge))")
        } else if let step {
            (meant, because) = (max(step, 300), "the rule's entries every \(DurationText.string(seconds: step))")
        } else {
            continue
        }
        guard reload >= 4 * meant else { continue }
        let every = reload == 86_400 ? "24h" : DurationText.string(seconds: reload), wanted = DurationText.string(seconds: meant)
        context.warning(
            .requestCadence,
            "data source '\(source.name)' is fetched once every \(every), not as \(because) suggests: a request is made only at a reload, and this timeline reloads at its end, every \(every); to fetch every \(wanted) add policy: { after: \(wanted) } to the timeline",
            at: request.maxAge ?? request.url, ["data", source.name] + (request.maxAge == nil ? request.urlPath : ["maxAge"]))
    }
}

/// Which data a content field's templates read.
enum FieldNames {
    /// Whether `node` (a string, or strings inside, up to a sane depth) names `data.SOURCE`.
    static func reads(_ node: SourceNode, source: String, depth: Int = 0) -> Bool {
        guard depth < 32 else { return false }
        switch node.kind {
        case .string:
            guard let text = node.string, text.contains("{{") else { return false }
            var found = false
            _ = try? Template.scanNames(text) { name in
                if name.component(0, is: "data"), name.componentCount > 1, name.component(1, equals: source) { found = true }
            }
            return found
        case .array, .object:
            return (0..<node.count).contains { reads(node.child($0), source: source, depth: depth + 1) }
        default:
            return false
        }
    }
}

/// A secret's name: it is also a file name in the container (`secrets/NAME`).
enum SecretNames {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}

/// Where a literal sits in a request: a header's value, the URL's query, a body.
enum RequestPart {
    case header(String)
    case query
    case body
}

/// A literal in a request that looks like a credential (`request-credential`, a warning): a plan
/// ships in cleartext inside the app, so an API key written in the YAML is anyone's who unzips
/// it. The value is never echoed in full: its first four characters and its length.
func checkCredentialLiterals(in node: SourceNode, _ pointer: [String], source: String, form: RequestPart, _ context: inout CheckContext) {
    guard let text = node.string else { return }
    for (key, offset, value) in CredentialShape.candidates(text, form) where CredentialShape.looksLikeCredential(key: key, value: value) {
        let shown = String(value.prefix(4)) + "…"
        let place: String
        switch form {
        case .header(let name): place = "header '\(name)'"
        case .query: place = "the URL's query parameter '\(key)'"
        case .body: place = "the body's '\(key)'"
        }
        let suggestion = SecretNames.isValid(key.replacingOccurrences(of: "-", with: "_")) ? key.replacingOccurrences(of: "-", with: "_") : "token"
        // A header's value is the whole scalar: at its start; a query's or body's pair inside it.
        let location: SourceLocation
        if case .header = form { location = node.location } else { location = context.location(inside: node, offset: offset) }
        context.warning(
            .requestCredential,
            "data source '\(source)': \(place) holds a literal that looks like a credential ('\(shown)', \(value.count) characters); a plan ships in cleartext inside the app: have the app write it to the container file secrets/\(suggestion) and use {{secret.\(suggestion)}} in a header or the body",
            at: location, pointer)
    }
}

/// What looks like a credential, from the key that names it and the value's shape.
enum CredentialShape {
    /// Header names and parameter keys that hold credentials.
    static let credentialKeys: Set<String> = [
        "authorization", "proxy-authorization", "x-api-key", "api-key", "apikey", "api_key", "x-auth-token", "x-access-token",
        "access_token", "access-token", "token", "auth", "auth_token", "key", "secret", "client_secret", "client-secret",
        "password", "passwd", "x-token", "cookie", "private_key", "signature", "sig",
    ]

    /// `(key, byte offset of the value in text, value)` for each literal to judge.
    static func candidates(_ text: String, _ form: RequestPart) -> [(String, Int, String)] {
        switch form {
        case .header(let name):
            return text.containsWord("{{") ? [] : [(name.lowercased(), 0, text)]
        case .query:
            guard let q = text.utf8.firstIndex(of: UInt8(ascii: "?")) else { return [] }
            let start = text.utf8.distance(from: text.utf8.startIndex, to: q) + 1
            return pairs(String(text[text.index(after: q)...]), base: start, separator: "&")
        case .body:
            return pairs(text, base: 0, separator: "&")
        }
    }

    /// `name=value` pairs whose value is literal (no template tag).
    private static func pairs(_ text: String, base: Int, separator: Character) -> [(String, Int, String)] {
        if let separator = separator.asciiValue, let found = asciiPairs(text, base: base, separator: separator) { return found }
        var result: [(String, Int, String)] = []
        var offset = base
        for part in text.split(separator: separator, omittingEmptySubsequences: false) {
            defer { offset += part.utf8.count + 1 }
            guard let eq = part.firstIndex(of: "=") else { continue }
            let key = String(part[..<eq]).lowercased()
            let value = String(part[part.index(after: eq)...].prefix { $0 != "#" })
            guard !value.isEmpty, !value.containsWord("{{"), !key.containsWord("{{") else { continue }
            result.append((key, offset + part[..<eq].utf8.count + 1, value))
        }
        return result
    }

    /// `pairs` of ASCII text, split by its bytes (the same parts: no byte of ASCII text is part of
    /// another's Character but CR LF's): `split` walked it by Characters (with the length test in
    /// `looksLikeCredential`, checkURLSources 6.0 M -> 3.6 M instructions on 300 files of
    /// bench/validate's examples shape, callgrind). Nil for other text.
    private static func asciiPairs(_ text: String, base: Int, separator: UInt8) -> [(String, Int, String)]? {
        let found = text.utf8.withContiguousStorageIfAvailable { b -> [(String, Int, String)]? in
            guard b.isASCII else { return nil }
            var result: [(String, Int, String)] = []
            var start = 0
            while start <= b.count {
                var end = start
                while end < b.count, b[end] != separator { end += 1 }
                defer { start = end + 1 }
                guard let eq = (start..<end).first(where: { b[$0] == UInt8(ascii: "=") }) else { continue }
                var valueEnd = eq + 1
                while valueEnd < end, b[valueEnd] != UInt8(ascii: "#") { valueEnd += 1 }
                let key = String(decoding: UnsafeBufferPointer(rebasing: b[start..<eq]), as: UTF8.self).lowercased()
                let value = String(decoding: UnsafeBufferPointer(rebasing: b[(eq + 1)..<valueEnd]), as: UTF8.self)
                guard !value.isEmpty, !value.containsWord("{{"), !key.containsWord("{{") else { continue }
                result.append((key, base + eq + 1, value))
            }
            return result
        }
        return found ?? nil
    }

    /// Words that make a key a credential's wherever they are in it.
    private static let namingWords: [StaticString] = ["token", "secret", "apikey", "api-key", "api_key", "password"]

    static func looksLikeCredential(key: String, value: String) -> Bool {
        // Every shape below needs 8 characters or more (so 8 bytes or more).
        guard value.utf8.count >= 8 else { return false }
        let lower = value.lowercased()
        for scheme in ["bearer ", "basic ", "token ", "digest "] where lower.hasPrefix(scheme) {
            return value.count - scheme.count >= 8
        }
        // Prefixes of well-known keys (Stripe, GitHub, Slack, AWS, Google).
        for prefix in ["sk_live_", "sk_test_", "rk_live_", "ghp_", "gho_", "github_pat_", "xoxb-", "xoxp-", "akia", "aiza"] where lower.hasPrefix(prefix) {
            return value.count >= prefix.count + 8
        }
        let named = credentialKeys.contains(key) || Self.namingWords.contains { key.containsWord($0) }
        if named { return value.count >= 8 }
        return isRandomLooking(value)
    }

    /// A long run of letters and digits mixed (a key, not a word or a number).
    static func isRandomLooking(_ value: String) -> Bool {
        guard value.count >= 24 else { return false }
        var letters = 0, digits = 0
        for scalar in value.unicodeScalars {
            if ("0"..."9").contains(scalar) { digits += 1 }
            else if scalar.isASCII && scalar.properties.isAlphabetic { letters += 1 }
            else if !"-_+/=.".unicodeScalars.contains(scalar) { return false }
        }
        return letters >= 8 && digits >= 4
    }
}

extension String {
    /// Whether the text holds `word`, as `contains` answers: for ASCII text by its bytes, where
    /// `contains` (Foundation's `range(of:)`, the one these checks reach) cost about 4.5 k
    /// instructions a call (URL source checks 9.1 M -> 6.4 M on 300 files of bench/validate's
    /// examples shape, callgrind); other text still asks it.
    fileprivate func containsWord(_ word: StaticString) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { text -> Bool? in
            guard text.isASCII else { return nil }
            let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard !w.isEmpty, w.count <= text.count else { return false }
            for start in 0...(text.count - w.count) where sameBytes(text.baseAddress! + start, w.baseAddress!, count: w.count) {
                return true
            }
            return false
        }
        if let found, let found { return found }
        return contains(word.description)
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let requestBody = DiagnosticCode("request-body")
    package static let requestCadence = DiagnosticCode("request-cadence", .warning)
    package static let requestCredential = DiagnosticCode("request-credential", .warning)
    package static let requestFallback = DiagnosticCode("request-fallback", .warning)
    package static let requestHeader = DiagnosticCode("request-header")
    package static let requestInsecure = DiagnosticCode("request-insecure")
    package static let requestRate = DiagnosticCode("request-rate", .warning)
    package static let requestSecret = DiagnosticCode("request-secret")
    package static let requestTemplate = DiagnosticCode("request-template")
    package static let requestTimeout = DiagnosticCode("request-timeout")
    package static let requestUrl = DiagnosticCode("request-url")
}
