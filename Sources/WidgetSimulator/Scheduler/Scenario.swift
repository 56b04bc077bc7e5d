import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// One thing the app does during a run (a scenario file's item, already parsed).
package enum ScenarioEvent: Sendable, Equatable {
    /// The app writes `value` as JSON to `path` in the container.
    case write(at: Instant, path: String, value: JSONValue)
    /// `WidgetCenter.reloadTimelines(ofKind:)`; `kind` nil is `reloadAllTimelines()`.
    /// `where` keeps only instances whose parameter values equal these.
    case reload(at: Instant, kind: String?, where: JSONObject?)
    /// The app is in the foreground (or an audio or navigation session is active)
    /// during `[from, until)`: reloads then are not counted against the budget.
    case foreground(from: Instant, until: Instant)
    /// From `at` on, requests for `url` (exact, after rendering) get `response`.
    case respond(at: Instant, url: String, response: ScriptedResponse)
    /// No connection at all during `[from, until)`.
    case offline(from: Instant, until: Instant)
    /// A WidgetKit push for the widgets of `kind` arrives (docs/interactive.md).
    case push(at: Instant, kind: String)
    /// A system setting changes: WidgetKit reloads every widget at once, uncounted.
    case system(at: Instant, change: SystemChange, value: String)
    /// The app sets and removes keys of a UserDefaults suite (`suite` nil: the widget's), in the
    /// container's `Library/Preferences/SUITE.plist`.
    case defaults(at: Instant, suite: String?, set: JSONObject, remove: [String])
    /// Someone taps a button or toggle of the widget of `tap.kind` (docs/intents.md): its intent
    /// is performed on the run's container, then that widget reloads at once.
    case tap(at: Instant, tap: ScenarioTap)

    package static func == (a: ScenarioEvent, b: ScenarioEvent) -> Bool {
        switch (a, b) {
        case let (.write(t1, p1, v1), .write(t2, p2, v2)):
            return t1 == t2 && p1 == p2 && v1 == v2
        case let (.reload(t1, k1, w1), .reload(t2, k2, w2)):
            return t1 == t2 && k1 == k2 && w1.map(JSONValue.object) == w2.map(JSONValue.object)
        case let (.foreground(f1, u1), .foreground(f2, u2)), let (.offline(f1, u1), .offline(f2, u2)):
            return f1 == f2 && u1 == u2
        case let (.defaults(t1, s1, set1, r1), .defaults(t2, s2, set2, r2)):
            return t1 == t2 && s1 == s2 && JSONValue.object(set1) == .object(set2) && r1 == r2
        case let (.respond(t1, url1, r1), .respond(t2, url2, r2)):
            return t1 == t2 && url1 == url2 && r1 == r2
        case let (.push(t1, k1), .push(t2, k2)):
            return t1 == t2 && k1 == k2
        case let (.system(t1, c1, v1), .system(t2, c2, v2)):
            return t1 == t2 && c1 == c2 && v1 == v2
        case let (.tap(t1, a), .tap(t2, b)):
            return t1 == t2 && a.kind == b.kind && a.intent.name == b.intent.name && JSONValue.object(a.arguments) == .object(b.arguments)
        default:
            return false
        }
    }
}

/// A scenario `tap`, resolved against the run's widgets: the intent it runs, from the plan of
/// the widget that declares it.
package struct ScenarioTap: Sendable {
    /// The tapped widget's kind.
    package var kind: String
    package var intent: PlanIntent
    /// The arguments as the scenario gives them (`with:`); the rest take their defaults.
    package var arguments: JSONObject

    package init(kind: String, intent: PlanIntent, arguments: JSONObject) {
        self.kind = kind
        self.intent = intent
        self.arguments = arguments
    }
}

/// The system changes after which WidgetKit reloads every widget without counting it against
/// the budget ("Keeping a widget up to date"); each is also the reload's reason.
package enum SystemChange: String, Sendable, Hashable, CaseIterable {
    case locale, dynamicType, appearance

    var reason: ReloadReason {
        switch self {
        case .locale: .locale
        case .dynamicType: .dynamicType
        case .appearance: .appearance
        }
    }
}

/// The app's events for a run, in file order.
package struct Scenario: Sendable, Equatable {
    package var events: [ScenarioEvent]

    package init(_ events: [ScenarioEvent] = []) {
        self.events = events
    }
}

/// A reload request addressed to some widgets: does it reach this instance?
func reloadReaches(kind: String?, where filter: JSONObject?, runningKind: String, parameters: JSONObject) -> Bool {
    if let kind, kind != runningKind { return false }
    guard let filter else { return true }
    for (key, value) in filter {
        guard let actual = parameters[key], actual == value else { return false }
    }
    return true
}
