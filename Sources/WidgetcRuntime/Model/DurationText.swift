/// Durations as people write them in definitions: `5m`, `1h30m`, `2d`, `45s`.
public enum DurationText {
    public static func string(seconds: Int64) -> String {
        if seconds == 0 { return "0s" }
        var rest = seconds.magnitude
        var out = seconds < 0 ? "-" : ""
        for (unit, size) in [("d", UInt64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            out += String(rest / size) + unit
            rest %= size
        }
        return out
    }
}
