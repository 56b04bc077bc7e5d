import Foundation
import WidgetSupport
import WidgetTime

/// How a face shows a number or an instant without the app writing formatted text
/// (docs/views.md, "Formatting"): the runtime formats in the widget's zone and locale, as
/// the device's `Date.FormatStyle` and `FloatingPointFormatStyle` do, so both renderers and
/// content strings get the same text.
package enum ValueFormat: String, Sendable, CaseIterable {
    // Instants.
    /// `9:41 AM`, `09:41`.
    case time
    /// `9 AM`.
    case hour
    /// `Nov 29, 2026`.
    case date
    /// `11/29/2026`.
    case numericDate
    /// `Nov 29`.
    case monthDay
    /// `Sunday`.
    case weekday
    /// `Sun 9:41 AM`.
    case weekdayTime
    /// `Nov 29, 2026 at 9:41 AM`.
    case dateTime
    /// `in 3 hours`, `2 days ago`: from the entry's date (fixed text; a face's `date` with
    /// `style: relative` counts live instead).
    case relative
    // Numbers.
    /// Grouped digits, at most three fraction digits: `12,345.6`.
    case number
    /// Rounded to a whole number, grouped: `12,346`.
    case integer
    /// One fraction digit, grouped: `12,345.6`, `3.0`.
    case decimal1
    /// Two fraction digits, grouped: `12,345.60`.
    case decimal2
    /// A fraction as a percentage, rounded: `0.423` is `42%`.
    case percent
    /// A fraction as a percentage with one fraction digit: `42.3%`.
    case percent1

    /// Whether the format shows an instant (else a number).
    package var isInstant: Bool {
        switch self {
        case .time, .hour, .date, .numericDate, .monthDay, .weekday, .weekdayTime, .dateTime, .relative: true
        default: false
        }
    }

    package static let names = allCases.map(\.rawValue)
    package static let instantNames = allCases.filter(\.isInstant).map(\.rawValue)
    package static let numberNames = allCases.filter { !$0.isInstant }.map(\.rawValue)

    /// The locale used when a widget is shown without one (`run` without `--locale`).
    package static let sourceLocale = "en_US"

    /// A value as this format shows it; nil when the value is not what the format takes
    /// (an instant format given something that is not an ISO 8601 instant, a number format
    /// given something that is not a number). `relative` counts from `now` (the entry's date).
    /// A nil zone shows an instant at the offset it was written with (quick actions: no widget zone).
    package func text(_ value: JSONValue, zone: ZoneRules?, locale: String?, now: Instant) -> String? {
        if isInstant {
            guard let written = value.string, let parsed = try? InstantParser.parse(written) else { return nil }
            return self.text(instant: parsed.instant, zone: zone ?? .fixed(offsetSeconds: parsed.offset), locale: locale, now: now)
        }
        let number: Double
        switch value {
        case .int(let i): number = Double(i)
        case .double(let d): number = d
        case .string(let s): guard let d = Double(s), d.isFinite else { return nil }; number = d
        default: return nil
        }
        return self.text(number: number, locale: locale)
    }

    /// What the format shows, in a few words with its `en_US` example (for the editor's completion).
    package var summary: String {
        switch self {
        case .time: "an instant's local time: 9:41 AM"
        case .hour: "an instant's hour: 9 AM"
        case .date: "an instant's date: Nov 29, 2026"
        case .numericDate: "an instant's date in digits: 11/29/2026"
        case .monthDay: "an instant's month and day: Nov 29"
        case .weekday: "an instant's weekday: Sunday"
        case .weekdayTime: "an instant's weekday and time: Sun 9:41 AM"
        case .dateTime: "an instant's date and time: Nov 29, 2026 at 9:41 AM"
        case .relative: "an instant from the entry's date: in 3 hours"
        case .number: "a number, grouped: 12,345.6"
        case .integer: "a number rounded, grouped: 12,346"
        case .decimal1: "a number with one decimal: 12,345.6"
        case .decimal2: "a number with two decimals: 12,345.60"
        case .percent: "a fraction as a percentage: 0.423 is 42%"
        case .percent1: "a fraction as a percentage: 0.423 is 42.3%"
        }
    }

    /// What the value is, in words, when it is not what the format takes (for messages).
    package var takes: String { isInstant ? "an instant" : "a number" }

    /// An instant as this (instant) format shows it; `relative` counts from `now`.
    package func text(instant: Instant, zone: ZoneRules, locale: String?, now: Instant) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(instant.seconds))
        if self == .relative {
            // The anchored style shows its anchor as seen from the date it formats.
            var style = Date.AnchoredRelativeFormatStyle(anchor: date, presentation: .numeric, unitsStyle: .wide)
            style.locale = Self.locale(locale)
            style.calendar = Calendar(identifier: .gregorian)
            return style.format(Date(timeIntervalSince1970: TimeInterval(now.seconds)))
        }
        var style = Date.FormatStyle(
            locale: Self.locale(locale), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: zone.identifier) ?? TimeZone(secondsFromGMT: zone.utcOffset(at: instant)) ?? .gmt)
        switch self {
        case .time: style = style.hour().minute()
        case .hour: style = style.hour()
        case .date: style = style.year().month(.abbreviated).day()
        case .numericDate: style = style.year().month(.defaultDigits).day()
        case .monthDay: style = style.month(.abbreviated).day()
        case .weekday: style = style.weekday(.wide)
        case .weekdayTime: style = style.weekday(.abbreviated).hour().minute()
        case .dateTime: style = style.year().month(.abbreviated).day().hour().minute()
        default: style = style.hour().minute()
        }
        return style.format(date)
    }

    /// A number as this (number) format shows it.
    package func text(number: Double, locale: String?) -> String {
        let locale = Self.locale(locale)
        switch self {
        case .integer: return number.rounded().formatted(.number.locale(locale).precision(.fractionLength(0)))
        case .decimal1: return number.formatted(.number.locale(locale).precision(.fractionLength(1)))
        case .decimal2: return number.formatted(.number.locale(locale).precision(.fractionLength(2)))
        case .percent: return number.formatted(.percent.locale(locale).precision(.fractionLength(0)))
        case .percent1: return number.formatted(.percent.locale(locale).precision(.fractionLength(1)))
        default: return number.formatted(.number.locale(locale).precision(.fractionLength(0...3)))
        }
    }

    private static let locales = Locked<[String: Locale]>([:])

    /// Foundation's locale for a BCP 47 tag, made once per tag.
    private static func locale(_ tag: String?) -> Locale {
        let tag = tag ?? sourceLocale
        return locales.withLock { cache in
            if let l = cache[tag] { return l }
            let l = Locale(identifier: tag)
            cache[tag] = l
            return l
        }
    }
}
