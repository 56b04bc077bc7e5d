import WidgetTime

/// Durations as people write them in definitions (`5m`, `1h30m`, `2d`), the form
/// a duration parameter has in templates: the generated intent converts its
/// seconds with this. One implementation: `DurationFormatter`'s.
public enum DurationText {
    public static func string(seconds: Int64) -> String {
        DurationFormatter.format(seconds)
    }

    /// The seconds of a duration as written (`15m`, `PT1H`); nil for text that is not one. A
    /// button passes a duration argument as text: the generated intent reads it with this.
    public static func seconds(_ text: String) -> Int64? {
        try? DurationParser.parse(text)
    }
}
