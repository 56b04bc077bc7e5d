import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// What WidgetKit asks the provider for (`--context`).
package enum RunContextKind: String, Sendable, Hashable, CaseIterable {
    case timeline, snapshot, placeholder
}

/// One widget instance and the window to simulate it over.
package struct RunConfiguration: Sendable {
    package var kind: String
    package var family: WidgetFamily
    /// The instance's intent parameter values (scenario `where` filters match them).
    package var parameters: JSONObject
    /// The run covers `[from, until)`.
    package var from: Instant
    package var until: Instant
    /// Counted reloads allowed in any rolling 24 hours (`--budget`).
    package var budget: Int
    /// Minimum spacing of two reloads, in seconds (`--min-interval`).
    package var minInterval: Int64
    package var context: RunContextKind
    package var scenario: Scenario
    /// Whether the widget opted into WidgetKit pushes (`push: true`); a scenario's push to a
    /// widget that did not is not delivered (a warning says so).
    package var acceptsPushes: Bool
    /// The install's seed, which fixes its jitter offset (docs/fleet.md); `run` simulates install 0.
    package var installSeed: UInt64 = 0
    /// A jitter in seconds replacing the widget's own (`fleet --jitter`); nil keeps the widget's.
    package var jitter: Int64? = nil

    package init(
        kind: String, family: WidgetFamily, parameters: JSONObject = JSONObject(),
        from: Instant, until: Instant, budget: Int = 70, minInterval: Int64 = 300,
        context: RunContextKind = .timeline, scenario: Scenario = Scenario(), acceptsPushes: Bool = true
    ) {
        self.acceptsPushes = acceptsPushes
        self.kind = kind
        self.family = family
        self.parameters = parameters
        self.from = from
        self.until = until
        self.budget = budget
        self.minInterval = minInterval
        self.context = context
        self.scenario = scenario
    }
}

/// Why a reload happened (the run object's `reason`).
package enum ReloadReason: String, Sendable, Hashable {
    /// The first request, at the run's start.
    case initial
    /// The previous timeline's policy `atEnd`.
    case atEnd
    /// The previous timeline's policy `after(date)`.
    case after
    /// The app asked (a scenario's WidgetCenter call).
    case reload
    /// A WidgetKit push arrived: counted and spaced like the app's request (docs/interactive.md).
    case push
    /// The system locale changed: every widget reloads at once, uncounted.
    case locale
    /// The Dynamic Type size changed: every widget reloads at once, uncounted.
    case dynamicType
    /// The system appearance changed: every widget reloads at once, uncounted.
    case appearance
    /// A button or toggle of the widget was tapped: its intent ran, and WidgetKit reloads the
    /// widget at once, uncounted and not held by the spacing (docs/intents.md).
    case interaction

    /// Whether the system made the reload for a setting's change (not counted, not spaced).
    package var isSystemChange: Bool { self == .locale || self == .dynamicType || self == .appearance }
    /// Whether WidgetKit makes the reload at once, outside the budget and the spacing.
    package var isImmediate: Bool { isSystemChange || self == .interaction }
}

/// What a scenario tap did in a run (docs/intents.md): performed on the run's container, or
/// refused with nothing changed.
package struct TapRecord: Sendable {
    /// What the tapped widget's run did because of the tap.
    package enum Effect: Sendable, Equatable {
        /// This widget was tapped: it reloaded at once (reason `interaction`).
        case interaction
        /// The intent's `reload` names this widget's kind: a counted WidgetCenter request.
        case requested
        /// Nothing (another widget was tapped, or the tap came before the run's window).
        case none
    }

    package var at: Instant
    package var kind: String
    package var intent: String
    /// The arguments it ran with, defaults filled in.
    package var arguments: JSONObject
    package var changes: [IntentChange]
    package var reloads: [String]
    package var open: String?
    /// Why nothing changed, when the intent failed.
    package var error: String?
    package var effect: Effect

    /// `toggleTask(index: 1)`.
    package var call: String {
        intent + "(" + arguments.map { "\($0.key): \(JSONWriter.string($0.value))" }.joined(separator: ", ") + ")"
    }
}

/// One timeline request the runtime made, and what the provider answered.
package struct Reload: Sendable {
    package var at: Instant
    package var reason: ReloadReason
    /// False inside a foreground window: the reload did not use the budget.
    package var counted: Bool
    /// When the request was due, if the budget or the minimum interval made it wait.
    package var deferredFrom: Instant?
    /// Counted reloads in `(at - 24h, at]`, this one included; nil when not counted.
    package var budgetWindowCount: Int?
    package var timeline: Timeline
    /// What became of each URL data source at this reload; nil for a widget with none.
    package var requests: [NetworkRequest]?
    /// The remote images this reload wrote into the run's copy of the container (the preview embeds them).
    package var images: [(path: String, bytes: [UInt8])] = []

    package init(
        at: Instant, reason: ReloadReason, counted: Bool, deferredFrom: Instant?, budgetWindowCount: Int?,
        timeline: Timeline, requests: [NetworkRequest]? = nil, images: [(path: String, bytes: [UInt8])] = []
    ) {
        self.requests = requests
        self.images = images
        self.at = at
        self.reason = reason
        self.counted = counted
        self.deferredFrom = deferredFrom
        self.budgetWindowCount = budgetWindowCount
        self.timeline = timeline
    }
}

/// What is known once a run is over.
package struct RunSummary: Sendable {
    /// `--budget`.
    package var budgetLimit: Int
    /// Counted reloads in the whole run.
    package var budgetUsed: Int
    package var reloadCount: Int
    package var entryCount: Int
    package var warnings: [RunWarning]
    /// Network requests made (cached answers are not requests); nil for a widget with no URL source.
    package var requests: Int?
    /// For a run longer than a day: the most counted reloads in any rolling 24 h window (the
    /// number the budget's limit is about; `budgetUsed` is the whole run's).
    package var maxIn24h: Int?

    package init(budgetLimit: Int, budgetUsed: Int, reloadCount: Int, entryCount: Int, warnings: [RunWarning]) {
        self.budgetLimit = budgetLimit
        self.budgetUsed = budgetUsed
        self.reloadCount = reloadCount
        self.entryCount = entryCount
        self.warnings = warnings
    }
}

/// Receives a run's reloads as they happen, so a long run's output streams out
/// in flat memory.
package protocol ReloadSink {
    mutating func receive(_ reload: Reload)
    /// A scenario tap, at its instant (before the reload it causes).
    mutating func receive(tap: TapRecord)
    /// True once the sink wants no more reloads: the run then ends (an output bound was hit).
    var isStopped: Bool { get }
}

extension ReloadSink {
    package var isStopped: Bool { false }
    package mutating func receive(tap: TapRecord) {}
}

/// A sink that keeps every reload (for tests and small runs).
package struct ReloadList: ReloadSink {
    package private(set) var reloads: [Reload] = []
    package private(set) var taps: [TapRecord] = []
    package init() {}
    package mutating func receive(_ reload: Reload) { reloads.append(reload) }
    package mutating func receive(tap: TapRecord) { taps.append(tap) }
}
