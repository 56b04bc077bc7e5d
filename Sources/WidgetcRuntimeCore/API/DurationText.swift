import WidgetTime

/// Durations as people write them in definitions (`5m`, `1h30m`, `2d`), the form
/// a duration parameter has in templates: the generated intent converts its
/// seconds with this. One implementation: `DurationFormatter`'s.
public enum DurationText {
    public static func string(seconds: Int64) -> String {
        DurationFormatter.format(seconds)
    }
}
