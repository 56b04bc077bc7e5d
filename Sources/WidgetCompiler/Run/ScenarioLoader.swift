import WidgetSupport
import WidgetTime
import WidgetSimulator
import WidgetcRuntime

/// Reads `--scenario FILE`: a YAML list checked against the scenario schema,
/// turned into the runtime's events.
public enum ScenarioLoader {
    /// The scenario, or nil and the positioned diagnostics that make it unusable.
    public static func load(bytes: [UInt8], file: String, zone: ZoneRules) -> (scenario: Scenario?, diagnostics: [Diagnostic]) {
        let (documents, error) = SourceFiles.documents(of: bytes, path: file)
        if let error { return (nil, [error.diagnostic(file: file)]) }
        guard let root = documents.first else { return (Scenario(), []) }
        let schema: SchemaStage
        do { schema = try BuiltInSchemas.scenario() } catch {
            return (nil, [.error("schema", error.message, file: file, at: root.location)])
        }
        let shape = schema.check(root, file: file)
        if !shape.isEmpty { return (nil, shape) }
        var events: [ScenarioEvent] = []
        var problems: [Diagnostic] = []
        func instant(_ node: SourceNode?, _ pointer: [String]) -> Instant? {
            guard let node, let text = node.string else { return nil }
            do {
                return try InstantParser.parse(text).instant
            } catch {
                problems.append(.error("invalid-instant", "invalid instant '\(text)': \(error.message)", file: file, at: node.location, pointer: JSONPointer.string(pointer)))
                return nil
            }
        }
        for (i, item) in root.items.enumerated() {
            let p = [String(i)]
            if let write = item["write"] {
                guard let at = instant(item["at"], p + ["at"]), let path = write["file"]?.string, let value = write["value"] else { continue }
                events.append(.write(at: at, path: path, value: value.json))
            } else if let reload = item["reload"] {
                guard let at = instant(item["at"], p + ["at"]) else { continue }
                if let kind = reload.string {
                    events.append(.reload(at: at, kind: kind == "all" ? nil : kind, where: nil))
                } else {
                    events.append(.reload(at: at, kind: reload["kind"]?.string, where: reload["where"]?.json.object))
                }
            } else if let window = item["foreground"] {
                guard let from = instant(window["from"], p + ["foreground", "from"]),
                      let until = instant(window["until"], p + ["foreground", "until"]) else { continue }
                if until <= from {
                    problems.append(.error("invalid-instant", "foreground 'until' must be after 'from'", file: file, at: window["until"]!.location, pointer: JSONPointer.string(p + ["foreground", "until"])))
                    continue
                }
                events.append(.foreground(from: from, until: until))
            } else if let window = item["offline"] {
                guard let from = instant(window["from"], p + ["offline", "from"]),
                      let until = instant(window["until"], p + ["offline", "until"]) else { continue }
                if until <= from {
                    problems.append(.error("invalid-instant", "offline 'until' must be after 'from'", file: file, at: window["until"]!.location, pointer: JSONPointer.string(p + ["offline", "until"])))
                    continue
                }
                events.append(.offline(from: from, until: until))
            } else if let respond = item["respond"] {
                guard let at = instant(item["at"], p + ["at"]), let url = respond["url"]?.string else { continue }
                switch ScenarioResponses.response(respond, scenario: file, pointer: p + ["respond"]) {
                case .success(let response): events.append(.respond(at: at, url: url, response: response))
                case .failure(let problem): problems.append(problem)
                }
            }
        }
        return problems.isEmpty ? (Scenario(events), []) : (nil, problems)
    }
}

/// A scenario's `respond` item as the scripted network answers it.
enum ScenarioResponses {
    static func response(_ node: SourceNode, scenario: String, pointer: [String]) -> Result<ScriptedResponse, Diagnostic> {
        var response = ScriptedResponse(status: Int(node["status"]?.number ?? 200))
        if let latency = node["latency"], let text = latency.string {
            do { response.latency = try DurationParser.parse(text) } catch {
                return .failure(.error("invalid-duration", "latency '\(text)': \(error.message)", file: scenario, at: latency.location, pointer: JSONPointer.string(pointer + ["latency"])))
            }
        }
        if let body = node["body"] {
            response.body = Array(JSONWriter.string(body.json).utf8)
        } else if let text = node["text"]?.string {
            response.body = Array(text.utf8)
        } else if let fileNode = node["file"], let name = fileNode.string {
            let path = name.hasPrefix("/") ? name : SourceFiles.directory(of: scenario) + name
            do { response.body = try SourceFiles.read(path) } catch {
                return .failure(.error("scenario-file", "respond file '\(name)': \(error.description)", file: scenario, at: fileNode.location, pointer: JSONPointer.string(pointer + ["file"])))
            }
        }
        response.error = node["error"]?.string
        return .success(response)
    }
}
