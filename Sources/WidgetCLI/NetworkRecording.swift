import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// `--record FILE`: a scenario that replays a run offline. The run's own
/// scenario items (writes, reloads, foreground windows) come first, as they
/// were; then every answer the network gave, as `respond` items at the
/// request's instant (bodies inline: JSON as `body`, anything else as `text`).
enum NetworkRecording {
    static func scenario(_ scenario: Scenario, answers: [ScenarioEvent]) -> JSONValue {
        var items: [JSONValue] = []
        func at(_ t: Instant) -> JSONValue { .string(ZoneRules.utc.iso8601(t)) }
        for event in scenario.events {
            switch event {
            case let .write(t, path, value):
                items.append(.object(JSONObject([("at", at(t)), ("write", .object(JSONObject([("file", .string(path)), ("value", value)])))])))
            case let .reload(t, kind, filter):
                let reload: JSONValue
                if let filter {
                    reload = .object(JSONObject([("kind", .string(kind ?? "all")), ("where", .object(filter))]))
                } else {
                    reload = .string(kind ?? "all")
                }
                items.append(.object(JSONObject([("at", at(t)), ("reload", reload)])))
            case let .foreground(from, until):
                items.append(.object(JSONObject([("foreground", .object(JSONObject([("from", at(from)), ("until", at(until))])))])))
            case let .push(t, kind):
                items.append(.object(JSONObject([("at", at(t)), ("push", .object(JSONObject([("kind", .string(kind))])))])))
            case let .system(t, change, value):
                items.append(.object(JSONObject([("at", at(t)), (change.rawValue, .string(value))])))
            case let .defaults(t, suite, set, remove):
                var change = JSONObject()
                if !set.isEmpty { change.appendNew("set", .object(set)) }
                if !remove.isEmpty { change.appendNew("remove", .array(remove.map(JSONValue.string))) }
                if let suite { change.appendNew("suite", .string(suite)) }
                items.append(.object(JSONObject([("at", at(t)), ("defaults", .object(change))])))
            case let .tap(t, tap):
                var item = JSONObject([("intent", .string(tap.intent.name))])
                if !tap.arguments.isEmpty { item.appendNew("with", .object(tap.arguments)) }
                item.appendNew("kind", .string(tap.kind))
                items.append(.object(JSONObject([("at", at(t)), ("tap", .object(item))])))
            case .respond, .offline:
                break  // the recorded network replaces the scenario's
            }
        }
        for case let .respond(t, url, response) in answers {
            var r = JSONObject([("url", .string(url))])
            if let error = response.error {
                r.appendNew("error", .string(error))
            } else {
                r.appendNew("status", .int(response.status))
                if !response.body.isEmpty, let json = try? JSONReader.parse(bytes: response.body).json {
                    r.appendNew("body", json)
                } else {
                    r.appendNew("text", .string(String(decoding: response.body, as: UTF8.self)))
                }
            }
            if response.latency > 0 { r.appendNew("latency", .string(DurationText.string(seconds: response.latency))) }
            items.append(.object(JSONObject([("at", at(t)), ("respond", .object(r))])))
        }
        return .array(items)
    }
}

/// `--network scenario|live` and `--record FILE`, as `run` and `fetch` read them.
struct NetworkOptions {
    /// Where URL data sources' answers come from.
    enum Source: String, CaseIterable { case scenario, live }

    /// The options as given; the fetchers are made once the definitions are known to be good.
    struct Choice {
        let live: Bool
        let recordPath: String?

        /// `alwaysLive`: the command (fetch) has no --network.
        init(_ args: ParsedArguments, alwaysLive: Bool = false) throws(UsageError) {
            live = try alwaysLive ? true : args.choice("network", default: Source.scenario) == .live
            recordPath = args.value("record")
            if let path = recordPath, path.isEmpty { throw UsageError(message: "--record needs a file name") }
        }
    }

    let live: Bool
    let recordPath: String?
    private let recorder: RecordingFetcher?
    /// URLSession, loaded when the requests are live.
    private let liveFetcher: (any DataFetcher)?

    init(_ choice: Choice) throws(UsageError) {
        live = choice.live
        recordPath = choice.recordPath
        liveFetcher = live ? try LiveFetcher.load() : nil
        recorder = recordPath == nil ? nil : RecordingFetcher(liveFetcher ?? NoNetwork())
    }

    /// The fetcher of one widget's run: live requests (recorded if asked), or the scenario's answers.
    func fetcher(scenario: Scenario) -> any DataFetcher {
        if let recorder {
            return live ? recorder : RecordingFetcher.replaying(ScriptedFetcher(scenario), into: recorder)
        }
        return liveFetcher ?? ScriptedFetcher(scenario)
    }

    /// Writes the recorded scenario, atomically.
    func writeRecording(scenario: Scenario) throws(UsageError) {
        guard let recordPath, let recorder else { return }
        var bytes = JSONWriter.pretty(NetworkRecording.scenario(scenario, answers: recorder.events))
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        do {
            try OutputTarget.writeFile(bytes, to: recordPath, durable: true, umask: OutputTarget.currentUmask())
        } catch {
            throw UsageError(message: error.message.replacingAll("--out", with: "--record"))
        }
    }
}
