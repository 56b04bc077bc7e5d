import WidgetSupport

/// Wording of failure messages.
enum FailureText {
    /// `expected string, got integer`: the allowed types, and the type of the value found.
    static func typeMismatch(expected: TypeSet, got typeName: String, value shownValue: String? = nil) -> String {
        var names: [String] = []
        if expected.contains(.object) { names.append("object") }
        if expected.contains(.array) { names.append("array") }
        if expected.contains(.string) { names.append("string") }
        if expected.contains(.number) {
            names.append("number")
        } else if expected.contains(.integer) {
            names.append("integer")
        }
        if expected.contains(.boolean) { names.append("boolean") }
        if expected.contains(.null) { names.append("null") }
        let list =
            names.count <= 1
            ? (names.first ?? "nothing")
            : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        return "expected \(list), got \(typeName)" + (shownValue.map { " " + $0 } ?? "")
    }

    /// `'systemSmal' is not one of the allowed values; did you mean 'systemSmall'? (allowed: systemSmall, …)`.
    static func enumMismatch(_ shown: String, _ values: [JSONValue], suggestion: String?) -> String {
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        return "\(shown) is not one of the allowed values\(hint) (allowed: \(list(values)))"
    }

    /// The first values of a list, `, `-separated, with how many more there are.
    static func list(_ values: [JSONValue]) -> String {
        let shown = values.prefix(12).map(render).joined(separator: ", ")
        let more = values.count > 12 ? ", … (\(values.count - 12) more)" : ""
        return shown + more
    }

    /// The allowed string closest to `value` when `value` looks like a typo of it.
    static func suggestion(for value: String, among values: [JSONValue]) -> String? {
        Suggest.closest(to: value, among: values.compactMap(\.string))
    }

    /// A value as a failure names it: a string in single quotes (control characters escaped,
    /// cut after 60 characters), a number, boolean or null as JSON, a collection by its kind.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): quoted(s)
        case .array: "an array"
        case .object: "an object"
        default: JSONWriter.string(value)
        }
    }

    /// `'text'`, escaped and cut as `shown` does.
    static func quoted(_ s: String) -> String {
        var out = "'"
        var n = 0
        for scalar in s.unicodeScalars {
            n += 1
            if n > 60 {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// A value as a message shows it: plain words bare, other strings quoted, the rest as JSON.
    static func render(_ value: JSONValue) -> String {
        if case .string(let s) = value, !s.isEmpty,
            s.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-./:@+".unicodeScalars.contains($0) })
        {
            return s
        }
        return JSONWriter.string(value)
    }

    /// `1 item`, `3 items`.
    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(plural ?? noun + "s")"
    }
}
