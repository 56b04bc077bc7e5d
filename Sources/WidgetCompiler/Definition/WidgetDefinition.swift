import WidgetSupport
import WidgetcRuntimeCore

/// A value read from a definition, with the node it was read from.
///
/// The node gives the position (`location`) and, for the checks, the text as written:
/// `shown` in messages and positions inside a string (`CheckContext.location(inside:)`).
/// JSON pointers are fixed paths in the definition, built by whoever reports, and only then.
package struct Positioned<Value: Sendable>: Sendable {
    package let value: Value
    /// Where `value` is written.
    package let node: SourceNode

    package var location: SourceLocation { node.location }
}

/// A string of a definition, with the node it was read from. The `String` is built
/// when `value` is read: the checks mostly compare the bytes in place (`node`), and
/// only the lowering and the messages need the text.
package struct Text: Sendable {
    /// Where the string is written (always a string node).
    package let node: SourceNode

    package var value: String { node.string ?? "" }
    package var location: SourceLocation { node.location }
}

/// A widget definition (spec "Widget definitions"), decoded once from its document
/// (`WidgetDefinition(decoding:)`); the semantic checks and the lowering both read it.
///
/// Decoding is tolerant: a value of the wrong shape (the schema layer reports it) is
/// absent here, never a second diagnostic. Trees of templates (`content` and the like)
/// stay as their nodes: the checks scan each template in place, the plan carries them as JSON.
package struct WidgetDefinition: Sendable {
    /// The document, for what walks it whole (localizable strings).
    package let root: SourceNode
    package var kind: Text?
    package var displayName: Text?
    package var description: Text?
    /// `families` as written: `value` is nil when the list is not well formed (not a
    /// list, or an item that is not a family); absent means the three system families.
    package var families: Positioned<[WidgetFamily]?>?
    package var timeZone: Text?
    /// The parameters that are mappings, in order.
    package var parameters: [Parameter] = []
    /// The `parameters` mapping itself: template names are looked up in its keys in place.
    package var parametersNode: SourceNode?
    /// The data sources that are mappings, in order.
    package var data: [DataSource] = []
    /// The `data` mapping itself, for name lookups in place.
    package var dataNode: SourceNode?
    /// The `let` mapping itself (computed values, docs/cel.md): names are looked up in its keys in place.
    package var letNode: SourceNode?
    /// Its members whose value is a string (an expression), in order.
    package var lets: [Let] = []
    package var content: SourceNode?
    package var familyContent: SourceNode?
    package var placeholder: SourceNode?
    package var snapshot: SourceNode?
    /// The widget's tap URL (a template).
    package var url: SourceNode?
    /// `push: true`: the widget takes WidgetKit pushes (docs/pushes.md).
    package var push: SourceNode?
    /// `relevance: { score: EXPR, duration: D }`: each entry's `TimelineEntryRelevance`.
    package var relevance: SourceNode?
    /// The widget's face: `view`, `familyView`, `background` (docs/views.md).
    package var face = ViewDefinition()
    /// The timeline, when it is a mapping.
    package var timeline: Timeline?
    /// `intents:` (docs/intents.md): the intents that are mappings, in order.
    package var intents: [Intent] = []
    /// The `intents` mapping itself, for name lookups in place.
    package var intentsNode: SourceNode?
    /// Whether `localization` is written, and its `catalog` (a path relative to the file).
    package var hasLocalization = false
    package var catalog: Text?

    /// An empty definition of `root`, which `decode()` fills.
    init(root: SourceNode) {
        self.root = root
    }

    /// The families the widget declares, as written or by default.
    package static let defaultFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
}

extension WidgetDefinition {
    /// One intent parameter.
    package struct Parameter: Sendable {
        package let name: String
        /// The parameter's mapping.
        package let node: SourceNode
        /// The declared type; nil when `type` is absent or names no type (the schema reports that).
        package var type: Positioned<ParameterType>? {
            guard let declaredType, let node = member(typeIndex) else { return nil }
            return Positioned(value: declaredType, node: node)
        }
        package var title: Text? { member(titleIndex).map(Text.init) }
        /// The edit sheet's help text for the parameter (`description`), when written.
        package var description: Text? { member(descriptionIndex).map(Text.init) }
        /// The bounds and default as written: raw scalars, because the checks judge their
        /// form (an integer written as `1e23`, `2^53 + 1` against a double) and not only their value.
        package var min: SourceNode? { member(minIndex) }
        package var max: SourceNode? { member(maxIndex) }
        package var defaultValue: SourceNode? { member(defaultIndex) }
        /// An enum's `values` as written (duplicates and non-strings are the checks' to report).
        package var values: SourceNode? { member(valuesIndex) }
        /// The string items of `values`, in order (built when read: only the lowering wants them).
        package var enumValues: [String] { (values?.items ?? .empty).compactMap(\.string) }
        package var valueTitles: SourceNode? { member(valueTitlesIndex) }
        /// An entity parameter's `options` (docs/entities.md): where its records come from and how each is shown.
        package var options: SourceNode? { member(optionsIndex) }
        /// An entity parameter's `multiple: { max: N }`: a list of entities.
        package var multiple: SourceNode? { member(multipleIndex) }

        // What decoding found, as node numbers in the parameter's document (-1: absent): the
        // checks pass parameters around, and numbers copy without reference counting.
        var declaredType: ParameterType?
        var typeIndex: Int32 = -1
        var titleIndex: Int32 = -1
        var descriptionIndex: Int32 = -1
        var minIndex: Int32 = -1
        var maxIndex: Int32 = -1
        var defaultIndex: Int32 = -1
        var valuesIndex: Int32 = -1
        var valueTitlesIndex: Int32 = -1
        var optionsIndex: Int32 = -1
        var multipleIndex: Int32 = -1

        init(name: String, node: SourceNode) {
            self.name = name
            self.node = node
        }

        private func member(_ index: Int32) -> SourceNode? {
            index < 0 ? nil : SourceNode(document: node.document, index: index)
        }
    }

