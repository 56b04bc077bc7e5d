import WidgetSupport

/// Wording of failure messages.
enum FailureText {
    /// `expected string, got integer`: the allowed types, and the type of the value found.
    static func typeMismatch(expected: TypeSet, got typeName: String) -> String {
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
        return "expected \(list), got \(typeName)"
    }

    static func enumMismatch(_ values: [JSONValue]) -> String {
        let shown = values.prefix(12).map(render).joined(separator: ", ")
        let more = values.count > 12 ? ", … (\(values.count - 12) more)" : ""
        return "value must be one of: \(shown)\(more)"
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
