import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// The fleet's load as the preview draws it (docs/fleet.md): one inline SVG of requests per
/// minute over the window, the peaks marked with their time and the rule instants behind them.
package struct FleetChart {
    package let report: FleetReport

    package init(report: FleetReport) {
        self.report = report
    }

    /// At most this many bars: a longer window draws the busiest minute of each stretch.
    static let maxBars = 900

    private static func number(_ x: Double) -> String {
        let scaled = Int((x * 10).rounded())
        return scaled % 10 == 0 ? String(scaled / 10) : String(scaled / 10) + "." + String(abs(scaled % 10))
    }

    /// The `<section class="fleet">` of the page.
    package func html() -> String {
        let load = report.load
        let options = load.options
        let unit = report.unitWord
        let zone = report.zone
        func at(_ t: Instant) -> String { t.iso8601(offset: zone.utcOffset(at: t)) }
        var s = "<section class=\"fleet\">\n<h2>The fleet: \(options.devices) devices</h2>\n"
        s += "<p class=\"note\">" + PreviewPage.escape(report.optionsLine) + "</p>\n"
        let minutes = load.perMinute.count
        let per = max(1, (minutes + Self.maxBars - 1) / Self.maxBars)
        // Each bar is the busiest minute of its stretch, so a one-minute peak keeps its height.
        var bars: [Int] = []
        var start = 0
        while start < minutes {
            bars.append(load.perMinute[start..<min(minutes, start + per)].max() ?? 0)
            start += per
        }
        let top = max(bars.max() ?? 0, 1)
        let left = 48.0, right = 12.0, width = 960.0, plotTop = 24.0, plotBottom = 200.0
        let plot = width - left - right
        let barWidth = plot / Double(max(bars.count, 1))
        func x(_ minute: Int) -> Double { left + plot * Double(minute) / Double(max(minutes, 1)) }
        func y(_ n: Int) -> Double { plotBottom - (plotBottom - plotTop) * Double(n) / Double(top) }
        let stretch = per == 1 ? "per minute" : "per minute (the busiest minute of each \(per))"
        s += "<figure class=\"axis\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 960 240\" width=\"960\" height=\"240\" role=\"img\">\n"
        s += "<title>" + PreviewPage.escape("\(unit) \(stretch) from \(at(load.from)) to \(at(load.until)); peak \(top)") + "</title>\n"
        // The scale: zero, half and the top.
        for n in [0, top / 2, top] {
            let yy = Self.number(y(n))
            s += "<line class=\"grid\" x1=\"\(Self.number(left))\" y1=\"\(yy)\" x2=\"\(Self.number(left + plot))\" y2=\"\(yy)\"/>"
            s += "<text class=\"axislabel\" x=\"\(Self.number(left - 4))\" y=\"\(Self.number(y(n) + 3))\">\(n)</text>\n"
        }
        for (i, n) in bars.enumerated() where n > 0 {
            let bx = left + barWidth * Double(i)
            s += "<rect class=\"load\" x=\"\(Self.number(bx))\" y=\"\(Self.number(y(n)))\" width=\"\(Self.number(max(barWidth, 0.6)))\" height=\"\(Self.number(plotBottom - y(n)))\"/>"
        }
        s += "\n"
        // Day (or hour) labels under the axis.
        let span = load.until - load.from
        let step: Int64 = span <= 2 * 86_400 ? 3 * 3600 : 86_400
        var t = load.from.seconds - load.from.seconds % step + (load.from.seconds % step == 0 ? 0 : step)
        var labels = 0
        while t < load.until.seconds, labels < 60 {
            let minute = Int((t - load.from.seconds) / 60)
            let text = step == 86_400 ? String(at(Instant(seconds: t)).prefix(10)) : String(at(Instant(seconds: t)).dropFirst(11).prefix(5))
            s += "<text class=\"hour\" x=\"\(Self.number(x(minute)))\" y=\"216\">\(text)</text>"
            t += step
            labels += 1
        }
        s += "\n"
        for (rank, peak) in report.peaks.enumerated() {
            let px = Self.number(x(peak.minute) + barWidth / 2)
            s += "<text class=\"peak\" x=\"\(px)\" y=\"\(Self.number(max(y(peak.count) - 4, 10)))\">\(rank + 1)</text>"
        }
        s += "\n</svg>\n"
        s += "<figcaption>" + PreviewPage.escape("\(load.total) \(unit), mean \(FleetReport.mean(load.mean)) per minute") + "</figcaption>\n</figure>\n"
        if !report.peaks.isEmpty {
            s += "<ol class=\"peaks\">\n"
            for peak in report.peaks {
                s += "<li><time datetime=\"\(at(load.instant(ofMinute: peak.minute)))\">\(at(load.instant(ofMinute: peak.minute)))</time>: "
                s += PreviewPage.escape("\(peak.count) \(unit), \(FleetReport.ratio(load.ratio(peak.count)))x the mean")
                let causes = peak.causes.map { cause, n in
                    "\(peak.approximate ? "at least " : "")\(n) due \(at(cause.instant)) (\(cause.reason.rawValue))"
                }
                if !causes.isEmpty { s += " — " + PreviewPage.escape(causes.joined(separator: "; ")) }
                s += "</li>\n"
            }
            s += "</ol>\n"
        }
        s += "</section>\n"
        return s
    }
}
