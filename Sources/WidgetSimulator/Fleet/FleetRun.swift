import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// How a fleet is drawn (docs/fleet.md): N installs, each with its install instant, clock offset
/// and seed (which fixes its jitter offset), from one seeded stream: the same options give the
/// same fleet on every machine.
package struct FleetOptions: Sendable {
    package var devices: Int
    /// Installs fall on whole minutes in `[from - spread, from)`; 0: every device at `from`.
    package var spread: Int64
    /// A jitter in seconds for every widget's `after` dates, replacing its own; nil keeps each widget's.
    package var jitter: Int64?
    /// Each device's clock is off by a whole number of seconds in `[-skew, skew]`.
    package var skew: Int64
    package var seed: UInt64

    package init(devices: Int, spread: Int64 = 86_400, jitter: Int64? = nil, skew: Int64 = 0, seed: UInt64 = 1) {
        self.devices = devices
        self.spread = spread
        self.jitter = jitter
        self.skew = skew
        self.seed = seed
    }
}

/// One widget of the fleet's app, as `run` would simulate one instance of it.
package struct FleetWidget {
    package let widget: CompiledWidget
    /// The instance's configuration: `from` and `until` are the fleet's window (true time).
    package let configuration: RunConfiguration
    package let container: Container
    package let zone: any UTCOffsetSource
    package let fetcher: (any DataFetcher)?

    package init(
        widget: CompiledWidget, configuration: RunConfiguration, container: Container, zone: any UTCOffsetSource,
        fetcher: (any DataFetcher)? = nil
    ) {
        self.widget = widget
        self.configuration = configuration
        self.container = container
        self.zone = zone
        self.fetcher = fetcher
    }

    /// What the server sees of one reload: its URL requests, or the reload itself for a widget
    /// that reads only the container (docs/fleet.md).
    package var unit: FleetUnit { Self.unit(of: widget) }

    package static func unit(of widget: CompiledWidget) -> FleetUnit { widget.fetchesURLs ? .requests : .reloads }
}

/// What one widget's load counts.
package enum FleetUnit: String, Sendable {
    /// URL requests sent (cached answers are not requests).
    case requests
    /// Reloads: the widget reads only the app group container.
    case reloads
}

/// The fleet simulation: every device's widgets through `WidgetRun` (the scheduler, the budget,
/// the spacing and the compiled widget `run` uses), counted per minute of true time.
///
/// Devices with the same install instant (device time), clock offset and jitter offset have the
/// same reloads, so each such group is run once and counted by its size; the groups' timelines
/// come from the widget once per reload instant (`MemoizedTimelines`). Installs fall on whole
/// minutes, so without jitter or skew a day's spread is at most 1,440 runs whatever N.
package enum FleetRun {
    /// The load of `widgets` on `devices` devices over the widgets' window.
    package static func simulate(_ widgets: [FleetWidget], options: FleetOptions) -> FleetLoad {
        let from = widgets.map(\.configuration.from).min() ?? Instant(seconds: 0)
        let until = widgets.map(\.configuration.until).max() ?? from
        var load = FleetLoad(from: from, until: until, options: options)
        for (index, fleetWidget) in widgets.enumerated() {
            simulate(fleetWidget, index: index, options: options, into: &load)
        }
        return load
    }

    /// A device of the fleet, drawn from the seeded stream.
    package struct Device {
        /// Install instant, true time.
        package var install: Instant
        /// Device time minus true time.
        package var clock: Int64
        package var seed: UInt64
    }

    /// Each device in order, the same for every widget (a device installs the whole app), drawn
    /// one at a time: the fleet is never held in memory.
    package static func forEachDevice(_ options: FleetOptions, from: Instant, _ body: (Device) -> Void) {
        var stream = SplitMix64(state: options.seed)
        // To the minute: the load is counted per minute, and a minute's installs run as one group.
        let minutes = UInt64(max(1, options.spread / 60))
        for _ in 0..<max(0, options.devices) {
            let seed = stream.next()
            let install = options.spread > 0 ? from - options.spread + 60 * Int64(stream.next() % minutes) : from
            let clock = options.skew > 0 ? Int64(stream.next() % UInt64(2 * options.skew + 1)) - options.skew : 0
            body(Device(install: install, clock: clock, seed: seed))
        }
    }

    /// Devices that behave alike: the same clock, jitter offset and install instant on their clock.
    struct GroupKey: Hashable, Comparable {
        package var clock: Int64
        var offset: Int64
        package var install: Instant

        static func < (a: GroupKey, b: GroupKey) -> Bool {
            (a.clock, a.offset, a.install.seconds) < (b.clock, b.offset, b.install.seconds)
        }
    }

    private static func simulate(_ fleetWidget: FleetWidget, index: Int, options: FleetOptions, into load: inout FleetLoad) {
        let widget = fleetWidget.widget
        let base = fleetWidget.configuration
        let jitter = options.jitter ?? widget.policyJitter
        // One seed per group (any of its devices': they share the offset), and its size.
        var groups: [GroupKey: (seed: UInt64, count: Int)] = [:]
        forEachDevice(options, from: base.from) { device in
            let key = GroupKey(
                clock: device.clock, offset: InstallJitter.offset(seed: device.seed, kind: widget.kind, jitter: jitter),
                install: device.install + device.clock)
            groups[key, default: (device.seed, 0)].count += 1
        }
        load.groupRuns += groups.count
        // A widget keeping answers (`maxAge`, `stale`) answers per device: no sharing of timelines.
        let shares = !widget.keepsAnswers
        var memo: MemoizedTimelines? = nil
        for key in groups.keys.sorted() {
            let group = groups[key]!
            if shares, memo.map({ $0.clock != key.clock || $0.offset != key.offset }) ?? true {
                load.providerCalls += memo?.calls ?? 0
                memo = MemoizedTimelines(widget, clock: key.clock, offset: key.offset)
            }
            var configuration = base
            configuration.from = key.install
            configuration.until = base.until + key.clock
            configuration.installSeed = group.seed
            configuration.jitter = options.jitter
            if key.clock != 0 { configuration.scenario = base.scenario.shifted(by: key.clock) }
            let run = WidgetRun(
                provider: memo ?? widget, configuration: configuration, container: fleetWidget.container,
                zone: fleetWidget.zone, fetcher: fleetWidget.fetcher)
            var sink = FleetSink(
                load: load, widget: index, kind: widget.kind, unit: fleetWidget.unit, weight: group.count, clock: key.clock,
                offset: key.offset, memo: memo)
            _ = run.run(into: &sink)
            load = sink.load
        }
        if let memo { load.providerCalls += memo.calls }
    }
}

