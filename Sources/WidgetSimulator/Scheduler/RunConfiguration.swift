import WidgetSupport
import WidgetcRuntime

/// What WidgetKit asks the provider for (`--context`).
public enum RunContextKind: String, Sendable, Hashable, CaseIterable {
    case timeline, snapshot, placeholder
}

/// One widget instance and the window to simulate it over.
public struct RunConfiguration: Sendable {
    public var kind: String
    public var family: WidgetFamily
    /// The instance's intent parameter values (scenario `where` filters match them).
    public var parameters: JSONObject
    /// The run covers `[from, until)`.
    public var from: Instant
    public var until: Instant
    /// Counted reloads allowed in any rolling 24 hours (`--budget`).
    public var budget: Int
    /// Minimum spacing of two reloads, in seconds (`--min-interval`).
    public var minInterval: Int64
    public var context: RunContextKind
    public var scenario: Scenario

    public init(
        kind: String, family: WidgetFamily, parameters: JSONObject = JSONObject(),
        from: Instant, until: Instant, budget: Int = 70, minInterval: Int64 = 300,
        context: RunContextKind = .timeline, scenario: Scenario = Scenario()
    ) {
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
public enum ReloadReason: String, Sendable, Hashable {
    /// The first request, at the run's start.
    case initial
    /// The previous timeline's policy `atEnd`.
    case atEnd
    /// The previous timeline's policy `after(date)`.
    case after
    /// The app asked (a scenario's WidgetCenter call).
    case reload
}

/// One timeline request the runtime made, and what the provider answered.
public struct Reload: Sendable {
    public var at: Instant
    public var reason: ReloadReason
    /// False inside a foreground window: the reload did not use the budget.
    public var counted: Bool
    /// When the request was due, if the budget or the minimum interval made it wait.
    public var deferredFrom: Instant?
    /// Counted reloads in `(at - 24h, at]`, this one included; nil when not counted.
    public var budgetWindowCount: Int?
    public var timeline: Timeline
    /// What became of each URL data source at this reload; nil for a widget with none.
    public var requests: [NetworkRequest]?

    public init(
        at: Instant, reason: ReloadReason, counted: Bool, deferredFrom: Instant?, budgetWindowCount: Int?,
        timeline: Timeline, requests: [NetworkRequest]? = nil
    ) {
        self.requests = requests
        self.at = at
        self.reason = reason
        self.counted = counted
        self.deferredFrom = deferredFrom
        self.budgetWindowCount = budgetWindowCount
        self.timeline = timeline
    }
}

/// What is known once a run is over.
public struct RunSummary: Sendable {
    /// `--budget`.
    public var budgetLimit: Int
    /// Counted reloads in the whole run.
    public var budgetUsed: Int
    public var reloadCount: Int
    public var entryCount: Int
    public var warnings: [RunWarning]
    /// Network requests made (cached answers are not requests); nil for a widget with no URL source.
    public var requests: Int?

    public init(budgetLimit: Int, budgetUsed: Int, reloadCount: Int, entryCount: Int, warnings: [RunWarning]) {
        self.budgetLimit = budgetLimit
        self.budgetUsed = budgetUsed
        self.reloadCount = reloadCount
        self.entryCount = entryCount
        self.warnings = warnings
    }
}

/// Receives a run's reloads as they happen, so a long run's output streams out
/// in flat memory.
public protocol ReloadSink {
    mutating func receive(_ reload: Reload)
    /// True once the sink wants no more reloads: the run then ends (an output bound was hit).
    var isStopped: Bool { get }
}

extension ReloadSink {
    public var isStopped: Bool { false }
}

/// A sink that keeps every reload (for tests and small runs).
public struct ReloadList: ReloadSink {
    public private(set) var reloads: [Reload] = []
    public init() {}
    public mutating func receive(_ reload: Reload) { reloads.append(reload) }
}
