import Foundation
import WidgetSupport
import WidgetTestSupport
@testable import WidgetTime

/// Zone rules for a name the test relies on.
func zone(_ name: String) -> ZoneRules {
    guard let z = ZoneRules(identifier: name) else {
        Issue.record("zone \(name) unknown on this machine")
        return ZoneRules.utc
    }
    return z
}

/// ISO 8601 text of an instant with the zone's offset, via Foundation.
func foundationText(_ i: Instant, _ name: String) -> String {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    f.timeZone = TimeZone(identifier: name)
    return f.string(from: Date(timeIntervalSince1970: Double(i.seconds)))
}

/// The parse error of `body`, or nil if it did not throw.
func parseError<T>(_ body: () throws(TimeParseError) -> T) -> TimeParseError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

import Testing
