import WidgetSupport

extension JSONValue {
    /// The text a template inserts for this value: strings as they are, integers
    /// in decimal, doubles in shortest round-trip form (whole ones without `.0`,
    /// up to 6 decimals in plain notation, others as Swift prints them), `true`/`false`,
    /// nothing for null (and for NaN or infinities, which JSON cannot hold), and
    /// compact JSON text for arrays and objects.
    package var templateText: String {
        TemplateOutput.render(stackBytes: 64) { $0.append(self) }
    }

    /// Whether a section skips this value (and an inverted section renders):
    /// `false`, `null`, an empty list and an empty string. Numbers (0 too) and
    /// objects (`{}` too) are truthy.
    package var isTemplateFalsey: Bool {
        switch self {
        case .null: true
        case .bool(let b): !b
        case .array(let items): items.isEmpty
        case .string(let s): s.isEmpty
        case .int, .double, .object: false
        }
    }
}
