import Foundation
import WidgetSupport

/// What performing an intent did (docs/intents.md). Not `IntentResult`: that is AppIntents' own
/// protocol, and the generated intents import both modules.
public struct PerformedIntent: Sendable, Equatable {
    /// One value changed in a container file.
    public struct Change: Sendable, Equatable {
        public let file: String
        /// The JSON Pointer as rendered with the arguments.
        public let pointer: String
        /// nil: nothing was there.
        public let old: WidgetValue?
        /// nil: removed.
        public let new: WidgetValue?
    }

    public let changes: [Change]
    /// The other kinds to reload (`WidgetCenter.shared.reloadTimelines(ofKind:)`); the widget
    /// whose button or toggle ran the intent is reloaded by WidgetKit anyway.
    public let reloadKinds: [String]
    /// The URL to open the app at (`open`), if the intent has one.
    public let openURL: String?
    /// Its `swift` effects, in order (docs/swift-hatch.md): the runtime does not run them.
    public let swiftEffects: [SwiftEffectCall]

    /// A key of the app group's UserDefaults the intent sets or removes: the caller applies it
    /// through `UserDefaults(suiteName:)` (the generated intent does), since iOS keeps a suite's
    /// values in its own process and its property list is not for writing.
    public struct DefaultsChange: Sendable, Equatable {
        /// nil: the app group's own suite.
        public let suite: String?
        public let key: String
        /// nil: removed.
        public let value: WidgetValue?
    }

    public let defaults: [DefaultsChange]

    init(_ outcome: IntentOutcome) {
        defaults = outcome.defaults.map { DefaultsChange(suite: $0.key.suite, key: $0.key.key, value: $0.value.map(WidgetValue.init)) }
        changes = outcome.changes.map {
            Change(file: $0.file, pointer: $0.pointer, old: $0.old.map(WidgetValue.init), new: $0.new.map(WidgetValue.init))
        }
        reloadKinds = outcome.reloads
        openURL = outcome.open
        swiftEffects = outcome.swiftCalls
    }
}

extension WidgetValue {
    /// The value as a property list object for `UserDefaults.set(_:forKey:)`; nil for null (removed).
    public var propertyListValue: Any? {
        switch self {
        case .null: nil
        case .bool(let b): b
        case .int(let i): i
        case .double(let d): d
        case .string(let s): s
        case .array(let items): items.compactMap(\.propertyListValue)
        case .object(let members):
            Dictionary(members.compactMap { m in m.value.propertyListValue.map { (m.key, $0) } }, uniquingKeysWith: { first, _ in first })
        }
    }
}

extension WidgetPlan {
    /// The names of the widget's intents, in declaration order.
    public var intentNames: [String] { widget.intents.map(\.name) }

    /// Performs an intent on the app group container: its effects in order, all or nothing, each
    /// file replaced whole and atomically under the container's lock (and file coordination on
    /// Apple platforms). Arguments not given take their defaults.
    /// - Throws: `IntentError` naming the file and the pointer at fault; no file is changed then.
    public func perform(intent name: String, arguments: [String: WidgetValue] = [:], container: URL) throws(IntentError) -> PerformedIntent {
        guard let intent = widget.intents.first(where: { $0.name == name }) else {
            let names = widget.intents.map(\.name)
            throw IntentError("widget '\(kind)' has no intent '\(name)'" + (names.isEmpty ? "" : " (its intents: \(names.joined(separator: ", ")))"))
        }
        var given = JSONObject()
        for (key, value) in arguments.sorted(by: { $0.key < $1.key }) { given.appendNew(key, value.json) }
        return PerformedIntent(try IntentFiles.perform(intent, arguments: given, directory: container.path))
    }

    /// The UserDefaults suites intent `name` may set or remove keys of, each once, in order (nil:
    /// the app group's own), without reading or changing anything: the generated `perform` opens
    /// them all before a file changes, so a suite that cannot be opened leaves everything as it was.
    public func defaultsSuites(intent name: String) -> [String?] {
        var suites: [String?] = []
        for effect in widget.intents.first(where: { $0.name == name })?.effects ?? [] {
            switch effect {
            case .setDefaults(let key, _), .removeDefaults(let key):
                if !suites.contains(key.suite) { suites.append(key.suite) }
            default: continue
            }
        }
        return suites
    }

    /// The `swift` effects a call of intent `name` makes, their arguments rendered, in order,
    /// without reading or changing the container: the generated `perform` runs them first, so a
    /// throw leaves the container as it was (docs/swift-hatch.md).
    public func swiftEffects(intent name: String, arguments: [String: WidgetValue] = [:]) throws(IntentError) -> [SwiftEffectCall] {
        guard let intent = widget.intents.first(where: { $0.name == name }) else {
            throw IntentError("widget '\(kind)' has no intent '\(name)'")
        }
        var given = JSONObject()
        for (key, value) in arguments.sorted(by: { $0.key < $1.key }) { given.appendNew(key, value.json) }
        return try intent.swiftCalls(arguments: given)
    }
}
