import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// A fleet's load as `widgetc fleet` prints it: text for people, JSON for tools (docs/fleet.md).
package struct FleetReport {
    package struct Widget {
        package var file: String
        package var kind: String
        package var unit: FleetUnit
        /// The widget's own `policy: {jitter}` in seconds (0: none).
        package var jitter: Int64

        package init(file: String, kind: String, unit: FleetUnit, jitter: Int64 = 0) {
            self.file = file
            self.kind = kind
            self.unit = unit
            self.jitter = jitter
        }
    }

    package let load: FleetLoad
    package let widgets: [Widget]
    /// Instants are printed in this zone.
    package let zone: any UTCOffsetSource
    package let peaks: [FleetLoad.Peak]

    package init(load: FleetLoad, widgets: [Widget], zone: any UTCOffsetSource) {
        self.load = load
        self.widgets = widgets
        self.zone = zone
        peaks = load.peaks()
    }

    private func at(_ t: Instant) -> String { t.iso8601(offset: zone.utcOffset(at: t)) }

    /// What the counts are: requests, reloads, or both when the widgets differ.
    package var unitWord: String {
        let units = Set(widgets.map(\.unit))
        return units.count == 1 ? units.first!.rawValue : "requests and reloads"
    }

    static func ratio(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return String(Int(tenths) / 10) + "." + String(Int(tenths) % 10)
    }

    static func mean(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let cents = hundredths % 100
        return String(hundredths / 100) + "." + (cents < 10 ? "0" : "") + String(cents)
    }

    private static func duration(_ seconds: Int64) -> String { seconds == 0 ? "0s" : DurationText.string(seconds: seconds) }

    private func jitterText(_ options: FleetOptions) -> String {
        if let jitter = options.jitter { return jitter == 0 ? "none (--jitter 0)" : Self.duration(jitter) + " (--jitter)" }
        return "as each widget declares it"
    }

    /// The fleet's options in words.
    package var optionsLine: String {
        let options = load.options
        return "installs over \(Self.duration(options.spread)) before the window, jitter \(jitterText(options)), clock skew up to \(Self.duration(options.skew)), seed \(options.seed)"
    }

    package var text: String {
        let options = load.options
        var s = "fleet: \(options.devices) devices, \(at(load.from)) to \(at(load.until))\n"
        s += "  " + optionsLine + "\n"
        for w in widgets {
            let counts = w.unit == .requests ? "URL requests" : "reloads (it reads only the app group container)"
            let declared = w.jitter > 0 ? ", policy jitter \(Self.duration(w.jitter))" : ""
            s += "  \(w.kind) (\(w.file)): counts \(counts)\(declared)\n"
        }
        s += "  simulated as \(load.groupRuns) runs of alike devices, \(load.providerCalls) timelines asked of the widgets\n"
        let unit = unitWord
        s += "\(load.total) \(unit) in \(load.perMinute.count) minutes, mean \(Self.mean(load.mean)) per minute\n"
        guard let top = load.peakMinute else {
            return s + "no \(unit) in the window\n"
        }
        let count = load.perMinute[top]
        s += "peak: \(count) \(unit) in the minute from \(at(load.instant(ofMinute: top))), \(Self.ratio(load.ratio(count)))x the mean\n"
        s += "\nbusiest minutes (each at least 30 minutes from a busier one):\n"
        for peak in peaks {
            s += "  \(at(load.instant(ofMinute: peak.minute)))  \(peak.count) \(unit)  \(Self.ratio(load.ratio(peak.count)))x the mean\n"
            for (cause, n) in peak.causes {
                let kind = widgets.count > 1 ? " \(widgets[cause.widget].kind)" : ""
                s += "      \(peak.approximate ? "at least " : "")\(n) due \(at(cause.instant)) (\(cause.reason.rawValue))\(kind)\n"
            }
        }
        return s
    }

    package var json: JSONValue {
        let options = load.options
        func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }
        let peakValue: JSONValue = load.peakMinute.map { top in
            object([
                ("at", .string(at(load.instant(ofMinute: top)))), ("count", .int(load.perMinute[top])),
                ("ratio", .double(load.ratio(load.perMinute[top]))),
            ])
        } ?? .null
        return object([
            ("devices", .int(options.devices)), ("seed", .string(String(options.seed))),
            ("spread", .int(Int(options.spread))), ("jitter", options.jitter.map { .int(Int($0)) } ?? .null),
            ("skew", .int(Int(options.skew))),
            ("from", .string(at(load.from))), ("until", .string(at(load.until))),
            ("widgets", .array(widgets.map {
                object([("kind", .string($0.kind)), ("file", .string($0.file)), ("counts", .string($0.unit.rawValue)), ("jitter", .int(Int($0.jitter)))])
            })),
            ("total", .int(load.total)), ("minutes", .int(load.perMinute.count)), ("mean", .double(load.mean)),
            ("peak", peakValue),
            ("peaks", .array(peaks.map { peak in
                object([
                    ("at", .string(at(load.instant(ofMinute: peak.minute)))), ("count", .int(peak.count)),
                    ("ratio", .double(load.ratio(peak.count))), ("approximate", .bool(peak.approximate)),
                    ("causes", .array(peak.causes.map { cause, n in
                        object([
                            ("kind", .string(widgets[cause.widget].kind)), ("reason", .string(cause.reason.rawValue)),
                            ("due", .string(at(cause.instant))), ("count", .int(n)),
                        ])
                    })),
                ])
            })),
            ("simulated", object([("runs", .int(load.groupRuns)), ("timelines", .int(load.providerCalls))])),
            ("perMinute", .array(load.perMinute.map { .int($0) })),
        ])
    }
}
