import WidgetCompiler
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// `widgetc push KIND [PATH ...]`: the HTTP/2 request the app's server sends to APNs to reload
/// the widgets of a kind that has `push: true` (docs/pushes.md).
enum PushCommand {
    static let command = Command(
        name: "push",
        usage: "widgetc push [--app BUNDLE_ID] [--token HEX] [--sandbox] [--format text|json] KIND [PATH ...]",
        abstract: "Print the APNs request a server sends to reload a push widget (headers, topic, payload).",
        discussion: """
            KIND is found among the widgets in PATH (default widgets/) and must have push: true. The topic is \
            the app's bundle identifier followed by .push-type.widgets (--app; without it, APP_BUNDLE_ID stands \
            in). The device token is the one the generated push handler keeps in the app group container \
            (widgetc-push.json); --token fills it in. A push reloads every push widget of the app on that device.
            """,
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [
            OptionSpec("app", value: "BUNDLE_ID", help: "The app's bundle identifier (the topic is BUNDLE_ID.push-type.widgets)."),
            OptionSpec("token", value: "HEX", help: "The device's push token, in hexadecimal (default: DEVICE_TOKEN)."),
            OptionSpec("sandbox", help: "Use APNs' development server (api.sandbox.push.apple.com)."),
            OptionSpec("format", value: "text|json", help: "Output format (default text)."),
        ]
        let kind: String
        let paths: [String]
        /// nil: not given (the request then shows a stand-in).
        let app: String?
        let token: String?
        let sandbox: Bool
        let json: Bool

        init(_ args: ParsedArguments) throws(UsageError) {
            guard let kind = args.positional.first else {
                throw UsageError(message: "'push' needs a widget KIND, e.g. widgetc push com.example.stocks.pinned widgets/")
            }
            self.kind = kind
            paths = args.positional.count > 1 ? Array(args.positional.dropFirst()) : ["widgets"]
            let format = args.value("format") ?? "text"
            guard format == "text" || format == "json" else {
                throw UsageError(message: "--format '\(format)' is not a format of push; use text or json")
            }
            json = format == "json"
            token = args.value("token")
            if let token, token.isEmpty || token.count % 2 != 0 || !token.allSatisfy(\.isHexDigit) {
                throw UsageError(message: "--token '\(token)' is not a push token: an even number of hexadecimal digits, as the push handler writes it")
            }
            app = args.value("app")
            if let app, app.isEmpty || !app.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) {
                throw UsageError(message: "--app '\(app)' is not a bundle identifier (letters, digits, '.' and '-', such as com.example.stocks)")
            }
            sandbox = args.has("sandbox")
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let kind = options.kind, paths = options.paths
        let loaded: WidgetLoader.Loaded
        do { loaded = try WidgetLoader.load(paths: paths, defaultZone: ZoneRules.current, jobs: Jobs.count()) } catch {
            throw UsageError(message: error.description)
        }
        let renderer = DiagnosticRenderer(color: console.colorDiagnostics, lines: SourceLinesCache())
        renderer.show(loaded.reports, console)
        if loaded.hasErrors {
            console.err("error: the definitions have errors; fix them first (see widgetc validate)\n")
            return .inputErrors
        }
        guard let widget = loaded.widgets.first(where: { $0.plan.kind == kind }) else {
            let kinds = loaded.widgets.map(\.plan.kind)
            throw UsageError(message: "no widget of kind '\(kind)' in \(paths.joined(separator: ", "))\(Suggest.hint(for: kind, among: kinds)); the kinds there: \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))")
        }
        guard widget.plan.push else {
            console.err("error: \(widget.path): widget '\(kind)' has no 'push: true': WidgetKit gives it no push token, so no push reaches it; add push: true\n")
            return .inputErrors
        }
        let request = APNsRequest(token: options.token ?? "DEVICE_TOKEN", topic: (options.app ?? "APP_BUNDLE_ID") + ".push-type.widgets", sandbox: options.sandbox)
        if options.json {
            console.out(JSONWriter.string(request.json(kind: kind, file: widget.path)) + "\n")
        } else {
            console.out(request.text)
            console.out("\n# Reloads \(kind) (\(widget.path)) and every other push widget of the app on that device.\n")
            if options.token == nil { console.out("# DEVICE_TOKEN: \"token\" in widgetc-push.json in the app group container (the push handler writes it).\n") }
            if options.app == nil { console.out("# APP_BUNDLE_ID: the app's bundle identifier (--app).\n") }
            console.out("# PROVIDER_TOKEN: a JWT signed with your APNs key (token-based connection to APNs).\n")
        }
        return .success
    }
}

/// A WidgetKit push as APNs takes it: "apns-push-type: widgets", the topic, and the
/// `content-changed` payload (Apple: "Updating widgets with WidgetKit push notifications").
struct APNsRequest {
    let token: String
    let topic: String
    let sandbox: Bool

    var host: String { sandbox ? "api.sandbox.push.apple.com" : "api.push.apple.com" }
    var path: String { "/3/device/" + token }
    var headers: [(String, String)] {
        [("authorization", "bearer PROVIDER_TOKEN"), ("apns-push-type", "widgets"), ("apns-topic", topic), ("content-type", "application/json")]
    }
    static let payload: JSONValue = .object(JSONObject([("aps", .object(JSONObject([("content-changed", .bool(true))])))]))

    var text: String {
        var s = "POST https://\(host)\(path)\n"
        for (name, value) in headers { s += "\(name): \(value)\n" }
        return s + "\n" + JSONWriter.string(Self.payload) + "\n"
    }

    func json(kind: String, file: String) -> JSONValue {
        .object(JSONObject([
            ("kind", .string(kind)), ("file", .string(file)), ("method", .string("POST")),
            ("url", .string("https://\(host)\(path)")), ("headers", .object(JSONObject(headers.map { ($0.0, .string($0.1)) }))),
            ("payload", Self.payload),
        ]))
    }
}
