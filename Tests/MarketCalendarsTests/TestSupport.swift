import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport
import WidgetTime
@testable import MarketCalendars

/// A built-in calendar the tests rely on.
func calendar(_ mic: String) -> MarketCalendar {
    guard let c = MarketCalendar.named(mic) else {
        Issue.record("no calendar for \(mic)")
        return MarketCalendar.named("XNYS")!
    }
    return c
}

/// Local day number of `YYYY-MM-DD`.
func day(_ text: String) -> Int64 {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else {
        Issue.record("bad test date \(text)")
        return 0
    }
    return CivilTime.days(year: parts[0], month: parts[1], day: parts[2])
}

/// Weekdays the exchange is closed in a year, as `YYYY-MM-DD`.
func closedDays(_ c: MarketCalendar, _ year: Int) -> [String] {
    c.closures(inYear: year).map { $0.date.description }
}

/// Early closes in a year as `YYYY-MM-DD HH:MM` (local close time).
func earlyCloses(_ c: MarketCalendar, _ year: Int) -> [String] {
    c.sessions(fromDay: CivilTime.days(year: year, month: 1, day: 1), throughDay: CivilTime.days(year: year, month: 12, day: 31))
        .filter(\.earlyClose)
        .map { "\($0.date) \(c.zone.timeText($0.close))" }
}

/// Prefixes each `MM-DD` with the year, for compact expectation lists.
func dates(_ year: Int, _ monthDays: [String]) -> [String] { monthDays.map { "\(year)-\($0)" } }

/// Local `HH:MM-HH:MM` of a session, with the break if any.
func hoursText(_ c: MarketCalendar, _ s: Session?) -> String {
    guard let s else { return "closed" }
    var text = c.zone.timeText(s.open) + "-" + c.zone.timeText(s.close)
    if let bs = s.breakStart, let be = s.breakEnd { text += " break " + c.zone.timeText(bs) + "-" + c.zone.timeText(be) }
    return text
}
