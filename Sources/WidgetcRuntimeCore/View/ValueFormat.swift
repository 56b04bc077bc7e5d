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
        case .time, .hour, .date, .numericDate, .monthDay, .weekday, .weekdayTime, .dateTime: true
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
    /// given something that is not a number).
    package func text(_ value: JSONValue, zone: ZoneRules, locale: String?) -> String? {
        if isInstant {
            guard let written = value.string, let parsed = try? InstantParser.parse(written) else { return nil }
            return self.text(instant: parsed.instant, zone: zone, locale: locale)
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

    /// An instant as this (instant) format shows it.
    package func text(instant: Instant, zone: ZoneRules, locale: String?) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(instant.seconds))
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