    /// One App Intent: `intents.NAME`.
    package struct Intent: Sendable {
        package let name: String
        /// The intent's mapping.
        package let node: SourceNode
        package var title: Text?
        package var description: Text?
        /// Its parameters that are mappings, with the widget parameter rules.
        package var parameters: [Parameter] = []
        package var parametersNode: SourceNode?
        /// `perform`'s items that name one effect, in order.
        package var effects: [Effect] = []

        /// The parameter declared with this name.
        package func parameter(named name: String) -> Parameter? {
            parameters.first { $0.name == name }
        }
    }

    /// One effect of `perform`, each member as written (a `swift` effect's node is its item: `args` is beside `swift`).
    package struct Effect: Sendable {
        /// The item's index in `perform`.
        package let index: Int
        package let kind: EffectKind
        /// The effect's value (a mapping for the container effects, a list for `reload`, text for `open`).
        package let node: SourceNode
        package var file: Text? { text("file") }
        package var at: Text? { text("at") }
        package var value: SourceNode? { node.isMapping ? node[word: "value"] : nil }
        package var by: SourceNode? { node.isMapping ? node[word: "by"] : nil }
        package var min: SourceNode? { node.isMapping ? node[word: "min"] : nil }
        package var max: SourceNode? { node.isMapping ? node[word: "max"] : nil }
        /// `set`/`remove` of a UserDefaults key (`defaults: KEY`, optional `suite`) instead of a file's pointer.
        package var defaults: Text? { text("defaults") }
        package var suite: Text? { text("suite") }
        package var isOnDefaults: Bool { (kind == .set || kind == .remove) && node.isMapping && node[word: "defaults"] != nil }
        /// A `swift` effect's type name (its node is then the item itself).
        package var swiftType: Text? { kind == .swift ? text("swift") : nil }
        /// A `swift` effect's `args`.
        package var arguments: SourceNode? { kind == .swift && node.isMapping ? node[word: "args"] : nil }

        private func text(_ word: StaticString) -> Text? {
            guard node.isMapping, let value = node[word: word], value.isString else { return nil }
            return Text(node: value)
        }
    }

    /// The effects an intent performs.
    package enum EffectKind: String, Sendable, CaseIterable {
        case set, toggle, increment, append, remove, reload, open, swift

        /// Whether it acts on a container file (`file` and `at`).
        package var isOnFile: Bool { self != .reload && self != .open && self != .swift }
    }

    /// One computed value: `name: EXPRESSION`.
    package struct Let: Sendable {
        package let name: String
        /// The member's index in the `let` mapping (for the key's position).
        package let member: Int
        /// The expression's string node.
        package let expression: SourceNode
    }

    /// A parameter's type (spec "Parameters").
    package enum ParameterType: String, Sendable {
        case integer, number, duration, boolean, string, `enum`, entity
    }

    /// A data source: a file in the app group container, or a URL fetched at each reload.
    package struct DataSource: Sendable {
        package let name: String
        package let node: SourceNode
        package var file: Text?
        /// A container file's `retry` (a URL source's is its request's).
        package var retry: SourceNode?
        /// Set when `url` is written.
        package var request: Request?
        /// `dates`: JSON Pointer → format (docs/data-dates.md), as written.
        package var dates: SourceNode?
        /// `zone`: the zone its dates are read in.
        package var zone: Text?
        /// `defaults`: the app group's UserDefaults keys with their defaults (docs/data-sources.md).
        package var defaults: SourceNode?
        /// `suite`: the UserDefaults suite (default: the app manifest's appGroup).
        package var suite: Text?
        /// `swift`: the extension's type that gives the value on the device (docs/swift-hatch.md).
        package var swift: Text?
        /// `args`: what that type's load receives (templates over `param.*`).
        package var arguments: SourceNode?
        /// `fixture`: the container file run and preview read instead.
        package var fixture: Text?
        /// `schema`: the JSON Schema subset (type, properties, items) typing its value in expressions.
        package var schema: SourceNode?
    }

