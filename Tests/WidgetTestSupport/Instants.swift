import Foundation
import Testing
import WidgetSupport
import WidgetTime

/// An instant from ISO 8601 text with its offset, read by Foundation (independent of the code
/// under test): every test's one way to write an instant.
package func at(_ text: String) -> Instant {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime]
    guard let d = f.date(from: text) else {
        Issue.record("bad test instant \(text)")
        return Instant(seconds: 0)
    }
    return Instant(seconds: Int64(d.timeIntervalSince1970))
}