/// Counts one group's reloads into the fleet's minutes.
private struct FleetSink: ReloadSink {
    var load: FleetLoad
    let widget: Int
    let kind: String
    let unit: FleetUnit
    let weight: Int
    let clock: Int64
    let offset: Int64
    let memo: MemoizedTimelines?

    mutating func receive(_ reload: Reload) {
        let count: Int
        switch unit {
        case .reloads: count = 1
        case .requests: count = memo?.lastSent ?? reload.requests?.filter(\.wasSent).count ?? 0
        }
        if memo == nil { load.providerCalls += 1 }
        guard count > 0 else { return }
        // The rule's instant: when the reload was due on the device's clock, before the jitter,
        // to the minute (installs and relative policies scatter over its seconds).
        let due = reload.deferredFrom ?? reload.at
        let seconds = (reload.reason == .after ? due - offset : due).seconds
        let instant = Instant(seconds: seconds - ((seconds % 60) + 60) % 60)
        load.add(count * weight, at: reload.at - clock, cause: FleetCause(instant: instant, reason: reload.reason, widget: widget))
    }
}

/// The compiled widget's timelines, each asked once per reload instant and reused by every group
/// with the same clock and jitter offset: without a scenario's per-device state, a reload's
/// timeline depends only on its instant (the container is the app's, the answers the server's).
final class MemoizedTimelines: TimelineProvider {
    let widget: CompiledWidget
    let clock: Int64
    let offset: Int64
    private var kept: [Instant: (timeline: Timeline, sent: Int)] = [:]
    /// URL requests sent by the last timeline handed out.
    private(set) var lastSent = 0
    private(set) var calls = 0
    /// Past this many kept timelines the memory is emptied (install instants are seldom asked
    /// twice; rule instants are asked again at once).
    private static let capacity = 65_536

    init(_ widget: CompiledWidget, clock: Int64, offset: Int64) {
        self.widget = widget
        self.clock = clock
        self.offset = offset
    }

    func placeholder(in context: TimelineContext) -> TimelineEntry { widget.placeholder(in: context) }
    func snapshot(in context: TimelineContext) -> TimelineEntry { widget.snapshot(in: context) }

    func timeline(in context: TimelineContext) -> Timeline {
        if let hit = kept[context.date] {
            lastSent = hit.sent
            return hit.timeline
        }
        calls += 1
        let log = RequestLog()
        var own = TimelineContext(
            family: context.family, isPreview: false, date: context.date, parameters: context.parameters,
            container: context.container, fetcher: context.fetcher, responses: context.responses, requests: log)
        own.installSeed = context.installSeed
        own.jitter = context.jitter
        own.secrets = context.secrets
        let timeline = widget.timeline(in: own)
        lastSent = log.requests.filter(\.wasSent).count
        if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
        kept[context.date] = (timeline, lastSent)
        return timeline
    }
}

/// SplitMix64: a small seeded stream, the same everywhere.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

extension Scenario {
    /// The scenario on a clock `seconds` ahead of true time (a device's).
    func shifted(by seconds: Int64) -> Scenario {
        Scenario(events.map { event in
            switch event {
            case let .write(at, path, value): .write(at: at + seconds, path: path, value: value)
            case let .reload(at, kind, filter): .reload(at: at + seconds, kind: kind, where: filter)
            case let .foreground(from, until): .foreground(from: from + seconds, until: until + seconds)
            case let .respond(at, url, response): .respond(at: at + seconds, url: url, response: response)
            case let .offline(from, until): .offline(from: from + seconds, until: until + seconds)
            case let .push(at, kind): .push(at: at + seconds, kind: kind)
            case let .system(at, change, value): .system(at: at + seconds, change: change, value: value)
            case let .defaults(at, suite, set, remove): .defaults(at: at + seconds, suite: suite, set: set, remove: remove)
            case let .tap(at, tap): .tap(at: at + seconds, tap: tap)
            }
        })
    }
}
