import WidgetDiagnostics
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// A scenario file (`--scenario FILE`) as checked: its items, typed (the simulator's events
/// are made from them on the command side).
package enum ScenarioItem: Sendable {
    /// The app writes `value` as JSON to `path` in the container.
    case write(at: Instant, path: String, value: JSONValue)
    /// A `WidgetCenter` reload; `kind` nil is every kind, `where` the parameter values kept.
    case reload(at: Instant, kind: String?, where: JSONObject?)
    /// The app in the foreground during `[from, until)`.
    case foreground(from: Instant, until: Instant)
    /// From `at` on, requests for `url` get `response`.
    case respond(at: Instant, url: String, response: ScenarioResponse)
    /// No connection during `[from, until)`.
    case offline(from: Instant, until: Instant)
    /// A WidgetKit push for the widgets of `kind` arrives.
    case push(at: Instant, kind: String)
    /// A system setting changes (`locale`, `dynamicType`, `appearance`) to `value`: WidgetKit
    /// reloads every widget.
    case system(at: Instant, setting: String, value: String)
    /// The app sets and removes UserDefaults keys (`suite` nil: the widget's).
    case defaults(at: Instant, suite: String?, set: JSONObject, remove: [String])
    /// A tap on a button or toggle of the widget of `kind` that runs `intent` with `with`.
    case tap(at: Instant, kind: String, intent: PlanIntent, with: JSONObject)
}

/// A `respond` item's answer, its file already read.
package struct ScenarioResponse: Sendable {
    package var status: Int
    package var body: [UInt8] = []
    package var latency: Int64 = 0
    package var error: String? = nil
}

