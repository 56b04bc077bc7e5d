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
    var firstURL: (node: SourceNode, name: String)?
    let reload = RequestRate.reloadInterval(timeline)
    for source in data {
        guard let request = source.request else { continue }
        let url = request.url
        let name = source.name
        let base = ["data", name]
        if firstURL == nil { firstURL = (url, name) }
        checkRequestTemplate(url, base + ["url"], source: name, scope: scope, &context)
        if let text = url.string {
            let lower = text.lowercased()
            if lower.hasPrefix("http://"), request.insecure != true {
                context.error("request-insecure", "data source '\(name)': '\(text)' is plain HTTP, which App Transport Security refuses; use https:// or say insecure: true", at: url, base + ["url"])
            } else if let scheme = ["https://", "http://"].first(where: lower.hasPrefix) {
                let rest = text.dropFirst(scheme.count)
                let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                if host.isEmpty || host.hasPrefix(":") || host.contains(" ") {
                    context.error("request-url", "data source '\(name)': '\(text)' has no host name after \(scheme)", at: url, base + ["url"])
                }
            }
        }
        let method = request.method?.value ?? "GET"
        if let body = request.body {
            if method != "POST" {
                context.error("request-body", "data source '\(name)': a body is sent with POST only; add method: POST or remove the body", at: body, base + ["body"])
            }
            checkRequestTemplate(body, base + ["body"], source: name, scope: scope, &context)
        }
        for (key, value) in request.headers {
            if let text = value.string, text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                context.error("request-header", "data source '\(name)': header '\(key)' has a line break, which would end the header", at: value, base + ["headers", key])
            }
            checkRequestTemplate(value, base + ["headers", key], source: name, scope: scope, &context)
        }
        if let timeout = request.timeout, let text = timeout.string, let seconds = try? DurationParser.parse(text) {
            if seconds > 60 || seconds < 1 {
                context.error("request-timeout", "data source '\(name)': timeout \(text) is \(seconds < 1 ? "under 1s" : "over 60s"); a request waits 1s to 60s", at: timeout, base + ["timeout"])
            }
        }
        if let reload {
            let maxAge = request.maxAge?.string.flatMap { try? DurationParser.parse($0) } ?? 0
            // A kept answer serves the reloads until it is maxAge old.
            let every = maxAge <= reload ? reload : (maxAge + reload - 1) / reload * reload
            daily.append((name, Int((86_400 + every - 1) / every), every))
        }
    }
    let total = daily.reduce(0) { $0 + $1.count }
    if total > 96, let firstURL {
        let each = daily.map { "'\($0.name)' every \(DurationText.string(seconds: $0.every))" }.joined(separator: ", ")
        context.warning("request-rate", "this widget would make \(total) requests a day (\(each)), more than 96: the load of every device on the server; reload less often or raise maxAge", at: firstURL.node, ["data", firstURL.name, "url"])
    }
}

/// A template of a request (`url`, a header, `body`): it may name `param.*` only,
/// because the request is made before any data or entry exists.
private func checkRequestTemplate(_ node: SourceNode, _ pointer: [String], source: String, scope: VariableScope, _ context: inout CheckContext) {
    guard let text = node.string, text.contains("{{") else { return }
    var problems: [(code: String, message: String, offset: Int)] = []
    do {
        try Template.scanNames(text) { name in
            guard name.componentCount > 0 else {
                problems.append(("request-template", "data source '\(source)': '.' cannot be used in a request; only param.* can", name.offset))
                return
            }
            guard name.component(0, is: "param") else {
                problems.append(("request-template", "data source '\(source)': '\(name.name)' cannot be used in a request; only param.* can (a request is made before any data or entry exists)", name.offset))
                return
            }
            if let problem = scope.problem(with: name, place: .timeline) { problems.append(("unknown-variable", "data source '\(source)': \(problem)", name.offset)) }
        }
    } catch {
        context.error("template-syntax", "template: \(error.message)", at: context.location(inside: node, offset: error.offset), pointer)
        return
    }
    for p in problems {
        context.error(p.code, p.message, at: context.location(inside: node, offset: p.offset), pointer)
    }
}

/// How often a widget's rule reloads, estimated from the definition as written
/// (docs/network-data-notes.md): nil when a template decides it.
enum RequestRate {
    static func reloadInterval(_ timeline: WidgetDefinition.Timeline?) -> Int64? {
        guard let timeline else { return nil }
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
        let rules = timeline.rules
        var step: Int64?
        if rules.contains(where: { $0.name == .hourly }) { step = 3_600 }
        if let every = rules.firstIndex(where: { $0.name == .every }) {
            guard let s = seconds(rules[every].node), let s else { return nil }
            step = s
        }
        if rules.contains(where: { $0.name == .once }) { return 86_400 }
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
