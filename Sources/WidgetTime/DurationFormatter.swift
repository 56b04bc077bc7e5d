/// Writes seconds in the spec's compact duration form, largest units first:
/// `1d12h`, `1h30m`, `45s`, `2d`; zero is `0s`, a negative value gets a leading `-`.
/// The output parses back to the same seconds with `DurationParser`.
package enum DurationFormatter {
    package static func format(_ seconds: Int64) -> String {
        if seconds == 0 { return "0s" }
        var out = seconds < 0 ? "-" : ""
        var rest = seconds.magnitude
        for (unit, name) in [(UInt64(86_400), "d"), (3_600, "h"), (60, "m"), (1, "s")] where rest >= unit {
            out += String(rest / unit) + name
            rest %= unit
        }
        return out
    }

    /// The ISO 8601 form: `PT1H30M`, `P1DT12H`, `PT45S`; zero is `PT0S`.
    package static func iso8601(_ seconds: Int64) -> String {
        if seconds == 0 { return "PT0S" }
        var out = seconds < 0 ? "-P" : "P"
        var rest = seconds.magnitude
        if rest >= 86_400 {
            out += String(rest / 86_400) + "D"
            rest %= 86_400
        }
        if rest > 0 {
            out += "T"
            for (unit, name) in [(UInt64(3_600), "H"), (60, "M"), (1, "S")] where rest >= unit {
                out += String(rest / unit) + name
                rest %= unit
            }
        }
        return out
    }
}