    /// A URL data source's request (spec network-data.md); durations as written.
    package struct Request: Sendable {
        /// The URL (a template over `param.*`); a value that is not a string is kept as its node.
        package var url: SourceNode
        package var method: Text?
        /// Each header's name and value as written.
        package var headers: [(name: String, value: SourceNode)] = []
        package var body: SourceNode?
        package var timeout: SourceNode?
        package var maxAge: SourceNode?
        package var stale: SourceNode?
        package var retry: SourceNode?
        package var select: Text?
        package var insecure: Bool?
        /// `fallback`: the sources that stand in, in order, when this one has no value.
        package var fallback: [String] = []
        /// `image`: a remote image's mapping (its `url` is `url`); nil for a JSON source.
        package var image: SourceNode? = nil

        /// Where `url` is written under the source: `url`, or `image/url`.
        package var urlPath: [String] { image == nil ? ["url"] : ["image", "url"] }
    }

    /// The timeline: its rules (exactly one when valid) and options.
    package struct Timeline: Sendable {
        package let node: SourceNode
        /// Every member that names a rule, in order.
        package var rules: [RuleEntry] = []
        /// The duration (or template) the timeline covers.
        package var horizon: SourceNode?
        package var policy: Positioned<Policy>?
        /// `policy: {jitter: J}`'s value (docs/fleet.md).
        package var policyJitter: SourceNode?
        /// `events`, one per item: the item's `at` (nil when it has none).
        package var events: [SourceNode?] = []
        /// `align` when it is a boolean.
        package var align: Bool?
        /// `maxEntries` when it is a number.
        package var maxEntries: Double?

        /// The one rule, when there is exactly one.
        package var rule: RuleEntry? { rules.count == 1 ? rules.first : nil }
    }

    /// One rule member of the timeline.
    package struct RuleEntry: Sendable {
        /// The member's index in the timeline mapping.
        package let index: Int
        package let rule: Rule
        /// The rule's value.
        package let node: SourceNode
        package var name: RuleName { rule.name }
    }

    /// The timeline keys that name a rule.
    package enum RuleName: String, Sendable, CaseIterable {
        case every, hourly, daily, cron, market, progress, sequence, schedule, once

        /// Each rule's timeline key as a static word (a table of them answers the rule itself).
        static func word(_ rule: RuleName) -> StaticString {
            switch rule {
            case .every: "every"
            case .hourly: "hourly"
            case .daily: "daily"
            case .cron: "cron"
            case .market: "market"
            case .progress: "progress"
            case .sequence: "sequence"
            case .schedule: "schedule"
            case .once: "once"
            }
        }

        private static let words = WordMap<RuleName>(allCases.map { (word($0), $0) })

        /// The rule a timeline key names (what `init(rawValue:)` answers, without a string switch).
        static func named(_ key: String) -> RuleName? {
            words.value(of: key)
        }

        /// The same for a key read in place, as its UTF-8 bytes.
        static func named(_ key: UnsafeBufferPointer<UInt8>) -> RuleName? {
            words.value(ofText: key)
        }
    }


    /// A rule with what it says, each field as written (durations and numbers may be templates).
    package enum Rule: Sendable {
        /// A duration or a template; nil when the value is not a string.
        case every(Text?)
        /// The value when it is a boolean (only `true` is a rule).
        case hourly(Bool?)
        case daily([DailySlot])
        case cron(Text?)
        case market(exchange: Text?, every: SourceNode?)
        case progress(Progress)
        case sequence(items: Text?, every: SourceNode?)
        case schedule(Schedule)
        case once(Bool?)

        package var name: RuleName {
            switch self {
            case .every: .every
            case .hourly: .hourly
            case .daily: .daily
            case .cron: .cron
            case .market: .market
            case .progress: .progress
            case .sequence: .sequence
            case .schedule: .schedule
            case .once: .once
            }
        }
    }

    /// One daily slot (every item of the list, so indices match the source).
    package struct DailySlot: Sendable {
        package let node: SourceNode
        package var at: Text?
        package var name: Text?
        package var content: SourceNode?
    }

    /// `progress`: numbers or templates, an instant, a duration.
    package struct Progress: Sendable {
        package var value: SourceNode?
        package var since: SourceNode?
        package var by: SourceNode?
        package var every: SourceNode?
        package var to: SourceNode?
    }

    /// `schedule`: the list (`data.NAME…` or `let.NAME…`), each item's instants as templates, how many later items an entry sees.
    package struct Schedule: Sendable {
        package var items: Text?
        package var at: SourceNode?
        package var end: SourceNode?
        package var upcoming: SourceNode?
    }

    /// The reload policy.
    package enum Policy: Sendable {
        /// `atEnd` or `never`.
        case word(String)
        /// `after:` with its value (nil when `after` is absent from the mapping).
        case after(SourceNode?)
        /// Anything else (the schema reports it).
        case other
    }
}
