import WidgetSupport
import WidgetTemplates
import WidgetTime

/// `{{name | format}}` in the runtime's scopes (docs/language-notes.md, "Formats in text"):
/// the face's formats (`ValueFormat`, one set of names and one implementation), in the
/// widget's zone and the locale it is shown in.
package struct TemplateFormatting: Sendable {
    /// The widget's zone; nil shows each instant at the offset it was written with.
    package let zone: ZoneRules?
    package let locale: String?
    /// Where values a format cannot show are noted, for the reload's warnings (nil: not noted).
    package let failures: FormatFailures?

    package init(zone: ZoneRules?, locale: String?, failures: FormatFailures? = nil) {
        self.zone = zone
        self.locale = locale
        self.failures = failures
    }

    /// The value as the reference's format shows it, `relative` counting from `now`; nil (after
    /// noting it) when the value is not what the format takes. No value (null, empty text) is
    /// empty text, as an unformatted tag shows it.
    package func text(_ value: JSONValue, _ reference: TemplateReference, now: Instant) -> String? {
        text(value, reference, now: now, failures: failures)
    }

    /// The same, noting a failure in `failures`, asked for only then.
    package func text(
        _ value: JSONValue, _ reference: TemplateReference, now: Instant, failures: @autoclosure () -> FormatFailures?
    ) -> String? {
        if value.isNull || value.string == "" { return "" }
        guard let name = reference.format, let format = ValueFormat(rawValue: name) else {
            failures()?.note(reference, value, wanted: nil)
            return nil
        }
        if let text = format.text(value, zone: zone, locale: locale, now: now) { return text }
        failures()?.note(reference, value, wanted: format)
        return nil
    }
}

/// The tags whose value a format could not show during one reload (or one face's rendering),
/// each once: the reload warns about each (`template-format`), and the value shows as it is.
package final class FormatFailures: @unchecked Sendable {
    package struct Failure: Sendable, Equatable {
        /// The tag as written, `{{data.x | time}}`.
        package let tag: String
        /// The value's JSON text, cut to 60 characters.
        package let value: String
        /// What the format takes (`an instant`); nil for a format the runtime does not know
        /// (a plan edited by hand: validate refuses unknown formats).
        package let wanted: String?

        package var message: String {
            guard let wanted else { return "\(tag): the format is unknown; the value \(value) shows as it is" }
            return "\(tag) got \(value), which is not \(wanted); it shows as it is"
        }
    }

    private let lock = Locked<[Failure]>([])

    package init() {}

    func note(_ reference: TemplateReference, _ value: JSONValue, wanted: ValueFormat?) {
        var shown = JSONWriter.string(value)
        if shown.count > 60 { shown = String(shown.prefix(59)) + "…" }
        let failure = Failure(tag: "{{\(reference.name) | \(reference.format ?? "")}}", value: shown, wanted: wanted?.takes)
        lock.withLock { list in
            // Once per tag: an entry after another with the same bad value says nothing new.
            if !list.contains(where: { $0.tag == failure.tag }) { list.append(failure) }
        }
    }

    /// The failures noted so far, in the order met; and forgets them.
    package func take() -> [Failure] {
        lock.withLock { list in
            defer { list = [] }
            return list
        }
    }
}

/// A scope that formats over another (`{{name | format}}` where the values are a plain JSON
/// value, such as a quick action's record), `relative` counting from `now`.
package struct FormattingScope<Base: TemplateScope>: TemplateScope {
    package let base: Base
    package let formatting: TemplateFormatting
    package let now: Instant

    package init(_ base: Base, formatting: TemplateFormatting, now: Instant) {
        self.base = base
        self.formatting = formatting
        self.now = now
    }

    package func lookup(_ name: String) -> JSONValue? { base.lookup(name) }
    package func lookup(path: [String]) -> JSONValue? { base.lookup(path: path) }
    package var implicitValue: JSONValue? { base.implicitValue }
    package func format(_ value: JSONValue, _ reference: TemplateReference) -> String? {
        formatting.text(value, reference, now: now)
    }
}
