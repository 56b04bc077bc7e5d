import WidgetDiagnostics
import WidgetSupport

/// The `--format sarif` log of `widgetc validate`: SARIF 2.1.0, one run, a rule per code found
/// (sorted, its description from docs/diagnostics.md), a result per diagnostic in the order reported.
/// Same input, same bytes: no dates, no absolute paths.
package enum SARIFLog {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    static let documentation = "docs/diagnostics.md"

    static func bytes(_ diagnostics: [Diagnostic], version: String) -> [UInt8] {
        JSONWriter.pretty(log(diagnostics, version: version))
    }

    static func log(_ diagnostics: [Diagnostic], version: String) -> JSONValue {
        let codes = Set(diagnostics.map(\.code.name)).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        let driver: [(String, JSONValue)] = [
            ("name", .string("widgetc")),
            ("version", .string(version)),
            ("rules", .array(codes.map(rule))),
        ]
        let run: [(String, JSONValue)] = [
            ("tool", object([("driver", object(driver))])),
            // Columns count Unicode scalars, as every other output of widgetc does.
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(diagnostics.map { result($0, ruleIndex: ruleIndex[$0.code.name]!) })),
        ]
        return object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([object(run)])),
        ])
    }

    static func rule(_ code: String) -> JSONValue {
        let meanings = DiagnosticCodes.meanings[code] ?? []
        let short = meanings.first ?? "widgetc diagnostic \(code)"
        let help = (meanings.isEmpty ? [short] : meanings).joined(separator: "\n") + "\nSee \(documentation)."
        return object([
            ("id", .string(code)),
            ("shortDescription", object([("text", .string(short))])),
            ("help", object([("text", .string(help))])),
        ])
    }

    /// The start, and where the value is known to end its end (SARIF's `endColumn` is exclusive:
    /// the column after the region).
    static func region(_ d: Diagnostic) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("startLine", .int(max(1, d.location.line))), ("startColumn", .int(max(1, d.location.column)))]
        if let end = d.end, end > d.location {
            members += [("endLine", .int(end.line)), ("endColumn", .int(end.column))]
        }
        return members
    }

    static func result(_ d: Diagnostic, ruleIndex: Int) -> JSONValue {
        let level: String
        switch d.severity {
        case .error: level = "error"
        case .warning: level = "warning"
        case .note: level = "note"
        }
        let location = object([
            ("physicalLocation", object([
                ("artifactLocation", object([("uri", .string(uri(d.file)))])),
                ("region", object(region(d))),
            ])),
        ])
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(d.code.name)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(level)),
            ("message", object([("text", .string(d.message))])),
            ("locations", .array([location])),
        ]
        if !d.notes.isEmpty {
            members.append(("relatedLocations", .array(d.notes.enumerated().map { i, note in
                object([
                    ("id", .int(i)),
                    ("physicalLocation", object([
                        ("artifactLocation", object([("uri", .string(uri(note.file)))])),
                        ("region", object([("startLine", .int(max(1, note.location.line))), ("startColumn", .int(max(1, note.location.column)))])),
                    ])),
                    ("message", object([("text", .string(note.message))])),
                ])
            })))
        }
        if !d.pointer.isEmpty {
            members.append(("properties", object([("pointer", .string(d.pointer))])))
        }
        return object(members)
    }

    /// The path as the user named it, as a relative URI reference: `/` separators, and the
    /// characters a URI cannot hold (space, `%`, `#`, `?`, `:` that would read as a scheme, non-ASCII…) percent-encoded.
    package static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Unicode.Scalar(byte)
            let plain = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9")
                || "-._~/!$&'()*+,;=@".unicodeScalars.contains(c)
            if plain {
                out.unicodeScalars.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }

    private static func object(_ pairs: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(pairs)) }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