/// A YAML list checked against the scenario schema and by the scenario's own checks, all in
/// one pass, into typed items. `widgetc validate` runs the same checks on a file whose
/// document is a list.
package enum ScenarioChecks {
    /// The items, or nil when the scenario has errors, and every positioned diagnostic (errors and
    /// warnings). With `kinds` (the kinds of the widgets in the run), a reload of another kind
    /// is a warning.
    /// With `intents` (each widget's of the run, by kind), a tap's intent and arguments are
    /// checked against the widget that declares it.
    package static func check(
        bytes: [UInt8], file: String, kinds: [String]? = nil, intents: [String: [PlanIntent]]? = nil
    ) -> (items: [ScenarioItem]?, diagnostics: [Diagnostic]) {
        let (documents, error) = SourceFiles.documents(of: bytes, path: file)
        if let error { return (nil, [error.diagnostic(file: file)]) }
        guard let root = documents.first else { return ([], []) }
        var context = CheckContext(file: file, bytes: bytes)
        checkIntegerRange(root, &context)
        let events = check(root, &context, kinds: kinds, intents: intents)
        let schema: SchemaStage
        do { schema = try BuiltInSchemas.scenario() } catch {
            return (nil, [.error(.schema, error.message, file: file, at: root.location)])
        }
        var diagnostics = merge(shape: schema.check(root, file: file), semantic: context.diagnostics)
        for extra in documents.dropFirst() {
            diagnostics.append(.error(
                .scenarioDocuments, "a scenario file holds one list of app events; this second document would be ignored (join the lists, or remove the '---')",
                file: file, at: extra.location))
        }
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return (hasErrors ? nil : events, diagnostics)
    }

    /// The scenario document's schema and semantic diagnostics, merged (`validate`).
    static func diagnostics(of root: SourceNode, _ context: inout CheckContext) -> [Diagnostic] {
        _ = check(root, &context, kinds: nil, intents: nil)
        let shape: [Diagnostic]
        do { shape = try BuiltInSchemas.scenario().check(root, file: context.file) } catch {
            shape = [.error(.schema, error.message, file: context.file, at: root.location)]
        }
        return merge(shape: shape, semantic: context.diagnostics)
    }

    /// The actions an item may have, one each.
    static let actions = ["write", "reload", "respond", "foreground", "offline", "push", "tap", "defaults"] + systemSettings
    /// The system changes after which WidgetKit reloads every widget itself.
    static let systemSettings = ["locale", "dynamicType", "appearance"]
    /// How long after a system change a WidgetCenter reload counts as made for it.
    static let systemReloadWindow: Int64 = 60
    /// The actions that are windows (`from`, `until`) rather than moments (`at`).
    static let windows: Set<String> = ["foreground", "offline"]

    /// The semantic checks, which also build the events. Each check is defensive: a value of
    /// the wrong shape is the schema's to report.
    static func check(_ root: SourceNode, _ context: inout CheckContext, kinds: [String]?, intents: [String: [PlanIntent]]?) -> [ScenarioItem] {
        var events: [ScenarioItem] = []
        for (i, item) in root.items.enumerated() where item.isMapping {
            let p = [String(i)]
            let present = actions.filter { item[$0] != nil }
            if present.count > 1 {
                context.error(
                    .scenarioAction,
                    "an item has one action, and this one has \(present.map { "'\($0)'" }.joined(separator: " and ")); split it into one item each (items at the same instant apply in file order)",
                    at: item, p)
            } else if present.isEmpty, !item.members.contains(where: { Suggest.closest(to: $0.key, among: actions) != nil }) {
                // (A misspelled action is the schema's unknown key, with its "did you mean".)
                context.error(.scenarioAction, "an item needs one action: 'write', 'reload', 'respond', 'push', 'tap', 'locale', 'dynamicType' or 'appearance' (each with 'at'), or a 'foreground' or 'offline' window", at: item, p)
            }
            // Each action's own fields are checked even in an item with two; only an item
            // with one becomes an event.
            var itemEvents: [ScenarioItem] = []
            defer { if present.count == 1 { events += itemEvents } }
            // `at`, read once: required by write and reload, refused with foreground alone.
            var at: Instant? = nil
            if let timed = present.first(where: { !windows.contains($0) }) {
                if let node = item["at"] {
                    at = instant(node, p + ["at"], &context)
                } else {
                    let what = switch timed {
                    case "write", "defaults": "the instant the app writes"
                    case "respond": "the instant from which the server answers so"
                    case "push": "the instant the push arrives"
                    case "tap": "the instant of the tap"
                    case "reload": "the instant of the WidgetCenter call"
                    default: "the instant the setting changes"
                    }
                    context.error(.missingKey, "'\(timed)' needs 'at', \(what) (such as at: 2026-11-29T09:00:00-05:00)", at: item, p)
                }
            } else if present.count == 1, let window = present.first, windows.contains(window), let member = item.member("at") {
                context.error(
                    .unknownKey, "'at' is not allowed with '\(window)': a window has 'from' and 'until'",
                    at: member.keyLocation, p + ["at"])
            }
            for action in present {
                switch action {
                case "write":
                    guard let write = item["write"] else { continue }
                    if let file = write["file"], let path = file.string, !path.isEmpty, let problem = containerPathProblem(path) {
                        context.error(.dataPath, "scenario write: \(problem)", at: file, p + ["write", "file"])
                    }
                    guard let at, let path = write["file"]?.string, let value = write["value"] else { continue }
                    itemEvents.append(.write(at: at, path: path, value: value.json))
                case "reload":
                    guard let reload = item["reload"] else { continue }
                    let bare = reload.string != nil
                    let kindNode = bare ? reload : reload["kind"]
                    if let kinds, let kindNode, let kind = kindNode.string, !(bare && kind == "all"), !kinds.contains(kind) {
                        let pointer = bare ? p + ["reload"] : p + ["reload", "kind"]
                        let hint = Suggest.closest(to: kind, among: kinds).map { " (did you mean '\($0)'?)" } ?? ""
                        context.warning(
                            .unknownKind,
                            "reload of kind '\(kind)', which no widget in this run has\(hint); the kinds here: \(kinds.joined(separator: ", "))",
                            at: kindNode, pointer)
                    }
                    guard let at else { continue }
                    if let kind = reload.string {
                        itemEvents.append(.reload(at: at, kind: kind == "all" ? nil : kind, where: nil))
                    } else if reload.isMapping {
                        itemEvents.append(.reload(at: at, kind: reload["kind"]?.string, where: reload["where"]?.json.object))
                    }
                case "defaults":
                    guard let change = item["defaults"], let at else { continue }
                    itemEvents.append(.defaults(
                        at: at, suite: change["suite"]?.string, set: change["set"]?.json.object ?? JSONObject(),
                        remove: (change["remove"]?.items ?? .empty).compactMap(\.string)))
                case "respond":
                    guard let respond = item["respond"], let at, let url = respond["url"]?.string else { continue }
                    switch ScenarioResponses.response(respond, scenario: context.file, pointer: p + ["respond"]) {
                    case .success(let response): itemEvents.append(.respond(at: at, url: url, response: response))
                    case .failure(let problem): context.diagnostics.append(problem)
                    }
                case "push":
                    guard let push = item["push"], let kindNode = push["kind"], let kind = kindNode.string else { continue }
                    if let kinds, !kinds.contains(kind) {
                        let hint = Suggest.closest(to: kind, among: kinds).map { " (did you mean '\($0)'?)" } ?? ""
                        context.warning(
                            .unknownKind,
                            "push for kind '\(kind)', which no widget in this run has\(hint); the kinds here: \(kinds.joined(separator: ", "))",
                            at: kindNode, p + ["push", "kind"])
                    }
                    guard let at else { continue }
                    itemEvents.append(.push(at: at, kind: kind))
                case "tap":
                    guard let tap = item["tap"], let intents,
                        let resolved = resolveTap(tap, p + ["tap"], intents: intents, &context),
                        let at else { continue }
                    itemEvents.append(.tap(at: at, kind: resolved.kind, intent: resolved.intent, with: resolved.arguments))
                case let setting where systemSettings.contains(setting):
                    guard let at, let value = item[setting]?.string else { continue }
                    itemEvents.append(.system(at: at, setting: setting, value: value))
                default:
                    guard let window = item[action] else { continue }
                    let from = instant(window["from"], p + [action, "from"], &context)
                    let until = instant(window["until"], p + [action, "until"], &context)
                    guard let from, let until, let untilNode = window["until"] else { continue }
                    if until <= from {
                        context.error(
                            .invalidInstant,
                            "\(action) 'until' \(untilNode.shown) must be after 'from' \(window["from"]!.shown): a window is [from, until)",
                            at: untilNode, p + [action, "until"])
                        continue
                    }
                    itemEvents.append(action == "offline" ? .offline(from: from, until: until) : .foreground(from: from, until: until))
                }
            }
        }
        warnReloadsForSystemChanges(events, root, &context)
        return events
    }

    /// The widget a tap is on and its intent, with the arguments checked by the intent's
    /// parameter rules; nil with an error at the value at fault (`scenario-tap`).
    private static func resolveTap(
        _ tap: SourceNode, _ p: [String], intents: [String: [PlanIntent]], _ context: inout CheckContext
    ) -> (kind: String, intent: PlanIntent, arguments: JSONObject)? {
        guard let intentNode = tap["intent"], let name = intentNode.string else { return nil }
        let kinds = intents.keys.sorted()
        var candidates = kinds
        if let kindNode = tap["kind"], let kind = kindNode.string {
            guard intents[kind] != nil else {
                let hint = Suggest.closest(to: kind, among: kinds).map { " (did you mean '\($0)'?)" } ?? ""
                context.error(.scenarioTap, "tap on kind '\(kind)', which no widget in this run has\(hint); the kinds here: \(kinds.joined(separator: ", "))", at: kindNode, p + ["kind"])
                return nil
            }
            candidates = [kind]
        }
        let declaring = candidates.filter { kind in intents[kind]!.contains { $0.name == name } }
        guard let kind = declaring.first else {
            let names = candidates.flatMap { intents[$0]!.map(\.name) }
            let hint = Suggest.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            let which = candidates.count == 1 ? "widget \(candidates[0]) does not declare" : "no widget in this run declares"
            context.error(
                .scenarioTap,
                "tap on intent '\(name)', which \(which)\(hint); " + (names.isEmpty ? "no widget here declares intents" : "the intents here: \(names.joined(separator: ", "))"),
                at: intentNode, p + ["intent"])
            return nil
        }
        guard declaring.count == 1 else {
            context.error(
                .scenarioTap,
                "intent '\(name)' is declared by \(declaring.joined(separator: " and ")); say which widget was tapped with 'kind'",
                at: intentNode, p + ["intent"])
            return nil
        }
        let intent = intents[kind]!.first { $0.name == name }!
        let given = tap["with"]?.json.object ?? JSONObject()
        // Each argument alone, so the error stands at the one at fault (an unknown name at its key).
        for member in tap["with"].map({ Array($0.members) }) ?? [] {
            do {
                _ = try intent.arguments(JSONObject([(member.key, member.value.json)]))
            } catch {
                let known = intent.parameters.contains { $0.name == member.key }
                context.error(
                    .scenarioTap, "tap: \(error.message)", at: known ? member.value.location : member.keyLocation,
                    p + ["with", member.key])
                return nil
            }
        }
        return (kind, intent, given)
    }

    /// A WidgetCenter reload at a system change's instant or within a minute after it: WidgetKit
    /// already reloads every widget for the change, uncounted; the app's request is counted.
    private static func warnReloadsForSystemChanges(_ events: [ScenarioItem], _ root: SourceNode, _ context: inout CheckContext) {
        var changes: [(at: Instant, setting: String, value: String)] = []
        for case let .system(at, setting, value) in events { changes.append((at, setting, value)) }
        guard !changes.isEmpty else { return }
        for (i, item) in root.items.enumerated() where item.isMapping {
            guard let reload = item["reload"], item.members.count == 2, let atNode = item["at"], let text = atNode.string,
                let at = try? InstantParser.parse(text).instant,
                let change = changes.first(where: { at >= $0.at && at - $0.at <= systemReloadWindow })
            else { continue }
            let when = at == change.at ? "at the same instant as" : "\(at - change.at) s after"
            context.warning(
                .systemReloadRequest,
                "WidgetCenter reload \(when) the \(change.setting) change to '\(change.value)': WidgetKit already reloads every widget for that change, not counted; this request is counted against the budget (remove it)",
                at: reload, [String(i), "reload"])
        }
    }

    /// An instant field: nil when absent or not text (the schema's), or with an error when it is
    /// not a real instant.
    private static func instant(_ node: SourceNode?, _ pointer: [String], _ context: inout CheckContext) -> Instant? {
        guard let node, let text = node.string else { return nil }
        do {
            return try InstantParser.parse(text).instant
        } catch {
            context.error(
                .invalidInstant,
                "\(error.message); write a date-time with Z or an offset, such as 2026-11-29T09:00:00-05:00",
                at: context.location(inside: node, offset: error.offset), pointer)
            return nil
        }
    }

    /// Schema and semantic diagnostics, one report per value (as for definitions); the schema's
    /// reports about an item's set of keys (`oneOf`, `required`, `dependentRequired`) give way to
    /// the item checks, which name the actions.
    private static func merge(shape: [Diagnostic], semantic: [Diagnostic]) -> [Diagnostic] {
        let shape = shape.filter { d in
            !((d.code == .missingKey || d.code == .noMatchingForm) && d.pointer.split(separator: "/").count == 1)
        }
        return Compilation.merge(shape: shape, semantic: semantic)
            .sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }
}

