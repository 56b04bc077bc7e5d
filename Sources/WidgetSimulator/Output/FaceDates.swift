import WidgetSupport
import WidgetTime

/// What a `date` or `timer` text shows on the device at one instant (docs/preview.md, "Faces"):
/// the device counts `timer` and `relative` texts live, so the page shows them as they read at
/// the entry's date, not at the date the value was written.
package struct FaceDates: Sendable {
    package let zone: any UTCOffsetSource
    /// The page's locale tag (`en-US`, `de`…); nil is `en-US`.
    package let locale: String?

    package init(zone: any UTCOffsetSource, locale: String?) {
        self.zone = zone
        self.locale = locale
    }

    /// `Text(date, style:)` as it reads at `now`.
    package func text(_ date: Instant, style: String, now: Instant) -> String {
        switch style {
        case "time": time(date)
        case "date": day(date)
        case "relative": relative(date - now)
        case "offset": offset(date - now)
        default: Self.timer(abs(date - now))
        }
    }

    /// `Text(timerInterval: from...to, countsDown:)` as it reads at `now`: the time left (or
    /// elapsed) within the interval, stopped at its ends.
    package func interval(from: Instant, to: Instant, countsDown: Bool, now: Instant) -> String {
        let clamped = min(max(now, from), max(from, to))
        return Self.timer(countsDown ? max(to, from) - clamped : clamped - from)
    }

    /// `ProgressView(timerInterval:countsDown:)`'s fraction at `now` (a count down empties).
    package static func fraction(from: Instant, to: Instant, countsDown: Bool, now: Instant) -> Double {
        guard to > from else { return countsDown ? 0 : 1 }
        let done = Double(min(max(now - from, 0), to - from)) / Double(to - from)
        return countsDown ? 1 - done : done
    }

    /// A timer's digits: `53:30:00`, `5:07`, `0:09` (hours unpadded and only when there are some).
    package static func timer(_ seconds: Int64) -> String {
        let s = max(seconds, 0)
        let h = s / 3600, m = (s % 3600) / 60, sec = s % 60
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(m):\(two(sec))"
    }

    /// `in 3 hr`, `in 2 hr, 13 min`, `5 min ago`: the two largest units that are not zero.
    package func relative(_ seconds: Int64) -> String {
        let amount = Self.units(abs(seconds))
        if seconds == 0 { return "now" }
        return seconds > 0 ? "in " + amount : amount + " ago"
    }

    /// `+3 hr`, `-5 min`.
    package func offset(_ seconds: Int64) -> String {
        (seconds < 0 ? "-" : "+") + Self.units(abs(seconds))
    }

    static func units(_ seconds: Int64) -> String {
        let parts: [(Int64, String, String)] = [(86_400, "day", "days"), (3600, "hr", "hr"), (60, "min", "min"), (1, "sec", "sec")]
        var rest = seconds
        var shown: [String] = []
        for (size, one, many) in parts where shown.count < 2 {
            let n = rest / size
            rest %= size
            if n > 0 { shown.append("\(n) \(n == 1 ? one : many)") } else if !shown.isEmpty { break }
        }
        return shown.isEmpty ? "0 sec" : shown.joined(separator: ", ")
    }

    /// The local civil time of `t`.
    func civil(_ t: Instant) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        let iso = Array(t.iso8601(offset: zone.utcOffset(at: t)))
        func n(_ r: Range<Int>) -> Int { Int(String(iso[r])) ?? 0 }
        return (n(0..<4), n(5..<7), n(8..<10), n(11..<13), n(14..<16))
    }

    /// Whether the locale writes the time on a 12-hour clock (`8:05 PM`): English but for
    /// the regions that use 24 hours, as CLDR has it for the locales widgetc's examples use.
    var twelveHour: Bool {
        let parts = (locale ?? "en-US").split { $0 == "-" || $0 == "_" }.map(String.init)
        guard parts.first?.lowercased() == "en" else { return false }
        let region = parts.dropFirst().first { $0.count == 2 }?.uppercased()
        return !["GB", "IE", "DE", "FR", "NL", "SE", "DK", "FI", "BE", "CH", "AT", "IL", "ZA"].contains(region ?? "US")
    }

    /// `.time`: `8:05 PM` (12-hour English) or `20:05`.
    func time(_ t: Instant) -> String {
        let c = civil(t)
        let mm = c.minute < 10 ? "0\(c.minute)" : "\(c.minute)"
        guard twelveHour else { return (c.hour < 10 ? "0\(c.hour)" : "\(c.hour)") + ":" + mm }
        let h = c.hour % 12 == 0 ? 12 : c.hour % 12
        return "\(h):\(mm) " + (c.hour < 12 ? "AM" : "PM")
    }

    /// A date axis's label: the hour (`9 AM`, `09`) over two days or less, else the day (`Nov 29`,
    /// `11-29` outside English), as Swift Charts' automatic date axis picks its unit by the span.
    package func axisLabel(_ t: Instant, span seconds: Int64) -> String {
        let c = civil(t)
        if seconds <= 2 * 86_400 {
            guard twelveHour else { return c.hour < 10 ? "0\(c.hour)" : "\(c.hour)" }
            return "\(c.hour % 12 == 0 ? 12 : c.hour % 12) " + (c.hour < 12 ? "AM" : "PM")
        }
        guard (locale ?? "en").lowercased().hasPrefix("en") else { return String(t.iso8601(offset: zone.utcOffset(at: t)).dropFirst(5).prefix(5)) }
        return "\(Self.months[max(0, min(11, c.month - 1))].prefix(3)) \(c.day)"
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `.date`: `November 29, 2026` in English, the ISO date (`2026-11-29`) in other languages.
    func day(_ t: Instant) -> String {
        let c = civil(t)
        let english = (locale ?? "en").lowercased().hasPrefix("en")
        guard english else { return String(t.iso8601(offset: zone.utcOffset(at: t)).prefix(10)) }
        return "\(Self.months[max(0, min(11, c.month - 1))]) \(c.day), \(c.year)"
    }
}
