import WidgetSupport
import WidgetTime

/// What `widgetc sessions MIC` prints: one line (or JSON object) per session,
/// with local wall times, so a user can see the calendar the `market` rule uses.
package enum SessionListing {
    /// Text, one session a line:
    /// `2024-07-03 Wed 09:30-13:00 early close` or
    /// `2025-01-06 Mon 09:00-15:30 break 11:30-12:30`.
    package static func text(_ sessions: [Session], calendar: MarketCalendar) -> String {
        var out = ""
        for s in sessions {
            out += s.date.description
            out += " " + abbreviations[CivilTime.weekday(days: s.day)]
            out += " " + calendar.zone.timeText(s.open) + "-" + calendar.zone.timeText(s.close)
            if let bs = s.breakStart, let be = s.breakEnd {
                out += " break " + calendar.zone.timeText(bs) + "-" + calendar.zone.timeText(be)
            }
            if s.lateOpen { out += " late open" }
            if s.earlyClose { out += " early close" }
            out += "\n"
        }
        return out
    }

    private static let abbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// JSON value: an array of `{date, open, close, breakStart?, breakEnd?, earlyClose, lateOpen}`
    /// with instants in ISO 8601 at the exchange's offset.
    package static func json(_ sessions: [Session], calendar: MarketCalendar) -> JSONValue {
        .array(sessions.map { s in
            var o = JSONObject()
            o["date"] = .string(s.date.description)
            o["open"] = .string(calendar.zone.iso8601(s.open))
            o["close"] = .string(calendar.zone.iso8601(s.close))
            if let bs = s.breakStart, let be = s.breakEnd {
                o["breakStart"] = .string(calendar.zone.iso8601(bs))
                o["breakEnd"] = .string(calendar.zone.iso8601(be))
            }
            o["earlyClose"] = .bool(s.earlyClose)
            o["lateOpen"] = .bool(s.lateOpen)
            return .object(o)
        })
    }
}
