import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// Output formats of `widgetc run` (`--format`).
package enum RunOutputFormat: String, Sendable, Hashable, CaseIterable {
    /// For people: a header, each reload on a line, its entries indented under it.
    case text
    /// One run object (spec: cli.md), laid out as the spec shows it.
    case json
    /// One compact run object per line.
    case ndjson
}

/// What the output says about a run before its reloads.
package struct RunHeader: Sendable {
    package var kind: String
    /// The widget file as the user named it.
    package var file: String
    package var family: WidgetFamily
    package var context: RunContextKind
    /// The zone's name, as printed (`America/New_York`).
    package var timeZone: String
    /// The zone's offsets, for writing instants.
    package var zone: any UTCOffsetSource
    package var from: Instant
    package var until: Instant
    package var parameters: JSONObject
    /// `--budget` (text output shows each reload's count against it).
    package var budgetLimit: Int
    /// `--locale`, the BCP 47 tag the strings are shown in; nil (no `locale` member): the source text.
    package var locale: String? = nil

    package init(
        kind: String, file: String, family: WidgetFamily, context: RunContextKind, timeZone: String,
        zone: any UTCOffsetSource, from: Instant, until: Instant, parameters: JSONObject, budgetLimit: Int = 70
    ) {
        self.kind = kind
        self.file = file
        self.family = family
        self.context = context
        self.timeZone = timeZone
        self.zone = zone
        self.from = from
        self.until = until
        self.parameters = parameters
        self.budgetLimit = budgetLimit
    }

    /// The header of a run of `configuration`.
    package init(configuration: RunConfiguration, file: String, timeZone: String, zone: any UTCOffsetSource, locale: String? = nil) {
        self.init(
            kind: configuration.kind, file: file, family: configuration.family, context: configuration.context,
            timeZone: timeZone, zone: zone, from: configuration.from, until: configuration.until,
            parameters: configuration.parameters, budgetLimit: configuration.budget)
        self.locale = locale
    }
}