/// A scenario's `respond` item as the scripted network answers it.
enum ScenarioResponses {
    static func response(_ node: SourceNode, scenario: String, pointer: [String]) -> Result<ScenarioResponse, Diagnostic> {
        // `Int(exactly:)`: a status past Int's range trapped converted (the schema's 100 to 599
        // reports it; this side must only not crash).
        var response = ScenarioResponse(status: node["status"]?.number.flatMap { Int(exactly: $0) } ?? 200)
        if let latency = node["latency"], let text = latency.string {
            do { response.latency = try DurationParser.parse(text) } catch {
                return .failure(.error(.invalidDuration, "latency '\(text)': \(error.message)", file: scenario, at: latency.location, pointer: JSONPointer.string(pointer + ["latency"])))
            }
        }
        if let body = node["body"] {
            response.body = Array(JSONWriter.string(body.json).utf8)
        } else if let text = node["text"]?.string {
            response.body = Array(text.utf8)
        } else if let fileNode = node["file"], let name = fileNode.string {
            let path = name.hasPrefix("/") ? name : SourceFiles.directory(of: scenario) + name
            do { response.body = try SourceFiles.readNamed(path) } catch {
                return .failure(.error(.scenarioFile, "respond file '\(name)': \(error.description)", file: scenario, at: fileNode.location, pointer: JSONPointer.string(pointer + ["file"])))
            }
        }
        response.error = node["error"]?.string
        return .success(response)
    }
}

// The codes reported here (docs/diagnostics.md).
extension DiagnosticCode {
    package static let scenarioAction = DiagnosticCode("scenario-action")
    package static let scenarioDocuments = DiagnosticCode("scenario-documents")
    package static let scenarioFile = DiagnosticCode("scenario-file")
    package static let scenarioTap = DiagnosticCode("scenario-tap")
    package static let systemReloadRequest = DiagnosticCode("system-reload-request", .warning)
    package static let unknownKind = DiagnosticCode("unknown-kind", .warning)
}
