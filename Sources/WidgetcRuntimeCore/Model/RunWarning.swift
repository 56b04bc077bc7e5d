import WidgetSupport
import WidgetTime

/// A problem a run reports without stopping: missing data, entries too close,
/// a rule that exceeds the reload budget.
package struct RunWarning: Sendable, Hashable {
    /// A stable, kebab-case identifier such as `data-missing`.
    package var code: String
    package var message: String
    /// The simulated moment it happened, when there is one.
    package var at: Instant?
    /// Where in the widget's definition the problem is written (`["data", "energy", "dates", "/x"]`),
    /// when it is one place: a command that has the source file names its line.
    package var place: [String]?

    package init(code: String, message: String, at: Instant? = nil, place: [String]? = nil) {
        self.code = code
        self.message = message
        self.at = at
        self.place = place
    }
}

extension Array where Element == RunWarning {
    /// In time order, stable: the given order among warnings of one moment; those without a
    /// moment (the run's end) last.
    package func inTimeOrder() -> [RunWarning] {
        enumerated().sorted { a, b in
            switch (a.element.at, b.element.at) {
            case let (x?, y?) where x != y: x < y
            case (nil, _?): false
            case (_?, nil): true
            default: a.offset < b.offset
            }
        }.map(\.element)
    }
}

/// Collects a run's warnings in order of first occurrence, once each.
///
/// A missing data file is reported by every reload that reads it; people need
/// to read it once, with the moment it first happened.
package final class WarningCollector {
    package private(set) var warnings: [RunWarning] = []
    private var seen: Set<Key> = []

    private struct Key: Hashable {
        let code: String
        let message: String
    }

    package init() {}

    /// Adds a warning unless one with the same code and message is already there.
    package func report(_ warning: RunWarning) {
        if seen.insert(Key(code: warning.code, message: warning.message)).inserted {
            warnings.append(warning)
        }
    }
}
